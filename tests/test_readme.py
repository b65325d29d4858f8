"""The README a newcomer reads in five minutes (issue 41): its two commands as .ci/run and a
newcomer use them, a screenshot made by Textual, and links that lead somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
RUN = "python3 -m venv .venv && .venv/bin/pip install -q -c constraints.txt -e . && .venv/bin/specdraft demo"
TEST = (
    "python3 -m venv .venv && .venv/bin/pip install -q -c constraints.txt -e '.[test]' "
    "&& .venv/bin/python -m pytest -q -n 2"
)


def _first_block_after(heading: str) -> str:
    """The first ```sh block after the line starting with ``heading`` (as .ci/run reads it)."""
    after = README.split("\n" + heading, 1)[1]
    return after.split("```sh\n", 1)[1].split("\n", 1)[0]


def test_the_two_commands_are_there_as_ci_and_a_newcomer_run_them():
    assert _first_block_after("## Run it") == RUN
    assert _first_block_after("## Test") == TEST


def test_it_reads_in_five_minutes():
    words = len(re.sub(r"```.*?```", "", README, flags=re.DOTALL).split())
    assert words < 1500, f"{words} words of prose: move the details to docs/"


def test_the_screenshot_is_textuals_svg_of_a_review():
    assert "](docs/review.svg)" in README
    svg = (ROOT / "docs" / "review.svg").read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<svg") and "Generated with Rich" in svg and "specdraft" in svg


def test_it_links_the_agents_page():
    assert "Reviewing what other AI agents write: [docs/agents.md](docs/agents.md)" in README


@pytest.mark.parametrize(
    "page",
    ["README.md", "engine/builtin/MODEL_CARD.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))],
)
def test_every_relative_link_leads_to_a_file(page):
    text = (ROOT / page).read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)  # code blocks hold no links
    missing = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"(https?:|mailto:|#)", target):
            continue
        path = (ROOT / page).parent / target.split("#", 1)[0]
        if not path.exists():
            missing.append(target)
    assert not missing, f"{page} links to what is not there: {missing}"

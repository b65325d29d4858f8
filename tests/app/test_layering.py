"""Layering: the review core loads without textual or torch, and the engine without app or textual."""

from __future__ import annotations

import subprocess
import sys

import pytest


def imported_after(statement: str) -> set[str]:
    """Top-level package names in sys.modules after running ``statement`` in a fresh interpreter."""
    code = f"{statement}\nimport sys\nprint(' '.join(sorted({{m.split('.')[0] for m in sys.modules}})))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    return set(result.stdout.split())


@pytest.mark.parametrize(
    ("statement", "forbidden"),
    [
        ("import app.diffs", {"textual", "torch"}),
        ("import app.review", {"textual", "torch"}),
        ("import app.git", {"textual", "torch"}),
        ("import app.plain", {"textual", "torch"}),
        ("import app.review_cli", {"textual", "torch", "git"}),  # GitPython loads in run() only
        ("import engine", {"app", "textual"}),
        (
            "import engine.model, engine.checkpoint, engine.generate, engine.speculative, "
            "engine.drafters, engine.backends, engine.remote, engine.cli_generate, engine.bench",
            {"app", "textual"},
        ),
        # every subcommand's arguments are built without loading torch or textual
        ("import app.cli; app.cli.build_parser()", {"textual", "torch"}),
    ],
)
def test_imports_stay_in_their_layer(statement, forbidden):
    loaded = imported_after(statement)
    assert statement.split()[1].split(".")[0] in loaded  # the import itself happened
    assert not loaded & forbidden, f"{statement} pulled in {sorted(loaded & forbidden)}"


def test_a_review_needs_no_torch():
    # building and driving a whole session (diffs + review + plain) never touches torch
    code = (
        "from app.diffs import parse_diff\n"
        "from app.review import ReviewSession\n"
        "s = ReviewSession(parse_diff(b'diff --git a/x b/x\\n--- a/x\\n+++ b/x\\n@@ -1 +1 @@\\n-a\\n+b\\n'))\n"
        "s.accept(); assert s.patch()\n"
    )
    loaded = imported_after(code)
    assert "torch" not in loaded and "textual" not in loaded

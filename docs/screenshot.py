"""Makes docs/review.svg, the README's screenshot: `specdraft demo --review`'s edit in the review
TUI after one accept, drawn by Textual's own screenshot (Pilot, no terminal needed).

    .venv/bin/python docs/screenshot.py
"""

from __future__ import annotations

import asyncio
import subprocess
import tempfile
from pathlib import Path

from specdraft.core.config import Settings
from specdraft.core.diffs import parse_diff
from specdraft.core.session import Effects, ReviewSession
from specdraft.ui.cli.demo import make_demo_repo
from specdraft.ui.tui.app import build_app
from specdraft.ui.tui.themes import load_themes

OUT = Path(__file__).resolve().parent / "review.svg"


async def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        repo = make_demo_repo(Path(scratch) / "inventory")
        diff = subprocess.run(["git", "diff"], cwd=repo, capture_output=True, check=True).stdout
    session = ReviewSession(parse_diff(diff), source="screenshot")
    app = build_app(session, title="specdraft review", theme="dark", read_only=False,
                    settings=Settings(editor="internal"), themes=load_themes(), environ={},
                    effects=Effects(accepted="staged", rejected=None), where="~/inventory")  # fmt: skip
    async with app.run_test(size=(110, 22)) as pilot:
        await pilot.press("y", "n")  # one accepted, one rejected: the third hunk shown
        await pilot.pause()
        app.clear_notifications()
        await pilot.pause()
        app.save_screenshot(filename=OUT.name, path=str(OUT.parent))


if __name__ == "__main__":
    asyncio.run(main())

"""Benchmark of the review core: `python -m specdraft.core.bench`.

Measures, on synthetic git diffs: parsing and rebuilding a 50,000-line diff (target < 1 s);
opening a diff of 2,000 hunks over 200 files up to the first hunk's text (target < 1 s, before
the TUI draws it); and the session's share of one key press (decide, move, save; the TUI adds
its own timings in app/ui/tui/bench.py). Prints one line per figure, or JSON with --json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from specdraft.core.diffs import build_patch, parse_diff
from specdraft.core.session import ReviewSession


def synthetic_diff(files: int, hunks_per_file: int, changes_per_hunk: int = 2) -> bytes:
    """A valid ``git diff`` with the given shape: hunks of 3 context, changes, 3 context lines."""
    out: list[str] = []
    for f in range(files):
        path = f"src/module_{f:04d}.py"
        out.append(f"diff --git a/{path} b/{path}\nindex 1111111..2222222 100644\n")
        out.append(f"--- a/{path}\n+++ b/{path}\n")
        for h in range(hunks_per_file):
            start = 1 + h * 20
            size = 6 + changes_per_hunk
            out.append(f"@@ -{start},{size} +{start},{size} @@ def function_{h}(x):\n")
            for k in range(3):
                out.append(f"     value_{h}_{k} = compute(x, {k})\n")
            for k in range(changes_per_hunk):
                out.append(f"-    total_{h}_{k} = old_name(value_{h}_{k}) + 1\n")
            for k in range(changes_per_hunk):
                out.append(f"+    total_{h}_{k} = new_name(value_{h}_{k}) + 1\n")
            for k in range(3):
                out.append(f"     return_{h}_{k} = finish(x, {k})\n")
    return "".join(out).encode()


def _best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def _open_from_git(files: int = 200, hunks_per_file: int = 10) -> float:
    """End to end in a real repository: `git diff` with pinned settings, parse, session, first hunk."""
    import subprocess

    from specdraft.core.git import GitRepo

    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        identity = ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid"]
        subprocess.run(["git", "init", "-q"], cwd=root, check=True)
        lines_per_file = hunks_per_file * 10
        for f in range(files):
            (root / f"m{f:03d}.py").write_text(
                "".join(f"line {i}\n" for i in range(lines_per_file))
            )
        subprocess.run(["git", *identity, "add", "-A"], cwd=root, check=True)
        subprocess.run(["git", *identity, "commit", "-qm", "base"], cwd=root, check=True)
        for f in range(files):
            text = "".join(
                f"line {i}{' changed' if i % 10 == 5 else ''}\n" for i in range(lines_per_file)
            )
            (root / f"m{f:03d}.py").write_text(text)

        def open_review() -> None:
            session = ReviewSession(parse_diff(GitRepo(root).diff_unstaged()))
            assert len(session.units) == files * hunks_per_file, len(session.units)
            session.current.hunk.patch_bytes()

        return _best(open_review)


def run_benchmarks() -> dict[str, float]:
    results: dict[str, float] = {}

    # 50,000 lines: 100 files x 50 hunks x 10 lines (+ headers)
    big = synthetic_diff(files=100, hunks_per_file=50, changes_per_hunk=2)
    results["diff_lines"] = big.count(b"\n")
    parsed = parse_diff(big)
    results["parse_50k_s"] = _best(lambda: parse_diff(big))
    selection = {h.id: frozenset(h.change_indices) for f in parsed for h in f.hunks}
    results["rebuild_50k_s"] = _best(lambda: build_patch(parsed, selection))
    results["parse_and_rebuild_50k_s"] = results["parse_50k_s"] + results["rebuild_50k_s"]

    # 2,000 hunks over 200 files: parse, make the session, render the first hunk
    many = synthetic_diff(files=200, hunks_per_file=10, changes_per_hunk=2)

    def open_review() -> None:
        session = ReviewSession(parse_diff(many))
        assert len(session.units) == 2000
        session.current.hunk.patch_bytes()

    results["open_2000_hunks_s"] = _best(open_review)

    results["open_2000_hunks_from_git_s"] = _open_from_git()

    # one key press, session side: accept + advance + save (state file on disk)
    with tempfile.TemporaryDirectory() as scratch:
        session = ReviewSession(parse_diff(many), state_path=Path(scratch) / "review.json")
        per_key = []
        for _ in range(200):
            start = time.perf_counter()
            session.accept(advance=True)
            per_key.append(time.perf_counter() - start)
        results["key_accept_advance_save_median_ms"] = statistics.median(per_key) * 1000
        results["key_accept_advance_save_p95_ms"] = sorted(per_key)[int(len(per_key) * 0.95)] * 1000
        results["key_accept_advance_save_max_ms"] = max(per_key) * 1000
        undo = []
        for _ in range(50):
            start = time.perf_counter()
            session.undo()
            undo.append(time.perf_counter() - start)
        results["key_undo_median_ms"] = statistics.median(undo) * 1000
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m specdraft.core.bench", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    results = run_benchmarks()
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for key, value in results.items():
            print(
                f"{key:40s} {value:10.3f}" if isinstance(value, float) else f"{key:40s} {value:10d}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

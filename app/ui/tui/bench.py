"""Benchmark of the review TUI: time to the first hunk on a big diff, and time per key.

    python -m specdraft.ui.tui.bench                 # 2,000 hunks over 200 files
    python -m specdraft.ui.tui.bench --files 50 --hunks-per-file 4 --repeat 5

Runs the real app headless (Textual's ``run_test``), so the figures include layout and
rendering but not a terminal's own drawing; then the real ``specdraft review`` in tmux: launch
to the first hunk, and j and y until the terminal shows their result (``bench_terminal``).
Targets (issue 23, an idle machine): first hunk in a real terminal < 0.6 s; a key < 16 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from dataclasses import dataclass, field


def synthetic_diff(files: int, hunks_per_file: int) -> bytes:
    """A ``git diff`` of ``files`` Python files with ``hunks_per_file`` hunks each.

    Every hunk has 3 context lines, 2 removed and 2 added lines (word-level changes), 3 more
    context lines; the hunks are far apart so that none merge.
    """
    out: list[str] = []
    for file_index in range(files):
        path = f"pkg/sub{file_index % 17}/module_{file_index}.py"
        out.append(f"diff --git a/{path} b/{path}\nindex 1111111..2222222 100644\n")
        out.append(f"--- a/{path}\n+++ b/{path}\n")
        for hunk_index in range(hunks_per_file):
            start = 1 + hunk_index * 40
            out.append(f"@@ -{start},8 +{start},8 @@ class Thing{hunk_index}:\n")
            out.append(f"     def method_{hunk_index}(self, value):\n")
            out.append('         """Compute something useful."""\n')
            out.append("         total = 0\n")
            out.append(f"-        total += value * {hunk_index}\n")
            out.append(f"-        return self.finish(total, strict=False)  # v{file_index}\n")
            out.append(f"+        total += value * {hunk_index + 1}\n")
            out.append(f"+        return self.finish(total, strict=True)  # v{file_index + 1}\n")
            out.append("     \n")
            out.append("     def other(self):\n")
            out.append("         return None\n")
    return "".join(out).encode()


@dataclass
class BenchResult:
    files: int
    hunks: int
    parse_s: float
    session_s: float
    first_hunk_s: float  # app start until the first hunk is on screen
    first_hunk_cpu_s: float
    key_ms: dict[str, list[float]] = field(default_factory=dict)  # key sent -> last screen update
    key_cpu_ms: dict[str, list[float]] = field(default_factory=dict)  # CPU used handling the key
    handler_ms: list[float] = field(default_factory=list)  # ReviewScreen.refresh_view alone


# (key, presses, keys that undo it afterwards so the next round starts from the same state)
KEY_PLAN: list[tuple[str, int, tuple[str, ...]]] = [
    ("j", 20, ()),
    ("k", 20, ()),
    ("J", 20, ()),
    ("K", 20, ()),
    ("G", 5, ()),
    ("g", 5, ()),
    ("y", 20, ()),
    ("n", 20, ()),
    ("u", 20, ()),
    ("U", 20, ()),
    ("a", 10, ()),
    ("d", 10, ()),
    ("l", 10, ("escape",)),
    ("space", 10, ("escape",)),
    ("s", 1, ()),
    ("question_mark", 5, ("escape",)),
    ("q", 5, ("escape",)),
]


async def _run(files: int, hunks_per_file: int, repeat_scale: float) -> BenchResult:
    from specdraft.core.config import Settings
    from specdraft.core.diffs import parse_diff
    from specdraft.core.session import ReviewSession
    from specdraft.ui.tui.app import build_app
    from specdraft.ui.tui.screens.review import ReviewScreen
    from specdraft.ui.tui.themes import load_themes
    from specdraft.ui.tui.widgets.diff_view import HunkBody

    data = synthetic_diff(files, hunks_per_file)
    started = time.perf_counter()
    parsed = parse_diff(data)
    parsed_at = time.perf_counter()
    session = ReviewSession(parsed, source="bench")
    session_at = time.perf_counter()

    app = build_app(session, title="bench", settings=Settings(), themes=load_themes(), environ={})
    app.freeze_at_start = True  # as run_review_tui does
    handler_ms: list[float] = []
    original = ReviewScreen.refresh_view

    def timed_refresh(self, *args, **kwargs):
        begin = time.perf_counter()
        try:
            return original(self, *args, **kwargs)
        finally:
            handler_ms.append((time.perf_counter() - begin) * 1000)

    ReviewScreen.refresh_view = timed_refresh  # type: ignore[method-assign]
    # The moment each screen update is handed to the driver (headless: not written anywhere).
    displayed: list[float] = []
    display = app._display

    def timed_display(screen, renderable):
        displayed.append(time.perf_counter())
        return display(screen, renderable)

    app._display = timed_display  # type: ignore[method-assign]
    try:
        app_start = time.perf_counter()
        app_start_cpu = time.process_time()
        async with app.run_test(size=(160, 50)) as pilot:
            first = session.units[0].hunk.lines[3].text.strip()
            body = app.screen.query_one(HunkBody)
            while not any(first in line.plain for line in body.lines):
                await asyncio.sleep(0.001)
            await pilot.pause()
            first_hunk_s = time.perf_counter() - app_start
            first_hunk_cpu_s = time.process_time() - app_start_cpu
            handler_ms.clear()
            key_ms: dict[str, list[float]] = {}
            key_cpu_ms: dict[str, list[float]] = {}
            for key, presses, undo_keys in KEY_PLAN:
                times = key_ms.setdefault(key, [])
                cpu_times = key_cpu_ms.setdefault(key, [])
                for _ in range(max(1, round(presses * repeat_scale))):
                    displayed.clear()
                    begin = time.perf_counter()
                    cpu_begin = time.process_time()
                    await pilot.press(key)  # returns once the app is idle again
                    cpu_times.append((time.process_time() - cpu_begin) * 1000)
                    if displayed:  # a key that changes nothing on screen is not counted
                        times.append((max(displayed) - begin) * 1000)
                    if undo_keys:
                        await pilot.press(*undo_keys)
    finally:
        ReviewScreen.refresh_view = original  # type: ignore[method-assign]
    return BenchResult(
        files=len(parsed),
        hunks=sum(len(f.hunks) for f in parsed),
        parse_s=parsed_at - started,
        session_s=session_at - parsed_at,
        first_hunk_s=first_hunk_s,
        first_hunk_cpu_s=first_hunk_cpu_s,
        key_ms=key_ms,
        key_cpu_ms=key_cpu_ms,
        handler_ms=handler_ms,
    )


def bench_big_hunk(pairs: int = 5000, rows: int = 50, *, wrap: bool = True, width: int = 116) -> tuple[float, float]:
    """(ms to show the first ``rows`` lines of one hunk of ``2 * pairs`` lines, ms for all), as
    the diff view draws it: ``width`` columns, long lines wrapped or (``wrap=False``) cut."""
    from specdraft.core.diffs import parse_diff
    from specdraft.ui.tui.render import render_hunk_lines
    from specdraft.ui.tui.themes import load_themes

    body = b"".join(
        b"-    value_%d = compute(x, %d)  # old\n+    value_%d = compute(y, %d)  # new\n"
        % (i, i, i, i + 1)
        for i in range(pairs)
    )
    data = b"diff --git a/big.py b/big.py\n--- a/big.py\n+++ b/big.py\n"
    data += b"@@ -1,%d +1,%d @@\n" % (pairs, pairs) + body
    hunk = parse_diff(data)[0].hunks[0]
    colors = load_themes()["dark"].diff
    list(render_hunk_lines(hunk, colors, syntax="one-dark")[:rows])  # warm the lexer lookup
    begin = time.perf_counter()
    lines = render_hunk_lines(hunk, colors, syntax="one-dark", width=width, wrap=wrap)
    _ = [lines[i] for i in range(rows)]
    first = time.perf_counter() - begin
    begin = time.perf_counter()
    lines = render_hunk_lines(hunk, colors, syntax="one-dark", width=width, wrap=wrap)
    _ = list(lines)
    return first * 1000, (time.perf_counter() - begin) * 1000


def bench_real_terminal(files: int = 200, hunks_per_file: int = 10) -> float | None:
    """Seconds from launching ``specdraft review`` in tmux (a real terminal, 160x50) on a repo
    with ``files`` x ``hunks_per_file`` changed hunks until its first hunk is on screen.
    Includes Python start-up, imports, ``git diff`` and parsing. None when tmux is missing."""
    result = bench_terminal(files, hunks_per_file)
    return None if result is None else result.first_hunk_s


@dataclass
class TerminalResult:
    first_hunk_s: float | None  # launch -> first hunk on screen
    key_ms: dict[str, list[float]] = field(default_factory=dict)  # key sent -> its screen shown
    poll_ms: float = 0.0  # median time of one look at the screen (with a 1 ms pause: key_ms's resolution)


def bench_terminal(
    files: int = 200,
    hunks_per_file: int = 10,
    presses: int = 0,
    env: dict[str, str] | None = None,
) -> TerminalResult | None:
    """``specdraft review`` in tmux (160x50): seconds to the first hunk, then, with ``presses``,
    the milliseconds from sending j (or y) until the screen shows the next hunk (or the new
    count) in full, status bar included. Keys go in and the screen is read through one tmux
    control-mode client, so no process is started per look. ``env``: the review's environment
    (default this one's). None when tmux is missing."""
    import shutil
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    tmux = shutil.which("tmux")
    specdraft = Path(sys.executable).with_name("specdraft")
    if tmux is None or not specdraft.exists():
        return None
    with tempfile.TemporaryDirectory(prefix="specdraft-bench-") as scratch:
        repo = Path(scratch) / "repo"
        repo.mkdir()

        def git(*args: str) -> None:
            subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)

        git("init", "-q")
        git("config", "user.email", "bench@example.com")
        git("config", "user.name", "bench")
        for index in range(files):
            lines = [f"def f{i}(x):\n    return x + {i}\n" + "\n" * 6 for i in range(hunks_per_file)]
            (repo / f"module_{index}.py").write_text("".join(lines))
        git("add", "-A")
        git("commit", "-q", "-m", "start")
        for index in range(files):
            path = repo / f"module_{index}.py"
            path.write_text(path.read_text().replace("return x + ", "return x - "))
        socket = str(Path(scratch) / "tmux")
        run = [tmux, "-S", socket, "-f", "/dev/null"]
        go = Path(scratch) / "go"
        command = (
            f"while [ ! -e {go} ]; do sleep 0.01; done; cd {repo} && "
            f"XDG_CONFIG_HOME={scratch} {specdraft} review; sleep 5"
        )
        subprocess.run([*run, "new-session", "-d", "-s", "b", "-x", "160", "-y", "50", command], check=True, env=env)
        subprocess.run([*run, "set-option", "-w", "-t", "b", "window-size", "manual"], check=True)
        client = subprocess.Popen([*run, "-C", "attach", "-t", "b"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, encoding="utf-8", errors="replace", bufsize=1)  # fmt: skip
        assert client.stdin is not None and client.stdout is not None

        def ask(tmux_command: str) -> str:
            """One command through the control client; its output (notifications skipped)."""
            client.stdin.write(tmux_command + "\n")
            lines, inside = [], False
            for line in client.stdout:
                if line.startswith("%begin") and line.split()[-1] == "1":  # flags 1: our command's
                    inside = True
                elif line.startswith(("%end", "%error")) and inside:
                    return "".join(lines)
                elif inside:
                    lines.append(line)
            return ""

        looks: list[float] = []

        def screen() -> str:
            begin = time.perf_counter()
            text = ask("capture-pane -p -t b")
            looks.append(time.perf_counter() - begin)
            return text

        def wait_for(text: str, since: float, limit: float = 10.0) -> float | None:
            while time.perf_counter() - since < limit:
                if text in screen():
                    return time.perf_counter() - since
                time.sleep(0.001)  # a look costs tmux little, but the app shares the CPUs
            return None

        try:
            ask("refresh-client -f no-output")  # the pane's output is not sent to this client
            begin = time.perf_counter()
            go.touch()
            result = TerminalResult(wait_for("return x - 0", begin, 30.0))
            if result.first_hunk_s is None:
                return result
            total = files * hunks_per_file
            for key, count in (("j", presses), ("y", presses)):
                times = result.key_ms.setdefault(key, [])
                for _ in range(count):
                    if wait_for(" decided · ", time.perf_counter()) is None:
                        break
                    status = [line for line in screen().splitlines() if " decided · " in line]
                    decided = int(status[-1].split("/", 1)[0].split()[-1])
                    hunk = int(status[-1].rsplit("hunk ", 1)[1].split("/", 1)[0])
                    # the whole update: the status bar comes with (or after) the hunk
                    want = f"hunk {hunk + 1}/{total}" if key == "j" else f"{decided + 1}/{total} decided"
                    time.sleep(0.05)  # as a person types: the previous key's frame is long gone
                    begin = time.perf_counter()
                    ask(f"send-keys -t b {key}")
                    seconds = wait_for(want, begin)
                    if seconds is not None:
                        times.append(seconds * 1000)
            result.poll_ms = statistics.median(looks) * 1000
            return result
        finally:
            client.terminate()
            subprocess.run([*run, "kill-server"], capture_output=True)


def bench_tui(files: int = 200, hunks_per_file: int = 10, repeat_scale: float = 1.0) -> BenchResult:
    """Run the benchmark once and return its figures."""
    return asyncio.run(_run(files, hunks_per_file, repeat_scale))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--hunks-per-file", type=int, default=10)
    parser.add_argument("--repeat", type=float, default=1.0, help="scale the number of presses per key")
    args = parser.parse_args(argv)
    result = bench_tui(args.files, args.hunks_per_file, args.repeat)
    print(f"diff: {result.hunks} hunks over {result.files} files")
    print(f"parse_diff:              {result.parse_s * 1000:7.1f} ms")
    print(f"ReviewSession:           {result.session_s * 1000:7.1f} ms")
    print(
        f"app start → first hunk:  {result.first_hunk_s * 1000:7.1f} ms"
        f"   (CPU {result.first_hunk_cpu_s * 1000:.1f} ms)"
    )
    total = result.parse_s + result.session_s + result.first_hunk_s
    print(f"total to first hunk:     {total * 1000:7.1f} ms   (target < 1000 ms)")
    real = bench_terminal(args.files, args.hunks_per_file, presses=max(1, round(20 * args.repeat)))
    if real is not None and real.first_hunk_s is not None:
        print(f"`specdraft review` in tmux, launch → first hunk on screen: {real.first_hunk_s * 1000:.0f} ms")
        for key, times in real.key_ms.items():
            if times:
                print(
                    f"  in tmux, {key} sent → its screen shown in full: median {statistics.median(times):.1f} ms, "
                    f"max {max(times):.1f} ms over {len(times)} (one look at the screen: {real.poll_ms:.2f} ms)"
                )
    print("per key, ms: wall = key sent -> last screen update (headless, includes layout and")
    print("render; inflated when other processes share the CPUs); cpu = this process's CPU time")
    print(f"  {'key':<14}{'n':>4}{'wall med':>10}{'wall max':>10}{'cpu med':>10}{'cpu max':>10}")
    worst = 0.0
    for key, times in result.key_ms.items():
        cpu = result.key_cpu_ms[key]
        if not times:
            continue
        worst = max(worst, statistics.median(times))
        print(
            f"  {key:<14}{len(times):>4}{statistics.median(times):>10.1f}{max(times):>10.1f}"
            f"{statistics.median(cpu):>10.1f}{max(cpu):>10.1f}"
        )
    if result.handler_ms:
        print(
            f"refresh_view alone: median {statistics.median(result.handler_ms):.2f} ms, "
            f"max {max(result.handler_ms):.2f} ms over {len(result.handler_ms)} calls"
        )
    print(f"slowest key (median wall): {worst:.1f} ms   (target < 50 ms)")
    for wrap in (True, False):
        first, whole = bench_big_hunk(wrap=wrap)
        print(f"one 10,000-line hunk, lines {'wrapped' if wrap else 'cut'}: first screen {first:.1f} ms "
              f"(all lines, if scrolled through: {whole:.0f} ms)")  # fmt: skip
    import os

    print(f"load average while running: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

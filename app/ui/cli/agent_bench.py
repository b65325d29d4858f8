"""`specdraft bench agents`: the goals of reviewing what agents write, measured.

    specdraft bench agents                 # 9 rounds of each
    specdraft bench agents --repeat 5 --json

Rows, each in a throwaway repository with specdraft's git hooks:

- ``hook edit``: one Claude Code Edit recorded, as Claude Code runs the hook: a fresh
  ``python -I -m specdraft.agents.claude_code PostToolUse`` with the tool's JSON on standard input
  (interpreter start included), on a 2,000-line file. Goal: <= 100 ms.
- ``hook write 10k``: one Write of a new 10,000-line file recorded the same way.
- ``python -I -c pass``: the interpreter's own start, the floor of the two above.
- ``watch -> review``: ``specdraft watch`` running and ``specdraft review --drafted --wait`` open
  in a real terminal (tmux, 160x50): from a new file written until its name is in the review's
  file list on screen. Goal: <= 1 s.
- ``open 10k``: ``specdraft review --drafted`` launched in tmux on one turn of 10,000 drafted
  lines (one new file) until its first hunk is on screen. Goal: <= 1 s.

Cheap to import: everything runs in child processes and tmux.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HOOK_GOAL_S = 0.1
WATCH_GOAL_S = 1.0
OPEN_GOAL_S = 1.0
GIT_ENV = {"GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@example.com", "GIT_COMMITTER_NAME": "bench",
           "GIT_COMMITTER_EMAIL": "bench@example.com", "GIT_CONFIG_NOSYSTEM": "1"}  # fmt: skip


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--repeat", type=int, default=9, metavar="N", help="rounds of each (default 9)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def _environ(root: Path) -> dict[str, str]:
    return {**os.environ, **GIT_ENV, "XDG_CONFIG_HOME": str(root / "config"), "GIT_CONFIG_GLOBAL": os.devnull}


def _repo(root: Path, env: dict[str, str], lines: int = 2000) -> Path:
    repo = root / "repo"
    repo.mkdir()
    body = "".join(f"def f{i}(x):\n    return x + {i}\n\n" for i in range(lines // 3))
    (repo / "big.py").write_text(body)
    for args in (["init", "-q"], ["add", "."], ["commit", "-qm", "start"]):
        subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)
    subprocess.run([sys.executable, "-m", "specdraft", "hook", "install"], cwd=repo, env=env, check=True,
                   capture_output=True)  # fmt: skip
    return repo


CPU: dict[str, list[float]] = {}  # row -> CPU seconds of the child and its git processes


def _cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _hook(repo: Path, env: dict[str, str], payload: dict, row: str = "") -> float:
    cpu = _cpu()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-I", "-m", "specdraft.agents.claude_code", "PostToolUse"], cwd=repo,
                          env=env, input=json.dumps(payload).encode(), capture_output=True)  # fmt: skip
    seconds = time.perf_counter() - start
    if row:
        CPU.setdefault(row, []).append(_cpu() - cpu)
    if done.returncode != 0:
        raise SystemExit(f"specdraft bench agents: the hook failed: {done.stderr.decode(errors='replace')}")
    return seconds


def bench_hooks(repeat: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"hook edit": [], "hook write 10k": [], "python -I -c pass": []}
    with tempfile.TemporaryDirectory(prefix="specdraft-bench-agents-") as scratch:
        root = Path(scratch)
        env = _environ(root)
        repo = _repo(root, env)
        big = repo / "big.py"
        for round_ in range(repeat):
            before = big.read_text()
            old = f"    return x + {round_ * 7}\n"
            new = f"    return x - {round_ * 7}\n    check(x)\n"
            big.write_text(before.replace(old, new, 1))
            payload = {"tool_name": "Edit", "cwd": str(repo), "hook_event_name": "PostToolUse",
                       "tool_input": {"file_path": str(big), "old_string": old, "new_string": new},
                       "tool_response": {"filePath": str(big), "originalFile": before}}  # fmt: skip
            out["hook edit"].append(_hook(repo, env, payload, "hook edit"))
            target = repo / f"generated_{round_}.py"
            content = "".join(f"VALUE_{i} = {i}\n" for i in range(10_000))
            target.write_text(content)
            payload = {"tool_name": "Write", "cwd": str(repo), "hook_event_name": "PostToolUse",
                       "tool_input": {"file_path": str(target), "content": content},
                       "tool_response": {"filePath": str(target)}}  # fmt: skip
            out["hook write 10k"].append(_hook(repo, env, payload, "hook write 10k"))
            cpu = _cpu()
            start = time.perf_counter()
            subprocess.run([sys.executable, "-I", "-c", "pass"], check=True)
            out["python -I -c pass"].append(time.perf_counter() - start)
            CPU.setdefault("python -I -c pass", []).append(_cpu() - cpu)
    return out


class _Tmux:
    """One tmux server of our own (-L), one 160x50 window."""

    def __init__(self, root: Path, cwd: Path, env: dict[str, str]) -> None:
        self.socket = f"specdraft-bench-{os.getpid()}"
        self.env = env
        self.cwd = cwd

    def run(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True,
                              env=self.env).stdout  # fmt: skip

    def start(self, command: str) -> None:
        self.run("new-session", "-d", "-s", "bench", "-x", "160", "-y", "50", "-c", str(self.cwd), command)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "bench")

    def wait_for(self, text: str, timeout: float = 30.0) -> float | None:
        start = time.perf_counter()
        while time.perf_counter() - start < timeout:
            if text in self.screen():
                return time.perf_counter() - start
            time.sleep(0.005)
        return None

    def stop(self) -> None:
        self.run("kill-server")


def _specdraft_command() -> str:
    import shlex

    return shlex.join([sys.executable, "-m", "specdraft"])


def bench_open(repeat: int) -> list[float]:
    """Launch -> first hunk of a 10,000-line turn on screen, in tmux."""
    out = []
    for _round in range(repeat):
        with tempfile.TemporaryDirectory(prefix="specdraft-bench-agents-") as scratch:
            root = Path(scratch)
            env = _environ(root)
            repo = _repo(root, env, lines=30)
            target = repo / "generated.py"
            content = "".join(f"FIRST_HUNK_{i} = {i}\n" for i in range(10_000))
            target.write_text(content)
            payload = {"tool_name": "Write", "cwd": str(repo),
                       "tool_input": {"file_path": str(target), "content": content}}  # fmt: skip
            _hook(repo, env, payload)
            tmux = _Tmux(root, repo, env)
            try:
                start = time.perf_counter()
                tmux.start(f"{_specdraft_command()} review --drafted; sleep 30")
                seen = tmux.wait_for("FIRST_HUNK_0 = 0")
                if seen is not None:
                    out.append(time.perf_counter() - start)
            finally:
                tmux.stop()
    return out


def bench_watch(repeat: int) -> list[float]:
    """A file written while ``specdraft watch`` runs -> its new line on an open review's screen."""
    out = []
    with tempfile.TemporaryDirectory(prefix="specdraft-bench-agents-") as scratch:
        root = Path(scratch)
        env = _environ(root)
        repo = _repo(root, env, lines=300)
        watch = subprocess.Popen([sys.executable, "-m", "specdraft", "watch", "--agent", "bench"], cwd=repo,
                                 env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, text=True)  # fmt: skip
        tmux = _Tmux(root, repo, env)
        try:
            line = watch.stderr.readline()  # "recording ...": the first snapshot is taken
            if "recording" not in line:
                raise SystemExit(f"specdraft bench agents: watch did not start: {line}")
            tmux.start(f"{_specdraft_command()} review --drafted --wait; sleep 30")
            if tmux.wait_for("nothing to review") is None:
                raise SystemExit("specdraft bench agents: the review did not open")
            time.sleep(0.5)
            for round_ in range(repeat):
                name = f"watched_{round_}.py"  # a new file: its name joins the review's file list
                start = time.perf_counter()
                (repo / name).write_text(f"WATCHED_{round_} = {round_}\n")
                seen = tmux.wait_for(name, timeout=10)
                if seen is not None:
                    out.append(time.perf_counter() - start)
                time.sleep(0.3)
        finally:
            tmux.stop()
            watch.send_signal(2)
            try:
                watch.wait(timeout=20)
            except subprocess.TimeoutExpired:
                watch.kill()
    return out


def _row(name: str, values: list[float], goal: float | None) -> dict:
    if not values:
        return {"name": name, "runs": 0}
    ordered = sorted(values)
    cpu = CPU.get(name)
    return {"name": name, "runs": len(values), "median_s": round(statistics.median(ordered), 4),
            "cpu_median_s": round(statistics.median(cpu), 4) if cpu else None,
            "p90_s": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))], 4),
            "max_s": round(ordered[-1], 4), "goal_s": goal,
            "met": None if goal is None else statistics.median(ordered) <= goal}  # fmt: skip


def run(args: argparse.Namespace) -> int:
    repeat = max(1, args.repeat)
    hooks = bench_hooks(repeat)
    rows = [_row("hook edit", hooks["hook edit"], HOOK_GOAL_S),
            _row("hook write 10k", hooks["hook write 10k"], None),
            _row("python -I -c pass", hooks["python -I -c pass"], None)]  # fmt: skip
    if shutil.which("tmux"):
        rows.append(_row("watch -> review", bench_watch(repeat), WATCH_GOAL_S))
        rows.append(_row("open 10k", bench_open(max(1, repeat // 3)), OPEN_GOAL_S))
    else:
        print("specdraft bench agents: tmux is missing; the terminal rows are left out", file=sys.stderr)
    if args.json:
        json.dump({"rows": rows, "cpus": os.cpu_count(), "load": os.getloadavg()[0]}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"(load average {load:.1f} on {os.cpu_count()} CPUs; cpu: CPU time of the process and its git calls, "
          "which other work on the machine does not lengthen)")  # fmt: skip
    print(f"{'':<20} {'runs':>4} {'median':>9} {'p90':>9} {'max':>9} {'cpu':>9}  goal")
    for row in rows:
        if not row["runs"]:
            print(f"{row['name']:<20} {0:>4}  (nothing measured)")
            continue
        goal = "" if row["goal_s"] is None else f"<= {row['goal_s'] * 1000:.0f} ms " + ("met" if row["met"] else "NOT met")
        cpu = "" if row["cpu_median_s"] is None else f"{row['cpu_median_s'] * 1000:.1f}ms"
        print(f"{row['name']:<20} {row['runs']:>4} {row['median_s'] * 1000:>7.1f}ms {row['p90_s'] * 1000:>7.1f}ms "
              f"{row['max_s'] * 1000:>7.1f}ms {cpu:>9}  {goal}")  # fmt: skip
    return 0

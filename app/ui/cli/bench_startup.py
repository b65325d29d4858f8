"""`specdraft bench startup`: how long commands take to start, phase by phase, each in a fresh process.

    specdraft bench startup                      # 5 rounds, each command once per round
    specdraft bench startup --repeat 9 --json    # for machines

Rows, every one a new interpreter, the commands taking turns round by round so that a machine
busy with other work slows them alike:

- ``python -c "import torch"``: the floor of any command that runs the local engine.
- ``specdraft edit INSTRUCTION FILE --yes --plain`` with the builtin pair on a ~90-line module
  (a one-line edit), the whole command; then the same command again, split into its phases:
  interpreter start, imports (every import, wherever it happens), model load, tokenizer, prompt
  (chat template and tokens), draft (the speculative decoder), parse (model output to hunks),
  apply (``git apply``), record (the review record), exit (the interpreter's
  shutdown) and the rest (git, settings, output).
  The phases come from timers wrapped around those functions in the child process
  (``_EDIT_DRIVER``); each counts its own time only, not that of a phase inside it.
- ``specdraft review`` on a diff of REVIEW_FILES x REVIEW_HUNKS hunks, in a real terminal
  (tmux, 160x50), until the first hunk is on screen (specdraft.ui.tui.bench.bench_real_terminal).
- ``specdraft hook run`` (the pre-commit check) on a staged change with nothing drafted.

Goals (issue 23): the edit within ``import torch`` + 0.8 s; ``hook run`` under 0.3 s.
Cheap to import: everything runs in child processes.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from specdraft.ui.cli.demo import ORIGINAL

EDIT_GOAL_OVER_TORCH_S = 0.8
HOOK_GOAL_S = 0.3

# A ~90-line module (the demo's inventory and three functions more) and an edit the builtin pair
# makes right on it (one line changed).
MODULE = ORIGINAL + '''

def merge(first, second):
    """A new inventory with the items of both."""
    merged = Inventory()
    for inventory in (first, second):
        for name, item in inventory.items.items():
            merged.add(name, item["price"], item["quantity"])
    return merged


def restock(inventory, names, quantity=10):
    for name in names:
        if name in inventory.items:
            inventory.items[name]["quantity"] += quantity


def empty_items(inventory):
    return [name for name, item in inventory.items.items() if item["quantity"] == 0]
'''
INSTRUCTION = "Add a `verbose` parameter to `restock`, default False."
SHORT_INSTRUCTION = "Annotate the parameter `text` of `parse_price` as `str`."  # --lines short of restock()
FILE = "inventory.py"

# The edit command in a child process, with timers around the functions of each phase. argv[1]:
# where to write the timings (JSON); the rest: the command's own arguments.
_EDIT_DRIVER = r"""
import time
STARTED = time.monotonic()
import _frozen_importlib as bootstrap
import json, sys

totals, stack = {}, []

def timed(phase, function):
    def wrapper(*args, **kwargs):
        stack.append([phase, time.perf_counter(), 0.0])
        try:
            return function(*args, **kwargs)
        finally:
            phase_, begin, inner = stack.pop()
            elapsed = time.perf_counter() - begin
            totals[phase_] = totals.get(phase_, 0.0) + elapsed - inner
            if stack:
                stack[-1][2] += elapsed
    wrapper.__wrapped__ = function
    return wrapper

bootstrap._find_and_load = timed("imports", bootstrap._find_and_load)
import importlib
from specdraft.ui.cli.main import exit_without_teardown, main

PHASES = {
    "model load": ["specdraft.engine.checkpoint:load_model", "specdraft.engine.checkpoint:load_draft_model"],
    "tokenizer": ["specdraft.engine.checkpoint:load_tokenizer"],
    "prompt": ["specdraft.engine.local:LocalBackend.render", "specdraft.engine.local:LocalBackend.prompt_ids",
               "specdraft.engine.local:LocalBackend.count_tokens",
               "specdraft.drafting.requests:EditRequester.file_messages",
               "specdraft.drafting.requests:EditRequester.windows"],
    "draft": ["specdraft.drafting.requests:EditRequester._request"],
    "parse": ["specdraft.drafting.requests:EditRequester._answer_body", "specdraft.drafting.requests:parse_edits",
              "specdraft.drafting.flow:EditFlow._diffs"],
    "apply": ["specdraft.core.git:GitRepo.apply"],
    "record": ["specdraft.drafting.provenance:record_session"],
}
for phase, targets in PHASES.items():
    for target in targets:
        module_name, _, name = target.partition(":")
        owner = importlib.import_module(module_name)
        *path, attribute = name.split(".")
        for part in path:
            owner = getattr(owner, part)
        setattr(owner, attribute, timed(phase, getattr(owner, attribute)))
begun = time.perf_counter()
code = main(sys.argv[2:])
ended = time.monotonic()
totals["main"] = time.perf_counter() - begun
with open(sys.argv[1], "w") as out:
    json.dump({"started": STARTED, "ended": ended, "code": code, "phases": totals}, out)
exit_without_teardown(code)  # as the program ends
sys.exit(code)
"""

EDIT_PHASES = ("interpreter", "imports", "model load", "tokenizer", "prompt", "draft", "parse", "apply",
               "record", "exit", "the rest")  # fmt: skip


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--repeat", type=int, default=5, metavar="N", help="rounds (default 5); medians are shown")
    parser.add_argument("--review-files", type=int, default=200, metavar="N",
                        help="files in the reviewed diff (default 200)")  # fmt: skip
    parser.add_argument("--review-hunks", type=int, default=10, metavar="N",
                        help="hunks per file in the reviewed diff (default 10: 2,000 hunks)")  # fmt: skip
    parser.add_argument("--lines", type=int, default=0, metavar="N",
                        help="edit only the first N lines of the module (a smaller workload; default all)")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="the figures as JSON on standard output")


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=bench", "-c", "user.email=bench@example.com", *args],
                   check=True, capture_output=True)  # fmt: skip


def _edit_repo(root: Path, lines: int) -> Path:
    repo = root / "edit"
    repo.mkdir()
    _git(repo, "init", "-q")
    text = MODULE if lines <= 0 else "".join(MODULE.splitlines(keepends=True)[:lines])
    (repo / FILE).write_text(text)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "start")
    return repo


def _hook_repo(root: Path) -> Path:
    repo = root / "hook"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / "notes.txt").write_text("one\n")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "start")
    (repo / "notes.txt").write_text("one\ntwo\n")
    _git(repo, "add", "-A")  # a staged change, nothing drafted by specdraft
    return repo


def _environ(root: Path) -> dict[str, str]:
    # no user configuration, no terminal: the same settings for every run
    return {**os.environ, "XDG_CONFIG_HOME": str(root / "config"), "GIT_CONFIG_GLOBAL": os.devnull}


def _timed_run(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess]:
    begin = time.monotonic()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, stdin=subprocess.DEVNULL)
    return time.monotonic() - begin, done


def _check(done: subprocess.CompletedProcess, what: str) -> None:
    if done.returncode != 0:
        tail = done.stderr.decode(errors="replace").strip().splitlines()[-3:]
        raise SystemExit(f"specdraft bench startup: {what} failed ({done.returncode}): {' / '.join(tail)}")


def _edit_args(repo: Path) -> list[str]:
    # a module cut short (--lines) may end before restock(): the edit is then about its first function,
    # so that the draft has something the instruction names; --no-read and --show-unsure: the model
    # drafts and its draft is applied, whatever a reader would read (this measures the engine's path)
    instruction = INSTRUCTION if "def restock(" in (repo / FILE).read_text() else SHORT_INSTRUCTION
    return ["edit", instruction, FILE, "--yes", "--plain", "--model", "builtin", "--no-read", "--show-unsure"]


def _measure_edit(repo: Path, env: dict[str, str], phases: bool, scratch: Path) -> dict[str, float]:
    """One `specdraft edit` run, then the file put back; {"whole": s} or every phase."""
    if phases:
        timings = scratch / "phases.json"
        begin = time.monotonic()
        done = subprocess.run([sys.executable, "-c", _EDIT_DRIVER, str(timings), *_edit_args(repo)], cwd=repo,
                              env=env, capture_output=True, stdin=subprocess.DEVNULL)  # fmt: skip
        end = time.monotonic()
        _check(done, "specdraft edit (in phases)")
        report = json.loads(timings.read_text())
        figures = {"interpreter": report["started"] - begin}
        figures.update({phase: report["phases"].get(phase, 0.0) for phase in EDIT_PHASES[1:-2]})
        figures["exit"] = end - report["ended"]  # the interpreter's shutdown
        figures["the rest"] = (end - begin) - sum(figures.values())
        figures["whole"] = end - begin
    else:
        seconds, done = _timed_run([sys.executable, "-m", "specdraft", *_edit_args(repo)], repo, env)
        _check(done, "specdraft edit")
        figures = {"whole": seconds}
    _git(repo, "checkout", "-q", "--", FILE)
    return figures


def run(args: argparse.Namespace) -> int:
    from specdraft.ui.tui.bench import bench_real_terminal

    if args.repeat < 1:
        raise SystemExit("specdraft bench startup: --repeat is 1 or more")
    rows: dict[str, list[float]] = {}

    def add(name: str, seconds: float | None) -> None:
        if seconds is not None:
            rows.setdefault(name, []).append(seconds)

    with tempfile.TemporaryDirectory(prefix="specdraft-startup-") as scratch_name:
        scratch = Path(scratch_name)
        env = _environ(scratch)
        edit_repo, hook_repo = _edit_repo(scratch, args.lines), _hook_repo(scratch)
        for _ in range(args.repeat):
            seconds, done = _timed_run([sys.executable, "-c", "import torch"], scratch, env)
            _check(done, "import torch")
            add("python -c 'import torch'", seconds)
            add("edit: whole command", _measure_edit(edit_repo, env, False, scratch)["whole"])
            for phase, seconds in _measure_edit(edit_repo, env, True, scratch).items():
                add(f"edit, phases: {phase}", seconds)
            add("review: to the first hunk on screen (tmux)",
                bench_real_terminal(args.review_files, args.review_hunks))  # fmt: skip
            seconds, done = _timed_run([sys.executable, "-I", "-m", "specdraft", "hook", "run"], hook_repo, env)
            _check(done, "specdraft hook run")
            add("hook run: whole command", seconds)
    medians = {name: statistics.median(values) for name, values in rows.items()}
    torch_s, edit_s = medians["python -c 'import torch'"], medians["edit: whole command"]
    summary = {
        "edit_over_import_torch_s": edit_s - torch_s,
        "edit_goal_over_import_torch_s": EDIT_GOAL_OVER_TORCH_S,
        "hook_run_s": medians["hook run: whole command"],
        "hook_goal_s": HOOK_GOAL_S,
    }
    if args.json:
        print(json.dumps({"rows": rows, "medians": medians, **summary,
                          "review_hunks": args.review_files * args.review_hunks, "repeat": args.repeat,
                          "load_average": os.getloadavg()[0], "cpus": os.cpu_count()}, indent=1))  # fmt: skip
        return 0
    print(f"specdraft bench startup: {args.repeat} rounds, each command in a fresh process "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")  # fmt: skip
    print(f"{'':<52}{'median':>9}{'min':>9}{'max':>9}")
    for name, values in rows.items():
        print(f"{name:<52}{medians[name]:>8.3f}s{min(values):>8.3f}s{max(values):>8.3f}s")
    print(f"edit over `import torch`: {summary['edit_over_import_torch_s']:.3f} s "
          f"(goal <= {EDIT_GOAL_OVER_TORCH_S} s); hook run: {summary['hook_run_s']:.3f} s "
          f"(goal < {HOOK_GOAL_S} s)")  # fmt: skip
    if "review: to the first hunk on screen (tmux)" not in rows:
        print("review: not measured (tmux is missing)")
    return 0

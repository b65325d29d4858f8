"""`specdraft bench ACTION`: the engine's benchmarks (specdraft.engine.bench) and the app's own.

ACTIONS are the engine's (`generate`, `speculative`) plus `edits`: edit tasks drafted through
`specdraft edit`'s own path and scored (specdraft.drafting.evaluation)::

    specdraft bench edits --model builtin                  # the shipped task set, engine/builtin/eval
    specdraft bench edits --tasks DIR --server URL --model NAME --kinds rename_function --limit 5
    specdraft bench edits --show-failures                  # each wrong answer as a diff
    specdraft bench edits --json                           # for machines
    specdraft bench edits --check                          # is the task set well formed (no model)

`python -m specdraft.engine bench ...` keeps the engine's actions only. Cheap to import: the
backend and torch load in ``run_edits``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from specdraft.core.errors import UserError
from specdraft.engine import bench as engine_bench
from specdraft.engine.options import DRAFTER_SETTINGS

ACTIONS: dict[str, tuple[str, str, str, str]] = {
    **engine_bench.ACTIONS,
    "edits": ("specdraft.ui.cli.bench", "add_edits_arguments", "run_edits",
              "edit tasks drafted as `specdraft edit` drafts them: exact matches, collateral damage, redrafts"),
    "startup": ("specdraft.ui.cli.bench_startup", "add_arguments", "run",
                "start-up of edit (phase by phase), review and hook run, each in a fresh process"),
    "reading": ("specdraft.ui.cli.bench_reading", "add_arguments", "run",
                "the model reading an instruction into operations: outline, grammar, model time, on a 300-line file"),
    "agents": ("specdraft.ui.cli.agent_bench", "add_arguments", "run",
               "agents' writes: the Claude Code hook per edit, a watched change to the open review, "
               "review --drafted opening on 10,000 lines"),
}  # fmt: skip
ALIASES: dict[str, list[str]] = dict(engine_bench.ALIASES)
EXAMPLES: dict[str, tuple[str, ...]] = {
    **engine_bench.EXAMPLES,
    "edits": ("%(prog)s --model builtin --show-failures", "%(prog)s --check    # the task set alone, no model"),
    "startup": ("%(prog)s --repeat 5", "%(prog)s --repeat 9 --json    # for machines"),
    "reading": ("%(prog)s --lines 300", "%(prog)s --json    # for machines"),
    "agents": ("%(prog)s --repeat 5", "%(prog)s --json    # for machines"),
}  # fmt: skip


def add_arguments(parser: argparse.ArgumentParser) -> None:
    engine_bench.add_arguments(parser, ACTIONS, ALIASES, EXAMPLES)


def run(args: argparse.Namespace) -> int:
    return engine_bench.run(args)


def shipped_tasks() -> Path:
    """The builtin pair's held-out task set (engine/builtin/eval)."""
    import specdraft.engine

    return Path(specdraft.engine.__file__).resolve().parent / "builtin" / "eval"


def add_edits_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tasks", metavar="DIR", type=Path, default=None,
                        help="a task set: a directory with tasks.toml or tasks.json (default: the shipped one, "
                             "engine/builtin/eval)")  # fmt: skip
    parser.add_argument("--model", help="builtin (default), a checkpoint directory, or with --server the model's name")
    parser.add_argument("--server", metavar="URL", help="an OpenAI-compatible server (vLLM, llama.cpp, Ollama, ...)")
    parser.add_argument("--draft-model", metavar="DIR", help="a small draft model for the local engine")
    parser.add_argument("--drafter", help=f"the local engine's drafter: {', '.join(DRAFTER_SETTINGS)}")
    parser.add_argument("--dtype", help="the local engine's weights: auto, float32, bfloat16, int8 or int4 (weight-only, made at load and cached)")
    parser.add_argument("--threads", type=int, metavar="N", help="torch threads for the local engine")
    from specdraft.ui.cli.edit import add_format_argument, add_read_argument, add_unsure_argument

    add_format_argument(parser)
    add_read_argument(parser)
    add_unsure_argument(parser)
    parser.add_argument("--kinds", action="append", metavar="KIND[,KIND]", default=[],
                        help="only tasks of these kinds (repeat or separate with commas)")  # fmt: skip
    parser.add_argument("--ids", action="append", metavar="ID[,ID]", default=[], help="only these tasks")
    parser.add_argument("--limit", type=int, metavar="N", help="the first N tasks (after --kinds and --ids)")
    parser.add_argument("--show-failures", action="store_true",
                        help="print each wrong answer as a diff against its expected file")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="the report as JSON on standard output")
    parser.add_argument("--check", action="store_true",
                        help="check that the task set is well formed (no model), and stop")  # fmt: skip


def _names(values: list[str]) -> list[str]:
    return [name.strip() for value in values for name in value.split(",") if name.strip()]


def run_edits(args: argparse.Namespace) -> int:
    from specdraft.drafting.evaltasks import check_task_set, load_tasks

    root = args.tasks if args.tasks is not None else shipped_tasks()
    task_set = load_tasks(root)
    if args.check:
        problems = check_task_set(task_set)
        for problem in problems:
            print(problem)
        print(f"{len(task_set.tasks)} tasks in {task_set.root}: "
              + (f"{len(problems)} problems" if problems else "well formed"), file=sys.stderr)  # fmt: skip
        return 1 if problems else 0
    if args.limit is not None and args.limit < 1:
        raise UserError("--limit is 1 or more")
    tasks = task_set.select(_names(args.kinds), _names(args.ids), args.limit)
    if not tasks:
        raise UserError(f"no task of kind {', '.join(_names(args.kinds))} in {task_set.root}")
    backend, model = make_backend(args)
    return report_edits(args, tasks, backend, model, str(task_set.root))


def make_backend(args: argparse.Namespace):
    """The backend the flags (and the user's configuration, as for `specdraft edit`) name."""
    from specdraft.core.config import load_settings
    from specdraft.ui.cli.edit import make_backend as edit_backend

    settings = load_settings(None, flags={
        "model": args.model, "server": args.server, "draft_model": args.draft_model,
        "drafter": args.drafter, "dtype": args.dtype, "edit_format": getattr(args, "edit_format", None),
    })  # fmt: skip
    if args.threads is not None and not settings.server:
        import torch

        torch.set_num_threads(args.threads)
    backend = edit_backend(settings)
    return backend, getattr(backend, "name", settings.model)


def report_edits(args: argparse.Namespace, tasks, backend, model: str, tasks_dir: str) -> int:
    """Run ``tasks`` and print the report (progress on standard error, one line per task)."""
    from specdraft.drafting.evaluation import format_failures, format_report, run_tasks

    def progress(number: int, result) -> None:
        if result.error:
            verdict = f"error: {result.error}"
        else:
            verdict = "exact" if result.exact else ("unchanged" if result.unchanged else "wrong")
            if result.collateral:
                verdict += f", collateral in {result.collateral} of {result.sent} windows sent"
            if result.redraft is not None:
                redone = result.redraft
                verdict += "; redraft: " + (f"error: {redone.error}" if redone.error else
                                            "followed the note" if redone.followed else
                                            "differed" if redone.differed else "the same as the first draft")  # fmt: skip
        print(f"specdraft bench edits: [{number}/{len(tasks)}] {result.id}: {verdict} ({result.seconds:.1f} s)",
              file=sys.stderr, flush=True)  # fmt: skip

    print(f"specdraft bench edits: {len(tasks)} tasks from {tasks_dir}, model {model} (greedy)",
          file=sys.stderr, flush=True)  # fmt: skip
    report = run_tasks(tasks, backend, model=model, tasks_dir=tasks_dir, on_task=progress, read=args.read,
                        show_unsure=args.show_unsure)
    if args.json:
        print(json.dumps(report.to_json(diffs=args.show_failures), indent=1))
        return 0
    print(f"specdraft bench edits: {len(report.results)} tasks from {tasks_dir}, model {model} (greedy), {report.date}")
    print()
    print(format_report(report))
    if args.show_failures:
        failures = format_failures(report)
        if failures:
            print()
            print(failures, end="")
    return 0

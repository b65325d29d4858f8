"""`specdraft log [RANGE] [--json]`: what specdraft drafted over a range of commits, and how it was verified.

Reads the git notes under ``refs/notes/specdraft`` that the post-commit hook writes and sums
them: the human's acceptance rate (the alpha of a speculative decoder, here per hunk) per model
and per file, review time per accepted line, and the drafted lines that landed unreviewed.
When the review record cannot be read whole, the commits made since may have no note: the
summary is still printed, the damage is said on standard error, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    add_examples(parser, "%(prog)s                     # every commit with specdraft's notes",
                 "%(prog)s main..HEAD --json   # this branch, for scripts")  # fmt: skip
    parser.add_argument(
        "range", nargs="?", default="HEAD", metavar="RANGE", help="commits, as git log takes them (default HEAD)"
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--agents",
        action="store_true",
        help="per AI agent (specdraft run / watch / agent install): lines drafted, accepted, "
        "edited, rejected, still to review, and review time",
    )


def _empty() -> dict[str, Any]:
    return {
        "commits": 0,
        "hunks": {"drafted": 0, "accepted": 0, "edited": 0, "rejected": 0},
        "lines": {"drafted": 0, "reviewed": 0, "unreviewed": 0},
        "review_seconds": 0.0,
    }


def _add(total: dict[str, Any], part: dict[str, Any]) -> None:
    total["commits"] += 1
    for group in ("hunks", "lines"):
        for key, value in dict(part.get(group, {})).items():
            if key in total[group] and isinstance(value, int | float):
                total[group][key] += value
    seconds = part.get("review_seconds", 0.0)
    if isinstance(seconds, int | float):
        total["review_seconds"] += seconds


def _finish(total: dict[str, Any]) -> dict[str, Any]:
    hunks, lines = total["hunks"], total["lines"]
    kept = hunks["accepted"] + hunks["edited"]
    decided = kept + hunks["rejected"]
    total["acceptance_rate"] = round(kept / decided, 4) if decided else None
    total["seconds_per_accepted_line"] = (
        round(total["review_seconds"] / lines["drafted"], 3) if lines["drafted"] else None
    )
    total["review_seconds"] = round(total["review_seconds"], 3)
    return total


def summarise(notes: list[tuple[str, dict | None]]) -> dict[str, Any]:
    """The summary of ``(commit, note)`` pairs, as ``--json`` prints it."""
    total = _empty()
    models: dict[str, dict[str, Any]] = {}
    files: dict[str, dict[str, Any]] = {}
    with_notes = []
    for sha, note in notes:
        if note is None:
            continue
        with_notes.append(sha)
        _add(total, note)
        for name, part in dict(note.get("models", {})).items():
            _add(models.setdefault(name, _empty()), part)
        for path, part in dict(note.get("files", {})).items():
            _add(files.setdefault(path, _empty()), part)
    summary = _finish(total)
    summary["commits_in_range"] = len(notes)
    summary["commits_with_drafted_lines"] = with_notes
    summary["models"] = {name: _finish(part) for name, part in sorted(models.items())}
    summary["files"] = {path: _finish(part) for path, part in sorted(files.items())}
    return summary


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f} s"


def format_summary(summary: dict[str, Any], revision_range: str) -> str:
    """The summary as text; model and file names come from notes anyone can write, and are
    shown with their control characters escaped."""
    from specdraft.core.visible import visible

    revision_range = visible(revision_range, keep_newlines=False)
    summary = {
        **summary,
        "models": {visible(str(k), keep_newlines=False): v for k, v in summary["models"].items()},
        "files": {visible(str(k), keep_newlines=False): v for k, v in summary["files"].items()},
    }
    lines = summary["lines"]
    out = [
        f"{len(summary['commits_with_drafted_lines'])} of {summary['commits_in_range']} commits in "
        f"{revision_range} hold AI-drafted lines",
    ]
    if not summary["commits_with_drafted_lines"]:
        return out[0] + "\n"
    out.append(
        f"drafted lines landed: {lines['drafted']} ({lines['reviewed']} reviewed, "
        f"{lines['unreviewed']} unreviewed); acceptance {_rate(summary['acceptance_rate'])}; "
        f"review time per accepted line {_seconds(summary['seconds_per_accepted_line'])}"
    )
    for title, table in (("model", summary["models"]), ("file", summary["files"])):
        width = max([len(title), *map(len, table)])
        out.append("")
        out.append(
            f"{title:<{width}}  {'accept':>6}  {'hunks':>5}  {'lines':>5}  {'unrev.':>6}  {'s/line':>7}"
        )
        for name, part in table.items():
            out.append(
                f"{name:<{width}}  {_rate(part['acceptance_rate']):>6}  {part['hunks']['drafted']:>5}  "
                f"{part['lines']['drafted']:>5}  {part['lines']['unreviewed']:>6}  "
                f"{_seconds(part['seconds_per_accepted_line']):>7}"
            )
    return "\n".join(out) + "\n"


def format_agents(summary: dict[str, dict]) -> str:
    """The per-agent table of ``specdraft log --agents``."""
    from specdraft.core.visible import visible

    if not summary:
        return "no agent's writes were recorded in this worktree\n"
    names = {visible(name, keep_newlines=False): part for name, part in summary.items()}
    width = max(len("agent"), *map(len, names))
    out = [f"{'agent':<{width}}  {'turns':>5}  {'lines':>6}  {'accept':>6}  {'edited':>6}  {'reject':>6}  "
           f"{'to rev.':>7}  {'review':>8}"]  # fmt: skip
    for name, part in names.items():
        out.append(
            f"{name:<{width}}  {part['turns']:>5}  {part['drafted']:>6}  {part['accepted']:>6}  "
            f"{part['edited']:>6}  {part['rejected']:>6}  {part['to_review']:>7}  "
            f"{_seconds(part['review_seconds']):>8}"
        )
    out.append("(lines: added and deleted lines the agent wrote; accept/edited/reject: lines of the "
               "hunks so decided in specdraft review --drafted)")  # fmt: skip
    return "\n".join(out) + "\n"


def run(args: argparse.Namespace) -> int:
    from specdraft.core.git import GitRepo
    from specdraft.drafting.hook import read_notes
    from specdraft.drafting.provenance import record_damage

    repo = GitRepo(".")
    if getattr(args, "agents", False):  # a Namespace built by hand (tests) may lack it
        from specdraft.agents.review import agent_summary
        from specdraft.agents.store import AgentStore

        summary = agent_summary(AgentStore(repo))
        if args.json:
            json.dump({"agents": summary}, sys.stdout, indent=2, ensure_ascii=True)
            sys.stdout.write("\n")
        else:
            sys.stdout.write(format_agents(summary))
        return 0
    repo.require_head()
    summary = summarise(read_notes(repo, args.range))
    if args.json:
        # ASCII only: a name from a note reaches the terminal as \u escapes, never as a control
        json.dump({"range": args.range, **summary}, sys.stdout, indent=2, ensure_ascii=True)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_summary(summary, args.range))
    damage = record_damage(repo)
    if damage is not None:
        from specdraft.core.visible import visible

        print(
            f"specdraft log: {visible(damage.reason(), keep_newlines=False)}; commits made since may "
            f"have no note, so these figures may count too little; {damage.remedy()}",
            file=sys.stderr,
        )
        return 1
    return 0

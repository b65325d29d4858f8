"""`specdraft bench edits`: edit tasks run through the app's own drafting path, and what came of them.

Pure Python at import (no torch, no textual). Each task (specdraft.drafting.evaltasks) is drafted
exactly as `specdraft edit --yes` drafts it: an EditRequester on a real backend (windows of a long
file, the windows that name nothing of the instruction kept, the answers parsed) inside an
EditFlow, greedy. A redraft task then goes through the review loop: every hunk of the first draft
is rejected with the task's note and ``EditFlow.redraft(note)`` drafts again; its hunks are all
accepted. What is measured, per task and added up per kind:

* exact: the drafted file equals the expected file byte for byte;
* collateral windows: windows sent to the model in which the draft changed lines that the expected
  file leaves as they are (lines are matched original -> draft and original -> expected);
* off-target files: files where the draft changed a window the instruction does not concern (the
  expected file leaves that window as it is);
* wrong but applied: the draft changed the file, finished cleanly and is not exact: accepted as
  it stands, it would be wrong (the worst outcome: a confident wrong draft);
* no draft: the file was left as it was, or the draft did not finish (an error, a failed block);
* how each draft was made: an operation read from the instruction (specdraft.drafting.reading,
  made by specdraft.ops, no model run) or a text edit by the model; exact and wrong counted for
  each apart, so that nothing is credited to a model that it did not write;
* held-out and trained phrasing: exact matches of each group apart;
* redrafts: whether the redraft differs from the first draft, whether it equals the expected
  file after the note, and whether the note was read as a correction of the instruction (the
  builtin pair is then asked the instruction corrected: ``corrected_instruction``).
"""

from __future__ import annotations

import difflib
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from specdraft.core.errors import UserError
from specdraft.core.session import Decision
from specdraft.drafting.evaltasks import KINDS, EditTask, line_edits
from specdraft.drafting.flow import EditFlow, Round
from specdraft.drafting.requests import EditRequester, SourceFile, read_sources


@dataclass
class RedraftResult:
    """The review loop on one task: the first draft rejected with the note, then redrafted."""

    differed: bool = False  # the redraft's file is not the first draft's
    followed: bool = False  # the redraft's file equals the expected file after the note
    corrected: bool = False  # the note read as a correction of the instruction (DraftedEdits.asked_as)
    error: str = ""
    drafted: str = field(default="", repr=False)  # the file after the redraft
    expected: str = field(default="", repr=False)  # the file the note asks for


@dataclass
class TaskResult:
    """What one task's first draft (and, for a redraft task, its redraft) amounted to."""

    id: str
    kind: str
    phrasing: str
    exact: bool = False
    unchanged: bool = False  # the draft left the file as it was
    error: str = ""  # no draft to score: cut at the length limit, a failed block, a backend error
    windows: int = 0  # windows the file was cut into
    sent: int = 0  # ... of them sent to the model
    requests: int = 0  # requests the backend answered (one per window sent)
    collateral: int = 0  # windows sent in which lines the instruction does not concern changed
    off_target: int = 0  # windows sent that the instruction does not concern, and that changed
    wrong: bool = False  # the draft changed the file, finished cleanly, and is not exact
    read: str = ""  # the operation read from the instruction (no model ran), as the review says it
    operation: str = ""  # the operation the model read (under the outline's grammar), as the review says it
    # the least likely token of the model's answers (local engine): how sure it was at its weakest point
    least_token_prob: float | None = None
    seconds: float = 0.0
    redraft: RedraftResult | None = None
    drafted: str = field(default="", repr=False)
    expected: str = field(default="", repr=False)

    def to_json(self, *, diff: bool = False) -> dict[str, Any]:
        data = asdict(self)
        data.pop("drafted")
        data.pop("expected")
        if data["redraft"] is not None:
            data["redraft"].pop("drafted")
            data["redraft"].pop("expected")
        if diff and not self.exact and not self.error:
            data["diff"] = unified(self.expected, self.drafted, f"expected/{self.id}", "drafted")
        return data


@dataclass
class KindRow:
    """The figures of one kind (or of all tasks)."""

    tasks: int = 0
    exact: int = 0
    unchanged: int = 0
    no_draft: int = 0
    sent: int = 0
    collateral: int = 0
    off_target_files: int = 0
    wrong: int = 0  # wrong but applied
    read: int = 0  # drafts made by an operation read from the instruction
    read_exact: int = 0
    read_wrong: int = 0
    model: int = 0  # drafts the model wrote (a text edit)
    model_exact: int = 0
    model_wrong: int = 0
    ops: int = 0  # drafts made by an operation the model read
    ops_exact: int = 0
    ops_wrong: int = 0
    heldout: int = 0
    heldout_exact: int = 0
    trained: int = 0
    trained_exact: int = 0

    def add(self, result: TaskResult) -> None:
        self.tasks += 1
        self.exact += result.exact
        self.unchanged += result.unchanged
        self.no_draft += bool(result.error) or result.unchanged
        self.sent += result.sent
        self.collateral += result.collateral
        self.off_target_files += result.off_target > 0
        self.wrong += result.wrong
        made = "read" if result.read else "ops" if result.operation else "model"
        if result.read or result.requests:
            setattr(self, made, getattr(self, made) + 1)
            setattr(self, f"{made}_exact", getattr(self, f"{made}_exact") + result.exact)
            setattr(self, f"{made}_wrong", getattr(self, f"{made}_wrong") + result.wrong)
        if result.phrasing == "heldout":
            self.heldout += 1
            self.heldout_exact += result.exact
        else:
            self.trained += 1
            self.trained_exact += result.exact


@dataclass
class Report:
    """Every task's result, and the figures added up."""

    model: str
    tasks_dir: str
    results: list[TaskResult] = field(default_factory=list)
    seconds: float = 0.0
    date: str = ""

    def by_kind(self) -> dict[str, KindRow]:
        rows: dict[str, KindRow] = {}
        for result in sorted(self.results, key=lambda r: KINDS.index(r.kind)):
            rows.setdefault(result.kind, KindRow()).add(result)
        return rows

    def total(self) -> KindRow:
        row = KindRow()
        for result in self.results:
            row.add(result)
        return row

    def redrafts(self) -> dict[str, int]:
        done = [r for r in self.results if r.redraft is not None]
        return {
            "tasks": len(done),
            "errors": sum(1 for r in done if r.redraft and r.redraft.error),
            "differed": sum(1 for r in done if r.redraft and r.redraft.differed),
            "followed_note": sum(1 for r in done if r.redraft and r.redraft.followed),
            "corrected": sum(1 for r in done if r.redraft and r.redraft.corrected),
        }

    def to_json(self, *, diffs: bool = False) -> dict[str, Any]:
        total = self.total()
        return {
            "model": self.model,
            "tasks_dir": self.tasks_dir,
            "date": self.date,
            "seconds": round(self.seconds, 1),
            "kinds": {kind: asdict(row) for kind, row in self.by_kind().items()},
            "total": asdict(total),
            "phrasing": {
                "heldout": {"tasks": total.heldout, "exact": total.heldout_exact},
                "trained": {"tasks": total.trained, "exact": total.trained_exact},
            },
            "redraft": self.redrafts(),
            "results": [result.to_json(diff=diffs) for result in self.results],
        }


# ---------------------------------------------------------------------------------------------
# running tasks


def run_tasks(tasks: Sequence[EditTask], backend: Any, *, model: str, tasks_dir: str,
              on_task: Callable[[int, TaskResult], None] | None = None, read: bool = True,
              show_unsure: bool = False) -> Report:  # fmt: skip
    """Every task through ``backend``, in order; ``on_task(number, result)`` after each; ``read``: as
    `specdraft edit` (False: --no-read, the model drafts every task); ``show_unsure``: --show-unsure."""
    report = Report(model=model, tasks_dir=tasks_dir, date=time.strftime("%Y-%m-%d"))
    started = time.perf_counter()
    for number, task in enumerate(tasks, 1):
        result = run_task(task, backend, read=read, show_unsure=show_unsure)
        report.results.append(result)
        if on_task is not None:
            on_task(number, result)
    report.seconds = time.perf_counter() - started
    return report


def run_task(task: EditTask, backend: Any, *, read: bool = True, show_unsure: bool = False) -> TaskResult:
    """One task drafted as `specdraft edit --yes` drafts it, in a scratch directory holding the
    file under ``task.path``; then, for a redraft task, the reject-with-note loop."""
    from specdraft.engine.errors import EngineError

    result = TaskResult(task.id, task.kind, task.phrasing)
    original = task.source.read_bytes()
    result.expected = task.expected.read_text(encoding="utf-8")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="specdraft-bench-") as scratch:
        root = Path(scratch).resolve()
        target = root / task.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(original)
        sources = read_sources(root, [str(target)])
        requester = EditRequester(backend, root, read=read, show_unsure=show_unsure)
        flow = EditFlow(requester, task.instruction, sources)
        try:
            first = flow.first()
        except (UserError, EngineError) as error:
            result.error = str(error)
            result.seconds = time.perf_counter() - started
            return result
        result.requests = len(first.draft.stats)
        if first.draft.operation is not None and first.draft.operation.origin == "model":
            result.operation = first.draft.operation.said()
        elif first.draft.operation is not None:
            result.read = first.draft.operation.said()
        sure = [stats.least_token_prob for stats in first.draft.stats if getattr(stats, "least_token_prob", None) is not None]
        result.least_token_prob = min(sure) if sure else None
        drafted = drafted_text(first, sources[0])
        if drafted is None:
            if first.draft.finish_reasons:
                result.error = f"the draft did not finish ({', '.join(first.draft.finish_reasons)})"
            else:  # failed blocks: unreadable, not fitting, or withheld as unsure
                result.error = "no draft: " + ("; ".join(f.summary() for f in first.failures) or "no answer")
        else:
            result.drafted = drafted
            result.exact = drafted.encode("utf-8", "surrogateescape") == task.expected.read_bytes()
            result.unchanged = drafted == sources[0].text
            result.wrong = not result.exact and not result.unchanged
            whole = ([(0, len(sources[0].text.splitlines()))], [0])  # an operation is judged over the whole file
            plan = WindowPlan(*first.draft.windows.get(sources[0].path, whole))
            result.windows, result.sent = len(plan.ranges), len(plan.sent)
            result.collateral, result.off_target = window_damage(sources[0].text, drafted, result.expected, plan)
        if task.redraft:
            result.redraft = redraft(flow, first, task, drafted)
    result.seconds = time.perf_counter() - started
    return result


def drafted_text(round_: Round, source: SourceFile) -> str | None:
    """The file as the round's draft has it (the source's text when the model changed nothing);
    None when the draft did not finish or a block of it failed."""
    draft = round_.draft
    if not draft.complete or draft.failures:
        return None
    edit = draft.result.file(source.path)
    if edit is None or edit.new_text is None:
        return source.text
    return edit.new_text


def redraft(flow: EditFlow, first: Round, task: EditTask, first_text: str | None) -> RedraftResult:
    """The reviewer rejects every hunk of the first draft with the task's note; the redraft's
    hunks are all accepted. (A first draft with no hunks: the note alone asks for the redraft.)"""
    from specdraft.engine.errors import EngineError

    assert task.after_note is not None
    outcome = RedraftResult(expected=task.after_note.read_text(encoding="utf-8"))
    session = first.session
    session.set_decisions(list(range(len(session.units))), Decision.REJECTED)
    try:
        again = flow.redraft(task.note)
    except (UserError, EngineError) as error:
        outcome.error = str(error)
        return outcome
    if again is None or not again.draft.complete or again.failures:
        outcome.error = "the redraft did not finish" if again is not None else "nothing was redrafted"
        return outcome
    outcome.corrected = bool(again.draft.asked_as)
    again.session.set_decisions(list(range(len(again.session.units))), Decision.ACCEPTED)
    path = task.path
    final = {edit.path: edit.new_text for edit in flow.final_edits()}
    text = final.get(path)
    outcome.drafted = flow.originals[path].decode("utf-8", "surrogateescape") if text is None else text  # type: ignore[union-attr]
    outcome.followed = outcome.drafted.encode("utf-8", "surrogateescape") == task.after_note.read_bytes()
    outcome.differed = outcome.drafted != first_text
    return outcome


# ---------------------------------------------------------------------------------------------
# windows and the damage in them


@dataclass(frozen=True)
class WindowPlan:
    """How the requester cut a file (DraftedEdits.windows): line ranges [start, end), and the
    windows it sent; a model server's request is one window of the whole file."""

    ranges: list[tuple[int, int]]
    sent: list[int]


def window_damage(original: str, drafted: str, expected: str, plan: WindowPlan) -> tuple[int, int]:
    """(collateral windows, off-target windows) among the windows sent.

    Collateral: the draft replaced or deleted a line that the expected file keeps, or inserted
    lines where the expected file inserts none and changes no neighbouring line. Off-target: the
    expected file leaves the window as it is, and the draft changed it. A line belongs to the
    window that holds it; an insertion between two windows to the first sent window that ends or
    starts there."""
    before = original.splitlines(keepends=True)
    drafted_changed, drafted_inserted = line_edits(before, drafted.splitlines(keepends=True))
    meant_changed, meant_inserted = line_edits(before, expected.splitlines(keepends=True))

    def meant_near(point: int) -> bool:
        return point in meant_inserted or point in meant_changed or point - 1 in meant_changed

    def owner(point: int) -> int | None:
        return next((n for n in plan.sent if plan.ranges[n][0] <= point <= plan.ranges[n][1]), None)

    stray_lines = drafted_changed - meant_changed
    stray_owners = {owner(point) for point in drafted_inserted if not meant_near(point)}
    inserted_owners = {owner(point) for point in drafted_inserted}
    collateral = off_target = 0
    for number in plan.sent:
        start, end = plan.ranges[number]
        if any(start <= i < end for i in stray_lines) or number in stray_owners:
            collateral += 1
        meant = any(start <= i < end for i in meant_changed) or any(start <= p <= end for p in meant_inserted)
        touched = any(start <= i < end for i in drafted_changed) or number in inserted_owners
        if touched and not meant:
            off_target += 1
    return collateral, off_target


# ---------------------------------------------------------------------------------------------
# the report as text


def unified(expected: str, drafted: str, expected_name: str, drafted_name: str) -> str:
    lines = difflib.unified_diff(expected.splitlines(keepends=True), drafted.splitlines(keepends=True),
                                 expected_name, drafted_name)  # fmt: skip
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole}" if whole else "-"


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def format_report(report: Report) -> str:
    """The table per kind, the totals, the phrasing gap, the redraft line and the time."""
    header = ("kind", "tasks", "exact", "wrong", "no draft", "read: exact/wrong", "model op: exact/wrong",
              "model text: exact/wrong", "collateral/sent", "off-target files")  # fmt: skip
    table = [header]
    rows = [*report.by_kind().items(), ("total", report.total())]
    for kind, row in rows:
        table.append((kind, str(row.tasks), _share(row.exact, row.tasks), _share(row.wrong, row.tasks),
                      _share(row.no_draft, row.tasks), f"{row.read_exact}/{row.read_wrong} of {row.read}",
                      f"{row.ops_exact}/{row.ops_wrong} of {row.ops}", f"{row.model_exact}/{row.model_wrong} of {row.model}", _share(row.collateral, row.sent),
                      _share(row.off_target_files, row.tasks)))  # fmt: skip
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    text = []
    for number, line in enumerate(table):
        if number == len(table) - 1:
            text.append("-" * (sum(widths) + 2 * (len(widths) - 1)))
        text.append("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths, strict=True))))
    total = report.total()
    done = total.tasks - total.no_draft
    text += [
        "",
        f"exact: {total.exact}/{total.tasks} ({_percent(total.exact, total.tasks)}); "
        f"held-out phrasing {_share(total.heldout_exact, total.heldout)} ({_percent(total.heldout_exact, total.heldout)}), "
        f"trained phrasing {_share(total.trained_exact, total.trained)} ({_percent(total.trained_exact, total.trained)})",
        f"collateral: {total.collateral} of {total.sent} windows sent ({_percent(total.collateral, total.sent)}) had "
        "lines changed that the instruction does not concern",
        f"off-target: {total.off_target_files} of {done} files had a window changed that the instruction does not concern",
    ]  # fmt: skip
    text.append(f"wrong but applied: {total.wrong}/{total.tasks} ({_percent(total.wrong, total.tasks)}): drafts that, "
                "accepted as they stand, are wrong; no draft: "
                f"{total.no_draft}/{total.tasks} ({_percent(total.no_draft, total.tasks)})")
    text.append(f"read from the instruction (an operation, no model run): {total.read} tasks, {total.read_exact} exact, "
                f"{total.read_wrong} wrong; an operation the model read: {total.ops} tasks, {total.ops_exact} exact, "
                f"{total.ops_wrong} wrong; drafted by the model (a text edit): {total.model} tasks, "
                f"{total.model_exact} exact, {total.model_wrong} wrong")  # fmt: skip
    redrafts = report.redrafts()
    if redrafts["tasks"]:
        text.append(
            f"redrafts after a reviewer's note: {redrafts['tasks']} tasks; the redraft differed from the first "
            f"draft in {redrafts['differed']}, followed the note (equals the expected file after it) in "
            f"{redrafts['followed_note']}; the note read as a correction of the instruction in {redrafts['corrected']}"
            + (f"; {redrafts['errors']} failed" if redrafts["errors"] else "")
        )
    if total.no_draft:
        first = next(result for result in report.results if result.error)
        text.append(f"no draft: {total.no_draft} tasks gave no draft to score (the first, {first.id}: {first.error})")
    per_task = report.seconds / len(report.results) if report.results else 0.0
    text.append(f"seconds: {report.seconds:.1f} ({per_task:.1f} per task)")
    return "\n".join(text)


def format_failures(report: Report) -> str:
    """Each wrong answer as a diff against its expected file (and each failed redraft)."""
    parts = []
    for result in report.results:
        title = f"=== {result.id} ({result.kind}, {result.phrasing})"
        if result.error:
            parts.append(f"{title}: error: {result.error}\n")
        elif not result.exact:
            what = "no change" if result.unchanged else f"wrong ({result.read or 'a text edit by the model'})"
            parts.append(f"{title}: {what}\n" + unified(result.expected, result.drafted, f"expected/{result.id}", "drafted"))
        redone = result.redraft
        if redone is not None and not redone.followed:
            if redone.error:
                parts.append(f"{title}, after the note: error: {redone.error}\n")
            else:
                what = "wrong" if redone.differed else "the same file as the first draft"
                parts.append(f"{title}, after the note: {what}\n"
                             + unified(redone.expected, redone.drafted, f"expected/{result.id}.after-note", "redrafted"))
    return "\n".join(parts)

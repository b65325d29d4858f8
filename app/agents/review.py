"""The review of what agents wrote (``specdraft review --drafted``), without any interface.

``DraftedReview`` reads the captured changes whose hunks have no decision yet, as FileDiffs
(one per change, in agent, turn and time order; each hunk's header names the agent and turn),
and grows them (``more()``) as capture goes on, for a review that is open meanwhile.
``apply`` carries the decisions out once the review ends:

- accepted: the lines stay; a review of them is recorded (the gate lets them through);
- edited (the reviewer's version, or some of the lines): the worktree gets the reviewer's
  version; the lines that stay are recorded as reviewed;
- rejected: the hunk is reverted in the worktree, through the same checked, atomic write as
  every apply (specdraft.core.git): where the file changed there since the agent wrote it, the
  revert is refused (nothing is overwritten) and the hunk stays undecided. While the agent's
  turn is open, the revert is queued and made at the turn's end (``apply_queue``).

Rejections and notes become feedback for the agent (specdraft.agents.feedback).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from specdraft.agents.capture import file_patch
from specdraft.agents.feedback import add_feedback
from specdraft.agents.store import DECISIONS, QUEUE, AgentStore, Change, new_id, now
from specdraft.core.diffs import FileDiff, build_patch, parse_diff, parse_edited_hunk, split_hunk
from specdraft.core.errors import UserError
from specdraft.core.session import STATE_VERSION, Decision, HunkState, ReviewSession
from specdraft.drafting.provenance import HunkRecord, append_records, line_hash, normalise_line


def decided_units(store: AgentStore) -> dict[tuple[str, str], str]:
    """(change id, unit id) -> its decision, the last one recorded ("reopened" removes it)."""
    decided: dict[tuple[str, str], str] = {}
    for entry in store.read(DECISIONS):
        key = (str(entry.get("change")), str(entry.get("unit")))
        if entry.get("decision") == "reopened":
            decided.pop(key, None)
        else:
            decided[key] = str(entry.get("decision"))
    return decided


def _landed_changes(store: AgentStore, ids: set[str]) -> set[str]:
    """The changes of ``ids`` whose every line (added and deleted) landed in a commit already:
    committed work, no longer the worktree's to review or revert (``specdraft log`` counts it)."""
    from specdraft.drafting.provenance import load_store

    record_store = load_store(store.repo)
    landed = set()
    for record in record_store.records:
        if record.kind == "draft" and record.hunk in ids and record.decision == "pending":
            has_lines = record.lines or record.removed
            if has_lines and not record_store.remaining(record) and not record_store.removed_remaining(record):
                landed.add(record.hunk)
    return landed


def _unit_id(change: Change, hunk_id: str) -> str:
    return f"{change.id}-{hunk_id}"


@dataclass
class DraftedReview:
    """The changes under review: ``files[i]`` is the diff of ``changes[i]``."""

    store: AgentStore
    agent: str | None = None
    context: int = 3
    files: list[FileDiff] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    notes: dict[str, str] = field(default_factory=dict)  # unit id -> the reviewer's note
    saving: bool = False  # decisions and notes saved for --resume as they are made
    _units: list[HunkState] = field(default_factory=list)

    def more(self) -> tuple[list[FileDiff], list[HunkState]]:
        """The changes captured since the last call with undecided hunks: their files (added to
        ``files``) and their units (sub-hunks where some of a split hunk was decided)."""
        changes = [
            c for c in self.store.changes()
            if c.id not in self.seen and (self.agent is None or c.agent == self.agent)
        ]  # fmt: skip
        if not changes:
            return [], []
        self.seen.update(c.id for c in changes)
        landed = _landed_changes(self.store, {c.id for c in changes})
        changes = [c for c in changes if c.id not in landed]
        decided = decided_units(self.store)
        open_changes = {change for change, _unit in decided}
        blobs = self.store.read_blobs([s for c in changes for s in (c.before, c.after) if s])
        order = {c.id: n for n, c in enumerate(changes)}
        changes.sort(key=lambda c: (c.agent, c.turn, order[c.id]))
        new_files, new_units = [], []
        for change in changes:
            before = blobs[change.before] if change.before else None
            after = blobs[change.after] if change.after else None
            parsed = parse_diff(file_patch(change.path, before, after, self.context))
            if not parsed:
                continue
            file = parsed[0]
            units = []
            for hunk in file.hunks:
                hunk.id = _unit_id(change, hunk.id)
                hunk.section = f"{change.label} ({change.how})"
                if change.id not in open_changes:
                    units.append(hunk)
                    continue
                if (change.id, hunk.id) in decided:
                    continue
                parts = split_hunk(hunk) if any(
                    key[0] == change.id and key[1].startswith(hunk.id + ".") for key in decided
                ) else [hunk]  # fmt: skip
                units.extend(part for part in parts if (change.id, part.id) not in decided)
            if not units:
                continue
            new_files.append(file)
            self.files.append(file)
            self.changes.append(change)
            file_index = len(self.files) - 1
            new_units.extend(HunkState(hunk=unit, file_index=file_index) for unit in units)
        return new_files, new_units

    def session(self) -> ReviewSession:
        """A review session over what ``more()`` finds now; it shares ``files`` with this review,
        so that ``grow`` can add to it."""
        self.store.pin_changes()  # what the hooks left to pin, before anything is decided
        _files, units = self.more()
        session = ReviewSession(self.files, source="review what agents wrote")
        session.units = units
        session.index = 0
        return session

    def grow(self, session: ReviewSession) -> int:
        """Add what was captured since to an open ``session`` (at the end of its queue, its cursor
        where it is); returns how many units joined."""
        _files, units = self.more()
        if units:
            session.units.extend(units)
            session.stats()  # recounts: the units were resized from outside
        return len(units)

    def change_of(self, session: ReviewSession, unit: HunkState) -> Change:
        return self.changes[unit.file_index]

    # ---------------------------------------------------------------- saved for --resume

    def state_path(self) -> Path:
        """Where this review's decisions are saved as they are made (one per --agent choice)."""
        name = "review-drafted" + (f"-{self.agent}" if self.agent else "")
        return self.store.repo.state_dir / f"{name}.json"

    def add_note(self, unit_id: str, text: str) -> None:
        """Keep a note for the agent about a unit; saved beside the decisions for --resume."""
        self.notes[unit_id] = text
        if self.saving:
            _write_json(self.state_path().with_suffix(".notes.json"), self.notes)

    def save_from_now(self, session: ReviewSession) -> None:
        """Save ``session``'s decisions (and the notes) on every change from now on, replacing a
        saved review of the same kind."""
        self.saving = True
        session.state_path = self.state_path()
        session.save()
        _write_json(self.state_path().with_suffix(".notes.json"), self.notes)

    def resume(self, session: ReviewSession) -> list[str]:
        """Put the saved decisions and notes back on ``session``'s units (matched by their ids:
        the change and the hunk's content), split where they were split; the cursor on the first
        undecided unit. Returns what to tell the reviewer (what could not be matched)."""
        path = self.state_path()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UserError(
                f"no saved review to resume ({path} does not exist); run specdraft review --drafted "
                "without --resume"
            ) from None
        except (OSError, ValueError) as error:
            raise UserError(f"cannot read the saved review {path}: {error}; start again without --resume") from None
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION or not isinstance(data.get("units"), list):
            raise UserError(f"the saved review {path} is from another version; start again without --resume")
        try:
            notes = json.loads(path.with_suffix(".notes.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            notes = {}
        for parent_id in data.get("split") or []:
            for index, unit in enumerate(session.units):
                if unit.id == parent_id and session.can_split(unit):
                    session.units[index : index + 1] = [HunkState(hunk=part, file_index=unit.file_index)
                                                        for part in split_hunk(unit.hunk)]  # fmt: skip
                    break
        by_id = {unit.id: unit for unit in session.units}
        dropped = 0
        for saved in data["units"]:
            unit = by_id.get(saved.get("id")) if isinstance(saved, dict) else None
            if unit is None:
                dropped += isinstance(saved, dict) and saved.get("decision", "pending") != "pending"
                continue
            try:
                unit.decision = Decision(saved.get("decision", "pending"))
                if saved.get("lines") is not None:
                    unit.selected_lines = set(saved["lines"]) & set(unit.hunk.change_indices)
                if saved.get("edited"):
                    unit.edited = parse_edited_hunk(base64.b64decode(saved["edited"]), unit.hunk, comment=None)
                unit.seconds = float(saved.get("seconds", 0.0))
            except (ValueError, TypeError, UserError):
                unit.decision, unit.selected_lines, unit.edited = Decision.PENDING, None, None
            if unit.decision == Decision.EDITED and unit.edited is None and unit.selected_lines is None:
                unit.decision = Decision.PENDING
        if isinstance(notes, dict):
            self.notes.update({k: v for k, v in notes.items() if k in by_id and isinstance(v, str)})
        pending = [i for i, unit in enumerate(session.units) if unit.decision == Decision.PENDING]
        session.index = pending[0] if pending else 0
        session.stats()  # recounts: the decisions were set from outside
        messages = []
        if dropped:
            messages.append(f"{dropped} decision{'s' if dropped != 1 else ''} of the saved review "
                            f"{'are' if dropped != 1 else 'is'} about lines no longer waiting for review "
                            "(decided, committed or changed since); dropped")  # fmt: skip
        return messages

    def discard_saved(self, session: ReviewSession) -> None:
        session.discard_saved()
        self.state_path().with_suffix(".notes.json").unlink(missing_ok=True)


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data), encoding="utf-8")
    os.replace(temporary, path)


# ---------------------------------------------------------------- carrying the decisions out


def _hashes(lines: list[bytes]) -> tuple[list[str], list[str]]:
    kept = [(line_hash(raw), normalise_line(raw)) for raw in lines]
    kept = [(digest, text) for digest, text in kept if digest]
    return [d for d, _ in kept], [t for _, t in kept]


def _review_record(change: Change, unit: HunkState, decision: str, plus: list[bytes], minus: list[bytes]) -> HunkRecord:
    lines, texts = _hashes(plus)
    removed, removed_texts = _hashes(minus)
    drafted = [line.raw for line in unit.hunk.lines if line.kind == "+"]
    joined = "\n".join(normalise_line(raw) for raw in drafted)
    return HunkRecord(
        id=new_id(), session=f"{change.agent}#{change.turn}", file=change.path, hunk=change.id,
        drafter=change.agent, decision=decision, edited=decision == "edited", reviewed=True,
        seconds=round(unit.seconds, 3), lines_read=len(unit.hunk.change_indices),
        drafted=len(drafted), applied=len(plus), lines=lines, texts=texts,
        content_hash=hashlib.sha256(joined.encode("utf-8")).hexdigest()[:20], time=now(),
        kind="review", removed=removed, removed_texts=removed_texts,
    )  # fmt: skip


def _kept(unit: HunkState) -> tuple[list[bytes], list[bytes]]:
    """The + and - lines that stay as the unit was decided (the reviewer's version's own)."""
    if unit.decision == Decision.REJECTED:
        return [], []
    if unit.edited is not None:
        lines = unit.edited.lines
        return [x.raw for x in lines if x.kind == "+"], [x.raw for x in lines if x.kind == "-"]
    chosen = unit.selected_lines
    lines = [(i, x) for i, x in enumerate(unit.hunk.lines) if chosen is None or i in chosen or x.kind == " "]
    return [x.raw for _, x in lines if x.kind == "+"], [x.raw for _, x in lines if x.kind == "-"]


@dataclass
class Applied:
    """What ``apply`` did, for the summary line."""

    accepted: int = 0
    edited: int = 0
    rejected: int = 0
    queued: int = 0
    refused: list[str] = field(default_factory=list)  # why, per refused revert

    def summary(self) -> str:
        parts = [f"{self.accepted} accepted", f"{self.edited} edited", f"{self.rejected} reverted"]
        if self.queued:
            parts.append(f"{self.queued} queued until the agent's turn ends")
        if self.refused:
            parts.append(f"{len(self.refused)} not reverted (changed since; still to review)")
        return ", ".join(parts)


def _revert(repo, file: FileDiff, unit: HunkState, indices) -> None:
    """Revert ``indices`` (change lines of ``unit``) in the worktree; UserError when refused."""
    patch = build_patch([file], {unit.id: frozenset(indices)}, reverse=True)
    if patch:
        repo.apply(patch, reverse=True)


def _hunk_text(unit: HunkState) -> str:
    return unit.hunk.patch_bytes().decode("utf-8", "replace")


def apply(review: DraftedReview, session: ReviewSession) -> Applied:
    """Carry out every decision of ``session`` (see the module's docstring)."""
    from specdraft.agents.snapshot import own_writes

    done = Applied()
    session.stats()  # charges the time of the unit under the cursor
    with own_writes(review.store):  # a run or watch going on does not take them for the agent's
        _apply_units(review, session, done)
    return done


def _apply_units(review: DraftedReview, session: ReviewSession, done: Applied) -> None:
    store, repo = review.store, review.store.repo
    for unit in session.units:
        change = review.change_of(session, unit)
        note = review.notes.get(unit.id)
        if unit.decision == Decision.PENDING:
            if note:  # a note alone: the hunk stays to review
                add_feedback(store, agent=change.agent, turn=change.turn, path=change.path,
                             kind="note", text=note)  # fmt: skip
            continue
        file = session.files[unit.file_index]
        decision = unit.decision.value
        queued = False
        try:
            if unit.decision == Decision.REJECTED:
                if store.turn_open(change.agent):
                    _queue(store, change, file, unit)
                    queued = True
                else:
                    _revert(repo, file, unit, unit.hunk.change_indices)
            elif unit.decision == Decision.EDITED and unit.edited is not None:
                _revert(repo, file, unit, unit.hunk.change_indices)
                patch = build_patch([file], {unit.id: unit.edited})
                try:
                    repo.apply(patch)
                except UserError:
                    _revert_back(repo, file, unit)
                    raise
            elif unit.decision == Decision.EDITED and unit.selected_lines is not None:
                _revert(repo, file, unit, set(unit.hunk.change_indices) - set(unit.selected_lines))
        except UserError as error:
            done.refused.append(f"{change.path} ({change.label}): {error}")
            if unit.decision == Decision.REJECTED:
                add_feedback(store, agent=change.agent, turn=change.turn, path=change.path,
                             kind="refused", text=_hunk_text(unit))  # fmt: skip
            continue
        plus, minus = _kept(unit)
        append_records(repo, [_review_record(change, unit, decision, plus, minus)])
        store.append(DECISIONS, [{"change": change.id, "unit": unit.id, "decision": decision,
                                  "seconds": round(unit.seconds, 3), "queued": queued,
                                  "added": sum(1 for x in unit.hunk.lines if x.kind == "+"),
                                  "removed": sum(1 for x in unit.hunk.lines if x.kind == "-"),
                                  "kept": len(plus), "agent": change.agent, "time": now()}])  # fmt: skip
        if unit.decision == Decision.REJECTED:
            add_feedback(store, agent=change.agent, turn=change.turn, path=change.path,
                         kind="queued" if queued else "rejected", text=_hunk_text(unit))  # fmt: skip
            done.queued += queued
            done.rejected += not queued
        elif unit.decision == Decision.EDITED:
            done.edited += 1
        else:
            done.accepted += 1
        if note:
            add_feedback(store, agent=change.agent, turn=change.turn, path=change.path,
                         kind="note", text=note)  # fmt: skip


def _revert_back(repo, file: FileDiff, unit: HunkState) -> None:
    """Put the agent's version back after a half-done edit (the revert went in, the reviewer's
    version did not)."""
    patch = build_patch([file], {unit.id: frozenset(unit.hunk.change_indices)})
    repo.apply(patch)


def _queue(store: AgentStore, change: Change, file: FileDiff, unit: HunkState) -> None:
    patch = build_patch([file], {unit.id: frozenset(unit.hunk.change_indices)}, reverse=True)
    store.append(QUEUE, [{"id": new_id(), "agent": change.agent, "change": change.id,
                          "unit": unit.id, "path": change.path, "turn": change.turn,
                          "patch": base64.b64encode(patch).decode(), "time": now()}])  # fmt: skip


def queued(store: AgentStore, agent: str | None = None) -> list[dict]:
    """The rejects waiting for their agent's turn to end."""
    entries = store.read(QUEUE)
    done = {e["done"] for e in entries if "done" in e}
    return [e for e in entries if "id" in e and e["id"] not in done and (agent is None or e["agent"] == agent)]


def apply_queue(store: AgentStore, agent: str | None = None) -> list[str]:
    """Make the queued reverts (of ``agent``); one the file refused (it changed there since) is
    reopened for review and said in the feedback. Returns what happened, line by line."""
    out = []
    with store.locked():
        waiting = queued(store, agent)
    for entry in waiting:
        patch = base64.b64decode(entry["patch"])
        try:
            store.repo.apply(patch, reverse=True)
        except UserError as error:
            store.append(DECISIONS, [{"change": entry["change"], "unit": entry["unit"],
                                      "decision": "reopened", "time": now()}])  # fmt: skip
            add_feedback(store, agent=entry["agent"], turn=entry.get("turn", 0), path=entry["path"],
                         kind="refused", text=patch.decode("utf-8", "replace"))  # fmt: skip
            out.append(f"{entry['path']}: the queued revert was refused ({error}); it is to review again")
        else:
            out.append(f"{entry['path']}: reverted (queued reject)")
        store.append(QUEUE, [{"done": entry["id"], "time": now()}])
    return out



def agent_summary(store: AgentStore) -> dict[str, dict]:
    """Per agent: writes (changes), lines drafted (+ and -), lines in hunks accepted, edited and
    rejected, lines still to review, and the review time spent on its hunks (seconds)."""
    summary: dict[str, dict] = {}

    def entry(agent: str) -> dict:
        return summary.setdefault(agent, {"writes": 0, "turns": set(), "drafted": 0, "accepted": 0,
                                          "edited": 0, "rejected": 0, "review_seconds": 0.0})  # fmt: skip

    for change in store.changes():
        part = entry(change.agent)
        part["writes"] += 1
        part["turns"].add(change.turn)
        part["drafted"] += change.added + change.removed
    for agent, decision in _last_decisions(store):
        part = entry(agent)
        lines = int(decision.get("added", 0)) + int(decision.get("removed", 0))
        kind = decision.get("decision")
        if kind in ("accepted", "edited", "rejected"):
            part[kind] += lines
        part["review_seconds"] += float(decision.get("seconds", 0.0))
    for part in summary.values():
        part["turns"] = len(part["turns"])
        part["to_review"] = max(part["drafted"] - part["accepted"] - part["edited"] - part["rejected"], 0)
        part["review_seconds"] = round(part["review_seconds"], 3)
    return dict(sorted(summary.items()))


def _last_decisions(store: AgentStore) -> list[tuple[str, dict]]:
    """(agent, decision entry) of each unit's last decision (a reopened unit has none)."""
    last: dict[tuple[str, str], dict] = {}
    for entry in store.read(DECISIONS):
        key = (str(entry.get("change")), str(entry.get("unit")))
        if entry.get("decision") == "reopened":
            last.pop(key, None)
        else:
            last[key] = entry
    agents = {change.id: change.agent for change in store.changes()}
    return [(agents.get(change, str(e.get("agent"))), e) for (change, _unit), e in last.items()]

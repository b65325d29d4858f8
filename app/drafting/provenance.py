"""The review record: which hunks specdraft drafted, who verified them and how, kept under git's common dir.

Every unit of a drafting session becomes one JSON line in ``<git common dir>/specdraft/
provenance.jsonl`` (shared by linked worktrees, never in the worktree): the file, the drafter
(model name), the decision, the seconds the cursor spent on it, whether the human edited it,
whether a human reviewed it at all (False for ``--yes``), the time, and a hash per drafted line
that landed in the tree. Lines are hashed after normalisation (line ending and trailing
whitespace dropped) so that a staged ``+`` line can later be matched to the drafted line it came
from, one line at a time. Lines without a letter or digit (blank lines, lone braces) are not
hashed: they match anything and prove nothing.

``classify`` matches the ``+`` lines of a diff (the staged one at commit time, a commit's own
for its note) against the record and says which drafted lines no human reviewed: accepted
unattended, accepted faster than a reading speed, or changed after review (a reviewed hunk
whose drafted lines were replaced since). Pure Python apart from the git calls; no textual.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import time
import uuid
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from specdraft.core.errors import UserError

if TYPE_CHECKING:
    from specdraft.core.diffs import FileDiff, Hunk
    from specdraft.core.git import GitRepo
    from specdraft.core.session import HunkState, ReviewSession

RECORD_VERSION = 1
RECORD_NAME = "provenance.jsonl"
_SIGNIFICANT = re.compile(r"\w")  # a line must hold a letter, a digit or _ to be matched


# ---------------------------------------------------------------- lines


def normalise_line(raw: bytes) -> str:
    """A line as it is compared: decoded, without its line ending and trailing whitespace."""
    return raw.decode("utf-8", "replace").rstrip()


def line_hash(raw: bytes) -> str | None:
    """The hash a drafted line is recorded under; None for a line that proves nothing."""
    text = normalise_line(raw)
    if not _SIGNIFICANT.search(text):
        return None
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def added_lines(hunk: Hunk) -> list[bytes]:
    return [line.raw for line in hunk.lines if line.kind == "+"]


# ---------------------------------------------------------------- the record


@dataclass
class HunkRecord:
    """One drafted unit and what became of it."""

    id: str
    session: str
    file: str
    hunk: str  # the hunk id in its session
    drafter: str
    decision: str  # accepted | edited | rejected | pending
    edited: bool
    reviewed: bool  # False: accepted with --yes (no human looked at it)
    seconds: float  # time the cursor spent on it
    lines_read: int  # + and - lines shown (for the reading speed guard)
    drafted: int  # + lines the drafter proposed
    applied: int  # + lines that went into the tree (the human's own ones included)
    lines: list[str] = field(default_factory=list)  # hashes of drafted + lines that went in
    content_hash: str = ""  # hash of all the drafted + lines, normalised, in order
    time: str = ""  # UTC, ISO 8601
    kind: str = "draft"  # draft: made by drafting; review: a review at commit time
    version: int = RECORD_VERSION

    @property
    def accepted(self) -> bool:
        return self.decision in ("accepted", "edited")

    def reading_speed(self) -> float | None:
        """Lines read per second; None when it was not accepted as it stood."""
        if self.decision != "accepted" or not self.reviewed:
            return None
        return self.lines_read / self.seconds if self.seconds > 0 else float("inf")

    @classmethod
    def from_dict(cls, data: dict) -> HunkRecord:
        known = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        return cls(**known)


def store_dir(repo: GitRepo) -> Path:
    """``<git common dir>/specdraft``: the same directory from every linked worktree."""
    out = repo.run("rev-parse", "--git-common-dir").stdout.decode().strip()
    common = Path(out)
    if not common.is_absolute():
        common = (repo.root / common).resolve()
    return common / "specdraft"


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _unit_lines(unit: HunkState) -> list[bytes]:
    """The + lines a unit put into the tree, as decided."""
    decision = unit.decision.value
    if unit.hunk.kind != "text" or decision in ("rejected", "pending"):
        return []
    if unit.edited is not None:
        return added_lines(unit.edited)
    if unit.selected_lines is not None:
        return [
            line.raw
            for index, line in enumerate(unit.hunk.lines)
            if line.kind == "+" and index in unit.selected_lines
        ]
    return added_lines(unit.hunk)


def unit_record(
    unit: HunkState, *, session_id: str, drafter: str, reviewed: bool, kind: str = "draft"
) -> HunkRecord:
    """The record of one unit of a review session.

    A ``draft`` record keeps the drafted lines that went in; a ``review`` record (a review of
    staged lines at commit time) keeps every line that stayed, the human's own edits included.
    """
    drafted_raw = added_lines(unit.hunk) if unit.hunk.kind == "text" else []
    drafted_hashes = [h for h in map(line_hash, drafted_raw) if h]
    applied_raw = _unit_lines(unit)
    drafted_set = set(drafted_hashes)
    landed = [
        h for h in map(line_hash, applied_raw) if h and (kind == "review" or h in drafted_set)
    ]
    joined = "\n".join(normalise_line(raw) for raw in drafted_raw)
    return HunkRecord(
        id=uuid.uuid4().hex[:16],
        session=session_id,
        file=unit.hunk.path,
        hunk=unit.hunk.id,
        drafter=drafter,
        decision=unit.decision.value,
        edited=unit.decision.value == "edited",
        reviewed=reviewed,
        seconds=round(unit.seconds, 3),
        lines_read=len(unit.hunk.change_indices) if unit.hunk.kind == "text" else 1,
        drafted=len(drafted_raw),
        applied=len(applied_raw),
        lines=landed,
        content_hash=hashlib.sha256(joined.encode("utf-8")).hexdigest()[:20],
        time=_now(),
        kind=kind,
    )


def append_records(repo: GitRepo, records: Iterable[HunkRecord | dict]) -> None:
    """Append records (or landing events) to the record file, under an exclusive lock."""
    lines = [
        json.dumps(asdict(r) if isinstance(r, HunkRecord) else r, ensure_ascii=False) + "\n"
        for r in records
    ]
    if not lines:
        return
    directory = store_dir(repo)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with open(directory / RECORD_NAME, "a", encoding="utf-8") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            handle.write("".join(lines))
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as error:
        raise UserError(
            f"cannot write the review record in {directory}: {error.strerror or error}; "
            "check that the .git directory is writable"
        ) from None


def record_session(
    repo: GitRepo, session: ReviewSession, *, drafter: str, unattended: bool
) -> None:
    """Record every unit of a drafting session once its decisions were applied.

    ``unattended``: the hunks were accepted without a human looking (``--yes``); their lines
    count as not reviewed at commit time.
    """
    session.stats()  # charges the time of the unit under the cursor
    session_id = uuid.uuid4().hex[:16]
    append_records(
        repo,
        [
            unit_record(unit, session_id=session_id, drafter=drafter, reviewed=not unattended)
            for unit in session.units
        ],
    )


def record_review(repo: GitRepo, units: Iterable[HunkState], drafters: dict[str, list[str]]) -> None:
    """Record a human review of staged hunks that held unreviewed drafted lines.

    ``drafters``: hunk id -> the drafters of its lines; a unit made by splitting such a hunk
    counts as that hunk.
    """
    session_id = uuid.uuid4().hex[:16]
    records = []
    for unit in units:
        key = unit.hunk.parent_id or unit.id
        if key not in drafters:
            continue
        records.append(
            unit_record(
                unit,
                session_id=session_id,
                drafter=", ".join(drafters[key]),
                reviewed=True,
                kind="review",
            )
        )
    append_records(repo, records)


@dataclass
class Store:
    """The record as read: hunk records, and which of their lines already landed in commits."""

    records: list[HunkRecord]
    landed: dict[str, dict[str, set[str]]]  # record id -> commit -> line hashes that landed there

    def by_id(self) -> dict[str, HunkRecord]:
        return {record.id: record for record in self.records}

    def remaining(self, record: HunkRecord, reachable: set[str] | None = None) -> list[str]:
        """The record's lines that have not landed yet (in a commit in ``reachable``, if given)."""
        done: set[str] = set()
        for commit, hashes in self.landed.get(record.id, {}).items():
            if reachable is None or commit in reachable:
                done |= hashes
        return [h for h in record.lines if h not in done]


def load_store(repo: GitRepo) -> Store:
    """Read the record; a damaged line is skipped (the rest still counts)."""
    path = store_dir(repo) / RECORD_NAME
    records: list[HunkRecord] = []
    landed: dict[str, dict[str, set[str]]] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Store(records, landed)
    except OSError as error:
        raise UserError(f"cannot read the review record {path}: {error.strerror or error}") from None
    for line in text.splitlines():
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if not isinstance(data, dict):
            continue
        if data.get("event") == "landed":
            commit = str(data.get("commit", ""))
            for record_id, hashes in dict(data.get("lines", {})).items():
                landed.setdefault(record_id, {}).setdefault(commit, set()).update(hashes)
            continue
        try:
            records.append(HunkRecord.from_dict(data))
        except TypeError:
            continue
    return Store(records, landed)


# ---------------------------------------------------------------- matching a diff


@dataclass
class Finding:
    """Drafted lines in one hunk of a diff that no human reviewed, and why."""

    path: str
    hunk: Hunk
    reason: str  # "unattended" | "too-fast" | "changed"
    lines: list[int]  # new line numbers
    drafters: list[str]
    detail: str = ""

    def describe(self) -> str:
        span = (
            f"{self.lines[0]}"
            if len(self.lines) == 1 or self.lines[0] == self.lines[-1]
            else f"{self.lines[0]}-{self.lines[-1]}"
        )
        count = len(self.lines)
        who = ", ".join(self.drafters) or "unknown drafter"
        why = {
            "unattended": "accepted without review (--yes)",
            "too-fast": "accepted faster than it can be read",
            "changed": "changed after review",
        }[self.reason]
        extra = f"; {self.detail}" if self.detail else ""
        return f"{self.path}:{span} ({count} line{'s' if count != 1 else ''}, drafted by {who}): {why}{extra}"


@dataclass
class LineOrigin:
    """What one + line of a diff is, as far as the record knows."""

    status: str  # "reviewed" | "unattended" | "too-fast" | "human"
    records: list[HunkRecord]


@dataclass
class Classification:
    """A diff's + lines against the record."""

    findings: list[Finding]
    origins: dict[tuple[str, int], LineOrigin]  # (path, new line number) -> origin, drafted only
    matched: dict[str, set[str]]  # record id -> line hashes of it found in the diff


def classify(
    files: list[FileDiff],
    store: Store,
    *,
    lines_per_second: float,
    file_text: dict[str, str] | None = None,
    reachable: set[str] | None = None,
) -> Classification:
    """Match the + lines of ``files`` to the record; list the drafted lines nobody reviewed.

    A + line is drafted when a record for the same file holds its hash among the lines that
    have not landed yet. It is reviewed when one such record was reviewed by a human (and, if
    accepted as it stood, read slower than ``lines_per_second``). A hunk that holds reviewed
    drafted lines and also lines nobody drafted, while one of those records' lines is gone
    from the file (``file_text``: the new contents by path), was changed after review: its
    undrafted lines are listed as such.
    """
    index: dict[tuple[str, str], list[HunkRecord]] = {}
    remaining: dict[str, list[str]] = {}
    for record in store.records:
        if not record.lines:
            continue
        left = store.remaining(record, reachable)
        remaining[record.id] = left
        for line in left:
            index.setdefault((record.file, line), []).append(record)
    findings: list[Finding] = []
    origins: dict[tuple[str, int], LineOrigin] = {}
    matched: dict[str, set[str]] = {}
    if not index:
        return Classification(findings, origins, matched)
    for file in files:
        if file.new_path is None:
            continue
        path = file.new_path
        for hunk in file.hunks:
            if hunk.kind != "text":
                continue
            by_reason: dict[str, list[tuple[int, list[HunkRecord]]]] = {}
            undrafted: list[int] = []
            hunk_records: dict[str, HunkRecord] = {}
            for line in hunk.lines:
                if line.kind != "+" or line.new_lineno is None:
                    continue
                digest = line_hash(line.raw)
                if digest is None:
                    continue
                candidates = index.get((path, digest), [])
                if not candidates:
                    undrafted.append(line.new_lineno)
                    continue
                status = _line_status(candidates, lines_per_second)
                origins[(path, line.new_lineno)] = LineOrigin(status, candidates)
                for record in candidates:
                    matched.setdefault(record.id, set()).add(digest)
                    hunk_records[record.id] = record
                if status != "reviewed":
                    by_reason.setdefault(status, []).append((line.new_lineno, candidates))
            for reason, entries in by_reason.items():
                drafters = sorted({r.drafter for _, rs in entries for r in rs})
                detail = ""
                if reason == "too-fast":
                    slowest = max(
                        (r for _, rs in entries for r in rs), key=lambda r: r.seconds
                    )
                    detail = f"{slowest.lines_read} lines in {slowest.seconds:.1f} s"
                findings.append(
                    Finding(path, hunk, reason, [n for n, _ in entries], drafters, detail)
                )
            if undrafted and hunk_records and file_text is not None:
                present = {
                    h
                    for h in (
                        line_hash(text.encode("utf-8"))
                        for text in file_text.get(path, "").splitlines()
                    )
                    if h
                }
                changed = [
                    r
                    for r in hunk_records.values()
                    if r.reviewed and any(h not in present for h in remaining.get(r.id, []))
                ]
                if changed:
                    findings.append(
                        Finding(
                            path,
                            hunk,
                            "changed",
                            undrafted,
                            sorted({r.drafter for r in changed}),
                        )
                    )
                    for number in undrafted:
                        origins[(path, number)] = LineOrigin("changed", changed)
    findings.sort(key=lambda f: (f.path, f.lines[0]))
    return Classification(findings, origins, matched)


def _line_status(candidates: list[HunkRecord], lines_per_second: float) -> str:
    reviewed = [r for r in candidates if r.reviewed]
    if not reviewed:
        return "unattended"
    for record in reviewed:
        speed = record.reading_speed()
        if speed is None or lines_per_second <= 0 or speed <= lines_per_second:
            return "reviewed"
    return "too-fast"

"""The review record: which hunks specdraft drafted, who verified them and how, kept under git's common dir.

Every unit of a drafting session becomes one JSON line in ``<git common dir>/specdraft/
provenance.jsonl`` (shared by linked worktrees, never in the worktree): the file, the drafter
(model name), the decision, the seconds the cursor spent on it, whether the human edited it,
whether a human reviewed it at all (False for ``--yes``), the time, and a hash and the text of
each drafted line that landed in the tree. Lines are hashed after normalisation (line ending and
trailing whitespace dropped) so that a staged ``+`` line can later be matched to the drafted line
it came from, one line at a time; the text is for a line changed since. Lines without a letter
or digit (blank lines, lone braces) are not kept: they match anything and prove nothing.

``classify`` matches the ``+`` lines of a diff (the staged one at commit time, a commit's own
for its note) against the record and says which drafted lines no human reviewed: accepted
unattended, accepted faster than a reading speed, or changed after review (a reviewed hunk
whose drafted lines were replaced since). A line that is not a drafted line exactly but still
mostly one (difflib ratio >= ``SIMILAR`` against a drafted line of the same file, indentation
aside) is that line, changed: a trivial edit does not make a drafted line the human's own.
Lines are followed where they go: into a file renamed or copied from theirs, into another file
(the same text exactly), inside a longer line or re-wrapped over several (a trailing comment);
and a drafted line counts once, so the same text reviewed elsewhere reviews no second copy.
A hunk drafted into a file of a submodule is also recorded in the submodule's own record.
Pure Python apart from the git calls; no textual.

The record is read whole or not at all (invariant 9 of the design): a line that is not UTF-8,
not JSON, or not a record of the expected shape raises ``RecordDamaged``, which names the file
and the line, and everything that reads the record stops on it. Each record line is written
with one ``os.write`` (appended under a lock, then fsynced), so a crash leaves at most one bad
last line; ``repair_record`` moves unreadable lines aside to a file next to the record. A second
witness in git config (``specdraft.record``: the size and hash of the record at its last write)
makes a record emptied, deleted or rewritten fail closed too (``RecordLost``), until ``repair_record``
accepts the loss.
"""

from __future__ import annotations

import bisect
import contextlib
import difflib
import errno
import fcntl
import hashlib
import json
import os
import re
import time
from collections.abc import Iterable, Iterator
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
LOCK_NAME = "provenance.lock"  # flock()ed: exclusive to append or repair, shared to read
_SIGNIFICANT = re.compile(r"\w")  # a line must hold a letter, a digit or _ to be matched
# A staged line whose difflib ratio to a drafted line of the same file (both stripped of their
# indentation) is at least this is that drafted line, changed: one character in a 10-character
# line still matches (0.9), a line rewritten around a shared name does not.
SIMILAR = 0.8
# Comparisons (a staged line with a drafted line of a length that can reach SIMILAR) allowed
# per check, 3 µs each: 0.3 s at most. The lines left uncompared when they run out are listed
# as unchecked (fail closed); a review of them records them, and the next check matches them
# by hash.
SIMILAR_BUDGET = 100_000


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
    # the normalised text of each line of ``lines`` (same order), to match a line changed since;
    # empty in records written before it was kept (those match exactly only)
    texts: list[str] = field(default_factory=list)
    time: str = ""  # UTC, ISO 8601
    kind: str = "draft"  # draft: made by drafting; review: a review at commit time
    # lines the drafter deleted (an agent's write, specdraft.agents): hashes and texts as for
    # ``lines``; a staged - line that is one of them blocks until a review of it is recorded
    removed: list[str] = field(default_factory=list)
    removed_texts: list[str] = field(default_factory=list)
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


def new_id() -> str:
    """A random id for a record or a session (64 bits, as uuid4 draws them: os.urandom)."""
    return os.urandom(8).hex()


def store_dir(repo: GitRepo) -> Path:
    """``<git common dir>/specdraft``: the same directory from every linked worktree.

    The common dir is read as git reads it, from the ``commondir`` file of a linked worktree's
    git dir (the git dir itself when there is none): no git process, which the Claude Code hook,
    run after every edit an agent makes, is the quicker for."""
    git_dir = getattr(repo, "git_dir", None)
    if isinstance(git_dir, Path) and git_dir.is_absolute():
        try:
            text = (git_dir / "commondir").read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return git_dir / "specdraft"
        except (OSError, UnicodeDecodeError):
            text = ""
        if text:
            common = Path(text)
            return (common if common.is_absolute() else (git_dir / common).resolve()) / "specdraft"
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


def _edit_changed(unit: HunkState) -> bool:
    """Whether the human's edit of a unit changed any + or - line (whitespace at the end aside)."""
    if unit.edited is None:  # line mode: a change unless every change line was kept
        chosen = unit.selected_lines
        return chosen is None or set(chosen) != set(unit.hunk.change_indices)

    def changes(hunk: Hunk) -> list[tuple[str, str]]:
        return [(line.kind, normalise_line(line.raw)) for line in hunk.lines if line.kind != " "]

    original = changes(unit.hunk)
    if unit.selected_lines is not None:
        original = [
            (line.kind, normalise_line(line.raw))
            for index, line in enumerate(unit.hunk.lines)
            if line.kind != " " and index in unit.selected_lines
        ]
    return changes(unit.edited) != original


def unit_record(
    unit: HunkState, *, session_id: str, drafter: str, reviewed: bool, kind: str = "draft"
) -> HunkRecord:
    """The record of one unit of a review session.

    A ``draft`` record keeps the drafted lines that went in; a ``review`` record (a review of
    staged lines at commit time) keeps every line that stayed, the human's own edits included.
    """
    drafted_raw = added_lines(unit.hunk) if unit.hunk.kind == "text" else []
    drafted_set = {h for h in map(line_hash, drafted_raw) if h}
    applied_raw = _unit_lines(unit)
    landed = [
        (digest, normalise_line(raw))
        for digest, raw in ((line_hash(raw), raw) for raw in applied_raw)
        if digest and (kind == "review" or digest in drafted_set)
    ]
    joined = "\n".join(normalise_line(raw) for raw in drafted_raw)
    decision = unit.decision.value
    if decision == "edited" and not _edit_changed(unit):
        decision = "accepted"  # an `e` that changes nothing is an accept, read at its speed
    return HunkRecord(
        id=new_id(),
        session=session_id,
        file=unit.hunk.path,
        hunk=unit.hunk.id,
        drafter=drafter,
        decision=decision,
        edited=decision == "edited",
        reviewed=reviewed,
        seconds=round(unit.seconds, 3),
        lines_read=len(unit.hunk.change_indices) if unit.hunk.kind == "text" else 1,
        drafted=len(drafted_raw),
        applied=len(applied_raw),
        lines=[digest for digest, _ in landed],
        content_hash=hashlib.sha256(joined.encode("utf-8")).hexdigest()[:20],
        texts=[text for _, text in landed],
        time=_now(),
        kind=kind,
    )


@contextlib.contextmanager
def _locked(directory: Path, *, exclusive: bool) -> Iterator[None]:
    """Hold the record's lock: exclusive to append or repair, shared to read.

    A reader that cannot create the lock file (a read-only .git) reads unlocked: a line being
    appended meanwhile then reads as damaged, which stops the reader rather than misleads it.
    """
    try:
        fd = os.open(directory / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        if exclusive:
            raise
        fd = None
    if fd is None:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _append_lines(path: Path, lines: list[bytes]) -> None:
    """Append whole lines to ``path``: one ``os.write`` per line, one fsync, all or nothing.

    A file that does not end in a newline (a line cut off by a crash) gets one first, so that the
    cut line stays one bad line instead of swallowing the next record. When a write fails half
    way (a full disk), the file is cut back to where it was.
    """
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        start = os.fstat(fd).st_size
        if start and os.pread(fd, 1, start - 1) != b"\n":
            lines = [b"\n" + lines[0], *lines[1:]]
        try:
            for line in lines:
                written = os.write(fd, line)
                if written != len(line):
                    raise OSError(errno.ENOSPC, f"wrote {written} of {len(line)} bytes")
            os.fsync(fd)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, start)
            raise
    finally:
        os.close(fd)


def append_records(repo: GitRepo, records: Iterable[HunkRecord | dict]) -> None:
    """Append records (or landing events) to the record file, one line each, under the lock."""
    records = list(records)
    lines = [
        (json.dumps(asdict(r) if isinstance(r, HunkRecord) else r, ensure_ascii=False) + "\n").encode(
            "utf-8"
        )
        for r in records
    ]
    if not lines:
        return
    directory = store_dir(repo)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with _locked(directory, exclusive=True):
            _append_lines(directory / RECORD_NAME, lines)
            _write_witness(repo, directory / RECORD_NAME)
    except OSError as error:
        raise UserError(
            f"cannot write the review record in {directory}: {error.strerror or error}; "
            "check that the .git directory is writable and has room"
        ) from None
    if repo is not None:
        _record_in_submodules(repo, [r for r in records if isinstance(r, HunkRecord)])


def submodule_paths(repo: GitRepo) -> list[str]:
    """The paths of the submodules (gitlinks) in the index, checked out or not."""
    listed = repo.run("ls-files", "--stage", "-z", check=False).stdout.decode("utf-8", "surrogateescape")
    return [
        entry.partition("\t")[2]
        for entry in listed.split("\0")
        if entry.startswith("160000 ") and "\t" in entry
    ]


def _in_nested_checkout(repo: GitRepo, path: str) -> bool:
    """Whether a folder above ``path`` (inside the worktree) holds a ``.git``: a checked-out
    submodule, the only place ``_record_in_submodules`` records in."""
    parts = path.split("/")[:-1]
    folder = repo.root
    for part in parts:
        folder = folder / part
        if (folder / ".git").exists():
            return True
    return False


def _record_in_submodules(repo: GitRepo, records: list[HunkRecord]) -> None:
    """Also record, in a submodule's own record, the drafted hunks of files inside it (path
    relative to it), so that a commit made inside the submodule is checked against them."""
    if not records or not any(_in_nested_checkout(repo, record.file) for record in records):
        return  # no file of them lies in a checked-out repository below this one: no git call
    from dataclasses import replace

    from specdraft.core.git import GitRepo

    for sub in sorted(submodule_paths(repo), key=len, reverse=True):
        prefix = sub.rstrip("/") + "/"
        inside = [record for record in records if record.file.startswith(prefix)]
        if not inside:
            continue
        records = [record for record in records if not record.file.startswith(prefix)]
        root = repo.root / sub
        if not (root / ".git").exists():
            continue  # not checked out: nothing can have been written into it
        try:
            sub_repo = GitRepo(root)
        except UserError as error:
            raise UserError(
                f"cannot record the drafted lines of submodule {sub} in its own review record: "
                f"{error}; commits made inside it would not be checked"
            ) from None
        append_records(sub_repo, [replace(record, file=record.file[len(prefix):]) for record in inside])


def record_session(
    repo: GitRepo, session: ReviewSession, *, drafter: str, unattended: bool
) -> None:
    """Record every unit of a drafting session once its decisions were applied.

    ``unattended``: the hunks were accepted without a human looking (``--yes``); their lines
    count as not reviewed at commit time.
    """
    session.stats()  # charges the time of the unit under the cursor
    session_id = new_id()
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
    session_id = new_id()
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


# A second witness of the record, outside the directory that holds it: git config
# ``specdraft.record = "<bytes> <sha256 of those bytes>"``, set after every write. The record
# only grows between writes, so a record shorter than the witness, or whose first <bytes> hash
# differently, was emptied, deleted or rewritten: whatever reads it stops (fail closed), as on
# a damaged line, until ``specdraft hook repair`` accepts the loss.
WITNESS_KEY = "specdraft.record"


def _write_witness(repo: GitRepo | None, path: Path) -> None:
    if repo is None:
        return
    data = path.read_bytes() if path.exists() else b""
    value = f"{len(data)} {hashlib.sha256(data).hexdigest()}"
    for _attempt in range(3):  # git config takes its own lock; another writer may hold it
        if repo.run("config", WITNESS_KEY, value, check=False).returncode == 0:
            return
        time.sleep(0.05)
    # not written: the witness stays an older, shorter prefix of the record, still true


def _witness_problem(repo: GitRepo | None, data: bytes) -> str | None:
    """Why the record disagrees with its witness, or None when it agrees (or has none)."""
    if repo is None:
        return None
    result = repo.run("config", "--get", WITNESS_KEY, check=False)
    value = result.stdout.decode("utf-8", "replace").strip()
    if result.returncode != 0 or not value:
        return None
    size_text, _, digest = value.partition(" ")
    if not size_text.isdigit() or len(digest) != 64:
        return f"cannot be checked: its witness (git config {WITNESS_KEY}) reads {value[:80]!r}"
    size = int(size_text)
    if len(data) >= size and hashlib.sha256(data[:size]).hexdigest() == digest:
        return None
    if not data:
        what = "is missing or empty"
    elif len(data) < size:
        what = f"was cut short ({len(data)} bytes)"
    else:
        what = "was rewritten"
    return (
        f"{what}, though it held {size} bytes of drafted hunks at its last write "
        f"(git config {WITNESS_KEY})"
    )


@dataclass
class Store:
    """The record as read: hunk records, and which of their lines already landed in commits."""

    records: list[HunkRecord]
    landed: dict[str, dict[str, set[str]]]  # record id -> commit -> line hashes that landed there

    def by_id(self) -> dict[str, HunkRecord]:
        return {record.id: record for record in self.records}

    def _done(self, record: HunkRecord, reachable: set[str] | None) -> set[str]:
        """The record's hashes that landed (in a commit in ``reachable``, if given)."""
        done: set[str] = set()
        for commit, hashes in self.landed.get(record.id, {}).items():
            if reachable is None or commit in reachable:
                done |= hashes
        return done

    def remaining(self, record: HunkRecord, reachable: set[str] | None = None) -> list[str]:
        """The record's lines that have not landed yet (in a commit in ``reachable``, if given)."""
        done = self._done(record, reachable)
        return [h for h in record.lines if h not in done]

    def removed_remaining(self, record: HunkRecord, reachable: set[str] | None = None) -> list[str]:
        """The record's deleted lines whose deletion has not landed yet (landed as ``-<hash>``)."""
        if not record.removed:
            return []
        done = self._done(record, reachable)
        return [h for h in record.removed if "-" + h not in done]


# ---------------------------------------------------------------- reading the record whole


@dataclass
class Problem:
    """One line of the record that cannot be read."""

    number: int  # 1-based
    raw: bytes  # the line as it is in the file, without its newline
    why: str  # "is not JSON (...)", "is cut off: a crash while writing?", ...
    last: bool = False  # the file's last line, with no newline after it

    def describe(self) -> str:
        where = f"the last line (line {self.number})" if self.last else f"line {self.number}"
        return f"{where} {self.why}"


class RecordDamaged(UserError):
    """The review record holds lines that cannot be read whole; whatever depends on it stops."""

    def __init__(self, path: Path, problems: list[Problem]) -> None:
        self.path = path
        self.problems = problems
        super().__init__(f"{self.reason()}; {self.remedy()}")

    def reason(self) -> str:
        """One line: which file, which line, what is wrong with it."""
        more = len(self.problems) - 1
        tail = f" (and {more} more unreadable line{'s' if more != 1 else ''})" if more else ""
        return f"the review record {self.path} is damaged: {self.problems[0].describe()}{tail}"

    def remedy(self) -> str:
        """What to do about it, one sentence."""
        return REPAIR_HINT


class RecordLost(RecordDamaged):
    """The record was emptied, deleted or rewritten: its witness says it held more."""

    def __init__(self, path: Path, why: str) -> None:
        self.why = why
        super().__init__(path, [])

    def reason(self) -> str:
        return f"the review record {self.path} {self.why}"

    def remedy(self) -> str:
        return LOST_HINT


LOST_HINT = (
    "without it, AI-drafted lines cannot be told from yours; `specdraft hook repair` accepts "
    "the loss and starts the record afresh (review the staged changes with `specdraft review "
    "--staged` first)"
)

REPAIR_HINT = (
    "`specdraft hook repair` moves the unreadable lines aside and keeps the rest "
    "(what they recorded is lost: review the staged changes again with `specdraft review --staged`)"
)

# field -> (accepted types, required); bool is not a number here, though Python says it is
_NUMBER = (int, float)
_RECORD_FIELDS: dict[str, tuple[tuple[type, ...], bool]] = {
    "id": ((str,), True),
    "session": ((str,), True),
    "file": ((str,), True),
    "hunk": ((str,), True),
    "drafter": ((str,), True),
    "decision": ((str,), True),
    "edited": ((bool,), True),
    "reviewed": ((bool,), True),
    "seconds": (_NUMBER, True),
    "lines_read": ((int,), True),
    "drafted": ((int,), True),
    "applied": ((int,), True),
    "lines": ((list,), False),
    "texts": ((list,), False),
    "content_hash": ((str,), False),
    "removed": ((list,), False),
    "removed_texts": ((list,), False),
    "time": ((str,), False),
    "kind": ((str,), False),
    "version": ((int,), False),
}
_DECISIONS = ("accepted", "edited", "rejected", "pending")
_KINDS = ("draft", "review")


def _shape_error(data: object) -> str | None:
    """What is wrong with a parsed line, or None for a record or landing event as written."""
    if not isinstance(data, dict):
        return f"is not a review record (a JSON {type(data).__name__}, not an object)"
    if "event" in data:
        if data["event"] != "landed":
            return f"is not a review record (unknown event {data['event']!r}: written by a newer specdraft?)"
        lines = data.get("lines")
        if not isinstance(data.get("commit"), str) or not data["commit"]:
            return "is not a review record (a landing event without its commit)"
        if not isinstance(lines, dict) or not all(
            isinstance(key, str) and isinstance(value, list) and all(isinstance(h, str) for h in value)
            for key, value in lines.items()
        ):
            return "is not a review record (a landing event whose lines are not record id -> hashes)"
        return None
    for name, (types, required) in _RECORD_FIELDS.items():
        if name not in data:
            if required:
                return f"is not a review record (no {name!r})"
            continue
        value = data[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            return f"is not a review record ({name!r} is {json.dumps(value)[:40]})"
    version = data.get("version", RECORD_VERSION)
    if version > RECORD_VERSION:
        return f"was written by a newer specdraft (record version {version}); upgrade specdraft"
    if data["decision"] not in _DECISIONS or data.get("kind", "draft") not in _KINDS:
        return f"is not a review record (decision {data['decision']!r}, kind {data.get('kind')!r})"
    for name in ("lines", "texts", "removed", "removed_texts"):
        if not all(isinstance(item, str) for item in data.get(name, [])):
            return f"is not a review record ({name!r} holds something other than text)"
    return None


def _parse_line(raw: bytes, *, last: bool) -> tuple[dict | None, str]:
    """A record line parsed and checked, or None and why it cannot be read.

    ``last``: the file's last line and no newline after it, where a crash while writing cuts.
    """
    if not raw.strip():
        return None, "is empty"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        if last and error.reason == "unexpected end of data":
            return None, "is cut off: a crash while writing?"
        return None, f"is not UTF-8 text (byte 0x{raw[error.start]:02x} at column {error.start + 1})"
    try:
        data = json.loads(text)
    except ValueError as error:
        ran_out = isinstance(error, json.JSONDecodeError) and (  # the text stops mid-value
            error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string")
        )
        if last or (ran_out and text.lstrip().startswith("{")):
            return None, "is cut off: a crash while writing?"
        return None, f"is not JSON ({getattr(error, 'msg', error)} at column {getattr(error, 'colno', '?')})"
    shape = _shape_error(data)
    return (None, shape) if shape else (data, "")


def _read_lines(data: bytes) -> tuple[list[tuple[bytes, dict]], list[Problem]]:
    """The record's bytes as (raw line, parsed) pairs, and the lines that cannot be read."""
    if not data:
        return [], []
    pieces = data.split(b"\n")
    cut = pieces[-1] != b""  # no newline at the end: the last line may be cut off
    if not cut:
        pieces.pop()
    good: list[tuple[bytes, dict]] = []
    problems: list[Problem] = []
    for number, raw in enumerate(pieces, start=1):
        unfinished = cut and number == len(pieces)
        parsed, why = _parse_line(raw, last=unfinished)
        if parsed is None:
            problems.append(Problem(number, raw, why, last=unfinished))
        else:
            good.append((raw, parsed))
    return good, problems


def _read_record(path: Path, repo: GitRepo | None = None) -> tuple[bytes, str | None]:
    """The record's bytes and, read under the same lock (an append between the two would look
    like a loss), why they disagree with the witness (None: they agree)."""
    try:
        with _locked(path.parent, exclusive=False):
            try:
                data = path.read_bytes()
            except FileNotFoundError:
                data = b""
            return data, _witness_problem(repo, data)
    except FileNotFoundError:  # no directory for the lock: nothing was ever recorded here
        return b"", _witness_problem(repo, b"")
    except OSError as error:
        raise UserError(f"cannot read the review record {path}: {error.strerror or error}") from None


def load_store(repo: GitRepo) -> Store:
    """Read the whole record; raises ``RecordDamaged`` when any line of it cannot be read."""
    path = store_dir(repo) / RECORD_NAME
    data, lost = _read_record(path, repo)
    good, problems = _read_lines(data)
    if problems:
        raise RecordDamaged(path, problems)
    if lost:
        raise RecordLost(path, lost)
    records: list[HunkRecord] = []
    landed: dict[str, dict[str, set[str]]] = {}
    for _raw, data in good:
        if data.get("event") == "landed":
            for record_id, hashes in data["lines"].items():
                landed.setdefault(record_id, {}).setdefault(data["commit"], set()).update(hashes)
        else:
            records.append(HunkRecord.from_dict(data))
    return Store(records, landed)


def record_damage(repo: GitRepo) -> RecordDamaged | None:
    """The damage of the record, or None when it reads whole (or does not exist)."""
    path = store_dir(repo) / RECORD_NAME
    data, lost = _read_record(path, repo)
    _good, problems = _read_lines(data)
    if problems:
        return RecordDamaged(path, problems)
    return RecordLost(path, lost) if lost else None


@dataclass
class Repair:
    """What ``repair_record`` did."""

    path: Path
    problems: list[Problem]
    aside: Path | None  # where the unreadable lines went; None: nothing to repair
    kept: int  # readable lines kept
    lost: str = ""  # the record was emptied, deleted or rewritten (why); its witness now agrees


def repair_record(repo: GitRepo) -> Repair:
    """Move the record's unreadable lines to ``provenance.jsonl.damaged-<time>`` next to it.

    The readable lines stay, in order; the record is replaced in one rename (after the lines
    moved aside are on disk), under the exclusive lock, so a crash leaves the old or the new one.
    """
    directory = store_dir(repo)
    path = directory / RECORD_NAME
    try:
        if not directory.is_dir():
            lost = _witness_problem(repo, b"")
            if lost:
                directory.mkdir(parents=True, exist_ok=True)
            else:
                return Repair(path, [], None, 0)
        with _locked(directory, exclusive=True):
            try:
                data = path.read_bytes()
            except FileNotFoundError:
                data = b""
            good, problems = _read_lines(data)
            if not problems:
                lost = _witness_problem(repo, data)
                if lost:
                    _write_witness(repo, path)  # the loss accepted: the record as it is now
                return Repair(path, [], None, len(good), lost or "")
            stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
            aside = directory / f"{RECORD_NAME}.damaged-{stamp}"
            suffix = 1
            while aside.exists():
                suffix += 1
                aside = directory / f"{RECORD_NAME}.damaged-{stamp}-{suffix}"
            _write_file(aside, b"".join(problem.raw + b"\n" for problem in problems))
            temporary = directory / f".{RECORD_NAME}.repair-tmp"
            _write_file(temporary, b"".join(raw + b"\n" for raw, _ in good))
            os.replace(temporary, path)
            _write_witness(repo, path)
            with contextlib.suppress(OSError):  # the rename itself on disk
                fd = os.open(directory, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
    except OSError as error:
        raise UserError(
            f"cannot repair the review record {path}: {error.strerror or error}; "
            "check that the .git directory is writable and has room"
        ) from None
    return Repair(path, problems, aside, len(good))


def _write_file(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


# ---------------------------------------------------------------- matching a diff


@dataclass
class Finding:
    """Drafted lines in one hunk of a diff that no human reviewed, and why."""

    path: str
    hunk: Hunk
    reason: str  # "unattended" | "agent" | "deleted" | "too-fast" | "changed" | "unchecked" | "binary"
    lines: list[int]  # new line numbers
    drafters: list[str]
    detail: str = ""

    def describe(self) -> str:
        count = len(self.lines)
        who = ", ".join(self.drafters) or "unknown drafter"
        why = {
            "unattended": "accepted without review (--yes)",
            "agent": "written by an agent, not reviewed yet",
            "deleted": "deleted by an agent, not reviewed yet",
            "too-fast": "accepted faster than it can be read",
            "changed": "changed after review",
            "unchecked": "not compared with the drafted lines of this file (too many to compare)",
            "binary": "git shows the file as binary (a NUL byte, or a binary or -diff attribute), "
            "so no hunk of it can be reviewed",
        }[self.reason]
        extra = f"; {self.detail}" if self.detail else ""
        if not self.lines:
            return f"{self.path} (drafted by {who}): {why}{extra}"
        span = (
            f"{self.lines[0]}"
            if len(self.lines) == 1 or self.lines[0] == self.lines[-1]
            else f"{self.lines[0]}-{self.lines[-1]}"
        )
        return f"{self.path}:{span} ({count} line{'s' if count != 1 else ''}, drafted by {who}): {why}{extra}"


@dataclass
class LineOrigin:
    """What one + line of a diff is, as far as the record knows."""

    status: str  # "reviewed" | "unattended" | "agent" | "too-fast" | "changed" | "unchecked"
    records: list[HunkRecord]


@dataclass
class Classification:
    """A diff's + lines against the record."""

    findings: list[Finding]
    origins: dict[tuple[str, int], LineOrigin]  # (path, new line number) -> origin, drafted only
    matched: dict[str, set[str]]  # record id -> line hashes of it found in the diff


@dataclass
class _Drafted:
    """One drafted line of a file that has not landed yet, and the records holding it."""

    digest: str
    text: str  # normalised and without its indentation
    records: list[HunkRecord]
    order: int  # where its newest record is in the record: of two equally close lines, the newer wins
    draft: bool  # one of its records is a draft (not only a review at commit time)
    _matcher: difflib.SequenceMatcher | None = None

    def ratio(self, text: str) -> float:
        """difflib's ratio of ``text`` to this line (0.0 when quick_ratio already rules it out)."""
        if self._matcher is None:  # built once: difflib indexes the second sequence
            self._matcher = difflib.SequenceMatcher(None, "", self.text, autojunk=False)
        self._matcher.set_seq1(text)
        if self._matcher.quick_ratio() < SIMILAR:
            return 0.0
        return self._matcher.ratio()


class _Drafts:
    """The record's lines that have not landed yet: by (file, hash) for exact matches, by file
    and length for close ones (only a drafted line of the same file is compared, and only one
    whose length allows a ratio of ``SIMILAR``)."""

    def __init__(self, store: Store, reachable: set[str] | None) -> None:
        self.exact: dict[tuple[str, str], list[HunkRecord]] = {}
        self.anywhere: dict[str, list[HunkRecord]] = {}  # hash -> records of any file holding it
        self.remaining: dict[str, list[str]] = {}
        self.order: dict[str, int] = {}  # record id -> where it is in the record (newer: higher)
        # file -> (the drafted line without any whitespace, its hash, its records), for a line
        # found inside a longer one or across re-wrapped lines
        self.squeezed: dict[str, dict[str, tuple[str, list[HunkRecord]]]] = {}
        # (file, hash) -> records of a deleted line whose deletion has not landed yet
        self.removed: dict[tuple[str, str], list[HunkRecord]] = {}
        close: dict[tuple[str, str], _Drafted] = {}
        for order, record in enumerate(store.records):
            self.order[record.id] = order
            for digest in store.removed_remaining(record, reachable):
                self.removed.setdefault((record.file, digest), []).append(record)
            if not record.lines:
                continue
            left = store.remaining(record, reachable)
            self.remaining[record.id] = left
            texts = (
                dict(zip(record.lines, record.texts, strict=True))
                if len(record.texts) == len(record.lines)
                else {}
            )
            for digest in left:
                self.anywhere.setdefault(digest, []).append(record)
                squeezed = _squeeze(texts.get(digest, ""))
                if len(squeezed) >= SQUEEZED_MIN:
                    entry = self.squeezed.setdefault(record.file, {}).setdefault(squeezed, (digest, []))
                    if record not in entry[1]:
                        entry[1].append(record)
            for digest in left:
                self.exact.setdefault((record.file, digest), []).append(record)
                if digest not in texts:
                    continue
                item = close.get((record.file, digest))
                if item is None:
                    item = close[(record.file, digest)] = _Drafted(
                        digest, texts[digest].strip(), [], order, False
                    )
                if record not in item.records:
                    item.records.append(record)
                item.order = order
                item.draft = item.draft or record.kind == "draft"
        self.by_file: dict[str, list[_Drafted]] = {}
        for (path, _digest), item in close.items():
            self.by_file.setdefault(path, []).append(item)
        self.lengths: dict[str, list[int]] = {}
        for path, items in self.by_file.items():
            items.sort(key=lambda item: len(item.text))
            self.lengths[path] = [len(item.text) for item in items]
        self.budget = SIMILAR_BUDGET

    def closest(self, path: str, line: str, *, drafts_only: bool = False) -> tuple[_Drafted | None, bool]:
        """The line of ``path`` most like ``line`` (None: none is like it enough), and whether
        every candidate was compared (False: the comparisons ran out first)."""
        items = self.by_file.get(path)
        if not items:
            return None, True
        text = line.strip()
        # ratio = 2 * matches / (n + m) <= 2 * min(n, m) / (n + m): only these lengths can reach SIMILAR
        lengths = self.lengths[path]
        low = bisect.bisect_left(lengths, len(text) * SIMILAR / (2 - SIMILAR))
        high = bisect.bisect_right(lengths, len(text) * (2 - SIMILAR) / SIMILAR)
        best: _Drafted | None = None
        best_key = (0.0, -1)
        for item in items[low:high]:
            if drafts_only and not item.draft:
                continue
            if self.budget <= 0:
                return best, best is not None
            self.budget -= 1
            ratio = item.ratio(text)
            if ratio >= SIMILAR and (ratio, item.order) > best_key:
                best, best_key = item, (ratio, item.order)
        return best, True

    def records_of(self, path: str) -> list[HunkRecord]:
        """Every record with a line of ``path`` not landed yet, oldest first."""
        seen: dict[str, HunkRecord] = {}
        for (file, _digest), records in self.exact.items():
            if file == path:
                seen.update((record.id, record) for record in records)
        return list(seen.values())


# A drafted line found inside a longer staged line, or across consecutive staged lines (a
# trailing comment added, the line re-wrapped), is that line changed; only lines with at least
# this many characters that are not whitespace are looked for so (shorter ones match too much).
SQUEEZED_MIN = 8
_WHITESPACE = re.compile(r"\s+")


def _squeeze(text: str) -> str:
    return _WHITESPACE.sub("", text)


def _worst(records: list[HunkRecord], lines_per_second: float) -> str:
    """The least reviewed status of ``records``, each on its own."""
    statuses = {_line_status([record], lines_per_second) for record in records}
    for status in ("agent", "unattended", "too-fast"):
        if status in statuses:
            return status
    return "reviewed"


def classify(
    files: list[FileDiff],
    store: Store,
    *,
    lines_per_second: float,
    file_text: dict[str, str] | None = None,
    reachable: set[str] | None = None,
    landing: bool = False,
    sources: dict[str, list[str]] | None = None,
    inherited: dict[str, set[str]] | None = None,
) -> Classification:
    """Match the + lines of ``files`` to the record; list the drafted lines nobody reviewed.

    A + line is drafted when a record for the same file holds its hash among the lines that
    have not landed yet. It is reviewed when one such record was reviewed by a human (and, if
    accepted as it stood, read slower than ``lines_per_second``). A + line that matches no hash
    but is still mostly one of those lines (``SIMILAR``) is that drafted line, changed: changed
    after review when its record was reviewed, else as unreviewed as its record. A hunk that
    holds reviewed drafted lines and also lines nobody drafted, while one of those records'
    lines is gone from the file (``file_text``: the new contents by path), was changed after
    review: its undrafted lines are listed as such.

    ``landing`` (a commit's note): a line that matches only a review made at commit time also
    lands the drafted line most like it, the one that review replaced, so that it does not
    match again later.

    Lines are followed where they go: ``sources`` (new path -> the paths git's rename and copy
    detection says it came from) lends a file the drafted lines of its sources; a line that is a
    drafted line of another file exactly is that line, moved; a drafted line found inside a
    longer line or spread over consecutive + lines (whitespace aside) is that line, changed. A
    drafted line counts once: of several + lines with the same text, each takes one of the
    records that hold it, the newest first, so the same text reviewed elsewhere in the file
    does not make a second, unreviewed copy reviewed. ``inherited`` (new path -> the lines,
    stripped, its sources held before): a + line of a renamed or copied file that was already in
    its source is no change, matched by its hash only, never by likeness.
    """
    sources = sources or {}
    inherited = inherited or {}
    drafts = _Drafts(store, reachable)
    findings: list[Finding] = []
    origins: dict[tuple[str, int], LineOrigin] = {}
    matched: dict[str, set[str]] = {}
    if drafts.removed:
        findings.extend(_deletions(files, drafts, matched, lines_per_second))
    if not drafts.exact:
        findings.sort(key=lambda f: (f.path, f.lines[0] if f.lines else 0))
        return Classification(findings, origins, matched)

    def land(records: list[HunkRecord], digest: str) -> None:
        for record in records:
            matched.setdefault(record.id, set()).add(digest)

    taken: dict[tuple[str, str], int] = {}  # (file, hash) -> records of it already taken by a line

    for file in files:
        if file.new_path is None:
            continue
        path = file.new_path
        paths = [path, *(source for source in sources.get(path, []) if source != path)]

        def exact(digest: str, paths: list[str] = paths) -> list[HunkRecord]:
            return [record for p in paths for record in drafts.exact.get((p, digest), [])]

        def closest(text: str, paths: list[str] = paths, drafts_only: bool = False):
            best, checked = None, True
            for p in paths:
                found, done = drafts.closest(p, text, drafts_only=drafts_only)
                checked = checked and done
                if found is not None and (best is None or found.ratio(text.strip()) > best.ratio(text.strip())):
                    best = found
            return best, checked

        for hunk in file.hunks:
            if hunk.kind != "text":
                continue
            by_reason: dict[str, list[tuple[int, list[HunkRecord]]]] = {}
            changed_since: set[int] = set()  # drafted lines found by likeness, not by hash
            moved: set[int] = set()  # drafted lines of another file
            undrafted: list[int] = []
            hunk_records: dict[str, HunkRecord] = {}
            for line in hunk.lines:
                if line.kind != "+" or line.new_lineno is None:
                    continue
                digest = line_hash(line.raw)
                if digest is None:
                    continue
                number = line.new_lineno
                candidates = exact(digest)
                if candidates:
                    status = _next_status(candidates, digest, taken, drafts, lines_per_second)
                    land(candidates, digest)
                    if landing and not any(record.kind == "draft" for record in candidates):
                        replaced, _ = closest(normalise_line(line.raw), drafts_only=True)
                        if replaced is not None:
                            land(replaced.records, replaced.digest)
                elif normalise_line(line.raw).strip() in inherited.get(path, ()):
                    continue  # the line as its source had it: moved with the file, unchanged
                else:
                    close, checked = closest(normalise_line(line.raw))
                    if close is not None:
                        candidates = close.records
                        status = _line_status(candidates, lines_per_second)
                        status = "changed" if status == "reviewed" else status
                        land(candidates, close.digest)
                        changed_since.add(number)
                    elif digest in drafts.anywhere:  # a drafted line of another file, moved here
                        candidates = drafts.anywhere[digest]
                        status = _next_status(candidates, digest, taken, drafts, lines_per_second)
                        land(candidates, digest)
                        moved.add(number)
                    elif checked:
                        undrafted.append(number)
                        continue
                    else:
                        candidates = [r for p in paths for r in drafts.records_of(p)]
                        status = "unchecked"
                origins[(path, number)] = LineOrigin(status, candidates)
                if status != "unchecked":
                    hunk_records.update((record.id, record) for record in candidates)
                if status != "reviewed":
                    by_reason.setdefault(status, []).append((number, candidates))
            if undrafted:
                for number, records, digests in _squeezed_matches(hunk, undrafted, paths, drafts):
                    status = _worst(records, lines_per_second)
                    status = "changed" if status == "reviewed" else status
                    for digest in digests:
                        land(records, digest)
                    origins[(path, number)] = LineOrigin(status, records)
                    hunk_records.update((record.id, record) for record in records)
                    by_reason.setdefault(status, []).append((number, records))
                    changed_since.add(number)
                    undrafted.remove(number)
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
                    if r.reviewed and any(h not in present for h in drafts.remaining.get(r.id, []))
                ]
                if changed:
                    by_reason.setdefault("changed", []).extend((number, changed) for number in undrafted)
                    for number in undrafted:
                        origins[(path, number)] = LineOrigin("changed", changed)
            for reason, entries in by_reason.items():
                entries.sort(key=lambda entry: entry[0])
                drafters = sorted({r.drafter for _, rs in entries for r in rs})
                details = []
                if reason == "too-fast":
                    slowest = max((r for _, rs in entries for r in rs), key=lambda r: r.seconds)
                    details.append(f"{slowest.lines_read} lines in {slowest.seconds:.1f} s")
                edited = [number for number, _ in entries if number in changed_since]
                if edited and reason != "changed":
                    details.append(f"{_numbers(edited)} changed since drafted")
                elsewhere = sorted(
                    {r.file for number, rs in entries if number in moved for r in rs} - {path}
                )
                if elsewhere:
                    details.append(f"drafted in {', '.join(elsewhere)}")
                findings.append(
                    Finding(path, hunk, reason, [n for n, _ in entries], drafters, "; ".join(details))
                )
    findings.sort(key=lambda f: (f.path, f.lines[0] if f.lines else 0))
    return Classification(findings, origins, matched)


def _deletions(
    files: list[FileDiff], drafts: _Drafts, matched: dict[str, set[str]], lines_per_second: float
) -> list[Finding]:
    """The - lines of ``files`` that a drafter (an agent) deleted and no human reviewed.

    A - line is such a deletion when a record of its file (the old path) holds its hash among
    its deleted lines not landed yet; like a + line, each copy takes one record, the newest
    first, so a deletion reviewed once reviews no second one. Every match lands (``matched``
    gets ``-<hash>``), so that after the commit the same text deleted again later is new.
    """
    findings: list[Finding] = []
    taken: dict[tuple[str, str], int] = {}
    for file in files:
        path = file.old_path
        if path is None:
            continue
        for hunk in file.hunks:
            if hunk.kind != "text":
                continue
            by_reason: dict[str, list[tuple[int, list[HunkRecord]]]] = {}
            for line in hunk.lines:
                if line.kind != "-" or line.old_lineno is None:
                    continue
                digest = line_hash(line.raw)
                candidates = drafts.removed.get((path, digest)) if digest else None
                if not candidates:
                    continue
                status = _next_status(candidates, digest, taken, drafts, lines_per_second)
                for record in candidates:
                    matched.setdefault(record.id, set()).add("-" + digest)
                if status != "reviewed":
                    reason = "deleted" if status in ("agent", "unattended") else status
                    by_reason.setdefault(reason, []).append((line.old_lineno, candidates))
            for reason, entries in by_reason.items():
                drafters = sorted({r.drafter for _, rs in entries for r in rs})
                numbers = [number for number, _ in entries]
                findings.append(Finding(path, hunk, reason, numbers, drafters, "line numbers as before"))
    return findings


def _next_status(candidates: list[HunkRecord], digest: str, taken: dict[tuple[str, str], int],
                 drafts: _Drafts, lines_per_second: float) -> str:  # fmt: skip
    """The status of the next line holding ``digest``: that of the newest record of ``candidates``
    not yet taken by another line of that text (``taken``: (the newest one's file, hash) -> lines
    that took one); more copies than records: the least reviewed of them."""
    newest_first = sorted(candidates, key=lambda r: drafts.order.get(r.id, 0), reverse=True)
    key = (newest_first[0].file, digest)
    index = taken.get(key, 0)
    taken[key] = index + 1
    if index < len(newest_first):
        return _line_status([newest_first[index]], lines_per_second)
    return _worst(candidates, lines_per_second)


def _squeezed_matches(
    hunk: Hunk, undrafted: list[int], paths: list[str], drafts: _Drafts
) -> list[tuple[int, list[HunkRecord], set[str]]]:
    """The undrafted + lines of ``hunk`` that hold a drafted line of ``paths`` (whitespace
    aside), alone or with the + lines next to them, with that line's records and hashes."""
    candidates = [item for p in paths for item in drafts.squeezed.get(p, {}).items()]
    if not candidates:
        return []
    wanted = set(undrafted)
    runs: list[list[tuple[int, str]]] = [[]]  # consecutive + lines: (new line number, squeezed)
    for line in hunk.lines:
        if line.kind == "+" and line.new_lineno is not None:
            runs[-1].append((line.new_lineno, _squeeze(normalise_line(line.raw))))
        elif line.kind != "-" and runs[-1]:  # a - line between two + lines keeps the run
            runs.append([])
    found: dict[int, tuple[list[HunkRecord], set[str]]] = {}
    for run in runs:
        if not any(number in wanted for number, _ in run):
            continue
        joined = "".join(text for _, text in run)
        starts = []
        position = 0
        for _number, text in run:
            starts.append(position)
            position += len(text)
        for squeezed, (digest, records) in candidates:
            drafts.budget -= 1
            at = joined.find(squeezed)
            while at >= 0:
                end = at + len(squeezed)
                if _inside_a_word(joined, at, end, set(starts)):  # `return result` is not in `return results`
                    at = joined.find(squeezed, at + 1)
                    continue
                for (number, text), start in zip(run, starts, strict=True):
                    if number in wanted and start < end and start + len(text) > at:
                        held, digests = found.setdefault(number, ([], set()))
                        held.extend(r for r in records if r not in held)
                        digests.add(digest)
                at = joined.find(squeezed, at + 1)
    return [(number, held, digests) for number, (held, digests) in sorted(found.items())]


def _inside_a_word(text: str, start: int, end: int, line_starts: set[int]) -> bool:
    """Whether ``text[start:end]`` begins or ends in the middle of a name or number (the start
    of a line of ``text``, lines joined, is the end of a word)."""
    word = re.compile(r"\w")
    return bool(
        (start > 0 and start not in line_starts and word.match(text[start]) and word.match(text[start - 1]))
        or (end < len(text) and end not in line_starts and word.match(text[end - 1]) and word.match(text[end]))
    )


def _numbers(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"line {numbers[0]}"
    return "lines " + ", ".join(map(str, numbers))


def _line_status(candidates: list[HunkRecord], lines_per_second: float) -> str:
    reviewed = [r for r in candidates if r.reviewed]
    if not reviewed:
        # an agent's write (recorded pending, specdraft.agents) or a draft accepted with --yes
        return "agent" if all(r.decision == "pending" for r in candidates) else "unattended"
    for record in reviewed:
        speed = record.reading_speed()
        if speed is None or lines_per_second <= 0 or speed <= lines_per_second:
            return "reviewed"
    return "too-fast"

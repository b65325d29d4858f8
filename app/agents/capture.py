"""Recording one agent write: the change, its blobs, and its lines in the review record.

``record_change`` is what every capture calls (the Claude Code hook, ``specdraft run``,
``specdraft watch``): given one file's contents before and after an agent wrote it, it keeps both
as blobs, appends the change, and appends to the review record (specdraft.drafting.provenance)
a record of the lines the agent added and deleted, drafter = the agent, pending and not reviewed:
the commit gate blocks them until a review of them is recorded. ``file_patch`` renders a change
as a git-style diff for the review.
"""

from __future__ import annotations

import difflib
import hashlib

from specdraft.agents.store import AgentStore, Change, new_id, now
from specdraft.drafting.provenance import HunkRecord, append_records, line_hash, normalise_line

# a file holding a NUL byte in its first 8000 bytes is binary (git's own test): no lines to record
_BINARY_PROBE = 8000


# the largest file whose lines are recorded (the gate reads a binary-looking file up to 4 MiB)
BINARY_LINES_LIMIT = 4 << 20


def is_binary(data: bytes | None) -> bool:
    return data is not None and b"\0" in data[:_BINARY_PROBE]


def split_lines(data: bytes | None) -> list[bytes]:
    """Lines ending in LF (a CR inside a line is content, as for git), the last maybe without;
    specdraft.core.diffs.split_lines, without importing the diff model into the hook."""
    if not data:
        return []
    parts = data.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def opcodes(old: list[bytes], new: list[bytes]) -> list[tuple[str, int, int, int, int]]:
    """difflib's opcodes from ``old`` to ``new``, the common first and last lines matched
    first: an agent's edit changes a few lines of a long file, and difflib alone compares every
    line with every other (0.2 s on 2,000 lines with blank ones among them)."""
    start = 0
    while start < len(old) and start < len(new) and old[start] == new[start]:
        start += 1
    end = 0
    while end < len(old) - start and end < len(new) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    middle_old, middle_new = old[start : len(old) - end], new[start : len(new) - end]
    matcher = difflib.SequenceMatcher(None, middle_old, middle_new, autojunk=len(middle_old) + len(middle_new) > 20_000)
    codes = [("equal", 0, start, 0, start)] if start else []
    codes += [(tag, i1 + start, i2 + start, j1 + start, j2 + start)
              for tag, i1, i2, j1, j2 in matcher.get_opcodes()
              if (tag != "equal" or i2 > i1)]  # fmt: skip
    if end:
        codes.append(("equal", len(old) - end, len(old), len(new) - end, len(new)))
    merged: list[tuple[str, int, int, int, int]] = []
    for code in codes:  # neighbouring equal runs as one, as difflib gives them
        if merged and code[0] == "equal" and merged[-1][0] == "equal":
            previous = merged.pop()
            code = ("equal", previous[1], code[2], previous[3], code[4])
        merged.append(code)
    return merged


def grouped(codes: list[tuple[str, int, int, int, int]], context: int):
    """The opcodes in hunks with ``context`` lines around each change (difflib's
    get_grouped_opcodes, over ``opcodes``' result)."""
    if not codes:
        codes = [("equal", 0, 1, 0, 1)]
    if codes[0][0] == "equal":
        tag, i1, i2, j1, j2 = codes[0]
        codes[0] = tag, max(i1, i2 - context), i2, max(j1, j2 - context), j2
    if codes[-1][0] == "equal":
        tag, i1, i2, j1, j2 = codes[-1]
        codes[-1] = tag, i1, min(i2, i1 + context), j1, min(j2, j1 + context)
    span = context + context
    group = []
    for tag, i1, i2, j1, j2 in codes:
        if tag == "equal" and i2 - i1 > span:
            group.append((tag, i1, min(i2, i1 + context), j1, min(j2, j1 + context)))
            yield group
            group = []
            i1, j1 = max(i1, i2 - context), max(j1, j2 - context)
        group.append((tag, i1, i2, j1, j2))
    if group and not (len(group) == 1 and group[0][0] == "equal"):
        yield group


def changed_lines(before: bytes | None, after: bytes | None) -> tuple[list[bytes], list[bytes]]:
    """The lines ``after`` added and the lines it deleted, relative to ``before``."""
    old, new = split_lines(before), split_lines(after)
    added: list[bytes] = []
    deleted: list[bytes] = []
    for tag, i1, i2, j1, j2 in opcodes(old, new):
        if tag in ("replace", "delete"):
            deleted.extend(old[i1:i2])
        if tag in ("replace", "insert"):
            added.extend(new[j1:j2])
    return added, deleted


def _hashed(lines: list[bytes]) -> tuple[list[str], list[str]]:
    pairs = [(line_hash(raw), normalise_line(raw)) for raw in lines]
    kept = [(digest, text) for digest, text in pairs if digest]
    return [digest for digest, _ in kept], [text for _, text in kept]


def record_change(
    store: AgentStore,
    *,
    agent: str,
    turn: int,
    path: str,
    before: bytes | None,
    after: bytes | None,
    how: str,
    shas: tuple[str | None, str | None] | None = None,
    pin: bool = True,
) -> Change | None:
    """Record that ``agent`` turned ``path`` from ``before`` into ``after`` (None: no file).

    ``shas``: the blob ids of both, when they are written already; ``pin=False`` leaves pinning
    them to ``AgentStore.pin_changes`` (the Claude Code hook: at the end of the turn). Returns the change, or None
    when nothing changed. The review record is written first: a
    change that cannot be recorded there is not kept either (it would escape the gate).
    """
    if before == after:
        return None
    if max(len(before or b""), len(after or b"")) > BINARY_LINES_LIMIT:
        added, deleted = [], []  # kept and shown, too large to compare line by line
    else:
        # a NUL byte does not hide lines: they are recorded, and the gate reads a file git shows
        # as binary as text again, blocking where drafted lines are in it (reviewed or not)
        added, deleted = changed_lines(before, after)
    if shas is None:  # ``shas``: the blobs are in the repository already (a snapshot's)
        written = iter(store.write_blobs([data for data in (before, after) if data is not None], pin=pin))
        shas = (next(written) if before is not None else None, next(written) if after is not None else None)
    before_sha, after_sha = shas
    change = Change(
        id=new_id(), agent=agent, turn=turn, path=path, before=before_sha, after=after_sha,
        how=how, time=now(), added=len(added), removed=len(deleted),
    )  # fmt: skip
    lines, texts = _hashed(added)
    removed, removed_texts = _hashed(deleted)
    joined = "\n".join(normalise_line(raw) for raw in added)
    record = HunkRecord(
        id=new_id(),
        session=f"{agent}#{turn}",
        file=path,
        hunk=change.id,
        drafter=agent,
        decision="pending",
        edited=False,
        reviewed=False,
        seconds=0.0,
        lines_read=len(added) + len(deleted),
        drafted=len(added),
        applied=len(added),
        lines=lines,
        content_hash=hashlib.sha256(joined.encode("utf-8")).hexdigest()[:20],
        texts=texts,
        time=change.time,
        removed=removed,
        removed_texts=removed_texts,
    )
    append_records(store.repo, [record])
    store.add_change(change)
    return change


def file_patch(path: str, before: bytes | None, after: bytes | None, context: int = 3) -> bytes:
    """A git-style diff of one file from ``before`` to ``after`` (None: no file), as
    ``git diff`` writes it (``\\ No newline at end of file`` included), for ``git apply``."""
    from specdraft.core.diffs import quote_path

    name_a = quote_path(b"a/" + path.encode("utf-8", "surrogateescape"))
    name_b = quote_path(b"b/" + path.encode("utf-8", "surrogateescape"))
    out = [b"diff --git " + name_a + b" " + name_b + b"\n"]
    if before is None:
        out.append(b"new file mode 100644\n")
    elif after is None:
        out.append(b"deleted file mode 100644\n")
    if is_binary(before) or is_binary(after):
        out.append(b"Binary files " + (b"/dev/null" if before is None else name_a) + b" and "
                   + (b"/dev/null" if after is None else name_b) + b" differ\n")  # fmt: skip
        return b"".join(out)
    old, new = split_lines(before), split_lines(after)
    if not old and not new:
        return b"".join(out)
    out.append(b"--- " + (b"/dev/null" if before is None else name_a) + b"\n")
    out.append(b"+++ " + (b"/dev/null" if after is None else name_b) + b"\n")
    for group in grouped(opcodes(old, new), context):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        old_start = i1 + 1 if i2 > i1 else i1
        new_start = j1 + 1 if j2 > j1 else j1
        out.append(b"@@ -%d,%d +%d,%d @@\n" % (old_start, i2 - i1, new_start, j2 - j1))
        for tag, a1, a2, b1, b2 in group:
            if tag == "equal":
                out.extend(_body(b" ", old[a1:a2]))
                continue
            if tag in ("replace", "delete"):
                out.extend(_body(b"-", old[a1:a2]))
            if tag in ("replace", "insert"):
                out.extend(_body(b"+", new[b1:b2]))
    return b"".join(out)


def _body(prefix: bytes, lines: list[bytes]) -> list[bytes]:
    out = []
    for line in lines:
        if line.endswith(b"\n"):
            out.append(prefix + line)
        else:
            out.append(prefix + line + b"\n\\ No newline at end of file\n")
    return out

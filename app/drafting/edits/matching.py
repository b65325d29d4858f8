"""A file as lines, and where a SEARCH text (or a hunk's old lines) sits in it.

Locating is exact first, then with trailing whitespace ignored, then with a uniform indentation
shift (the same whitespace prefix added to, or taken from, every non-blank line; the REPLACE text
is shifted the same way). At each step the text must match exactly once: several matches or none
are the caller's failure, never a guess, and ``closest`` names the nearest place for the message.

Text keeps the file's own form: line endings (CRLF files stay CRLF; in a file with mixed endings
unchanged lines keep theirs), the final-newline state, and bytes that are not UTF-8 (decoded with
surrogateescape, so they round-trip).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass


@dataclass
class Doc:
    """A text file as lines (without endings) and their endings, plus its own conventions."""

    lines: list[str]
    endings: list[str]  # "\n", "\r\n", or "" for a last line without one
    eol: str  # the ending new lines get: the file's most common one
    final_newline: bool

    @classmethod
    def parse(cls, text: str) -> Doc:
        parts = text.split("\n")
        last = parts.pop()
        lines: list[str] = []
        endings: list[str] = []
        for part in parts:
            if part.endswith("\r"):
                lines.append(part[:-1])
                endings.append("\r\n")
            else:
                lines.append(part)
                endings.append("\n")
        if last:
            lines.append(last)
            endings.append("")
        crlf = endings.count("\r\n")
        eol = "\r\n" if crlf > endings.count("\n") else "\n"
        return cls(lines, endings, eol, not lines or endings[-1] != "")

    @classmethod
    def new(cls, lines: list[str], final_newline: bool = True) -> Doc:
        return cls(list(lines), ["\n"] * len(lines), "\n", final_newline)

    def render(self) -> str:
        out = []
        last = len(self.lines) - 1
        for i, (line, ending) in enumerate(zip(self.lines, self.endings, strict=True)):
            if i == last:
                ending = (ending or self.eol) if self.final_newline else ""
            elif not ending:
                ending = self.eol
            out.append(line + ending)
        return "".join(out)

    def replace(self, start: int, count: int, new_lines: list[str]) -> None:
        old_lines = self.lines[start : start + count]
        old_endings = self.endings[start : start + count]
        self.lines[start : start + count] = new_lines
        self.endings[start : start + count] = _endings_for(
            old_lines, old_endings, new_lines, self.eol
        )


def _endings_for(
    old_lines: list[str], old_endings: list[str], new_lines: list[str], eol: str
) -> list[str]:
    """Endings for new lines: the file's own, and an unchanged line's old one in mixed files."""
    endings = [eol] * len(new_lines)
    if len({ending for ending in old_endings if ending} - {eol}) == 0:
        return endings
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            endings[block.b + k] = old_endings[block.a + k] or eol
    return endings


@dataclass(frozen=True)
class Match:
    """Where a search text matched, and at which tolerance."""

    start: int
    level: str  # "exact", "trailing whitespace", "indentation"
    prefix: str = ""  # indentation difference
    direction: int = 0  # +1: the file has `prefix` more than the block; -1: less


def matches(doc: list[str], search: list[str]) -> tuple[str, list[Match]]:
    """The first tolerance level at which ``search`` matches, and every match at that level."""
    n, m = len(doc), len(search)
    if m == 0 or m > n:
        return "exact", []
    found = _equal_at(doc, search, "exact")
    if found:
        return "exact", found
    doc_r = [line.rstrip() for line in doc]
    search_r = [line.rstrip() for line in search]
    found = _equal_at(doc_r, search_r, "trailing whitespace")
    if found:
        return "trailing whitespace", found
    first = next((j for j, line in enumerate(search_r) if line.strip()), None)
    if first is None:
        return "indentation", []
    found = []
    for i in range(n - m + 1):
        file_line, block_line = doc_r[i + first], search_r[first]
        if file_line.strip() != block_line.strip():
            continue
        if len(file_line) > len(block_line) and file_line.endswith(block_line):
            prefix, direction = file_line[: len(file_line) - len(block_line)], 1
        elif len(block_line) > len(file_line) and block_line.endswith(file_line):
            prefix, direction = block_line[: len(block_line) - len(file_line)], -1
        else:
            continue
        if prefix.strip():
            continue
        ok = True
        for j in range(m):
            f, s = doc_r[i + j], search_r[j]
            if not s.strip():
                ok = not f.strip()
            elif direction == 1:
                ok = f == prefix + s
            else:
                ok = s == prefix + f
            if not ok:
                break
        if ok:
            found.append(Match(i, "indentation", prefix, direction))
    return "indentation", found


def _equal_at(doc: list[str], search: list[str], level: str) -> list[Match]:
    """Every place where the lines of ``search`` stand in ``doc`` as they are."""
    m = len(search)
    return [Match(i, level) for i in range(len(doc) - m + 1) if doc[i] == search[0] and doc[i : i + m] == search]


def reindent(lines: list[str], match: Match) -> list[str] | None:
    """The REPLACE lines shifted as the match was; None when one lacks the indentation to remove."""
    if match.level != "indentation":
        return list(lines)
    out = []
    for line in lines:
        if not line.strip():
            out.append(line)
        elif match.direction == 1:
            out.append(match.prefix + line)
        elif line.startswith(match.prefix):
            out.append(line[len(match.prefix) :])
        else:
            return None
    return out


def shown(line: str, width: int = 60) -> str:
    """A line quoted for a failure message (stripped, shortened)."""
    text = line.strip()
    if not text:
        return "a blank line"
    return repr(text if len(text) <= width else text[: width - 1] + "…")


def closest(doc: list[str], search: list[str]) -> str:
    """Where the file comes nearest to the search text, for the failure message."""
    if not doc:
        return "the file is empty"
    doc_s = [line.strip() for line in doc]
    search_s = [line.strip() for line in search]
    m = len(search_s)
    # score each window start by how many non-blank lines agree: vote from each search line's
    # occurrences in the file (linear in the file, not file length × block length)
    where: dict[str, list[int]] = {}
    for i, line in enumerate(doc_s):
        if line:
            where.setdefault(line, []).append(i)
    last_start = max(0, len(doc_s) - m)
    votes: dict[int, int] = {}
    for j, line in enumerate(search_s):
        for i in where.get(line, ()) if line else ():
            if 0 <= i - j <= last_start:
                votes[i - j] = votes.get(i - j, 0) + 1
    best, best_at = 0, -1
    for start in sorted(votes):
        if votes[start] > best:
            best, best_at = votes[start], start
    if best_at < 0:
        # no line agrees exactly: name the line most like the block's first one, with difflib
        # on the few lines that share the most words with it (linear in the file's length)
        first = next((line for line in search_s if line), "")
        first_words = set(re.findall(r"\w+", first))
        shared = sorted(
            range(len(doc_s)),
            key=lambda i: -len(first_words & set(re.findall(r"\w+", doc_s[i]))),
        )[:20]
        ratios = [(difflib.SequenceMatcher(None, first, doc_s[i]).ratio(), -i) for i in shared]
        ratio, minus_line = max(ratios, default=(0.0, 0))
        if ratio >= 0.6:
            return f"closest line: {-minus_line + 1}: {shown(doc_s[-minus_line])}"
        return "no line of it is in the file"
    nonblank = sum(1 for line in search_s if line)
    for j, expected in enumerate(search_s):
        at = best_at + j
        actual = doc_s[at] if at < len(doc_s) else None
        if actual != expected:
            have = "the file ends" if actual is None else f"the file has {shown(actual)}"
            return (
                f"closest match at line {best_at + 1}, {best} of {nonblank} lines agree; "
                f"at line {at + 1} {have}, the block has {shown(expected)}"
            )
    return f"closest match at line {best_at + 1}"


def trim_blank_edges(search: list[str], replace: list[str]) -> tuple[list[str], list[str]]:
    """Drop blank lines at both ends of the search text (and as many from the replacement)."""
    lead = 0
    while lead < len(search) and not search[lead].strip():
        lead += 1
    tail = 0
    while tail < len(search) - lead and not search[len(search) - 1 - tail].strip():
        tail += 1
    r_lead = 0
    while r_lead < min(lead, len(replace)) and not replace[r_lead].strip():
        r_lead += 1
    r_tail = 0
    while (
        r_tail < min(tail, len(replace) - r_lead) and not replace[len(replace) - 1 - r_tail].strip()
    ):
        r_tail += 1
    return search[lead : len(search) - tail], replace[r_lead : len(replace) - r_tail]

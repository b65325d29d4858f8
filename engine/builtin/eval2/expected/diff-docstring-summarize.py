"""Compare two versions of a text file and summarise what changed."""

import difflib
from dataclasses import dataclass

CONTEXT_LINES = 3
SIMILARITY_THRESHOLD = 0.6
MAX_REPORTED_PAIRS = 50


@dataclass
class ChangeSummary:
    added: int = 0
    removed: int = 0
    changed: int = 0

    @property
    def total(self):
        return self.added + self.removed + self.changed

    def describe(self):
        if not self.total:
            return "no changes"
        parts = []
        if self.added:
            parts.append(f"{self.added} added")
        if self.removed:
            parts.append(f"{self.removed} removed")
        if self.changed:
            parts.append(f"{self.changed} changed")
        return ", ".join(parts)


def read_lines(path, encoding="utf-8"):
    with open(path, encoding=encoding) as handle:
        return handle.read().splitlines()


def normalize_line(line, ignore_case=False):
    line = " ".join(line.split())
    return line.lower() if ignore_case else line


def similarity(a, b):
    return difflib.SequenceMatcher(None, a, b).ratio()


def summarize(old_lines, new_lines, ignore_case=False):
    """Count the lines added, removed and changed between two versions."""
    old = [normalize_line(line, ignore_case) for line in old_lines]
    new = [normalize_line(line, ignore_case) for line in new_lines]
    summary = ChangeSummary()
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "insert":
            summary.added += j2 - j1
        elif tag == "delete":
            summary.removed += i2 - i1
        elif tag == "replace":
            paired = min(i2 - i1, j2 - j1)
            summary.changed += paired
            summary.added += j2 - j1 - paired
            summary.removed += i2 - i1 - paired
    return summary


def changed_pairs(old_lines, new_lines, threshold=SIMILARITY_THRESHOLD):
    """Pairs (old, new) of lines that were edited rather than replaced."""
    pairs = []
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "replace":
            continue
        for before, after in zip(old_lines[i1:i2], new_lines[j1:j2]):
            if similarity(before, after) >= threshold:
                pairs.append((before, after))
    return pairs[:MAX_REPORTED_PAIRS]


def unified(old_lines, new_lines, old_name="before", new_name="after", context=CONTEXT_LINES):
    diff = difflib.unified_diff(old_lines, new_lines, old_name, new_name, n=context, lineterm="")
    return "\n".join(diff)


def report(old_path, new_path, ignore_case=False):
    old_lines = read_lines(old_path)
    new_lines = read_lines(new_path)
    summary = summarize(old_lines, new_lines, ignore_case)
    lines = [f"{old_path} -> {new_path}: {summary.describe()}"]
    for before, after in changed_pairs(old_lines, new_lines):
        lines.append(f"  - {before}")
        lines.append(f"  + {after}")
    return "\n".join(lines)

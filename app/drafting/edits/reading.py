"""The markdown around edits in model output: fences, path lines, DELETE lines, elided code."""

from __future__ import annotations

import re
from collections.abc import Iterable

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
DELETE = re.compile(r"^\s*(?:[-*]\s+)?[`*]*DELETE[`*]*:?\s+[`*'\"]*([^\s`*'\"]+)[`*'\"]*\s*$")
_EXTENSION_PATH = re.compile(r"^[^\s]*(?:/[^\s]*|\.[A-Za-z0-9_+-]{1,12})$")
_PLAIN_NAMES = {
    "Makefile", "Dockerfile", "LICENSE", "README", "Procfile", "Gemfile", "Rakefile",
    "Jenkinsfile", "Vagrantfile", "CMakeLists.txt", "Containerfile", "Justfile", "justfile",
}  # fmt: skip
# text files whose lines may be fences or heading underlines (=======) of their own
MARKUP_SUFFIXES = (".md", ".markdown", ".mdx", ".rst", ".txt", ".adoc")
_COMMENT = re.compile(r"^\s*(?:#|//|/\*|<!--|--|;|\*|\{/\*|%|\"\"\"|''')")
_ELISION_WORDS = re.compile(
    r"\b(?:rest|remainder|remaining|existing|unchanged|same|omitted|previous|original|other)\b",
    re.IGNORECASE,
)
_ELISION_PHRASE = re.compile(
    r"\b(?:rest of (?:the )?(?:file|code|class|function|module|methods?)|existing code|"
    r"remains? (?:unchanged|the same)|unchanged (?:code|lines)|code (?:unchanged|omitted))\b",
    re.IGNORECASE,
)


def clean_path(text: str) -> str:
    """A path as the model decorated it (headings, bold, backticks, "File:", a colon) → bare."""
    text = text.strip()
    text = re.sub(r"^#{1,6}\s+", "", text)
    text = re.sub(r"^(?:[-*+]|\d+\.)\s+", "", text)
    for _ in range(3):
        text = re.sub(r"^(?:file(?:name)?|path)\s*:\s*", "", text, flags=re.IGNORECASE)
        text = text.strip().strip("*_`'\"").rstrip(":").strip()
        text = re.sub(
            r"\s+\((?:new|new file|created|updated|modified|changed|edited)\)$",
            "",
            text,
            flags=re.I,
        )
    return text


def path_candidate(line: str, known: Iterable[str]) -> str | None:
    """The path on a line that holds only a path (after markdown), else None."""
    text = clean_path(line)
    if not text or "://" in text:
        return None
    if text in known:
        return text
    if any(char.isspace() for char in text):
        return None
    if _EXTENSION_PATH.match(text) or text.rsplit("/", 1)[-1] in _PLAIN_NAMES:
        return text
    return None


def path_from_info(info: str, known: Iterable[str]) -> str | None:
    """A path in a fence's info string: ```python src/x.py, ```src/x.py, ```py:src/x.py, title=."""
    for token in re.split(r"[\s]+", info.strip()):
        token = re.sub(r"^(?:title|file(?:name)?|path)=", "", token).strip("'\"")
        for piece in (token, token.partition(":")[2]):
            if piece and path_candidate(piece, known):
                return clean_path(piece)
    return None


def mentioned_path(line: str, known: set[str]) -> str | None:
    """The one context file a sentence names ("Here is the updated `src/x.py`:"), else None."""
    words = {word.strip("`*'\"()[],;:!?") for word in line.split()}
    words |= {word.rstrip(".") for word in words}
    named = words & known
    return named.pop() if len(named) == 1 else None


def fence_end(lines: list[str], start: int, char: str, length: int) -> int | None:
    """The line that closes the fence opened at ``start``; None when the output ends first.

    An inner fence with an info string (```python inside a Markdown file) opens a nested block
    that the next bare fence closes; a bare fence of at least the opening length closes ours.
    """
    depth = 0
    for j in range(start + 1, len(lines)):
        match = FENCE.match(lines[j])
        if not match or match.group(1)[0] != char:
            continue
        if match.group(2).strip():
            if char == "`" and "`" in match.group(2):
                continue
            depth += 1
        elif depth:
            depth -= 1
        elif len(match.group(1)) >= length:
            return j
    return None


def is_elision(line: str, original: set[str]) -> bool:
    """Whether a new line is a comment standing for code left out ("# ... rest unchanged")."""
    if line.strip() in original or not _COMMENT.match(line):
        return False
    if ("..." in line or "…" in line) and _ELISION_WORDS.search(line):
        return True
    return bool(_ELISION_PHRASE.search(line))

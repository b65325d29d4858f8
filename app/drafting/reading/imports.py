"""Reading an import to add or remove: "import math", "add `from typing import Any`", "import Path
from pathlib", "remove the unused import of os".

The module must be written as a module is (a dotted name); the file the import goes into is the
one Python file given, or the one the instruction names. specdraft.ops places it as isort would,
or on a line of its own where the words say: right after or before an import line they name,
between two that are next to each other, or before the first ("as the first import").
"""

from __future__ import annotations

import ast
import dataclasses
import re

from specdraft.drafting.reading.names import Names
from specdraft.drafting.reading.words import DOTTED, NAME, asks_more
from specdraft.ops import Operation
from specdraft.ops.imports import AddImport, RemoveImport
from specdraft.ops.locate import collapse

_NAMES = rf"(?P<names>{NAME}(?:\s+as\s+{NAME})?(?:\s*,\s*{NAME}(?:\s+as\s+{NAME})?)*)"
_ADD = r"(?:(?:please\s+)?(?:add|insert|put|we\s+need|need|pull\s+in)\s+(?:an?\s+|the\s+)?(?:import(?:\s+statement)?\s*(?:for|of|:)?\s*)?)?"
_PATTERNS = [
    re.compile(rf"^\s*{_ADD}`?from\s+(?P<module>\.*{DOTTED}|\.+)\s+import\s+{_NAMES}`?", re.I),
    re.compile(rf"^\s*{_ADD}`?import\s+`?(?P<module>{DOTTED})(?:\s+as\s+(?!(?:the|a|an|its|one)\b)(?P<alias>{NAME}))?`?(?!\s*\w*\s+from\b)", re.I),
    re.compile(rf"^\s*{_ADD}`?import\s+`?(?P<names>{NAME})`?\s+from\s+(?:the\s+)?`?(?P<module>{DOTTED})`?(?:\s+module)?", re.I),
    re.compile(rf"^\s*(?:please\s+)?add\s+(?:an?\s+|the\s+)?import\s+(?:statement\s+)?(?:for|of)\s+(?:the\s+)?`?(?P<module>{DOTTED})`?"
               r"(?:\s+module)?", re.I),  # fmt: skip
    re.compile(rf"^\s*(?:please\s+)?import\s+the\s+`?(?P<module>{DOTTED})`?\s+(?:module|package)", re.I),  # "import the json module"
]
# an import statement quoted as code anywhere: "csv is next: add `import csv` among the other imports"
_QUOTED_STATEMENT = re.compile(rf"\b(?:add|insert|put|need)\s+`(?:(?P<plain>import\s+(?P<module>{DOTTED})(?:\s+as\s+(?!(?:the|a|an|its|one)\b)(?P<alias>{NAME}))?)"
                               rf"|from\s+(?P<from>\.*{DOTTED})\s+import\s+{_NAMES})`", re.I)  # fmt: skip
# where the words put a new import: beside another import, quoted or written bare
_AS = r"(?:\s+as\s+\w+)?"
_IMPORT_LINE = rf"`?(?:import|from)\s+\w+(?:\.\w+)*{_AS}(?:\s+import\s+\w+{_AS}(?:\s*,\s*\w+{_AS})*)?`?"
# "at the top of the imports", "as the first import": before the file's first import line
_FIRST = re.compile(r"^\s*,?\s*(?:at\s+the\s+(?:top|start|beginning|head)\s+of\s+the\s+(?:imports|import\s+(?:block|section|list))"
                    r"|as\s+the\s+(?:very\s+)?first\s+import(?:\s+(?:line|statement))?|(?:before|above)\s+(?:all\s+)?the\s+other\s+imports)\s*[.!]?\s*$", re.I)  # fmt: skip
_BESIDE = re.compile(rf"^(?:\s+(?:statement|line))?(?:\s+(?:to|in|into)\s+(?:the\s+|this\s+)?(?:module|file))?\s*,?\s*(?:(?:right|just|directly|immediately)\s+)?(?:(?P<rel>after|below|before|above)\s+(?:the\s+)?(?:line\s+)?(?P<first>{_IMPORT_LINE})"
                     rf"|between\s+(?P<first2>{_IMPORT_LINE})\s+and\s+(?P<second>{_IMPORT_LINE}))\s*[.!]?\s*$", re.I)  # fmt: skip
_REMOVE = re.compile(rf"\b(?:remove|delete|drop)\s+(?:the\s+)?(?:unused\s+)?(?:import\s+(?:of\s+)?|`import\s+)`?(?P<module>{DOTTED})`?"
                     rf"(?:\s+import)?", re.I)  # fmt: skip
_PLACE = re.compile(r"^(?:\s+(?:statement|line))?(?:\s*(?:at|to|in|into)\s+(?:the\s+|this\s+)?(?:(?:module|file)(?:'s)?\s+)?(?:top|head|imports?|module|file|beginning)"
                    r"(?:\s+of\s+(?:the\s+|this\s+)?(?:module|file))?)*"
                    r"(?:\s+(?:of|in|to|into)\s+`?[\w./-]+\.pyi?`?)?\s*(?:please|pls|too|,?\s*thanks)?\s*(?:\([^()\n]*\))?\s*[.!]?\s*$", re.I)  # fmt: skip


def read(instruction: str, names: Names) -> Operation | tuple[Operation, ...] | None:
    paths = [path for path in names.trees if re.search(rf"(?<![\w/]){re.escape(path.rsplit('/', 1)[-1])}\b", instruction)]
    paths = paths or list(names.trees)
    if len(paths) != 1:
        return None
    path = paths[0]
    match = _REMOVE.search(instruction)
    if match is not None:
        if asks_more(instruction, match.group(0)):
            return None
        return RemoveImport(module=match.group("module"), path=path)
    quoted = _QUOTED_STATEMENT.search(instruction)
    if quoted is not None and asks_more(instruction, instruction[quoted.start():]):
        return None
    if quoted is not None and _PLACE.match(re.sub(r"\s*(?:with|among|next\s+to)\s+the\s+other\s+imports", "", instruction[quoted.end():])):
        return _imports(quoted.group("from") or quoted.group("module"), quoted, path)
    for pattern in _PATTERNS:
        match = pattern.search(instruction)
        if match is None:
            continue
        beside = _BESIDE.match(instruction[match.end():])
        first = _FIRST.match(instruction[match.end():])
        if beside is None and first is None and not _PLACE.match(instruction[match.end():]):
            continue
        if asks_more(instruction, instruction[match.start():]):
            return None
        made = _imports(match.group("module"), match, path)
        if beside is None and first is None:
            return made
        if isinstance(made, tuple) and len(made) != 1:
            return None  # several names on lines of their own at one place: in which order is not said
        one = made[0] if isinstance(made, tuple) else made
        assert isinstance(one, AddImport)
        if first is not None:
            return _first(one, names.trees[path], names.texts[path])
        assert beside is not None
        return _beside(one, beside, names.texts[path])
    return None


def _first(made: AddImport, tree: ast.Module, text: str) -> Operation | None:
    """The import on a line of its own before the file's first import line (None where it has none)."""
    lines = [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
    if not lines or lines[0].lineno != lines[0].end_lineno:
        return None
    return dataclasses.replace(made, before=collapse(text.splitlines()[lines[0].lineno - 1]))


def _beside(made: AddImport, beside: re.Match[str], text: str) -> Operation | None:
    """The import on a line of its own where the words put it: right after or before the import
    line they name, or between two that are next to each other in the file."""
    said = [collapse(g.strip("`")) for g in (beside.group("first") or beside.group("first2"), beside.group("second")) if g]
    if beside.group("rel") and beside.group("rel").lower() in ("before", "above"):
        return dataclasses.replace(made, before=said[0])
    if not beside.group("rel"):  # "between a and b": after a, where b is the line after it
        lines = [collapse(line) for line in text.splitlines()]
        if not any(line == said[0] and following == said[1] for line, following in zip(lines, lines[1:], strict=False)):
            return None
    return dataclasses.replace(made, after=said[0])


def _imports(module: str, match: re.Match[str], path: str) -> Operation | tuple[Operation, ...]:
    """The import a match reads: the module (``alias``), or each of its ``names`` from it."""
    groups = match.groupdict()
    if not groups.get("names"):
        return AddImport(module=module, alias=groups.get("alias"), path=path)
    pairs = [re.split(r"\s+as\s+", part.strip()) for part in groups["names"].split(",")]
    return tuple(AddImport(module=module, name=pair[0], alias=pair[1] if len(pair) > 1 else None, path=path)
                 for pair in pairs)  # fmt: skip

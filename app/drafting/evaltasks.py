"""Edit tasks for `specdraft bench edits`: reading a task set, and checking that it is well formed.

Pure Python (no torch, no textual). A task set is a directory with ``tasks.toml`` (or
``tasks.json``) listing tasks, each with its files as real files beside it, so they can be diffed::

    [[task]]
    id = "config-rename-max-workers"
    kind = "rename_constant"             # one of KINDS
    phrasing = "heldout"                 # "heldout": as people type; "trained": a training template
    source = "modules/config_loader.py"  # the file as it is
    instruction = "rename MAX_WORKERS to WORKER_LIMIT everywhere"
    expected = "expected/config-rename-max-workers.py"   # the file after the edit, byte for byte
    # optional: the path the model is shown (default: the source's file name)
    path = "config_loader.py"
    # optional, for the checker: every token that differs is tokens[0] -> tokens[1], and `keep`
    # tokens spelled tokens[0] are left (default 0); every changed line lies in `scope` (functions,
    # "Class.method", classes, or "<imports>" for the module's import block)
    tokens = ["MAX_WORKERS", "WORKER_LIMIT"]
    keep = 0
    scope = ["build_settings"]
    # a redraft task: after the first draft the reviewer rejects its hunks with `note`; the redraft
    # should equal `after_note`
    note = "call it `WORKER_CAP`, not `WORKER_LIMIT`"
    after_note = "expected/config-rename-max-workers.after-note.py"

``check_task_set`` checks every task mechanically: the files exist and parse, the edit is not
empty, renames and literal changes change exactly the tokens named, changes stay in their scope,
and each kind's edit has its shape (a docstring more, annotations only, one statement fewer...).
"""

from __future__ import annotations

import ast
import difflib
import io
import json
import re
import sys
import tokenize
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from specdraft.core.errors import UserError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

KINDS = (
    "rename_function", "rename_method", "rename_class", "rename_variable", "rename_parameter",
    "rename_constant", "rename_attribute", "change_literal", "change_constant", "change_default",
    "add_parameter", "remove_parameter", "add_docstring", "add_type_hints", "wrap_try_except",
    "add_import", "insert_statement", "delete_statement",
)  # fmt: skip
PHRASINGS = ("heldout", "trained")
TASK_FILES = ("tasks.toml", "tasks.json")
IMPORTS_SCOPE = "<imports>"


@dataclass(frozen=True)
class EditTask:
    """One edit: an instruction on a source file, and the file it should give."""

    id: str
    kind: str
    phrasing: str
    source: Path  # absolute
    instruction: str
    expected: Path  # absolute
    path: str  # the file's name as the model is shown it
    note: str = ""  # a redraft task: the reviewer's note on the first draft
    after_note: Path | None = None  # ... and the file the redraft should give
    tokens: tuple[str, str] | None = None  # checker only
    keep: int = 0  # checker only
    scope: tuple[str, ...] = ()  # checker only

    @property
    def redraft(self) -> bool:
        return self.after_note is not None


@dataclass
class TaskSet:
    """The tasks of one directory, in the order listed."""

    root: Path
    tasks: list[EditTask] = field(default_factory=list)

    def select(self, kinds: Iterable[str] = (), ids: Iterable[str] = (), limit: int | None = None) -> list[EditTask]:
        """The tasks of ``kinds`` (all when empty) and ``ids`` (all when empty), the first ``limit``."""
        kinds, ids = set(kinds), set(ids)
        unknown = sorted(kinds - set(KINDS))
        if unknown:
            raise UserError(f"unknown kind {', '.join(unknown)}: use {', '.join(KINDS)}")
        missing = sorted(ids - {task.id for task in self.tasks})
        if missing:
            raise UserError(f"no task {', '.join(missing)} in {self.root}")
        chosen = [t for t in self.tasks if (not kinds or t.kind in kinds) and (not ids or t.id in ids)]
        return chosen if limit is None else chosen[:limit]


def task_file(root: Path) -> Path:
    """The tasks file of a task set: ``root`` itself when it is a file, else the one inside it."""
    if root.is_file():
        return root
    for name in TASK_FILES:
        if (root / name).is_file():
            return root / name
    raise UserError(f"{root} holds no {' or '.join(TASK_FILES)}: give a task set directory (--tasks DIR)")


def load_tasks(root: str | Path) -> TaskSet:
    """The task set in ``root`` (a directory with tasks.toml or tasks.json, or such a file).
    UserError, naming the task, for an entry that cannot be read; files are checked to exist,
    the rest is ``check_task_set``'s."""
    listing = task_file(Path(root).resolve())
    base = listing.parent
    text = listing.read_text(encoding="utf-8")
    try:
        data = json.loads(text) if listing.suffix == ".json" else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as error:
        raise UserError(f"{listing} cannot be read: {error}") from None
    entries = data.get("task") or data.get("tasks") or []
    if not isinstance(entries, list) or not entries:
        raise UserError(f"{listing} lists no tasks ([[task]] tables)")
    tasks = [_task(base, entry, number) for number, entry in enumerate(entries, 1)]
    seen: set[str] = set()
    for task in tasks:
        if task.id in seen:
            raise UserError(f"{listing}: the task id {task.id} is used twice")
        seen.add(task.id)
    return TaskSet(base, tasks)


def _task(base: Path, entry: object, number: int) -> EditTask:
    if not isinstance(entry, dict):
        raise UserError(f"task {number} is not a table")
    name = str(entry.get("id") or f"number {number}")

    def text(key: str, required: bool = True) -> str:
        value = entry.get(key, "")
        if not isinstance(value, str) or (required and not value.strip()):
            raise UserError(f"task {name}: `{key}` must be a non-empty string")
        return value

    def file(key: str) -> Path:
        path = (base / text(key)).resolve()
        if not path.is_file():
            raise UserError(f"task {name}: {key} file {text(key)} does not exist in {base}")
        return path

    kind, phrasing = text("kind"), text("phrasing")
    if kind not in KINDS:
        raise UserError(f"task {name}: unknown kind {kind!r} (one of {', '.join(KINDS)})")
    if phrasing not in PHRASINGS:
        raise UserError(f"task {name}: phrasing must be one of {', '.join(PHRASINGS)}, not {phrasing!r}")
    note = text("note", required=False)
    if bool(note.strip()) != ("after_note" in entry):
        raise UserError(f"task {name}: a redraft task gives both `note` and `after_note`")
    tokens = entry.get("tokens")
    if tokens is not None and not (isinstance(tokens, list) and len(tokens) == 2 and all(isinstance(t, str) for t in tokens)):
        raise UserError(f"task {name}: `tokens` is [old, new]")
    scope = entry.get("scope", [])
    if not isinstance(scope, list) or not all(isinstance(s, str) for s in scope):
        raise UserError(f"task {name}: `scope` is a list of names")
    source = file("source")
    return EditTask(
        id=text("id"), kind=kind, phrasing=phrasing, source=source, instruction=text("instruction"),
        expected=file("expected"), path=text("path", required=False) or source.name, note=note.strip(),
        after_note=file("after_note") if note.strip() else None,
        tokens=(tokens[0], tokens[1]) if tokens else None, keep=int(entry.get("keep", 0)), scope=tuple(scope),
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------
# the checker


def check_task_set(task_set: TaskSet) -> list[str]:
    """Every problem of every task, as "id: problem" lines (none: the set is well formed)."""
    problems: list[str] = []
    for task in task_set.tasks:
        problems += [f"{task.id}: {problem}" for problem in check_task(task)]
    return problems


def check_task(task: EditTask) -> list[str]:
    """What is wrong with one task: files that do not parse, an empty or out-of-scope edit,
    renames and literal changes that change other tokens, an edit of the wrong shape."""
    source = task.source.read_text(encoding="utf-8")
    expected = task.expected.read_text(encoding="utf-8")
    problems = [f"{label} does not parse: {error}" for label, error in
                [("the source", _parse_error(source)), ("the expected file", _parse_error(expected))] if error]  # fmt: skip
    after_note = task.after_note.read_text(encoding="utf-8") if task.after_note else None
    if after_note is not None:
        if error := _parse_error(after_note):
            problems.append(f"the file after the note does not parse: {error}")
        if after_note in (source, expected):
            problems.append("the file after the note equals the " + ("source" if after_note == source else "expected file"))
    if problems:
        return problems
    if expected == source:
        return ["the expected file equals the source: the edit is empty"]
    if not source.endswith("\n") or not expected.endswith("\n"):
        problems.append("files end with a newline")
    for label, text in [("expected file", expected), ("file after the note", after_note)]:
        if text is not None and task.scope:
            problems += [f"{label}: {problem}" for problem in scope_problems(source, text, task.scope)]
    if task.tokens:
        problems += token_problems(source, expected, *task.tokens, keep=task.keep)
    elif task.kind.startswith(("rename_", "change_")):
        problems.append(f"a {task.kind} task names the tokens it changes (tokens = [old, new])")
    problems += shape_problems(task.kind, source, expected)
    if after_note is not None:
        problems += [f"after the note: {problem}" for problem in shape_problems(task.kind, source, after_note)]
    return problems


def _parse_error(text: str) -> str:
    try:
        ast.parse(text)
    except SyntaxError as error:
        return f"line {error.lineno}: {error.msg}"
    return ""


def line_edits(old: Sequence[str], new: Sequence[str]) -> tuple[set[int], set[int]]:
    """(0-based indices of ``old`` lines replaced or deleted, 0-based points where lines are
    inserted, before the line of that index) on the way from ``old`` to ``new``."""
    changed: set[int] = set()
    inserted: set[int] = set()
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, _j1, _j2 in matcher.get_opcodes():
        if tag == "insert":
            inserted.add(i1)
        elif tag != "equal":
            changed.update(range(i1, i2))
    return changed, inserted


def scope_spans(source: str, names: Iterable[str]) -> list[tuple[int, int]]:
    """1-based inclusive line spans of the definitions named ("f", "Class", "Class.method",
    "<imports>": the imports at the top of the module). ValueError for a name not found."""
    tree = ast.parse(source)
    spans = []
    for name in names:
        if name == IMPORTS_SCOPE:
            imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
            if not imports:
                raise ValueError("the module has no imports")
            spans.append((imports[0].lineno, imports[-1].end_lineno or imports[-1].lineno))
            continue
        body: list[ast.stmt] = tree.body
        node: ast.AST | None = None
        for part in name.split("."):
            node = next((n for n in body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                         and n.name == part), None)  # fmt: skip
            if node is None:
                raise ValueError(f"no definition {name}")
            body = node.body  # type: ignore[attr-defined]
        assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        spans.append((first, node.end_lineno or node.lineno))
    return spans


def scope_problems(source: str, new: str, scope: Iterable[str]) -> list[str]:
    """Lines of ``source`` that ``new`` changes outside the definitions of ``scope``."""
    try:
        spans = scope_spans(source, scope)
    except ValueError as error:
        return [f"scope: {error}"]
    changed, inserted = line_edits(source.splitlines(keepends=True), new.splitlines(keepends=True))
    outside = [f"line {i + 1}" for i in sorted(changed) if not any(a <= i + 1 <= b for a, b in spans)]
    # an insertion before 0-based line i comes after 1-based line i: within a span, or right before it
    outside += [f"an insertion after line {i}" for i in sorted(inserted) if not any(a - 1 <= i <= b for a, b in spans)]
    return [f"changes {', '.join(outside)}, outside {', '.join(scope)}"] if outside else []


def _tokens(text: str) -> list[tuple[int, str]]:
    return [(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.ENDMARKER)]  # fmt: skip


def token_problems(source: str, expected: str, old: str, new: str, *, keep: int = 0) -> list[str]:
    """The edit changes exactly the tokens spelled ``old`` into ``new`` (an f-string: the word
    ``old`` in it into ``new``), and leaves ``keep`` of them as they were."""
    before, after = _tokens(source), _tokens(expected)
    if len(before) != len(after):
        return [f"the edit adds or removes tokens ({len(before)} -> {len(after)}); only {old} -> {new} may change"]
    word = re.compile(rf"(?<![\w]){re.escape(old)}(?![\w])")
    changes = 0
    problems = []
    for (kind, was), (_, now) in zip(before, after, strict=True):
        if was == now:
            continue
        fstring = kind == tokenize.STRING and re.match(r"[rRbB]?[fF]", was) and _in_fields(word, new, was) == now
        if (was, now) == (old, new) or fstring:
            changes += 1
        else:
            problems.append(f"changes {was!r} to {now!r}; only {old} -> {new} may change")
    if not changes:
        problems.append(f"no {old} becomes {new}")
    left = sum(1 for _, text in after if text == old)
    if left != keep:
        problems.append(f"{left} tokens {old} are left, the task says {keep} (keep = N)")
    return problems


def _in_fields(word: re.Pattern[str], new: str, fstring: str) -> str:
    """``fstring`` with ``word`` replaced by ``new`` inside its replacement fields ({...}) only."""
    return re.sub(r"\{[^{}]*\}", lambda field: word.sub(new, field.group()), fstring)


def _strip(tree: ast.AST, *, docstrings: bool = False, annotations: bool = False, imports: bool = False) -> str:
    """ast.dump of ``tree`` without its docstrings, annotations or imports."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if docstrings and isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):  # fmt: skip
            del body[0]
        if annotations:
            if isinstance(node, ast.arg):
                node.annotation = None
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                node.returns = None
        if imports and isinstance(body, list):
            body[:] = [n for n in body if not isinstance(n, (ast.Import, ast.ImportFrom))]
    return ast.dump(tree)


def _count(tree: ast.AST, kinds: type | tuple[type, ...]) -> int:
    return sum(1 for node in ast.walk(tree) if isinstance(node, kinds))


def _parameters(tree: ast.AST) -> int:
    return sum(len(n.args.posonlyargs) + len(n.args.args) + len(n.args.kwonlyargs)
               for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))  # fmt: skip


def _docstrings(tree: ast.AST) -> int:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return sum(1 for node in ast.walk(tree) if isinstance(node, kinds) and ast.get_docstring(node) is not None)


def shape_problems(kind: str, source: str, new: str) -> list[str]:
    """What is wrong with the shape of an edit of ``kind`` from ``source`` to ``new``."""
    old_tree, new_tree = ast.parse(source), ast.parse(new)
    changed, inserted = line_edits(source.splitlines(keepends=True), new.splitlines(keepends=True))
    if kind == "add_docstring":
        if _docstrings(new_tree) != _docstrings(old_tree) + 1:
            return ["an add_docstring edit adds one docstring"]
        if _strip(ast.parse(source), docstrings=True) != _strip(ast.parse(new), docstrings=True):
            return ["an add_docstring edit changes nothing but the docstring"]
    elif kind == "add_type_hints":
        if _strip(ast.parse(source), annotations=True) != _strip(ast.parse(new), annotations=True):
            return ["an add_type_hints edit changes nothing but annotations"]
    elif kind == "add_import":
        if _count(new_tree, (ast.Import, ast.ImportFrom)) <= _count(old_tree, (ast.Import, ast.ImportFrom)):
            return ["an add_import edit adds an import statement"]
        if _strip(ast.parse(source), imports=True) != _strip(ast.parse(new), imports=True):
            return ["an add_import edit changes nothing but the imports"]
    elif kind == "add_parameter" and _parameters(new_tree) != _parameters(old_tree) + 1:
        return ["an add_parameter edit adds one parameter"]
    elif kind == "remove_parameter" and _parameters(new_tree) != _parameters(old_tree) - 1:
        return ["a remove_parameter edit removes one parameter"]
    elif kind == "wrap_try_except" and _count(new_tree, ast.Try) != _count(old_tree, ast.Try) + 1:
        return ["a wrap_try_except edit adds one try statement"]
    elif kind == "insert_statement":
        if changed or _count(new_tree, ast.stmt) != _count(old_tree, ast.stmt) + 1:
            return ["an insert_statement edit inserts one statement and changes no line"]
    elif kind == "delete_statement":
        if inserted or _count(new_tree, ast.stmt) != _count(old_tree, ast.stmt) - 1:
            return ["a delete_statement edit deletes one statement and adds no line"]
    return []

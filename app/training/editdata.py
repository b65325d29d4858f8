"""Training data for the builtin models: synthetic edits of real code, with their instructions.

Everything is made here, deterministically, from the code of specdraft.engine.training.corpus
(this machine's standard library and permissively licensed packages, with its file-level held-out
split). Each edit function finds something to change and describes it as a `phrasing.EditSpec`;
the edit itself is made by specdraft.ops, the operations the app makes a model's edits with (one
refactoring engine: a rename here is the rename a reviewer sees), except for the four kinds no
operation expresses (`_text_edit`: a literal in a body, a comparison, a docstring removed, a hint
changed). The instruction comes from the phrasing grammar (phrasing.py), which keeps a fixed part
of itself out of training. Edits are made on single functions and classes (`generate_edits`) and
on whole modules cut into windows the way the app cuts a long file (`generate_module_edits`): one
example per window, the same instruction for each, and windows the edit does not touch answered
unchanged. Every edited text parses and differs
from the original exactly as its spec says (tests/app/training/test_editdata.py checks each kind).
"""

from __future__ import annotations

import ast
import builtins
import difflib
import functools
import io
import keyword
import random
import re
import sys
import textwrap
import tokenize
from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace

from specdraft.engine.editprompt import (
    blank_edges,
    redraft_feedback,
    render_edit_prompt,
    statement_starts,
    window_ranges,
    windows_about,
)
from specdraft.engine.training.corpus import is_heldout, list_stdlib_files, read_source, stdlib_root
from specdraft.ops import Operation, OpError, apply_all
from specdraft.ops.docstrings import AddDocstring
from specdraft.ops.hints import AddTypeHints
from specdraft.ops.imports import AddImport
from specdraft.ops.parameters import AddParameter, RemoveParameter
from specdraft.ops.rename import Rename
from specdraft.ops.statements import DeleteStatement, InsertStatement
from specdraft.ops.values import SetValue
from specdraft.ops.wrap import WrapInTry
from specdraft.training import phrasing
from specdraft.training.phrasing import EditSpec

DATA_VERSION = 7  # 1: templates per kind and random windows; 2: the phrasing grammar, module-wide edits, packages; 3: redrafts after a note; 4: snippets under a module head of constants; 5: open names, values, docstrings and statements; 6: snippets after their neighbour; 7: edits made by specdraft.ops


@dataclass(frozen=True)
class EditExample:
    """One synthetic edit: the model sees `instruction` and `original`, answers with `edited`."""

    kind: str  # the edit's kind; "no_change" for a window the edit leaves as it is
    instruction: str
    original: str
    edited: str
    path: str  # file the text comes from, relative to the stdlib root or site-packages
    scope: str = "snippet"  # "snippet": one function or class, dedented; "window": lines of a module as the app sends them
    phrasing: str = "train"  # "heldout": the instruction uses a held-out shape, verb or wrapper of the grammar
    shape: str = ""  # the grammar's sentence shape (phrasing.Phrase.shape)
    edit_kind: str = ""  # the kind of the edit the instruction asks for (for "no_change" windows too)
    sent: bool | None = None  # windows: whether the app sends this window to the model (windows_about)
    spec: dict = field(default_factory=dict)  # the edit as data (phrasing.EditSpec)

    def to_dict(self) -> dict:
        return asdict(self)


# ---------------------------------------------------------------------------------------------
# snippets


def extract_snippets(source: str, min_lines: int = 4, max_lines: int = 60) -> list[str]:
    """Top-level functions and classes, and methods (dedented), of `min_lines`..`max_lines` lines.

    Only ASCII snippets are kept (a model trained on them writes ASCII code).
    """
    return _in_order(_snippet_levels(source, min_lines, max_lines))


def previous_siblings(source: str) -> dict[str, str]:
    """Each snippet of `source` (extract_snippets) -> the one right before it at its level: the
    function or class before a top-level one, the method before a method in its class."""
    return _previous(_snippet_levels(source))


def _in_order(levels: list[tuple[str | None, list[str | None]]]) -> list[str]:
    """The snippets of `_snippet_levels` in the source's order, each class before its methods."""
    return [text for top, methods in levels for text in [top, *methods] if text is not None]


def _previous(levels: list[tuple[str | None, list[str | None]]]) -> dict[str, str]:
    """previous_siblings of `_snippet_levels`."""
    previous: dict[str, str] = {}
    for texts in [[top for top, _ in levels]] + [methods for _, methods in levels]:
        for before, text in zip(texts, texts[1:], strict=False):
            if before is not None and text is not None:
                previous.setdefault(text, before)
    return previous


def _snippet_levels(source: str, min_lines: int = 4, max_lines: int = 60) -> list[tuple[str | None, list[str | None]]]:
    """Each top-level function or class of `source`, in order, with the methods of a class: their
    snippets (`_snippet_text`, None where one is not kept)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lines = source.splitlines(keepends=True)
    levels = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            methods = [n for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))] \
                if isinstance(node, ast.ClassDef) else []  # fmt: skip
            levels.append((_snippet_text(lines, node, min_lines, max_lines),
                           [_snippet_text(lines, method, min_lines, max_lines) for method in methods]))  # fmt: skip
    return levels


def _snippet_text(lines: list[str], node: ast.AST, min_lines: int = 4, max_lines: int = 60) -> str | None:
    """A function or class of the source `lines`, dedented, as extract_snippets keeps it; else None."""
    start = min([node.lineno] + [d.lineno for d in node.decorator_list])
    end = node.end_lineno
    if not min_lines <= end - start + 1 <= max_lines:
        return None
    text = textwrap.dedent("".join(lines[start - 1 : end]))
    if not text.endswith("\n"):
        text += "\n"
    if not text.isascii() or "\t" in text or "\f" in text or "\\\n" in text:
        return None
    try:
        ast.parse(text)
    except SyntaxError:
        return None
    return text


def module_ok(text: str) -> bool:
    """Whether a whole module can be edited and windowed as the app does: no tabs in its
    indentation, no line breaks other than newlines (the app's lines and ast's must agree)."""
    lines_agree = len(text.splitlines()) == text.count("\n") + (not text.endswith("\n"))
    return lines_agree and not re.search(r"^ *\t", text, re.M)


# ---------------------------------------------------------------------------------------------
# a text to edit, with what the edits need to know about it

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
           ast.DictComp, ast.GeneratorExp)  # fmt: skip
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class _Info:
    """Who binds and uses each name, and where (one walk over the tree)."""

    def __init__(self, tree: ast.AST):
        self.parent: dict[int, ast.AST] = {}
        self.scope: dict[int, ast.AST | None] = {}  # innermost function, lambda, class or comprehension; None: the module
        self.bindings: dict[str, list[tuple[ast.AST | None, ast.AST]]] = {}
        self.name_nodes: dict[str, list[ast.Name]] = {}
        self.attributes: dict[str, list[ast.Attribute]] = {}
        self.keywords: dict[str, list[tuple[ast.keyword, ast.Call]]] = {}
        self.defs: dict[str, list[ast.AST]] = {}
        self.spelled: set[str] = set()  # names a string spells where code looks them up: __all__, __slots__, getattr
        self.declared: set[str] = set()  # global and nonlocal names
        self.in_fstring: set[int] = set()  # nodes inside f-strings (positions unreliable before 3.12)
        self.assigned: dict[int, set[str]] = {}  # id(scope) -> names assigned (plain names) in it
        self._visit(tree, None, None, False)

    def _bind(self, name: str, scope: ast.AST | None, node: ast.AST) -> None:
        self.bindings.setdefault(name, []).append((scope, node))

    def _visit(self, node: ast.AST, scope: ast.AST | None, parent: ast.AST | None, in_f: bool) -> None:
        nid = id(node)
        self.parent[nid] = parent
        self.scope[nid] = scope
        if in_f:
            self.in_fstring.add(nid)
        in_f = in_f or isinstance(node, ast.JoinedStr)
        if isinstance(node, ast.Name):
            self.name_nodes.setdefault(node.id, []).append(node)
            if not isinstance(node.ctx, ast.Load):
                self._bind(node.id, scope, node)
                self.assigned.setdefault(id(scope), set()).add(node.id)
        elif isinstance(node, ast.Attribute):
            self.attributes.setdefault(node.attr, []).append(node)
        elif isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg:
                    self.keywords.setdefault(kw.arg, []).append((kw, node))
            if isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr", "hasattr", "delattr"):
                self.spelled.update(a.value for a in node.args[1:2] if isinstance(a, ast.Constant) and isinstance(a.value, str))
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in ("__all__", "__slots__") for t in node.targets):
            self.spelled.update(n.value for n in ast.walk(node.value) if isinstance(n, ast.Constant) and isinstance(n.value, str))
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            self.declared.update(node.names)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                self._bind((alias.asname or alias.name).split(".")[0], scope, alias)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            self._bind(node.name, scope, node)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            self._bind(node.name, scope, node)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            self._bind(node.rest, scope, node)

        def inner(children, child_scope):
            for child in children:
                if child is not None:
                    self._visit(child, child_scope, node, in_f)

        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            if not isinstance(node, ast.Lambda):
                self.defs.setdefault(node.name, []).append(node)
                self._bind(node.name, scope, node)
                inner(node.decorator_list, scope)
                inner([node.returns], scope)
            args = node.args
            inner(args.defaults + list(args.kw_defaults), scope)
            for arg in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
                if arg is None:
                    continue
                self.parent[id(arg)], self.scope[id(arg)] = node, node
                self._bind(arg.arg, node, arg)
                if arg.annotation is not None:
                    self._visit(arg.annotation, scope, arg, in_f)
            inner(node.body if isinstance(node.body, list) else [node.body], node)
        elif isinstance(node, ast.ClassDef):
            self.defs.setdefault(node.name, []).append(node)
            self._bind(node.name, scope, node)
            inner(node.decorator_list + node.bases + node.keywords, scope)
            inner(node.body, node)
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            first = node.generators[0]
            inner([first.iter], scope)
            for number, gen in enumerate(node.generators):
                self.parent[id(gen)], self.scope[id(gen)] = node, node
                inner([gen.target] + ([gen.iter] if number else []) + gen.ifs, node)
            inner([node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt], node)
        else:
            inner(ast.iter_child_nodes(node), scope)

    def inside(self, node: ast.AST, container: ast.AST) -> bool:
        """Whether `node` lies within `container` (or is it)."""
        while node is not None:
            if node is container:
                return True
            node = self.parent.get(id(node))
        return False

    def enclosing(self, node: ast.AST, kinds: tuple[type, ...]) -> ast.AST | None:
        node = self.parent.get(id(node))
        while node is not None and not isinstance(node, kinds):
            node = self.parent.get(id(node))
        return node


class _Source:
    """A text with its AST, tokens and helpers to turn positions into string offsets."""

    def __init__(self, text: str):
        self.text = text
        self.tree = ast.parse(text)
        self.lines = [line + "\n" for line in text.split("\n")]  # ast's lines: newlines only
        self.lines[-1] = self.lines[-1][:-1]
        if not self.lines[-1]:
            self.lines.pop()
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))
        self.tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
        self.names = {tok.string for tok in self.tokens if tok.type == tokenize.NAME}
        self.words = set(re.findall(r"\w+", text))  # in comments and strings too: a new name is new everywhere

    @functools.cached_property
    def info(self) -> _Info:
        return _Info(self.tree)

    @functools.cached_property
    def name_offsets(self) -> dict[str, list[int]]:
        """Offsets of each identifier token."""
        found: dict[str, list[int]] = {}
        for tok in self.tokens:
            if tok.type == tokenize.NAME:
                found.setdefault(tok.string, []).append(self.toffset(*tok.start))
        return found

    @functools.cached_property
    def _op_offsets(self) -> tuple[list[int], list[str]]:
        ops = [(self.toffset(*tok.start), tok.string) for tok in self.tokens if tok.type == tokenize.OP]
        return [o for o, _ in ops], [s for _, s in ops]

    def col(self, lineno: int, col: int) -> int:
        """ast's column (UTF-8 bytes) as a character column."""
        line = self.lines[lineno - 1]
        return col if line.isascii() else len(line.encode("utf-8")[:col].decode("utf-8", "ignore"))

    def offset(self, lineno: int, col: int) -> int:
        """String offset of an ast position."""
        return self.starts[lineno - 1] + self.col(lineno, col)

    def toffset(self, lineno: int, col: int) -> int:
        """String offset of a tokenize position (columns in characters)."""
        return self.starts[lineno - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)

    def segment(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.text[start:end]

    def line_of(self, lineno: int) -> str:
        return self.lines[lineno - 1]

    @functools.cached_property
    def nodes(self) -> list[ast.AST]:
        """Every node of the tree (ast.walk's order)."""
        return list(ast.walk(self.tree))

    @functools.cached_property
    def _functions(self) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
        return [n for n in self.nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]

    def functions(self) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
        return self._functions

    @functools.cached_property
    def param_owners(self) -> dict[str, list[ast.AST]]:
        """Parameter name -> the functions that have a parameter so named."""
        owners: dict[str, list[ast.AST]] = {}
        for func in self._functions:
            a = func.args
            for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
                if arg is not None:
                    owners.setdefault(arg.arg, []).append(func)
        return owners

    @functools.cached_property
    def single_line_statements(self) -> list[tuple[ast.stmt, list[ast.stmt]]]:
        return _single_line_statements(self)

    def fresh_name(self, rng: random.Random, hint: str = "", style: str = "snake") -> str:
        """A new identifier that does not occur in the text and is no keyword or builtin;
        `style` "upper" for constants, "camel" for classes."""
        for _ in range(50):
            roll = rng.random()
            word = rng.choice(NAME_WORDS)
            bare = hint.strip("_")
            snake = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", bare).lower()  # CamelCase hint -> parts
            if rng.random() < OPEN_TEXT_SHARE:  # data v5: open names (see corpus_words)
                name = open_name(rng, snake)
            elif roll < 0.4:
                name = word
            elif roll < 0.75:
                name = f"{word}_{rng.choice(NAME_WORDS)}"
            elif bare and style != "camel":
                name = f"{bare.lower()}_{word}" if rng.random() < 0.5 else f"{word}_{bare.lower()}"
            else:
                name = f"{rng.choice(NAME_PREFIXES)}_{word}"
            if style == "upper":
                name = name.upper()
            elif style == "camel":
                name = "".join(part.capitalize() for part in name.split("_"))
            if hint.startswith("_") and not name.startswith("_"):
                name = "_" + name
            if name not in self.words and not keyword.iskeyword(name) and not hasattr(builtins, name):
                return name
        return f"renamed_{hint.strip('_') or 'name'}_{rng.randrange(1000)}"

    def header_colon(self, node: ast.AST) -> int:
        """Offset of the ':' that ends a def/class header (the first ':' at bracket depth 0)."""
        offsets, strings = self._op_offsets
        start = self.offset(node.lineno, node.col_offset)
        depth = 0
        for index in range(bisect_left(offsets, start), len(offsets)):
            op = strings[index]
            if op in "([{":
                depth += 1
            elif op in ")]}":
                depth -= 1
            elif op == ":" and depth == 0:
                return offsets[index]
        raise ValueError("no header colon")


def _replace(text: str, edits) -> str:
    """Apply (start, end, new_text) replacements given as string offsets (non-overlapping)."""
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _indent_of(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" "))]


def _simple_params(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    a = func.args
    return not (a.posonlyargs or a.vararg or a.kwonlyargs or a.kwarg)


def _param_elements(func: ast.AST) -> list[tuple[ast.arg, ast.expr | None]]:
    """Positional parameters with their defaults (None when a parameter has none)."""
    args = func.args.args
    defaults = [None] * (len(args) - len(func.args.defaults)) + list(func.args.defaults)
    return list(zip(args, defaults, strict=True))


def _is_self(arg: ast.arg, index: int) -> bool:
    return index == 0 and arg.arg in ("self", "cls", "mcs", "klass")


def _is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def _single_line_statements(src: _Source) -> list[tuple[ast.stmt, list[ast.stmt]]]:
    """Simple statements alone on their line, with the body list that holds them."""
    found = []
    for node in src.nodes:
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if not isinstance(body, list):
                continue
            for stmt in body:
                if not isinstance(stmt, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return)):
                    continue
                if stmt.lineno != stmt.end_lineno:
                    continue
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                    continue  # docstrings and bare constants
                line = src.line_of(stmt.lineno)
                if line.strip() != src.segment(stmt).strip():
                    continue  # shares its line (`;`) or carries a comment
                found.append((stmt, body))
    return found


@functools.lru_cache(maxsize=8)
def _line_counts(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in text.split("\n"):
        counts[line.strip()] = counts.get(line.strip(), 0) + 1
    return counts


def _unique_line(src: _Source, lineno: int) -> str | None:
    stripped = src.line_of(lineno).strip()
    return stripped if _line_counts(src.text).get(stripped) == 1 else None


def _where(src: _Source, func: ast.AST) -> tuple[str, str, bool] | None:
    """(role, class, scope_needed) of a def: "method" with its class's name (or "" in a method
    cut from its class), "function" or "class"; scope_needed when another def has its name, so
    that an instruction must name the class. None when even that would not tell them apart."""
    info = src.info
    if isinstance(func, ast.ClassDef):
        role, cls = "class", ""
    else:
        owner = info.scope.get(id(func))
        if isinstance(owner, ast.ClassDef):
            role, cls = "method", owner.name
        elif owner is None and func.args.args and func.args.args[0].arg in ("self", "cls"):
            role, cls = "method", ""
        else:
            role, cls = "function", ""
    twins = [d for d in info.defs.get(func.name, []) if d is not func]
    if not twins:
        return role, cls, False
    if role != "method" or not cls:
        return None
    same_class = [d for d in twins if isinstance(info.scope.get(id(d)), ast.ClassDef) and info.scope[id(d)].name == cls]
    return None if same_class else (role, cls, True)


def _enclosing_function(src: _Source, node: ast.AST) -> tuple[str, str]:
    """(name, role) of the innermost function around `node`, or ("", "")."""
    func = src.info.enclosing(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    if func is None:
        return "", ""
    where = _where(src, func)
    if where is None or where[2]:
        return "", ""  # its name does not say which one
    return func.name, where[0]


NAME_WORDS = [
    "value", "item", "result", "data", "count", "index", "name", "key", "text", "buf", "node",
    "entry", "total", "offset", "size", "path", "line", "token", "record", "field", "target",
    "source", "config", "options", "state", "handle", "chunk", "label", "number", "flag", "limit",
    "items", "parts", "values", "prefix", "suffix", "mode", "level", "width", "height", "pos",
    "start", "end", "current", "parent", "child", "message", "payload", "header", "body", "info",
]
NAME_PREFIXES = ["new", "old", "tmp", "raw", "max", "min", "num", "is", "has", "last", "first"]
TYPE_HINTS = ["int", "str", "bool", "float", "bytes", "list", "dict", "tuple", "object",
              "int | None", "str | None", "list[str]", "dict[str, int]"]
MORE_TYPE_HINTS = ["Path", "date", "datetime", "Decimal", "Any", "set[str]", "tuple[int, int]", "float | None",
                   "bytes | None", "Sequence[str]", "Iterable[int]", "Iterator[str]", "Mapping[str, Any]",
                   "Callable[..., None]", "list[dict]", "dict[str, list[str]]", "Path | str", "os.PathLike",
                   "list[tuple[str, int]]", "frozenset[str]", "type", "Optional[int]", "re.Pattern[str]"]  # fmt: skip
EXCEPTIONS = ["ValueError", "KeyError", "OSError", "TypeError", "Exception", "AttributeError",
              "IndexError", "RuntimeError"]

# Data v1-v4 made every new name from NAME_WORDS, every docstring and inserted statement from a
# handful of templates: the models learned those lists by heart and, asked for a name outside
# them ("rename parse_tags to split_tags"), copied the file unchanged, while they renamed to
# `current` or `source_config` at once. From v5 the new text is open: names and words from the
# identifiers of the whole training corpus (thousands), made-up words, the old name reworked
# (`timeout` -> `timeout_s`, `parse_tags` -> `split_tags`), docstrings from the corpus's own, so
# that the only way to write them is to copy them from the instruction.
OPEN_TEXT_SHARE = 0.85  # of the new names, values, docstrings and statements drawn from the open sources


@functools.lru_cache(maxsize=1)
def _training_texts() -> tuple[str, ...]:
    """The texts of the standard library's training files (held-out files left out), read once
    for `corpus_words` and `corpus_docstrings`."""
    root = stdlib_root()
    texts = (None if is_heldout(relpath) else read_source(root, relpath) for relpath in list_stdlib_files(root))
    return tuple(text for text in texts if text)


@functools.lru_cache(maxsize=1)
def corpus_words() -> tuple[str, ...]:
    """Lower-case words of 3 to 12 letters that the identifiers of the standard library's training
    files are made of (`parse_tags` -> parse, tags; `HTTPConnection` -> http, connection), each
    used at least 3 times; sorted, the same on every machine with the same Python."""
    from collections import Counter

    counts: Counter[str] = Counter()
    for text in _training_texts():
        for identifier in set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)):
            for part in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", identifier):
                counts[part.lower()] += 1
    return tuple(sorted(word for word, count in counts.items()
                        if count >= 3 and 3 <= len(word) <= 12 and word.isascii() and not keyword.iskeyword(word)))  # fmt: skip


@functools.lru_cache(maxsize=1)
def corpus_docstrings() -> tuple[str, ...]:
    """First lines of the docstrings of the standard library's training files that read as one
    plain sentence (ASCII, 12 to 72 characters, ending with a full stop, no quotes)."""
    lines = set()
    for text in _training_texts():
        for match in re.finditer(r'"""([^"\n]{12,72}\.)(?:"""|\n)', text):
            line = match.group(1).strip()
            if line.isascii() and "'" not in line and "\\" not in line and line[0].isupper():
                lines.add(line)
    return tuple(sorted(lines))


_CONSONANTS, _VOWELS = "bcdfghjklmnprstvwz", "aeiou"


def made_up_word(rng: random.Random) -> str:
    """A pronounceable word no vocabulary holds (`tavoru`): a name can only be copied."""
    return "".join(rng.choice(_CONSONANTS) + rng.choice(_VOWELS) for _ in range(rng.randint(2, 3)))


MADE_UP_SHARE = 0.35  # of the open words: made up, so that only copying can write them


def open_word(rng: random.Random) -> str:
    """One word of a new name or value: from the corpus, made up (a third: a model that guesses a
    plausible word instead of copying the instruction's is wrong there), now and then common."""
    roll = rng.random()
    if roll < MADE_UP_SHARE:
        return made_up_word(rng)
    if roll < MADE_UP_SHARE + (1 - OPEN_TEXT_SHARE):
        return rng.choice(NAME_WORDS)
    return rng.choice(corpus_words())


def open_name(rng: random.Random, hint: str = "") -> str:
    """A new snake_case name: one to three open words, or `hint` (the old name) reworked the way
    people rename (a part swapped, a part added before or after, a part dropped)."""
    parts = [p for p in hint.strip("_").lower().split("_") if p]
    roll = rng.random()
    if parts and roll < 0.35:
        how = rng.random()
        if how < 0.4 or len(parts) == 1 and how < 0.55:
            index = rng.randrange(len(parts))
            parts = parts[:index] + [open_word(rng)] + parts[index + 1 :]
        elif how < 0.7:
            extra = rng.choice([open_word(rng), rng.choice(["s", "ms", "id", "count", "list", "map", "path", "name"])])
            parts = [*parts, extra] if rng.random() < 0.7 else [extra, *parts]
        elif len(parts) > 1:
            parts.pop(rng.randrange(len(parts)))
        else:
            parts = [open_word(rng), *parts]
        return "_".join(parts)
    return "_".join(open_word(rng) for _ in range(rng.choice([1, 1, 2, 2, 2, 3])))


def open_value(rng: random.Random) -> str:
    """The text of a new string value: a word or two from the open sources, joined as values are."""
    words = [open_word(rng) for _ in range(rng.choice([1, 1, 2, 2, 3]))]
    joiner = rng.choice(["_", "_", "-", " ", " ", "/", "."])
    text = joiner.join(words)
    return text.upper() if rng.random() < 0.1 else text[:24]


# ---------------------------------------------------------------------------------------------
# the edit kinds: each takes a text and a seeded RNG and returns an Edit (or None: not applicable)


@dataclass(frozen=True)
class Edit:
    """An edit as data (`spec`), the text it is made in (`original`) and the text it makes.

    `operations`: the specdraft.ops operations that made it, the app's one refactoring engine
    (`_made`); none for the few kinds no operation expresses (a literal in a body, a comparison,
    a docstring removed, a hint changed), text edits that `_text_edit` makes from exact
    replacements. `replacements`: (start, end, new text) of `original` that make `edited` (for an
    operation's edit, the lines a line diff finds changed). `anchors`: for each replacement, an
    offset of `original` that lies in the window the replacement belongs to when the text is cut
    into windows (an insertion at the start of a line goes with the line before it unless its
    anchor says otherwise)."""

    spec: EditSpec
    original: str
    edited: str
    replacements: tuple[tuple[int, int, str], ...]
    operations: tuple[Operation, ...] = ()
    anchors: tuple[int, ...] = ()
    in_class: bool = False  # the operations were made with the text put back in a class (`_made`)

    def anchor(self, index: int) -> int:
        if self.anchors:
            return self.anchors[index]
        start, end, _ = self.replacements[index]
        return start if end > start else max(start - 1, 0)


EditFn = Callable[[_Source, random.Random], "Edit | None"]
PATH = "snippet.py"  # the name the operations know the text by


def _text_edit(src: _Source, spec: EditSpec, replacements) -> Edit:
    """A text edit (a kind no operation expresses): `replacements` made on the text."""
    return Edit(spec, src.text, _replace(src.text, replacements), tuple(replacements))


def _made(src: _Source | str, spec: EditSpec, *operations: Operation, in_class: bool = False) -> Edit | None:
    """The edit `operations` make in the text (specdraft.ops, as the app makes a model's
    operations), or None where they do not fit it (a name not found, a place that is ambiguous:
    OpError). `in_class`: the text is a method cut from its class, put back in class `OWNER` for
    the operations to find it and its `self.` uses in (and taken out again)."""
    text = src if isinstance(src, str) else src.text
    given = text
    if in_class:
        given = f"class {OWNER}:\n" + textwrap.indent(text, "    ")
        if _out_of_class(given) != text:
            return None  # a line of blanks in a string: the class would change it
    try:
        edited = apply_all(operations, {PATH: given}).get(PATH)
    except OpError:
        return None
    if edited is None:
        return None
    edited = _out_of_class(edited) if in_class else edited
    return Edit(spec, text, edited, line_replacements(text, edited), operations, in_class=in_class)


OWNER = "CutFrom"  # the class a method cut from its class is put back in for the operations


def _out_of_class(text: str) -> str:
    """A text `_made` put in class OWNER, out of it again."""
    return "".join(line[4:] if line.startswith("    ") else line for line in text.splitlines(keepends=True)[1:])


def line_replacements(old: str, new: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, new text) of `old` that make `new`, whole lines as a line diff finds them
    changed; a block of as many lines on both sides is one replacement a line (a rename's lines
    may lie in different windows)."""
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    starts = [0]
    for line in a:
        starts.append(starts[-1] + len(line))
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if i2 - i1 == j2 - j1:
            out += [(starts[i], starts[i + 1], b[j1 + i - i1]) for i in range(i1, i2)]
        else:
            out.append((starts[i1], starts[i2], "".join(b[j1:j2])))
    return tuple(out)


def _dotted(src: _Source, node: ast.AST) -> str:
    """The dotted name the operations find a def by (`Class.method`, `outer.inner`): a def is
    only ever in the body of a module, a class or a function."""
    names = [node.name]
    scope = src.info.scope.get(id(node))
    while scope is not None:
        names.append(scope.name)
        scope = src.info.scope.get(id(scope))
    return ".".join(reversed(names))


def _is_call(info: _Info, node: ast.AST) -> bool:
    parent = info.parent.get(id(node))
    return isinstance(parent, ast.Call) and parent.func is node


def _module_refs(src: _Source, name: str, definition: ast.AST) -> list[ast.Name] | None:
    """The names that refer to the module-level `name` bound only by `definition`; None when a
    rename would be unclear: another binding of the name (a local of the same name, an import, a
    second assignment), a global statement, an f-string use, or a string that spells it where
    code looks it up (`__all__`, getattr). Other strings stay as they are, and so does a method
    of the same name: another thing."""
    info = src.info
    if name in info.declared or name in info.spelled or _is_dunder(name):
        return None
    for scope, node in info.bindings.get(name, []):
        if node is definition:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(scope, ast.ClassDef):
            if not any(info.scope[id(n)] is scope for n in info.name_nodes.get(name, [])):
                continue
        return None
    refs = [n for n in info.name_nodes.get(name, []) if n is not definition]
    if any(id(n) in info.in_fstring for n in refs):
        return None
    return refs


def _local_refs(src: _Source, func: ast.AST, name: str) -> list[ast.Name] | None:
    """The names in `func` that refer to its local `name` (a parameter or variable); None when a
    nested scope binds the name too, something other than an assignment binds it, it is declared
    global or nonlocal, passed as a keyword `name=` in `func`, or used in an f-string."""
    info = src.info
    if name in info.declared:
        return None
    for scope, node in info.bindings.get(name, []):
        if scope is func:
            if not isinstance(node, (ast.Name, ast.arg)):
                return None
        elif scope is not None and info.inside(scope, func):
            return None
    refs = []
    for node in info.name_nodes.get(name, []):
        scope = info.scope[id(node)]
        if scope is func or (scope is not None and info.inside(scope, func)):
            if id(node) in info.in_fstring:
                return None
            refs.append(node)
    if any(info.inside(kw, func) for kw, _ in info.keywords.get(name, [])):
        return None
    return refs


def _outside(src: _Source, name: str, node: ast.AST, exclude: set[int] = frozenset()) -> bool:
    """Whether the identifier `name` occurs outside `node`'s lines (besides offsets in `exclude`)."""
    start = src.starts[node.lineno - 1]
    end = src.starts[node.end_lineno] if node.end_lineno < len(src.starts) else len(src.text)
    return any(not start <= o < end and o not in exclude for o in src.name_offsets.get(name, []))


def edit_rename_function(src: _Source, rng: random.Random) -> Edit | None:
    """Rename a module-level function: its def and every use (calls, references), across the text."""
    info = src.info
    funcs = [f for f in src.functions() if info.scope[id(f)] is None and not _is_dunder(f.name)
             and _where(src, f) == ("function", "", False)]  # fmt: skip
    if not funcs:
        return None
    func = rng.choice(funcs)
    refs = _module_refs(src, func.name, func)
    if refs is None:
        return None
    new = src.fresh_name(rng, func.name)
    calls = sum(_is_call(info, r) for r in refs)
    return _made(src, EditSpec("rename_function", func.name, "function", new, uses=len(refs), calls=calls),
                 Rename(old=func.name, new=new))  # fmt: skip


def edit_rename_method(src: _Source, rng: random.Random) -> Edit | None:
    """Rename a method: its def, `self.name` / `cls.name` in its class and `Class.name` anywhere.
    Not applicable when the name is also used any other way (another object's attribute, a
    plain name, getattr), where a reader could not tell which uses are meant."""
    info = src.info
    candidates = []
    for func in src.functions():
        where = _where(src, func)
        if where and where[0] == "method" and not where[2] and not _is_dunder(func.name):
            candidates.append(func)
    if not candidates:
        return None
    func = rng.choice(candidates)
    name = func.name
    cls = info.scope[id(func)] if isinstance(info.scope[id(func)], ast.ClassDef) else None
    if name in info.name_nodes or name in info.spelled or len(info.bindings.get(name, [])) != 1:
        return None
    attrs = info.attributes.get(name, [])
    for attr in attrs:
        value = attr.value
        if id(attr) in info.in_fstring or not isinstance(value, ast.Name):
            return None
        if value.id in ("self", "cls") and info.enclosing(attr, (ast.ClassDef,)) is cls:
            continue
        if cls is not None and value.id == cls.name:
            continue
        return None
    new = src.fresh_name(rng, name)
    calls = sum(_is_call(info, a) for a in attrs)
    spec = EditSpec("rename_method", name, "method", new, scope=cls.name if cls else "", scope_role="class" if cls else "",
                    uses=len(attrs), calls=calls)  # fmt: skip
    if cls is None:  # a method cut from its class
        return _made(src, spec, Rename(old=name, new=new, scope=OWNER), in_class=True)
    return _made(src, spec, Rename(old=name, new=new, scope=_dotted(src, cls)))


def edit_rename_class(src: _Source, rng: random.Random) -> Edit | None:
    """Rename a module-level class and every use of its name."""
    info = src.info
    classes = [c for c in src.nodes if isinstance(c, ast.ClassDef) and info.scope[id(c)] is None]
    if not classes:
        return None
    cls = rng.choice(classes)
    refs = _module_refs(src, cls.name, cls)
    if refs is None or len(info.defs.get(cls.name, [])) != 1:
        return None
    new = src.fresh_name(rng, cls.name, "camel")
    calls = sum(_is_call(info, r) for r in refs)
    return _made(src, EditSpec("rename_class", cls.name, "class", new, uses=len(refs), calls=calls),
                 Rename(old=cls.name, new=new))  # fmt: skip


_UPPER = re.compile(r"_?[A-Z][A-Z0-9_]*\Z")


def _module_assignments(src: _Source) -> list[tuple[ast.Assign, ast.Name]]:
    """`NAME = value` statements at the top level of the text."""
    return [(s, s.targets[0]) for s in src.tree.body
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)]  # fmt: skip


def edit_rename_constant(src: _Source, rng: random.Random) -> Edit | None:
    """Rename a module-level UPPER_CASE constant and all its uses."""
    constants = [(s, t) for s, t in _module_assignments(src) if _UPPER.match(t.id) and len(t.id) > 1]
    if not constants:
        return None
    _, target = rng.choice(constants)
    refs = _module_refs(src, target.id, target)
    if refs is None:
        return None
    new = src.fresh_name(rng, target.id, "upper")
    return _made(src, EditSpec("rename_constant", target.id, "constant", new, uses=len(refs)), Rename(old=target.id, new=new))


def edit_rename_variable(src: _Source, rng: random.Random) -> Edit | None:
    """Rename a local variable of a function (every use in it, closures included), or a
    module-level variable and all its uses."""
    info = src.info
    candidates: list[tuple[ast.AST | None, str]] = []
    for func in src.functions():
        params = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
        candidates += [(func, name) for name in sorted(info.assigned.get(id(func), set()) - params)]
    candidates += [(None, t.id) for _, t in _module_assignments(src) if not _UPPER.match(t.id) and not _is_dunder(t.id)]
    if not candidates:
        return None
    func, old = rng.choice(candidates)
    if func is None:
        definition = next(t for _, t in _module_assignments(src) if t.id == old)
        refs = _module_refs(src, old, definition)
        if refs is None:
            return None
        new = src.fresh_name(rng, old)
        spec = EditSpec("rename_variable", old, "variable", new, uses=len(refs))
        operation = Rename(old=old, new=new)
    else:
        refs = _local_refs(src, func, old)
        where = _where(src, func)
        if refs is None or where is None:
            return None
        needed = _outside(src, old, func)
        if needed and where[2]:
            return None  # "in `f`" would not say which `f`
        new = src.fresh_name(rng, old)
        spec = EditSpec("rename_variable", old, "variable", new, scope=func.name, scope_role=where[0],
                        scope_needed=needed, uses=len(refs) - 1)  # fmt: skip
        operation = Rename(old=old, new=new, scope=_dotted(src, func))
    return _made(src, spec, operation)


def _call_targets(src: _Source, func: ast.AST, name: str) -> list[ast.Call] | None:
    """Calls in the text that call `func` (by its name, or `self.name` in its class), or None when
    the function is also referred to in a way whose calls cannot be seen (passed as a value, an
    attribute of another object with its name, a duplicate def)."""
    info = src.info
    where = _where(src, func)
    if where is None or where[2]:
        return None
    cls = info.scope[id(func)] if isinstance(info.scope[id(func)], ast.ClassDef) else None
    calls = []
    if where[0] == "function":
        if info.scope[id(func)] is not None:
            return [] if name not in info.name_nodes else None
        refs = _module_refs(src, name, func)
        if refs is None or not all(_is_call(info, r) for r in refs):
            return None
        calls = [info.parent[id(r)] for r in refs]
        return calls
    if name in info.name_nodes:
        return None
    for attr in info.attributes.get(name, []):
        value = attr.value
        if not _is_call(info, attr) or not isinstance(value, ast.Name):
            return None
        if value.id in ("self", "cls") and info.enclosing(attr, (ast.ClassDef,)) is cls:
            calls.append(info.parent[id(attr)])
        else:
            return None
    return calls


def edit_rename_parameter(src: _Source, rng: random.Random) -> Edit | None:
    """Rename a parameter of a function: in the signature, the body, and as a keyword argument in
    the calls of the function the text makes."""
    info = src.info
    candidates = []
    for func in src.functions():
        args = func.args.args + func.args.kwonlyargs
        candidates += [(func, a) for i, a in enumerate(args) if not (i == 0 and _is_self(a, 0) and func.args.args)]
    if not candidates:
        return None
    func, arg = rng.choice(candidates)
    old = arg.arg
    refs = _local_refs(src, func, old)
    where = _where(src, func)
    if refs is None or where is None or where[2]:
        return None
    sites = [kw for kw, call in info.keywords.get(old, []) if not info.inside(kw, func)]
    if sites:
        calls = _call_targets(src, func, func.name)
        if calls is None:
            return None
        ours = {id(c) for c in calls}
        if any(id(call) not in ours for kw, call in info.keywords.get(old, []) if not info.inside(kw, func)):
            return None  # `old=` passed to something else as well: which ones are meant?
    site_offsets = {src.offset(kw.lineno, kw.col_offset) for kw in sites}
    needed = _outside(src, old, func, site_offsets)
    new = src.fresh_name(rng, old)
    spec = EditSpec("rename_parameter", old, "parameter", new, scope=func.name, scope_role=where[0],
                    scope_needed=needed, uses=len(refs), calls=len(sites))  # fmt: skip
    return _made(src, spec, Rename(old=old, new=new, scope=_dotted(src, func)))


def edit_rename_attribute(src: _Source, rng: random.Random) -> Edit | None:
    """Rename an instance attribute: every `self.name` in its class (or in a method cut from
    it). Not applicable when the attribute is reached any other way (another object, another
    class, a class attribute, a method of that name, getattr with a string, __slots__)."""
    info = src.info
    candidates = []
    for name, nodes in info.attributes.items():
        if _is_dunder(name) or name in info.spelled or name in info.defs:
            continue
        classes = {id(info.enclosing(n, (ast.ClassDef,))) for n in nodes}
        if len(classes) != 1 or not any(isinstance(n.ctx, ast.Store) for n in nodes):
            continue
        if all(isinstance(n.value, ast.Name) and n.value.id == "self" and id(n) not in info.in_fstring for n in nodes):
            candidates.append((name, nodes))
    if not candidates:
        return None
    name, nodes = rng.choice(candidates)
    cls = info.enclosing(nodes[0], (ast.ClassDef,))
    if cls is not None:
        if any(scope is cls for scope, _ in info.bindings.get(name, [])):
            return None
        if any(isinstance(t, ast.Name) and t.id == "__slots__" for s in cls.body if isinstance(s, ast.Assign) for t in s.targets):
            return None
    new = src.fresh_name(rng, name)
    spec = EditSpec("rename_attribute", name, "attribute", new, scope=cls.name if cls else "",
                    scope_role="class" if cls else "", uses=len(nodes))  # fmt: skip
    if cls is None:  # a method cut from its class
        return _made(src, spec, Rename(old=name, new=new, scope=OWNER), in_class=True)
    return _made(src, spec, Rename(old=name, new=new, scope=_dotted(src, cls)))


def _new_constant(value: object, rng: random.Random) -> object | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        choices = [value + 1, value - 1, value * 2, value + 10, rng.randrange(0, 100), rng.choice([8, 16, 32, 64, 100, 256, 1000, 1024]),
                   rng.randrange(0, 100_000), value * 10, value + rng.randrange(2, 50)]  # fmt: skip
        if value > 1 and value % 2 == 0:
            choices.append(value // 2)
        choices = [c for c in choices if c != value and c >= 0]
        return rng.choice(choices) if choices else None
    if isinstance(value, float):
        return rng.choice([value * 2, value / 2, round(value + 0.5, 3), 0.1, 1.5, round(rng.uniform(0, 100), rng.randint(1, 3))])
    if isinstance(value, str):
        word = open_value(rng) if rng.random() < OPEN_TEXT_SHARE else rng.choice(NAME_WORDS)
        return rng.choice([word, word, word.upper(), f"{value}_{word}" if value.isidentifier() else word])
    return None


def _plain_literal(src: _Source, node: ast.AST) -> str | None:
    """The source text of a number or short simple string literal, or None for anything fancier
    (prefixes, escapes, implicit concatenation, hex, underscores, exponents)."""
    value = node.value
    seg = src.segment(node)
    if isinstance(value, bool) or value is None or isinstance(value, (bytes, complex)):
        return None
    if isinstance(value, str):
        if not (1 <= len(value) <= 24) or not re.fullmatch(r"[\w .,:;/-]*", value) or not value.isascii():
            return None
        return seg if seg in (f"'{value}'", f'"{value}"') else None
    if isinstance(value, (int, float)) and seg == repr(value) and len(seg) <= 12:
        return seg
    return None


def _new_literal_text(src: _Source, node: ast.AST, rng: random.Random) -> str | None:
    new_value = _new_constant(node.value, rng)
    if new_value is None or new_value == node.value:
        return None
    seg = src.segment(node)
    if isinstance(node.value, str):
        return f"{seg[0]}{new_value}{seg[0]}"
    text = repr(new_value)
    return text if len(text) <= 12 else None


def edit_change_constant(src: _Source, rng: random.Random) -> Edit | None:
    """Change the value of a module-level UPPER_CASE constant (a number, short string or bool)."""
    candidates = []
    for stmt, target in _module_assignments(src):
        value = stmt.value
        if _UPPER.match(target.id) and isinstance(value, ast.Constant) and value.lineno == value.end_lineno:
            if isinstance(value.value, bool) or _plain_literal(src, value):
                candidates.append((target, value))
    if not candidates:
        return None
    target, value = rng.choice(candidates)
    refs = _module_refs(src, target.id, target)
    if refs is None:
        return None
    old = src.segment(value)
    new = repr(not value.value) if isinstance(value.value, bool) else _new_literal_text(src, value, rng)
    if new is None:
        return None
    spec = EditSpec("change_constant", target.id, "constant", old=old, new=new, uses=len(refs))
    return _made(src, spec, SetValue(target=target.id, value=new))


def edit_change_literal(src: _Source, rng: random.Random) -> Edit | None:
    """Change a number or short string literal that occurs once in the text."""
    info = src.info
    docstrings = {
        id(n.body[0].value) for n in src.nodes
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module))
        and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)
    }  # fmt: skip
    candidates = []
    for node in src.nodes:
        if not isinstance(node, ast.Constant) or id(node) in info.in_fstring or id(node) in docstrings:
            continue
        if node.lineno != node.end_lineno:
            continue
        seg = _plain_literal(src, node)
        if seg is None or src.text.count(seg) != 1:
            continue
        candidates.append(node)
    if not candidates:
        return None
    node = rng.choice(candidates)
    new_text = _new_literal_text(src, node, rng)
    if new_text is None:
        return None
    start, end = src.span(node)
    line = _unique_line(src, node.lineno)
    func, role = _enclosing_function(src, node)
    spec = EditSpec("change_literal", old=src.segment(node), new=new_text, scope=func, scope_role=role,
                    anchor=line if line and len(line) < 80 else "")  # fmt: skip
    return _text_edit(src, spec, [(start, end, new_text)])


def _location(src: _Source, func: ast.AST) -> dict | None:
    """EditSpec fields naming a def (name, role, class, scope_needed), or None when ambiguous."""
    where = _where(src, func)
    if where is None:
        return None
    role, cls, needed = where
    return {"name": func.name, "role": role, "scope": cls, "scope_role": "class" if cls else "", "scope_needed": needed}


def _param_elsewhere(src: _Source, func: ast.AST, name: str) -> bool:
    """Whether another function has a parameter `name`: then the parameter alone does not say
    which function an edit is about, and its instruction must name the function."""
    return any(f is not func for f in src.param_owners.get(name, ()))


def edit_change_default(src: _Source, rng: random.Random) -> Edit | None:
    """Change the default value of a parameter."""
    candidates = []
    for func in src.functions():
        for arg, default in _param_elements(func):
            if default is not None:
                candidates.append((func, arg, default))
        for arg, default in zip(func.args.kwonlyargs, func.args.kw_defaults, strict=True):
            if default is not None:
                candidates.append((func, arg, default))
    candidates = [c for c in candidates if isinstance(c[2], ast.Constant) and c[2].lineno == c[2].end_lineno]
    if not candidates:
        return None
    func, arg, default = rng.choice(candidates)
    where = _location(src, func)
    if where is None:
        return None
    value = default.value
    if isinstance(value, bool):
        new_text = repr(not value)
    elif value is None:
        new_text = rng.choice(["0", "''", "False", "()", "-1"])
    else:
        if _plain_literal(src, default) is None:
            return None
        new_text = _new_literal_text(src, default, rng)
        if new_text is None:
            return None
    where["scope_needed"] = where["scope_needed"] or _param_elsewhere(src, func, arg.arg)
    dotted = _dotted(src, func)
    spec = EditSpec("change_default", param=arg.arg, old=src.segment(default), new=new_text, **where)
    return _made(src, spec, SetValue(target=f"{dotted}.{arg.arg}", value=new_text))


def _hint_for(default: ast.AST | None, rng: random.Random) -> str:
    """A type hint that fits a default value, or a common one."""
    if isinstance(default, ast.Constant):
        value = default.value
        if value is None:
            return rng.choice(["str | None", "int | None", "float | None", "dict | None"])
        for kind, hint in ((bool, "bool"), (int, "int"), (float, "float"), (str, "str"), (bytes, "bytes")):
            if isinstance(value, kind):
                return hint
    if isinstance(default, ast.Tuple):
        return "tuple"
    return rng.choice(TYPE_HINTS)


def edit_add_parameter(src: _Source, rng: random.Random) -> Edit | None:
    """Append a parameter to a function's signature: with a default when the others have one or
    when the text calls the function (so that the calls stay valid); annotated when the others are."""
    funcs = [f for f in src.functions() if _simple_params(f)]
    if not funcs:
        return None
    func = rng.choice(funcs)
    where = _location(src, func)
    if where is None:
        return None
    elements = _param_elements(func)
    new = src.fresh_name(rng)
    called = _call_targets(src, func, func.name)
    need_default = any(d is not None for _, d in elements) or called is None or bool(called) or rng.random() < 0.5
    default = rng.choice(["None", "False", "True", "0", "1", "''", "()"]) if need_default else None
    plain = [a for i, (a, _) in enumerate(elements) if not _is_self(a, i)]
    hint = None
    if plain and all(a.annotation is not None for a in plain):
        hint = _hint_for(ast.parse(default, mode="eval").body if default else None, rng)
        param = f"{new}: {hint} = {default}" if default else f"{new}: {hint}"
    else:
        param = f"{new}={default}" if default else new
    dotted = _dotted(src, func)
    spec = EditSpec("add_parameter", param=new, param_text=param, calls=len(called or []), **where)
    return _made(src, spec, AddParameter(function=dotted, name=new, default=default, annotation=hint))


def edit_remove_parameter(src: _Source, rng: random.Random) -> Edit | None:
    """Remove a parameter the function never uses, and the argument that calls in the text pass
    for it (by keyword or by position)."""
    info = src.info
    candidates = []
    for func in src.functions():
        if not _simple_params(func):
            continue
        elements = _param_elements(func)
        for i, (arg, _default) in enumerate(elements):
            if _is_self(arg, i) or arg.arg.startswith("_"):
                continue
            if any(info.inside(n, func) for n in info.name_nodes.get(arg.arg, [])):
                continue
            candidates.append((func, elements, i))
    if not candidates:
        return None
    func, elements, i = rng.choice(candidates)
    where = _location(src, func)
    calls = _call_targets(src, func, func.name)
    if where is None or calls is None:
        return None
    name = elements[i][0].arg

    position = i - (1 if elements and _is_self(elements[0][0], 0) else 0)
    changed = 0
    for call in calls:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        changed += any(k.arg == name for k in call.keywords) or len(call.args) > position
    dotted = _dotted(src, func)
    return _made(src, EditSpec("remove_parameter", param=name, calls=changed, **where), RemoveParameter(function=dotted, name=name))


def _docstring_text(name: str, rng: random.Random) -> str:
    words = [w for w in re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower().strip("_").split("_") if w] or ["helper"]
    phrase = " ".join(words)
    if rng.random() < OPEN_TEXT_SHARE:  # data v5: a docstring of the corpus, or open words
        if rng.random() < 0.7:
            return rng.choice(corpus_docstrings())
        sentence = " ".join(open_word(rng) for _ in range(rng.randint(2, 7)))
        return sentence[0].upper() + sentence[1:] + "."
    return rng.choice([
        f"{phrase[0].upper()}{phrase[1:]}.",
        f"Return the {phrase}.",
        f"Handle {phrase}.",
        f"Helper for {phrase}.",
        f"{phrase[0].upper()}{phrase[1:]} and return the result.",
        f"Compute {phrase}.",
    ])


def edit_add_docstring(src: _Source, rng: random.Random) -> Edit | None:
    """Add a given one-line docstring to a function or class that has none, whose body starts on a
    line of its own (the docstring goes on the line after the header, as specdraft.ops writes it)."""
    nodes = [n for n in src.nodes if isinstance(n, _DEFS) and ast.get_docstring(n) is None]
    if not nodes:
        return None
    node = rng.choice(nodes)
    where = _location(src, node)
    if where is None:
        return None
    try:
        colon = src.header_colon(node)
    except ValueError:
        return None
    header_end_line = src.text.count("\n", 0, colon) + 1
    first = node.body[0]
    if first.lineno <= header_end_line or header_end_line >= len(src.lines):
        return None  # body on the header line
    indent = _indent_of(src.line_of(first.lineno))
    if len(indent) <= len(_indent_of(src.line_of(node.lineno))):
        return None
    text = _docstring_text(node.name, rng)
    dotted = _dotted(src, node)
    return _made(src, EditSpec("add_docstring", new=text, **where), AddDocstring(text=text, target=dotted))


def edit_remove_docstring(src: _Source, rng: random.Random) -> Edit | None:
    """Remove the docstring of a function or class (whole lines)."""
    nodes = []
    for n in src.nodes:
        if not isinstance(n, _DEFS) or ast.get_docstring(n) is None or len(n.body) < 2:
            continue
        doc = n.body[0]
        if src.segment(doc).strip() != src.text[src.starts[doc.lineno - 1] : src.starts[doc.end_lineno]].strip():
            continue  # shares a line with something else
        nodes.append(n)
    if not nodes:
        return None
    node = rng.choice(nodes)
    where = _location(src, node)
    if where is None:
        return None
    doc = node.body[0]
    edits = [(src.starts[doc.lineno - 1], src.starts[doc.end_lineno], "")]
    return _text_edit(src, EditSpec("remove_docstring", **where), edits)


def edit_delete_statement(src: _Source, rng: random.Random) -> Edit | None:
    """Delete one single-line statement, named by its (unique) line."""
    candidates = [
        stmt for stmt, body in src.single_line_statements
        if len(body) > 1 and _unique_line(src, stmt.lineno) and len(src.line_of(stmt.lineno).strip()) <= 90
    ]  # fmt: skip
    if not candidates:
        return None
    stmt = rng.choice(candidates)
    line = src.line_of(stmt.lineno).strip()
    func, role = _enclosing_function(src, stmt)
    spec = EditSpec("delete_statement", func, role, old=line)
    return _made(src, spec, DeleteStatement(statement=line, function=_statement_scope(src, stmt)))


def _open_exception(rng: random.Random) -> str:
    """An exception class to catch: a builtin one, a module's (`json.JSONDecodeError`), or a
    made-up `...Error` of open words."""
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(BUILTIN_EXCEPTIONS)
    if roll < 0.7:
        return rng.choice(MODULE_EXCEPTIONS)
    return "".join(open_word(rng).capitalize() for _ in range(rng.randint(1, 2))) + "Error"


BUILTIN_EXCEPTIONS = sorted(name for name in dir(builtins) if name.endswith(("Error", "Exception", "Interrupt", "Exit"))
                            and isinstance(getattr(builtins, name), type) and name != "BaseException")  # fmt: skip
MODULE_EXCEPTIONS = ["json.JSONDecodeError", "subprocess.CalledProcessError", "socket.timeout", "zlib.error",
                     "struct.error", "csv.Error", "configparser.Error", "re.error", "shutil.Error",
                     "urllib.error.URLError", "http.client.HTTPException", "sqlite3.Error", "KeyboardInterrupt",
                     "UnicodeDecodeError", "asyncio.TimeoutError", "queue.Empty", "StopIteration"]  # fmt: skip


def _new_statement(var: str, rng: random.Random) -> str:
    if rng.random() < OPEN_TEXT_SHARE:  # data v5: open words in the statement
        word, other = open_name(rng), open_word(rng)
        return rng.choice([
            f"{word}({var})",
            f"self.{word} = {var}",
            f"{word} = {var}",
            f'{rng.choice(["logger", "log", "logging"])}.{rng.choice(["debug", "info", "warning"])}("{other} %s", {var})',
            f"assert {var} is not None, {other!r}",
            f"{word}.append({var})",
            f'print("{other}:", {var})',
            f"{var} = {word}({var})",
        ])  # fmt: skip
    return rng.choice([
        f"print({var})",
        f"assert {var} is not None",
        f'print("{var} =", {var})',
        f'logger.debug("{var}=%r", {var})',
        f"self.last_{var} = {var}" if not var.startswith("_") else f"print({var})",
        f"{var} = {var} or None",
        f"results.append({var})",
    ])


def edit_insert_statement(src: _Source, rng: random.Random) -> Edit | None:
    """Insert a given statement after a given line (an assignment to a plain name)."""
    candidates = [
        stmt for stmt, _ in src.single_line_statements
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
        and _unique_line(src, stmt.lineno) and len(src.line_of(stmt.lineno).strip()) <= 90
    ]  # fmt: skip
    if not candidates:
        return None
    stmt = rng.choice(candidates)
    new_stmt = _new_statement(stmt.targets[0].id, rng)
    line = src.line_of(stmt.lineno).strip()
    func, role = _enclosing_function(src, stmt)
    spec = EditSpec("insert_statement", func, role, new=new_stmt, anchor=line)
    return _made(src, spec, InsertStatement(code=new_stmt, function=_statement_scope(src, stmt), where="after", anchor=line))


_SWAPS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "is": "is not",
          "is not": "is", "in": "not in", "not in": "in"}  # fmt: skip


def edit_swap_comparison(src: _Source, rng: random.Random) -> Edit | None:
    """Change the operator of a single comparison (`<` to `<=`, `==` to `!=`, `in` to `not in`...)."""
    info = src.info
    candidates = []
    for node in src.nodes:
        if not isinstance(node, ast.Compare) or len(node.ops) != 1 or id(node) in info.in_fstring:
            continue
        if node.lineno != node.end_lineno:
            continue
        seg = src.segment(node)
        if src.text.count(seg) != 1 or len(seg) > 70:
            continue
        left_end = src.offset(node.left.end_lineno, node.left.end_col_offset)
        right_start = src.offset(node.comparators[0].lineno, node.comparators[0].col_offset)
        between = src.text[left_end:right_start]
        op = " ".join(between.split())
        if op not in _SWAPS or between != f" {op} ":
            continue
        candidates.append((node, left_end, right_start, op))
    if not candidates:
        return None
    node, left_end, right_start, op = rng.choice(candidates)
    new_op = _SWAPS[op]
    old_seg = src.segment(node)
    start, _ = src.span(node)
    new_seg = old_seg[: left_end - start] + f" {new_op} " + old_seg[right_start - start :]
    func, role = _enclosing_function(src, node)
    spec = EditSpec("swap_comparison", func, role, old=old_seg, new=new_seg, param=op, param_text=new_op)
    return _text_edit(src, spec, [(left_end, right_start, f" {new_op} ")])


def edit_wrap_try(src: _Source, rng: random.Random) -> Edit | None:
    """Wrap one single-line statement in try/except SomeError, ignoring the error (`pass`) or,
    inside a function, returning None."""
    candidates = [
        stmt for stmt, _ in src.single_line_statements
        if isinstance(stmt, (ast.Expr, ast.Assign)) and _unique_line(src, stmt.lineno)
        and len(src.line_of(stmt.lineno).strip()) <= 80
    ]  # fmt: skip
    if not candidates:
        return None
    stmt = rng.choice(candidates)
    exc = rng.choice(EXCEPTIONS) if rng.random() > OPEN_TEXT_SHARE else _open_exception(rng)
    line = src.line_of(stmt.lineno).strip()
    func, role = _enclosing_function(src, stmt)
    in_function = src.info.enclosing(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    handler = "return None" if isinstance(in_function, (ast.FunctionDef, ast.AsyncFunctionDef)) and rng.random() < 0.3 else "pass"
    spec = EditSpec("wrap_try", func, role, old=line, exception=exc, handler=handler)
    return _made(src, spec, WrapInTry(statement=line, exception=exc, handler=handler, function=_statement_scope(src, stmt)))


def edit_add_type_hint(src: _Source, rng: random.Random) -> Edit | None:
    """Annotate a parameter (`x` -> `x: int`, `x=1` -> `x: int = 1`), the return type, or all the
    parameters and the return type of a function."""
    funcs = src.functions()
    if not funcs:
        return None
    func = rng.choice(funcs)
    where = _location(src, func)
    if where is None:
        return None
    params = [(a, d) for i, (a, d) in enumerate(_param_elements(func)) if not _is_self(a, i) and a.annotation is None]
    params += [(a, d) for a, d in zip(func.args.kwonlyargs, func.args.kw_defaults, strict=True) if a.annotation is None]

    roll = rng.random()
    hints = []
    if params and roll < 0.55:
        arg, default = rng.choice(params)
        hint = rng.choice(TYPE_HINTS + MORE_TYPE_HINTS) if rng.random() < 0.5 else _hint_for(default, rng)
        hints = [(arg.arg, hint)]
    elif roll < 0.8 or len(params) < 2:
        if func.returns is not None:
            return None
        hints = [("return", rng.choice(["None", "bool", "int", "str", "list", "dict", "bytes", "float"]))]
    else:
        hints = [(arg.arg, _hint_for(default, rng)) for arg, default in params]
        if func.returns is None:
            hints.append(("return", rng.choice(["None", "bool", "int", "str", "list", "dict"])))
    if len(hints) == 1 and hints[0][0] != "return":
        where["scope_needed"] = where["scope_needed"] or _param_elsewhere(src, func, hints[0][0])
    dotted = _dotted(src, func)
    parameters = {name: hint for name, hint in hints if name != "return"}
    returns = dict(hints).get("return")
    return _made(src, EditSpec("add_type_hint", hints=tuple(hints), **where),
                 AddTypeHints(function=dotted, parameters=parameters, returns=returns))  # fmt: skip


def edit_change_type_hint(src: _Source, rng: random.Random) -> Edit | None:
    """Change an existing one-line annotation of a parameter or of the return type."""
    candidates = []
    for func in src.functions():
        for arg in func.args.args + func.args.kwonlyargs:
            if arg.annotation is not None and arg.annotation.lineno == arg.annotation.end_lineno:
                candidates.append((func, arg.arg, arg.annotation))
        if func.returns is not None and func.returns.lineno == func.returns.end_lineno:
            candidates.append((func, "", func.returns))
    if not candidates:
        return None
    func, param, node = rng.choice(candidates)
    where = _location(src, func)
    old = src.segment(node)
    if where is None or len(old) > 40 or "\n" in old or id(node) in src.info.in_fstring:
        return None
    if param:
        where["scope_needed"] = where["scope_needed"] or _param_elsewhere(src, func, param)
    choices = [h for h in TYPE_HINTS + MORE_TYPE_HINTS + ["None", "str | bytes", "list[int]"] if h.replace(" ", "") != old.replace(" ", "")]
    new = rng.choice(choices)
    start, end = src.span(node)
    return _text_edit(src, EditSpec("change_type_hint", param=param, old=old, new=new, **where), [(start, end, new)])


# Imports that a module may need: `import x`, or `from x import y`.
NEW_IMPORTS = [
    ("os", ()), ("re", ()), ("sys", ()), ("json", ()), ("time", ()), ("math", ()), ("logging", ()),
    ("functools", ()), ("itertools", ()), ("collections", ()), ("typing", ()), ("shutil", ()),
    ("tempfile", ()), ("textwrap", ()), ("random", ()), ("string", ()), ("hashlib", ()), ("datetime", ()),
    ("subprocess", ()), ("warnings", ()), ("contextlib", ()), ("copy", ()), ("io", ()), ("struct", ()),
    ("threading", ()), ("operator", ()), ("inspect", ()), ("traceback", ()), ("pathlib", ("Path",)),
    ("typing", ("Any",)), ("typing", ("Optional",)), ("dataclasses", ("dataclass",)),
    ("collections", ("defaultdict",)), ("collections", ("OrderedDict",)), ("functools", ("partial",)),
    ("functools", ("lru_cache",)), ("itertools", ("chain",)), ("contextlib", ("contextmanager",)),
    ("datetime", ("datetime",)), ("datetime", ("timedelta",)), ("enum", ("Enum",)),
    ("collections.abc", ("Iterable",)), ("collections.abc", ("Iterator",)), ("typing", ("TYPE_CHECKING",)),
]  # fmt: skip


def _import_line(module: str, names: tuple[str, ...]) -> str:
    return f"from {module} import {', '.join(names)}" if names else f"import {module}"


def _isort_key(module: str, names: tuple[str, ...]) -> tuple:
    """Where isort (default profile) puts an import within its section: `import x` lines before
    `from x import y` lines, each by module name, case-insensitively."""
    return (bool(names), module.lower(), module)


def _import_block(src: _Source) -> list[tuple[ast.stmt, str, tuple[str, ...]]] | None:
    """The first run of standard-library imports at the top level, one per line, consecutive
    lines (isort's stdlib section): (statement, module, names); None unless it is already in
    isort's order (a new import's place would be a guess)."""
    block = []
    for stmt in src.tree.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__":
            continue
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            if block and stmt.lineno != block[-1][0].end_lineno + 1:
                break
            if stmt.lineno != stmt.end_lineno or (isinstance(stmt, ast.ImportFrom) and stmt.level):
                break
            if isinstance(stmt, ast.Import):
                if len(stmt.names) != 1:
                    break
                module, names = stmt.names[0].name, ()
            else:
                module, names = stmt.module or "", tuple(a.name for a in stmt.names)
            if module.split(".")[0] not in sys.stdlib_module_names or src.line_of(stmt.lineno).strip() != src.segment(stmt):
                break
            block.append((stmt, module, names))
        elif block or not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
            break
    keys = [_isort_key(m, n) for _, m, n in block]
    return block if block and keys == sorted(keys) and len(set(keys)) == len(keys) else None


def edit_add_import(src: _Source, rng: random.Random) -> Edit | None:
    """Add an import where isort would put it, among the module's standard-library imports: one
    the module needs (the text edited is the module with that import line taken out), or a new one."""
    block = _import_block(src)
    if block is None:
        return None
    used = set(src.info.name_nodes)
    needed = [(i, s, m, n) for i, (s, m, n) in enumerate(block) if len(block) > 1
              and all((a.asname or a.name).split(".")[0] in used for a in s.names)]  # fmt: skip
    if needed and rng.random() < 0.6:
        index, stmt, module, names = rng.choice(needed)
        start, end = src.starts[stmt.lineno - 1], src.starts[stmt.lineno]
        line = src.text[start:end]
        original = src.text[:start] + src.text[end:]
        spec = EditSpec("add_import", new=line.strip(), module=module, names=names)
        edit = _made(original, spec, *import_operations(module, names))
        return edit if edit is not None and edit.edited == src.text else None
    imported = {m.split(".")[0] for _, m, _ in block} | {a.name.split(".")[0] for n in src.nodes
                                                          if isinstance(n, ast.Import) for a in n.names}  # fmt: skip
    imported |= {(n.module or "").split(".")[0] for n in src.nodes if isinstance(n, ast.ImportFrom)}
    choices = [(m, n) for m, n in NEW_IMPORTS if m.split(".")[0] not in imported
               and not ({m.split(".")[0], *n} & src.names)]  # fmt: skip
    if not choices:
        return None
    module, names = rng.choice(choices)
    spec = EditSpec("add_import", new=_import_line(module, names), module=module, names=names)
    return _made(src, spec, *import_operations(module, names))


def import_operations(module: str, names: tuple[str, ...] | list[str]) -> list[AddImport]:
    """The operations that add `import module` or `from module import names`."""
    return [AddImport(module=module, name=name) for name in names] if names else [AddImport(module=module)]


def _statement_scope(src: _Source, stmt: ast.stmt) -> str | None:
    """The dotted function (or class) a statement is in, as the statement operations name it;
    None at module level."""
    owner = src.info.enclosing(stmt, _DEFS)
    return None if owner is None else _dotted(src, owner)


EDIT_KINDS: dict[str, EditFn] = {
    "rename_variable": edit_rename_variable,
    "rename_parameter": edit_rename_parameter,
    "rename_function": edit_rename_function,
    "rename_method": edit_rename_method,
    "rename_class": edit_rename_class,
    "rename_constant": edit_rename_constant,
    "rename_attribute": edit_rename_attribute,
    "change_literal": edit_change_literal,
    "change_constant": edit_change_constant,
    "change_default": edit_change_default,
    "add_parameter": edit_add_parameter,
    "remove_parameter": edit_remove_parameter,
    "add_docstring": edit_add_docstring,
    "remove_docstring": edit_remove_docstring,
    "delete_statement": edit_delete_statement,
    "insert_statement": edit_insert_statement,
    "swap_comparison": edit_swap_comparison,
    "wrap_try": edit_wrap_try,
    "add_type_hint": edit_add_type_hint,
    "change_type_hint": edit_change_type_hint,
    "add_import": edit_add_import,
}


# ---------------------------------------------------------------------------------------------
# an edit with its instruction


@dataclass(frozen=True)
class DescribedEdit:
    """An edit and the instruction the phrasing grammar wrote for it."""

    phrase: phrasing.Phrase
    edit: Edit

    @property
    def instruction(self) -> str:
        return self.phrase.text

    @property
    def original(self) -> str:
        return self.edit.original

    @property
    def edited(self) -> str:
        return self.edit.edited


_PARSE_ERRORS = (SyntaxError, ValueError, tokenize.TokenError, IndentationError, RecursionError)


def describe_edit(source: str | _Source, kind: str, rng: random.Random, heldout: bool = False,
                  same_original: bool = False) -> DescribedEdit | None:  # fmt: skip
    """Edit `kind` of `source` with its instruction, or None when it does not apply. The result is
    checked: it parses and differs from the original. `same_original`: only edits of `source`
    itself (add_import may otherwise edit the source with an import taken out). `heldout`: the
    instruction uses the held-out part of the grammar."""
    try:
        src = source if isinstance(source, _Source) else _Source(source)
        edit = EDIT_KINDS[kind](src, rng)
    except _PARSE_ERRORS:
        return None
    if edit is None or (same_original and edit.original != src.text):
        return None
    edited = edit.edited
    if edited == edit.original:
        return None
    try:
        ast.parse(edited)
        if edit.original != src.text:
            ast.parse(edit.original)
        phrase = phrasing.instruction(edit.spec, rng, heldout)
    except _PARSE_ERRORS:
        return None
    return DescribedEdit(phrase, edit)


def _example(described: DescribedEdit, kind: str, original: str, edited: str, path: str, scope: str,
             sent: bool | None = None) -> EditExample:  # fmt: skip
    return EditExample(kind, described.instruction, original, edited, path, scope,
                       "heldout" if described.phrase.heldout else "train", described.phrase.shape,
                       described.edit.spec.kind, sent, described.edit.spec.to_dict())  # fmt: skip


def generate_edits(files: list[tuple[str, str]], seed: int, per_snippet: int = 2, limit: int | None = None,
                   heldout_phrasing: float = 0.0, constants_share: float = 0.0,
                   neighbours_share: float = 0.0) -> Iterator[EditExample]:  # fmt: skip
    """Edits of the functions and classes of `files` ((relpath, text) pairs), kinds kept roughly
    balanced; `heldout_phrasing` of the instructions from the held-out part of the grammar;
    `neighbours_share` of the snippets after the one before them at their level
    (`after_neighbour`), `constants_share` under a module head of constants (`with_constants`).
    Deterministic for a given `seed` and file list."""
    rng = random.Random(seed)
    counts = dict.fromkeys(EDIT_KINDS, 0)
    produced = 0
    for relpath, text in files:
        levels = _snippet_levels(text)  # one parse for the snippets and their neighbours
        siblings = _previous(levels) if neighbours_share > 0 else {}
        for number, snippet in enumerate(_in_order(levels)):
            if neighbours_share > 0:  # its own generator, as the head's below
                snippet = after_neighbour(snippet, siblings, random.Random(f"{seed}:neighbour:{relpath}:{number}"),
                                          neighbours_share)  # fmt: skip
            if constants_share > 0:  # its own generator: the choices below do not shift with it
                head_rng = random.Random(f"{seed}:constants:{relpath}:{number}")
                if head_rng.random() < constants_share:
                    snippet = with_constants(snippet, head_rng) or snippet
            try:
                src = _Source(snippet)
            except _PARSE_ERRORS:
                continue
            made = 0
            for kind in sorted(EDIT_KINDS, key=lambda k: (counts[k], rng.random())):
                heldout = heldout_phrasing > 0 and rng.random() < heldout_phrasing
                described = describe_edit(src, kind, rng, heldout)
                if described is None:
                    continue
                counts[kind] += 1
                made += 1
                produced += 1
                yield _example(described, kind, described.original, described.edited, relpath, "snippet")
                if kind in REDRAFT_FIELDS:  # its own generator: the edits above stay as they were
                    again = random.Random(f"{seed}:redraft:{produced}")
                    if again.random() < REDRAFT_SHARE:
                        redraft = redraft_example(described, relpath, again, described.phrase.heldout)
                        if redraft is not None:
                            yield redraft
                if made >= per_snippet or (limit is not None and produced >= limit):
                    break
            if limit is not None and produced >= limit:
                return


def snippet_examples(files: list[tuple[str, str]], seed: int, heldout_phrasing: float) -> Iterator[EditExample]:
    """The trainer's edits of single functions and classes (specdraft.engine.training.train.EditData)."""
    return generate_edits(files, seed=seed, per_snippet=1, heldout_phrasing=heldout_phrasing,
                          constants_share=CONSTANTS_SHARE, neighbours_share=NEIGHBOURS_SHARE)  # fmt: skip


def module_examples(files: list[tuple[str, str]], seed: int, unchanged_share: float,
                    count_tokens: Callable[[str], int], heldout_phrasing: float) -> Iterator[EditExample]:  # fmt: skip
    """The trainer's edits of whole modules, window by window (train.EditData)."""
    return generate_module_edits(files, seed=seed, unchanged_share=unchanged_share, count_tokens=count_tokens,
                                 heldout_phrasing=heldout_phrasing)  # fmt: skip


def card_facts() -> dict:
    """What the model card says of this generator (train.EditData; kept in data.json)."""
    sizes = phrasing.grammar_size()
    shapes = [row["shapes"] for row in sizes.values()]
    return {"shapes": [min(shapes), max(shapes)], "neighbours_share": NEIGHBOURS_SHARE, "made_by": "specdraft.ops"}


def whole_module_edits(files: list[tuple[str, str]], seed: int, rounds: int = 2,
                       heldout_phrasing: float = 0.0) -> Iterator[EditExample]:  # fmt: skip
    """Edits of whole modules as they are (the module is the text the edit is made in, scope
    "module"): every kind tried `rounds` times a module, in a random order, an edit kept once
    (the same instruction drawn twice is one edit). `heldout_phrasing` of the instructions from
    the held-out part of the grammar. Deterministic for a given `seed` and file list."""
    rng = random.Random(seed)
    for relpath, text in files:
        try:
            src = _Source(text)
        except _PARSE_ERRORS:
            continue
        seen: set[str] = set()
        for _ in range(rounds):
            for kind in rng.sample(sorted(EDIT_KINDS), len(EDIT_KINDS)):
                heldout = heldout_phrasing > 0 and rng.random() < heldout_phrasing
                described = describe_edit(src, kind, rng, heldout)
                if described is None or described.instruction in seen:
                    continue
                seen.add(described.instruction)
                yield _example(described, kind, described.original, described.edited, relpath, "module")


# ---------------------------------------------------------------------------------------------
# a snippet after its neighbour

# A snippet is one function or class, so in every edit of data v1-v5 that renames or changes a
# definition it was the first in the text (of 5,316 renames of a function, method or class in
# data v5, 3,664 renamed the first definition of their text and 470 a later one), and the model
# learned to write the new name over the first `def` it sees: asked to "rename parse_tags to
# split_tags" in a module where parse_bool comes first, it renamed parse_bool. So some snippets
# come after the one before them at their level (a function after the function before it, a
# method after the method before it), and an edit may be of either (the edit functions choose
# among every candidate of the text).
NEIGHBOURS_SHARE = 0.7  # of the snippets, in data v6
NEIGHBOURS_MAX_LINES = 70


def after_neighbour(snippet: str, previous: dict[str, str], rng: random.Random, share: float = NEIGHBOURS_SHARE) -> str:
    """`snippet` after the snippet before it at its level (`previous`: previous_siblings of its
    file), `share` of the time, where there is one and both together are at most
    NEIGHBOURS_MAX_LINES lines; else `snippet` as it is."""
    if rng.random() >= share or snippet not in previous:
        return snippet
    joined = previous[snippet] + "\n\n" + snippet
    return joined if joined.count("\n") <= NEIGHBOURS_MAX_LINES else snippet


# ---------------------------------------------------------------------------------------------
# a module head of constants over a snippet

# Functions and classes cut from a module carry none of its constants, and the modules' own
# UPPER_CASE constants are few (data v3: 159 constant changes among 39,000 edits), while people
# ask about constants all the time ("set MAX_TRIES to 4", "rename TIMEOUT to TIMEOUT_S"). So
# some snippets get the head such a module has: maybe a docstring and imports, and constants,
# some of them a literal of the snippet lifted out (`retries=3` -> `retries=MAX_RETRIES`).
CONSTANTS_SHARE = 0.2  # of the snippets, in data v4
HEAD_IMPORTS = ["import os", "import re", "import sys", "import json", "import time", "import logging",
                "import threading", "from pathlib import Path", "from dataclasses import dataclass",
                "from collections import defaultdict", "import math", "from typing import Any"]  # fmt: skip
HEAD_PREFIXES = ["DEFAULT", "MAX", "MIN", "BASE"]
HEAD_TOPICS = ["settings", "requests", "records", "parsing", "a small cache", "jobs", "reports", "paths",
               "the command line", "retries", "messages", "files"]  # fmt: skip


def _literal_hint(node: ast.Constant, parents: dict[ast.AST, ast.AST], defaults: dict[ast.AST, str]) -> str:
    """A name for a constant that would hold `node`: the keyword, parameter or variable it is given
    to, or "" when it has none."""
    if node in defaults:
        return defaults[node]
    parent = parents.get(node)
    if isinstance(parent, ast.keyword) and parent.arg:
        return parent.arg
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0], ast.Name):
        return parent.targets[0].id
    if isinstance(parent, ast.Compare) and isinstance(parent.left, ast.Name):
        return parent.left.id
    return ""


def with_constants(snippet: str, rng: random.Random) -> str | None:
    """`snippet` under a module head: maybe a docstring and imports, then one to four UPPER_CASE
    constants, up to two of them literals of the snippet lifted out and used there by name. None
    when the result would not parse."""
    try:
        tree = ast.parse(snippet)
    except _PARSE_ERRORS:
        return None
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.body
                  and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}  # fmt: skip
    defaults: dict[ast.AST, str] = {}
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = func.args
            positional = [*a.posonlyargs, *a.args]
            pairs = [*zip(positional[len(positional) - len(a.defaults) :], a.defaults, strict=True),
                     *zip(a.kwonlyargs, a.kw_defaults, strict=True)]
            for arg, default in pairs:
                if default is not None:
                    defaults[default] = arg.arg
    src = _Source(snippet)
    words = set(re.findall(r"[A-Za-z_]\w*", snippet))
    candidates = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and id(node) not in docstrings and node.lineno == node.end_lineno
                and not isinstance(parents.get(node), (ast.JoinedStr, ast.FormattedValue))):  # fmt: skip
            text = _plain_literal(src, node)
            if text is not None:
                candidates.append((node, text, _literal_hint(node, parents, defaults)))
    rng.shuffle(candidates)
    names: list[str] = []

    def fresh(hint: str) -> str | None:
        for _ in range(8):
            base = hint.strip("_").upper() if hint and rng.random() < 0.7 else rng.choice(NAME_WORDS).upper()
            name = f"{rng.choice(HEAD_PREFIXES)}_{base}" if rng.random() < 0.5 or not hint else base
            if _UPPER.match(name) and name not in words and name not in names and not keyword.iskeyword(name.lower()):
                return name
        return None

    head: list[str] = []
    replacements = []
    for node, text, hint in candidates[: rng.choice([0, 1, 1, 2])]:
        name = fresh(hint)
        if name is None:
            continue
        names.append(name)
        head.append(f"{name} = {text}")
        start, end = src.span(node)
        replacements.append((start, end, name))
    for _ in range(rng.randint(0 if head else 1, 3 - len(head) // 2)):
        name = fresh("")
        if name is None:
            continue
        names.append(name)
        value = rng.choice([rng.choice([2, 3, 5, 8, 10, 16, 30, 60, 64, 100, 128, 256, 1000, 1024, 4096]),
                            rng.choice([0.1, 0.25, 0.5, 1.5, 2.0, 2.5, 10.0, 30.0]),
                            repr(rng.choice(NAME_WORDS)), f'"{rng.choice(NAME_WORDS)}"', rng.choice(["True", "False"])])
        head.append(f"{name} = {value}")
    if not head:
        return None
    rng.shuffle(head)
    top = []
    if rng.random() < 0.4:
        top.append(f'"""{rng.choice(["Helpers for", "Utilities for", "Code for", "Functions for"])} '
                   f'{rng.choice(HEAD_TOPICS)}."""\n\n')
    if rng.random() < 0.6:
        imports = sorted(rng.sample(HEAD_IMPORTS, rng.randint(1, 3)), key=lambda line: (line.startswith("from"), line))
        top.append("\n".join(imports) + "\n\n")
    text = "".join(top) + "\n".join(head) + "\n\n\n" + _replace(snippet, replacements)
    try:
        ast.parse(text)
    except _PARSE_ERRORS:
        return None
    return text


# ---------------------------------------------------------------------------------------------
# a redraft after a reviewer's note: the draft used one name or value, the note asks for another

# the kinds whose edit puts one name or value of the instruction's into the code: the spec's field
REDRAFT_FIELDS = {
    "rename_function": "new_name", "rename_method": "new_name", "rename_class": "new_name",
    "rename_variable": "new_name", "rename_parameter": "new_name", "rename_constant": "new_name",
    "rename_attribute": "new_name", "add_parameter": "param", "change_literal": "new",
    "change_constant": "new", "change_default": "new", "add_docstring": "new",
}  # fmt: skip
REDRAFT_SHARE = 0.12  # of the edits of those kinds, how many also come as a redraft example


def _other_value(edit: Edit, field: str, rng: random.Random) -> str | None:
    """Another name, value or docstring than the edit's, for the draft the reviewer rejected."""
    spec = edit.spec
    wanted = getattr(spec, field)
    if spec.kind == "add_docstring":
        other = _docstring_text(spec.name or "helper", rng)
    elif field in ("new_name", "param"):
        style = "upper" if wanted.isupper() else "camel" if wanted[:1].isupper() else "snake"
        other = _Source(edit.original).fresh_name(rng, spec.name if field == "new_name" else wanted, style)
    else:
        try:
            value = ast.literal_eval(wanted)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None
        new_value = _new_constant(value, rng)
        if new_value is None:
            return None
        other = f"{wanted[0]}{new_value}{wanted[0]}" if isinstance(value, str) else repr(new_value)
        if isinstance(value, str) and wanted[0] in str(new_value):
            return None
    return other if other not in (wanted, spec.old) else None


def _swapped(op: Operation, wanted: str, other: str) -> Operation:
    """`op` with `other` in each of its fields that held `wanted` (a new name, value or docstring)."""
    import dataclasses

    changes = {f.name: other for f in dataclasses.fields(op) if getattr(op, f.name) == wanted}
    return dataclasses.replace(op, **changes)


def redraft_example(described: DescribedEdit, path: str, rng: random.Random, heldout: bool = False) -> EditExample | None:
    """The same edit asked again after a reviewer rejected a draft that used another name or value
    (kind "redraft"): the instruction that draft answered, then the rejected hunks with the note as
    the app words them (editprompt.redraft_feedback); the answer is the edit the note asks for.
    None when the edit's kind has no such name or value, or no other one fits."""
    edit = described.edit
    field = REDRAFT_FIELDS.get(edit.spec.kind)
    if field is None:
        return None
    wanted, other = getattr(edit.spec, field), _other_value(edit, field, rng)
    if not other:
        return None
    if edit.operations:  # the rejected draft: the same operations with the other name or value
        swapped = (_swapped(op, wanted, other) for op in edit.operations)
        made = _made(edit.original, edit.spec, *swapped, in_class=edit.in_class)
        wrong = made.edited if made is not None else edit.original
    elif field == "new":  # a text edit's value: the text that carries it
        wrong = _replace(edit.original, [(start, end, new.replace(wanted, other)) for start, end, new in edit.replacements])
    else:
        return None
    if wrong in (edit.original, edit.edited):
        return None
    try:
        ast.parse(wrong)
    except _PARSE_ERRORS:
        return None
    changes = {field: other}
    if field == "param":
        changes["param_text"] = re.sub(rf"^{re.escape(wanted)}(?!\w)", other, edit.spec.param_text)
    try:
        first = phrasing.instruction(replace(edit.spec, **changes), rng, heldout)
    except _PARSE_ERRORS:
        return None
    what = "docstring" if edit.spec.kind == "add_docstring" else "name" if field != "new" else "value"
    note = phrasing.redraft_note(what, wanted, other, rng, heldout)
    hunks = _patch_hunks(edit.original, wrong)
    feedback = redraft_feedback([(path, hunk, note.text) for hunk in hunks])
    return EditExample("redraft", f"{first.text}\n\n{feedback}", edit.original, edit.edited, path, "snippet",
                       "heldout" if first.heldout or note.heldout else "train", f"{first.shape}+{note.shape}",
                       edit.spec.kind, None, edit.spec.to_dict())  # fmt: skip


def _patch_hunks(old: str, new: str) -> list[str]:
    """The hunks of a diff from `old` to `new` as `git add -p` shows them (header line, then lines;
    three lines of context), as the app quotes a rejected hunk."""
    hunks: list[list[str]] = []
    for line in difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True), n=3):
        if line.startswith(("---", "+++")) and not hunks:
            continue
        if line.startswith("@@"):
            hunks.append([line.rstrip("\n") + "\n"])
        elif hunks:
            hunks[-1].append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return ["".join(hunk) for hunk in hunks]


# ---------------------------------------------------------------------------------------------
# whole modules, cut into windows as the app cuts them

CONTEXT = 1024  # the builtin models' context: prompt and answer
MARGIN_TOKENS = 32  # as specdraft.drafting.requests: room for the end token and the model's slack


def approx_tokens(text: str) -> int:
    """A stand-in for a tokenizer's count: Python source is about 3.6 characters per token."""
    return (len(text) * 5 + 17) // 18


def app_windows(text: str, path: str, instruction: str, count_tokens: Callable[[str], int] = approx_tokens,
                context: int = CONTEXT, line_costs: list[int] | None = None) -> list[tuple[int, int]]:  # fmt: skip
    """Line ranges [start, end) in which the app sends `text` to a local model of `context` tokens
    (specdraft.drafting.requests, EditRequester.windows): the whole file when prompt and answer
    fit, otherwise windows of lines that fit twice (prompt and answer), cut where statements
    start. [] when a line alone does not fit (the app refuses such a file)."""
    lines = text.splitlines(keepends=True)
    # (a text of more than 8 characters per token of the context fits in no tokenizer's context: not counted)
    if len(text) <= 8 * context:
        whole = count_tokens(render_edit_prompt(instruction, text, path)) + count_tokens(text)
        if whole + MARGIN_TOKENS <= context:
            return [(0, len(lines))]
    overhead = count_tokens(render_edit_prompt(instruction, "", path))
    budget = (context - overhead - MARGIN_TOKENS) // 2
    costs = line_costs if line_costs is not None else [count_tokens(line) + 1 for line in lines]
    if budget < 8 or max(costs, default=0) > budget:
        return []
    return window_ranges(lines, costs, budget, _statement_starts(text, path))


_statement_starts = functools.lru_cache(maxsize=4)(statement_starts)  # the same text, edit after edit


def window_examples(described: DescribedEdit, path: str, rng: random.Random, unchanged_share: float = 0.35,
                    count_tokens: Callable[[str], int] = approx_tokens, context: int = CONTEXT,
                    max_changed: int = 8, line_costs: list[int] | None = None) -> list[EditExample]:  # fmt: skip
    """One example per window of a whole-module edit, windows cut as the app cuts the file and
    sent without their blank edge lines (editprompt.blank_edges), each answered with the same
    window of the edited file: every window the edit changes (at most `max_changed`), and
    windows it leaves unchanged (kind "no_change") for about `unchanged_share` of the examples,
    first those the app would send (they quote the instruction, or it quotes nothing), then a few
    it would not. [] when the file cannot be windowed or a replacement would straddle windows."""
    edit, instruction = described.edit, described.instruction
    original = edit.original
    lines = original.splitlines(keepends=True)
    ranges = app_windows(original, path, instruction, count_tokens, context, line_costs)
    if not ranges:
        return []
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    windows = []
    for first, end in ranges:
        head, body, _ = blank_edges("".join(lines[first:end]))
        windows.append((starts[first] + len(head), starts[first] + len(head) + len(body), body))
    parts: list[list[tuple[int, int, str]]] = [[] for _ in windows]
    for index, (start, end, new) in enumerate(edit.replacements):
        anchor = edit.anchor(index)
        for number, (body_start, body_end, _) in enumerate(windows):
            if body_start <= anchor < body_end and body_start <= start and end <= body_end:
                parts[number].append((start - body_start, end - body_start, new))
                break
        else:
            return []
    sent = windows_about(instruction, [body for _, _, body in windows])
    changed, kept_sent, kept_unsent = [], [], []
    for number, (_, _, body) in enumerate(windows):
        if not body.strip():
            continue
        edited = _replace(body, parts[number])
        if edited != body:
            changed.append((number, body, edited))
        else:
            (kept_sent if number in sent else kept_unsent).append((number, body, body))
    if not changed:
        return []
    rng.shuffle(changed)
    changed = changed[:max_changed]
    ratio = unchanged_share / (1 - unchanged_share) if unchanged_share < 1 else 1e9
    wanted = ratio * len(changed)
    wanted = int(wanted) + (rng.random() < wanted - int(wanted))
    rng.shuffle(kept_sent)
    rng.shuffle(kept_unsent)
    kept = kept_sent[:wanted]
    kept += kept_unsent[: min(wanted - len(kept), max(1, wanted // 3))] if wanted > len(kept) else []
    examples = [_example(described, edit.spec.kind, body, edited, path, "window", n in sent) for n, body, edited in changed]
    examples += [_example(described, "no_change", body, body, path, "window", n in sent) for n, body, _ in kept]
    return examples


def generate_module_edits(files: list[tuple[str, str]], seed: int, unchanged_share: float = 0.35,
                          count_tokens: Callable[[str], int] = approx_tokens, context: int = CONTEXT,
                          lines_per_edit: int = 60, max_edits: int = 16, heldout_phrasing: float = 0.0,
                          attempts: int = 3) -> Iterator[EditExample]:  # fmt: skip
    """Edits of whole modules, sent in windows (`window_examples`): a rename changes the
    definition and uses far from it, a constant's new value leaves the windows that use it as they
    are. About one edit per `lines_per_edit` lines of each file (at most `max_edits`), kinds kept
    roughly balanced, each tried up to `attempts` times; `heldout_phrasing` of the instructions
    from the held-out part of the grammar. Deterministic for a given `seed` and file list."""
    rng = random.Random(seed)
    counts = dict.fromkeys(EDIT_KINDS, 0)
    for relpath, text in files:
        if not module_ok(text):
            continue
        try:
            src = _Source(text)
        except _PARSE_ERRORS:
            continue
        wanted = min(max_edits, 1 + text.count("\n") // lines_per_edit)
        made = 0
        costs = [count_tokens(line) + 1 for line in text.splitlines(keepends=True)]
        for kind in sorted(EDIT_KINDS, key=lambda k: (counts[k], rng.random())):
            if made >= wanted:
                break
            for _ in range(attempts):
                heldout = heldout_phrasing > 0 and rng.random() < heldout_phrasing
                described = describe_edit(src, kind, rng, heldout)
                if described is None:
                    continue
                same = described.original == text
                examples = window_examples(described, relpath, rng, unchanged_share, count_tokens, context,
                                           line_costs=costs if same else None)  # fmt: skip
                if examples:
                    counts[kind] += 1
                    made += 1
                    yield from examples
                    break


# ---------------------------------------------------------------------------------------------
# a sample for a human

SAMPLE_MODULES = ["textwrap.py", "shlex.py", "fnmatch.py", "netrc.py", "heapq.py", "string.py", "calendar.py",
                  "glob.py", "tempfile.py", "argparse.py", "dataclasses.py", "configparser.py", "tomllib/_parser.py",
                  "graphlib.py"]  # fmt: skip


def sample_instructions(per_kind: int = 3, seed: int = 0, heldout: bool = False) -> dict[str, list[str]]:
    """Instructions the generator writes for real edits of a few standard-library modules, per kind."""
    rng = random.Random(seed)
    root = stdlib_root()
    sources = []
    for name in SAMPLE_MODULES:
        text = read_source(root, name)
        if text and module_ok(text):
            sources.append(_Source(text))
            sources += [_Source(s) for s in extract_snippets(text)[:10]]
    modules = [s for s in sources if "\nimport " in s.text]
    found: dict[str, list[str]] = {}
    for kind in EDIT_KINDS:
        found[kind] = []
        for attempt in range(per_kind * 100):
            src = rng.choice(modules if attempt % 2 else sources)
            described = describe_edit(src, kind, rng, heldout)
            if described is not None:
                found[kind].append(described.instruction)
                if len(found[kind]) >= per_kind:
                    break
    return found


def format_sample(per_kind: int = 3, seed: int = 0) -> str:
    """`sample_instructions` in training and held-out phrasing, with the grammar's size per kind."""
    sizes = phrasing.grammar_size()
    train, held = sample_instructions(per_kind, seed), sample_instructions(max(1, per_kind // 3), seed + 1, heldout=True)
    out = []
    for kind in EDIT_KINDS:
        size = sizes[kind]
        out.append(f"{kind}  (shapes {size['shapes']} + {size['heldout_shapes']} held out, "
                   f"verbs {size['verbs']} + {size['heldout_verbs']} held out)")  # fmt: skip
        out += [f"    {text}" for text in train[kind]]
        out += [f"  H {text}" for text in held[kind]]
    return "\n".join(out)

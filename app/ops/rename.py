"""Rename a symbol, its binding and every reference to it, in all the files given.

``Rename(old, new, scope, path)``: ``scope`` is the dotted owner of the symbol (a class for a
method or attribute, a function or method for a parameter or local; None for a module-level
symbol, or the only symbol of that name in the files), ``path`` the file that defines it.

Python's scopes decide which names are the symbol, never a regular expression:

* libcst finds the binding, and refuses a clash (``new`` already bound there, or bound in a
  function or comprehension that reads the symbol, which would then read its own).
* rope finds the occurrences across the files (``from m import old``, ``m.old``, ``self.old``,
  ``obj.old`` where rope infers ``obj``'s class, ``old=`` keywords of a parameter, overrides)
  on a temporary copy of them: never the user's directory, nothing imported or run.
* libcst's scopes check each plain name rope found (rope takes a comprehension's variable of
  the same name for the symbol) and add what rope leaves: a dataclass (NamedTuple, TypedDict)
  field's keyword at the constructor calls, ``p.old`` and ``p.meth(old=...)`` where ``p`` is
  annotated with the class, ``super().old`` and ``super().meth(old=...)``, forward references.
* The name is written at those positions and nowhere else (strings and comments are left).

The helpers here (parsing every file, finding a function by its dotted name, a rope project of
the files, editing comma-separated lists) serve ``parameters.py`` too.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import functools
import io
import keyword
import os
import re
import tempfile
import tokenize
import typing
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

import libcst as cst
import libcst.metadata as meta

from specdraft.ops import Operation, OpError, register
from specdraft.ops.locate import Source, nested_definitions

Position = tuple[int, int]  # (line from 1, column from 0), as libcst and rope's lines count


# --- parsing ---------------------------------------------------------------------------------


class Parsed(Source):
    """One Python file given, as ``Source`` has it, with libcst's scopes and qualified names too."""

    @functools.cached_property
    def scopes(self) -> Mapping[cst.CSTNode, meta.Scope | None]:
        """libcst's scopes (resolved when first asked, as the others: they cost)."""
        return self.wrapper.resolve(meta.ScopeProvider)

    @functools.cached_property
    def qualified(self) -> Mapping[cst.CSTNode, Sequence[meta.QualifiedName]]:
        """libcst's qualified names (resolved when first asked: they cost)."""
        return self.wrapper.resolve(meta.QualifiedNameProvider)

    def start(self, node: cst.CSTNode) -> Position:
        """Where ``node`` starts: (line, column)."""
        return self.line(node), self.column(node)

    def qualified_names(self, node: cst.CSTNode) -> set[str]:
        """libcst's qualified names of ``node`` (``m.Garage`` for ``Garage`` from ``m``)."""
        names = self.qualified.get(node, ())
        return {name.name for name in (names() if callable(names) else names)}


def is_python(path: str) -> bool:
    return path.endswith(".py")


@functools.lru_cache(maxsize=16)
def parse(path: str, text: str) -> Parsed:
    """``text`` parsed with its scopes; OpError naming the file and line when it does not parse.
    Kept for the next operations on the same text (libcst's trees and metadata are never changed
    in place, and they cost about a second a thousand lines)."""
    check_parses(path, text)
    return Parsed(path, text)


def _writes(text: str, name: str) -> bool:
    """Whether ``text`` has the word ``name`` anywhere (code, strings or comments): a file
    without it can neither bind nor use the name. A filter of files only; scopes decide."""
    return name in text and re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text) is not None


def check_parses(path: str, text: str) -> None:
    """OpError naming the file and line when ``text`` is no Python module."""
    try:
        ast.parse(text, filename=path)
    except SyntaxError as error:
        raise OpError(f"{path} does not parse (line {error.lineno}): {error.msg}; "
                      f"fix it or leave it out of the files") from None  # fmt: skip


def parse_files(files: Mapping[str, str], names: Iterable[str], path: str | None = None) -> dict[str, Parsed]:
    """The Python files of ``files`` that write one of ``names`` (and ``path``), parsed with
    libcst's scopes; every other one only checked to parse (OpError at the first that does not).
    A file that does not contain a name's letters can neither bind nor use it, and libcst's
    scopes cost about a second a thousand lines."""
    names = tuple(names)
    if path is not None and path not in files:
        given = ", ".join(sorted(name for name in files if is_python(name))) or "none"
        raise OpError(f"the file {path} is not among the Python files given ({given})")
    parsed: dict[str, Parsed] = {}
    for name, text in sorted(files.items()):
        if not is_python(name):
            continue
        if name == path or any(_writes(text, word) for word in names):
            parsed[name] = parse(name, text)
        else:
            check_parses(name, text)
    return parsed


def check_identifier(name: str, what: str) -> None:
    """OpError unless ``name`` can name a Python symbol."""
    if not name.isidentifier() or keyword.iskeyword(name):
        reason = "a keyword" if keyword.iskeyword(name) else "not a Python identifier"
        raise OpError(f"{what} {name!r} is {reason}: give a name like `total_count`")


def check_expression(source: str, what: str) -> cst.BaseExpression:
    """``source`` parsed as a Python expression; OpError saying so when it is not one."""
    try:
        return cst.parse_expression(source)
    except cst.ParserSyntaxError:
        raise OpError(f"{what} {source!r} is not a Python expression") from None


def module_name(path: str) -> str:
    """The dotted module a file path is (``app/models.py`` -> ``app.models``)."""
    parts = path[: -len(".py")].replace(os.sep, "/").split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(part for part in parts if part)


# --- classes and functions by dotted name ----------------------------------------------------


@dataclasses.dataclass
class Owner:
    """A class or function of a file, by its dotted name (``Garage.Inner``, ``Garage.leave``)."""

    parsed: Parsed
    dotted: str
    node: cst.ClassDef | cst.FunctionDef
    parent: Owner | None

    @property
    def is_class(self) -> bool:
        return isinstance(self.node, cst.ClassDef)

    @property
    def where(self) -> str:
        return f"{self.parsed.path} line {self.parsed.line(self.node)}"

    @property
    def scope(self) -> meta.Scope:
        """The scope of the names the class or function binds inside."""
        body = self.node.body.body
        scope = self.parsed.scopes.get(body[0]) if body else None
        assert scope is not None, f"no scope inside {self.dotted}"
        return scope


def owners(parsed: Parsed) -> list[Owner]:
    """Every class and function of the file, outermost first."""
    found: dict[cst.CSTNode, Owner] = {}
    for dotted, node, outer in nested_definitions(parsed.module):
        found[node] = Owner(parsed, dotted, node, None if outer is None else found[outer])
    return list(found.values())


def files_to_search(parsed: Mapping[str, Parsed], path: str | None) -> list[Parsed]:
    """The files that may define the symbol: ``path``'s alone when given (OpError if absent)."""
    if path is None:
        return list(parsed.values())
    if path not in parsed:
        given = ", ".join(parsed) or "none"
        raise OpError(f"the file {path} is not among the Python files given ({given})")
    return [parsed[path]]


def find_function(parsed: Mapping[str, Parsed], dotted: str, path: str | None) -> Owner:
    """The one function or method ``dotted`` names (``fetch_json``, ``Client.get``); OpError
    when there is none or more than one."""
    found = [owner for file in files_to_search(parsed, path) for owner in owners(file)
             if owner.dotted == dotted and not owner.is_class]  # fmt: skip
    if not found:
        where = path or "the files given"
        raise OpError(f"no function `{dotted}` in {where}: give its dotted name "
                      f"(`function` or `Class.method`) and the file that defines it")  # fmt: skip
    if len(found) > 1:
        places = ", ".join(owner.where for owner in found)
        hint = "give `path`" if len({o.parsed.path for o in found}) > 1 else "rename one of them first"
        raise OpError(f"`{dotted}` is defined {len(found)} times ({places}): {hint}")
    return found[0]


# --- a temporary rope project of the files ---------------------------------------------------


@contextlib.contextmanager
def rope_project(files: Mapping[str, str]) -> Iterator[RopeFiles]:
    """The Python files of ``files`` in a temporary directory opened as a rope project (folders
    given an ``__init__.py`` where they lack one, so that ``app.models`` resolves as well as a
    sibling's ``models``). Nothing is imported or run; the directory goes when the block ends."""
    from rope.base.project import Project

    with tempfile.TemporaryDirectory(prefix="specdraft-ops-") as root:
        folders: set[str] = {""}
        for path, text in files.items():
            if not is_python(path):
                continue
            if os.path.isabs(path) or ".." in path.replace("\\", "/").split("/"):
                raise OpError(f"the file path {path!r} is not relative to the repository")
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
            folder = os.path.dirname(path)
            while folder:
                folders.add(folder)
                folder = os.path.dirname(folder)
        for folder in folders - {""}:
            init = os.path.join(root, folder, "__init__.py")
            if not os.path.exists(init):
                open(init, "w").close()
        with warnings.catch_warnings():  # rope's own deprecation notice about its source folders
            warnings.simplefilter("ignore", DeprecationWarning)
            project = Project(root, ropefolder=None, source_folders=sorted(folders),
                              save_objectdb=False, validate_objectdb=False, perform_doa=False)  # fmt: skip
        try:
            yield RopeFiles(project, root, files)
        except OpError:
            raise
        except Exception as error:  # rope's own failures (its parser, its inference) on these files
            raise RopeFailed(f"rope could not analyse the files ({type(error).__name__}: {error})") from error
        finally:
            project.close()


class RopeFailed(OpError):
    """rope failed on the files (a bug of its own, e.g. in reading some string literals)."""


_T = TypeVar("_T")
_DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*\Z")
_STRING_START = re.compile(r"([A-Za-z]*)(\'\'\'|\"\"\"|\'|\")")


def with_rope(files: Mapping[str, str], names: Iterable[str], work: Callable[[RopeFiles], _T],
              ) -> tuple[_T, set[str]]:  # fmt: skip
    """``work`` done on a rope project of ``files``, each file that writes one of ``names`` given
    to rope as rope can read it (``rope_readable``); with the files whose f-strings rope could
    not read and were blanked (occurrences inside them are the caller's to find)."""
    texts = dict(files)
    blanked: set[str] = set()
    for path, text in files.items():
        if is_python(path) and any(_writes(text, name) for name in names):
            texts[path], fstrings = rope_readable(text)
            if fstrings:
                blanked.add(path)
    with rope_project(texts) as rope:
        return work(rope), blanked


def rope_readable(text: str) -> tuple[str, bool]:
    """``text`` as rope's reader of string literals can read it (it fails on some files, e.g. an
    f-string with a string inside, a "#" string in a default): as it is where rope reads it,
    else with its plain strings blanked, else its f-strings too (then True). Lines and columns
    stay; the name is never renamed inside a string."""
    from rope.refactor import patchedast

    candidates = ((text, False), (blank_strings(text), False), (blank_strings(text, fstrings=True), True))
    for candidate, fstrings in candidates:
        try:
            patchedast.get_patched_ast(candidate, True)
        except Exception:  # rope's reader failing: try the next copy
            continue
        return candidate, fstrings
    return text, False


def blank_strings(text: str, *, fstrings: bool = False) -> str:
    """``text`` with the inside of each plain string literal written as ``x``s, line breaks kept;
    f-strings (they hold code; unless ``fstrings``), names (``__all__``'s, forward references)
    and strings continued with a backslash are left as they are."""
    lines = text.splitlines(keepends=True)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return text
    for token in tokens:
        start = _STRING_START.match(token.string) if token.type == tokenize.STRING else None
        if start is None or ("f" in start.group(1).lower() and not fstrings):
            continue
        prefix, quote = start.groups()
        body = token.string[len(prefix) + len(quote) : -len(quote)]
        (first, column), (last, end) = token.start, token.end
        if _DOTTED.match(body) or (first != last and len(quote) == 1):
            continue
        for number in range(first, last + 1):
            line = lines[number - 1]
            left = column + len(prefix) + len(quote) if number == first else 0
            right = end - len(quote) if number == last else len(line.rstrip("\r\n"))
            lines[number - 1] = line[:left] + "x" * (right - left) + line[right:]
    return "".join(lines)


@dataclasses.dataclass
class RopeFiles:
    """A rope project holding copies of the given files."""

    project: object
    root: str
    files: Mapping[str, str]

    def resource(self, path: str):
        """rope's File for the given ``path``."""
        return self.project.get_resource(path.replace(os.sep, "/"))

    def offset(self, path: str, position: Position) -> int:
        """The character offset rope uses for (line, column) of ``path``."""
        text = self.resource(path).read()
        line, column = position
        starts = [0]
        for index, char in enumerate(text):
            if char == "\n":
                starts.append(index + 1)
        return starts[line - 1] + column

    def pyname(self, path: str, position: Position):
        from rope.base import evaluate

        pymodule = self.project.get_pymodule(self.resource(path))
        return evaluate.eval_location(pymodule, self.offset(path, position))

    def find(self, finder, path: str) -> list[tuple[Position, bool]]:
        """Where ``finder`` (rope's occurrence finder) finds its name in ``path``: (line, column),
        and whether rope is unsure of it (an attribute of an object whose class it cannot tell)."""
        text = self.resource(path).read()
        found = []
        for occurrence in finder.find_occurrences(resource=self.resource(path)):
            offset = occurrence.get_word_range()[0]
            position = (text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1))
            found.append((position, bool(occurrence.is_unsure())))
        return found

    def occurrences(self, name: str, path: str, position: Position, targets: Iterable[str], *,
                    unsure: bool = False) -> dict[str, list[Occurrence]]:  # fmt: skip
        """Where the symbol whose name is at ``position`` of ``path`` occurs in the files
        ``targets`` (the binding left out; with ``unsure``, rope's unsure occurrences too)."""
        from rope.refactor import occurrences

        pyname = self.pyname(path, position)
        if pyname is None:
            return {}
        finder = occurrences.create_finder(self.project, name, pyname,
                                           unsure=(lambda occurrence: True) if unsure else None)  # fmt: skip
        found: dict[str, list[Occurrence]] = {}
        for given in targets:
            resource = self.resource(given)
            text = resource.read()
            for occurrence in finder.find_occurrences(resource=resource):
                if occurrence.is_defined():
                    continue
                offset = occurrence.get_word_range()[0]
                line = text.count("\n", 0, offset) + 1
                column = offset - (text.rfind("\n", 0, offset) + 1)
                found.setdefault(given, []).append(
                    Occurrence((line, column), bool(occurrence.is_called()), bool(occurrence.is_unsure())))
        return found


class Occurrence(typing.NamedTuple):
    """One occurrence rope found: where, whether called, whether rope is unsure of it."""

    position: Position
    called: bool
    unsure: bool


_BUILTIN_MEMBERS = frozenset(
    member for kind in (object, type, dict, list, tuple, set, frozenset, str, bytes, bytearray, int,
                        float, complex, bool, range, slice, memoryview, BaseException)
    for member in dir(kind))  # fmt: skip


def check_unsure(parsed: Mapping[str, Parsed], cls: Owner, name: str, places: Sequence[str], what: str) -> None:
    """OpError unless ``.name`` read from objects whose class rope cannot tell (at ``places``)
    may be taken for the member of ``cls``: no other class of the files (outside its hierarchy)
    has a member ``name``, and no builtin type has one."""
    if not places:
        return
    family = subclass_names(parsed, cls) | {base.node.name.value for base in _superclasses(parsed, cls)}
    others = [owner for file in parsed.values() for owner in owners(file)
              if owner.is_class and owner.node.name.value not in family and bindings_in(owner, name)]  # fmt: skip
    shown = ", ".join(places[:6]) + (f" and {len(places) - 6} more" if len(places) > 6 else "")
    if others:
        reason = f"`{others[0].dotted}` ({others[0].where}) has a member `{name}` too"
    elif name in _BUILTIN_MEMBERS:
        reason = f"builtin types have a member `{name}` too"
    else:
        return
    raise OpError(f"{what}: `.{name}` is also used at {shown} on objects whose class cannot be told, "
                  f"and {reason}: which of them are `{cls.dotted}`'s is a guess; annotate those "
                  f"objects' types (a parameter `x: {cls.node.name.value}`) or edit them by hand")  # fmt: skip


# --- editing calls at positions --------------------------------------------------------------


def call_name_position(parsed: Parsed, call: cst.Call) -> Position | None:
    """Where the name a call calls starts (``f`` of ``m.f(...)``)."""
    func = call.func
    if isinstance(func, cst.Name):
        return parsed.start(func)
    if isinstance(func, cst.Attribute):
        return parsed.start(func.attr)
    return None


def _attribute_called(parsed: Parsed, position: Position, name: str) -> bool:
    """Whether the call whose called name starts at ``position`` calls an attribute ``.name``."""
    line, column = position
    text = parsed.text.splitlines()[line - 1] if 0 < line <= len(parsed.text.splitlines()) else ""
    return text[column : column + len(name)] == name and column > 0 and text[:column].rstrip().endswith(".")


def _after_value(node: cst.CSTNode) -> str | None:
    """The field of the whitespace between an element's value and its comma, if it has one."""
    for field in ("whitespace_after_param", "whitespace_after_arg"):
        if hasattr(node, field):
            return field
    return None


def _no_comment(comma: cst.Comma) -> cst.Comma:
    """``comma`` with its comment and blank lines dropped: a separator to copy."""
    after = comma.whitespace_after
    if isinstance(after, cst.ParenthesizedWhitespace):
        after = after.with_changes(first_line=cst.TrailingWhitespace(), empty_lines=())
    return comma.with_changes(whitespace_after=after)


def _ending(comma: object, ending: cst.Comma) -> cst.Comma:
    """``comma`` (its comment kept) going on as ``ending`` goes on: the next line's indent."""
    if (isinstance(comma, cst.Comma) and isinstance(comma.whitespace_after, cst.ParenthesizedWhitespace)
            and isinstance(ending.whitespace_after, cst.ParenthesizedWhitespace)):  # fmt: skip
        after = comma.whitespace_after.with_changes(indent=ending.whitespace_after.indent,
                                                    last_line=ending.whitespace_after.last_line)  # fmt: skip
        return comma.with_changes(whitespace_after=after)
    return ending


def replace_element(items: Sequence, index: int, new: object | None):
    """``items`` (nodes that carry a ``comma``) with the one at ``index`` replaced by ``new``, or
    removed when ``new`` is None, the layout kept: the last element removed, the one before it
    keeps its comment and ends as the removed one ended (a trailing comma, or none)."""
    items = list(items)
    if new is not None:
        items[index] = new
        return items
    removed = items.pop(index)
    if index == len(items) and items:
        before = items[-1]
        if isinstance(removed.comma, cst.Comma):
            items[-1] = before.with_changes(comma=_ending(before.comma, removed.comma))
        else:
            changes: dict[str, object] = {"comma": cst.MaybeSentinel.DEFAULT}
            field = _after_value(before)
            if field and field == _after_value(removed):
                changes[field] = getattr(removed, field)
            items[-1] = before.with_changes(**changes)
    return items


def insert_element(items: Sequence, index: int, new):
    """``items`` with ``new`` inserted at ``index``, commas and lines written as the list writes
    them (comments stay with their element)."""
    items = list(items)
    if not items:
        return [new.with_changes(comma=cst.MaybeSentinel.DEFAULT)]
    separators = [_no_comment(item.comma) for item in items[:-1] if isinstance(item.comma, cst.Comma)]
    if index < len(items):
        separator = separators[index - 1] if 0 < index <= len(separators) else None
        if separator is None:
            separator = separators[0] if separators else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        items.insert(index, new.with_changes(comma=separator))
        return items
    last = items[-1]
    if isinstance(last.comma, cst.Comma):  # a trailing comma: the new element ends the list so
        ending = last.comma.whitespace_after
        if separators:
            separator = separators[-1]
        elif isinstance(ending, cst.ParenthesizedWhitespace):  # one element a line: indent as one
            separator = cst.Comma(whitespace_after=ending.with_changes(
                first_line=cst.TrailingWhitespace(), empty_lines=(), last_line=cst.SimpleWhitespace("    ")))
        else:
            separator = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        items[-1] = last.with_changes(comma=_ending(last.comma, separator))
        items.append(new.with_changes(comma=_no_comment(last.comma)))
        return items
    separator = separators[-1] if separators else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    field = _after_value(last)
    if field and field == _after_value(new):  # `f(\n    a\n)`: the new one ends the line as `a` did
        items[-1] = last.with_changes(comma=separator, **{field: cst.SimpleWhitespace("")})
        items.append(new.with_changes(comma=cst.MaybeSentinel.DEFAULT, **{field: getattr(last, field)}))
    else:
        items[-1] = last.with_changes(comma=separator)
        items.append(new.with_changes(comma=cst.MaybeSentinel.DEFAULT))
    return items


# --- the bindings of a name ------------------------------------------------------------------


@dataclasses.dataclass
class Binding:
    """Where ``old`` is bound: a file, the owner (None: the module), and the name's position."""

    parsed: Parsed
    owner: Owner | None
    position: Position
    node: cst.CSTNode
    attribute: bool = False  # ``self.old = ...`` in a method of the class
    comprehension: meta.Scope | None = None  # the variable of a comprehension in the function

    @property
    def where(self) -> str:
        owner = f"scope `{self.owner.dotted}`" if self.owner else "module level"
        inner = " (a comprehension's variable)" if self.comprehension else ""
        return f"{owner}{inner} ({self.parsed.path} line {self.position[0]})"


def _name_node(assignment: meta.BaseAssignment) -> cst.CSTNode | None:
    """The name token an assignment of ``name`` binds (None for an import: not a definition)."""
    if not isinstance(assignment, meta.Assignment):
        return None
    node = assignment.node
    if isinstance(node, cst.FunctionDef | cst.ClassDef | cst.Param):
        return node.name
    if isinstance(node, cst.Name):
        return node
    return None


def _scope_bindings(parsed: Parsed, scope: meta.Scope, name: str) -> list[cst.CSTNode]:
    nodes = [_name_node(assignment) for assignment in scope.assignments[name]
             if assignment.scope is scope]  # fmt: skip
    found = [node for node in nodes if node is not None]
    return sorted(found, key=parsed.start)


def _first_param(function: cst.FunctionDef) -> str | None:
    params = [*function.params.posonly_params, *function.params.params]
    return params[0].name.value if params else None


def _is_decorated(function: cst.FunctionDef, name: str) -> bool:
    for decorator in function.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Name) and expr.value == name:
            return True
        if isinstance(expr, cst.Attribute) and expr.attr.value == name:
            return True
    return False


class _SelfAttributes(cst.CSTVisitor):
    """``self.name`` assigned in a method (``self`` its first parameter), nested classes left."""

    def __init__(self, receiver: str, name: str) -> None:
        self.receiver, self.name = receiver, name
        self.found: list[cst.Name] = []
        self.stored: set[int] = set()

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def _target(self, target: cst.BaseExpression) -> None:
        if (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)
                and target.value.value == self.receiver and target.attr.value == self.name):  # fmt: skip
            self.found.append(target.attr)
        elif isinstance(target, cst.Tuple | cst.List):
            for element in target.elements:
                self._target(element.value)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._target(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._target(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._target(node.target)


def instance_attributes(owner: Owner, name: str) -> list[cst.Name]:
    """The ``self.name`` / ``cls.name`` assignments in the methods of the class ``owner``."""
    found: list[cst.Name] = []
    for statement in owner.node.body.body:
        if not isinstance(statement, cst.FunctionDef) or _is_decorated(statement, "staticmethod"):
            continue
        receiver = _first_param(statement)
        if receiver is None:
            continue
        visitor = _SelfAttributes(receiver, name)
        statement.body.visit(visitor)
        found.extend(visitor.found)
    return found


def bindings_in(owner: Owner, name: str) -> list[Binding]:
    """Where the class or function ``owner`` binds ``name`` (a class: its body and ``self.name``
    in its methods; a function: its parameters and locals)."""
    parsed = owner.parsed
    found = [Binding(parsed, owner, parsed.start(node), node)
             for node in _scope_bindings(parsed, owner.scope, name)]  # fmt: skip
    if owner.is_class:
        found += [Binding(parsed, owner, parsed.start(node), node, attribute=True)
                  for node in instance_attributes(owner, name)]  # fmt: skip
    else:
        for scope in _comprehensions_of(parsed, owner.scope):
            found += [Binding(parsed, owner, parsed.start(node), node, comprehension=scope)
                      for node in _scope_bindings(parsed, scope, name)]  # fmt: skip
    return found


def _comprehensions_of(parsed: Parsed, top: meta.Scope) -> list[meta.Scope]:
    """The comprehension scopes of the function whose scope is ``top`` (not of nested defs)."""
    found = []
    for scope in {scope for scope in parsed.scopes.values() if isinstance(scope, meta.ComprehensionScope)}:
        parent = scope.parent
        while isinstance(parent, meta.ComprehensionScope):
            parent = parent.parent
        if parent is top:
            found.append(scope)
    return found


def module_bindings(parsed: Parsed, name: str) -> list[Binding]:
    """Where the module binds ``name`` at its top level (imports are no definition)."""
    scope = _global_scope(parsed)
    if scope is None:
        return []
    return [Binding(parsed, None, parsed.start(node), node) for node in _scope_bindings(parsed, scope, name)]


def _one_per_owner(bindings: list[Binding]) -> list[Binding]:
    """The first binding of each (file, owner): ``x = 1`` then ``x = 2`` is one symbol."""
    seen: dict[tuple[str, str | None, int], Binding] = {}
    for binding in bindings:
        key = (binding.parsed.path, binding.owner.dotted if binding.owner else None,
               id(binding.comprehension))  # fmt: skip
        seen.setdefault(key, binding)
    return list(seen.values())


# --- the operation ---------------------------------------------------------------------------


@register
@dataclasses.dataclass(frozen=True)
class Rename(Operation):
    """Rename ``old`` to ``new``: the binding in ``scope`` (of ``path``) and every reference."""

    kind = "rename"

    old: str
    new: str
    scope: str | None = None
    path: str | None = None

    def describe(self) -> str:
        where = f" in `{self.scope}`" if self.scope else ""
        return f"rename `{self.old}` -> `{self.new}`{where}"

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        check_identifier(self.new, "the new name")
        if not self.old.isidentifier():
            raise OpError(f"the name to rename {self.old!r} is not a Python identifier")
        if self.old == self.new:
            raise OpError(f"`{self.old}` already has that name")
        parsed = parse_files(files, [self.old, self.new], self.path)
        binding = self._binding(parsed)
        self._check_clash(parsed, binding)
        places: dict[str, set[Position]] = {}
        for found in (self._dataclass_keywords(files, parsed, binding), self._annotated_uses(parsed, binding),
                      self._super_uses(parsed, binding)):  # fmt: skip
            for path, positions in found.items():
                places.setdefault(path, set()).update(positions)
        for path, positions in self._rope_places(files, parsed, binding, places).items():
            places.setdefault(path, set()).update(positions)
        for path, positions in self._method_keywords(parsed, binding, places).items():
            places.setdefault(path, set()).update(positions)
        changed: dict[str, str] = {}
        for path, positions in places.items():
            text = replace_names(files[path], positions, self.old, self.new)
            if text != files[path]:
                changed[path] = text
        return changed

    def _method_keywords(self, parsed: Mapping[str, Parsed], binding: Binding,
                         places: Mapping[str, set[Position]]) -> dict[str, set[Position]]:  # fmt: skip
        """A method's parameter: its keyword in calls ``x.method(old=...)`` whose receiver's class
        rope cannot tell (an unannotated parameter), where the method's name is the member of no
        other class of the files and of no builtin type (``check_unsure``'s rule); where another
        could answer the call, those calls are left as they are (they may be another's)."""
        function = binding.owner
        cls = function.parent if function is not None and not function.is_class else None
        if cls is None or not cls.is_class or not isinstance(function.node, cst.FunctionDef):
            return {}
        method = function.node.name.value
        found: dict[str, set[Position]] = {}
        for path, file in parsed.items():

            def on_attribute(position: Position | None, file: Parsed = file) -> bool:
                return position is not None and _attribute_called(file, position, method)

            keywords = _keywords_of_calls(file, on_attribute, self.old) - places.get(path, set())
            if keywords:
                found[path] = keywords
        unsure = [f"{path} line {position[0]}" for path, positions in found.items() for position in sorted(positions)]
        try:
            check_unsure(parsed, cls, method, unsure, self.describe())
        except OpError:  # another class (or a builtin type) answers `.method` too: those calls are left alone
            return {}
        return found

    # which binding

    def _binding(self, parsed: Mapping[str, Parsed]) -> Binding:
        searched = files_to_search(parsed, self.path)
        if self.scope is not None:
            return self._binding_in_scope(parsed, searched)
        found = _one_per_owner([b for file in searched for b in module_bindings(file, self.old)])
        if not found:
            found = _one_per_owner([binding for file in searched for owner in owners(file)
                                    for binding in bindings_in(owner, self.old)])  # fmt: skip
        if not found:
            where = self.path or "the files given"
            raise OpError(f"`{self.old}` is bound nowhere in {where}: check the name "
                          f"(and `path`, the file that defines it)")  # fmt: skip
        found = self._own_first(found)
        if len(found) > 1:
            places = "; ".join(binding.where for binding in found)
            hint = ("give `path`, the file that defines it" if all(b.owner is None for b in found)
                    else "give `scope` (the class or function that owns it) and `path`")  # fmt: skip
            raise OpError(f"`{self.old}` is ambiguous, bound in {len(found)} places: {places}; {hint}")
        return found[0]

    def _own_first(self, found: list[Binding]) -> list[Binding]:
        """A function's own local or parameter before a comprehension's variable of the same
        name inside it (a scope of its own); OpError where only comprehensions of one function
        bind it, more than one: no scope tells them apart."""
        own = [binding for binding in found if binding.comprehension is None]
        if own:
            return own
        functions = {(binding.parsed.path, binding.owner.dotted if binding.owner else "") for binding in found}
        if len(found) > 1 and len(functions) == 1:
            lines = ", ".join(str(binding.position[0]) for binding in found)
            owner = found[0].owner.dotted if found[0].owner else ""
            raise OpError(f"`{self.old}` is the variable of {len(found)} comprehensions in `{owner}` "
                          f"({found[0].parsed.path} lines {lines}): no scope tells them apart; "
                          f"rename it by hand")  # fmt: skip
        return found

    def _binding_in_scope(self, parsed: Mapping[str, Parsed], searched: list[Parsed]) -> Binding:
        scope_owners = [owner for file in searched for owner in owners(file) if owner.dotted == self.scope]
        if not scope_owners:
            where = self.path or "the files given"
            raise OpError(f"no class or function `{self.scope}` in {where}: `scope` is the dotted "
                          f"name of the class or function that owns `{self.old}`")  # fmt: skip
        found = _one_per_owner([binding for owner in scope_owners
                                for binding in bindings_in(owner, self.old)])  # fmt: skip
        if not found:
            elsewhere = _one_per_owner(
                [b for file in parsed.values() for b in module_bindings(file, self.old)]
                + [b for file in parsed.values() for owner in owners(file) for b in bindings_in(owner, self.old)])
            hint = (f"; it is bound in {'; '.join(b.where for b in elsewhere)}" if elsewhere
                    else "; it is bound nowhere in the files")  # fmt: skip
            raise OpError(f"`{self.old}` is not bound in `{self.scope}` ({scope_owners[0].where}){hint}")
        found = self._own_first(found)
        if len(found) > 1:
            places = "; ".join(binding.where for binding in found)
            raise OpError(f"`{self.old}` is ambiguous, bound in {len(found)} places: {places}; "
                          f"give `path`, the file that defines it")  # fmt: skip
        return found[0]

    # clashes

    def _check_clash(self, parsed: Mapping[str, Parsed], binding: Binding) -> None:
        owner, new = binding.owner, self.new
        if owner is not None and owner.is_class:
            for base in _superclasses(parsed, owner):
                overridden = bindings_in(base, self.old)
                if overridden:
                    raise OpError(f"`{self.old}` of `{owner.dotted}` overrides `{base.dotted}.{self.old}` "
                                  f"({overridden[0].parsed.path} line {overridden[0].position[0]}): rename "
                                  f"it with scope `{base.dotted}`, which renames the overrides too")  # fmt: skip
        if owner is None:
            clashes = module_bindings(binding.parsed, new) or [
                b for b in _imports_of(binding.parsed, new)]
            for file in parsed.values():
                if file is not binding.parsed and _imports_name(file, module_name(binding.parsed.path), self.old):
                    clashes += module_bindings(file, new) + _imports_of(file, new)
            if clashes:
                first = clashes[0]
                raise OpError(f"`{new}` is already bound at module level ({first.parsed.path} line "
                              f"{first.position[0]}): choose another name or rename that first")  # fmt: skip
            self._check_shadowing(binding.parsed, _symbol_assignments(binding, self.old))
            self._check_captured(binding.parsed, _global_scope(binding.parsed))
            for file in parsed.values():
                if file is not binding.parsed and _imports_name(file, module_name(binding.parsed.path), self.old):
                    self._check_shadowing(file, set(_imports_of_assignments(file, self.old)))
                    self._check_captured(file, _global_scope(file))
            return
        clashes = bindings_in(owner, new)
        if owner.is_class:
            clashes += _class_uses(owner, new)
            names = subclass_names(parsed, owner) - {owner.node.name.value}
            for other in _top_classes(parsed):
                if other.node.name.value in names and bindings_in(other, new):
                    first = bindings_in(other, new)[0]
                    raise OpError(f"`{new}` is already a member of `{other.dotted}`, a subclass of "
                                  f"`{owner.dotted}` ({first.parsed.path} line {first.position[0]}): "
                                  f"choose another name or rename that first")  # fmt: skip
        if clashes:
            first = min(clashes, key=lambda b: b.position)
            raise OpError(f"`{new}` is already bound or used in `{owner.dotted}` ({owner.parsed.path} "
                          f"line {first.position[0]}): choose another name or rename that first")  # fmt: skip
        if not owner.is_class:
            self._check_shadowing(owner.parsed, _symbol_assignments(binding, self.old))
            self._check_captured(owner.parsed, binding.comprehension or owner.scope)

    def _check_captured(self, parsed: Parsed, top: meta.Scope | None) -> None:
        """OpError where ``new`` is read inside ``top`` (or a scope nested in it) and means
        something bound outside it, a builtin included: the renamed symbol would capture it."""
        if top is None:
            return
        for scope in {scope for scope in parsed.scopes.values() if scope is not None}:
            if not _within(scope, top):
                continue
            for access in scope.accesses[self.new]:
                if not any(_within(assignment.scope, top) for assignment in access.referents):
                    builtin = all(isinstance(a, meta.BuiltinAssignment) for a in access.referents)
                    what = "a builtin" if builtin else "a name bound outside"
                    raise OpError(f"`{self.new}` is already used in {parsed.path} line "
                                  f"{parsed.line(access.node)} ({what}): renamed, `{self.old}` would "
                                  f"hide it; choose another name")  # fmt: skip

    def _check_shadowing(self, parsed: Parsed, symbol: set[meta.BaseAssignment]) -> None:
        """OpError where a read of the symbol sits in a nested scope (a function, a
        comprehension) that binds ``new`` itself: renamed, it would read that instead."""
        for assignment in symbol:
            for access in assignment.references:
                scope = access.scope
                while scope is not assignment.scope and scope is not scope.parent:
                    local = scope is access.scope or not isinstance(scope, meta.ClassScope)
                    if local and any(a.scope is scope for a in scope.assignments[self.new]):
                        raise OpError(f"`{self.new}` is bound in a scope that reads `{self.old}` "
                                      f"({parsed.path} line {parsed.line(access.node)}): renamed, it would "
                                      f"read that `{self.new}` instead; choose another name")  # fmt: skip
                    scope = scope.parent


    # where: rope's occurrences, checked by libcst's scopes, and what rope leaves

    def _rope_places(self, files: Mapping[str, str], parsed: Mapping[str, Parsed], binding: Binding,
                     handled: Mapping[str, set[Position]]) -> dict[str, set[Position]]:  # fmt: skip
        """rope's occurrences of the symbol (the binding's pyname: imports, ``m.old``, ``self.old``,
        inferred instances, keywords of a parameter, overrides), where libcst's scopes agree."""
        from rope.base import exceptions
        from rope.refactor import occurrences
        from rope.refactor.rename import Rename as RopeRename
        from rope.refactor.rename import _is_local

        path = binding.parsed.path
        in_class = binding.owner is not None and binding.owner.is_class
        symbol = _symbol_assignments(binding, self.old)
        if binding.comprehension is not None:  # rope cannot resolve it; libcst's scope is exact
            return {path: {binding.parsed.start(node) for node in _symbol_names(symbol)
                           if isinstance(node, cst.Name)}}  # fmt: skip

        parameter = (binding.owner is not None and not binding.owner.is_class
                     and any(binding.node is name for name in _param_names(binding.owner)))  # fmt: skip

        def work(rope: RopeFiles) -> dict[str, list[Position]]:
            try:
                rename = RopeRename(rope.project, rope.resource(path), rope.offset(path, binding.position))
                finder = occurrences.create_finder(
                    rope.project, rename.old_name, rename.old_pyname, instance=rename.old_instance,
                    in_hierarchy=in_class and rename.is_method(),
                    unsure=(lambda occurrence: True) if in_class else None)  # fmt: skip
                targets = [path] if _is_local(rename.old_pyname) else list(parsed)
                if binding.owner is not None and not binding.owner.is_class:  # a parameter or local:
                    # elsewhere only the keywords of calls of its function
                    targets = [target for target in targets if target == path
                               or _writes(parsed[target].text, binding.owner.node.name.value)]
                return {target: rope.find(finder, target) for target in targets}
            except exceptions.RopeError as error:
                if not parameter:
                    raise RopeFailed(f"{self.describe()}: rope could not rename it ({error})") from None
            # rope resolves no keyword-only parameter (its own limit): the keywords at the calls of
            # its function, which rope does find; libcst's scope adds the uses in the body below
            function = binding.owner.node.name  # type: ignore[union-attr]
            found = rope.occurrences(function.value, path, binding.owner.parsed.start(function), list(parsed))  # type: ignore[union-attr]
            calls = {target: {o.position for o in occurrences if o.called} for target, occurrences in found.items()}
            places = {target: [(position, False) for position in positions]
                      for target, positions in _keywords_at(parsed, calls, self.old).items()}  # fmt: skip
            places.setdefault(path, []).append((binding.position, False))  # the parameter itself
            return places

        found, blanked = with_rope(files, [self.old], work)
        for target in blanked:  # f-strings rope could not read: what they hold, found by libcst
            for node in in_fstrings(parsed[target], self.old):
                if isinstance(node, cst.Attribute):
                    through = parsed[target].qualified_names(node.value)
                    if in_class or module_name(binding.parsed.path) in through:
                        found.setdefault(target, []).append((parsed[target].start(node.attr), in_class))
        unsure = [f"{target} line {position[0]}" for target, positions in found.items()
                  for position, doubtful in positions
                  if doubtful and position not in handled.get(target, ())]  # fmt: skip
        if in_class and binding.owner is not None:
            check_unsure(parsed, binding.owner, self.old, unsure, self.describe())
        places: dict[str, set[Position]] = {}
        for target, positions in found.items():
            names = _scoped_names(parsed[target], self.old)
            kept = set()
            for position, _ in positions:
                assignments = names.get(position)
                if assignments is None or _is_the_symbol(assignments, symbol, parsed[target] is binding.parsed,
                                                         in_class):  # fmt: skip
                    kept.add(position)
            places[target] = kept
        # libcst's own references in the binding's file, where rope missed one
        file = binding.parsed
        mine = places.setdefault(file.path, set())
        for node in _symbol_names(symbol):
            if isinstance(node, cst.Name):
                mine.add(file.start(node))
            elif isinstance(node, cst.SimpleString) and node.evaluated_value == self.old:
                line, column = file.start(node)  # a forward reference: "Garage"
                mine.add((line, column + len(node.prefix) + len(node.quote)))
        if binding.owner is None:  # the names an import of it binds elsewhere, read there
            for other in parsed.values():
                if other is not file:
                    places.setdefault(other.path, set()).update(
                        other.start(access.node)
                        for assignment in _imported(other, module_name(file.path), self.old)
                        for access in assignment.references if isinstance(access.node, cst.Name))  # fmt: skip
        if binding.owner is None:  # the name in `__all__`, where the module defines or imports it
            for path in [file.path, *(p for p in found if p != file.path and _imports_name(
                    parsed[p], module_name(file.path), self.old))]:  # fmt: skip
                places.setdefault(path, set()).update(_all_entries(parsed[path], self.old))
        return places

    def _dataclass_keywords(self, files: Mapping[str, str], parsed: Mapping[str, Parsed], binding: Binding,
                            ) -> dict[str, set[Position]]:  # fmt: skip
        """A dataclass field's keyword at the class's constructor calls (rope renames the field
        and its uses, not ``Car(old=...)``)."""
        owner = binding.owner
        if owner is None or not owner.is_class or not _is_dataclass(owner.node):
            return {}
        if not isinstance(binding.node, cst.Name) or binding.attribute:
            return {}
        parsed = dict(parsed, **{p: parse(p, text) for p, text in files.items() if is_python(p)
                                 and p not in parsed and owner.node.name.value in text})  # fmt: skip
        found, _ = with_rope(files, [owner.node.name.value], lambda rope: rope.occurrences(
            owner.node.name.value, owner.parsed.path, owner.parsed.start(owner.node.name), parsed))  # fmt: skip
        calls = {path: {occurrence.position for occurrence in occurrences if occurrence.called}
                 for path, occurrences in found.items()}  # fmt: skip
        return _keywords_at(parsed, calls, self.old)

    def _annotated_uses(self, parsed: Mapping[str, Parsed], binding: Binding) -> dict[str, set[Position]]:
        """``p.old`` where the parameter ``p`` is annotated with the class, and ``p.meth(old=...)``
        for a parameter of its method ``meth`` (rope does not read annotations of parameters)."""
        owner = binding.owner
        if owner is not None and owner.is_class:
            return annotated_uses(parsed, owner, self.old)
        if owner is None or owner.parent is None or not owner.parent.is_class:
            return {}
        if not any(binding.node is name for name in _param_names(owner)):
            return {}
        return _keywords_at(parsed, annotated_uses(parsed, owner.parent, owner.node.name.value), self.old)

    def _super_uses(self, parsed: Mapping[str, Parsed], binding: Binding) -> dict[str, set[Position]]:
        """What rope leaves at ``super()``: ``super().old`` in the subclasses when a class's
        member is renamed; ``super().meth(old=...)`` when a method's parameter is."""
        owner = binding.owner
        if owner is None:
            return {}
        if owner.is_class:
            classes, method = subclass_names(parsed, owner), None
        elif owner.parent is not None and owner.parent.is_class and any(binding.node is name for name in _param_names(owner)):
            classes, method = subclass_names(parsed, owner.parent), owner.node.name.value
        else:
            return {}
        return _found_in(parsed, lambda file: _SuperUses(file, classes, self.old, method))


def annotated_uses(parsed: Mapping[str, Parsed], cls: Owner, name: str) -> dict[str, set[Position]]:
    """Where ``p.name`` is written with ``p`` a parameter annotated with the class ``cls`` (a
    module-level class), by file: the positions of ``name``."""
    if cls.parent is not None:
        return {}
    class_name = cls.node.name.value
    qualified = {f"{module_name(cls.parsed.path)}.{class_name}"}
    return _found_in(parsed, lambda file: _AnnotatedUses(
        file, qualified | ({class_name} if file is cls.parsed else set()), name))  # fmt: skip


def _found_in(parsed: Mapping[str, Parsed], visitor_of: Callable[[Parsed], _SuperUses | _AnnotatedUses],
              ) -> dict[str, set[Position]]:  # fmt: skip
    """The positions the visitor ``visitor_of(file)`` finds in each file, by file (none left out)."""
    places: dict[str, set[Position]] = {}
    for path, file in parsed.items():
        visitor = visitor_of(file)
        file.module.visit(visitor)
        if visitor.found:
            places[path] = visitor.found
    return places


def replace_names(text: str, positions: set[Position], old: str, new: str) -> str:
    """``text`` with the name ``old`` at each (line, column) written ``new``."""
    starts = [0]
    for index, char in enumerate(text):
        if char == "\n":
            starts.append(index + 1)
    offsets = sorted((starts[line - 1] + column for line, column in positions), reverse=True)
    for offset in offsets:
        if text[offset : offset + len(old)] != old:  # pragma: no cover - a position not of the name
            raise OpError(f"rename `{old}`: found {text[offset : offset + len(old)]!r} where `{old}` was expected")
        text = text[:offset] + new + text[offset + len(old) :]
    return text


def in_fstrings(parsed: Parsed, name: str) -> list[cst.Name | cst.Attribute | cst.Call]:
    """The names ``name``, attributes ``.name`` and calls of either inside the file's f-strings."""
    found: list[cst.Name | cst.Attribute | cst.Call] = []

    class Inside(cst.CSTVisitor):
        def __init__(self) -> None:
            self.depth = 0

        def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression) -> None:
            self.depth += 1

        def leave_FormattedStringExpression(self, original_node: cst.FormattedStringExpression) -> None:
            self.depth -= 1

        def visit_Name(self, node: cst.Name) -> None:
            if self.depth and node.value == name:
                found.append(node)

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if self.depth and node.attr.value == name:
                found.append(node)

        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            called = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", None)
            if self.depth and called == name:
                found.append(node)

    parsed.module.visit(Inside())
    return found


def _all_entries(parsed: Parsed, name: str) -> set[Position]:
    """Where ``name`` is written in the module's ``__all__`` (inside its quotes)."""
    found: set[Position] = set()
    for statement in parsed.module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            targets = ([t.target for t in small.targets] if isinstance(small, cst.Assign)
                       else [small.target] if isinstance(small, cst.AugAssign | cst.AnnAssign) else [])  # fmt: skip
            value = getattr(small, "value", None)
            if not any(isinstance(t, cst.Name) and t.value == "__all__" for t in targets):
                continue
            if isinstance(value, cst.List | cst.Tuple):
                for element in value.elements:
                    string = element.value
                    if isinstance(string, cst.SimpleString) and string.evaluated_value == name:
                        line, column = parsed.start(string)
                        found.add((line, column + len(string.prefix) + len(string.quote)))
    return found


def _param_names(owner: Owner) -> list[cst.Name]:
    assert isinstance(owner.node, cst.FunctionDef)
    params = owner.node.params
    found = [*params.posonly_params, *params.params, *params.kwonly_params]
    return [param.name for param in found]


def _symbol_assignments(binding: Binding, name: str) -> set[meta.BaseAssignment]:
    """libcst's assignments of the symbol in its own scope (the module, class or function)."""
    parsed = binding.parsed
    if binding.comprehension is not None:
        scope = binding.comprehension
    elif binding.owner is None:
        scope = _global_scope(parsed)
    else:
        scope = binding.owner.scope
    if scope is None:
        return set()
    return {assignment for assignment in scope.assignments[name] if assignment.scope is scope}


def _symbol_names(symbol: set[meta.BaseAssignment]) -> set[cst.CSTNode]:
    """The Name nodes of the symbol's assignments and of the names that read it."""
    nodes: set[cst.CSTNode] = set()
    for assignment in symbol:
        if isinstance(assignment, meta.Assignment) and isinstance(assignment.node, cst.Name):
            nodes.add(assignment.node)
        nodes.update(access.node for access in assignment.references
                     if isinstance(access.node, cst.Name | cst.SimpleString))  # fmt: skip
    return nodes


def _scoped_names(parsed: Parsed, name: str) -> dict[Position, set[meta.BaseAssignment]]:
    """Each plain name ``name`` libcst's scopes know in the file (a binding or a read), by
    position: the assignments it is (a binding) or reads (a read)."""
    found: dict[Position, set[meta.BaseAssignment]] = {}
    for scope in {scope for scope in parsed.scopes.values() if scope is not None}:
        for assignment in scope.assignments[name]:
            if assignment.scope is not scope or not isinstance(assignment, meta.Assignment):
                continue
            node = assignment.node
            if isinstance(node, cst.Param | cst.FunctionDef | cst.ClassDef):
                node = node.name
            if isinstance(node, cst.Name):
                found.setdefault(parsed.start(node), set()).add(assignment)
        for access in scope.accesses[name]:
            if isinstance(access.node, cst.Name) and access.referents:
                found.setdefault(parsed.start(access.node), set()).update(access.referents)
    return found


def _is_the_symbol(assignments: set[meta.BaseAssignment], symbol: set[meta.BaseAssignment],
                   defining_file: bool, in_class: bool) -> bool:  # fmt: skip
    """Whether a plain name that binds or reads ``assignments`` is the symbol: a class member
    where the symbol is one (rope's hierarchy: an override); in its own file, one of the
    symbol's assignments; elsewhere, an import or a module-level binding (a local, a
    comprehension's variable or a parameter of the same name is another symbol)."""
    if in_class and all(isinstance(a.scope, meta.ClassScope) for a in assignments):
        return True
    if defining_file:
        return bool(assignments & symbol)
    return any(isinstance(a, meta.ImportAssignment) or isinstance(a.scope, meta.GlobalScope)
               for a in assignments)  # fmt: skip


def _base_names(node: cst.ClassDef) -> set[str]:
    """The last names of a class's bases (``Garage`` of ``m.Garage``)."""
    names = set()
    for arg in node.bases:
        name = cst.helpers.get_full_name_for_node(arg.value)
        if name:
            names.add(name.split(".")[-1])
    return names


def _top_classes(parsed: Mapping[str, Parsed]) -> list[Owner]:
    return [owner for file in parsed.values() for owner in owners(file) if owner.is_class]


def _superclasses(parsed: Mapping[str, Parsed], owner: Owner) -> list[Owner]:
    """The classes of the files ``owner`` derives from, by name, nearest first."""
    classes = _top_classes(parsed)
    found: list[Owner] = []
    wanted = _base_names(owner.node)
    while wanted:
        step = [c for c in classes if c.node.name.value in wanted and c not in found and c is not owner]
        found += step
        wanted = {name for c in step for name in _base_names(c.node)}
    return found


def subclass_names(parsed: Mapping[str, Parsed], owner: Owner) -> set[str]:
    """The names of ``owner``'s class and of the classes of the files derived from it."""
    classes = _top_classes(parsed)
    names = {owner.node.name.value}
    while True:
        more = {c.node.name.value for c in classes if _base_names(c.node) & names} - names
        if not more:
            return names
        names |= more


def _imports_of(parsed: Parsed, name: str) -> list[Binding]:
    """The module-level imports binding ``name``."""
    return [Binding(parsed, None, parsed.start(a.node), a.node) for a in _imports_of_assignments(parsed, name)]


def _global_scope(parsed: Parsed) -> meta.Scope | None:
    return next((s for s in parsed.scopes.values() if isinstance(s, meta.GlobalScope)), None)


def _within(scope: meta.Scope, top: meta.Scope) -> bool:
    """Whether ``scope`` is ``top`` or nested in it."""
    while scope is not top:
        if scope.parent is scope:
            return False
        scope = scope.parent
    return True


def _imports_of_assignments(parsed: Parsed, name: str) -> list[meta.BaseAssignment]:
    """The module-level import assignments of ``name``."""
    scope = _global_scope(parsed)
    if scope is None:
        return []
    return [a for a in scope.assignments[name] if isinstance(a, meta.ImportAssignment) and a.scope is scope]


def _from_module(statement: cst.ImportFrom, module: str) -> bool:
    """Whether ``from <x> import ...`` imports from ``module`` (``x`` relative or not)."""
    source = cst.helpers.get_full_name_for_node(statement.module) if statement.module else ""
    return bool(source) and (source == module or module.endswith("." + source))


def _imported(parsed: Parsed, module: str, name: str) -> list[meta.BaseAssignment]:
    """The module-level assignments of ``from <module> import name`` (not ``as`` another name)."""
    found = []
    for assignment in _imports_of_assignments(parsed, name):
        statement = assignment.node
        if isinstance(statement, cst.ImportFrom) and _from_module(statement, module):
            if isinstance(statement.names, cst.ImportStar):
                continue
            if any(alias.evaluated_name == name and alias.asname is None for alias in statement.names):
                found.append(assignment)
    return found


def _imports_name(parsed: Parsed, module: str, name: str) -> bool:
    """Whether the file has ``from <module> import name`` (relative or not)."""
    for statement in parsed.module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if (isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar)
                    and _from_module(small, module) and any(alias.evaluated_name == name for alias in small.names)):  # fmt: skip
                return True
    return False


def _class_uses(owner: Owner, name: str) -> list[Binding]:
    """``self.name`` read in the methods of the class (an inherited or dynamic attribute)."""
    found: list[Binding] = []

    class Reads(cst.CSTVisitor):
        def __init__(self, receiver: str) -> None:
            self.receiver = receiver

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            return False

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if (isinstance(node.value, cst.Name) and node.value.value == self.receiver
                    and node.attr.value == name):  # fmt: skip
                found.append(Binding(owner.parsed, owner, owner.parsed.start(node.attr), node.attr))

    for statement in owner.node.body.body:
        if isinstance(statement, cst.FunctionDef) and (receiver := _first_param(statement)):
            statement.body.visit(Reads(receiver))
    return found


def _is_dataclass(node: cst.ClassDef) -> bool:
    """Whether the class's fields are its constructor's keywords: a dataclass (or attrs class),
    a NamedTuple, a TypedDict, a pydantic model."""
    for decorator in node.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call):
            expr = expr.func
        name = cst.helpers.get_full_name_for_node(expr) or ""
        if name.split(".")[-1] in ("dataclass", "define", "frozen", "attrs", "mutable"):
            return True
    return bool(_base_names(node) & {"NamedTuple", "TypedDict", "BaseModel"})


def _keywords_of_calls(parsed: Parsed, wanted: Callable[[Position | None], bool], name: str) -> set[Position]:
    """The positions of the keyword ``name=`` in the calls whose called name ``wanted`` accepts."""
    found: set[Position] = set()

    class Calls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            if wanted(call_name_position(parsed, node)):
                found.update(parsed.start(arg.keyword) for arg in node.args
                             if arg.keyword is not None and arg.keyword.value == name)  # fmt: skip

    parsed.module.visit(Calls())
    return found


def _keywords_at(parsed: Mapping[str, Parsed], calls: Mapping[str, set[Position]], name: str,
                 ) -> dict[str, set[Position]]:  # fmt: skip
    """The positions of the keyword ``name=`` in the calls whose called name starts at one of
    ``calls`` (by file), by file (files without one left out)."""
    places: dict[str, set[Position]] = {}
    for path, starts in calls.items():
        keywords = _keywords_of_calls(parsed[path], lambda call, starts=starts: call in starts, name)
        if keywords:
            places[path] = keywords
    return places


def _is_super(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "super"


class _SuperUses(cst.CSTVisitor):
    """In the methods of the classes named ``classes``: ``super().name`` (``method`` None), or
    the keyword ``name=`` of ``super().method(...)`` calls."""

    def __init__(self, parsed: Parsed, classes: set[str], name: str, method: str | None) -> None:
        self.parsed, self.classes, self.name, self.method = parsed, classes, name, method
        self.stack: list[str] = []
        self.found: set[Position] = set()

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.stack.append(node.name.value)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.stack.pop()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self.method is None and self.stack and self.stack[-1] in self.classes:
            if node.attr.value == self.name and _is_super(node.value):
                self.found.add(self.parsed.start(node.attr))

    def visit_Call(self, node: cst.Call) -> None:
        if self.method is None or not self.stack or self.stack[-1] not in self.classes:
            return
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == self.method and _is_super(func.value):
            self.found.update(self.parsed.start(arg.keyword) for arg in node.args
                              if arg.keyword is not None and arg.keyword.value == self.name)  # fmt: skip


class _AnnotatedUses(cst.CSTVisitor):
    """``p.name`` where ``p`` is a parameter annotated with one of ``classes`` (qualified
    names) and the name ``p`` there reads that parameter."""

    def __init__(self, parsed: Parsed, classes: set[str], name: str) -> None:
        self.parsed, self.classes, self.name = parsed, classes, name
        self.params: set[cst.Param] = set()
        self.found: set[Position] = set()

    def visit_Param(self, node: cst.Param) -> None:
        if node.annotation is None:
            return
        annotation = node.annotation.annotation
        names = self.parsed.qualified_names(annotation)
        if isinstance(annotation, cst.SimpleString) and isinstance(annotation.evaluated_value, str):
            names.add(annotation.evaluated_value)
        if names & self.classes:
            self.params.add(node)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        value = node.value
        if node.attr.value != self.name or not isinstance(value, cst.Name) or not self.params:
            return
        scope = self.parsed.scopes.get(value)
        if scope is None:
            return
        targets = {assignment.node for access in scope.accesses[value]
                   for assignment in access.referents if isinstance(assignment, meta.Assignment)}  # fmt: skip
        if targets and targets <= self.params:
            self.found.add(self.parsed.start(node.attr))

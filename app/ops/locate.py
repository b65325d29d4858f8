"""Finding what an operation names, shared by the kinds: the file, the scope, the statement.

* ``choose_file(files, path, ...)``: the one file an operation works on, parsed (``Source``).
* ``find_scope(source, "Cls.method")``: a function or class by dotted name; ``scope_of`` also
  answers the module for ``None``.
* ``find_statement(source, scope, text)``: the one statement whose source contains ``text``.
* ``parse_expression`` / ``parse_statements``: code an operation carries, checked to parse.
* ``insert_statements`` / ``remove_statement`` / ``replace_statement``: edits of a block's body
  that keep blank lines and comments where a reader expects them (an emptied block gets ``pass``).

Every failure is an ``OpError`` that says what did not fit and what to say instead.
"""

from __future__ import annotations

import difflib
import functools
import textwrap
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cached_property

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from specdraft.ops import OpError

Scope = cst.Module | cst.FunctionDef | cst.ClassDef
Definition = cst.FunctionDef | cst.ClassDef


class Source:
    """One file parsed: its path, the libcst module (with positions), its names."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        try:
            # a module parsed here for this wrapper alone: no copy needed
            self.wrapper = MetadataWrapper(cst.parse_module(text), unsafe_skip_copy=True)
        except cst.ParserSyntaxError as error:
            raise OpError(
                f"{path} does not parse at line {error.raw_line} ({error.message.rstrip('.')}): "
                "fix the file first"
            ) from None
        self.module: cst.Module = self.wrapper.module

    @cached_property
    def _positions(self) -> Mapping[cst.CSTNode, CodeRange]:
        return self.wrapper.resolve(PositionProvider)

    def line(self, node: cst.CSTNode) -> int:
        """The line (from 1) where ``node`` starts, leading blank lines and comments left out."""
        return self._positions[node].start.line

    def column(self, node: cst.CSTNode) -> int:
        """The column (from 0) where ``node`` starts."""
        return self._positions[node].start.column

    def code(self, node: cst.CSTNode) -> str:
        """The source of ``node`` without the blank lines and comments above it."""
        if isinstance(node, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
            node = node.with_changes(leading_lines=())
        return self.module.code_for_node(node)

    def changed(self, module: cst.Module) -> dict[str, str]:
        """The result of an operation that rewrote this file to ``module`` (a file left with
        nothing in it is empty)."""
        code = module.code
        if not module.body and not code.strip():
            code = ""
        elif not self.text.strip() and not code.endswith(("\n", "\r")):
            code += module.default_newline  # an empty file gets lines that end
        return {self.path: code}


def collapse(text: str) -> str:
    """``text`` with each run of whitespace made one space, and none at the ends."""
    return " ".join(text.split())


def quoted(code: str, limit: int = 60) -> str:
    """Code for a message or a description: whitespace collapsed, long code shortened."""
    text = collapse(code)
    return f"`{text if len(text) <= limit else text[: limit - 3] + '...'}`"


def lines_text(lines: Sequence[int]) -> str:
    """Line numbers for a message: "line 4" or "lines 4, 9 and 12"."""
    numbers = [str(number) for number in sorted(set(lines))]
    if len(numbers) == 1:
        return f"line {numbers[0]}"
    return f"lines {', '.join(numbers[:-1])} and {numbers[-1]}"


# --- files -------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def parsed_source(path: str, text: str) -> Source:
    """``Source(path, text)``, kept for the next operations on the same text (libcst's trees and
    metadata are never changed in place)."""
    return Source(path, text)


def choose_file(
    files: Mapping[str, str],
    path: str | None,
    *,
    what: str,
    test: Callable[[Source], bool] | None = None,
) -> Source:
    """The file an operation works on, parsed: ``path`` when given; else the only file given;
    else the one Python file for which ``test`` holds (``what`` names the target in messages)."""
    if path is not None:
        if path not in files:
            raise OpError(
                f"{path} is not among the files given ({', '.join(sorted(files)) or 'none'})"
            )
        return parsed_source(path, files[path])
    if len(files) == 1:
        only = next(iter(files))
        return parsed_source(only, files[only])
    if not files:
        raise OpError("no files given")
    if test is None:
        raise OpError(f"say which file holds {what} (path: one of {', '.join(sorted(files))})")
    found: list[Source] = []
    broken: list[str] = []
    for candidate in sorted(files):
        if not candidate.endswith((".py", ".pyi")):
            continue
        try:
            source = parsed_source(candidate, files[candidate])
        except OpError:
            broken.append(candidate)
            continue
        if test(source):
            found.append(source)
    if len(found) == 1:
        return found[0]
    if found:
        raise OpError(
            f"{what} is in {', '.join(source.path for source in found)}: say which with path"
        )
    unreadable = f" ({', '.join(broken)} did not parse)" if broken else ""
    raise OpError(f"no file given holds {what}{unreadable}: looked in {', '.join(sorted(files))}")


def defines(source: Source, dotted: str) -> bool:
    """Whether ``source`` defines the first part of ``dotted`` at module level (a function, a
    class or an assignment)."""
    head = dotted.split(".")[0]
    for statement in scope_statements(source.module.body):
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and statement.name.value == head:
            return True
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if head in assigned_names(small):
                    return True
    return False


def assigned_names(small: cst.BaseSmallStatement) -> set[str]:
    """The plain names a small statement assigns (``X = ...``, ``X: int = ...``, ``X += ...``)."""
    if isinstance(small, cst.Assign):
        return {
            target.target.value for target in small.targets if isinstance(target.target, cst.Name)
        }
    if isinstance(small, (cst.AnnAssign, cst.AugAssign)) and isinstance(small.target, cst.Name):
        return {small.target.value}
    return set()


# --- scopes ------------------------------------------------------------------------------------


def scope_statements(body: Sequence[cst.CSTNode]) -> Iterator[cst.BaseStatement]:
    """The statements of a body and of the blocks within it (if, for, while, try, with, match),
    nested functions and classes given but not entered."""
    for statement in body:
        if not isinstance(statement, cst.BaseStatement):
            continue
        yield statement
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            continue
        for block in _blocks_of(statement):
            yield from scope_statements(block.body)


def _blocks_of(statement: cst.BaseStatement) -> Iterator[cst.BaseSuite]:
    """The suites directly inside a compound statement, in source order."""
    if not isinstance(statement, cst.BaseCompoundStatement):
        return
    for child in statement.children:
        if isinstance(child, cst.BaseSuite):
            yield child
        elif isinstance(
            child,
            (
                cst.If,
                cst.Else,
                cst.ExceptHandler,
                cst.ExceptStarHandler,
                cst.Finally,
                cst.MatchCase,
            ),
        ):
            yield from _blocks_of(child) if isinstance(child, cst.If) else [child.body]


def body_of(scope: Scope) -> Sequence[cst.CSTNode]:
    """The statements directly in a scope (a one-line ``def f(): x`` gives its small statements)."""
    if isinstance(scope, cst.Module):
        return scope.body
    return scope.body.body


def definitions(scope: Scope) -> Iterator[Definition]:
    """The functions and classes a scope defines (also inside its if/try/with blocks)."""
    for statement in scope_statements(body_of(scope)):
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            yield statement


def nested_definitions(
    scope: Scope, prefix: str = "", outer: Definition | None = None
) -> Iterator[tuple[str, Definition, Definition | None]]:
    """Every function and class within a scope, at any depth, outermost first: its dotted name,
    the node, and the function or class it is defined in (None for one of ``scope`` itself)."""
    for definition in definitions(scope):
        name = prefix + definition.name.value
        yield name, definition, outer
        yield from nested_definitions(definition, name + ".", definition)


def find_scope(source: Source, dotted: str) -> Definition:
    """The function or class ``dotted`` names ("f", "Cls.method", "outer.inner")."""
    found = lookup_scope(source, dotted, missing_ok=False)
    assert found is not None
    return found


def lookup_scope(source: Source, dotted: str, *, missing_ok: bool = True) -> Definition | None:
    """The function or class ``dotted`` names; None where there is none (with ``missing_ok``);
    OpError where a part of it is defined more than once."""
    scope: Scope = source.module
    parts = dotted.split(".")
    for depth, part in enumerate(parts):
        found = [node for node in definitions(scope) if node.name.value == part]
        named = ".".join(parts[: depth + 1])
        if not found and missing_ok:
            return None
        if not found:
            raise OpError(f"no function or class `{named}` in {source.path}{_near(source, named)}")
        if len(found) > 1:
            raise OpError(
                f"`{named}` is defined {len(found)} times in {source.path} "
                f"({lines_text([source.line(node) for node in found])}): "
                "the operation cannot tell which"
            )
        scope = found[0]
    assert not isinstance(scope, cst.Module)
    return scope


def has_scope(source: Source, dotted: str) -> bool:
    """Whether ``dotted`` names exactly one function or class of ``source``."""
    try:
        find_scope(source, dotted)
    except OpError:
        return False
    return True


def scope_of(source: Source, function: str | None) -> Scope:
    """The module for ``None``, else the function or class ``function`` names."""
    return source.module if function is None else find_scope(source, function)


def scope_name(function: str | None) -> str:
    """A scope for messages: "in `f`" or "at module level" (as ``find_statement``'s where)."""
    return "at module level" if function is None else f"in `{function}`"


def _near(source: Source, dotted: str) -> str:
    names = [name for name, _, _ in nested_definitions(source.module)]
    last = dotted.split(".")[-1]
    near = [name for name in names if name.split(".")[-1] == last and name != dotted]
    near += [
        name
        for name in difflib.get_close_matches(dotted, names, n=3, cutoff=0.6)
        if name not in near
    ]
    if near:
        return f"; did you mean {' or '.join(f'`{name}`' for name in near[:3])}?"
    top = [name for name in names if "." not in name]
    if top:
        shown = ", ".join(f"`{name}`" for name in top[:8]) + (", ..." if len(top) > 8 else "")
        return f" (it defines {shown})"
    return " (it defines no functions or classes)"


# --- statements --------------------------------------------------------------------------------


def all_statements(scope: Scope) -> Iterator[cst.BaseStatement]:
    """Every statement within a scope, at any depth (nested functions and classes entered)."""
    yield from _all_in(body_of(scope))


def _all_in(body: Sequence[cst.CSTNode]) -> Iterator[cst.BaseStatement]:
    for statement in body:
        if not isinstance(statement, cst.BaseStatement):
            continue
        yield statement
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            yield from all_statements(statement)
        else:
            for block in _blocks_of(statement):
                yield from _all_in(block.body)


def find_statement(source: Source, scope: Scope, text: str, *, where: str) -> cst.BaseStatement:
    """The one statement in ``scope`` (at any depth) whose source contains ``text``, whitespace
    collapsed; of statements nested in each other, the innermost. ``where`` names the scope."""
    wanted = collapse(text)
    if not wanted:
        raise OpError("the statement to find is empty: quote some of its text")
    matches = [
        statement
        for statement in all_statements(scope)
        if wanted in collapse(source.code(statement))
    ]
    inner = [
        statement
        for statement in matches
        if not any(other is not statement and _contains(statement, other) for other in matches)
    ]
    if len(inner) == 1:
        found = inner[0]
        for suite in _blocks_of(found):
            if isinstance(suite, cst.SimpleStatementSuite) and wanted in collapse(
                source.module.code_for_node(suite)
            ):
                header = collapse(
                    source.code(found).replace(source.module.code_for_node(suite), " ")
                )
                if wanted not in header:
                    raise OpError(
                        f"{quoted(text)} is in the one-line body at line {source.line(found)} of "
                        f"{source.path}: put that body on lines of its own first, or quote the "
                        "statement's first line to mean all of it"
                    )
        return found
    if not inner:
        raise OpError(
            f"no statement {where} of {source.path} contains {quoted(text)}: "
            "quote its text as it is written"
        )
    raise OpError(
        f"{len(inner)} statements {where} of {source.path} contain {quoted(text)} "
        f"({lines_text([source.line(statement) for statement in inner])}): "
        "quote more of the one you mean"
    )


def _contains(outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
    if outer is inner:
        return True
    return any(_contains(child, inner) for child in outer.children)


def is_docstring(statement: cst.CSTNode) -> bool:
    """Whether a statement is a string on its own (a docstring where it comes first)."""
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def is_future_import(statement: cst.CSTNode) -> bool:
    """Whether a statement is a line of ``from __future__ import ...``."""
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and bool(statement.body)
        and all(
            isinstance(small, cst.ImportFrom)
            and not small.relative
            and isinstance(small.module, cst.Name)
            and small.module.value == "__future__"
            for small in statement.body
        )
    )


def ends_flow(statement: cst.CSTNode) -> str | None:
    """'return' or 'raise' when a statement (or a small one) ends with one: what follows it
    would not run."""
    last: cst.CSTNode = statement
    if isinstance(statement, cst.SimpleStatementLine) and statement.body:
        last = statement.body[-1]
    if isinstance(last, cst.Return):
        return "return"
    if isinstance(last, cst.Raise):
        return "raise"
    return None


# --- code an operation carries -----------------------------------------------------------------


def parse_expression(text: str, what: str) -> cst.BaseExpression:
    """``text`` as a Python expression, exactly as written (outer whitespace aside)."""
    try:
        return cst.parse_expression(text.strip())
    except cst.ParserSyntaxError:
        raise OpError(f"{what} {quoted(text)} is not a Python expression") from None


def parse_statements(code: str, what: str) -> list[cst.BaseStatement]:
    """``code`` as one or more Python statements, as written (a common indentation removed);
    comments above a statement stay with it."""
    try:
        module = cst.parse_module(textwrap.dedent(code).strip("\n") + "\n")
    except cst.ParserSyntaxError as error:
        raise OpError(
            f"{what} {quoted(code)} does not parse at its line {error.raw_line} "
            f"({error.message.rstrip('.')})"
        ) from None
    statements = list(module.body)
    if not statements:
        raise OpError(f"{what} {quoted(code)} holds no statement")
    if any(line.comment for line in module.footer):
        raise OpError(f"{what} {quoted(code)} ends with a comment: put comments above a statement")
    statements[0] = statements[0].with_changes(
        leading_lines=[*_trimmed(module.header), *statements[0].leading_lines]
    )
    return statements


def _trimmed(lines: Sequence[cst.EmptyLine]) -> list[cst.EmptyLine]:
    start = next((index for index, line in enumerate(lines) if line.comment), len(lines))
    return list(lines[start:])


# --- editing a body ----------------------------------------------------------------------------

_BLANK = cst.EmptyLine(indent=False)


def blank_prefix(statement: cst.CSTNode) -> tuple[list[cst.EmptyLine], list[cst.EmptyLine]]:
    """A statement's leading lines split in two: the blank lines first, then the rest (the
    comments above it, which belong to it)."""
    lines = list(getattr(statement, "leading_lines", ()))
    count = next((index for index, line in enumerate(lines) if line.comment), len(lines))
    return lines[:count], lines[count:]


def _with_lines(statement: cst.BaseStatement, lines: Sequence[cst.EmptyLine]) -> cst.BaseStatement:
    return statement.with_changes(leading_lines=list(lines))


def _is_definition(statement: cst.CSTNode) -> bool:
    return isinstance(statement, (cst.FunctionDef, cst.ClassDef))


def _spaced(
    before: cst.CSTNode | None, statement: cst.BaseStatement, blank: int
) -> cst.BaseStatement:
    """``statement`` with at least ``blank`` blank lines above it where it or the statement
    before it is a function or class (PEP 8)."""
    if before is None or not (_is_definition(before) or _is_definition(statement)):
        return statement
    blanks, rest = blank_prefix(statement)
    if len(blanks) >= blank:
        return statement
    return _with_lines(statement, [*[_BLANK] * blank, *rest])


class _BodyEdit(cst.CSTTransformer):
    """Rewrites the body of the one block (a module or an indented block) ``owner`` with
    ``edit(body, owner_is_module)``."""

    def __init__(
        self, owner: cst.CSTNode, edit: Callable[[list[cst.BaseStatement], bool], list]
    ) -> None:
        super().__init__()
        self.owner = owner
        self.edit = edit
        self.done = False

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        if original_node is self.owner:
            self.done = True
            return updated_node.with_changes(body=self.edit(list(updated_node.body), True))
        return updated_node

    def leave_IndentedBlock(
        self, original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        if original_node is self.owner:
            self.done = True
            body = self.edit(list(updated_node.body), False)
            return updated_node.with_changes(body=body or [cst.SimpleStatementLine([cst.Pass()])])
        return updated_node


def _edit_block(
    module: cst.Module, owner: cst.CSTNode, edit: Callable[[list, bool], list]
) -> cst.Module:
    transformer = _BodyEdit(owner, edit)
    result = module.visit(transformer)
    assert transformer.done, "the block to edit is not in the module"
    assert isinstance(result, cst.Module)
    return result


def block_holding(module: cst.Module, statement: cst.BaseStatement) -> cst.CSTNode:
    """The module or indented block whose body holds ``statement``."""
    found: list[cst.CSTNode] = []

    class Finder(cst.CSTVisitor):
        def visit_Module(self, node: cst.Module) -> bool:
            if any(child is statement for child in node.body):
                found.append(node)
            return True

        def visit_IndentedBlock(self, node: cst.IndentedBlock) -> bool:
            if any(child is statement for child in node.body):
                found.append(node)
            return not found

    module.visit(Finder())
    assert found, "the statement is not in the module"
    return found[0]


def insert_statements(
    module: cst.Module,
    owner: cst.CSTNode,
    index: int,
    new: Sequence[cst.BaseStatement],
    *,
    follows: bool = False,
) -> cst.Module:
    """``new`` inserted into the body of ``owner`` (the module or an indented block) at
    ``index``: the blank lines above the statement that was there go above the new ones (with
    ``follows``, new code that follows the statement before it, they stay where they are, below
    it), its comments stay with it; functions and classes keep PEP 8's blank lines around them."""

    def edit(body: list[cst.BaseStatement], at_module: bool) -> list[cst.BaseStatement]:
        blank = 2 if at_module else 1
        added = list(new)
        following = body[index] if index < len(body) else None
        if following is not None and not follows:
            blanks, rest = blank_prefix(following)
            added[0] = _with_lines(added[0], [*blanks, *added[0].leading_lines])
            following = _with_lines(following, rest)
        previous = body[index - 1] if index > 0 else None
        added[0] = _spaced(previous, added[0], blank)
        tail = [following] if following is not None else []
        if tail:
            tail[0] = _spaced(added[-1], tail[0], blank)
        return [*body[:index], *added, *tail, *body[index + 1 :]]

    return _edit_block(module, owner, edit)


def insert_around(
    module: cst.Module, anchor: cst.BaseStatement, new: Sequence[cst.BaseStatement], *, after: bool
) -> cst.Module:
    """``new`` inserted just before or just after ``anchor``, in the block that holds it: next to
    the anchor, so the blank lines between it and its neighbour on the other side stay there."""
    owner = block_holding(module, anchor)
    index = next(index for index, child in enumerate(owner.body) if child is anchor)  # type: ignore[attr-defined]
    return insert_statements(module, owner, index + 1 if after else index, new, follows=after)


def remove_statement(module: cst.Module, statement: cst.BaseStatement) -> cst.Module:
    """``statement`` removed with the comments above it; the blank lines above it stay unless
    the next statement has its own; an emptied block gets ``pass``."""
    owner = block_holding(module, statement)

    def edit(body: list[cst.BaseStatement], at_module: bool) -> list[cst.BaseStatement]:
        index = next(index for index, child in enumerate(owner.body) if child is statement)  # type: ignore[attr-defined]
        rest = body[:index] + body[index + 1 :]
        if index < len(rest):
            blanks, _ = blank_prefix(body[index])
            own_blanks, own_rest = blank_prefix(rest[index])
            rest[index] = _with_lines(rest[index], [*max(blanks, own_blanks, key=len), *own_rest])
        return rest

    return _edit_block(module, owner, edit)


def replace_statement(
    module: cst.Module, statement: cst.BaseStatement, replacement: cst.BaseStatement
) -> cst.Module:
    """``statement`` replaced by ``replacement``, which takes the lines above it."""
    owner = block_holding(module, statement)

    def edit(body: list[cst.BaseStatement], at_module: bool) -> list[cst.BaseStatement]:
        index = next(index for index, child in enumerate(owner.body) if child is statement)  # type: ignore[attr-defined]
        body[index] = _with_lines(replacement, body[index].leading_lines)
        return body

    return _edit_block(module, owner, edit)


def indented_body(
    module: cst.Module, scope: cst.FunctionDef | cst.ClassDef
) -> tuple[cst.Module, cst.IndentedBlock]:
    """The module with ``scope``'s one-line body (``def f(): pass``) made an indented block,
    and that block; a scope already indented is returned as it is."""
    if isinstance(scope.body, cst.IndentedBlock):
        return module, scope.body
    suite = scope.body
    assert isinstance(suite, cst.SimpleStatementSuite)
    block = cst.IndentedBlock(
        body=[
            cst.SimpleStatementLine(body=suite.body, trailing_whitespace=suite.trailing_whitespace)
        ]
    )
    new_scope = scope.with_changes(body=block)
    result = module.deep_replace(scope, new_scope)
    assert isinstance(result, cst.Module)
    return result, block

"""Wrap a statement in try/except: the statement holding a quoted text becomes the body of a
``try`` whose handler catches the exception named."""

from __future__ import annotations

import dataclasses
import keyword
from collections.abc import Mapping

import libcst as cst

from specdraft.ops import Operation, OpError, register
from specdraft.ops.locate import (
    collapse,
    find_statement,
    parse_expression,
    parse_statements,
    quoted,
    replace_statement,
    scope_name,
    scope_of,
)
from specdraft.ops.statements import statement_file


@register
@dataclasses.dataclass(frozen=True)
class WrapInTry(Operation):
    """``try: <statement> except <exception> [as name]: <handler>``, in place of the statement
    holding ``statement`` (its text) in ``function`` (None: the module)."""

    kind = "wrap_try"
    statement: str
    exception: str
    name: str | None = None
    handler: str = "pass"
    function: str | None = None
    path: str | None = None

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        caught = parse_expression(self.exception, "the exception")
        if isinstance(caught, cst.Tuple) and not caught.lpar:
            caught = caught.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        if self.name is not None and (not self.name.isidentifier() or keyword.iskeyword(self.name)):
            raise OpError(f"the `as` name {self.name!r} is not a Python name")
        handler = parse_statements(self.handler, "the handler")
        source = statement_file(files, self.path, self.function, self.statement)
        found = find_statement(
            source, scope_of(source, self.function), self.statement, where=scope_name(self.function)
        )
        wrapped = cst.Try(
            body=cst.IndentedBlock(body=[found.with_changes(leading_lines=())]),
            handlers=[
                cst.ExceptHandler(
                    body=cst.IndentedBlock(body=handler),
                    type=caught,
                    name=cst.AsName(name=cst.Name(self.name)) if self.name else None,
                )
            ],
        )
        return source.changed(replace_statement(source.module, found, wrapped))

    def describe(self) -> str:
        return f"wrap {quoted(self.statement)} in try/except {collapse(self.exception)}"

"""Add (or replace) the docstring of a function, a class or the module: triple double quotes,
one line when the text is one line, else its lines indented to the body."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from collections.abc import Mapping

import libcst as cst

from specdraft.ops import Operation, OpError, register
from specdraft.ops.locate import (
    blank_prefix,
    body_of,
    choose_file,
    has_scope,
    indented_body,
    insert_statements,
    is_docstring,
    quoted,
    replace_statement,
    scope_of,
)


@register
@dataclasses.dataclass(frozen=True)
class AddDocstring(Operation):
    """Give ``target`` (a function or class, dotted; None: the module) the docstring ``text``;
    one already there is an error unless ``replace``."""

    kind = "add_docstring"
    text: str
    target: str | None = None
    replace: bool = False
    path: str | None = None

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        text = inspect.cleandoc(self.text)
        if not text.strip():
            raise OpError("the docstring is empty: give its text")
        if self.target is None:
            source = choose_file(files, self.path, what="the module to document")
        else:
            target = self.target
            source = choose_file(
                files, self.path, what=f"`{target}`", test=lambda source: has_scope(source, target)
            )
        scope = scope_of(source, self.target)
        module = source.module
        newline = module.default_newline
        if isinstance(scope, cst.Module):
            literal = docstring_literal(text, "", newline)
            body: list[cst.BaseStatement] = list(module.body)
            block: cst.CSTNode = module
        else:
            unit = scope.body.indent if isinstance(scope.body, cst.IndentedBlock) else None
            line = source.text.splitlines()[source.line(scope) - 1]
            outer = line[: len(line) - len(line.lstrip())]
            indent = outer + (unit if unit is not None else module.default_indent)
            literal = docstring_literal(text, indent, newline)
            module, block = indented_body(module, scope)
            body = list(block.body)  # type: ignore[attr-defined]
        docstring = cst.SimpleStatementLine(body=[cst.Expr(cst.SimpleString(literal))])
        if body and is_docstring(body[0]):
            if not self.replace:
                raise OpError(
                    f"{self._named()} has a docstring already (line {source.line(body_of(scope)[0])}): "
                    "say replace to rewrite it"
                )
            return source.changed(replace_statement(module, body[0], docstring))
        if isinstance(scope, cst.Module):
            return source.changed(_module_with_docstring(module, docstring))
        return source.changed(insert_statements(module, block, 0, [docstring]))

    def _named(self) -> str:
        return "the module" if self.target is None else f"`{self.target}`"

    def describe(self) -> str:
        verb = "set the docstring of" if self.replace else "add a docstring to"
        return f"{verb} {self._named()}: {quoted(self.text)}"


def docstring_literal(text: str, indent: str, newline: str) -> str:
    """``text`` as a triple-double-quoted literal: one line, or its lines after the first
    indented by ``indent`` with the closing quotes on a line of their own."""
    escaped = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    lines = escaped.split("\n")
    if len(lines) == 1:
        if escaped.endswith('"'):
            escaped = escaped[:-1] + '\\"'
        literal = f'"""{escaped}"""'
    else:
        rest = [indent + line if line.strip() else "" for line in lines[1:]]
        literal = '"""' + newline.join([lines[0], *rest]) + newline + indent + '"""'
    try:
        readable = inspect.cleandoc(ast.literal_eval(literal))
    except (SyntaxError, ValueError):
        readable = None
    if readable != text:
        raise OpError(
            f"the docstring {quoted(text)} cannot be written as a plain docstring: simplify its quotes"
        )
    return literal


def _module_with_docstring(module: cst.Module, docstring: cst.SimpleStatementLine) -> cst.Module:
    """The module with ``docstring`` first (after its header comments) and a blank line after."""
    body = list(module.body)
    if body:
        blanks, rest = blank_prefix(body[0])
        docstring = docstring.with_changes(leading_lines=blanks)
        if not isinstance(body[0], cst.FunctionDef | cst.ClassDef) or len(rest) > 0:
            body[0] = body[0].with_changes(leading_lines=[cst.EmptyLine(indent=False), *rest])
        else:
            body[0] = body[0].with_changes(
                leading_lines=[cst.EmptyLine(indent=False), cst.EmptyLine(indent=False), *rest]
            )
    return module.with_changes(body=[docstring, *body])

"""Insert or delete a statement at a named place: the start or end of a scope, or before or
after the statement that holds a quoted text."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import libcst as cst

from specdraft.ops import Operation, OpError, register
from specdraft.ops.locate import (
    Source,
    body_of,
    choose_file,
    collapse,
    ends_flow,
    find_statement,
    has_scope,
    indented_body,
    insert_around,
    insert_statements,
    is_docstring,
    is_future_import,
    parse_statements,
    quoted,
    remove_statement,
    scope_name,
    scope_of,
)

WHERE = ("start", "end", "before", "after")


def statement_file(
    files: Mapping[str, str], path: str | None, function: str | None, text: str | None
) -> Source:
    """The file holding a scope (``function``) or, at module level, the quoted statement."""
    if function is not None:
        return choose_file(
            files, path, what=f"`{function}`", test=lambda source: has_scope(source, function)
        )
    if text is not None:
        wanted = collapse(text)
        return choose_file(
            files,
            path,
            what=f"the statement {quoted(text)}",
            test=lambda source: wanted in collapse(source.text),
        )
    return choose_file(files, path, what="the module to edit")


@register
@dataclasses.dataclass(frozen=True)
class InsertStatement(Operation):
    """Insert ``code`` (one or more statements) at the start or end of a scope (``function``,
    None for module level), or before or after the statement holding ``anchor``."""

    kind = "insert_statement"
    code: str
    function: str | None = None
    where: str = "end"
    anchor: str | None = None
    path: str | None = None

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        if self.where not in WHERE:
            raise OpError(f"where is one of {', '.join(WHERE)}, not {self.where!r}")
        if self.where in ("before", "after") and self.anchor is None:
            raise OpError(
                f"inserting {self.where} a statement needs the anchor: quote the statement"
            )
        if self.where in ("start", "end") and self.anchor is not None:
            raise OpError(
                f"an anchor places code before or after a statement; where={self.where!r} "
                "takes none (say where='before' or 'after', or leave out the anchor)"
            )
        new = parse_statements(self.code, "the code")
        source = statement_file(files, self.path, self.function, self.anchor)
        scope = scope_of(source, self.function)
        where = scope_name(self.function)
        if self.anchor is not None:
            anchor = find_statement(source, scope, self.anchor, where=where)
            flow = ends_flow(anchor)
            if self.where == "after" and flow:
                raise OpError(
                    f"{quoted(self.code)} would follow the {flow} at line {source.line(anchor)} "
                    f"and never run: say before the {flow}"
                )
            module = insert_around(source.module, anchor, new, after=self.where == "after")
            return source.changed(module)
        module = source.module
        if isinstance(scope, cst.Module):
            block: cst.CSTNode = module
            body = list(module.body)
        else:
            module, block = indented_body(module, scope)
            body = list(block.body)  # type: ignore[attr-defined]
        if self.where == "start":
            index = 1 if body and is_docstring(body[0]) else 0
            if isinstance(scope, cst.Module):
                while index < len(body) and is_future_import(body[index]):
                    index += 1
        else:
            index = len(body)
            flow = ends_flow(body_of(scope)[-1]) if body_of(scope) else None
            if flow and not isinstance(scope, cst.Module):
                last = body_of(scope)[-1]
                raise OpError(
                    f"{quoted(self.code)} at the end of `{self.function}` would follow the {flow} at "
                    f"line {source.line(last)} and never run: say before the {flow}"
                )
        return source.changed(insert_statements(module, block, index, new))

    def describe(self) -> str:
        place = {"start": "at the start of", "end": "at the end of"}.get(self.where)
        if place is None:
            place = f"{self.where} {quoted(self.anchor or '')} in"
        scope = "the module" if self.function is None else f"`{self.function}`"
        return f"insert {quoted(self.code)} {place} {scope}"


@register
@dataclasses.dataclass(frozen=True)
class DeleteStatement(Operation):
    """Delete the statement holding ``statement`` (its text) in ``function`` (None: the module);
    a block left empty gets ``pass``."""

    kind = "delete_statement"
    statement: str
    function: str | None = None
    path: str | None = None

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        source = statement_file(files, self.path, self.function, self.statement)
        scope = scope_of(source, self.function)
        found = find_statement(source, scope, self.statement, where=scope_name(self.function))
        return source.changed(remove_statement(source.module, found))

    def describe(self) -> str:
        scope = "" if self.function is None else f" in `{self.function}`"
        return f"delete {quoted(self.statement)}{scope}"

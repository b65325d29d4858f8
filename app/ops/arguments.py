"""Pass a keyword argument at one call: ``f(x)`` becomes ``f(x, name=value)``, in the one call to
``call`` inside ``function`` (None: the module). What threads a new parameter through to a call
("add `strict=True` to load and hand it to parse as strict=strict")."""

from __future__ import annotations

import dataclasses
import keyword
from collections.abc import Mapping

import libcst as cst

from specdraft.ops import Operation, OpError, register
from specdraft.ops.locate import lines_text, parse_expression, quoted, scope_of
from specdraft.ops.statements import statement_file


@register
@dataclasses.dataclass(frozen=True)
class AddArgument(Operation):
    """Add the keyword argument ``name=value`` to the one call of ``call`` (as the code writes the
    called name: "sorted", "csv.DictReader", "self.save") in ``function`` (None: the module)."""

    kind = "add_argument"
    call: str
    name: str
    value: str
    function: str | None = None
    path: str | None = None

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        if not self.name.isidentifier() or keyword.iskeyword(self.name):
            raise OpError(f"the keyword {self.name!r} is not a Python name")
        value = parse_expression(self.value, "the value")
        called = parse_expression(self.call, "the call")
        wanted = cst.Module(body=[]).code_for_node(called)
        source = statement_file(files, self.path, self.function, None if self.function else self.call + "(")
        scope = scope_of(source, self.function)
        calls: list[cst.Call] = []

        class Calls(cst.CSTVisitor):
            def visit_Call(self, node: cst.Call) -> None:
                if source.module.code_for_node(node.func) == wanted:
                    calls.append(node)

            def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
                return node is scope  # a call inside a nested function is not this scope's

            def visit_ClassDef(self, node: cst.ClassDef) -> bool:
                return node is scope

        scope.visit(Calls())
        where = f"`{self.function}`" if self.function else "the module's own statements"
        if not calls:
            raise OpError(f"no call of {quoted(self.call)} in {where}: name the call as the code writes it")
        if len(calls) > 1:
            lines = lines_text([source.line(call) for call in calls])
            raise OpError(f"{len(calls)} calls of {quoted(self.call)} in {where} ({lines}): which one is not said")
        (call,) = calls
        if any(arg.keyword is not None and arg.keyword.value == self.name for arg in call.args):
            raise OpError(f"the call of {quoted(self.call)} in {where} passes `{self.name}` already")
        if any(arg.star == "**" for arg in call.args):
            raise OpError(f"the call of {quoted(self.call)} in {where} passes **keywords, which may hold `{self.name}`")
        added = cst.Arg(value=value, keyword=cst.Name(self.name),
                        equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                              whitespace_after=cst.SimpleWhitespace("")))  # fmt: skip
        args = list(call.args)
        if args:
            last = args[-1]
            comma = last.comma if isinstance(last.comma, cst.Comma) else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            args[-1] = last.with_changes(comma=comma)
            if isinstance(last.comma, cst.Comma):  # a trailing comma stays trailing, after the new one
                added = added.with_changes(comma=cst.Comma(whitespace_after=last.comma.whitespace_after))
                args[-1] = last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        args.append(added)
        new_call = call.with_changes(args=args)

        class Replace(cst.CSTTransformer):
            def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
                return new_call if original is call else updated

        return source.changed(source.module.visit(Replace()))

    def describe(self) -> str:
        return f"pass `{self.name}={self.value}` to {quoted(self.call)}" + (f" in `{self.function}`" if self.function else "")

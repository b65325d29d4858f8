"""Set a value: a module constant, a class attribute or dataclass field default, a parameter's
default, a local's one assignment, or one literal inside a function."""

from __future__ import annotations

import ast
import dataclasses
import difflib
from collections.abc import Mapping
from typing import Any

import libcst as cst

from specdraft.ops import Operation, OpError, register
from specdraft.ops.locate import (
    Source,
    body_of,
    choose_file,
    collapse,
    defines,
    lines_text,
    lookup_scope,
    parse_expression,
    quoted,
    scope_name,
    scope_statements,
)

_Assignment = cst.Assign | cst.AnnAssign | cst.AugAssign


@register
@dataclasses.dataclass(frozen=True)
class SetValue(Operation):
    """Set ``target`` to ``value``. ``target``: "TAX_RATE", "Cls.ATTR", "f.param",
    "Cls.method.param", "f.local"; or a function or class with ``old``, the one literal in it
    equal to ``old``. With a constant, ``old`` (when given) must be its current value."""

    kind = "set_value"
    target: str
    value: str
    old: str | None = None
    path: str | None = None

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        parts = self.target.split(".")
        if not all(part.isidentifier() for part in parts):
            raise OpError(
                f"the target {self.target!r} is not a dotted Python name (TAX_RATE, Cls.ATTR, f.param)"
            )
        new = parse_expression(self.value, "the value")
        source = choose_file(
            files,
            self.path,
            what=f"`{self.target}`",
            test=lambda source: defines(source, self.target),
        )
        whole = lookup_scope(source, self.target)
        if whole is not None:
            if self.old is None:
                raise OpError(
                    f"`{self.target}` is a {'function' if isinstance(whole, cst.FunctionDef) else 'class'}: "
                    "to change a literal in it, give old (the literal as it is now); to set a "
                    f"parameter or a local, name it (`{self.target}.name`)"
                )
            return source.changed(_replace_literal(source, whole, self.target, self.old, new))
        owner_name, name = ".".join(parts[:-1]), parts[-1]
        owner = lookup_scope(source, owner_name, missing_ok=False) if owner_name else source.module
        if isinstance(owner, cst.FunctionDef):
            param = _parameter(owner, name)
            if param is not None:
                return source.changed(self._set_default(source, owner, param, new))
        return source.changed(self._set_assignment(source, owner, name, new))

    def _check_old(self, current: cst.BaseExpression, source: Source) -> None:
        if self.old is None:
            return
        code = source.module.code_for_node(current)
        if _value_key(code) != _value_key(self.old):
            raise OpError(
                f"{self.target} is {collapse(code)}, not {collapse(self.old)}: leave out old, or give its value as it is now"
            )

    def _set_default(
        self, source: Source, function: cst.FunctionDef, param: cst.Param, new: cst.BaseExpression
    ) -> cst.Module:
        name = param.name.value
        params = function.params
        if param is params.star_arg or param is params.star_kwarg:
            raise OpError(
                f"`{self.target}` is `{'*' if param is params.star_arg else '**'}{name}`, which cannot have a default"
            )
        if param.default is not None:
            self._check_old(param.default, source)
            return _replaced(source.module, param, param.with_changes(default=new))
        if self.old is not None:
            raise OpError(
                f"{self.target} has no default, so it is not {collapse(self.old)}: leave out old to give it one"
            )
        positional = [*params.posonly_params, *params.params]
        if any(param is other for other in positional):
            later = positional[
                next(index for index, other in enumerate(positional) if other is param) + 1 :
            ]
            lacking = [other.name.value for other in later if other.default is None]
            if lacking:
                raise OpError(
                    f"`{name}` cannot get a default: `{lacking[0]}` after it has none, and a parameter "
                    f"without a default cannot follow one with (give `{lacking[0]}` a default first)"
                )
        spaced = param.annotation is not None
        equal = (
            cst.AssignEqual()
            if spaced
            else cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""),
                whitespace_after=cst.SimpleWhitespace(""),
            )
        )
        return _replaced(source.module, param, param.with_changes(default=new, equal=equal))

    def _set_assignment(
        self, source: Source, owner: cst.CSTNode, name: str, new: cst.BaseExpression
    ) -> cst.Module:
        assert isinstance(owner, cst.Module | cst.FunctionDef | cst.ClassDef)
        found: list[tuple[cst.SimpleStatementLine, _Assignment]] = []
        for statement in scope_statements(body_of(owner)):
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, _Assignment) and _assigns(small, name):
                        found.append((statement, small))
        place = _place(owner, self.target)
        owner_name = self.target.rpartition(".")[0]
        if not found:
            what = "parameter or local" if isinstance(owner, cst.FunctionDef) else "assignment to"
            raise OpError(
                f"{place} has no {what} `{name}` in {source.path}{_others(source, owner, name)}"
            )
        if len(found) > 1:
            raise OpError(
                f"`{name}` is assigned {len(found)} times {scope_name(owner_name or None)} "
                f"({lines_text([source.line(line) for line, _ in found])}): the operation cannot tell "
                + (
                    f"which to set; set_value `{owner_name}` with old sets the one literal equal to old"
                    if isinstance(owner, cst.FunctionDef)
                    else "which to set"
                )
            )
        line, small = found[0]
        if isinstance(small, cst.AugAssign):
            operator = source.module.code_for_node(small.operator).strip()
            raise OpError(
                f"`{name}` is changed with `{operator}` at line {source.line(line)}, not set to a value: the operation cannot set it"
            )
        if isinstance(small, cst.Assign) and len(small.targets) > 1:
            raise OpError(
                f"`{name}` is set together with other names at line {source.line(line)} ({quoted(source.code(line))}): setting it alone would change them too"
            )
        current = small.value
        if current is None:
            assert isinstance(small, cst.AnnAssign)
            if self.old is not None:
                raise OpError(
                    f"{self.target} has no value, so it is not {collapse(self.old)}: leave out old to give it one"
                )
            if isinstance(owner, cst.ClassDef):
                _check_field_order(source, owner, small)
            return _replaced(
                source.module, small, small.with_changes(value=new, equal=cst.AssignEqual())
            )
        default = _field_default(current)
        if default is not None:
            self._check_old(default.value, source)
            return _replaced(source.module, default, default.with_changes(value=new))
        self._check_old(current, source)
        return _replaced(source.module, small, small.with_changes(value=new))

    def describe(self) -> str:
        if self.old is not None:
            return f"change {quoted(self.old)} to {quoted(self.value)} in `{self.target}`"
        return f"set `{self.target}` to {quoted(self.value)}"


def _replaced(module: cst.Module, old: cst.CSTNode, new: cst.CSTNode) -> cst.Module:
    result = module.deep_replace(old, new)
    assert isinstance(result, cst.Module)
    return result


def _parameter(function: cst.FunctionDef, name: str) -> cst.Param | None:
    params = function.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    for extra in (params.star_arg, params.star_kwarg):
        if isinstance(extra, cst.Param):
            every.append(extra)
    return next((param for param in every if param.name.value == name), None)


def _assigns(small: _Assignment, name: str) -> bool:
    if isinstance(small, cst.Assign):
        return any(
            isinstance(target.target, cst.Name) and target.target.value == name
            for target in small.targets
        )
    return isinstance(small.target, cst.Name) and small.target.value == name


def _place(owner: cst.CSTNode, target: str) -> str:
    if isinstance(owner, cst.Module):
        return "The module"
    kind = "class" if isinstance(owner, cst.ClassDef) else "function"
    return f"The {kind} `{target.rsplit('.', 1)[0]}`"


def _others(source: Source, owner: cst.CSTNode, name: str) -> str:
    """What the scope does assign, for a message about a name it does not."""
    assert isinstance(owner, cst.Module | cst.FunctionDef | cst.ClassDef)
    names: list[str] = []
    for statement in scope_statements(body_of(owner)):
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign):
                    names += [
                        t.target.value for t in small.targets if isinstance(t.target, cst.Name)
                    ]
                elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    names.append(small.target.value)
    if isinstance(owner, cst.FunctionDef):
        params = [
            param.name.value
            for param in (
                *owner.params.posonly_params,
                *owner.params.params,
                *owner.params.kwonly_params,
            )
        ]
        if params:
            names = params + [local for local in names if local not in params]
    unique = list(dict.fromkeys(names))
    if not unique:
        return ""
    close = difflib.get_close_matches(name, unique, n=1, cutoff=0.7)
    if close:
        return f"; did you mean `{close[0]}`?"
    shown = ", ".join(f"`{other}`" for other in unique[:8]) + (", ..." if len(unique) > 8 else "")
    return f" (it sets {shown})"


def _field_default(value: cst.BaseExpression) -> cst.Arg | None:
    """The ``default=`` argument of a dataclass ``field(...)`` call, if ``value`` is one."""
    if not isinstance(value, cst.Call):
        return None
    if _last_name(value.func) != "field":
        return None
    return next(
        (arg for arg in value.args if arg.keyword is not None and arg.keyword.value == "default"),
        None,
    )


def _last_name(node: cst.BaseExpression) -> str | None:
    """The name ``node`` ends with (``field`` of ``field`` and of ``dataclasses.field``), if any."""
    if isinstance(node, cst.Name):
        return node.value
    return node.attr.value if isinstance(node, cst.Attribute) else None


def _is_dataclass(cls: cst.ClassDef) -> bool:
    for decorator in cls.decorators:
        node = decorator.decorator
        if isinstance(node, cst.Call):
            if any(arg.keyword is not None and arg.keyword.value == "kw_only" for arg in node.args):
                return False
            node = node.func
        if _last_name(node) == "dataclass":
            return True
    return False


def _check_field_order(source: Source, cls: cst.ClassDef, field_node: cst.AnnAssign) -> None:
    """A dataclass field given a default must not come before a field without one."""
    if not _is_dataclass(cls):
        return
    seen = False
    for statement in body_of(cls):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if small is field_node:
                seen = True
            elif (
                seen
                and isinstance(small, cst.AnnAssign)
                and small.value is None
                and isinstance(small.target, cst.Name)
            ):
                if "ClassVar" in source.module.code_for_node(small.annotation.annotation):
                    continue
                raise OpError(
                    f"the dataclass field `{small.target.value}` after it has no default, and a field "
                    "without a default cannot follow one with: give it a default first"
                )


def _value_key(code: str) -> tuple[str, Any]:
    """A value to compare literals by: 30 and 30.0 alike, 'a' and "a" alike, True apart from 1;
    code that is not a literal compares by its text, whitespace collapsed."""
    try:
        value = ast.literal_eval(code.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return ("code", collapse(code))
    if isinstance(value, bool) or value is None:
        return ("constant", repr(value))
    if isinstance(value, int | float | complex):
        return ("number", value)
    return (type(value).__name__, value)


class _Literals(cst.CSTVisitor):
    """Every literal in a tree: numbers (with their sign), strings, True, False and None."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[cst.BaseExpression] = []

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> bool:
        if isinstance(node.operator, cst.Minus | cst.Plus) and isinstance(
            node.expression, cst.BaseNumber
        ):
            self.found.append(node)
            return False
        return True

    def visit_Integer(self, node: cst.Integer) -> None:
        self.found.append(node)

    def visit_Float(self, node: cst.Float) -> None:
        self.found.append(node)

    def visit_Imaginary(self, node: cst.Imaginary) -> None:
        self.found.append(node)

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        self.found.append(node)

    def visit_ConcatenatedString(self, node: cst.ConcatenatedString) -> bool:
        self.found.append(node)
        return False

    def visit_FormattedString(self, node: cst.FormattedString) -> bool:
        return False

    def visit_Name(self, node: cst.Name) -> None:
        if node.value in ("True", "False", "None"):
            self.found.append(node)


def _replace_literal(
    source: Source, scope: cst.CSTNode, target: str, old: str, new: cst.BaseExpression
) -> cst.Module:
    wanted = _value_key(old)
    if wanted[0] == "code":
        raise OpError(
            f"old {quoted(old)} is not a literal (a number, a string, True, False or None)"
        )
    visitor = _Literals()
    scope.visit(visitor)
    code = source.module.code_for_node
    matches = [node for node in visitor.found if _value_key(code(node)) == wanted]
    if not matches:
        present = list(dict.fromkeys(collapse(code(node)) for node in visitor.found))
        listed = (
            f" (its literals: {', '.join(present[:10])}{', ...' if len(present) > 10 else ''})"
            if present
            else ""
        )
        raise OpError(f"no literal equal to {collapse(old)} in `{target}`{listed}")
    if len(matches) > 1:
        raise OpError(
            f"{len(matches)} literals equal to {collapse(old)} in `{target}` "
            f"({lines_text([source.line(node) for node in matches])}): name the parameter or local "
            f"to set instead (`{target}.name`)"
        )
    return _replaced(source.module, matches[0], new)

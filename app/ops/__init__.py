"""Edits as data: a small typed vocabulary of operations that a refactoring library makes exactly.

Pure Python (libcst, rope; no torch, no textual). An operation says *what* to change (rename
`parse_tags` to `split_tags`, set `TAX_RATE` to `0.19`, add `import math`); its module makes the
change, across every file given, or raises ``OpError`` naming what did not fit (a name not found,
a place that is ambiguous). Nothing is guessed: an operation that could mean two things is an
error, never a choice.

* ``Operation``: the base of every kind, a frozen dataclass; ``kind`` is its name in JSON.
* ``apply(op, files)``: ``files`` maps repository paths to texts; the result maps each path the
  operation changed to its new text (files it did not change are left out). ``apply_all`` makes
  several in order.
* ``to_json(op)`` / ``from_json(data)``: an operation as a JSON object ``{"kind": ..., fields}``
  and back, validated (unknown kinds and fields, missing fields, wrong types are ``OpError``).
* ``KINDS``: kind name -> class. A new kind is one module with one ``@register`` class, imported
  in ``_KIND_MODULES`` below.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, TypeVar


class OpError(Exception):
    """An operation that does not fit the files: what did not fit, and what to do."""

    operation: Operation | None = None  # which one, where several were made in order (apply_all)


@dataclasses.dataclass(frozen=True)
class Operation:
    """One edit as data. Subclasses are frozen dataclasses with a ``kind`` and an ``apply``."""

    kind: ClassVar[str] = ""

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        """The new text of each file the operation changes; OpError where it does not fit."""
        raise NotImplementedError

    def describe(self) -> str:
        """The operation in a few words, as the review shows it ("rename `a` -> `b`")."""
        raise NotImplementedError


KINDS: dict[str, type[Operation]] = {}
_Op = TypeVar("_Op", bound=type[Operation])


def register(cls: _Op) -> _Op:
    """Class decorator: make ``cls`` known by its ``kind`` (to ``from_json`` and ``KINDS``)."""
    assert cls.kind and cls.kind not in KINDS, f"operation kind {cls.kind!r} is empty or registered twice"
    KINDS[cls.kind] = cls
    return cls


def apply(op: Operation, files: Mapping[str, str]) -> dict[str, str]:
    """``op`` made on ``files`` (path -> text): the changed files' new texts; OpError where it
    does not fit. A result equal to the input is an error too: an operation always changes
    something."""
    changed = {path: text for path, text in op.apply(files).items() if files.get(path) != text}
    if not changed:
        raise OpError(f"{op.describe()}: nothing to change (the files already read so)")
    return changed


def apply_all(operations: Sequence[Operation], files: Mapping[str, str]) -> dict[str, str]:
    """``operations`` made in order, each on the files as those before it left them: the final text
    of each file they changed. OpError from the first that does not fit, its ``operation`` set."""
    changed: dict[str, str] = {}
    for op in operations:
        try:
            changed.update(apply(op, {**files, **changed}))
        except OpError as error:
            error.operation = op
            raise
    return {path: text for path, text in changed.items() if files.get(path) != text}


def to_json(op: Operation) -> dict[str, Any]:
    """``op`` as a JSON object: its kind, then its fields (those at their default left out)."""
    data: dict[str, Any] = {"kind": op.kind}
    for field in dataclasses.fields(op):
        value = getattr(op, field.name)
        if field.default is not dataclasses.MISSING and value == field.default:
            continue
        if field.default_factory is not dataclasses.MISSING and value == field.default_factory():
            continue
        data[field.name] = dict(value) if isinstance(value, Mapping) else value
    return data


def from_json(data: Any) -> Operation:
    """The operation a JSON object describes, checked field by field (OpError says what is wrong)."""
    _load_kinds()
    if not isinstance(data, dict):
        raise OpError(f"an operation is a JSON object, not {type(data).__name__}")
    kind = data.get("kind")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise OpError(f"unknown operation kind {kind!r}: one of {', '.join(sorted(KINDS))}")
    hints = typing.get_type_hints(cls)
    fields = {field.name: field for field in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields) - {"kind"})
    if unknown:
        raise OpError(f"{kind}: unknown field{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} "
                      f"(fields: {', '.join(fields)})")  # fmt: skip
    values: dict[str, Any] = {}
    for name, field in fields.items():
        if name not in data:
            if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                raise OpError(f"{kind}: the field {name!r} is missing")
            continue
        values[name] = _checked(kind, name, data[name], hints[name])
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise OpError(f"{kind}: {error}") from None


def _checked(kind: str, name: str, value: Any, hint: Any) -> Any:
    """``value`` if it has the type ``hint`` (str, int, bool, None, unions, Mapping[str, str],
    tuple[str, ...]), as the field holds it; OpError otherwise."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for option in args:
            try:
                return _checked(kind, name, value, option)
            except OpError:
                continue
    elif hint is type(None):
        if value is None:
            return None
    elif hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif hint is str:
        if isinstance(value, str):
            return value
    elif origin in (Mapping, dict) or hint in (Mapping, dict):
        if isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
            return types.MappingProxyType(dict(value))
    elif origin is tuple:
        if isinstance(value, list | tuple) and all(isinstance(item, str) for item in value):
            return tuple(value)
    else:  # pragma: no cover - a field type this codec does not know: a programming error
        raise AssertionError(f"{kind}.{name}: no JSON reading for the type {hint!r}")
    raise OpError(f"{kind}: the field {name!r} must be {_type_name(hint)}, not {json_type(value)}")


def _type_name(hint: Any) -> str:
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return " or ".join(_type_name(option) for option in args)
    return {str: "a string", int: "an integer", bool: "true or false", type(None): "null"}.get(
        hint, "an object of strings" if "Mapping" in repr(hint) or "dict" in repr(hint) else "a list of strings")


def json_type(value: Any) -> str:
    """The JSON name of a Python value's type, for messages."""
    return {bool: "true/false", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)  # fmt: skip


_KIND_MODULES = ("rename", "parameters", "arguments", "values", "imports", "statements", "wrap", "hints", "docstrings")


def _load_kinds() -> None:
    """Import every kind's module once, so that each registers itself."""
    for module in _KIND_MODULES:
        importlib.import_module(f"{__name__}.{module}")


def tool_schemas() -> list[dict[str, Any]]:
    """Every kind as an OpenAI-style tool (a function whose parameters are its fields, as a JSON
    schema), so that a model server can answer with operations: a tool call named by the kind,
    whose arguments ``from_json`` reads."""
    _load_kinds()
    tools = []
    for kind, cls in sorted(KINDS.items()):
        hints = typing.get_type_hints(cls)
        properties: dict[str, Any] = {}
        required = []
        for field in dataclasses.fields(cls):
            properties[field.name] = _json_schema(hints[field.name])
            if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                required.append(field.name)
        summary = " ".join((cls.__doc__ or kind).strip().split("\n\n")[0].split())
        tools.append({"type": "function", "function": {
            "name": kind, "description": summary,
            "parameters": {"type": "object", "properties": properties, "required": required, "additionalProperties": False},
        }})  # fmt: skip
    return tools


def _json_schema(hint: Any) -> dict[str, Any]:
    """The JSON schema of a field type that ``_checked`` reads."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = [_json_schema(option) for option in args]
        return {"anyOf": options}
    if hint is type(None):
        return {"type": "null"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is str:
        return {"type": "string"}
    if origin in (Mapping, dict) or hint in (Mapping, dict):
        return {"type": "object", "additionalProperties": {"type": "string"}}
    if origin is tuple:
        return {"type": "array", "items": {"type": "string"}}
    raise AssertionError(f"no JSON schema for the type {hint!r}")  # pragma: no cover - a programming error

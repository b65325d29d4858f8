"""Add type hints: a source before, the operation, the exact source after (modules written for
these tests)."""

from __future__ import annotations

import textwrap
import types

import pytest

from specdraft.ops import OpError, apply, from_json, to_json
from specdraft.ops.hints import AddTypeHints


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def check(op: AddTypeHints, before: str, after: str) -> None:
    assert apply(op, {"m.py": src(before)}) == {"m.py": src(after)}


def test_parameters_and_return_annotated_defaults_get_spaces_around_the_equals():
    check(
        AddTypeHints("scale", {"values": "list[float]", "factor": "float"}, returns="list[float]"),
        """
        def scale(values, factor=2.0):
            return [value * factor for value in values]
        """,
        """
        def scale(values: list[float], factor: float = 2.0) -> list[float]:
            return [value * factor for value in values]
        """,
    )


def test_existing_hints_are_replaced_and_star_parameters_annotated():
    check(
        AddTypeHints("Log.write", {"*parts": "str", "options": "Any", "sep": "str"}, returns="int"),
        """
        class Log:
            def write(self, *parts, sep: bytes = b" ", **options) -> None:
                pass
        """,
        """
        class Log:
            def write(self, *parts: str, sep: str = b" ", **options: Any) -> int:
                pass
        """,
    )


def test_only_the_return():
    check(
        AddTypeHints("ready", returns="bool"),
        """
        async def ready(): return True
        """,
        """
        async def ready() -> bool: return True
        """,
    )


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (
            AddTypeHints("scale"),
            "no type hints given for `scale`: give parameters, returns or both",
        ),
        (
            AddTypeHints("scale", {"value": "int"}),
            r"`scale` has no parameter `value` \(its parameters: `values`, `factor`\)",
        ),
        (
            AddTypeHints("scal", returns="int"),
            "no function or class `scal` in m.py; did you mean `scale`",
        ),
        (AddTypeHints("Box", returns="int"), "`Box` is a class, not a function"),
        (
            AddTypeHints("scale", {"values": "list["}),
            "the hint for `values` `list\\[` is not a Python expression",
        ),
        (AddTypeHints("scale", returns="int", path="n.py"), "n.py is not among the files given"),
    ],
)
def test_errors(op: AddTypeHints, message: str):
    before = src("""
        class Box:
            pass


        def scale(values, factor=2.0):
            return values
        """)
    with pytest.raises(OpError, match=message):
        apply(op, {"m.py": before})


def test_describe_and_json_round_trip():
    op = AddTypeHints("scale", {"values": "list[float]"}, returns="None")
    assert op.describe() == "add type hints to `scale` (values: list[float], -> None)"
    assert isinstance(op.parameters, types.MappingProxyType)
    data = to_json(op)
    assert data == {
        "kind": "add_type_hints",
        "function": "scale",
        "parameters": {"values": "list[float]"},
        "returns": "None",
    }
    assert from_json(data) == op
    assert to_json(AddTypeHints("f", returns="int")) == {
        "kind": "add_type_hints",
        "function": "f",
        "returns": "int",
    }
    assert from_json({"kind": "add_type_hints", "function": "f", "returns": "int"}) == AddTypeHints(
        "f", returns="int"
    )

"""add_argument: a keyword argument passed at the one call of a name in a function."""

from __future__ import annotations

import textwrap

import pytest

from specdraft.ops import OpError, apply, from_json, to_json
from specdraft.ops.arguments import AddArgument

MODULE = textwrap.dedent('''\
    import csv


    def load(path, delimiter=","):
        with open(path) as handle:
            rows = list(csv.DictReader(handle))
        return sorted(
            rows,
            key=len,
        )


    def other():
        return csv.DictReader([])
    ''')


def test_the_keyword_goes_after_the_last_argument():
    after = apply(AddArgument(call="csv.DictReader", name="delimiter", value="delimiter", function="load"), {"m.py": MODULE})
    assert after == {"m.py": MODULE.replace("csv.DictReader(handle)", "csv.DictReader(handle, delimiter=delimiter)")}


def test_a_trailing_comma_stays_trailing():
    after = apply(AddArgument(call="sorted", name="reverse", value="True", function="load"), {"m.py": MODULE})["m.py"]
    assert "        key=len, reverse=True,\n    )" in after


def test_a_call_with_no_arguments():
    after = apply(AddArgument(call="csv.DictReader", name="strict", value="True", function="other"), {"m.py": MODULE})["m.py"]
    assert "csv.DictReader([], strict=True)" in after


@pytest.mark.parametrize(("operation", "message"), [
    (AddArgument(call="json.loads", name="x", value="1", function="load"), "no call of `json.loads` in `load`"),
    (AddArgument(call="csv.DictReader", name="handle", value="1"), "no call of `csv.DictReader` in the module's own statements"),
    (AddArgument(call="sorted", name="key", value="str", function="load"), "passes `key` already"),
    (AddArgument(call="sorted", name="2x", value="1", function="load"), "is not a Python name"),
])  # fmt: skip
def test_what_does_not_fit_is_said(operation, message):
    with pytest.raises(OpError, match=message):
        apply(operation, {"m.py": MODULE})


def test_two_calls_are_not_guessed_between():
    twice = MODULE.replace("    return csv.DictReader([])", "    csv.DictReader([])\n    return csv.DictReader([])")
    with pytest.raises(OpError, match=r"2 calls of `csv.DictReader` in `other` \(lines 14 and 15\)"):
        apply(AddArgument(call="csv.DictReader", name="x", value="1", function="other"), {"m.py": twice})


def test_json_both_ways():
    operation = AddArgument(call="sorted", name="reverse", value="reverse", function="load", path="m.py")
    assert from_json(to_json(operation)) == operation
    assert to_json(operation)["kind"] == "add_argument"


def test_apply_all_makes_each_on_what_the_ones_before_left_and_names_the_one_that_does_not_fit():
    from specdraft.ops import apply_all
    from specdraft.ops.rename import Rename

    first = Rename(old="load", new="read_rows")
    passed = AddArgument(call="sorted", name="reverse", value="True", function="read_rows")  # the name the first made
    after = apply_all([first, passed], {"m.py": MODULE})["m.py"]
    assert "def read_rows(" in after and "key=len, reverse=True," in after
    stale = AddArgument(call="sorted", name="reverse", value="True", function="load")  # gone once renamed
    with pytest.raises(OpError) as raised:
        apply_all([first, stale], {"m.py": MODULE})
    assert raised.value.operation is stale

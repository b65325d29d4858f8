"""Set a value: a source before, the operation, the exact source after (modules written for
these tests)."""

from __future__ import annotations

import textwrap

import pytest

from specdraft.ops import OpError, apply, from_json, to_json
from specdraft.ops.values import SetValue


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def check(op: SetValue, before: str, after: str) -> None:
    assert apply(op, {"m.py": src(before)}) == {"m.py": src(after)}


BILLING = """
    from dataclasses import dataclass, field

    TAX_RATE = 0.2  # the standard rate
    RETRIES: int = 3


    @dataclass
    class Invoice:
        CURRENCY = "EUR"
        lines: list = field(default_factory=list)
        discount: float = field(default=0.0, repr=False)
        note: str = ""


    def total(price, qty, *, rate=TAX_RATE, rounding: int=2):
        timeout = 30
        label = 'sum'
        return round(price * qty * (1 + rate), rounding) if timeout > 10 else -1
    """


def after(old: str, new: str) -> str:
    """BILLING with one line changed (the line must be there exactly once)."""
    assert BILLING.count(old) == 1
    return BILLING.replace(old, new)


@pytest.mark.parametrize(
    ("op", "old", "new"),
    [
        (SetValue("TAX_RATE", "0.19"), "TAX_RATE = 0.2  #", "TAX_RATE = 0.19  #"),
        (SetValue("RETRIES", "5"), "RETRIES: int = 3", "RETRIES: int = 5"),
        (SetValue("Invoice.CURRENCY", "'USD'"), 'CURRENCY = "EUR"', "CURRENCY = 'USD'"),
        (SetValue("Invoice.note", '"none"'), 'note: str = ""', 'note: str = "none"'),
        (
            SetValue("Invoice.discount", "0.1"),
            "field(default=0.0, repr=False)",
            "field(default=0.1, repr=False)",
        ),
        (SetValue("total.rate", "0.25"), "rate=TAX_RATE,", "rate=0.25,"),
        (SetValue("total.rounding", "3"), "rounding: int=2", "rounding: int=3"),
        (SetValue("total.timeout", "45"), "timeout = 30", "timeout = 45"),
        (SetValue("total", "60", old="30"), "timeout = 30", "timeout = 60"),
        (SetValue("total", '"total"', old='"sum"'), "label = 'sum'", 'label = "total"'),
        (SetValue("total", "0", old="-1"), "else -1", "else 0"),
        (SetValue("TAX_RATE", "0.19", old="0.20"), "TAX_RATE = 0.2  #", "TAX_RATE = 0.19  #"),
        (SetValue("total.timeout", "45", old="30.0"), "timeout = 30", "timeout = 45"),
    ],
)
def test_set(op: SetValue, old: str, new: str):
    check(op, BILLING, after(old, new))


def test_a_parameter_without_a_default_gets_one_where_that_stays_valid():
    before = """
        def send(to, body, retries, *, timeout, verbose: bool):
            pass


        class Mailer:
            def send(self, to, cc=None):
                pass
        """
    check(SetValue("send.retries", "3"), before, before.replace("retries,", "retries=3,"))
    check(SetValue("send.timeout", "10"), before, before.replace("timeout,", "timeout=10,"))
    check(
        SetValue("send.verbose", "False"),
        before,
        before.replace("verbose: bool", "verbose: bool = False"),
    )
    check(SetValue("Mailer.send.cc", "()"), before, before.replace("cc=None", "cc=()"))
    with pytest.raises(OpError, match="`to` cannot get a default: `body` after it has none"):
        apply(SetValue("send.to", "None"), {"m.py": src(before)})


def test_a_dataclass_field_without_a_default_gets_one_unless_a_field_after_it_has_none():
    before = """
        @dataclass
        class Point:
            x: int
            y: int
            label: ClassVar[str]
        """
    check(SetValue("Point.y", "0"), before, before.replace("y: int", "y: int = 0"))
    with pytest.raises(OpError, match="the dataclass field `y` after it has no default"):
        apply(SetValue("Point.x", "0"), {"m.py": src(before)})


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (SetValue("TAX_RATE", "0.19", old="0.25"), r"^TAX_RATE is 0.2, not 0.25"),
        (SetValue("total.rate", "1", old="0.2"), "total.rate is TAX_RATE, not 0.2"),
        (
            SetValue("TAXRATE", "1"),
            "The module has no assignment to `TAXRATE` in m.py; did you mean `TAX_RATE`",
        ),
        (SetValue("Invoice.VAT", "1"), "The class `Invoice` has no assignment to `VAT`"),
        (
            SetValue("total.tmeout", "1"),
            "The function `total` has no parameter or local `tmeout`.*did you mean `timeout`",
        ),
        (
            SetValue("Invoce.CURRENCY", "1"),
            "no function or class `Invoce` in m.py; did you mean `Invoice`",
        ),
        (SetValue("total", "1"), "`total` is a function: to change a literal in it, give old"),
        (
            SetValue("total", "1", old="7"),
            r"no literal equal to 7 in `total` \(its literals: 2, 30, 'sum', 1, 10, -1\)",
        ),
        (SetValue("total", "1", old="x + 1"), "old `x \\+ 1` is not a literal"),
        (SetValue("total.rate", "1 +"), "the value `1 \\+` is not a Python expression"),
        (SetValue("total rate", "1"), "is not a dotted Python name"),
    ],
)
def test_errors(op: SetValue, message: str):
    with pytest.raises(OpError, match=message):
        apply(op, {"m.py": src(BILLING)})


def test_several_assignments_or_literals_are_ambiguous():
    before = src("""
        LIMIT = 10
        if FAST:
            LIMIT = 20


        def f(n):
            step = 1
            step += n
            return n * 2 + 2


        def g():
            a = b = 3
            c = 4
            c *= 2
        """)
    with pytest.raises(
        OpError, match=r"`LIMIT` is assigned 2 times at module level \(lines 1 and 3\)"
    ):
        apply(SetValue("LIMIT", "5"), {"m.py": before})
    with pytest.raises(OpError, match=r"`step` is assigned 2 times in `f` \(lines 7 and 8\)"):
        apply(SetValue("f.step", "5"), {"m.py": before})
    with pytest.raises(
        OpError, match=r"2 literals equal to 2 in `f` \(line 9\): name the parameter or local"
    ):
        apply(SetValue("f", "3", old="2"), {"m.py": before})
    with pytest.raises(OpError, match="`a` is set together with other names at line 13"):
        apply(SetValue("g.a", "5"), {"m.py": before})
    with pytest.raises(OpError, match="`n` has no default, so it is not 1|f.n has no default"):
        apply(SetValue("f.n", "5", old="1"), {"m.py": before})


def test_the_file_is_the_one_that_defines_the_name():
    given = {"config.py": "DEBUG = False\n", "app.py": "import config\n\nprint(config.DEBUG)\n"}
    assert apply(SetValue("DEBUG", "True"), given) == {"config.py": "DEBUG = True\n"}
    with pytest.raises(OpError, match="no file given holds `VERBOSE`"):
        apply(SetValue("VERBOSE", "True"), given)
    twice = {"a.py": "DEBUG = 1\n", "b.py": "DEBUG = 2\n"}
    with pytest.raises(OpError, match="`DEBUG` is in a.py, b.py: say which with path"):
        apply(SetValue("DEBUG", "3"), twice)
    assert apply(SetValue("DEBUG", "3", path="b.py"), twice) == {"b.py": "DEBUG = 3\n"}


def test_setting_the_value_it_has_is_an_error():
    with pytest.raises(OpError, match="nothing to change"):
        apply(SetValue("TAX_RATE", "0.2"), {"m.py": src(BILLING)})


def test_describe():
    assert SetValue("TAX_RATE", "0.19").describe() == "set `TAX_RATE` to `0.19`"
    assert SetValue("total", "60", old="30").describe() == "change `30` to `60` in `total`"


@pytest.mark.parametrize(
    "op", [SetValue("TAX_RATE", "0.19"), SetValue("total", "60", old="30", path="m.py")]
)
def test_json_round_trip(op: SetValue):
    data = to_json(op)
    assert data["kind"] == "set_value"
    assert from_json(data) == op

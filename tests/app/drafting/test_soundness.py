"""A model's text edit that leaves a Python file broken is told apart from a sound one, and no sound
draft is held back (specdraft.drafting.edits.soundness)."""

from __future__ import annotations

import pytest

from specdraft.drafting.edits.soundness import broken, broken_pieces

AREA = "import math\nimport os\n\n\ndef area(r):\n    return math.pi * r * r\n\n\ndef label(r):\n    return f'{area(r):.1f}'\n"


@pytest.mark.parametrize(
    ("after", "says"),
    [
        (AREA.replace("def area(r):", "def area r):"), "does not parse as Python (line 5"),
        (AREA.replace("def label(r):", "def big label(r):"), "does not parse"),
        (AREA.replace("import math\n", ""), "`math` used where nothing in the file defines or imports it"),
        (AREA.replace("def area(", "def surface("), "`area` used"),  # the def renamed, not its call
        (AREA.replace("return math.pi", "return rounded(math.pi"), "does not parse"),  # an unclosed call first
        (AREA.replace("return math.pi * r * r", "return scale(math.pi * r * r)"), "`scale` used"),
    ],
)
def test_a_draft_that_breaks_the_file_says_how(after, says):
    reason = broken(AREA, after, "geometry.py")
    assert reason is not None and says in reason, reason


@pytest.mark.parametrize(
    "after",
    [
        AREA.replace("import os\n", ""),  # an unused import removed
        AREA.replace("area", "surface"),  # a rename, every use
        AREA.replace("return math.pi * r * r", "return round(math.pi * r * r, 2)"),  # a builtin
        AREA + "\n\ndef scaled(r, k=2):\n    total = area(r) * k\n    return total\n",  # new names, all bound
        AREA.replace("import os\n", "from os import *\n").replace("math.pi", "pi"),  # a star import: not judged
        AREA,  # unchanged
    ],
)
def test_a_sound_draft_is_never_held_back(after):
    assert broken(AREA, after, "geometry.py") is None


SHOP = """class Shop:
    def __init__(self):
        self.orders = []

    def taken(self):
        return len(self.orders)

    def take(self, order):
        self.orders.append(order)

    @property
    def size(self):
        return len(self.orders)
"""


def test_a_definition_made_twice_in_one_body_is_broken_but_a_setter_or_an_alternative_is_not():
    reason = broken(SHOP, SHOP.replace("def take(self, order)", "def taken(self, order)"), "shop.py")
    assert reason is not None and "defines `Shop.taken` twice" in reason
    setter = SHOP + "\n    @size.setter\n    def size(self, value):\n        self.orders = self.orders[:value]\n"
    assert broken(SHOP, setter, "shop.py") is None
    alternative = "try:\n    import ujson as json\n\n    def load(text):\n        return json.loads(text)\nexcept ImportError:\n"
    alternative += "    import json\n\n    def load(text):\n        return json.loads(text)\n"
    assert broken("import json\n", alternative, "codec.py") is None
    doubled_before = SHOP + "\n\ndef helper():\n    return 1\n\n\ndef helper():\n    return 2\n"
    assert broken(doubled_before, doubled_before.replace("return 2", "return 3"), "shop.py") is None  # not the draft's


def test_only_python_that_parsed_before_is_judged():
    assert broken("def f(:\n", "def g(:\n", "broken.py") is None  # it did not parse before either
    assert broken("a = 1\n", "a = (\n", "notes.txt") is None  # not Python
    assert broken("a = 1\n", "a = (\n", "stub.pyi") is not None


def test_names_the_file_used_without_defining_before_are_left_alone():
    before = "def run():\n    return spark.read(1)\n"  # an injected global (a notebook's, a framework's)
    assert broken(before, before.replace("1", "2"), "job.py") is None
    assert broken(before, before.replace("1", "other(2)"), "job.py") is not None


def test_a_global_declaration_turns_the_name_judgement_off():
    before = "def setup():\n    global CONFIG\n    CONFIG = {}\n\n\ndef get():\n    return CONFIG\n"
    assert broken(before, before.replace("CONFIG = {}", "CONFIG = {'a': 1}"), "app.py") is None


def pieces_of(text: str, cuts: list[int]) -> list[str]:
    lines = text.splitlines(keepends=True)
    bounds = [0, *cuts, len(lines)]
    return ["".join(lines[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]


def test_a_rename_split_between_two_windows_stands_though_each_alone_would_not():
    before = pieces_of(AREA, [7])  # window 0: the imports and area; window 1: label
    drafted = [before[0].replace("def area(", "def surface("), before[1].replace("area(r)", "surface(r)")]
    assert broken(AREA, drafted[0] + before[1], "geometry.py") is not None  # alone, it is broken
    assert broken_pieces(AREA, drafted, {0: before[0], 1: before[1]}, "geometry.py") == {}


def test_only_the_windows_that_break_the_file_are_withheld():
    before = pieces_of(AREA, [3, 7])  # the imports; area; label
    drafted = [before[0].replace("import math\n", ""), before[1], before[2].replace("def label(r):", "def big label(r):")]
    withheld = broken_pieces(AREA, drafted, {0: before[0], 2: before[2]}, "geometry.py")
    assert sorted(withheld) == [0, 2]
    assert "`math`" in withheld[0] and "does not parse" in withheld[2]
    fine = [before[0], before[1].replace("math.pi", "3.14159"), drafted[2]]
    assert list(broken_pieces(AREA, fine, {1: before[1], 2: before[2]}, "geometry.py")) == [2]  # the value stays


def test_no_right_edit_of_the_project_task_sets_is_judged_broken():
    """Every expected file of the latest task sets (people's right edits, about 1,000; all 2,787 of
    eval to eval49 were checked once, none judged broken) is sound."""
    from pathlib import Path

    from specdraft.drafting.evaltasks import load_tasks

    root = Path(__file__).resolve().parents[3] / "engine" / "builtin"
    sets = [root / f"eval{number}" for number in range(32, 50)]
    pairs = 0
    for directory in sets:
        for task in load_tasks(directory).tasks:
            before = task.source.read_text(encoding="utf-8")
            for expected in filter(None, (task.expected, task.after_note)):
                pairs += 1
                assert broken(before, expected.read_text(encoding="utf-8"), task.source.name) is None, (directory.name, task.id)
    assert pairs > 800

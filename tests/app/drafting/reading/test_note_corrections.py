"""A reviewer's note read as a correction of the instruction (editprompt.corrected_instruction):
every phrasing of the training grammar's notes, phrasings it never had, and notes that correct
nothing, which must go to the model as they were."""

from __future__ import annotations

import random

import pytest

from specdraft.engine import editprompt
from specdraft.engine.training import phrasing

TODO = "def next_id(items):\n    return max(items, default=0) + 1\n\n\nitem = {'id': next_id([])}\n"
RENAMED = "-def next_id(items):\n+def new_id(items):\n"
RATE = "WINDOW_SECONDS = 60\nLIMIT = 100\n"
DOC = 'def next_month(day):\n    return day\n'
DOC_PATCH = '+    """First day of the next month."""\n'


def corrected(instruction: str, note: str, code: str, patch: str = "") -> str:
    feedback = editprompt.redraft_feedback([("f.py", patch, note)]) if patch else f"The reviewer's note: {note}"
    return editprompt.corrected_instruction(instruction, feedback, code)[0]


CASES = {  # what: (instruction, code, the rejected hunk, the old and the new term, the instruction corrected)
    "name": ("rename next_id to new_id everywhere", TODO, RENAMED, "new_id", "allocate_id",
             "rename next_id to allocate_id everywhere"),
    "value": ("set WINDOW_SECONDS to 30", RATE, "-WINDOW_SECONDS = 60\n+WINDOW_SECONDS = 30\n", "30", "120",
              "set WINDOW_SECONDS to 120"),
    "docstring": ('add a docstring to next_month: "First day of the next month."', DOC, DOC_PATCH,
                  "First day of the next month.", "Return the first day of the month after day.",
                  'add a docstring to next_month: "Return the first day of the month after day."'),
}  # fmt: skip


@pytest.mark.parametrize("heldout", [False, True])
@pytest.mark.parametrize("what", sorted(phrasing.NOTE_SHAPES))
def test_every_note_of_the_grammar_corrects_the_instruction(what, heldout):
    """Each shape of the training data's notes, as it renders them (quoted or bare, capitalised,
    with a full stop), with the rejected hunk and without it."""
    instruction, code, patch, old, new, expected = CASES[what]
    shapes = [template for template, held in phrasing.NOTE_SHAPES[what] if held == heldout]
    seen = set()
    for seed in range(40 * len(shapes)):
        note = phrasing.redraft_note(what, new, old, random.Random(seed), heldout=heldout).text
        seen.add(note)
        assert corrected(instruction, note, code, patch) == expected, note
        assert corrected(instruction, note, code) == expected, note
    assert len(seen) >= len(shapes)


@pytest.mark.parametrize("note", [
    "no, name it `allocate_id`", "allocate_id please", "not new_id but allocate_id", "I'd prefer allocate_id",
    "how about allocate_id?", "hmm, allocate_id would be better", "Use allocate_id instead of new_id.",
    "replace new_id with allocate_id", "it's allocate_id, not new_id", "go with `allocate_id`", "nope: allocate_id",
    "new_id → allocate_id", "`allocate_id()` rather than `new_id()`", "change new_id to allocate_id",
])  # fmt: skip
def test_phrasings_the_grammar_never_had(note):
    assert corrected("rename next_id to new_id everywhere", note, TODO, RENAMED) == "rename next_id to allocate_id everywhere"


@pytest.mark.parametrize("note", [
    "keep the old name as an alias", "don't touch the tests", "this breaks the build", "wrong file",
    "also update the docstring", "the indentation is off", "too many changes", "should be sorted",
    "please rename it in the tests as well", "looks wrong", "don't rename it", "",
    "use allocate_id or reserve_id, not new_id",  # two could be meant
    "call it `allocate_id`, not `make_id`",  # the instruction has no make_id
])  # fmt: skip
def test_a_note_that_corrects_nothing_goes_as_it_was(note):
    instruction = "rename next_id to new_id everywhere"
    feedback = editprompt.redraft_feedback([("f.py", RENAMED, note)])
    assert editprompt.corrected_instruction(instruction, feedback, TODO)[:2] == (instruction, [])


def test_a_bare_word_is_a_name_only_after_a_naming_word_or_alone():
    assert corrected("rename the delete method to remove", "call it discard", "def delete(self): ...\n",
                     "-def delete(self): ...\n+def remove(self): ...\n") == "rename the delete method to discard"  # fmt: skip
    assert corrected("rename the delete method to remove", "discard?", "def delete(self): ...\n",
                     "-def delete(self): ...\n+def remove(self): ...\n") == "rename the delete method to discard"  # fmt: skip
    # a word in a sentence about something else: "discard it" asks to delete
    assert corrected("rename the delete method to remove", "discard it", "def delete(self): ...\n",
                     "-def delete(self): ...\n+def remove(self): ...\n") == "rename the delete method to remove"  # fmt: skip


def test_the_implied_term_is_the_one_the_rejected_draft_wrote_or_the_files_lack_or_after_to():
    """"100 and 250" with both numbers in the file: the draft's added line says which one the
    note replaces; without it, the one the files lack; with both in the files and none written,
    the one where the instruction puts its new value ("to 250"); where nothing says it, the note
    goes as it was."""
    code = "LIMIT = 100\nOTHER = 250\n"
    instruction = "LIMIT 100 and OTHER 250 should swap"
    swapped = "-LIMIT = 100\n-OTHER = 250\n+LIMIT = 250\n+OTHER = 100\n"  # both written and removed: no help
    assert corrected(instruction, "make it 300", code, swapped) == instruction
    assert corrected(instruction, "make it 300", code, "+X = 250\n") == "LIMIT 100 and OTHER 300 should swap"
    assert corrected(instruction, "make it 300", code) == instruction
    assert corrected(instruction, "make it 300", "LIMIT = 100\n") == "LIMIT 100 and OTHER 300 should swap"
    assert corrected("raise LIMIT from 100 to 250", "make it 300", code) == "raise LIMIT from 100 to 300"


def test_a_python_constant_or_builtin_of_the_instruction_is_never_the_name_a_note_replaces():
    """The draft wrote `optional=False`: `False` is new in its lines too, but no name to rename."""
    instruction = "parse_item needs an optional=False keyword that it passes on to Item"
    patch = "-def parse_item(text):\n+def parse_item(text, optional=False):\n"
    assert corrected(instruction, "wrong name, I wanted `is_optional`", "def parse_item(text):\n    return Item(text)\n",
                     patch) == "parse_item needs an is_optional=False keyword that it passes on to Item"  # fmt: skip


def test_a_keyword_passed_on_under_its_own_name_stays_the_callees():
    instruction = "add a day=None keyword to transfer() and pass it on to withdraw and deposit as day=day"
    assert corrected(instruction, "call it `value_date`, not `day`", "def transfer(a):\n    a.withdraw(1, day=None)\n") == (
        "add a value_date=None keyword to transfer() and pass it on to withdraw and deposit as day=value_date")


def test_notes_apply_in_order_each_once():
    """Two redrafts: the second note's bare name replaces what the first one gave; the same note
    on several hunks counts once."""
    first = editprompt.redraft_feedback([("f.py", RENAMED, "call it allocate_id"), ("g.py", RENAMED, "call it allocate_id")])
    second = editprompt.redraft_feedback([("f.py", "-def next_id(items):\n+def allocate_id(items):\n", "no, reserve_id")])
    instruction, corrections, unread = editprompt.corrected_instruction(
        "rename next_id to new_id everywhere", first + "\n\n" + second, TODO)
    assert instruction == "rename next_id to reserve_id everywhere"
    assert [(c.old, c.new) for c in corrections] == [("new_id", "allocate_id"), ("allocate_id", "reserve_id")]
    assert unread == []


# notes written apart from the code above (tests/engine/note_cases.json: 74 notes by someone who saw
# neither this module nor the training grammar); the two it misses name a type, not a term
MISSED = {"factor should be int", "should be tuple[str, ...]"}


def test_notes_written_apart_are_read_or_left_never_misread():
    import json
    from pathlib import Path

    cases = json.loads((Path(__file__).parent / "note_cases.json").read_text(encoding="utf-8"))
    assert len(cases) == 74 and sum(case["corrected"] is None for case in cases) == 23
    for case in cases:
        got = corrected(case["instruction"], case["note"], case["code"])
        expected = case["instruction"] if case["corrected"] is None or case["note"] in MISSED else case["corrected"]
        assert got == expected, case["note"]


@pytest.mark.parametrize(("instruction", "note", "code", "expected"), [
    # the note's own English is no term: the name it gives
    ("Please rename the Wagon class to Trolley, that's what the warehouse app calls them.",
     "hmm, the scanners call them `Cart` - go with that name instead", "class Wagon:\n    pass\n",
     "Please rename the Wagon class to Cart, that's what the warehouse app calls them."),
    # of two clauses that read, the one that gives it
    ("rename the Lift class to ElevatorCar", "we have a DoorMotor class coming, so make it `CabinCar` to match",
     "class Lift:\n    pass\n", "rename the Lift class to CabinCar"),
    # a text the note rejects is not the one it gives
    ('label optional lines with " (to taste)"', 'hmm, "to taste" is wrong for salt. use " (optional)"',
     "def label(line):\n    return line\n", 'label optional lines with " (optional)"'),
    # a docstring the instruction gives after a colon, unquoted
    ("Add a docstring to Shelf.restock: Fill one shelf up to its limit.",
     'reword it to "Top up one shelf and return the count added."', "class Shelf:\n    def restock(self):\n        return 0\n",
     "Add a docstring to Shelf.restock: Top up one shelf and return the count added."),
    # a unit after a value is no name
    ("calls cost 12 cents a minute from Monday", "sorry, billing settled on 14 cents, not 12", "PER_MINUTE = 0.15\n",
     "calls cost 14 cents a minute from Monday"),
    # an apostrophe in a quoted text stays
    ('document count_due as "Count the cards due today."', "reword it to \"Count today's due cards.\"",
     "def count_due(cards):\n    return len(cards)\n", "document count_due as \"Count today's due cards.\""),
    # a word the instruction says, given as a literal: quoted
    ("write_rows should default to semicolons", 'on second thought, semicolons break some names. default to a tab ("\\t") instead',
     'def write_rows(rows, delimiter=","):\n    return rows\n', 'write_rows should default to "\\t"'),
])  # fmt: skip
def test_a_note_in_a_sentence_of_its_own(instruction, note, code, expected):
    assert corrected(instruction, note, code) == expected


def test_a_bare_name_in_a_sentence_that_gives_none_is_no_correction():
    instruction = "rename `user_id` to `uid` in lookup()"
    assert corrected(instruction, "you also renamed it inside the SQL string, don't", "def lookup(user_id):\n    return user_id\n") == instruction


def test_of_two_fresh_names_where_a_rename_puts_one_the_one_written_as_code():
    """"easy to mix up" puts `mix` where a new name goes too; the note replaces the quoted one."""
    instruction = "Sample.storage is easy to mix up. Please rename the dataclass field to `storage_unit`."
    code = "class Sample:\n    storage = 'fridge'\n"
    assert corrected(instruction, "on second thought, `location` - that's what the LIMS calls the field", code) == (
        "Sample.storage is easy to mix up. Please rename the dataclass field to `location`.")


def test_a_text_for_the_string_inside_a_quoted_call_rewrites_that_string():
    """'the warning should read "..."' of an instruction that quotes `logger.warning("...", path)`:
    the call with its string's new text, not the call replaced by a bare text."""
    code = "import json\n\n\ndef load(path):\n    return json.loads(open(path).read())\n"
    instruction = 'catch FileNotFoundError around json.loads in load, log `logger.warning("no file at %s", path)` and return an empty dict'
    asked = corrected(instruction, 'close, but the warning should read "file %s not found, starting empty"', code)
    assert asked == instruction.replace('"no file at %s"', '"file %s not found, starting empty"')

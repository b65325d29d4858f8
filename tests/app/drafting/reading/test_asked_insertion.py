"""asked_insertion: the statement an instruction asks to insert into a function; finish_insertion:
written where the builtin pair's answer did not."""

import pytest

from specdraft.engine.editprompt import asked_insertion, asked_value, finish_insertion
from tests.engine.tasksets import check_reader

MODULE = '''import logging

logger = logging.getLogger(__name__)
TOP_FLOOR = 12


class Elevator:
    def __init__(self, floors):
        self.floors = floors
        self.current = 0
        self.doors_open = False

    def go_to(self, floor):
        if not 0 <= floor < self.floors:
            raise ValueError(floor)
        self.doors_open = False
        self.current = floor
        return self.current

    def open_doors(self):
        self.doors_open = True
        for _ in range(3):
            self.chime()

    def chime(self):
        print("ding")


def shortest_trip(elevators, floor):
    best = min(elevators, key=lambda e: abs(e.current - floor))
    return best.go_to(floor)
'''


def inserted(instruction: str) -> str | None:
    asked = asked_insertion(instruction, MODULE)
    return None if asked is None else "".join(asked.apply(MODULE.splitlines(keepends=True)))


@pytest.mark.parametrize("instruction, old, new", [
    # after a quoted statement
    ("put `logger.debug(\"moving to %d\", floor)` right after `self.doors_open = False` in go_to",
     "        self.doors_open = False\n        self.current = floor\n",
     "        self.doors_open = False\n        logger.debug(\"moving to %d\", floor)\n        self.current = floor\n"),
    # a function ending in a return: before it
    ("at the end of go_to, log it: logger.info(\"at floor %d\", floor)",
     "        return self.current\n", "        logger.info(\"at floor %d\", floor)\n        return self.current\n"),
    # a function ending in a block: after the block, at the body's indentation
    ("Elevator.open_doors should end with self.chime()",
     "            self.chime()\n\n    def chime", "            self.chime()\n        self.chime()\n\n    def chime"),
    # the first or last line of the one loop of the function; the function it is in, not the one it calls
    ("In open_doors, make the first line of the for loop `logger.debug(\"chime\")`, before the chime call",
     "        for _ in range(3):\n            self.chime()\n",
     "        for _ in range(3):\n            logger.debug(\"chime\")\n            self.chime()\n"),
    ("open_doors: logger.info(\"chimed\") as the last statement in its loop",
     "            self.chime()\n\n    def chime", "            self.chime()\n            logger.info(\"chimed\")\n\n    def chime"),
    # after the statement that binds a name said "is created"; before the one a past tense describes
    ("in shortest_trip, right after `best` is created, add `logger.debug(\"best %s\", best)`",
     "        return best.go_to(floor)\n".replace("        ", "    "),
     "    logger.debug(\"best %s\", best)\n    return best.go_to(floor)\n"),
    ("In Elevator.go_to, just before the floor is stored as current, add `logger.info(\"to %d\", floor)`",
     "        self.current = floor\n", "        logger.info(\"to %d\", floor)\n        self.current = floor\n"),
    ("add self.requests = [] as the last line of Elevator's __init__",
     "        self.doors_open = False\n\n    def go_to", "        self.doors_open = False\n        self.requests = []\n\n    def go_to"),
    ("shortest_trip must check elevators before it does anything else: assert elevators, \"no elevators\"",
     "def shortest_trip(elevators, floor):\n", "def shortest_trip(elevators, floor):\n    assert elevators, \"no elevators\"\n"),
    ("let shortest_trip take a floor as text: make its first line `floor = int(floor)`",
     "def shortest_trip(elevators, floor):\n", "def shortest_trip(elevators, floor):\n    floor = int(floor)\n"),
    # before a quoted statement said with "that"; a clause's word in its plural form
    ("when go_to is asked for a bad floor it raises. Right before that `raise ValueError(floor)`, print(floor)",
     "            raise ValueError(floor)\n", "            print(floor)\n            raise ValueError(floor)\n"),
    ("After the chimes in Elevator.open_doors, log it: logger.debug(\"chimed at %d\", self.current)",
     "            self.chime()\n\n    def chime", "            self.chime()\n            logger.debug(\"chimed at %d\", self.current)\n\n    def chime"),
    ("shortest_trip should begin with assert elevators, \"no elevators\"",
     "def shortest_trip(elevators, floor):\n", "def shortest_trip(elevators, floor):\n    assert elevators, \"no elevators\"\n"),
    # after or before the statement a clause describes
    ("in go_to, once the current floor is set, print(floor)",
     "        self.current = floor\n", "        self.current = floor\n        print(floor)\n"),
    ("in open_doors, reset current back to 0 before the doors open",
     "        self.doors_open = True\n", "        self.current = 0\n        self.doors_open = True\n"),
    # a value named by the module's constant; the statement after the one that stores what the clause names
    ("Elevator should know its top floor: as the last line of its __init__, set self.top to TOP_FLOOR",
     "        self.doors_open = False\n\n    def go_to", "        self.doors_open = False\n        self.top = TOP_FLOOR\n\n    def go_to"),
    ("once shortest_trip has stored the best elevator, log it with logger.debug(\"best: %s\", best)",
     "    return best.go_to(floor)\n", "    logger.debug(\"best: %s\", best)\n    return best.go_to(floor)\n"),
])  # fmt: skip
def test_the_statement_goes_where_the_instruction_says(instruction, old, new):
    assert inserted(instruction) == MODULE.replace(old, new, 1), instruction


@pytest.mark.parametrize("instruction", [
    "add logging to go_to",  # no statement given
    "add logger.info(\"moved\") to go_to",  # no place said
    "at the end of go_to and of open_doors add self.chime()",  # two functions
    "after `print(\"nowhere\")` add self.chime()",  # no such statement
    "put `self.doors_open = False` at the end of go_to",  # it has it
    "remove `self.chime()` from open_doors",
    "add a `floor: int` parameter to chime",
    "rename go_to to move_to",
    "wrap self.chime() in try/except OSError and ignore it",
    "right after `return self.current` in go_to, add print(floor)",  # after a return nothing runs
])  # fmt: skip
def test_an_instruction_that_asks_no_insertion_this_can_write_reads_as_none(instruction):
    assert asked_insertion(instruction, MODULE) is None


def test_finish_insertion_writes_the_statement_where_the_answer_did_not():
    asked = asked_insertion("at the end of go_to, log it: logger.info(\"at floor %d\", floor)", MODULE)
    wanted = "".join(asked.apply(MODULE.splitlines(keepends=True)))
    assert finish_insertion(asked, MODULE, MODULE) == (wanted, 1)
    assert finish_insertion(asked, MODULE, wanted) == (wanted, 0)
    # the answer's own try just before the return goes, and the line it put elsewhere; the rest stays
    own = MODULE.replace("        return self.current\n", "        logger.info(floor)\n        return self.current\n")
    own = own.replace("    def chime(self):\n", "    def chime(self):\n        logger.info(\"at floor %d\", floor)\n")
    own = own.replace('print("ding")', 'print("dong")')
    assert finish_insertion(asked, MODULE, own) == (wanted.replace('print("ding")', 'print("dong")'), 1)


def test_the_task_sets_insertions_are_read_right_or_not_at_all_and_nothing_else_reads_as_one():
    """On the hand-written task sets: every insert_statement task reads as its expected file or as
    none; no task of another kind that reads as none of the other asked edits reads as an
    insertion. (Written after reading the 10 insert_statement instructions of the first four
    sets; eval5's first reading: 3 of its 7 right, none wrong; since, "set self.encoding to
    DEFAULT_ENCODING" and "once the reading is stored". Two it leaves: "make the very first thing
    it does be rounding `quantity`", "end add_plant by appending ... to the plant's notes". Since,
    "make the last line of its __init__ set self.finished to False".)"""
    assert check_reader(asked_insertion, {"insert_statement"}, None) == (41, 39)


def test_make_its_last_line_puts_the_statement_at_the_end():
    asked = asked_insertion("Elevators need a flag for a stuck car: make the last line of its __init__ set self.stuck to False.", MODULE)
    assert asked is not None
    text = "".join(asked.apply(MODULE.splitlines(keepends=True)))
    assert text == MODULE.replace("        self.doors_open = False\n\n", "        self.doors_open = False\n        self.stuck = False\n\n", 1)



def test_before_a_name_is_built_is_before_the_statement_that_binds_it():
    code = "def save(folder, name):\n    path = folder / name\n    path.write_text(name)\n    return path\n"
    asked = asked_insertion("in save, add `folder.mkdir(exist_ok=True)` before the path is built", code)
    assert asked is not None
    text = "".join(asked.apply(code.splitlines(keepends=True)))
    assert text == code.replace("    path = folder", "    folder.mkdir(exist_ok=True)\n    path = folder")



def test_after_a_quoted_if_check_is_after_its_block_and_a_statement_to_write_is_no_value():
    code = ("def log(book, code, attempts=1):\n    if code not in book:\n        raise KeyError(code)\n"
            "    book[code] = attempts\n")  # fmt: skip
    instruction = "log takes attempts=0. Straight after the `if code not in book` check, clamp it with `attempts = max(attempts, 1)`."
    assert asked_value(instruction, code) is None
    asked = asked_insertion(instruction, code)
    assert asked is not None
    text = "".join(asked.apply(code.splitlines(keepends=True)))
    assert text == code.replace("    book[code]", "    attempts = max(attempts, 1)\n    book[code]")



def test_a_noun_import_and_a_when_clause_that_names_no_statement():
    code = "import json\n\n\ndef export(path, rows):\n    text = json.dumps(rows)\n    path.write_text(text)\n    return path\n"
    instruction = ("export fails when the target folder doesn't exist yet, and the nightly import runs blind. "
                   "Fix: add `path.parent.mkdir(parents=True, exist_ok=True)` right before the write_text call.")
    asked = asked_insertion(instruction, code)
    assert asked is not None
    text = "".join(asked.apply(code.splitlines(keepends=True)))
    assert text == code.replace("    path.write_text", "    path.parent.mkdir(parents=True, exist_ok=True)\n    path.write_text")


def test_a_request_taken_back_keeps_the_function_it_began_with():
    code = "def replay(lines):\n    done = 0\n    for line in lines:\n        done += 1\n    return done\n"
    asked = asked_insertion("replay: skip comments - add `if line.startswith(\"#\"): continue`... no, just insert "
                            "`line = line.strip()` as the first line of the loop", code)  # fmt: skip
    assert asked is not None
    assert "    for line in lines:\n        line = line.strip()\n        done += 1\n" in "".join(asked.apply(code.splitlines(keepends=True)))


@pytest.mark.parametrize(("instruction", "expected"), [
    ("place() should log `logger.debug(\"placing %s\", bottle)` before the loop",
     "    def place(self, bottle):\n        logger.debug(\"placing %s\", bottle)\n        for rack in self.racks:\n"),
    ("in place, after the loop, add `logger.warning(\"full\")`",
     "                return rack\n        logger.warning(\"full\")\n        raise ValueError(\"full\")\n"),
])  # fmt: skip
def test_before_or_after_the_one_loop_of_a_function(instruction, expected):
    code = ("class Cellar:\n    def __init__(self):\n        self.racks = []\n\n"
            "    def place(self, bottle):\n        for rack in self.racks:\n            if rack.free():\n"
            "                return rack\n        raise ValueError(\"full\")\n")  # fmt: skip
    asked = asked_insertion(instruction, code)
    assert asked is not None, instruction
    assert expected in "".join(asked.apply(code.splitlines(keepends=True))), instruction

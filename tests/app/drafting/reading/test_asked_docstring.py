"""asked_docstring: the docstring an instruction asks of one function or class; finish_insertion:
written where the builtin pair's answer did not."""

import pytest

from specdraft.engine.editprompt import asked_docstring, finish_insertion
from tests.engine.tasksets import check_reader

MODULE = '''import math


class Sieve:
    def __init__(self, limit):
        self.limit = limit

    def primes(self):
        marks = [True] * (self.limit + 1)
        return [n for n in range(2, self.limit + 1) if marks[n]]


def hypotenuse(a, b):
    return math.sqrt(a * a + b * b)


def described(value):
    """Already documented."""
    return str(value)
'''


def documented(instruction: str) -> str | None:
    asked = asked_docstring(instruction, MODULE)
    return None if asked is None else "".join(asked.apply(MODULE.splitlines(keepends=True)))


@pytest.mark.parametrize("instruction, after, line", [
    ('hypotenuse needs a docstring: "Length of the long side of a right triangle."', "def hypotenuse(a, b):\n",
     '    """Length of the long side of a right triangle."""\n'),
    ("docstring for hypotenuse() pls: Length of the long side of a right triangle.", "def hypotenuse(a, b):\n",
     '    """Length of the long side of a right triangle."""\n'),
    ('Document `Sieve.primes` as "The primes up to the limit, smallest first."', "    def primes(self):\n",
     '        """The primes up to the limit, smallest first."""\n'),
    ('could the Sieve class get a doc string? \u201cPrimes by the sieve of Eratosthenes.\u201d', "class Sieve:\n",
     '    """Primes by the sieve of Eratosthenes."""\n'),
])  # fmt: skip
def test_the_docstring_goes_first_in_the_body_as_written(instruction, after, line):
    assert documented(instruction) == MODULE.replace(after, after + line, 1), instruction


@pytest.mark.parametrize("instruction", [
    "add a docstring to hypotenuse",  # no text given
    'add the docstring "Sorted primes." to primes and hypotenuse',  # two definitions
    'give described a docstring: "Its text."',  # it has one
    'remove the docstring "Already documented." from described',
    'document area with "The area."',  # no such function
    'rename hypotenuse to "long side"',  # no docstring asked
])  # fmt: skip
def test_an_instruction_that_asks_no_docstring_this_can_write_reads_as_none(instruction):
    assert asked_docstring(instruction, MODULE) is None


def test_finish_insertion_writes_the_docstring_where_the_answer_did_not():
    asked = asked_docstring('hypotenuse needs a docstring: "Length of the long side."', MODULE)
    wanted = "".join(asked.apply(MODULE.splitlines(keepends=True)))
    assert finish_insertion(asked, MODULE, MODULE) == (wanted, 1)
    assert finish_insertion(asked, MODULE, wanted) == (wanted, 0)
    # the answer's own try (another text, over two lines) goes; its change elsewhere stays
    own = MODULE.replace("def hypotenuse(a, b):\n", 'def hypotenuse(a, b):\n    """Length of\n    the side."""\n')
    own = own.replace("return str(value)", "return repr(value)")
    assert finish_insertion(asked, MODULE, own) == (wanted.replace("return str(value)", "return repr(value)"), 1)


def test_the_task_sets_docstrings_are_read_right_and_nothing_else_reads_as_one():
    """On the hand-written task sets: every add_docstring task reads as its expected file; no task
    of another kind that reads as none of the other asked edits reads as a docstring. (Written
    after reading the 13 docstring instructions of the first four sets; eval5, written apart,
    read 5 of its 5 at the first reading.)"""
    assert check_reader(asked_docstring, {"add_docstring"}, set()) == (42, 42)


def test_a_docstring_in_single_quotes_or_backticks_is_written_without_them():
    for quote in ("'", "`"):
        text = documented(f"docstring for the Sieve class: {quote}Primes by the sieve of Eratosthenes.{quote}")
        assert text == MODULE.replace("class Sieve:\n", 'class Sieve:\n    """Primes by the sieve of Eratosthenes."""\n', 1)


def test_a_docstring_in_single_quotes():
    code = "class Rack:\n    def free_slots(self):\n        return 3\n"
    asked = asked_docstring("document Rack.free_slots as 'How many more bottles fit in the rack.'", code)
    assert asked is not None
    assert '        """How many more bottles fit in the rack."""\n' in "".join(asked.apply(code.splitlines(keepends=True)))

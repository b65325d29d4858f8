"""asked_deletion: the statement an instruction asks to delete, read from its words;
finish_deletion: deleted where the builtin pair's answer left it."""

import pytest

from specdraft.engine.editprompt import asked_deletion, finish_deletion
from tests.engine.tasksets import check_reader

MODULE = '''import logging

log = logging.getLogger(__name__)
FEE = 3


class Account:
    def __init__(self, owner):
        self.owner = owner
        self.checks = 0
        self.entries = []

    def post(self, amount, text):
        self.checks += 1
        log.info("posting %s", amount)
        self.entries.append((amount, text))

    def close(self):
        log.info("closing %s", self.owner)
        self.post(-FEE, "closing fee")
        self.entries.clear()


def month_end(account):
    account.post(-FEE, "monthly fee")
    log.debug("month end for %s", account.owner)
    return account
'''


def deleted(instruction: str) -> str | None:
    asked = asked_deletion(instruction, MODULE)
    return None if asked is None else "".join(asked.apply(MODULE.splitlines(keepends=True)))


@pytest.mark.parametrize("instruction, line", [
    ("Remove `self.checks += 1`.", "        self.checks += 1\n"),
    ("remove `self.entries = []`", "        self.entries = []\n"),
    ("remove the log.info call in close", '        log.info("closing %s", self.owner)\n'),
    ("post() is too chatty, delete its log.info call", '        log.info("posting %s", amount)\n'),
    ("get rid of the log.debug line", '    log.debug("month end for %s", account.owner)\n'),
    ("we're dropping the monthly fee, remove the line in month_end that posts FEE", '    account.post(-FEE, "monthly fee")\n'),
    ('close() shouldn\'t charge a fee any more, drop the "closing fee" line', '        self.post(-FEE, "closing fee")\n'),
    ("nobody reads what month_end returns: remove its `return account`", "    return account\n"),  # a return, quoted whole
    # the one statement holding what it writes as code, among several holding its other words
    ("fees are posted by the bank now, so Account.post must stop counting self.checks. Take that line out.",
     "        self.checks += 1\n"),
])  # fmt: skip
def test_the_one_statement_the_instruction_means_is_deleted(instruction, line):
    text = deleted(instruction)
    assert text is not None and text == MODULE.replace(line, "", 1), instruction


@pytest.mark.parametrize("instruction", [
    "remove the log.info call",  # in post or in close?
    "remove the `owner` parameter of Account",  # a parameter
    "delete the unused import of logging",
    "remove the docstring of post",
    "add a log.info call to month_end",  # nothing to delete
    "drop the `self.balance = 0` line",  # no such statement
])  # fmt: skip
def test_an_instruction_that_asks_no_deletion_of_one_statement_reads_as_none(instruction):
    assert asked_deletion(instruction, MODULE) is None


def test_finish_deletion_deletes_where_the_answer_left_it():
    asked = asked_deletion("Remove `self.checks += 1`.", MODULE)
    wanted = MODULE.replace("        self.checks += 1\n", "", 1)
    assert finish_deletion(asked, MODULE, MODULE) == (wanted, 1)
    assert finish_deletion(asked, MODULE, wanted) == (wanted, 0)


def test_the_task_sets_deletions_are_read_right_or_not_at_all_and_nothing_else_reads_as_one():
    """On the five hand-written task sets: every delete_statement task reads as its expected file or
    as none (two of eval4's, which describe the statement by what it does: "not switch eco mode
    off", "must not strip the password"; eval4's first reading); no task of another kind that
    reads as no rename, value or import reads as a deletion. (eval5's first reading: 3 of its 4;
    "remove the `return winner` at the end of it" read once a quoted return could be deleted.)"""
    unread = {"thermo-resume-keeps-eco"}  # since: "must not strip the password", "the total volume line" (what they say)
    assert check_reader(asked_deletion, {"delete_statement"}, unread) == (41, 40)


@pytest.mark.parametrize("instruction, line", [
    ("delete `self.entries.append(...)` from post", "        self.entries.append((amount, text))\n"),  # elided
    ("nobody reads the closing message in close(), please take it out", '        log.info("closing %s", self.owner)\n'),
    ("month_end: get rid of the debug line about the month end", '    log.debug("month end for %s", account.owner)\n'),
])  # fmt: skip
def test_a_statement_quoted_with_an_ellipsis_or_described_by_what_it_says(instruction, line):
    assert deleted(instruction) == MODULE.replace(line, "", 1), instruction


def test_a_description_that_fits_two_statements_equally_reads_as_none():
    assert deleted("in post, drop the line about the amount") is None  # the log and the append both hold amount



def test_a_noun_like_import_before_the_sentence_that_deletes_is_no_object_of_it():
    text = deleted("The bank's import chokes on the fee line. Remove `account.post(-FEE, \"monthly fee\")` from month_end")
    assert text == MODULE.replace('    account.post(-FEE, "monthly fee")\n', "", 1)
    assert deleted("remove the import of logging") is None



def test_described_with_a_clause_that_keeps_the_other():
    code = ("class Contact:\n    def __post_init__(self):\n        self.call = self.call.strip().upper()\n"
            "        self.mode = self.mode.upper()\n")  # fmt: skip
    asked = asked_deletion("The form sends the mode in capitals already, so drop the line in Contact.__post_init__ that "
                           "upper-cases it again. The call still gets normalized there.", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace("        self.mode = self.mode.upper()\n", "")


def test_take_the_call_out_of_a_function():
    code = "import logging\n\nlogger = logging.getLogger(__name__)\n\n\ndef add(items, item):\n    items.append(item)\n    logger.info(\"added %s\", item)\n    return item\n"
    asked = asked_deletion("It logs a line for every item on reload. Take the logger.info call out of add.", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace("    logger.info(\"added %s\", item)\n", "")


def test_an_option_to_remove_is_no_statement():
    code = "def build(orders, warm=False):\n    out = []\n    plan(orders, warm=warm)\n    return out\n"
    assert asked_deletion("remove the warm option from build", code) is None
    assert asked_deletion("build shouldn't call plan any more", code) is not None


def test_the_log_line_of_a_function_is_its_one_logging_call():
    code = ("import logging\n\nlogger = logging.getLogger(__name__)\n\n\n"
            "def record(result):\n    winner = result.winner()\n    logger.info(\"%s won\", winner)\n    return winner\n")  # fmt: skip
    asked = asked_deletion("delete the log line in record", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace('    logger.info("%s won", winner)\n', "")
    two = code.replace("    return winner\n", "    logger.debug(\"done\")\n    return winner\n")
    assert asked_deletion("delete the log line in record", two) is None  # which one?


def test_a_binding_still_read_is_not_deleted_unless_quoted():
    """"stop logging turns" once deleted `logger = logging.getLogger(__name__)`: a name the file
    still reads, bound nowhere else. A parameter rebound (`password = password.strip()`) may go."""
    code = ("import logging\n\nlogger = logging.getLogger(__name__)\n\n\n"
            "def turn(bin_, today):\n    bin_.turned = today\n    logger.info(\"turned\")\n")  # fmt: skip
    assert asked_deletion("stop logging turns", code) is None
    rebound = "def check(password):\n    password = password.strip()\n    found = []\n    return found, password\n"
    asked = asked_deletion("check must not strip the password. Remove that line", rebound)
    assert asked is not None and "strip" not in "".join(asked.apply(rebound.splitlines(keepends=True)))

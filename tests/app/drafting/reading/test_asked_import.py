"""asked_import: the standard-library import an instruction asks, placed as isort places it;
finish_import: placed there in the builtin pair's answer."""

import pytest

from specdraft.engine.editprompt import asked_import, finish_import
from tests.engine.tasksets import check_reader

MODULE = '''"""Jobs: a queue and its workers."""

import json
import time
from collections import deque
from dataclasses import dataclass

import requests

MAX_JOBS = 10


def run(queue):
    return json.dumps(list(queue)), time.time(), deque(), dataclass, requests
'''


def imported(instruction: str) -> str | None:
    asked = asked_import(instruction, MODULE)
    return None if asked is None else "".join(asked.apply(MODULE.splitlines(keepends=True)))


@pytest.mark.parametrize("instruction, after", [
    ("import threading at the top of the module", "import json\nimport threading\nimport time\n"),
    ("need os in here, add the import pls", "import json\nimport os\nimport time\n"),
    ("I want to log failures, so pull in the logging module", "import json\nimport logging\nimport time\n"),
    ("add `from pathlib import Path` to the imports", "from dataclasses import dataclass\nfrom pathlib import Path\n\nimport requests"),
    ("we need Any from typing, add the import", "from dataclasses import dataclass\nfrom typing import Any\n\nimport requests"),
    ("pull `date` in from the datetime module", "from dataclasses import dataclass\nfrom datetime import date\n\nimport requests"),
    ("add import abc", '"""Jobs: a queue and its workers."""\n\nimport abc\nimport json\n'),
    ("from collections.abc import Callable, please", "from collections import deque\nfrom collections.abc import Callable\nfrom dataclasses"),
    ("run() will call math.floor but math isn't imported, fix that", "import json\nimport math\nimport time\n"),
])  # fmt: skip
def test_a_standard_library_import_goes_where_isort_puts_it(instruction, after):
    text = imported(instruction)
    assert text is not None and after in text and len(text.splitlines()) == len(MODULE.splitlines()) + 1


@pytest.mark.parametrize("instruction", [
    "import json",  # imported already
    "add import numpy",  # not the standard library's: its section is not known
    "remove the unused import of time",
    "add a timeout parameter to run",
    "log the queue's length before returning",
    "we need time and random here, add the imports",  # two modules
])  # fmt: skip
def test_an_instruction_that_asks_no_import_this_file_lacks_reads_as_none(instruction):
    assert asked_import(instruction, MODULE) is None


def test_no_import_is_placed_in_a_file_without_imports():
    assert asked_import("import os", "X = 1\n") is None


def test_finish_import_places_it_and_drops_the_answers_own_copy_elsewhere():
    asked = asked_import("import threading", MODULE)
    wanted = "".join(asked.apply(MODULE.splitlines(keepends=True)))
    answer = MODULE.replace("MAX_JOBS = 10\n", "import threading\nMAX_JOBS = 10\n")  # the pair put it below the imports
    assert finish_import(asked, MODULE, answer) == (wanted, 1)
    assert finish_import(asked, MODULE, wanted) == (wanted, 0)
    assert finish_import(asked, MODULE, MODULE) == (wanted, 1)


def test_the_task_sets_imports_are_read_right_and_nothing_else_reads_as_one():
    """On the five hand-written task sets: all 12 add_import tasks read as their expected file (8 of
    9 at asked_import's first reading: "need os in here, add the import pls" read `pls`; 2 of
    eval5's 3: "calls math.log but math is never imported" named two modules); no task of
    another kind that reads as no rename or value reads as an import."""
    assert check_reader(asked_import, {"add_import"}, set()) == (28, 28)

"""The hand-written task sets (engine/builtin/eval*) as the app's readers of plain instructions see
them: one walk for the task-set test of each reader."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import tomllib

from specdraft.engine.editprompt import ASKED_READERS

ROOT = Path(__file__).parents[2] / "engine" / "builtin"


@cache
def _read(reader: Callable, instruction: str, source: str) -> object:
    """What a reader makes of a task, once per test session: every reader's test runs the readers
    before it over all the sets again."""
    return reader(instruction, source)


def check_reader(reader: Callable, kinds: set[str], unread: set[str] | None = None) -> tuple[int, int]:
    """Every task that no reader before `reader` (in the app's order, ASKED_READERS) reads: a task of
    `kinds` reads as its expected file, or as none (where `unread` is given, exactly the tasks it
    names); a task of another kind reads as none, and no earlier reader reads a task of `kinds`.
    Returns (the tasks of `kinds` left to `reader`, how many it read)."""
    earlier = ASKED_READERS[: ASKED_READERS.index(reader)]
    tasks = read = 0
    for tasks_file in sorted(ROOT.glob("eval*/tasks.toml")):
        for task in tomllib.loads(tasks_file.read_text())["task"]:
            source = (tasks_file.parent / task["source"]).read_text()
            instruction = task["instruction"]
            if any(_read(other, instruction, source) is not None for other in earlier):
                assert task["kind"] not in kinds, task["id"]
                continue
            asked = _read(reader, instruction, source)
            if task["kind"] not in kinds:
                assert asked is None, task["id"]
                continue
            tasks += 1
            if unread is not None and task["id"] in unread or unread is None and asked is None:
                assert asked is None, task["id"]
                continue
            expected = (tasks_file.parent / task["expected"]).read_text()
            assert asked is not None and "".join(asked.apply(source.splitlines(keepends=True))) == expected, task["id"]
            read += 1
    return tasks, read

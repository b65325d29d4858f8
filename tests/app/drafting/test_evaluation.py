"""`specdraft bench edits`: the task set, the checker, the metrics on a scripted backend, the CLI."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from specdraft.drafting.evaltasks import KINDS, check_task_set, load_tasks
from specdraft.drafting.evaluation import (
    WindowPlan,
    format_report,
    run_task,
    run_tasks,
    window_damage,
)
from specdraft.ui.cli.bench import shipped_tasks
from tests.app.editkit import Reply, ScriptedBackend
from tests.conftest import read_no_instructions

SOURCE = '''import os


def load(path):
    with open(path) as handle:
        return handle.read()


def save(path, text):
    with open(path, "w") as handle:
        handle.write(text)


def size(path):
    return os.path.getsize(path)
'''
RENAMED = SOURCE.replace("def load(", "def read_file(")
# with this stand-in tokenizer the file is cut into 4 windows: the import, load, save, size
WINDOWED = 110


@dataclass
class RewritingBackend(ScriptedBackend):
    """A local (builtin-format) backend whose answer to each window is ``answer(window, prompt)``."""

    answer: Callable[[str, str], str] = lambda window, prompt: window
    replies: list[Reply] = field(default_factory=list)
    kind: str = "local"

    def stream(self, messages, *, reference=None, **options):
        self.replies.append(Reply(self.answer(reference, messages[-1]["content"])))
        return super().stream(messages, reference=reference, **options)


def write_task_set(root: Path, tasks: list[dict], files: dict[str, str]) -> Path:
    """A task set in ``root``: its files, and tasks.json listing ``tasks``."""
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    (root / "tasks.json").write_text(json.dumps({"task": tasks}))
    return root


def rename_task(**fields) -> dict:
    return {"id": "rename-load", "kind": "rename_function", "phrasing": "heldout", "source": "files.py",
            "instruction": "rename the loading function to read_file", "expected": "renamed.py",
            "tokens": ["load", "read_file"], **fields}  # fmt: skip


@pytest.fixture
def task_dir(tmp_path) -> Path:
    return write_task_set(tmp_path / "tasks", [rename_task()], {"files.py": SOURCE, "renamed.py": RENAMED})


# ---------------------------------------------------------------------------------------------
# the metrics


def test_an_exactly_right_answer_counts_exact_and_no_collateral(task_dir):
    backend = RewritingBackend(context_length=WINDOWED, answer=lambda window, prompt: window.replace("def load(", "def read_file("))
    result = run_task(load_tasks(task_dir).tasks[0], backend)
    assert not result.error
    assert result.exact and not result.unchanged
    assert (result.windows, result.sent) == (4, 4)  # no window holds what it names: every window is sent
    assert result.requests == result.sent  # the plan worked out is the requester's own
    assert (result.collateral, result.off_target) == (0, 0)


CALLER = SOURCE + "\n\ndef copy(src, dst):\n    save(dst, load(src))\n"


def test_a_bare_name_of_the_file_sends_only_the_windows_holding_it(tmp_path, monkeypatch):
    task = rename_task(instruction="rename load to read_file")
    task_dir = write_task_set(tmp_path / "tasks", [task], {"files.py": SOURCE, "renamed.py": RENAMED})

    def careless(window: str, prompt: str) -> str:  # renames, and damages every window it is sent
        return window.replace("def load(", "def read_file(").replace("handle.read()", "handle.load()")

    result = run_task(load_tasks(task_dir).tasks[0], RewritingBackend(context_length=WINDOWED, answer=careless))
    # a reader reads the rename: specdraft.ops makes it, and the model is not asked
    assert result.exact and result.requests == 0 and result.read.startswith("rename `load` -> `read_file`")
    read_no_instructions(monkeypatch)
    result = run_task(load_tasks(task_dir).tasks[0], RewritingBackend(context_length=WINDOWED, answer=careless))
    assert (result.windows, result.sent, result.requests) == (4, 1, 1)
    assert result.collateral == 1 and not result.exact and result.wrong  # the one window sent is damaged, the others kept


def test_an_extra_change_inside_the_edited_window_is_collateral_but_not_off_target(task_dir):
    def answer(window: str, prompt: str) -> str:
        return window.replace("def load(", "def read_file(").replace("handle.read()", "handle.read_file()")

    result = run_task(load_tasks(task_dir).tasks[0], RewritingBackend(context_length=WINDOWED, answer=answer))
    assert (result.exact, result.collateral, result.off_target) == (False, 1, 0)


def test_a_copy_is_unchanged_and_no_collateral(task_dir):
    result = run_task(load_tasks(task_dir).tasks[0], RewritingBackend(context_length=WINDOWED))
    assert result.unchanged and not result.exact
    assert (result.collateral, result.off_target) == (0, 0)


def test_windows_quoting_nothing_of_the_instruction_are_not_sent(tmp_path, unread_instructions):
    root = write_task_set(tmp_path, [rename_task(instruction="rename `load` to `read_file`")],
                          {"files.py": SOURCE, "renamed.py": RENAMED})  # fmt: skip
    backend = RewritingBackend(context_length=WINDOWED, answer=lambda window, prompt: window.replace("def load(", "def read_file("))
    result = run_task(load_tasks(root).tasks[0], backend)
    assert result.exact and (result.windows, result.sent, result.requests) == (4, 1, 1)


def test_a_draft_cut_at_the_length_limit_gives_no_draft(task_dir):
    backend = ScriptedBackend([Reply(RENAMED[:40], finish_reason="length")], kind="local")
    result = run_task(load_tasks(task_dir).tasks[0], backend)
    assert "did not finish" in result.error and not result.exact
    report = run_tasks([], backend, model="m", tasks_dir="d")
    report.results.append(result)
    assert report.total().no_draft == 1 and "no draft: 1 tasks" in format_report(report)


def test_window_damage_on_lines_and_insertions():
    original = "a\nb\nc\nd\ne\nf\n"
    plan = WindowPlan([(0, 2), (2, 4), (4, 6)], [0, 1, 2])
    expected = "a\nB\nc\nd\ne\nf\n"
    assert window_damage(original, expected, expected, plan) == (0, 0)
    # an extra inserted line in the last window, where the expected file inserts nothing
    assert window_damage(original, "a\nB\nc\nd\ne\nx\nf\n", expected, plan) == (1, 1)
    # a second line changed in the first window: collateral, but the window was meant
    assert window_damage(original, "A\nB\nc\nd\ne\nf\n", expected, plan) == (1, 0)
    # a window not sent cannot be blamed
    assert window_damage(original, "a\nB\nc\nD\ne\nf\n", expected, WindowPlan(plan.ranges, [0])) == (0, 0)


def test_held_out_and_trained_phrasings_are_counted_apart(tmp_path, unread_instructions):
    tasks = [rename_task(), rename_task(id="rename-load-trained", phrasing="trained",
                                        instruction="Rename the function `load` to `read_file`.")]  # fmt: skip
    root = write_task_set(tmp_path, tasks, {"files.py": SOURCE, "renamed.py": RENAMED})

    def answer(window: str, prompt: str) -> str:  # right for the held-out phrasing only
        return window.replace("def load(", "def read_file(") if "Rename the function" not in prompt else window

    report = run_tasks(load_tasks(root).tasks, RewritingBackend(answer=answer), model="m", tasks_dir=str(root))
    total = report.total()
    assert (total.heldout, total.heldout_exact, total.trained, total.trained_exact) == (1, 1, 1, 0)
    assert report.by_kind()["rename_function"].exact == 1
    assert report.to_json()["phrasing"] == {"heldout": {"tasks": 1, "exact": 1}, "trained": {"tasks": 1, "exact": 0}}


REDRAFT_FILES = {
    "report.py": "def write(rows, out):\n    for row in rows:\n        out.write(row)\n",
    "sep.py": 'def write(rows, out, sep=","):\n    for row in rows:\n        out.write(row)\n',
    "delimiter.py": 'def write(rows, out, delimiter=","):\n    for row in rows:\n        out.write(row)\n',
}
REDRAFT_TASK = {"id": "add-sep", "kind": "add_parameter", "phrasing": "heldout", "source": "report.py",
                "instruction": 'write should take sep="," as a keyword', "expected": "sep.py",
                "note": "`delimiter`, not `sep`", "after_note": "delimiter.py"}  # fmt: skip


def test_a_redraft_that_follows_the_note_counts(tmp_path):
    root = write_task_set(tmp_path, [REDRAFT_TASK], REDRAFT_FILES)

    def answer(window: str, prompt: str) -> str:
        return REDRAFT_FILES["delimiter.py" if "delimiter" in prompt else "sep.py"]

    report = run_tasks(load_tasks(root).tasks, RewritingBackend(answer=answer), model="m", tasks_dir=str(root))
    assert report.redrafts() == {"tasks": 1, "errors": 0, "differed": 1, "followed_note": 1, "corrected": 1}
    assert ("followed the note (equals the expected file after it) in 1; the note read as a correction of the "
            "instruction in 1") in format_report(report)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# the command


def run_bench(monkeypatch, capsys, argv: list[str], backend) -> tuple[int, str, str]:
    import specdraft.ui.cli.bench
    from specdraft.ui.cli.main import main

    monkeypatch.setattr(specdraft.ui.cli.bench, "make_backend", lambda args: (backend, "scripted-coder"))
    code = main(["bench", "edits", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_prints_the_table(monkeypatch, capsys, task_dir):
    backend = RewritingBackend(context_length=WINDOWED,
                               answer=lambda window, prompt: window.replace("os.path.getsize(path)", "os.stat(path).st_size"))
    code, out, err = run_bench(monkeypatch, capsys, ["--tasks", str(task_dir), "--show-failures"], backend)
    assert code == 0
    assert "[1/1] rename-load: wrong, collateral in 1 of 4 windows sent" in err
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("kind"))
    assert header.split()[:5] == ["kind", "tasks", "exact", "wrong", "no"]
    assert next(line for line in lines if line.startswith("rename_function")).split()[1:3] == ["1", "0/1"]
    assert any(line.startswith("total") for line in lines)
    assert "collateral: 1 of 4 windows sent" in out and "seconds:" in out
    assert "-    return os.path.getsize(path)\n+    return os.stat(path).st_size" in out  # --show-failures: the diff


def test_the_command_writes_json(monkeypatch, capsys, task_dir):
    backend = RewritingBackend(answer=lambda window, prompt: window.replace("def load(", "def read_file("))
    code, out, _ = run_bench(monkeypatch, capsys, ["--tasks", str(task_dir), "--json"], backend)
    data = json.loads(out)
    assert code == 0
    assert data["total"]["exact"] == 1 and data["kinds"]["rename_function"]["tasks"] == 1
    assert data["results"][0]["id"] == "rename-load" and "drafted" not in data["results"][0]


def test_the_command_selects_kinds_and_refuses_unknown_ones(monkeypatch, capsys, task_dir):
    code, _, err = run_bench(monkeypatch, capsys, ["--tasks", str(task_dir), "--kinds", "rename_fnction"], None)
    assert code == 2 and "unknown kind rename_fnction" in err


# ---------------------------------------------------------------------------------------------
# the task sets


def test_the_shipped_task_set_is_well_formed():
    task_set = load_tasks(shipped_tasks())
    assert check_task_set(task_set) == []
    heldout = Counter(task.kind for task in task_set.tasks if task.phrasing == "heldout")
    assert {kind for kind in KINDS if heldout[kind] < 2} == set(), "at least 2 held-out tasks per kind"
    assert sum(heldout.values()) >= 40
    assert sum(1 for task in task_set.tasks if task.phrasing == "trained") >= 10
    assert sum(1 for task in task_set.tasks if task.redraft) >= 4
    assert len({task.source for task in task_set.tasks}) >= 10
    for task in task_set.tasks:  # the modules are the model's held-out data: none is in the repository's code
        assert task.source.parent.name == "modules" and task.source.is_relative_to(shipped_tasks())


def check_apart(root: Path, earlier: list, lines: tuple[int, int], per_kind: int = 2) -> list:
    """A task set in ``root`` well formed, every kind with at least ``per_kind`` held-out tasks, its 6
    modules and its instructions none of the ``earlier`` tasks' (modules: ASCII, no tabs, lines
    within ``lines``): its tasks."""
    task_set = load_tasks(root)
    assert check_task_set(task_set) == []
    tasks = task_set.tasks
    assert set(Counter(task.kind for task in tasks)) == set(KINDS), "every kind"
    heldout = Counter(task.kind for task in tasks if task.phrasing == "heldout")
    assert {kind for kind in KINDS if heldout[kind] < per_kind} == set(), f"at least {per_kind} held-out tasks per kind"
    sources = {task.source for task in tasks}
    assert len(sources) == 6 and all(source.parent == root / "modules" for source in sources)
    assert not {source.name for source in sources} & {task.source.name for task in earlier}
    assert not {task.instruction.lower() for task in tasks} & {task.instruction.lower() for task in earlier}
    for source in sources:
        text = source.read_text(encoding="utf-8")
        assert text.isascii() and "\t" not in text and lines[0] <= len(text.splitlines()) <= lines[1], source.name
    return tasks


def test_the_second_task_set_is_well_formed_and_apart_from_the_first():
    """engine/builtin/eval2: other modules, other instructions, every kind, mostly held out."""
    tasks = check_apart(shipped_tasks().parent / "eval2", load_tasks(shipped_tasks()).tasks, (60, 140))
    assert len(tasks) >= 40 and sum(task.phrasing == "heldout" for task in tasks) >= 30
    assert sum(1 for task in tasks if task.phrasing == "trained") >= 5
    assert sum(1 for task in tasks if task.redraft) >= 3


def test_the_third_task_set_is_well_formed_and_apart_from_the_first_two():
    """engine/builtin/eval3: six more modules, every kind, every instruction and note held out."""
    earlier = load_tasks(shipped_tasks()).tasks + load_tasks(shipped_tasks().parent / "eval2").tasks
    tasks = check_apart(shipped_tasks().parent / "eval3", earlier, (80, 120))
    assert len(tasks) == sum(task.phrasing == "heldout" for task in tasks) == 45
    assert sum(1 for task in tasks if task.redraft) == 6


def test_the_fourth_task_set_is_well_formed_and_apart_from_the_first_three():
    """engine/builtin/eval4: six more modules, every kind, every instruction and note held out
    (written apart from the first three sets, the training grammar and the app's rules)."""
    earlier = [task for name in ("eval", "eval2", "eval3") for task in load_tasks(shipped_tasks().parent / name).tasks]
    tasks = check_apart(shipped_tasks().parent / "eval4", earlier, (80, 120))
    assert len(tasks) == sum(task.phrasing == "heldout" for task in tasks) == 45
    assert sum(1 for task in tasks if task.redraft) == 6


def test_the_fifth_task_set_is_well_formed_and_apart_from_the_first_four():
    """engine/builtin/eval5: six more modules, every kind, weighted to what is not a rename or a
    value (insertions, docstrings, try/excepts, deletions), every instruction and note held out
    (written apart from the earlier sets, the training grammar and the app's rules)."""
    earlier = [task for name in ("eval", "eval2", "eval3", "eval4") for task in load_tasks(shipped_tasks().parent / name).tasks]
    tasks = check_apart(shipped_tasks().parent / "eval5", earlier, (100, 140), per_kind=1)
    assert len(tasks) == sum(task.phrasing == "heldout" for task in tasks) == 48
    assert sum(1 for task in tasks if task.redraft) == 4
    kinds = Counter(task.kind for task in tasks)
    assert kinds["insert_statement"] == 7 and kinds["add_docstring"] == 5 and kinds["wrap_try_except"] == 4


def test_the_sixth_task_set_is_well_formed_and_apart_from_the_first_five():
    """engine/builtin/eval6: six more modules, every kind, every instruction and note held out
    (written apart from the earlier sets, the training grammar and the app's rules)."""
    earlier = [task for name in ("eval", "eval2", "eval3", "eval4", "eval5")
               for task in load_tasks(shipped_tasks().parent / name).tasks]  # fmt: skip
    tasks = check_apart(shipped_tasks().parent / "eval6", earlier, (100, 140))
    assert len(tasks) == sum(task.phrasing == "heldout" for task in tasks) == 48
    assert sum(1 for task in tasks if task.redraft) == 4


def test_the_seventh_task_set_is_well_formed_and_apart_from_the_first_six():
    """engine/builtin/eval7: six more modules, every kind, every instruction and note held out
    (written apart from the earlier sets, the training grammar and the app's rules)."""
    earlier = [task for name in ("eval", "eval2", "eval3", "eval4", "eval5", "eval6")
               for task in load_tasks(shipped_tasks().parent / name).tasks]  # fmt: skip
    tasks = check_apart(shipped_tasks().parent / "eval7", earlier, (100, 140))
    assert len(tasks) == sum(task.phrasing == "heldout" for task in tasks) == 48
    assert sum(1 for task in tasks if task.redraft) == 4


def test_the_eighth_task_set_is_well_formed_and_apart_from_the_first_seven():
    """engine/builtin/eval8: six more modules, every kind, every instruction and note held out
    (written apart from the earlier sets, the training grammar and the app's rules)."""
    earlier = [task for name in ("eval", "eval2", "eval3", "eval4", "eval5", "eval6", "eval7")
               for task in load_tasks(shipped_tasks().parent / name).tasks]  # fmt: skip
    tasks = check_apart(shipped_tasks().parent / "eval8", earlier, (100, 140))
    assert len(tasks) == sum(task.phrasing == "heldout" for task in tasks) == 48
    assert sum(1 for task in tasks if task.redraft) == 4
    assert set(Counter(task.kind for task in tasks)) == set(KINDS)


def test_the_ninth_task_set_is_well_formed_and_apart_from_the_first_eight():
    """engine/builtin/eval9: six more modules, every kind, every instruction and note held out
    (written apart from the earlier sets, the training grammar and the app's rules)."""
    earlier = [task for name in ("eval", "eval2", "eval3", "eval4", "eval5", "eval6", "eval7", "eval8")
               for task in load_tasks(shipped_tasks().parent / name).tasks]  # fmt: skip
    tasks = check_apart(shipped_tasks().parent / "eval9", earlier, (100, 140))
    assert len(tasks) == sum(task.phrasing == "heldout" for task in tasks) == 48
    assert sum(1 for task in tasks if task.redraft) == 4
    assert set(Counter(task.kind for task in tasks)) == set(KINDS)


def test_the_fresh_task_sets_are_well_formed_and_apart_from_the_others():
    """engine/builtin/fresh/*: sets written apart and read first by a session's final app, kept out
    of the readers' task-set tests (nothing is fitted to them)."""
    root = shipped_tasks().parent
    earlier = [task for path in sorted(root.glob("eval*/tasks.toml")) for task in load_tasks(path.parent).tasks]
    fresh = sorted((root / "fresh").glob("*/tasks.toml"))  # none between a session's first reading and the next set
    for path in fresh:
        tasks = check_apart(path.parent, earlier, (100, 140))
        assert len(tasks) == sum(task.phrasing == "heldout" for task in tasks) == 48
        assert set(Counter(task.kind for task in tasks)) == set(KINDS)


def test_the_tenth_task_set_is_well_formed_and_apart_from_the_first_nine():
    """engine/builtin/eval10: six more modules, every kind, every instruction and note held out,
    written as different people would type them (written apart from the earlier sets, the
    training grammar and the app's rules)."""
    earlier = [task for name in ("eval", "eval2", "eval3", "eval4", "eval5", "eval6", "eval7", "eval8", "eval9")
               for task in load_tasks(shipped_tasks().parent / name).tasks]  # fmt: skip
    tasks = check_apart(shipped_tasks().parent / "eval10", earlier, (100, 140))
    assert len(tasks) == sum(task.phrasing == "heldout" for task in tasks) == 48
    assert sum(1 for task in tasks if task.redraft) == 4
    assert set(Counter(task.kind for task in tasks)) == set(KINDS)


@pytest.mark.parametrize("name", ["eval11", "eval12", "eval13"])
def test_the_eleventh_to_thirteenth_task_sets_are_well_formed_and_apart_from_those_before(name):
    """engine/builtin/eval11 to eval13: six more modules each, every kind, every instruction and
    note held out; each written apart and read first as a fresh set (engine/builtin/fresh) by a
    session's app, then moved beside the others."""
    root = shipped_tasks().parent
    number = int(name.removeprefix("eval"))
    earlier = [task for index in range(1, number) for task in load_tasks(root / ("eval" if index == 1 else f"eval{index}")).tasks]
    tasks = check_apart(root / name, earlier, (100, 140))
    assert len(tasks) == sum(task.phrasing == "heldout" for task in tasks) == 48
    assert sum(1 for task in tasks if task.redraft) == 4
    assert set(Counter(task.kind for task in tasks)) == set(KINDS)


@pytest.mark.parametrize("name", ["eval14", "eval15", "eval16", "eval17", "eval18", "eval19", "eval20", "eval21", "eval22", "eval23", "eval24", "eval25", "eval26", "eval27", "eval28", "eval29", "eval30", "eval31", "eval32", "eval33", "eval34", "eval35", "eval36", "eval37", "eval38", "eval39", "eval40", "eval41", "eval42", "eval43", "eval44", "eval45", "eval46", "eval47", "eval48", "eval49", "eval50", "eval51", "eval52", "eval53", "eval54", "eval55", "eval56", "eval57", "eval58", "eval59", "eval60", "eval61", "eval62", "eval63", "eval64", "eval65", "eval66", "eval67", "eval68", "eval69", "eval70", "eval71", "eval72", "eval73", "eval74", "eval75", "eval76", "eval77", "eval78"])
def test_the_sets_of_issue_37_are_well_formed_every_kind_three_times(name):
    """engine/builtin/eval14 to eval78: written for issues 37 and 38 by helpers that saw neither the code nor
    the other sets (plain wording in the even ones to eval43, varied in the odd; eval44, eval45, eval48, eval50
    to eval52, eval54, eval55, eval57 to eval61, eval63 to eval68, eval70 to eval73 and eval75 to eval78 plain,
    eval46, eval47, eval49, eval53, eval56, eval62, eval69 and eval74 varied), read once, then moved here.
    Their module names may repeat an earlier set's (apiary.py), and a short instruction another's."""
    root = shipped_tasks().parent
    task_set = load_tasks(root / name)
    assert check_task_set(task_set) == []
    tasks = task_set.tasks
    assert len(tasks) == 54 and Counter(task.kind for task in tasks) == dict.fromkeys(KINDS, 3)
    assert all(task.phrasing == "heldout" for task in tasks) and 4 <= sum(1 for task in tasks if task.redraft) <= 5
    earlier = {task.instruction.lower() for other in root.glob("eval*") if other.is_dir() and other.name != name
               for task in load_tasks(other).tasks}  # fmt: skip
    # written apart, by authors who saw no other set: a short instruction may come out the same
    # ("add `import json` to the imports."), a set may not
    assert len({task.instruction.lower() for task in tasks} & earlier) <= 3
    for source in {task.source for task in tasks}:
        text = source.read_text(encoding="utf-8")
        assert "\t" not in text and 90 <= len(text.splitlines()) <= 140, source.name  # UTF-8 (eval37 has a £)


@pytest.mark.parametrize(
    ("expected", "fields", "problem"),
    [
        (RENAMED.replace("def save(", "def store("), {}, "changes 'save' to 'store'"),
        (SOURCE.replace("load", "read_file"), {"tokens": ["load", "read_file"], "keep": 1}, "0 tokens load are left"),
        (RENAMED, {"tokens": None}, "names the tokens it changes"),
        (RENAMED.replace("    return os", "    return  os").replace("def load(", "def read_file("),
         {"scope": ["load"], "tokens": None, "kind": "add_type_hints"}, "outside load"),
        (SOURCE, {}, "the edit is empty"),
        (RENAMED + "def broken(:\n", {}, "does not parse"),
    ],
)
def test_the_checker_finds_what_is_wrong(tmp_path, expected, fields, problem):
    task = {key: value for key, value in rename_task(**fields).items() if value is not None}
    root = write_task_set(tmp_path, [task], {"files.py": SOURCE, "renamed.py": expected})
    problems = check_task_set(load_tasks(root))
    assert any(problem in line for line in problems), problems


def test_the_check_flag_fails_on_a_broken_set(monkeypatch, capsys, tmp_path):
    root = write_task_set(tmp_path, [rename_task()], {"files.py": SOURCE, "renamed.py": SOURCE})
    code, out, _ = run_bench(monkeypatch, capsys, ["--tasks", str(root), "--check"], None)
    assert code == 1 and "rename-load: the expected file equals the source" in out


def test_a_task_naming_a_missing_file_is_refused(monkeypatch, capsys, tmp_path):
    root = write_task_set(tmp_path, [rename_task(expected="nowhere.py")], {"files.py": SOURCE})
    code, _, err = run_bench(monkeypatch, capsys, ["--tasks", str(root)], None)
    assert code == 2 and "expected file nowhere.py does not exist" in err


# ---------------------------------------------------------------------------------------------
# the real builtin model



"""Whole-module edits sent window by window: the windows are the app's, each window's answer is that
window of the whole-file edit, and the windows an edit does not touch come back unchanged."""

from __future__ import annotations

import random
import re

import pytest

from specdraft.engine import editprompt
from specdraft.engine.training import corpus
from specdraft.training import editdata

BUILTIN_TOKENIZER = corpus.BUILTIN / "tokenizer.json"


@pytest.fixture(scope="module")
def count_tokens():
    from tokenizers import Tokenizer

    backend = Tokenizer.from_file(str(BUILTIN_TOKENIZER))
    return lambda text: len(backend.encode(text, add_special_tokens=False).ids)


def stdlib(name: str) -> str:
    return corpus.read_source(corpus.stdlib_root(), name)


class FakeBackend:
    """What EditRequester.windows asks of a backend: a context and token counts (the builtin pair's)."""

    edit_format = "builtin"
    name = "fake"
    context_length = editdata.CONTEXT

    def __init__(self, count):
        self.count = count

    def count_tokens(self, text):
        return self.count(text)

    def count_prompt_tokens(self, messages):
        return self.count(editprompt.render_chat(messages))


@pytest.mark.parametrize("name", ["argparse.py", "shlex.py", "glob.py"])
def test_windows_are_the_apps(name, count_tokens, tmp_path):
    from specdraft.drafting.requests import EditRequester, SourceFile

    text = stdlib(name)
    requester = EditRequester(FakeBackend(count_tokens), tmp_path)
    for instruction in ("Rename `parse_args` to `read_args` everywhere.", "add a docstring to f: \"Do it.\"", "x -> y"):
        ours = editdata.app_windows(text, name, instruction, count_tokens)
        assert ours == requester.windows(instruction, SourceFile(name, text.encode()))
        assert ours[0][0] == 0 and ours[-1][1] == len(text.splitlines()) and len(ours) >= (3 if name == "argparse.py" else 1)


def windows_of(described, path, count_tokens):
    """(original body, edited body) of every window of the file, cut as the app cuts it."""
    ranges = editdata.app_windows(described.original, path, described.instruction, count_tokens)
    before = described.original.splitlines(keepends=True)
    after = described.edited.splitlines(keepends=True)
    assert len(before) == len(after), "a rename keeps the lines"
    return [(editprompt.blank_edges("".join(before[a:b]))[1], editprompt.blank_edges("".join(after[a:b]))[1]) for a, b in ranges]


def test_a_rename_across_windows_is_the_whole_file_edit_window_by_window(count_tokens):
    text, path = stdlib("argparse.py"), "argparse.py"
    src = editdata._Source(text)
    for seed in range(300):
        described = editdata.describe_edit(src, "rename_function", random.Random(seed))
        if described is None:
            continue
        windows = windows_of(described, path, count_tokens)
        old = described.edit.spec.name
        holding = [n for n, (body, _) in enumerate(windows) if re.search(rf"(?<![\w.]){re.escape(old)}\b", body)]
        if len(holding) >= 3:
            break
    else:
        pytest.fail("no function of argparse.py is used in three windows")
    examples = editdata.window_examples(described, path, random.Random(0), unchanged_share=0.999999,
                                        count_tokens=count_tokens, max_changed=100)  # fmt: skip
    by_body = {e.original: e for e in examples}
    assert len(examples) == len([w for w in windows if w[0].strip()])  # every window, changed or not
    assert {e.instruction for e in examples} == {described.instruction}
    for number, (body, edited) in enumerate(windows):
        example = by_body[body]
        assert example.edited == edited, f"window {number} is not that window of the whole-file edit"
        if number in holding:
            assert example.kind == "rename_function" and example.edited != body
        else:
            assert example.kind == "no_change" and example.edited == body
    assert sum(e.kind == "rename_function" for e in examples) == len(holding)


def test_windows_that_quote_the_edit_but_must_not_change(count_tokens):
    """A constant's new value: the windows that use the constant are sent to the model (they hold
    the name the instruction quotes) and must come back as they were."""
    text = '"""Settings."""\n\nTIMEOUT = 10\n' + "".join(
        f"\n\ndef fetch_{n}(url, retries=3):\n" + "".join(f"    step_{k} = url.split('/')[{k}]\n" for k in range(12))
        + f"    return get(url, timeout=TIMEOUT * {n})\n" for n in range(6)
    )  # fmt: skip
    src = editdata._Source(text)
    for seed in range(100):
        described = editdata.describe_edit(src, "change_constant", random.Random(seed))
        if described is not None and "TIMEOUT" in described.instruction and "`TIMEOUT`" in described.instruction:
            break
    else:
        pytest.fail("no change_constant instruction quoting the name")
    examples = editdata.window_examples(described, "settings.py", random.Random(1), unchanged_share=0.5,
                                        count_tokens=count_tokens)  # fmt: skip
    changed = [e for e in examples if e.kind == "change_constant"]
    unchanged = [e for e in examples if e.kind == "no_change"]
    assert len(changed) == 1 and "TIMEOUT = 10" in changed[0].original and "TIMEOUT = 10" not in changed[0].edited
    assert unchanged and all(e.sent and "TIMEOUT" in e.original and e.edited == e.original for e in unchanged)


def test_windows_about_is_the_apps_choice():
    from specdraft.drafting.requests import windows_about

    assert editdata.windows_about is windows_about  # the data is cut by the app's own rule
    windows = ["def f(size):\n    return size\n", "def g():\n    pass\n"]
    cases = {"Rename `size` to `count`.": {0}, "rename size to count": {0}, "Rename `zzz` to `yyy`.": {0, 1},
             "add a docstring": {0, 1}}  # fmt: skip
    for instruction, expected in cases.items():  # naming nothing, or nothing found: every window
        assert windows_about(instruction, windows) == expected, instruction


@pytest.fixture(scope="module")
def generated(count_tokens):
    files = [(name, stdlib(name)) for name in ("shlex.py", "tempfile.py", "calendar.py", "glob.py", "textwrap.py",
                                               "configparser.py", "dataclasses.py")]  # fmt: skip
    return files, list(editdata.generate_module_edits(files, seed=4, unchanged_share=0.45, count_tokens=count_tokens))


def test_module_edits_are_deterministic_varied_and_mostly_unchanged(generated, count_tokens):
    files, examples = generated
    again = list(editdata.generate_module_edits(files, seed=4, unchanged_share=0.45, count_tokens=count_tokens))
    assert [e.to_dict() for e in examples] == [e.to_dict() for e in again]
    texts = dict(files)
    assert all(e.scope == "window" and e.original in texts[e.path] for e in examples)  # verbatim lines of the file
    kinds = {e.kind for e in examples} - {"no_change"}
    assert len(kinds) >= 17, sorted(kinds)
    unchanged = [e for e in examples if e.kind == "no_change"]
    assert 0.3 < len(unchanged) / len(examples) < 0.6
    assert sum(e.sent for e in unchanged) > len(unchanged) / 2, "most unchanged windows are ones the app sends"
    for e in unchanged:
        assert e.edited == e.original and e.edit_kind in editdata.EDIT_KINDS
        if not e.sent:  # the app leaves a window alone only when it holds nothing the instruction names
            assert editprompt.instruction_misses(e.instruction, e.original, texts[e.path])
    for e in examples:
        if e.kind != "no_change":
            assert e.edited != e.original and e.edit_kind == e.kind
        tokens = count_tokens(editprompt.render_edit_prompt(e.instruction, e.original, e.path)) + count_tokens(e.edited)
        assert tokens <= editdata.CONTEXT + 64, "a window fits the context (an edit may grow it a little)"


def test_module_edits_rename_across_the_file(generated):
    _, examples = generated
    spread = {}
    for e in examples:
        if e.kind.startswith("rename_"):
            spread.setdefault((e.path, e.instruction), []).append(e)
    assert max(len(v) for v in spread.values()) >= 2, "some rename changes several windows"

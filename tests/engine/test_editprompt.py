"""The edit prompt format: our renderer, the jinja chat template, and transformers agree."""

from __future__ import annotations

import subprocess
import sys

import pytest

from specdraft.engine import editprompt

ORIGINAL = "def area(width, height):\n    return width * height\n"
EDITED = "def area(w, height):\n    return w * height\n"


def test_edit_prompt_layout():
    prompt = editprompt.render_edit_prompt("Rename `width` to `w`.", ORIGINAL, "geometry.py")
    assert prompt.startswith(editprompt.BOS_TOKEN + "<|system|>\n" + editprompt.SYSTEM_PROMPT)
    assert prompt.endswith("<|end|>\n<|assistant|>\n")
    assert "Rename `width` to `w`.\n\nFile: geometry.py\n```python\n" + ORIGINAL + "```<|end|>" in prompt


def test_file_block_without_path_or_final_newline():
    assert editprompt.format_file_block("x = 1") == "```python\nx = 1\n```"
    assert editprompt.format_file_block("x = 1\n", "a.py") == "File: a.py\n```python\nx = 1\n```"


def test_unknown_role_is_refused():
    with pytest.raises(ValueError, match="unknown chat role"):
        editprompt.render_chat([{"role": "tool", "content": "x"}])


def test_import_does_not_import_torch():
    code = "import sys, specdraft.engine.editprompt; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.fixture(scope="module")
def exported_tokenizer_dir(tmp_path_factory):
    """A tiny model exported by specdraft.engine.training.train.export's code path, with a freshly trained tokenizer."""
    import torch

    from specdraft.engine import checkpoint
    from specdraft.engine.training import train

    texts = [ORIGINAL, EDITED, editprompt.SYSTEM_PROMPT, "Rename the variable `a` to `b`."] * 20
    backend = train.train_tokenizer(texts, vocab_size=300)
    torch.manual_seed(0)
    from specdraft.engine.model import Transformer

    model = Transformer(train.SPECS["tiny"].model_args(backend.get_vocab_size()))
    model.init_weights()
    out = tmp_path_factory.mktemp("tok")
    checkpoint.save(model, out, train.engine_tokenizer(backend), dtype=torch.bfloat16)
    return out


def _conversations():
    messages = editprompt.build_edit_messages("Rename `width` to `w`.", ORIGINAL, "geometry.py")
    yield messages, True
    yield messages + [{"role": "assistant", "content": EDITED}], False
    yield editprompt.build_edit_messages("Add a docstring.", "x = 'ünïcode'\n"), True


def test_template_matches_transformers_and_engine(exported_tokenizer_dir):
    transformers = pytest.importorskip("transformers")
    from specdraft.engine import checkpoint

    hf = transformers.AutoTokenizer.from_pretrained(str(exported_tokenizer_dir))
    ours = checkpoint.Tokenizer.from_dir(exported_tokenizer_dir)
    for messages, add_generation_prompt in _conversations():
        expected = editprompt.render_chat(messages, add_generation_prompt=add_generation_prompt)
        rendered = hf.apply_chat_template(messages, tokenize=False, add_generation_prompt=add_generation_prompt)
        assert rendered == expected
        assert ours.apply_chat_template(messages, add_generation_prompt=add_generation_prompt) == expected


def test_special_tokens_are_single_tokens(exported_tokenizer_dir):
    from specdraft.engine import checkpoint

    tok = checkpoint.Tokenizer.from_dir(exported_tokenizer_dir)
    for index, token in enumerate(editprompt.SPECIAL_TOKENS):
        assert tok.encode(token, add_special_tokens=False) == [index]
    prompt = editprompt.render_edit_prompt("Rename `width` to `w`.", ORIGINAL)
    ids = tok.encode(prompt, add_special_tokens=False)
    assert ids[0] == 1 and ids[-2] == tok.token_to_id("<|assistant|>")
    assert tok.decode(ids) == prompt


def test_windows_fit_the_budget_and_end_where_statements_start():
    text = "".join(f"def f{i}(x):\n    if x:\n        return {i}\n    return x\n\n" for i in range(10))
    lines = text.splitlines(keepends=True)
    costs = [len(line) for line in lines]
    depth = editprompt.statement_starts(text, "f.py")
    assert depth[0] == 0 and depth[1] == 1 and depth[2] == 2 and 4 not in depth  # blank lines start nothing
    ranges = editprompt.window_ranges(lines, costs, 120, depth)
    assert ranges[0][0] == 0 and ranges[-1][1] == len(lines) and len(ranges) > 3
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:], strict=False))
    assert all(sum(costs[a:b]) <= 120 for a, b in ranges)
    assert all(lines[a].startswith("def ") for a, _ in ranges)
    # not Python (or not parsing): the least indented line, after a blank line, wins
    assert editprompt.statement_starts(text, "f.txt")[1] == 4
    assert editprompt.window_ranges(lines, costs, 120, editprompt.statement_starts(text, "f.txt")) == ranges
    # a line over the budget gets a window of its own
    assert editprompt.window_ranges(["a\n", "b" * 50 + "\n", "c\n"], [2, 51, 2], 10, {}) == [(0, 1), (1, 2), (2, 3)]


@pytest.mark.parametrize(
    ("window", "parts"),
    [
        ("def f():\n    pass\n\n\n", ("", "def f():\n    pass\n", "\n\n")),
        ("\n  \nx = 1\n\ny = 2\n \n", ("\n  \n", "x = 1\n\ny = 2\n", " \n")),  # inner blank lines stay
        ("x = 1", ("", "x = 1", "")),  # no final newline
        ("\n\n", ("\n\n", "", "")),  # only blank lines: all head
        ("", ("", "", "")),
    ],
)
def test_blank_edges_split_a_window_and_join_back_to_it(window, parts):
    assert editprompt.blank_edges(window) == parts
    assert "".join(parts) == window


# ---------------------------------------------------------------------------------------------
# put_back_unrelated: the builtin pair's changes that name nothing of the instruction

CONFIG = '''"""Monthly sales report."""

MAX_WORKERS = 8
ENV_PREFIX = "SHIPIT_"


def workers(settings):
    return settings.get("workers", MAX_WORKERS)
'''


def test_feedback_notes_are_what_the_reviewer_said_and_nothing_around_it():
    feedback = editprompt.redraft_feedback([("report.py", "-a\n+b\n", "use `separator`, not sep"),
                                            ("util.py", "-c\n+d\n", "")], [("x.py", "-e\n+f\n")])  # fmt: skip
    assert editprompt.feedback_notes(feedback) == "use `separator`, not sep"
    assert editprompt.feedback_notes("") == ""


# ---------------------------------------------------------------------------------------------
# carry_renames: a rename the model made, carried to the lines it left as they were

MODULE = '''import unicodedata


def fold(text):
    """Fold text: fold("É") is "e"."""
    return unicodedata.normalize("NFKD", text).lower()


def tokens(text, limit=10):
    # fold first
    return fold(text).split()[:limit]


def shadowed(fold):
    return fold + 1


class Index:
    def __init__(self, limit=10):
        self.limit = limit

    def add(self, text):
        return tokens(text, limit=self.limit)

    def normalize(self, text):
        return fold(text)


def build(index):
    return index.add("x"), index.normalize("y"), tokens("z", limit=3)
'''


def _one_line(original: str, old_line: str, new_line: str) -> str:
    assert original.count(old_line) == 1
    return original.replace(old_line, new_line)


TAGS_MODULE = '''def parse_bool(text):
    return text.strip().lower() in ("1", "yes", "true")


def parse_tags(text) -> list:
    return [tag.strip() for tag in text.split(",")]
'''


DATES = (
    "from datetime import date, timedelta\n\n\n"
    "def next_month(day):\n"
    "    if day.month == 12:\n"
    "        return date(day.year + 1, 1, 1)\n"
    "    return date(day.year, day.month + 1, 1)\n\n\n"
    "def due_date(invoice_day, terms_days=30):\n"
    "    return invoice_day + timedelta(days=terms_days)\n"
)


def _task_set_edits():
    """(task, its source, its expected file) of both hand-written task sets."""
    from pathlib import Path

    import tomllib

    for tasks_file in sorted((Path(__file__).parents[2] / "engine" / "builtin").glob("eval*/tasks.toml")):
        for task in tomllib.loads(tasks_file.read_text())["task"]:
            yield task, (tasks_file.parent / task["source"]).read_text(), (tasks_file.parent / task["expected"]).read_text()


SHEET = (
    "TARGET_HOURS = 8.0\nMAX_DISHES = 2\n\n\n"
    "def add(dishes, cook, name):\n"
    "    if len(dishes) >= MAX_DISHES:\n"
    "        raise ValueError(cook)\n"
    "    dishes.append(name)\n"
    "    print(cook, name)\n"
    "    return name\n\n\n"
    "def expected(arrival):\n    return arrival\n\n\n"
    "def minutes_until(arrival, now):\n    return expected(arrival) - now\n\n\n"
    "def report(debt):\n    if debt > 5:\n        return 'sleep'\n    return 'ok'\n"
)



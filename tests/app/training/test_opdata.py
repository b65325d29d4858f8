"""The operation-reading training data: operations lifted from a task's before and after, and
examples made from editdata's edits, kept only where specdraft.ops makes the same edit."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from specdraft.drafting.opreading import answer_text, parse_answer
from specdraft.engine.editprompt import EOS_TOKEN
from specdraft.ops import apply_all, from_json
from specdraft.training import editdata, opdata

BEFORE = '''import os

LIMIT = 10


def fetch(path, retries=3):
    """Read a file."""
    total = 0
    for _ in range(retries):
        total += len(os.listdir(path))
    return total


class Store:
    def put(self, key, value):
        return fetch(key) + LIMIT
'''


@pytest.mark.parametrize(("after", "answer"), [
    (BEFORE.replace("fetch", "load"), '[{"kind":"rename","old":"fetch","new":"load"}]'),
    (BEFORE.replace("LIMIT = 10", "LIMIT = 20"), '[{"kind":"set_value","target":"LIMIT","value":"20"}]'),
    (BEFORE.replace("retries=3", "retries=5"), '[{"kind":"set_value","target":"fetch.retries","value":"5"}]'),
    (BEFORE.replace("import os\n", "import json\nimport os\n"), '[{"kind":"add_import","module":"json"}]'),
    (BEFORE.replace("def put(self, key, value):", "def put(self, key, value, force=False):"),
     '[{"kind":"add_parameter","function":"Store.put","name":"force","default":"False"}]'),
    (BEFORE.replace("    total = 0\n", ""), '[{"kind":"delete_statement","function":"fetch","statement":"total = 0"}]'),
    (BEFORE.replace("    return total\n", "    print(total)\n    return total\n"),
     '[{"kind":"insert_statement","function":"fetch","where":"before","anchor":"return total","code":"print(total)"}]'),
    (BEFORE.replace("        return fetch", "        assert key\n        return fetch"),
     '[{"kind":"insert_statement","function":"Store.put","where":"start","code":"assert key"}]'),
    (BEFORE.replace("        total += len(os.listdir(path))\n",
                    "        try:\n            total += len(os.listdir(path))\n        except OSError as error:\n            raise ValueError(path) from error\n"),
     '[{"kind":"wrap_try","function":"fetch","statement":"total += len(os.listdir(path))","exception":"OSError",'
     '"name":"error","handler":"raise ValueError(path) from error"}]'),
])  # fmt: skip
def test_lift_finds_the_operation_that_makes_the_expected_file(after, answer):
    ops = opdata.lift(BEFORE, after, "print the total first")
    assert ops is not None and answer_text(ops) == answer
    assert apply_all(ops, {opdata.PATH: BEFORE})[opdata.PATH] == after


def test_lift_takes_the_anchor_the_instruction_quotes_where_two_places_make_the_same_file():
    after = BEFORE.replace("    total = 0\n", "    total = 0\n    print(path)\n")
    assert [(op.where, op.anchor) for op in opdata.lift(BEFORE, after, "print the path")] == [("after", "total = 0")]
    ops = opdata.lift(BEFORE, after, "print the path before `for _ in range(retries):`")
    assert [(op.where, op.anchor) for op in ops] == [("before", "for _ in range(retries):")]


def test_lift_finds_nothing_for_a_body_change_or_code_that_does_not_parse():
    assert opdata.lift(BEFORE, BEFORE.replace("total += len", "total -= len")) is None
    assert opdata.lift(BEFORE, "def (:\n") is None


@pytest.fixture(scope="module")
def made():
    from specdraft.engine.training import corpus

    root = corpus.stdlib_root()
    files = [(name, corpus.read_source(root, name)) for name in ("shlex.py", "textwrap.py", "calendar.py")]
    counts: Counter = Counter()
    return list(opdata.examples(files, seed=3, count=60, heldout_phrasing=0.0, counts=counts)), counts


def test_each_example_s_answer_is_made_by_the_operations_and_names_what_its_outline_holds(made):
    examples, counts = made
    assert len(examples) == 60
    with_ops = [e for e in examples if not e["answer"].startswith("[]")]
    assert len(with_ops) > 20 and any(e["answer"].startswith("[]") for e in examples)
    for example in with_ops:
        assert example["answer"].endswith(EOS_TOKEN)
        ops = parse_answer(example["answer"].removesuffix(EOS_TOKEN))
        assert ops, example
        outline = opdata.outline([(opdata.PATH, example["source"])])
        assert apply_all(ops, {opdata.PATH: example["source"]})  # they fit the code the prompt outlines
        assert example["instruction"] in example["prompt"] and outline.text.splitlines()[0] in example["prompt"]
    kept = [k for k in counts if k.endswith((" ok", " []")) or k in ("redraft rename", "redraft set_value", "redraft add_parameter")]
    assert sum(counts[k] for k in kept) == 60  # the tally says what was kept


def test_a_redraft_example_rejects_another_name_or_value_and_answers_the_one_its_note_wants(made):
    examples, _ = made
    redrafts = [e for e in examples if e["kind"].startswith("redraft ")]
    assert redrafts
    for example in redrafts:
        assert example["rejected"] != example["answer"].removesuffix(EOS_TOKEN)
        assert f"Rejected: {example['rejected']}" in example["prompt"] and f"Note: {example['note']}" in example["prompt"]
        wanted = json.loads(example["answer"].removesuffix(EOS_TOKEN))[0]
        field = {"rename": "new", "set_value": "value", "add_parameter": "name"}[wanted["kind"]]
        assert wanted[field] in example["note"]


def test_training_examples_never_use_the_held_out_phrasing():
    from specdraft.engine.training import corpus

    root = corpus.stdlib_root()
    files = [(name, corpus.read_source(root, name)) for name in ("shlex.py",)]
    examples = list(opdata.examples(files, seed=5, count=40, heldout_phrasing=0.0, counts=Counter()))
    assert examples and all(e["phrasing"] == "train" for e in examples)
    heldout = list(opdata.examples(files, seed=5, count=40, heldout_phrasing=1.0, counts=Counter()))
    assert heldout and all(e["phrasing"] == "heldout" for e in heldout)


def test_task_examples_lift_a_task_set_s_edits_and_its_note_s_redraft(tmp_path):
    (tmp_path / "modules").mkdir()
    (tmp_path / "expected").mkdir()
    (tmp_path / "modules" / "store.py").write_text(BEFORE)
    (tmp_path / "expected" / "rename.py").write_text(BEFORE.replace("fetch", "load"))
    (tmp_path / "expected" / "rename.after-note.py").write_text(BEFORE.replace("fetch", "read_all"))
    (tmp_path / "expected" / "literal.py").write_text(BEFORE.replace("total = 0", "total = 1"))
    (tmp_path / "tasks.toml").write_text('''
[[task]]
id = "rename"
kind = "rename_function"
phrasing = "heldout"
source = "modules/store.py"
instruction = "rename fetch to load"
expected = "expected/rename.py"
tokens = ["fetch", "load"]
note = "call it read_all"
after_note = "expected/rename.after-note.py"

[[task]]
id = "literal"
kind = "change_literal"
phrasing = "heldout"
source = "modules/store.py"
instruction = "start total at 1"
expected = "expected/literal.py"
tokens = ["0", "1"]
scope = ["fetch"]
''')
    counts: Counter = Counter()
    records = list(opdata.task_examples([tmp_path], counts))
    assert [r["kind"] for r in records] == ["task rename_function", "task redraft", "task change_literal"], counts
    assert records[0]["answer"].startswith('[{"kind":"rename","old":"fetch","new":"load"}]')
    assert records[1]["answer"].startswith('[{"kind":"rename","old":"fetch","new":"read_all"}]')
    assert "Rejected: " in records[1]["prompt"] and "Note: call it read_all" in records[1]["prompt"]
    assert records[2]["answer"].startswith("[]")  # a literal in a body: no operation, the text edit
    (tmp_path / "tasks.toml").write_text("[[task]]\nid = 1\n")
    counts.clear()
    assert list(opdata.task_examples([tmp_path], counts)) == [] and any("not a task set" in k for k in counts)


MODULE = '''"""A kennel's boarding book."""

import json
from dataclasses import dataclass

NIGHTLY_RATE = 18.5
MAX_DOGS = 12


@dataclass
class Stay:
    dog: str
    nights: int
    walks: int = 2

    def cost(self, rate=NIGHTLY_RATE):
        extra = self.walks * 1.5
        return self.nights * (rate + extra)


def load_book(path, encoding="utf-8"):
    with open(path, encoding=encoding) as handle:
        return [Stay(**row) for row in json.load(handle)]


def takings(stays, discount=0.0):
    total = sum(stay.cost() for stay in stays)
    return round(total * (1 - discount), 2)


def has_room(stays, limit=MAX_DOGS):
    return len(stays) < limit
'''


def test_module_examples_outline_the_whole_module_and_their_operations_make_the_edit(tmp_path):
    """--corpus: each edit is made in a whole module, the prompt outlines all of it (the edited
    definition among every other), and the answer's operations applied to it give editdata's edit."""

    edits = list(editdata.whole_module_edits([("kennel.py", MODULE)], seed=2, rounds=2))
    assert edits and all(e.scope == "module" for e in edits)
    assert len({e.instruction for e in edits}) == len(edits)  # an edit drawn twice is kept once
    assert {e.original for e in edits if e.kind != "add_import"} == {MODULE}
    by_instruction = {e.instruction: e for e in edits}
    counts: Counter = Counter()
    records = list(opdata.module_examples([("kennel.py", MODULE)], seed=2, rounds=2, heldout_phrasing=0.0, counts=counts))
    with_ops = [r for r in records if not r["answer"].startswith("[]") and not r["kind"].startswith("redraft")]
    assert len(with_ops) >= 8 and any(r["answer"].startswith("[]") for r in records), counts
    assert {"delete_statement", "insert_statement", "wrap_try"} & {r["kind"] for r in with_ops}, counts  # named by their text
    for record in records:
        for name in ("class Stay", "def cost", "def load_book", "def takings", "def has_room", "NIGHTLY_RATE", "MAX_DOGS"):
            assert name in record["prompt"]  # the whole module's outline, not the edited definition's
    for record in with_ops:
        edit = by_instruction[record["instruction"]]
        ops = parse_answer(record["answer"].removesuffix(EOS_TOKEN))
        made = apply_all(ops, {opdata.PATH: edit.original})[opdata.PATH]
        assert opdata._same(made, edit.edited), record["instruction"]


def test_the_corpus_holds_out_a_fifth_of_its_modules_by_name_and_never_the_extra_modules(tmp_path):
    corpus, extra = tmp_path / "corpus", tmp_path / "read"
    corpus.mkdir()
    extra.mkdir()
    names = [f"kennel_{n}.py" for n in range(15)]
    for name in names:
        (corpus / name).write_text(MODULE)
        (extra / name).write_text(MODULE)
    held = {name for name in names if opdata.corpus_heldout(name)}
    assert 0 < len(held) < len(names)
    assert opdata.main(["--out", str(tmp_path / "out"), "--corpus", str(corpus), "--modules", str(extra), "--rounds", "1"]) == 0
    summary = json.loads((tmp_path / "out" / "summary.train-heldout.json").read_text())
    assert summary["heldout"]["modules"] == len(held) and summary["train"]["modules"] == 2 * len(names) - len(held)
    train = [json.loads(line) for line in (tmp_path / "out" / "train.jsonl").read_text().splitlines()]
    heldout = [json.loads(line) for line in (tmp_path / "out" / "heldout.jsonl").read_text().splitlines()]
    assert train and heldout and {r["phrasing"] for r in train} == {"train"}
    assert "heldout" in {r["phrasing"] for r in heldout}
    with pytest.raises(SystemExit, match="not a folder"):
        opdata.main(["--out", str(tmp_path / "out"), "--corpus", str(tmp_path / "missing")])


def test_written_instructions_train_where_their_operations_make_an_edit_the_grammar_admits(tmp_path, capsys):
    """--written: instructions written for the corpus's modules with their operations. Each line
    is made on its module and read back through the outline's grammar; a line that does not fit is
    named (file and line) and left out, and a held-out module's lines are held out."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    names = [f"kennel_{n}.py" for n in range(10)]
    for name in names:
        (corpus / name).write_text(MODULE)
    held = next(name for name in names if opdata.corpus_heldout(name))
    trained = next(name for name in names if not opdata.corpus_heldout(name))
    lines = [
        {"module": trained, "instruction": "a dozen and a half quid a night", "operations": [
            {"kind": "set_value", "target": "NIGHTLY_RATE", "value": "18.5"}]},  # already so: nothing to change
        {"module": trained, "instruction": "room for fifteen dogs", "operations": [
            {"kind": "set_value", "target": "MAX_DOGS", "value": "15"}]},
        {"module": held, "instruction": "call the room check has_space", "operations": [
            {"kind": "rename", "old": "has_room", "new": "has_space"}]},
        {"module": trained, "instruction": "round the takings to whole pounds", "operations": []},
        {"module": trained, "instruction": "walks default to three", "operations": [
            {"kind": "set_value", "target": "Stay.walks", "value": "3"}],
         "rejected": [{"kind": "set_value", "target": "Stay.walks", "value": "4"}], "note": "three, not four"},
        {"module": trained, "instruction": "rename the cat flap", "operations": [
            {"kind": "rename", "old": "cat_flap", "new": "door"}]},  # no such name
        {"module": "absent.py", "instruction": "anything", "operations": []},
        {"module": trained, "instruction": "one of a kind", "operations": [{"kind": "teleport"}]},
    ]
    written = tmp_path / "mine.jsonl"
    written.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    assert opdata.main(["--corpus", str(corpus), "--written", str(written), "--check"]) == 1
    said = capsys.readouterr().err
    assert [f"mine.jsonl:{n}" in said for n in range(1, 9)] == [True, False, False, False, False, True, True, True]
    assert opdata.main(["--out", str(tmp_path / "out"), "--corpus", str(corpus), "--written", str(written)]) == 0
    train = [json.loads(line) for line in (tmp_path / "out" / "written_train.jsonl").read_text().splitlines()]
    heldout = [json.loads(line) for line in (tmp_path / "out" / "written_heldout.jsonl").read_text().splitlines()]
    assert [r["instruction"] for r in heldout] == ["call the room check has_space"]
    assert [r["kind"] for r in train] == ["written set_value", "written []", "written redraft set_value"]
    for record in train + heldout:
        ops = parse_answer(record["answer"].removesuffix(EOS_TOKEN))
        assert record["instruction"] in record["prompt"] and "class Stay" in record["prompt"]
        assert not ops or apply_all(ops, {opdata.PATH: MODULE})
    redraft = train[2]
    assert "Rejected:" in redraft["prompt"] and "three, not four" in redraft["prompt"] and '"value":"3"' in redraft["answer"]
    # an operation that applies, but on a name the outline does not list (a local not set to a
    # literal): the model could never write it under the grammar
    unlisted = {"module": trained, "instruction": "no extra for walks", "operations": [
        {"kind": "set_value", "target": "Stay.cost.extra", "value": "0"}]}
    assert apply_all([from_json(unlisted["operations"][0])], {opdata.PATH: MODULE})
    written.write_text(json.dumps(unlisted) + "\n")
    assert opdata.main(["--corpus", str(corpus), "--written", str(written), "--check"]) == 1
    assert "grammar does not admit" in capsys.readouterr().err


def test_evaluate_reads_each_held_out_example_as_the_app_would_and_counts_by_outcome(tmp_path, monkeypatch):
    """opdata --evaluate: a redraft is asked with its rejected answer and note; an answer is exact,
    wrong (sure enough to be shown), withheld (unsure) or none ([]); a prompt that does not fit the
    window is not read, and is counted so."""
    from specdraft.engine import local
    from specdraft.engine.interface import DraftStats

    rename = '[{"kind":"rename","old":"fetch","new":"load"}]'
    other = '[{"kind":"rename","old":"fetch","new":"read_all"}]'
    records = [  # (record, what the fake model answers, how sure)
        ({"instruction": "rename fetch to load", "answer": rename}, rename, 0.97),
        ({"instruction": "rename fetch to load please", "answer": rename}, other, 0.95),
        ({"instruction": "rename fetch, to load", "answer": rename}, other, 0.3),
        ({"instruction": "make fetch load", "answer": rename}, "[]", 0.9),
        ({"instruction": "no, call it load", "answer": rename, "rejected": other, "note": "call it load"}, rename, 0.99),
        ({"instruction": "x" * 5000 + " too long for the window", "answer": rename}, rename, 0.99),
    ]
    answers = {r["instruction"]: (text, sure) for r, text, sure in records}
    prompts: list[str] = []

    class Scripted:
        context_length = 1024

        def __init__(self, model_dir):
            pass

        def count_prompt_tokens(self, messages):
            return len(messages[-1]["content"]) // 4

        def stream(self, messages, max_new_tokens, grammar):
            prompts.append(messages[-1]["content"])
            instruction = messages[-1]["content"].split("Instruction: ")[1].split("\n")[0]
            text, sure = answers[instruction]
            yield text
            yield DraftStats(model="fake", backend="local", finish_reason="stop", least_token_prob=sure)

    monkeypatch.setattr(local, "LocalBackend", Scripted)
    path = tmp_path / "heldout.jsonl"
    with open(path, "w") as out:
        for record, _, _ in records:
            out.write(json.dumps({**record, "answer": record["answer"] + EOS_TOKEN, "kind": "rename_function",
                                  "phrasing": "heldout", "source": BEFORE}) + "\n")  # fmt: skip
    result = opdata.evaluate("fake", path, min_prob=0.5)
    total = result["total"]
    assert (total["tasks"], total["exact"], total["wrong"], total["withheld"], total["none"], total["did not fit"]) == (6, 2, 1, 1, 1, 1)
    assert len(prompts) == 5 and f"Rejected: {other}\nNote: call it load" in prompts[4]
    assert result["by_bar"][0.9] == {"shown": 3, "wrong": 1}  # answers naming operations, by how sure

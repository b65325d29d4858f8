"""`specdraft generate --drafter ...` and `specdraft bench speculative`, end to end on tiny models."""

from __future__ import annotations

import json
import random
import shutil

import pytest
import torch

from specdraft.engine import checkpoint
from specdraft.engine.generate import generate
from specdraft.ui.cli.main import main
from tests.engine.conftest import make_checkpoint

PROMPT = "class Point:\n    def __init__(self, x, y):\n"


@pytest.fixture(scope="module")
def draft_dir(tmp_path_factory):
    """A second random model with the same tiny tokenizer: a (poor) draft model."""
    return make_checkpoint(tmp_path_factory.mktemp("draft") / "llama", "llama", seed=7)


def plain_text(path, prompt: str, max_new: int) -> str:
    loaded = checkpoint.load(path)
    ids = loaded.tokenizer.encode(prompt)
    tokens = generate(loaded.model, ids, max_new_tokens=max_new, eos_ids=loaded.eos_token_ids).tokens
    return loaded.tokenizer.decode(tokens, skip_special_tokens=True)


@pytest.mark.parametrize("drafter", ["lookup", "edit", "hybrid", "model", "model --compile-draft"])
def test_every_drafter_prints_the_plain_output(checkpoints, draft_dir, tmp_path, capsys, drafter):
    path = checkpoints["llama"]
    expected = plain_text(path, PROMPT, 40)
    assert main(["generate", "--model", str(path), PROMPT, "--max-new-tokens", "40"]) == 0
    assert capsys.readouterr().out == expected
    reference = tmp_path / "original.py"
    words = expected.split(" ")
    words[len(words) // 2] = "changed"  # the reference is the output with one edit
    reference.write_text(" ".join(words))
    argv = ["generate", "--model", str(path), PROMPT, "--max-new-tokens", "40", "--drafter", *drafter.split(),
            "--stats", "--reference", str(reference), "--draft-model", str(draft_dir)]  # fmt: skip
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert out == expected
    stats = json.loads(err.strip().splitlines()[-1])
    for key in ("drafted_tokens", "accepted_tokens", "acceptance_rate", "mean_accepted_per_forward",
                "target_forwards", "new_tokens", "decode_tokens_per_s"):
        assert key in stats
    assert stats["target_forwards"] + stats["accepted_tokens"] + 1 == stats["new_tokens"]
    if drafter in ("edit", "hybrid"):
        # a random model's tokens are not the canonical tokenization of its text, so the re-encoded
        # reference matches only in runs; a trained model's output re-encodes to itself
        assert stats["accepted_tokens"] > 0


def test_draft_len_and_sampling_with_a_seed_are_reproducible(checkpoints, draft_dir, capsys):
    argv = ["generate", "--model", str(checkpoints["llama"]), PROMPT, "--max-new-tokens", "24",
            "--drafter", "model", "--draft-model", str(draft_dir), "--draft-len", "3",
            "--temperature", "0.8", "--seed", "11", "--stats"]  # fmt: skip
    assert main(argv) == 0
    first = capsys.readouterr()
    assert main(argv) == 0
    again = capsys.readouterr()
    assert again.out == first.out
    assert json.loads(first.err.strip().splitlines()[-1])["drafted_tokens"] > 0


def test_speculative_option_errors_are_one_line(checkpoints, tmp_path, capsys):
    path = str(checkpoints["llama"])
    cases = [
        (["--drafter", "edit"], "--drafter edit needs --reference"),
        (["--drafter", "model"], "--drafter model needs --draft-model"),
        (["--reference", str(tmp_path / "x.py")], "--reference needs --drafter"),
        (["--drafter", "edit", "--reference", str(tmp_path / "missing.py")], "no such file"),
        (["--drafter", "lookup", "--draft-len", "0"], "--draft-len must be 1 or more"),
    ]
    for extra, message in cases:
        assert main(["generate", "--model", path, "x", *extra]) == 2
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1, err
    small = tmp_path / "small"
    from specdraft.engine.model import ModelArgs, Transformer

    checkpoint.save(Transformer(ModelArgs(vocab_size=100, dim=32, n_layer=1, n_head=2)), small)
    assert main(["generate", "--model", path, "x", "--drafter", "model", "--draft-model", str(small)]) == 2
    assert "must share the model's tokenizer" in capsys.readouterr().err


@pytest.mark.slow
def test_bench_speculative_oracle_edit_workload_is_lossless_and_fast():
    """The bench's own machinery: windows of an edited module, oracle target, every drafter."""
    from specdraft.engine import editprompt
    from specdraft.engine.bench.speculative import (
        OracleDraft,
        OracleTarget,
        edit_tasks,
        edit_windows,
        format_table,
        free_windows,
        run_edit_bench,
    )
    from specdraft.engine.model import ModelArgs, Transformer
    from specdraft.engine.training import corpus, train

    root = corpus.stdlib_root()
    texts = [(root / name).read_text() for name in ("shlex.py", "glob.py")]
    tokenizer = train.engine_tokenizer(train.train_tokenizer(texts, 600))
    windows = edit_windows(tokenizer, context=384, files=1, seed=0)
    assert len(windows) > 1  # the file did not fit in one window
    # cut as the app cuts: windows fit the context and start where statements start (but where a
    # long docstring or statement leaves no such line in a window's second half)
    assert all(len(w.prompt) + len(w.answer) <= 384 for w in windows)
    name = windows[0].label.split(":")[0]
    module, _, _, text, _ = edit_tasks(1, seed=0)[0]
    assert name == module
    starts = editprompt.statement_starts(text, name)
    firsts = [int(w.label.split(":")[1].split("-")[0]) - 1 for w in windows]
    at_statements = sum(first in starts for first in firsts)
    with pytest.MonkeyPatch.context() as patch:  # the same windows cut wherever the budget ends
        patch.setattr(editprompt, "statement_starts", lambda text, path: {})
        naive = [int(w.label.split(":")[1].split("-")[0]) - 1 for w in edit_windows(tokenizer, context=384, files=1, seed=0)]
    assert at_statements >= 0.7 * len(firsts) and at_statements > sum(first in starts for first in naive) + 2
    torch.manual_seed(0)
    model = Transformer(ModelArgs(vocab_size=tokenizer.vocab_size, dim=32, n_layer=1, n_head=2,
                                  max_position_embeddings=384))  # fmt: skip
    eos = tokenizer.backend.token_to_id("<|end|>")
    target = OracleTarget(model.eval(), eos)
    chosen = random.Random(0).sample(windows, min(3, len(windows)))
    draft = OracleDraft(Transformer(model.args.replace(dim=16)).eval(), eos, accuracy=0.8)
    table = run_edit_bench(target, chosen, ["edit", "lookup", "hybrid", "model"], [eos], draft, oracle=True)
    assert table["plain"]["tokens"] == sum(len(w.answer) - 1 for w in chosen)  # the oracle wrote the edit
    assert 0.2 < table["model"]["acceptance_rate"] < 0.95  # a draft right 80% of the time, per token
    assert table["model"]["mean_accepted_per_forward"] > 1
    for name in ("edit", "lookup", "hybrid", "model"):
        assert table[name]["lossless"] and table[name]["tokens"] == table["plain"]["tokens"]
    assert table["edit"]["target_forwards"] * 5 < table["plain"]["target_forwards"]
    assert table["bound"]["target_forwards"] == len(chosen)  # one forward per window
    assert table["plain"]["intended"]["windows"] == len(chosen) and table["plain"]["other"]["windows"] == 0

    class MistakenOracle(OracleTarget):
        """Writes one token of the first window's answer wrong: a target's mistake."""

        def __setattr__(self, name, value):
            if name == "script" and value[: len(chosen[0].prompt)] == chosen[0].prompt:
                value = list(value)
                value[len(chosen[0].prompt) + 3] = (value[len(chosen[0].prompt) + 3] + 1) % 50
            super().__setattr__(name, value)

    mistaken = MistakenOracle(model.eval(), eos)
    table = run_edit_bench(mistaken, chosen, ["edit"], [eos], oracle=True)
    assert table["plain"]["intended"]["windows"] == len(chosen) - 1 and table["plain"]["other"]["windows"] == 1
    assert table["edit"]["lossless"] and table["edit"]["other"]["tokens"] == table["plain"]["other"]["tokens"]
    assert table["edit"]["intended"]["speedup"] > 1 and table["edit"]["other"]["speedup"] > 0
    assert f"the target wrote {len(chosen) - 1} of {len(chosen)} windows as intended" in format_table(table)
    free = free_windows(tokenizer, context=384, files=1, new_tokens=40)
    target.script = []
    table = run_edit_bench(target, free, ["lookup", "hybrid", "model"], [eos], draft, oracle=True)
    assert table["plain"]["tokens"] == 40
    assert all(table[name]["lossless"] for name in ("lookup", "hybrid", "model"))


def test_bench_workloads_are_files_the_builtin_models_never_saw():
    from specdraft.engine.bench.speculative import EDIT_KINDS, EDIT_SETS, FREE_FILES, edit_tasks
    from specdraft.engine.training import corpus

    root = corpus.stdlib_root()
    for name in FREE_FILES:
        assert corpus.is_heldout(name), name
        assert (root / name).is_file(), name  # in every CPython 3.10-3.13
    # edits: modules of evaluation sets (never training data), each with a task's expected edit
    assert {corpus.BUILTIN / name for name in EDIT_SETS} <= set(corpus.EVAL_DIRS)
    tasks = edit_tasks(len(EDIT_KINDS), seed=0)
    assert [kind for _, kind, *_ in tasks] == EDIT_KINDS and len({name for name, *_ in tasks}) == len(tasks)
    assert all(original != edited and 80 <= len(original.splitlines()) for _, _, _, original, edited in tasks)
    assert edit_tasks(3, seed=0) == tasks[:3] and edit_tasks(3, seed=1) != tasks[:3]


def longer_context(source, destination, context: int = 1536):
    """A copy of a tiny checkpoint with a longer context (the edit prompt is long in a 320-token vocabulary)."""
    shutil.copytree(source, destination)
    config = json.loads((destination / "config.json").read_text())
    config["max_position_embeddings"] = context
    (destination / "config.json").write_text(json.dumps(config))
    return destination


@pytest.mark.slow
def test_bench_speculative_real_checkpoint_against_transformers(checkpoints, draft_dir, tmp_path, capsys):
    """`specdraft bench speculative --model DIR --transformers`: every row decodes the same tokens."""
    target = longer_context(checkpoints["llama"], tmp_path / "target")
    draft = longer_context(draft_dir, tmp_path / "draft")
    argv = ["bench", "speculative", "--model", str(target), "--draft-model", str(draft),
            "--files", "1", "--windows", "2", "--max-new-tokens", "40", "--transformers", "--json"]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    table = result["table"]
    assert set(table) == {"plain", "edit", "lookup", "hybrid", "model", "hf-plain", "hf-lookup", "hf-assist"}
    for name, row in table.items():
        assert row["lossless"], name  # transformers' rows too: the same greedy tokens
        assert row["tokens"] == table["plain"]["tokens"] > 0
    assert table["model"]["drafted_tokens"] > 0 and "vs_transformers" in table["edit"]
    # a random model writes no window as intended: all its windows are "other", compared there too
    assert table["plain"]["other"]["windows"] == 2 and table["plain"]["intended"]["windows"] == 0
    assert "vs_transformers" in table["edit"]["other"] and table["edit"]["intended"]["speedup"] is None


def test_a_draft_beside_the_model_is_the_default_draft_model(checkpoints, draft_dir, tmp_path, capsys):
    """The builtin layout: engine/builtin/ holds the target, engine/builtin/draft/ its draft model."""
    pair = tmp_path / "pair"
    shutil.copytree(checkpoints["llama"], pair)
    shutil.copytree(draft_dir, pair / "draft")
    expected = plain_text(pair, PROMPT, 20)
    argv = ["generate", "--model", str(pair), PROMPT, "--max-new-tokens", "20", "--drafter", "model", "--stats"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert out == expected
    assert json.loads(err.strip().splitlines()[-1])["by_source"]["model"]["drafted"] > 0

"""engine/training/train.py on a tiny config: data building, batches, schedule, resume, export, evaluation."""

from __future__ import annotations

import itertools
import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
import torch

from specdraft.engine import editprompt
from specdraft.engine.training import corpus, train
from specdraft.training import editdata

SOURCES = ["textwrap.py", "shlex.py", "fnmatch.py", "netrc.py", "heapq.py", "calendar.py", "string.py", "glob.py"]


def _fake_stdlib(root: Path) -> Path:
    """A few real stdlib modules under names chosen so that two of them are held out."""
    real = corpus.stdlib_root()
    held = 0
    for index, name in enumerate(SOURCES):
        want_heldout = index < 2
        suffix = 0
        while corpus.is_heldout(f"m{suffix}_{name}") != want_heldout:
            suffix += 1
        shutil.copy(real / name, root / f"m{suffix}_{name}")
        held += want_heldout
    assert held == 2
    return root


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("train")
    stdlib = base / "stdlib"
    stdlib.mkdir()
    _fake_stdlib(stdlib)
    work = base / "work"
    train.build_data(work, seed=7, vocab_size=400, edits=editdata, stdlib=stdlib)
    return work


def test_data_summary_and_split(work):
    summary = json.loads((work / "data" / "data.json").read_text())
    splits = summary["splits"]
    assert len(splits["heldout"]["files"]) == 2 and len(splits["train"]["files"]) == len(SOURCES) - 2
    assert not set(splits["heldout"]["files"]) & set(splits["train"]["files"])
    assert splits["train"]["edit_examples"] > 100 and splits["heldout"]["edit_examples"] > 5
    assert summary["vocab_size"] == 400
    held_paths = {json.loads(line)["path"] for line in (work / "data" / "heldout_edits.jsonl").read_text().splitlines()}
    assert held_paths <= set(splits["heldout"]["files"])
    # windows of module lines besides single functions, counted apart, with their path always shown
    records = [json.loads(line) for line in (work / "data" / "train_edits.jsonl").read_text().splitlines()]
    windows = [r for r in records if r["scope"] == "window"]
    assert sum(splits["train"]["window_kinds"].values()) == len(windows) > 20
    assert sum(splits["train"]["kinds"].values()) == len(records) - len(windows)
    assert all(r["prompt_path"] == r["path"] for r in windows)
    assert "no_change" in splits["train"]["window_kinds"] and "no_change" not in splits["train"]["kinds"]
    assert summary["window_unchanged_share"] == train.WINDOW_UNCHANGED_SHARE


def test_unchanged_share_sets_how_many_windows_are_answered_unchanged(work, tmp_path):
    stdlib = work.parent / "stdlib"
    counts = {}
    for share in (0.0, 0.9):
        summary = train.build_data(tmp_path / str(share), seed=7, vocab_size=400, edits=editdata, stdlib=stdlib,
                                   unchanged_share=share)  # fmt: skip
        counts[share] = summary["splits"]["train"]["window_kinds"].get("no_change", 0)
        assert summary["window_unchanged_share"] == share
    default = json.loads((work / "data" / "data.json").read_text())["splits"]["train"]["window_kinds"]["no_change"]
    assert counts[0.0] == 0 < default < counts[0.9]


def test_a_continued_run_refuses_data_with_another_tokenizer(work, tmp_path):
    from tokenizers import Tokenizer

    shipped = tmp_path / "shipped"
    shipped.mkdir()
    with pytest.raises(SystemExit, match="no tokenizer.json"):
        train.check_same_tokenizer(work, shipped)
    shutil.copy(work / "data" / "tokenizer.json", shipped / "tokenizer.json")
    train.check_same_tokenizer(work, shipped)  # the same tokens: fine
    other = Tokenizer.from_file(str(work / "data" / "tokenizer.json"))
    other.add_tokens(["<|another|>"])
    other.save(str(shipped / "tokenizer.json"))
    with pytest.raises(SystemExit, match="differs from the shipped one"):
        train.check_same_tokenizer(work, shipped)


def test_encoded_example_weights_cover_the_answer(work):
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(work / "data" / "tokenizer.json"))
    records = [json.loads(line) for line in (work / "data" / "train_edits.jsonl").read_text().splitlines()]
    record = next(r for r in records if r["kind"].startswith("rename_"))  # an answer that writes something new
    ids, weights = train.encode_example(tok, record)
    answer = [i for i, w in zip(ids, weights, strict=True) if w >= 1.0]
    assert tok.decode(answer, skip_special_tokens=False) == record["edited"] + editprompt.EOS_TOKEN
    prompt = [i for i, w in zip(ids, weights, strict=True) if w < 1.0]
    expected = editprompt.render_edit_prompt(record["instruction"], record["original"], record["prompt_path"])
    assert tok.decode(prompt, skip_special_tokens=False) == expected
    # the edit counts more than the copy: what the answer has that the original has not, and the end
    edit = [i for i, w in zip(ids, weights, strict=True) if w == train.EDIT_LOSS_WEIGHT]
    assert edit[-1] == tok.token_to_id(editprompt.EOS_TOKEN) and 1 < len(edit) < len(answer) / 2
    # a window answered unchanged: only its end token is not a copy
    unchanged = next(r for r in records if r["kind"] == "no_change")
    ids, weights = train.encode_example(tok, unchanged)
    assert [i for i, w in zip(ids, weights, strict=True) if w == train.EDIT_LOSS_WEIGHT] == [tok.token_to_id(editprompt.EOS_TOKEN)]


def test_answer_weights_mark_what_is_not_copied():
    assert train.answer_weights([1, 2, 3, 4, 5], [1, 2, 9, 4, 5, 7]) == [1, 1, 4, 1, 1, 4]
    assert train.answer_weights([], [8]) == [train.EDIT_LOSS_WEIGHT]


def test_batches_are_deterministic_and_mixed(work):
    a = train.Batches(work / "data", "train", seed=1)
    b = train.Batches(work / "data", "train", seed=1)
    ids_a, w_a = a.batch(5, 4)
    ids_b, w_b = b.batch(5, 4)
    assert ids_a.shape == (4, train.SEQ_LEN) and (ids_a == ids_b).all() and (w_a == w_b).all()
    plain_ids, plain_w = a.row(train.PLAIN_EVERY - 1)
    assert plain_w.min() == 1.0  # plain code: every token counts
    edit_ids, edit_w = a.row(0)
    assert edit_ids[0] == 1 and edit_w.max() == train.EDIT_LOSS_WEIGHT and (edit_w == 1.0).any()
    assert (abs(edit_w - train.PROMPT_LOSS_WEIGHT) < 1e-3).any()
    other = train.Batches(work / "data", "train", seed=2).batch(5, 4)[0]
    assert not (other == ids_a).all()



def test_mix_options_change_rows_and_weights_not_the_data(work):
    plain = train.Batches(work / "data", "train", seed=1)
    focused = train.Batches(work / "data", "train", seed=1, plain_every=0, prompt_weight=0.0, edit_weight=9.0)
    assert all(focused.row(g)[1].max() == 9.0 for g in range(train.PLAIN_EVERY * 2))  # no plain rows
    ids, weights = focused.row(3)
    base_ids, base_w = plain.edit_row(3)  # the same packed examples, reweighted
    assert (ids == base_ids).all()
    assert (weights[abs(base_w - train.PROMPT_LOSS_WEIGHT) < 1e-3] == 0).all()
    assert (weights[base_w == train.EDIT_LOSS_WEIGHT] == 9.0).all()
    assert ((weights == 1.0) == (base_w == 1.0)).all()  # copied answer tokens keep their weight
    assert (train.Batches(work / "data", "train", seed=1, plain_every=3).row(2)[1] == 1.0).all()


def test_shuffle_draws_a_new_order_and_zero_keeps_the_old_one(work):
    base = train.Batches(work / "data", "train", seed=1)
    same = train.Batches(work / "data", "train", seed=1, shuffle=0)
    other = train.Batches(work / "data", "train", seed=1, shuffle=1)
    assert (base.batch(3, 4)[0] == same.batch(3, 4)[0]).all()
    assert base._packing(0) != other._packing(0)
    examples = sorted(i for row in base._packing(0) for i in row)
    assert sorted(i for row in other._packing(0) for i in row) == examples  # every example, once per epoch
    assert (other.batch(3, 4)[0] == train.Batches(work / "data", "train", seed=1, shuffle=1).batch(3, 4)[0]).all()

def test_window_repeat_brings_each_window_edit_that_many_times_per_epoch(work):
    from collections import Counter

    lines = (work / "data" / "train_edits.jsonl").read_text().splitlines()
    windows = {n for n, line in enumerate(lines) if json.loads(line).get("scope") == "window"}
    assert windows and len(windows) < len(lines)
    counts = Counter(i for row in train.Batches(work / "data", "train", seed=1, window_repeat=3)._packing(0) for i in row)
    assert set(counts) == set(range(len(lines)))
    assert all(counts[n] == (3 if n in windows else 1) for n in counts)


def test_kind_repeat_brings_each_edit_of_the_matching_kinds_that_many_times_per_epoch(work):
    from collections import Counter

    records = [json.loads(line) for line in (work / "data" / "train_edits.jsonl").read_text().splitlines()]
    renames = {n for n, record in enumerate(records) if record["kind"].startswith("rename_")}
    windows = {n for n, record in enumerate(records) if record.get("scope") == "window"}
    assert renames and len(renames) < len(records)
    batches = train.Batches(work / "data", "train", seed=1, window_repeat=2, kind_repeat={"rename_*": 3})
    counts = Counter(i for row in batches._packing(0) for i in row)
    assert all(counts[n] == 1 + (n in windows) + 2 * (n in renames) for n in range(len(records)))
    assert train.kind_repeats(["rename_*=3", "change_default=2"]) == {"rename_*": 3, "change_default": 2}
    with pytest.raises(SystemExit, match="give PATTERN=N"):
        train.kind_repeats(["rename_*"])


def test_substitution_drills_answer_the_text_with_a_replaced_by_b(work):
    """Each drill is the edit prompt asking to replace A with B in X, answered by X with every A
    replaced by B; the loss falls on the answer alone, B at the edit weight; every Nth row."""
    import numpy as np
    from tokenizers import Tokenizer

    batches = train.Batches(work / "data", "train", seed=1, substitution_every=4)
    assert batches.row(2)[0].tolist() == batches.substitution_row(2)[0].tolist()  # 2 == 4 // 2
    assert batches.row(3)[0].tolist() != batches.substitution_row(3)[0].tolist()
    tokenizer = Tokenizer.from_file(str(work / "data" / "tokenizer.json"))
    rng = np.random.default_rng(5)
    for _ in range(30):
        prompt, answer, weights, a, b, x = batches.substitution_example(rng)
        expected, i = [], 0
        while i < len(x):
            if x[i : i + len(a)] == a:
                expected, i = expected + b, i + len(a)
            else:
                expected, i = expected + [x[i]], i + 1
        assert answer == [*expected, 2] and expected != x and len(weights) == len(answer)
        assert weights.count(train.EDIT_LOSS_WEIGHT) >= len(b) and min(weights) == 1.0
        text = tokenizer.decode(prompt, skip_special_tokens=False)
        assert text.startswith("<|bos|><|system|>") and text.endswith("<|assistant|>\n") and "File: drill.py" in text
        for part in (a, b, x):  # both names in the instruction, the text in the file block
            assert any(prompt[k : k + len(part)] == part for k in range(len(prompt)))
    # a row is such drills packed one after another, the loss on their answers alone
    ids, weights = batches.substitution_row(6)
    rng = np.random.default_rng(batches._key(4_000_037, 6))
    used = 0
    while True:
        prompt, answer, answer_weights = batches.substitution_example(rng)[:3]
        if used + len(prompt) + len(answer) > len(ids):
            break
        assert ids[used : used + len(prompt) + len(answer)].tolist() == prompt + answer
        assert weights[used : used + len(prompt)].sum() == 0
        assert weights[used + len(prompt) : used + len(prompt) + len(answer)].tolist() == answer_weights
        used += len(prompt) + len(answer)
    assert used > 0 and (ids[used:] == 0).all()


def test_a_run_trains_on_substitution_drills_and_keeps_them_on_resume(work, tmp_path):
    (run,) = work_dirs(work, tmp_path, "drills")
    spec = train.SPECS["tiny"]
    _, summary = train.train_model(spec, run, seed=1, minutes=None, steps=2, val_rows=(1, 1), progress=False,
                                   mix={"substitution_every": 2})  # fmt: skip
    assert summary["mix"] == {"substitution_every": 2} and summary["steps"] == 2
    _, again = train.train_model(spec, run, seed=1, minutes=None, steps=3, val_rows=(1, 1), progress=False)
    assert again["mix"] == {"substitution_every": 2} and again["steps"] == 3


def test_copy_drills_repeat_the_segment_and_weigh_only_the_copy(work):
    batches = train.Batches(work / "data", "train", seed=1, copy_from_row=10)
    assert batches.row(8)[1].max() == train.EDIT_LOSS_WEIGHT and (abs(batches.row(8)[1] - train.PROMPT_LOSS_WEIGHT) < 1e-3).any()
    assert _drill_pairs(*batches.row(15)) >= 1  # 15 % 7 == 1: a drill
    ids, weights = batches.drill_batch(3)  # the curriculum: short rows of short segments
    assert ids.shape == (train.COPY_ROWS, train.COPY_SEQ_LEN) and not (ids == batches.drill_batch(4)[0]).all()
    assert all(_drill_pairs(ids[r].numpy(), weights[r].numpy(), longest=64) >= 2 for r in range(len(ids)))


def _drill_pairs(ids, weights, longest=480):
    """Number of `bos X assistant X end` pairs in a drill row (asserting their layout and weights)."""
    assert ids[0] == 1
    pairs = 0
    starts = [i for i in range(len(ids)) if ids[i] == 1]
    for start in starts:
        mid = start + list(ids[start:]).index(5)
        length = mid - start - 1
        assert 8 <= length <= longest
        first, second = ids[start + 1 : mid], ids[mid + 1 : mid + 1 + length]
        assert (first == second).all() and ids[mid + 1 + length] == 2
        assert weights[start : mid + 1].sum() == 0 and (weights[mid + 1 : mid + 2 + length] == 1).all()
        pairs += 1
    assert weights.sum() == sum(1 for w in weights if w == 1.0)
    return pairs


def test_wsd_schedule_and_timed_total():
    assert train.lr_at(0, 100, 1.0, 10) == pytest.approx(0.1)
    assert train.lr_at(50, 100, 1.0, 10) == 1.0
    assert train.lr_at(50, None, 1.0, 10) == 1.0
    assert train.lr_at(99, 100, 1.0, 10) < 0.2
    assert train.choose_total(100, elapsed=0.0, budget=1000.0, recent_step_s=1.0) is None
    total = train.choose_total(400, elapsed=950.0, budget=1000.0, recent_step_s=1.0)
    assert total is not None and train.decay_start(total) == 400


def test_an_extension_decays_over_a_fifth_of_its_own_steps():
    """An extension that began at step 8,000, at step 9,000 with 240 s left at 1 s a step: a fifth
    of its own steps (250) no longer fits, so its decay starts now and ends at 9,250, within the
    budget; a fifth of every step since 0 would last 2,250 steps, far past it. The rate follows
    the decided start, and a run decided by the old rule keeps its own."""
    assert train.choose_total(9000, elapsed=3000.0, budget=3400.0, recent_step_s=1.0, start=8000) is None
    total = train.choose_total(9000, elapsed=3000.0, budget=3240.0, recent_step_s=1.0, start=8000)
    assert total == 9250 and train.decay_start(total, 8000) == 9000
    assert train.lr_at(8999, total, 1.0, 10, decay_from=9000) == 1.0
    assert train.lr_at(9125, total, 1.0, 10, decay_from=9000) == pytest.approx(0.55)
    assert train.lr_at(9249, total, 1.0, 10, decay_from=9000) == pytest.approx(0.1036, abs=1e-3)
    # without decay_from (a run decided before): the last fifth of every step, from step 7,400
    assert train.lr_at(9125, total, 1.0, 10) == pytest.approx(1 - 0.9 * (9125 - 7400) / (9250 - 7400))


def test_the_copy_curriculum_has_its_own_learning_rate(work, tmp_path):
    from dataclasses import replace

    (tmp_path / "data").symlink_to(work / "data")
    spec = replace(train.SPECS["tiny"], copy_steps=2, copy_lr=1.0, lr=0.5)
    _, summary = train.train_model(spec, tmp_path, seed=1, minutes=None, steps=4, val_rows=(1, 1), progress=False)
    log = [json.loads(line) for line in (tmp_path / "tiny" / "log.jsonl").read_text().splitlines()]
    assert [r["lr"] for r in log[:3]] == pytest.approx([1.0 / 50, 2.0 / 50, 1.5 / 50])  # warm-up of each peak
    assert [r.get("phase") for r in log] == ["copy", "copy", None, None]
    assert summary["copy_curriculum_steps"] == 2


def test_resume_weights_mark_the_copied_tokens_right_after_each_edit():
    e, c, p = train.EDIT_LOSS_WEIGHT, 1.0, train.PROMPT_LOSS_WEIGHT
    row = torch.tensor([[p, p, c, e, e, c, c, c, e, c, e, c, c, 0.0, p, e, c]])
    out = train.resume_weights(row, 3.0, span=2)
    assert torch.equal(out, torch.tensor([[p, p, c, e, e, 3.0, 3.0, c, e, 3.0, e, 3.0, 3.0, 0.0, p, e, 3.0]]))
    assert train.resume_weights(row, 3.0, span=1).tolist()[0][5:7] == [3.0, c]


def test_resume_weight_applies_to_every_row_of_the_mix(work):
    plain = train.Batches(work / "data", "train", seed=1, substitution_every=2)
    weighted = train.Batches(work / "data", "train", seed=1, substitution_every=2, resume_weight=2.5)
    ids, weights = plain.rows(0, 6)
    ids2, weights2 = weighted.rows(0, 6)
    assert torch.equal(ids, ids2)
    changed = weights != weights2
    assert changed.any() and (weights2[changed] == 2.5).all() and (weights[changed] == 1.0).all()
    assert torch.equal(weights2, train.resume_weights(weights, 2.5))


def test_document_masking_computes_each_packed_example_as_if_it_were_alone():
    from specdraft.engine.model import ModelArgs, Transformer

    torch.manual_seed(0)
    model = Transformer(ModelArgs(vocab_size=97, dim=32, n_layer=2, n_head=4, n_kv_heads=2, intermediate_size=48,
                                  max_position_embeddings=64))  # fmt: skip
    model.init_weights(0.2)
    model.requires_grad_(False)
    first = torch.tensor([train.BOS_ID, *torch.randint(6, 97, (14,)).tolist()])
    second = torch.tensor([train.BOS_ID, *torch.randint(6, 97, (9,)).tolist()])
    packed = torch.cat([first, second])[None]
    segments = (packed == train.BOS_ID).cumsum(-1)
    masked = model(packed, segments=segments)
    alone = model(second[None])
    # the second example's logits: as alone with the mask (positions differ, RoPE is relative)
    assert torch.allclose(masked[0, len(first) :], alone[0], atol=1e-4)
    assert not torch.allclose(model(packed)[0, len(first) :], alone[0], atol=1e-3)  # without: it sees the first
    assert torch.allclose(masked[0, : len(first)], model(first[None])[0], atol=1e-4)
    weights = torch.ones_like(packed, dtype=torch.float32)
    with torch.no_grad():  # one example: the same loss with the mask as without
        assert float(train.weighted_loss(model, first[None], weights[:, :15], doc_mask=True)) == pytest.approx(
            float(train.weighted_loss(model, first[None], weights[:, :15])), abs=1e-5)


def test_document_masking_can_be_turned_on_at_a_resume_and_stays_on(work, tmp_path):
    (run,) = work_dirs(work, tmp_path, "docmask")
    spec = train.SPECS["tiny"]
    _, summary = train.train_model(spec, run, seed=1, minutes=None, steps=2, val_rows=(1, 1), progress=False,
                                   mix={"window_repeat": 2})  # fmt: skip
    assert summary["mix"] == {"window_repeat": 2}
    _, masked = train.train_model(spec, run, seed=1, minutes=None, steps=3, val_rows=(1, 1), progress=False,
                                  mix={"window_repeat": 2, "doc_mask": True, "resume_weight": 4.0})  # fmt: skip
    assert masked["mix"] == {"window_repeat": 2, "doc_mask": True, "doc_mask_from_step": 2, "resume_weight": 4.0,
                             "resume_weight_from_step": 2}  # fmt: skip
    _, again = train.train_model(spec, run, seed=1, minutes=None, steps=4, val_rows=(1, 1), progress=False)
    assert again["mix"] == masked["mix"] and again["steps"] == 4


def test_a_resumed_or_extended_run_keeps_the_learning_rate_it_started_with(work, tmp_path):
    (run,) = work_dirs(work, tmp_path, "rate")
    spec = train.SPECS["tiny"]
    assert spec.lr != 3e-4
    _, first = train.train_model(spec, run, seed=1, minutes=None, steps=60, val_rows=(1, 1), progress=False, lr=3e-4)
    _, again = train.train_model(spec, run, seed=1, minutes=None, steps=62, val_rows=(1, 1), progress=False,
                                 extend_minutes=0.05)  # fmt: skip
    rates = [json.loads(line)["lr"] for line in (run / "tiny" / "log.jsonl").read_text().splitlines()]
    assert first["spec"]["lr"] == again["spec"]["lr"] == 3e-4
    assert max(rates) == pytest.approx(3e-4) and rates[-1] > 0


def test_grow_embeds_a_small_model_in_a_bigger_one_that_computes_the_same_function():
    from specdraft.engine.model import ModelArgs, RMSNorm, Transformer

    torch.manual_seed(0)
    small_args = ModelArgs(vocab_size=97, dim=32, n_layer=2, n_head=2, n_kv_heads=1, intermediate_size=48,
                           tie_word_embeddings=True, max_position_embeddings=64)  # fmt: skip
    small = Transformer(small_args)
    small.init_weights(0.2)  # large weights: a layout mistake shows
    big = Transformer(small_args.replace(dim=64, n_layer=3, n_head=4, n_kv_heads=2, intermediate_size=80))
    big.init_weights(0.2)
    before = big(torch.arange(40)[None])
    train.grow(small, big)
    ids = torch.randint(0, 97, (2, 40))
    assert not torch.allclose(before, big(torch.arange(40)[None]))
    for module in [*small.modules(), *big.modules()]:
        if isinstance(module, RMSNorm):
            module.eps = 0.0  # the only difference: epsilon is relatively larger in the wider stream
    assert torch.allclose(small(ids), big(ids), atol=1e-4)
    assert big.output.weight is big.tok_embeddings.weight
    with pytest.raises(ValueError, match="same head layout"):
        train.grow(big, small)


def work_dirs(work: Path, tmp_path: Path, *names: str) -> list[Path]:
    """New work directories under tmp_path that share `work`'s data."""
    dirs = [tmp_path / name for name in names]
    for path in dirs:
        path.mkdir()
        (path / "data").symlink_to(work / "data")
    return dirs


def test_a_new_run_can_continue_from_shipped_weights(work, tmp_path):
    from specdraft.engine import checkpoint

    first, second = work_dirs(work, tmp_path, "first", "second")
    spec = train.SPECS["tiny"]
    model, _ = train.train_model(spec, first, seed=1, minutes=None, steps=3, val_rows=(1, 1), progress=False)
    train.export(model, first, tmp_path / "shipped")
    again, summary = train.train_model(spec, second, seed=2, minutes=None, steps=0, val_rows=(1, 1),
                                       progress=False, init_from=tmp_path / "shipped",
                                       mix={"plain_every": 0, "prompt_weight": 0.0})  # fmt: skip
    shipped = checkpoint.load_model(tmp_path / "shipped").state_dict()
    assert all(torch.equal(shipped[k], v) for k, v in again.state_dict().items())
    assert summary["init_from"] == str(tmp_path / "shipped") and summary["copy_curriculum_steps"] == 0
    assert summary["mix"] == {"plain_every": 0, "prompt_weight": 0.0}


@pytest.mark.slow
def test_the_one_command_trains_the_draft_then_grows_the_target_from_it(work, tmp_path, monkeypatch):
    (run,) = work_dirs(work, tmp_path, "run")
    tiny = train.SPECS["tiny"]  # head size 16, two query heads per key/value head, like the target's grown shape
    monkeypatch.setitem(train.SPECS, "draft", replace(tiny, name="draft"))
    monkeypatch.setitem(train.SPECS, "target", replace(tiny, name="target", dim=64, n_layer=2, n_head=4, n_kv_heads=2,
                                                       intermediate_size=128, grow_from="draft"))  # fmt: skip
    out = tmp_path / "out"
    assert train.main(["--work", str(run), "--out", str(out), "--draft-steps", "2", "--target-steps", "2",
                       "--no-progress", "--no-compile"]) == 0  # fmt: skip
    summaries = json.loads((run / "train_summary.json").read_text())
    # the draft learns to copy with drills in its rows; the target, grown from a draft that copies, trains on edits
    assert summaries["draft"]["copy_from_step"] == 0 and summaries["target"]["copy_from_step"] is None
    assert summaries["draft"]["mix"] == summaries["target"]["mix"] == {"window_repeat": 2}
    assert (out / "config.json").is_file() and (out / "draft" / "config.json").is_file()
    assert json.loads((out / "config.json").read_text())["hidden_size"] == 64


def _losses(run_dir: Path) -> list[float]:
    return [json.loads(line)["loss"] for line in (run_dir / "log.jsonl").read_text().splitlines()]


@pytest.mark.slow
def test_resume_follows_the_same_trajectory(work, tmp_path):
    spec = train.SPECS["tiny"]
    straight, paused = work_dirs(work, tmp_path, "straight", "paused")
    kwargs = dict(seed=3, minutes=None, steps=8, eval_every=4, val_rows=(2, 1), progress=False)
    train.train_model(spec, straight, **kwargs)
    train.train_model(spec, paused, stop_after=3, **kwargs)
    assert len(_losses(paused / "tiny")) == 3
    model, summary = train.train_model(spec, paused, **kwargs)
    expected, got = _losses(straight / "tiny"), _losses(paused / "tiny")
    assert len(got) == 8 and got == pytest.approx(expected, abs=1e-4)
    assert expected[-1] < expected[0]
    assert summary["steps"] == 8 and "val_edit" in summary
    assert summary["copy_curriculum_steps"] == spec.copy_steps  # the tiny model never copies in 2 steps


@pytest.mark.slow
def test_a_compiled_run_takes_the_eager_runs_steps(work, tmp_path):
    spec = train.SPECS["tiny"]
    eager, compiled = work_dirs(work, tmp_path, "eager", "compiled")
    kwargs = dict(seed=3, minutes=None, steps=4, val_rows=(1, 1), progress=False)
    _, plain = train.train_model(spec, eager, **kwargs)
    _, summary = train.train_model(spec, compiled, compile=True, **kwargs)
    assert summary["compiled"] and not plain["compiled"]
    assert _losses(compiled / "tiny") == pytest.approx(_losses(eager / "tiny"), abs=2e-3)


@pytest.mark.slow
def test_export_loads_in_engine_and_transformers(work, tmp_path):
    import torch

    from specdraft.engine import checkpoint

    model, _ = train.train_model(train.SPECS["tiny"], work, seed=1, minutes=None, steps=2, val_rows=(1, 1), progress=False)
    out = train.export(model, work, tmp_path / "out")
    loaded = checkpoint.load(out)
    assert loaded.tokenizer.chat_template == editprompt.CHAT_TEMPLATE
    assert loaded.eos_token_ids == [2]
    ids = torch.tensor([loaded.tokenizer.encode(editprompt.render_edit_prompt("Rename `a` to `b`.", "a = 1\n"), add_special_tokens=False)])
    ours = loaded.model(ids)
    transformers = pytest.importorskip("transformers")
    hf = transformers.AutoModelForCausalLM.from_pretrained(str(out), dtype=torch.float32)
    theirs = hf(ids).logits
    assert torch.allclose(ours, theirs, atol=1e-4)


@pytest.mark.slow
def test_evaluation_writes_per_kind_results_and_card(work, tmp_path):
    model, summary = train.train_model(train.SPECS["tiny"], work, seed=1, minutes=None, steps=2, val_rows=(1, 1), progress=False)
    out = train.export(model, work, tmp_path / "out")
    train.export(model, work, out / "draft")
    result = train.evaluate_pair(out, work / "data" / "heldout_edits.jsonl", per_kind=1, speed_per_kind=1, max_new_tokens=24)
    assert result["examples"] == sum(r["n"] for r in result["by_kind"].values()) > 0
    assert 0.0 <= result["exact_match"] <= 1.0
    assert json.loads((out / "eval.json").read_text())["examples"] == result["examples"]
    (work / "train_summary.json").write_text(json.dumps({"target": summary, "draft": summary}))
    card = train.write_model_card(out, work).read_text()
    assert "| **all** |" in card and "Pending" not in card and "## What the models cannot do" in card
    assert "of the snippets come after the function, class or method before them" in card  # data version 6
    windows = result["windows"]
    assert windows["examples"] == sum(r["n"] for r in windows["by_kind"].values()) > 0
    assert "| window kind | n | exact | unchanged |" in card and "| window kind | train | held out |" in card
    assert "trained in several runs" not in card
    assert "**Status: they copy, and " in card and f"2 cores (AVX-512 with bfloat16) of {summary['cpu']}, shared" in card
    # a second run from these weights: the card adds the runs up and lists each
    later = {**summary, "steps": 5, "tokens": 100, "train_seconds": 1.0, "mix": {"prompt_weight": 0.02}, "copy_from_step": None,
             "val_edit": None}  # a run whose last losses were lost
    train.record_phases(out, [summary], later)
    assert [p["steps"] for p in train.shipped_phases(out)] == [2, 5]
    card = train.write_model_card(out, work).read_text()
    assert "trained in several runs" in card and "| steps | 7 |" in card
    assert "| target | 2 | 5 | 100 | 1 |" in card and "prompt_weight 0.02, no copy drills" in card
    assert f"no copy drills | {summary['cpu']} | n/a |" in card and "| None |" not in card  # the machine of each run
    # a run numbered by hand (an earlier attempt exported nothing) keeps its number; losses in 3 decimals
    train.record_phases(out, train.shipped_phases(out), {**later, "run": 4, "val_edit": 0.05912, "val_plain": 2.6876, "cpu": None})
    card = train.write_model_card(out, work).read_text()
    assert "| target | 4 | 5 | 100 | 1 |" in card and "| 0.059 | 2.688 |" in card
    assert "torch.compile" not in card  # no run recorded a compiled step
    train.record_phases(out, train.shipped_phases(out), {**later, "run": 5, "compiled": True})
    assert "Steps under torch.compile: target run 5; the others ran eagerly." in train.write_model_card(out, work).read_text()
    train.record_phases(out, train.shipped_phases(out), {**later, "run": 6, "mix": {"plain_every": 7}, "copy_from_step": 0})
    assert "| plain_every 7, copy drills |" in train.write_model_card(out, work).read_text()  # a run of older defaults
    train.record_phases(out, train.shipped_phases(out), {**later, "run": 7, "mix": {
        "window_repeat": 2, "doc_mask": True, "doc_mask_from_step": 1583, "resume_weight": 4.0, "resume_weight_from_step": 1990}})
    assert "| window_repeat 2, doc_mask from step 1,583, resume_weight 4.0 from step 1,990, no copy drills |" in train.write_model_card(out, work).read_text()
    assert f"of {summary['cpu']} (the runs with a `cpu` in training.json; the others did not record theirs)" in card
    # speculative decoding is lossless: the same tokens as plain greedy decoding
    for key, value in result["decoding"].items():
        if key.startswith("lossless_"):
            equal, total = map(int, value.split("/"))
            assert equal == total
    # the task-set evaluation (`specdraft bench edits --json`, saved beside the weights) gets its own section
    row = {"tasks": 4, "exact": 1, "wrong": 1, "unchanged": 2, "no_draft": 2, "sent": 9, "collateral": 3, "off_target_files": 1,
           "heldout": 3, "heldout_exact": 1, "trained": 1, "trained_exact": 0, "read": 1, "read_exact": 1, "read_wrong": 0,
           "model": 3, "model_exact": 0, "model_wrong": 1}  # fmt: skip
    report = {"date": "2026-12-05", "kinds": {"rename_function": row}, "total": row,
              "phrasing": {"heldout": {"tasks": 3, "exact": 1}, "trained": {"tasks": 1, "exact": 0}},
              "redraft": {"tasks": 1, "errors": 0, "differed": 1, "followed_note": 1},
              "results": [{"id": "cache-rename-a"}, {"id": "csv-rename-b"}]}  # fmt: skip
    (out / train.TASKS_REPORT).write_text(json.dumps(report))
    card = train.write_model_card(out, work).read_text()
    assert "## Edit tasks as people write them" in card and "| rename_function | 4 | 1 | 1 | 2 | 1 / 0 of 1 | 0 / 1 of 3 | 3 / 9 |" in card
    assert "1 of 4 files come out exactly right (1 of 3 in held-out phrasings)" in card and "on 2 modules" in card
    assert "differed from the first draft in 1 and followed the note in 1" in card
    assert "put back" not in card  # nothing the model wrote is changed: there is nothing put back to count


BUILTIN = Path(train.ROOT) / "engine" / "builtin"


@pytest.mark.skipif(not (BUILTIN / "config.json").is_file(), reason="engine/builtin not exported yet: run python -m specdraft.engine.training.train")
def test_shipped_builtin_pair_loads():
    import torch

    from specdraft.engine import checkpoint

    files = [p for p in BUILTIN.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    pair = sum(p.stat().st_size for p in files if p.parent == BUILTIN or p.parent == BUILTIN / "draft")
    data = sum(p.stat().st_size for p in files) - pair  # the task sets and the corpus listing beside the pair
    assert pair <= 40 * 2**20, f"the builtin pair is {pair / 2**20:.1f} MiB"
    assert data <= 25 * 2**20, f"engine/builtin's task sets and corpus are {data / 2**20:.1f} MiB"
    target = checkpoint.load(BUILTIN)
    draft = checkpoint.load(BUILTIN / "draft")
    assert target.tokenizer.backend.to_str() == draft.tokenizer.backend.to_str()
    assert target.tokenizer.chat_template == editprompt.CHAT_TEMPLATE
    ids = torch.tensor([target.tokenizer.encode(editprompt.render_edit_prompt("Rename `a` to `b`.", "a = 1\n"), add_special_tokens=False)])
    with torch.no_grad():
        assert target.model(ids).shape == (1, ids.shape[1], target.args.vocab_size)
        assert draft.model(ids).shape == (1, ids.shape[1], draft.args.vocab_size)


def test_a_run_resumed_with_another_batch_size_goes_on_from_the_next_unseen_row(work, tmp_path, monkeypatch):
    (run,) = work_dirs(work, tmp_path, "run")
    firsts: list[tuple[int, int]] = []
    rows = train.Batches.rows
    monkeypatch.setattr(train.Batches, "rows", lambda self, first, count: firsts.append((first, count)) or rows(self, first, count))
    spec = replace(train.SPECS["tiny"], copy_steps=0, batch_size=2)
    kwargs = dict(seed=3, minutes=None, steps=5, val_rows=(1, 1), progress=False)
    train.train_model(spec, run, stop_after=2, **kwargs)
    # a GPU takes the run over with a batch of 3: it trains on rows 4, 5, 6 next, not on 6, 7, 8 (3 x step 2)
    _, summary = train.train_model(replace(spec, batch_size=3), run, **kwargs)
    assert firsts == [(0, 2), (2, 2), (4, 3), (7, 3), (10, 3)]
    assert summary["steps"] == 5 and summary["spec"]["batch_size"] == 3 and summary["device"] == "cpu"


def test_device_names_a_device_this_torch_can_use():
    train.check_device("cpu")
    with pytest.raises(SystemExit, match="cpu, cuda or cuda:N"):
        train.check_device("gpu0")
    if not torch.cuda.is_available():
        with pytest.raises(SystemExit, match="sees no CUDA GPU; train with --device cpu"):
            train.check_device("cuda")


def test_the_cards_task_section_counts_the_apps_reading_and_the_model_apart():
    total = {"tasks": 10, "exact": 3, "wrong": 2, "unchanged": 1, "no_draft": 5, "collateral": 2, "sent": 12,
             "off_target_files": 1, "read": 4, "read_exact": 3, "read_wrong": 1, "model": 6, "model_exact": 0, "model_wrong": 1}
    tasks = {"total": total, "kinds": {"rename_function": total}, "date": "2026-12-07",
             "phrasing": {"heldout": {"tasks": 8, "exact": 2}, "trained": {"tasks": 2, "exact": 1}},
             "redraft": {"tasks": 1, "differed": 1, "followed_note": 0, "corrected": 1}}  # fmt: skip
    text = "".join(train._tasks_section(tasks))
    assert "| rename_function | 10 | 3 | 2 | 5 | 3 / 1 of 4 | 0 / 1 of 6 | 2 / 12 |" in text
    assert "| **all** | 10 | 3 | 2 | 5 |" in text
    assert "1 notes read as a correction of the instruction" in text
    assert "put back" not in text and "likeliest" not in text and "carried" not in text


def test_ops_rows_pack_rendered_examples_with_the_loss_on_their_answers(work, tmp_path):
    """--ops-data: every Nth row packs (prompt, answer) examples, the answer weighted 1, the prompt
    lightly; the rows are deterministic, and held-out validation gets its own "ops" rows."""
    import json as _json

    from tokenizers import Tokenizer

    ops = tmp_path / "ops"
    ops.mkdir()
    for split in ("train", "heldout"):
        with open(ops / f"{split}.jsonl", "w") as out:
            for n in range(40):
                out.write(_json.dumps({"prompt": f"<|bos|><|user|>\nrename f{n} to g{n}<|end|>\n<|assistant|>\n",
                                       "answer": f'[{{"kind":"rename","old":"f{n}","new":"g{n}"}}]<|end|>'}) + "\n")
    batches = train.Batches(work / "data", "train", seed=1, ops_data=str(ops), ops_every=3)
    ids, weights = batches.row(3)
    assert batches.row(3)[0].tolist() == ids.tolist()  # deterministic
    tokenizer = Tokenizer.from_file(str(work / "data" / "tokenizer.json"))
    text = tokenizer.decode([int(i) for i in ids[weights > 0]], skip_special_tokens=False)
    assert "rename f" in text and '"kind":"rename"' in text
    answers = tokenizer.decode([int(i) for i in ids[weights >= 1.0]], skip_special_tokens=False)
    assert '"kind":"rename"' in answers and "rename f" not in answers  # the loss is on the answers
    assert not (batches.row(4)[0] == ids).all()  # other rows are the edit mix
    rows = train.validation_rows(work / "data", 2, 1, seed=1, ops_data=str(ops))
    assert set(rows) == {"edit", "plain", "ops"} and rows["ops"][1].sum() > 0
    assert list(ops.glob("train.*.npz"))  # tokenized once, cached beside the examples
    with pytest.raises(SystemExit, match="opdata"):
        train.Batches(work / "data", "train", seed=1, ops_data=str(tmp_path / "missing"), ops_every=2)


def test_chat_examples_up_to_a_whole_row_are_kept_and_longer_ones_are_said(work, tmp_path, capsys):
    """An example that outlines a whole module runs to most of a row: it trains (until 2026-12-07
    those over half a row were dropped without a word); one longer than a row is left out, said."""
    import json as _json

    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(work / "data" / "tokenizer.json"))
    ops = tmp_path / "ops"
    ops.mkdir()
    word = " level_gauge"
    per_word = len(tokenizer.encode(word * 10, add_special_tokens=False).ids) / 10
    lengths = {"short": 40, "long": int(train.SEQ_LEN * 0.8), "too long": int(train.SEQ_LEN * 1.2)}
    with open(ops / "train.jsonl", "w") as out:
        for label, tokens in lengths.items():
            prompt = f"<|bos|><|user|>\n{label}:" + word * int(tokens / per_word) + "<|end|>\n<|assistant|>\n"
            out.write(_json.dumps({"prompt": prompt, "answer": "[]<|end|>"}) + "\n")
    ids, _, offsets = train.load_chat_examples(ops, "train", work / "data" / "tokenizer.json")
    kept = [tokenizer.decode([int(i) for i in ids[a:b]], skip_special_tokens=False) for a, b in itertools.pairwise(offsets)]
    assert [text.split(":")[0].split("\n")[-1] for text in kept] == ["short", "long"]
    assert "1 of 3 examples" in capsys.readouterr().err


def test_a_stop_signal_saves_the_step_and_the_same_command_resumes(work, tmp_path, monkeypatch):
    """SIGTERM / SIGINT (here: the event they set) stop after the step under way with its checkpoint
    saved and exit 0; training again goes on from that step."""
    (run,) = work_dirs(work, tmp_path, "stopped")
    spec = train.SPECS["tiny"]
    monkeypatch.setattr(train, "_STOP", train.threading.Event())
    train._STOP.set()
    with pytest.raises(SystemExit) as stopped:
        train.train_model(spec, run, seed=1, minutes=None, steps=5, val_rows=(1, 1), progress=False)
    assert stopped.value.code == 0 and (run / "tiny" / "ckpt.pt").is_file()
    train._STOP.clear()
    _, summary = train.train_model(spec, run, seed=1, minutes=None, steps=5, val_rows=(1, 1), progress=False)
    assert summary["steps"] == 5
    steps = [json.loads(line)["step"] for line in (run / "tiny" / "log.jsonl").read_text().splitlines()]
    assert steps == [1, 2, 3, 4, 5]  # resumed after step 1, nothing trained twice

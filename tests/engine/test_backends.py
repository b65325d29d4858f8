"""The local backend on tiny random checkpoints saved with specdraft.engine.checkpoint.save: its text equals
plain greedy decoding of the chat-templated prompt whichever drafter runs (speculative decoding is
lossless), with and without a reference; cancel stops it; stats are filled; nothing loads early."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
import torch

from specdraft.engine import checkpoint
from specdraft.engine.backends import open_backend
from specdraft.engine.errors import EngineError
from specdraft.engine.generate import generate
from specdraft.engine.interface import Backend, DraftStats, collect
from specdraft.engine.local import LocalBackend
from specdraft.engine.model import ModelArgs, Transformer
from tests.engine.conftest import CHATML_TEMPLATE, VOCAB, train_tokenizer

IM_END = 4  # <|im_end|>: conftest.train_tokenizer's specials are <unk> <s> </s> <|im_start|> <|im_end|>
MESSAGES = [{"role": "system", "content": "You rewrite code."},
            {"role": "user", "content": "def add(a, b):\n    return a + b\n"}]  # fmt: skip


def save_tiny(path: Path, seed: int, context: int = 256) -> Path:
    torch.manual_seed(seed)
    args = ModelArgs(vocab_size=VOCAB, dim=32, n_layer=2, n_head=4, n_kv_heads=2, intermediate_size=64,
                     max_position_embeddings=context, bos_token_id=1, eos_token_id=IM_END)  # fmt: skip
    model = Transformer(args)
    model.init_weights(std=0.3)  # peaked distributions: no near-ties between float paths
    return checkpoint.save(model.eval(), path, train_tokenizer("chatml"), chat_template=CHATML_TEMPLATE,
                           bos_token="<s>", eos_token="<|im_end|>")  # fmt: skip


@pytest.fixture(scope="module")
def tiny_dirs(tmp_path_factory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("backends")
    return save_tiny(root / "tiny-target", seed=3), save_tiny(root / "tiny-draft", seed=2)


@pytest.fixture(scope="module")
def plain(tiny_dirs):
    """Reference: plain greedy decoding of the chat-templated prompt, straight from specdraft.engine.generate."""
    loaded = checkpoint.load(tiny_dirs[0])
    tokenizer = loaded.require_tokenizer()
    ids = tokenizer.encode(tokenizer.apply_chat_template(MESSAGES), add_special_tokens=False)

    def run(max_new_tokens: int) -> tuple[str, list[int], str]:
        out = generate(loaded.model, ids, max_new_tokens=max_new_tokens, eos_ids=loaded.eos_token_ids)
        return tokenizer.decode(out.tokens, skip_special_tokens=True), out.tokens, out.stats.stop_reason

    return run


@pytest.mark.parametrize("drafter, use_reference", [
    ("none", False), ("auto", False), ("auto", True), ("edit", True), ("lookup", False), ("model", False),
    ("hybrid", True),
])  # fmt: skip
def test_text_equals_plain_greedy_decoding(tiny_dirs, plain, drafter, use_reference):
    text, tokens, stop_reason = plain(48)
    draft_dir = tiny_dirs[1] if drafter in ("model", "hybrid") else None
    local = LocalBackend(tiny_dirs[0], draft_dir, drafter)
    reference = text if use_reference else None  # the true answer: the edit drafter's best case
    pieces = list(local.stream(MESSAGES, reference=reference, max_new_tokens=48))
    stats = pieces[-1]
    assert isinstance(stats, DraftStats) and all(isinstance(p, str) for p in pieces[:-1])
    assert "".join(pieces[:-1]) == text
    assert stats.new_tokens == len(tokens) and stats.prompt_tokens == local.count_prompt_tokens(MESSAGES)
    assert stats.finish_reason == ("stop" if stop_reason == "eos" else "length")
    assert stats.model == "tiny-target" and stats.backend == "local" and stats.elapsed_s > 0
    expected_drafter = {"auto": "edit" if use_reference else "lookup"}.get(drafter, drafter)
    assert stats.drafter == expected_drafter
    if expected_drafter == "none":
        assert stats.drafted_tokens is None and stats.acceptance_rate is None
    else:
        assert stats.drafted_tokens is not None and stats.target_forwards > 0
    if use_reference:  # the reference was drafted from (random models' bytes do not re-tokenize
        # the same way, so acceptance stays low here; engine/test_speculative covers long accepts)
        assert stats.drafted_tokens > 0


def test_a_wrong_reference_still_gives_the_same_text(tiny_dirs, plain):
    text, _, _ = plain(40)
    wrong = text[: len(text) // 2] + "# an edit the model did not make\n" + text[len(text) // 2 :][::-1]
    got, stats = collect(LocalBackend(tiny_dirs[0]).stream(MESSAGES, reference=wrong, max_new_tokens=40))
    assert got == text and stats.drafter == "edit" and stats.accepted_tokens < stats.drafted_tokens


def test_stop_string_ends_a_complete_draft(tiny_dirs, plain):
    text, _, _ = plain(48)
    stop = text[10:14]
    assert stop and text.find(stop) >= 0
    for drafter in ("none", "edit"):
        got, stats = collect(LocalBackend(tiny_dirs[0], drafter=drafter)
                             .stream(MESSAGES, reference=text, max_new_tokens=48, stop=[stop]))  # fmt: skip
        assert got == text[: text.find(stop)] and stats.complete and stats.finish_reason == "stop"


@pytest.mark.parametrize("drafter", ["none", "edit"])
def test_cancel_stops_between_steps_and_frees_the_model(tiny_dirs, plain, drafter):
    text, _, _ = plain(48)
    local = LocalBackend(tiny_dirs[0], drafter=drafter)
    cancel = threading.Event()
    pieces: list[str] = []
    stats = None
    for piece in local.stream(MESSAGES, reference=text, max_new_tokens=48, cancel=cancel):
        if isinstance(piece, DraftStats):
            stats = piece
        else:
            pieces.append(piece)
            cancel.set()
    assert len(pieces) == 1 and text.startswith(pieces[0])
    assert stats is not None and stats.finish_reason == "cancelled" and not stats.complete
    if drafter == "none":
        assert stats.new_tokens <= 2  # the step after the cancel was never run
    else:
        assert stats.target_forwards <= 1 and stats.new_tokens < 48
    again, stats = collect(local.stream(MESSAGES, reference=text, max_new_tokens=48))  # free again
    assert again == text and stats.finish_reason != "cancelled"


def test_cancel_before_the_first_step(tiny_dirs):
    cancel = threading.Event()
    cancel.set()
    text, stats = collect(LocalBackend(tiny_dirs[0]).stream(MESSAGES, reference="x", cancel=cancel))
    assert text == "" and stats.finish_reason == "cancelled" and stats.new_tokens == 0


def test_one_stream_at_a_time(tiny_dirs):
    local = LocalBackend(tiny_dirs[0], drafter="none")
    first = local.stream(MESSAGES, max_new_tokens=8)
    next(first)
    with pytest.raises(EngineError, match="already drafting"):
        next(local.stream(MESSAGES, max_new_tokens=8))
    first.close()
    assert collect(local.stream(MESSAGES, max_new_tokens=8))[1].new_tokens == 8


def test_loads_lazily_and_reports_name_window_and_token_counts(tiny_dirs):
    local = open_backend(model=str(tiny_dirs[0]), api_key_env="IGNORED_FOR_LOCAL", read_timeout=3.0)
    assert isinstance(local, LocalBackend) and isinstance(local, Backend) and local.kind == "local"
    assert (local.name, local.context_length) == ("tiny-target", 256)
    tokenizer = checkpoint.load_tokenizer(tiny_dirs[0])
    assert local.count_tokens("def add(a, b):") == len(tokenizer.encode("def add(a, b):", add_special_tokens=False))
    assert local.count_prompt_tokens(MESSAGES) > local.count_tokens(MESSAGES[1]["content"])
    assert not local.loaded  # counting needs the tokenizer only


def test_the_window_is_enforced(tiny_dirs, tmp_path):
    small = LocalBackend(save_tiny(tmp_path / "small-window", seed=3, context=80))
    long_messages = [{"role": "user", "content": "def add(a, b):\n    return a + b\n" * 20}]
    with pytest.raises(EngineError) as error:
        small.stream(long_messages)
    assert "context window holds 80" in str(error.value) and "\n" not in str(error.value)
    prompt = small.count_prompt_tokens(MESSAGES)
    text, stats = collect(small.stream(MESSAGES, max_new_tokens=1000))  # capped at the window's end
    assert stats.finish_reason in ("length", "stop") and stats.new_tokens <= 80 - prompt
    if stats.finish_reason == "length":
        assert stats.new_tokens == 80 - prompt and not stats.complete


@pytest.mark.parametrize("call, message", [
    (lambda d: LocalBackend(d, drafter="fastest"), "unknown drafter 'fastest'"),
    (lambda d: LocalBackend(d, drafter="model"), "--drafter model needs --draft-model"),
    (lambda d: LocalBackend(d / "missing"), "--server URL"),
    (lambda d: LocalBackend(d).stream([{"role": "user"}]), "a chat message must be"),
    (lambda d: LocalBackend(d).stream(MESSAGES, max_new_tokens=0), "max_new_tokens must be 1 or more"),
    (lambda d: LocalBackend(d).stream([{"role": "tool", "content": "x"}]), "chat template refused"),
])  # fmt: skip
def test_errors_say_what_to_do(tiny_dirs, call, message):
    with pytest.raises(EngineError, match=message):
        call(tiny_dirs[0])


def test_a_draft_model_with_another_vocabulary_is_refused(tiny_dirs, tmp_path):
    torch.manual_seed(0)
    other = Transformer(ModelArgs(vocab_size=64, dim=32, n_layer=1, n_head=4, intermediate_size=64,
                                  max_position_embeddings=64))  # fmt: skip
    checkpoint.save(other, tmp_path / "other-vocab")
    with pytest.raises(EngineError, match="must share the model's tokenizer"):
        LocalBackend(tiny_dirs[0], tmp_path / "other-vocab", "model").stream(MESSAGES)


def test_importing_the_backends_loads_no_torch_app_or_textual():
    code = ("import sys, specdraft.engine.backends, specdraft.engine.remote; "
            "bad = [m for m in ('torch', 'app', 'textual') if m in sys.modules]; "
            "assert not bad, bad")  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)


def test_stats_summary_and_dict():
    stats = DraftStats(model="m", backend="local", finish_reason="stop", new_tokens=100, elapsed_s=2.0,
                       drafted_tokens=90, accepted_tokens=81)  # fmt: skip
    assert stats.summary() == "100 tokens in 2.0 s (50.0 tokens/s), drafted 90, accepted 81 (90%)"
    assert stats.as_dict()["acceptance_rate"] == 0.9 and stats.as_dict()["complete"] is True
    cut = DraftStats(model="m", backend="remote", finish_reason="length", elapsed_s=1.0)
    assert cut.summary() == "1.0 s, length" and not cut.complete


def test_stats_are_live_while_the_draft_streams(tiny_dirs, plain):
    text, tokens, _ = plain(48)
    stream = LocalBackend(tiny_dirs[0], drafter="lookup").stream(MESSAGES, max_new_tokens=48)
    seen = []
    for piece in stream:
        if isinstance(piece, DraftStats):
            assert piece is stream.stats and piece.finish_reason
        else:
            seen.append((stream.stats.new_tokens, stream.stats.chars, stream.stats.finish_reason))
    assert seen and all(reason == "" for _, _, reason in seen)
    counts = [n for n, _, _ in seen]
    assert counts == sorted(counts) and counts[-1] <= len(tokens) and seen[-1][1] == len(text)
    assert stream.stats.new_tokens == len(tokens) and stream.stats.drafted_tokens is not None


def test_auto_dtype_never_chooses_bfloat16_without_native_products_and_says_why_once(tmp_path, monkeypatch):
    import warnings

    import specdraft.engine.kernels
    import specdraft.engine.local

    torch.manual_seed(5)
    args = ModelArgs(vocab_size=VOCAB, dim=64, n_layer=2, n_head=4, n_kv_heads=2, intermediate_size=128,
                     max_position_embeddings=256, bos_token_id=1, eos_token_id=IM_END)  # fmt: skip
    stored = checkpoint.save(Transformer(args).eval(), tmp_path / "bf16", train_tokenizer("chatml"),
                             dtype=torch.bfloat16, chat_template=CHATML_TEMPLATE)  # fmt: skip
    monkeypatch.setattr(specdraft.engine.kernels, "can_pack_bfloat16", lambda: False)
    monkeypatch.setattr(specdraft.engine.local, "_SAID", set())
    with pytest.warns(UserWarning, match="no native bfloat16 products .* runs in float32"):
        assert LocalBackend(stored).weights_dtype() == "float32"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once: a second backend says nothing
        assert LocalBackend(stored).weights_dtype() == "float32"
        assert LocalBackend(stored, dtype="int8").weights_dtype() == "int8"
    monkeypatch.setattr(specdraft.engine.kernels, "can_pack_bfloat16", lambda: True)
    assert LocalBackend(stored).weights_dtype() == "bfloat16"


def test_auto_dtype_is_the_checkpoints_bfloat16_where_the_cpu_multiplies_it(tiny_dirs, tmp_path):
    from specdraft.engine.kernels import can_pack_bfloat16

    torch.manual_seed(5)
    args = ModelArgs(vocab_size=VOCAB, dim=64, n_layer=2, n_head=4, n_kv_heads=2, intermediate_size=128,
                     max_position_embeddings=256, bos_token_id=1, eos_token_id=IM_END)  # fmt: skip
    model = Transformer(args)
    model.init_weights(std=0.3)
    stored = checkpoint.save(model.eval(), tmp_path / "bf16", train_tokenizer("chatml"), dtype=torch.bfloat16,
                             chat_template=CHATML_TEMPLATE, bos_token="<s>", eos_token="<|im_end|>")  # fmt: skip
    native = "bfloat16" if can_pack_bfloat16() else "float32"
    assert LocalBackend(tiny_dirs[0]).weights_dtype() == "float32"  # stored in float32
    assert LocalBackend(stored, dtype="float32").weights_dtype() == "float32"  # asked for
    auto = LocalBackend(stored)
    assert auto.weights_dtype() == native
    auto.load()
    assert auto._checkpoint.model.output.weight.dtype == getattr(torch, native)
    # speculation keeps plain decoding's text in bfloat16 too
    reference = "def add(a, b):\n    return a + b\n"
    texts = {drafter: collect(LocalBackend(stored, drafter=drafter).stream(MESSAGES, reference=reference,
                                                                          max_new_tokens=48))[0]
             for drafter in ("none", "edit", "lookup")}  # fmt: skip
    assert texts["edit"] == texts["lookup"] == texts["none"] != ""


def test_an_unknown_dtype_is_refused(tiny_dirs):
    with pytest.raises(EngineError, match="unknown dtype 'half': use one of auto, float32, bfloat16"):
        LocalBackend(tiny_dirs[0], dtype="half")
    assert open_backend(model=str(tiny_dirs[0]), dtype="float32").weights_dtype() == "float32"


def test_alternatives_leave_the_reference_and_stream_writes_on_from_one(tiny_dirs, plain):
    """LocalBackend.alternatives: where the answer likeliest leaves the reference (the reference's
    first tokens, then another; no special token but EOS), likeliest first; stream(start=...)
    answers with that start, then exactly what greedy decoding writes after it."""
    text, tokens, _ = plain(40)
    local = LocalBackend(tiny_dirs[0])
    found = local.alternatives(MESSAGES, text, limit=4)
    assert len(found) == 4 and [a.logprob for a in found] == sorted((a.logprob for a in found), reverse=True)
    loaded = checkpoint.load(tiny_dirs[0])
    tokenizer = loaded.require_tokenizer()
    reference = tokenizer.encode(text, add_special_tokens=False) + [IM_END]
    specials = set(tokenizer.special_ids) - {IM_END}
    ids = tokenizer.encode(tokenizer.apply_chat_template(MESSAGES), add_special_tokens=False)
    for alternative in found[:2]:
        kept = alternative.kept
        assert list(alternative.tokens[:-1]) == reference[:kept]
        assert alternative.tokens[-1] != reference[kept] and alternative.tokens[-1] not in specials
        assert alternative.text == tokenizer.decode(list(alternative.tokens))
        got, stats = collect(local.stream(MESSAGES, reference=text, max_new_tokens=40, start=alternative))
        forced = list(alternative.tokens)
        if IM_END in forced:
            rest = []
            forced = forced[:-1]
        else:
            rest = generate(loaded.model, ids + forced, max_new_tokens=40 - len(forced), eos_ids=[IM_END]).tokens
        assert got == tokenizer.decode(forced + rest, skip_special_tokens=True)
        assert stats.new_tokens == len(forced + rest) and stats.drafter == "edit"
    with pytest.raises(EngineError, match="context window"):
        local.alternatives(MESSAGES, "word " * 400)

"""specdraft.engine.generate: greedy against transformers, sampling, stop conditions, streaming, batch, errors."""

from __future__ import annotations

import pytest
import torch

from specdraft.engine import checkpoint
from specdraft.engine.errors import EngineError
from specdraft.engine.generate import (
    GenerationStats,
    IncrementalDecoder,
    Sampling,
    TextStream,
    generate,
    generate_tokens,
    logits_to_probs,
    stream_text,
)
from tests.engine.conftest import VOCAB


@pytest.fixture(scope="module")
def qwen(checkpoints):
    return checkpoint.load(checkpoints["qwen2"])


def prompt_ids(n: int = 64, seed: int = 3) -> list[int]:
    return torch.randint(5, VOCAB, (n,), generator=torch.Generator().manual_seed(seed)).tolist()


@pytest.mark.parametrize("arch", ["llama3"])  # every architecture: test_model.py, on the model itself
def test_greedy_generate_equals_transformers(checkpoints, arch):
    from transformers import AutoModelForCausalLM

    ids = prompt_ids()
    ref = AutoModelForCausalLM.from_pretrained(checkpoints[arch], dtype=torch.float32).eval()
    with torch.no_grad():
        expected = ref.generate(torch.tensor([ids]), attention_mask=torch.ones(1, 64, dtype=torch.long),
                                max_new_tokens=64, do_sample=False, eos_token_id=None, pad_token_id=0)  # fmt: skip
    result = generate(checkpoint.load_model(checkpoints[arch]), ids, max_new_tokens=64)
    assert result.tokens == expected[0, 64:].tolist()
    assert result.stats.prompt_tokens == 64 and result.stats.new_tokens == 64
    assert result.stats.prefill_tokens_per_s > 0 and result.stats.decode_tokens_per_s > 0


def test_seeded_sampling_is_reproducible_and_seed_dependent(qwen):
    def run(seed, **kw):
        return generate(qwen.model, prompt_ids(16), max_new_tokens=24,
                        sampling=Sampling(temperature=1.5, seed=seed, **kw)).tokens  # fmt: skip

    assert run(7) == run(7)
    assert run(7) != run(8)
    assert run(7) != generate(qwen.model, prompt_ids(16), max_new_tokens=24).tokens  # not greedy
    assert run(7, top_k=1) == generate(qwen.model, prompt_ids(16), max_new_tokens=24).tokens


def test_top_k_and_top_p_filter_the_distribution():
    logits = torch.tensor([[4.0, 3.0, 2.0, 1.0, 0.0]])
    probs = logits_to_probs(logits, temperature=1.0, top_k=2)
    assert (probs[0, 2:] == 0).all() and probs[0, :2].sum().item() == pytest.approx(1.0)
    full = torch.softmax(logits, -1)[0]
    top_p = float(full[0] + full[1] / 2)  # needs the first two tokens, not the third
    probs = logits_to_probs(logits, temperature=1.0, top_p=top_p)
    assert (probs[0, :2] > 0).all() and (probs[0, 2:] == 0).all()
    assert logits_to_probs(logits, temperature=1.0, top_p=0.01)[0].tolist() == [1.0, 0, 0, 0, 0]
    hot, cold = logits_to_probs(logits, 10.0), logits_to_probs(logits, 0.1)
    assert hot[0, 0] < full[0] < cold[0, 0]


def test_sampled_tokens_follow_the_distribution(qwen):
    """Many one-token samples from one prompt: frequencies match softmax(logits / T)."""
    ids = prompt_ids(8)
    with torch.no_grad():
        logits = qwen.model(torch.tensor([ids]))[0, -1]
    probs = logits_to_probs(logits, temperature=2.0)
    counts = torch.zeros(VOCAB)
    generator = torch.Generator().manual_seed(0)
    from specdraft.engine.generate import sample

    for _ in range(2000):
        counts[sample(logits.view(1, -1), Sampling(temperature=2.0), generator)] += 1
    assert (counts / 2000 - probs).abs().max() < 0.05


def test_eos_stops_and_is_not_returned(qwen):
    ids = prompt_ids(16)
    greedy = generate(qwen.model, ids, max_new_tokens=20).tokens
    eos = greedy[5]
    first = greedy.index(eos)
    result = generate(qwen.model, ids, max_new_tokens=20, eos_ids=[eos])
    assert result.tokens == greedy[:first]
    assert result.stats.stop_reason == "eos"


def test_max_new_tokens(qwen):
    assert len(generate(qwen.model, prompt_ids(16), max_new_tokens=7).tokens) == 7
    assert generate(qwen.model, prompt_ids(16), max_new_tokens=0).tokens == []


def test_context_length_is_a_clear_error(qwen):
    context = qwen.model.args.max_position_embeddings  # 256
    with pytest.raises(EngineError, match=r"prompt \(250 tokens\) \+ max_new_tokens \(10\) = 260 exceeds .* \(256\)"):
        generate_tokens(qwen.model, prompt_ids(250), max_new_tokens=10)
    assert len(generate(qwen.model, prompt_ids(250), max_new_tokens=context - 250).tokens) == 6
    with pytest.raises(EngineError, match="empty"):
        generate(qwen.model, [], max_new_tokens=3)


def test_batch_rows_equal_batch_one(qwen):
    rows = torch.tensor([prompt_ids(20, seed=s) for s in range(3)])
    eos = generate(qwen.model, rows[1].tolist(), max_new_tokens=12).tokens[4]
    batched = generate(qwen.model, rows, max_new_tokens=12, eos_ids=[eos]).tokens
    singles = [generate(qwen.model, row.tolist(), max_new_tokens=12, eos_ids=[eos]).tokens for row in rows]
    assert batched == singles
    assert len(batched[1]) < 12  # that row stopped at its EOS while the others went on


def test_bfloat16_generation_runs_and_mostly_agrees(checkpoints):
    ids = prompt_ids(32)
    low = generate(checkpoint.load_model(checkpoints["llama"], dtype=torch.bfloat16), ids, max_new_tokens=16).tokens
    high = generate(checkpoint.load_model(checkpoints["llama"]), ids, max_new_tokens=16).tokens
    assert len(low) == 16 and low[:4] == high[:4]


class ScriptedTokenizer:
    """A tokenizer stand-in whose decode is real UTF-8 over byte tokens (id = byte value)."""

    def decode(self, ids, skip_special_tokens=True):
        return bytes(ids).decode("utf-8", errors="replace")


def test_incremental_decoder_never_splits_a_character():
    text = "aé日🙂 b\n€"
    decoder = IncrementalDecoder(ScriptedTokenizer())
    pieces = [decoder.push(b) for b in text.encode()] + [decoder.flush()]
    assert "".join(pieces) == text
    for piece in pieces:
        assert "\ufffd" not in piece


def test_streamed_pieces_join_to_the_decoded_text(qwen):
    tokenizer = qwen.tokenizer
    ids = tokenizer.encode("naïve café 日本語 🙂🚀 def add(a, b):")
    stream = stream_text(qwen.model, tokenizer, ids, max_new_tokens=40, sampling=Sampling(temperature=1.0, seed=1))
    pieces = list(stream)
    # a piece cut inside a character would carry a U+FFFD that the whole decode does not have
    # (a random model also emits truly invalid bytes, which decode as U+FFFD either way)
    assert "".join(pieces) == stream.text == tokenizer.decode(stream.tokens, skip_special_tokens=True)
    assert stream.stats.new_tokens == len(stream.tokens) == 40
    assert len(pieces) > 5


def test_stream_of_multibyte_tokens_with_the_real_tokenizer(qwen):
    """Feed the byte-level tokens of multi-byte text one by one: no piece holds half a character."""
    tokenizer = qwen.tokenizer
    text = "日本語のテキスト 🙂🚀 ünïcödé"
    ids = tokenizer.encode(text, add_special_tokens=False)
    decoder = IncrementalDecoder(tokenizer)
    pieces = [decoder.push(i) for i in ids] + [decoder.flush()]
    assert "".join(pieces) == text
    assert not any("\ufffd" in p for p in pieces)
    assert sum(1 for p in pieces if p) < len(ids)  # some tokens were partial characters, held back


def test_stop_strings_cut_the_text_and_hold_back_prefixes():
    text = "print(1)\n```\nafter"
    stats = GenerationStats()
    stream = TextStream(iter(list(text.encode())), ScriptedTokenizer(), stop_strings=["```"], stats=stats)
    pieces = list(stream)
    assert "".join(pieces) == "print(1)\n"
    assert stats.stop_reason == "stop_string"
    assert all("`" not in p for p in pieces)
    # a partial match that is not a stop string is released
    stream = TextStream(iter(list(b"a``b")), ScriptedTokenizer(), stop_strings=["```"])
    assert "".join(stream) == "a``b"


def test_stop_string_stops_generation_early(qwen):
    tokenizer = qwen.tokenizer
    ids = tokenizer.encode("def add(a, b):")
    full = stream_text(qwen.model, tokenizer, ids, max_new_tokens=30)
    full_text = "".join(full)
    stop = full_text[10:13]
    assert stop and full_text.find(stop) >= 0
    cut = stream_text(qwen.model, tokenizer, ids, max_new_tokens=30, stop_strings=[stop])
    assert "".join(cut) == full_text[: full_text.find(stop)]
    assert len(cut.tokens) < len(full.tokens)
    assert cut.stats.stop_reason == "stop_string"


def test_compiled_decode_gives_transformers_tokens(checkpoints):
    """The compiled one-token step (static shapes: the whole cache, masked) decodes what eager
    decoding and transformers decode; the model is left eager for everything else."""
    from transformers import AutoModelForCausalLM

    from specdraft.engine.generate import use_compiled_decode

    ids = prompt_ids(32)
    ref = AutoModelForCausalLM.from_pretrained(checkpoints["llama3"], dtype=torch.float32).eval()
    with torch.no_grad():
        expected = ref.generate(torch.tensor([ids]), attention_mask=torch.ones(1, 32, dtype=torch.long),
                                max_new_tokens=40, do_sample=False, eos_token_id=None, pad_token_id=0)  # fmt: skip
    model = checkpoint.load_model(checkpoints["llama3"])
    assert not use_compiled_decode(model, 40, None)  # too short to pay for a compile
    compiled = generate_tokens(model, ids, max_new_tokens=40, compile=True)
    assert list(compiled) == expected[0, 32:].tolist()
    assert not model.static_shapes  # only during the compiled step
    assert use_compiled_decode(model, 40, None)  # compiled once in this process: reused
    assert not use_compiled_decode(model, 40, False)
    assert generate(model, ids, max_new_tokens=40).tokens == expected[0, 32:].tolist()


def test_compile_is_never_used_for_an_exact_bfloat16_target(checkpoints):
    from specdraft.engine.generate import use_compiled_decode

    # whether or not this CPU multiplies bfloat16 natively (packed for exact verification, or
    # kept as bfloat16 weights), a bfloat16 target decodes eagerly, with the kernels its verify uses
    model = checkpoint.load_model(checkpoints["llama3"], dtype="bfloat16")
    assert use_compiled_decode(model, 10_000, True) is False
    assert use_compiled_decode(model, 10_000, None) is False
    # and the reason is the target's dtype, not a decode that can never compile
    float_model = checkpoint.load_model(checkpoints["llama3"], dtype="float32")
    assert use_compiled_decode(float_model, 10_000, True) is True


def test_a_decode_step_that_cannot_be_compiled_decodes_eagerly(checkpoints, monkeypatch):
    import specdraft.engine.generate

    def no_compiler(*args, **kwargs):
        raise RuntimeError("no C++ compiler")

    monkeypatch.setattr(specdraft.engine.generate.torch, "compile", no_compiler)
    model = checkpoint.load_model(checkpoints["llama3"])
    ids = prompt_ids(16)
    expected = generate(model, ids, max_new_tokens=12, compile=False).tokens
    with pytest.warns(UserWarning, match="could not be compiled, decoding without: no C\\+\\+ compiler"):
        assert list(generate_tokens(model, ids, max_new_tokens=12, compile=True)) == expected
    assert not model.static_shapes and not specdraft.engine.generate.use_compiled_decode(model, 12, True)

"""Prefix reuse: a prefill computes only what follows the longest prefix the KV cache holds
(Transformer.prefix_reuse, which LocalBackend turns on), and greedy output is what a model with
an empty cache writes, for plain and speculative decoding, in float32, bfloat16 and int8."""

from __future__ import annotations

import random

import pytest
import torch

from specdraft.engine.drafters import PromptLookupDrafter
from specdraft.engine.generate import generate
from specdraft.engine.interface import collect
from specdraft.engine.local import LocalBackend
from specdraft.engine.model import ModelArgs, Transformer
from specdraft.engine.speculative import speculative_generate
from tests.engine.test_backends import save_tiny

VOCAB = 64


def tiny(dtype: str = "float32", seed: int = 0) -> Transformer:
    torch.manual_seed(seed)
    args = ModelArgs(vocab_size=VOCAB, dim=64, n_layer=2, n_head=4, n_kv_heads=2, intermediate_size=128,
                     max_position_embeddings=1024)  # fmt: skip
    model = Transformer(args)
    model.init_weights(0.2)
    if dtype == "int8":
        from specdraft.engine.quant import quantize_model

        return quantize_model(model.eval())
    return model.to(getattr(torch, dtype)).use_inference_layout().eval()


def requests(seed: int) -> list[list[int]]:
    """Prompts as a session makes them: a shared head, then windows, notes and retries."""
    rng = random.Random(seed)
    head = [rng.randrange(VOCAB) for _ in range(40)]
    out = []
    for _ in range(6):
        body = [rng.randrange(VOCAB) for _ in range(rng.randrange(1, 60))]
        out.append(head + body)
        out.append(head + body + [rng.randrange(VOCAB) for _ in range(rng.randrange(1, 8))])  # a note
        out.append(list(out[-1]))  # a retry
    out.append([rng.randrange(VOCAB)])  # one token: nothing to reuse
    return out


# int8 is left out of the equality: its prefill multiplies by dequantized blocks (quant.Int8Linear's
# bulk path), whose sums BLAS orders by the prompt's length, so a reused prefix's K/V differ in the
# last bits from a whole prefill's, and on this tiny flat model (bfloat16-rounded logits, near-ties
# everywhere) 6 of 76 requests came out differently (docs/real-size.md). Its reuse is tested below.
@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
def test_plain_and_speculative_output_equal_an_empty_cache_while_the_prefix_is_reused(dtype):
    model, fresh = tiny(dtype), tiny(dtype)
    model.prefix_reuse = True
    reused = []
    for i, prompt in enumerate(requests(seed=1)):
        fresh.clear_caches()
        expected = generate(fresh, prompt, max_new_tokens=24).tokens
        if i % 2:
            got = speculative_generate(model, prompt, PromptLookupDrafter(min_n=1, max_n=3), 24).tokens
        else:
            got = generate(model, prompt, max_new_tokens=24).tokens
        assert got == expected, i
        reused.append(model.reused_tokens)
    # the windows share the 40-token head, a note or a retry everything before it; the last
    # prefill always computes at least one token
    assert reused[0] == 0 and min(reused[1:-1]) >= 40 and reused[-1] == 0
    prompts = requests(seed=1)
    assert reused[2] == len(prompts[2]) - 1  # a retry: everything but the last token


def test_an_int8_model_reuses_the_prefix_too():
    model = tiny("int8")
    model.prefix_reuse = True
    prompts = requests(seed=2)
    for prompt in prompts[:3]:
        speculative_generate(model, prompt, PromptLookupDrafter(min_n=1, max_n=3), 16)
    assert model.reused_tokens == len(prompts[2]) - 1  # the retry


def test_the_cache_is_only_trusted_up_to_where_it_was_last_written():
    model = tiny()
    model.prefix_reuse = True
    prompt = list(range(30))
    generate(model, prompt, max_new_tokens=10)
    # a forward that rewrites positions 5.. invalidates everything after what it wrote
    with torch.inference_mode():
        model(torch.tensor([[9, 9, 9]]), torch.arange(5, 8))
    assert model.cached_length == 8
    generate(model, prompt, max_new_tokens=4)
    assert model.reused_tokens == 5
    # a batch is not tracked: nothing is reused after it
    generate(model, torch.tensor([prompt, prompt]), max_new_tokens=4)
    generate(model, prompt, max_new_tokens=4)
    assert model.reused_tokens == 0


def test_a_larger_cache_keeps_the_prefix_and_clearing_drops_it():
    model = tiny()
    model.prefix_reuse = True
    prompt = list(range(40))
    generate(model, prompt, max_new_tokens=8)
    small = model.max_seq_length
    longer = prompt + [1] * 10
    expected = generate(tiny(), longer, max_new_tokens=200).tokens
    assert generate(model, longer, max_new_tokens=200).tokens == expected
    assert model.max_seq_length > small and model.reused_tokens == 40
    model.clear_caches()
    generate(model, prompt, max_new_tokens=8)
    assert model.reused_tokens == 0


def test_without_prefix_reuse_every_prefill_starts_from_scratch():
    model = tiny()
    for _ in range(2):
        generate(model, list(range(30)), max_new_tokens=4)
        assert model.reused_tokens == 0


def common_prefix(a: list[int], b: list[int]) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def test_the_local_backend_reuses_the_prompt_of_its_last_request(tmp_path):
    path = save_tiny(tmp_path / "tiny", seed=3)
    backend = LocalBackend(path, drafter="auto")
    system = {"role": "system", "content": "You rewrite code. " * 5}
    first = [system, {"role": "user", "content": "def add(a, b):\n    return a + b\n"}]
    note = first + [{"role": "assistant", "content": "def add(a, b):"},
                    {"role": "user", "content": "use sum"}]  # fmt: skip
    other = [system, {"role": "user", "content": "def mul(a, b):\n    return a * b\n"}]
    session = [(first, None), (note, None), (note, None), (other, "def mul(a, b):\n"), (first, None)]
    texts, previous = [], []
    for messages, reference in session:
        texts.append(collect(backend.stream(messages, max_new_tokens=12, reference=reference))[0])
        ids = backend.prompt_ids(messages)
        # everything the last prompt shares with this one, but at least its last token computed
        assert backend.reused_prompt_tokens == min(common_prefix(previous, ids), len(ids) - 1)
        previous = ids
    assert backend.reused_prompt_tokens > 0
    for (messages, reference), text in zip(session, texts, strict=True):
        alone = LocalBackend(path, drafter="auto")
        assert collect(alone.stream(messages, max_new_tokens=12, reference=reference))[0] == text

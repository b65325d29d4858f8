"""Weight-only int8 and int4 (specdraft.engine.quant): close to the float model, loaded from any
float checkpoint and cached outside it, and lossless under speculation: a verify of k tokens gives
bit for bit the logits of k one-token steps, so greedy speculative output equals plain decoding."""

from __future__ import annotations

import random

import pytest
import torch

from specdraft.engine import checkpoint, quant
from specdraft.engine.drafters import Draft, Drafter
from specdraft.engine.generate import generate
from specdraft.engine.kernels import EXACT_BLOCK
from specdraft.engine.model import ModelArgs, Transformer
from specdraft.engine.speculative import speculative_generate


@pytest.fixture(autouse=True)
def cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("SPECDRAFT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


# Gemma 2's block (tests/engine/test_model.py says what each choice is), caps that bind here
GEMMA2 = dict(model_type="gemma2", hidden_act="gelu_pytorch_tanh", query_pre_attn_scalar=48,
              attn_logit_softcapping=1.0, final_logit_softcapping=2.0, sliding_window=100,
              layer_types=["sliding_attention", "full_attention"])  # fmt: skip


def random_int8(dim: int = 384, vocab: int = 512, std: float = 0.05, tied: bool = True, seed: int = 0,
                arch: str = "llama", intermediate: int | None = None, bits: int = 8) -> Transformer:  # fmt: skip
    torch.manual_seed(seed)
    args = ModelArgs(vocab_size=vocab, dim=dim, n_layer=2, n_head=6, n_kv_heads=2,
                     intermediate_size=intermediate or 2 * dim + 8, max_position_embeddings=1024,
                     tie_word_embeddings=tied, attention_bias=True, **(GEMMA2 if arch == "gemma2" else {}))  # fmt: skip
    model = Transformer(args)
    model.init_weights(std)
    if tied:
        model.output.weight = model.tok_embeddings.weight
    return quant.quantize_model(model.eval(), bits)


def test_quantize_rows_round_trips_within_half_a_step():
    weight = torch.randn(40, 64) * torch.logspace(-3, 1, 40)[:, None]  # rows of very different sizes
    q, scales = quant.quantize_rows(weight)
    assert q.dtype == torch.int8 and scales.dtype == torch.bfloat16 and int(q.abs().max()) <= 127
    error = (q.float() * scales.float()[:, None] - weight).abs()
    assert bool((error <= scales.float()[:, None] * 0.5 + 1e-7).all())


@pytest.mark.parametrize("bits", [8, 4])
@pytest.mark.parametrize(("tied", "arch"), [(True, "llama"), (False, "llama"), (True, "gemma2")])
def test_a_verify_of_k_tokens_gives_exactly_the_logits_of_k_one_token_steps(tied, arch, bits):
    # the padded width (intermediate 776) and a bias exercise every path of Int8Linear / Int4Linear
    model = random_int8(tied=tied, arch=arch, bits=bits)
    assert (quant.is_int8(model), quant.is_int4(model)) == (bits == 8, bits == 4)
    assert (model.output.weight is model.tok_embeddings.weight) == (tied and bits == 8)
    idx = torch.randint(0, 512, (1, 600))
    with torch.inference_mode():
        for start in (30, EXACT_BLOCK - 40, 2 * EXACT_BLOCK - 32):
            model.setup_caches(1, 600)
            model(idx[:, :start], torch.arange(start), last_only=True)  # a prefill: the bulk kernel
            steps = torch.cat([model(idx[:, p : p + 1], torch.tensor([p])) for p in range(start, start + 64)], dim=1)
            same = [torch.equal(model(idx[:, start : start + k], torch.arange(start, start + k)), steps[:, :k])
                    for k in (2, 5, 13, 16, 17, 40, 64)]  # fmt: skip
            assert all(same), (start, same)


def test_int8_logits_are_close_to_the_float_model():
    torch.manual_seed(0)
    args = ModelArgs(vocab_size=512, dim=256, n_layer=2, n_head=4, n_kv_heads=2, intermediate_size=512)
    model = Transformer(args)
    model.init_weights(0.05)
    idx = torch.randint(0, 512, (1, 64))
    with torch.inference_mode():
        reference = model.eval()(idx)
        logits = quant.quantize_model(model)(idx)
    assert logits.dtype == torch.float32
    # int8 steps of 1/127 of a row's largest weight, bfloat16 inputs: a few percent of the logits' range
    assert float((logits - reference).abs().max()) < 0.05 * float(reference.abs().max())
    assert float((logits.argmax(-1) == reference.argmax(-1)).float().mean()) > 0.9


def test_int4_groups_round_trip_within_half_a_step_and_the_kernel_multiplies_them():
    # groups of very different sizes; 200 inputs (not whole groups) and 40 outputs (not a multiple
    # of 16): both padded for ATen's int4 kernel
    weight = torch.randn(40, 200) * torch.logspace(-3, 1, 40)[:, None]
    layer = quant.Int4Linear.from_weight(weight)
    nibbles, plain = layer.weight.clone(), layer.dequantized()
    q, scales, zeros = quant.quantize_groups(torch.nn.functional.pad(weight, (0, 56)))
    assert q.dtype == torch.uint8 and int(q.max()) <= 15 and scales.dtype == zeros.dtype == torch.bfloat16
    dequantized = layer.dequantized()
    assert dequantized.shape == (40, 256)  # padded inputs are zeros in every product: they add nothing
    step = scales.float().repeat_interleave(quant.INT4_GROUP, dim=1)[:, :200]
    assert bool(((dequantized[:, :200] - weight).abs() <= step * 0.5 + 1e-6).all())
    x = torch.randn(5, 200)
    with torch.inference_mode():
        expected = x.bfloat16().float() @ dequantized[:, :200].t()
        got = layer(x)
        assert got.shape == (5, 40)
        # the kernel's bfloat16 output: one rounding step of the largest value apart at most
        assert float((got - expected).abs().max()) <= float(expected.abs().max()) / 128
        assert torch.equal(layer(x[2:3]), got[2:3])
        assert quant.int4_rows_exact()
    # packed (by the first product): the plain copy is dropped where the layout is known (AVX-512
    # here; with ATEN_CPU_CAPABILITY=avx2 ATen packs another way and the plain copy stays), and the
    # values, the prefill's dequantized blocks and the state dict are read back from the packed copy
    assert (layer.weight is None) == quant.int4_layout_known()
    assert torch.equal(layer.dequantized(), plain) and torch.equal(layer.state_dict()["weight"], nibbles)


def test_dequantizing_in_bfloat16_for_a_prefill_is_the_float32_values_rounded():
    torch.manual_seed(0)
    int8 = quant.Int8Linear.from_linear(torch.nn.Linear(200, 300))
    assert torch.equal(int8.dequantized(0, 256, torch.bfloat16), int8.dequantized(0, 256).to(torch.bfloat16))
    int4 = quant.Int4Linear.from_weight(torch.randn(300, 200) * 3)
    int4.pack()
    assert torch.equal(int4.dequantized(0, 256, torch.bfloat16), int4.dequantized(0, 256).to(torch.bfloat16))


def test_int4_logits_follow_the_float_model():
    torch.manual_seed(0)
    args = ModelArgs(vocab_size=512, dim=256, n_layer=2, n_head=4, n_kv_heads=2, intermediate_size=512)
    model = Transformer(args)
    model.init_weights(0.05)
    idx = torch.randint(0, 512, (1, 64))
    with torch.inference_mode():
        reference = model.eval()(idx)
        logits = quant.quantize_model(model, bits=4)(idx)
    # 16 levels a group: ~9% of each weight's spread on these Gaussian weights, far more than int8's
    # 0.5%; the logits still follow the float model's
    cosine = torch.nn.functional.cosine_similarity(logits.flatten(), reference.flatten(), dim=0)
    assert float(cosine) > 0.9
    assert float((logits.argmax(-1) == reference.argmax(-1)).float().mean()) > 0.3


def test_a_width_that_is_not_a_multiple_of_16_is_padded():
    # ATen's int8 product crashes the process on such widths: a failure here is a crash
    linear = torch.nn.Linear(40, 24, bias=False)
    int8 = quant.Int8Linear.from_linear(linear)
    x = torch.randn(3, 40)
    with torch.inference_mode():
        assert torch.allclose(int8(x), x @ int8.dequantized().t(), atol=0.05)
        assert torch.equal(int8(x[1:2]), int8(x)[1:2])


class PartlyRightDrafter(Drafter):
    """Drafts the true output for a random stretch, then junk: every acceptance length occurs."""

    def __init__(self, truth: list[int], prompt_len: int, seed: int) -> None:
        self.truth, self.prompt_len, self.rng = truth, prompt_len, random.Random(seed)

    def propose(self, tokens, max_tokens):
        at = len(tokens) - self.prompt_len
        right = self.truth[at : at + self.rng.randrange(0, 20)]
        return Draft(right + [self.rng.randrange(64) for _ in range(self.rng.randrange(0, 4))])


@pytest.mark.parametrize("bits", [8, 4])
@pytest.mark.parametrize("arch", ["llama", "gemma2"])
def test_greedy_speculative_output_equals_plain_decoding_in_int8(arch, bits):
    # a small init: flat distributions, near-ties everywhere, so any difference between a verify
    # row and a one-token step would show as a different token
    model = random_int8(dim=192, vocab=64, std=0.02, seed=3, arch=arch, bits=bits)
    rng = random.Random(0)
    for seed in range(12):
        prompt = [rng.randrange(64) for _ in range(rng.randrange(1, 40))]
        truth = generate(model, prompt, max_new_tokens=80).tokens
        result = speculative_generate(model, prompt, PartlyRightDrafter(truth, len(prompt), seed), 80)
        assert result.tokens == truth, seed
        assert result.stats.accepted_tokens > 0


@pytest.mark.parametrize(("arch", "bits"), [("qwen2", 8), ("gemma2", 8), ("qwen2", 4), ("smollm", 4)])
def test_load_model_int8_quantizes_once_and_caches_the_copy_outside_the_checkpoint(checkpoints, cache_in_tmp, monkeypatch, arch, bits):
    path = checkpoints[arch]
    before = sorted(p.name for p in path.iterdir())
    idx = torch.randint(0, 320, (1, 20))
    float_model = checkpoint.load_model(path, dtype="float32")
    model = checkpoint.load_model(path, dtype=f"int{bits}")
    assert quant.is_int8(model) if bits == 8 else quant.is_int4(model)
    copies = list(cache_in_tmp.glob(f"int{bits}/{arch}-*/model.int{bits}.safetensors"))
    assert len(copies) == 1
    assert sorted(p.name for p in path.iterdir()) == before  # nothing written into the checkpoint

    def no_quantizing(*args, **kwargs):
        raise AssertionError("the cached copy should have been read")

    monkeypatch.setattr(quant, "quantize_model", no_quantizing)
    again = checkpoint.load_model(path, dtype=f"int{bits}")
    with torch.inference_mode():
        logits = model(idx)
        assert torch.equal(again(idx), logits)
        reference = float_model(idx)
    if bits == 8:
        assert float((logits - reference).abs().max()) < 0.1 * float(reference.abs().max())
    else:  # int4 (see test_int4_logits_follow_the_float_model)
        assert float(torch.nn.functional.cosine_similarity(logits.flatten(), reference.flatten(), dim=0)) > 0.9


def test_a_tied_checkpoint_stays_tied_through_the_cache(checkpoints):
    path = checkpoints["smollm"]  # tie_word_embeddings
    first = checkpoint.load_model(path, dtype="int8")
    second = checkpoint.load_model(path, dtype="int8")  # from the cache
    for model in (first, second):
        assert model.output.weight is model.tok_embeddings.weight
        assert model.output.scales is model.tok_embeddings.scales


def test_a_changed_checkpoint_gets_a_new_int8_copy(checkpoints, tmp_path, cache_in_tmp):
    import shutil

    path = shutil.copytree(checkpoints["llama"], tmp_path / "llama")
    checkpoint.load_model(path, dtype="int8")
    model = checkpoint.load_model(path, dtype="float32")
    with torch.no_grad():
        model.norm.weight.mul_(2)
    checkpoint.save(model, path)
    checkpoint.load_model(path, dtype="int8")
    assert len(list(cache_in_tmp.glob("int8/llama-*/model.int8.safetensors"))) == 2

"""specdraft.engine.model against transformers on the same checkpoint, and the KV cache against itself."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from specdraft.engine.checkpoint import load_model
from specdraft.engine.kernels import Linear, can_pack_bfloat16
from specdraft.engine.model import ModelArgs, Transformer
from tests.engine.conftest import ARCHITECTURES, VOCAB


def hf_model(path):
    from transformers import AutoModelForCausalLM

    return AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32).eval()


def prompt(n: int = 64, seed: int = 1, batch: int = 1) -> torch.Tensor:
    return torch.randint(3, VOCAB, (batch, n), generator=torch.Generator().manual_seed(seed))


def greedy_with_cache(model: Transformer, idx: torch.Tensor, n: int) -> list[int]:
    """Greedy decoding straight on the model: prefill, then one token at a time."""
    model.setup_caches(1, idx.shape[1] + n)
    logits = model(idx, torch.arange(idx.shape[1]), last_only=True)
    tokens = []
    for i in range(n):
        token = logits[0, -1].argmax()
        tokens.append(int(token))
        logits = model(token.view(1, 1), torch.tensor([idx.shape[1] + i]))
    return tokens


@pytest.mark.parametrize("arch", list(ARCHITECTURES))
def test_logits_match_transformers(checkpoints, arch):
    ours, ref = load_model(checkpoints[arch]), hf_model(checkpoints[arch])
    idx = prompt(64)
    with torch.no_grad():
        expected = ref(idx).logits
        ours.setup_caches(1, 64)
        cached = ours(idx, torch.arange(64))
        plain = ours(idx)
    assert expected.abs().max() > 1.0  # the logits are far from uniform, so the test can fail
    assert (cached - expected).abs().max() < 1e-4
    assert (plain - expected).abs().max() < 1e-4


@pytest.mark.parametrize("arch", list(ARCHITECTURES))
def test_64_greedy_tokens_match_transformers(checkpoints, arch):
    ours, ref = load_model(checkpoints[arch]), hf_model(checkpoints[arch])
    idx = prompt(64, seed=2)
    with torch.no_grad():
        expected = ref.generate(
            idx, attention_mask=torch.ones_like(idx), max_new_tokens=64, min_new_tokens=64,
            do_sample=False, pad_token_id=0,
        )[0, 64:].tolist()  # fmt: skip
        tokens = greedy_with_cache(ours, idx, 64)
    assert len(set(expected)) > 3  # not a degenerate repetition of one token
    assert tokens == expected


def test_llama3_rope_scaling_is_applied(checkpoints):
    model = load_model(checkpoints["llama3"])
    assert model.args.rope_scaling["rope_type"] == "llama3"
    unscaled = Transformer(model.args.replace(rope_scaling=None))
    unscaled.load_state_dict(model.state_dict())
    idx = prompt(64)
    with torch.no_grad():
        assert (model(idx) - unscaled(idx)).abs().max() > 1e-3


def test_chunked_forward_with_cache_equals_full_forward(checkpoints):
    """Prefill, a k-token forward (a speculative verify), then single tokens: all exact."""
    model = load_model(checkpoints["qwen3"])
    idx = prompt(64)
    model.setup_caches(1, 80)
    with torch.no_grad():
        full = model(idx)
        # 30 from 0 (SDPA causal), 8 (small-query path), 20 at 38 (SDPA with a position mask), 1s
        parts = [model(idx[:, :30], torch.arange(30)), model(idx[:, 30:38], torch.arange(30, 38)),
                 model(idx[:, 38:58], torch.arange(38, 58))]  # fmt: skip
        parts += [model(idx[:, i : i + 1], torch.tensor([i])) for i in range(58, 64)]
    assert (torch.cat(parts, dim=1) - full).abs().max() < 1e-4


def test_rewriting_positions_rolls_back_a_rejected_draft(checkpoints):
    model = load_model(checkpoints["llama"])
    idx = prompt(48)
    model.setup_caches(1, 64)
    with torch.no_grad():
        model(idx[:, :40], torch.arange(40))
        model(prompt(8, seed=9), torch.arange(40, 48))  # a draft that gets rejected
        redo = model(idx[:, 40:48], torch.arange(40, 48))
        full = model(idx)
    assert (redo - full[:, 40:48]).abs().max() < 1e-4


def test_sliding_window_limits_attention(checkpoints):
    model = load_model(checkpoints["mistral"])
    assert model.args.sliding_window == 48
    idx = prompt(64)
    wide = Transformer(model.args.replace(sliding_window=None))
    wide.load_state_dict(model.state_dict())
    with torch.no_grad():
        assert (model(idx)[:, :48] - wide(idx)[:, :48]).abs().max() < 1e-5
        assert (model(idx)[:, 48:] - wide(idx)[:, 48:]).abs().max() > 1e-3


def test_batch_rows_equal_batch_one(checkpoints):
    model = load_model(checkpoints["qwen2"])
    idx = prompt(32, batch=3)
    model.setup_caches(3, 40)
    with torch.no_grad():
        batched = torch.cat([model(idx, torch.arange(32)), model(idx[:, :1], torch.tensor([32]))], dim=1)
        model.setup_caches(1, 40)
        for row in range(3):
            single = torch.cat([model(idx[row : row + 1], torch.arange(32)),
                                model(idx[row : row + 1, :1], torch.tensor([32]))], dim=1)  # fmt: skip
            assert (batched[row] - single[0]).abs().max() < 1e-4


def test_bfloat16_weights_keep_a_float32_or_float64_cache(checkpoints):
    from specdraft.engine.kernels import EXACT_BLOCK, exact_attention_holds

    model = load_model(checkpoints["llama"], dtype=torch.bfloat16)
    reference = load_model(checkpoints["llama"])
    assert model.output.weight.dtype == torch.bfloat16
    model.setup_caches(1, 64)
    # a target whose products are row-count-exact attends exactly (see the exact batches test):
    # exact_attention over whole blocks of a float32 cache, or float64 where BLAS fails its check
    exact = can_pack_bfloat16()
    cache = model.layers[0].attention.kv_cache.k_cache
    assert cache.dtype == (torch.float64 if exact and not exact_attention_holds(model.args.head_dim) else torch.float32)
    assert model.max_seq_length == 64 and cache.shape[2] == (EXACT_BLOCK if exact else 64)
    draft = load_model(checkpoints["llama"], dtype=torch.bfloat16, exact_batches=False)
    draft.setup_caches(1, 64)
    assert draft.layers[0].attention.kv_cache.k_cache.dtype == torch.float32
    idx = prompt(32)
    with torch.no_grad():
        low, high = model(idx, torch.arange(32)).float(), reference(idx)
    assert (low - high).abs().max() < 0.1 * high.abs().max()
    assert (low.argmax(-1) == high.argmax(-1)).float().mean() > 0.9


def test_training_forward_has_gradients_and_ignores_caches():
    args = ModelArgs(vocab_size=64, dim=32, n_layer=2, n_head=4, n_kv_heads=2, intermediate_size=64)
    model = Transformer(args)
    model.init_weights()
    idx = torch.randint(0, 64, (2, 16))
    logits = model(idx)
    assert logits.shape == (2, 16, 64)
    loss = torch.nn.functional.cross_entropy(logits[:, :-1].reshape(-1, 64), idx[:, 1:].reshape(-1))
    loss.backward()
    assert all(p.grad is not None and p.grad.abs().sum() > 0 for p in model.parameters())
    assert model.max_seq_length == 0  # no cache was made


def test_derived_sizes_and_tied_embeddings():
    args = ModelArgs.from_hf_config({
        "architectures": ["LlamaForCausalLM"], "vocab_size": 100, "hidden_size": 96,
        "num_hidden_layers": 1, "num_attention_heads": 6, "intermediate_size": 128,
        "tie_word_embeddings": True, "rope_theta": 10000.0,
    })  # fmt: skip
    assert (args.head_dim, args.n_kv_heads) == (16, 6)
    model = Transformer(args)
    assert model.output.weight is model.tok_embeddings.weight


def test_static_shapes_forward_equals_eager(checkpoints):
    """The torch.compile-friendly path (whole cache, position mask) gives the same logits."""
    for arch in ("qwen3", "mistral"):
        eager, static = load_model(checkpoints[arch]), load_model(checkpoints[arch])
        static.static_shapes = True
        idx = prompt(60)
        eager.setup_caches(1, 80)
        static.setup_caches(1, 80)
        with torch.no_grad():
            for start, end in ((0, 40), (40, 48), (48, 49), (49, 60)):
                pos = torch.arange(start, end)
                a, b = eager(idx[:, start:end], pos), static(idx[:, start:end], pos)
                assert (a - b).abs().max() < 1e-4


def drop_packed(model: Transformer) -> Transformer:
    """The same model on the plain F.linear path (no decoding copies)."""
    for module in model.modules():
        if isinstance(module, Linear):
            module.packed = None
    return model


needs_onednn = pytest.mark.skipif(not can_pack_bfloat16(), reason="oneDNN has no bfloat16 on this CPU")
# exact_batches: every matrix oneDNN-packed (a target); else the tiny test matrices, all small,
# get float32 copies (a draft model)
COPIES = {"onednn": pytest.param(True, marks=needs_onednn), "float32": False}


def load_bfloat16(path, exact: bool) -> Transformer:
    return load_model(path, dtype=torch.bfloat16, exact_batches=exact)


@pytest.mark.parametrize("exact", COPIES.values(), ids=COPIES.keys())
@pytest.mark.parametrize("arch", ["llama", "qwen2"])  # untied and tied output, q/k/v bias
def test_packed_bfloat16_equals_plain_bfloat16(checkpoints, arch, exact):
    fast = load_bfloat16(checkpoints[arch], exact)
    plain = drop_packed(load_bfloat16(checkpoints[arch], exact))
    copy_dtype = torch.bfloat16 if exact else torch.float32
    assert all(m.packed.dtype == copy_dtype for m in fast.modules() if isinstance(m, Linear))
    idx = prompt(40)
    with torch.inference_mode():
        fast.setup_caches(1, 80)
        plain.setup_caches(1, 80)
        prefill = fast(idx, torch.arange(40)), plain(idx, torch.arange(40))
        # one token, and an 8-token verify (float32 copies serve up to SMALL_QUERY rows)
        step = fast(idx[:, :1], torch.tensor([40])), plain(idx[:, :1], torch.tensor([40]))
        verify = fast(idx[:, 1:9], torch.arange(41, 49)), plain(idx[:, 1:9], torch.arange(41, 49))
        if exact:  # oneDNN packed is what F.linear runs: the same bits
            assert torch.equal(*prefill) and torch.equal(*step) and torch.equal(*verify)
        else:  # float32 sums in another order: a bfloat16 rounding step apart at most, here and there
            for a, b in (prefill, step, verify):
                assert (a.float() - b.float()).abs().max() < 0.02 * b.float().abs().max()
        assert greedy_with_cache(fast, idx, 24) == greedy_with_cache(plain, idx, 24)


@pytest.mark.parametrize("exact", COPIES.values(), ids=COPIES.keys())
def test_packed_bfloat16_decoding_follows_its_float32_upcast(checkpoints, exact):
    # bfloat16 weights, upcast exactly to float32: the reference the bfloat16 path approximates.
    # A prompt's prefill (last_only, from position 0) attends in bfloat16, as transformers does;
    # every other forward in float32: both stay within bfloat16's rounding of the reference.
    fast = load_bfloat16(checkpoints["llama"], exact)
    upcast = load_model(checkpoints["llama"], dtype=torch.bfloat16).float()
    idx = prompt(48, seed=3)
    with torch.inference_mode():
        fast.setup_caches(1, 64)
        upcast.setup_caches(1, 64)
        low, high = fast(idx, torch.arange(48)).float(), upcast(idx, torch.arange(48))
        step_low = fast(idx[:, :1], torch.tensor([48])).float()
        step_high = upcast(idx[:, :1], torch.tensor([48]))
        prompt_low = fast(idx, torch.arange(48), last_only=True).float()
    assert high.abs().max() > 1.0
    assert (low - high).abs().max() < 0.05 * high.abs().max()
    assert (step_low - step_high).abs().max() < 0.05 * step_high.abs().max()
    assert (low.argmax(-1) == high.argmax(-1)).float().mean() > 0.9
    assert not torch.equal(prompt_low, low[:, -1:])  # the prompt's attention is another kernel
    assert (prompt_low - high[:, -1:]).abs().max() < 0.05 * high.abs().max()
    assert prompt_low.argmax(-1).item() == high[:, -1].argmax(-1).item()


@pytest.mark.parametrize("exact", COPIES.values(), ids=COPIES.keys())
def test_packed_copy_is_not_used_with_autograd_and_follows_weight_changes(checkpoints, exact):
    model = load_bfloat16(checkpoints["llama"], exact)
    layer = model.layers[0].feed_forward.w2
    x = torch.randn(1, 3, layer.in_features, dtype=torch.bfloat16)
    with torch.no_grad():
        layer.weight.mul_(2)  # an in-place change, as an optimizer step makes
        expected = torch.nn.functional.linear(x, layer.weight)
    with torch.inference_mode():
        assert (layer(x).float() - expected.float()).abs().max() < 0.02 * expected.float().abs().max()
    assert layer.packed is not None
    model.float()
    with torch.inference_mode():  # cast to float32: the bfloat16 copy is dropped
        assert layer(x.float()).dtype == torch.float32 and layer.packed is None
    assert layer(x.float()).requires_grad  # autograd: always the plain weight


@pytest.mark.parametrize("exact", COPIES.values(), ids=COPIES.keys())
def test_a_deep_copy_of_a_packed_model_decodes_the_same(checkpoints, exact):
    import copy

    model = load_bfloat16(checkpoints["llama"], exact)
    twin = copy.deepcopy(model)
    assert all(m.packed is not None and m.exact_batches == exact for m in twin.modules() if isinstance(m, Linear))
    idx = prompt(16, seed=4)
    with torch.inference_mode():
        assert greedy_with_cache(twin, idx, 12) == greedy_with_cache(model, idx, 12)


# Gemma 2's block for the exact-verify tests: GeGLU, (1 + w) norms and norms after attention and
# MLP, scaled embeddings, a query scale of its own, soft-capped scores and logits (caps that bind on
# these weights), and a window on the first layer only that a verify crosses
GEMMA2_TEST_ARGS = dict(model_type="gemma2", hidden_act="gelu_pytorch_tanh", query_pre_attn_scalar=48,
                        attn_logit_softcapping=1.0, final_logit_softcapping=2.0, sliding_window=100,
                        layer_types=["sliding_attention", "full_attention"])  # fmt: skip


@needs_onednn
@pytest.mark.parametrize("arch", ["llama", "gemma2"])
@pytest.mark.parametrize("attention", ["blocks, 4 rows", "blocks, 16 rows", "float64"])
def test_exact_batches_verify_k_tokens_exactly_as_k_one_token_steps(attention, arch, monkeypatch):
    """A target in bfloat16: a forward of k tokens over the cache (a speculative verify) gives
    bit for bit the logits of k one-token steps, so speculative decoding cannot change a token.
    Its attention is exact_attention over a float32 cache, its query rows padded to a multiple
    of 4 or 16 (kernels.exact_rows: the smallest this machine's BLAS keeps exact), or, where
    BLAS fails that function's check, float64 sums over a float64 cache: all are tested.
    (A draft model's layout, float32 copies of small matrices, does not on this machine: BLAS
    sums 13 rows in another order than one, and the rounding to bfloat16 moves some logits.)"""
    import specdraft.engine.model
    from specdraft.engine.kernels import _exact_with

    if attention == "float64":  # patched where Transformer.setup_caches looks it up
        monkeypatch.setattr(specdraft.engine.model, "exact_attention_holds", lambda head_dim: False)
    else:
        rows = int(attention.split()[1])
        if not _exact_with(64, rows):
            pytest.skip(f"this machine's BLAS fails exact_attention's check with {rows} rows")
        monkeypatch.setattr(specdraft.engine.model, "exact_attention_holds", lambda head_dim: True)
        monkeypatch.setattr(specdraft.engine.model, "exact_rows", lambda head_dim: rows)
    torch.manual_seed(0)
    args = ModelArgs(vocab_size=512, dim=384, n_layer=2, n_head=6, n_kv_heads=2, intermediate_size=1024,
                     max_position_embeddings=1024, **(GEMMA2_TEST_ARGS if arch == "gemma2" else {}))  # fmt: skip
    model = Transformer(args)
    model.init_weights(0.05)
    model = model.to(torch.bfloat16).use_inference_layout().eval()
    idx = torch.randint(0, 512, (1, 560))
    with torch.inference_mode():
        # short and long contexts, drafts of up to 64 tokens; the last two cross a block of
        # exact_attention's keys (EXACT_BLOCK)
        from specdraft.engine.kernels import EXACT_BLOCK

        for start in (30, EXACT_BLOCK - 40, 2 * EXACT_BLOCK - 32):
            model.setup_caches(1, 560)
            cache = model.layers[0].attention.kv_cache.k_cache.dtype
            assert cache == (torch.float64 if attention == "float64" else torch.float32)
            model(idx[:, :start], torch.arange(start))
            steps = torch.cat([model(idx[:, p : p + 1], torch.tensor([p])) for p in range(start, start + 64)], dim=1)
            same = [torch.equal(model(idx[:, start : start + k], torch.arange(start, start + k)), steps[:, :k])
                    for k in (2, 5, 13, 16, 17, 40, 64)]  # fmt: skip
            assert all(same), (start, same)
        # a long verify whose first rows' positions end blocks before its last (exact_attention
        # then scores those rows against fewer keys): still the one-token steps' logits
        start, k = 30, EXACT_BLOCK + 20
        model(idx[:, :start], torch.arange(start))
        steps = torch.cat([model(idx[:, p : p + 1], torch.tensor([p])) for p in range(start, start + k)], dim=1)
        assert torch.equal(model(idx[:, start : start + k], torch.arange(start, start + k)), steps)


@pytest.mark.parametrize("rows", [4, 16])
@pytest.mark.parametrize("window", [None, 50])
def test_exact_attention_is_attention(window, rows):
    """exact_attention computes what scaled_dot_product_attention does (up to float32 rounding),
    grouped queries, the causal mask from positions and a sliding window included, whatever
    multiple the query rows are padded to."""
    from specdraft.engine.kernels import EXACT_BLOCK, exact_attention, exact_mask

    torch.manual_seed(0)
    k_cache, v_cache = torch.randn(2, 2, 2 * EXACT_BLOCK, 16), torch.randn(2, 2, 2 * EXACT_BLOCK, 16)
    for start, k in ((0, 1), (7, 5), (EXACT_BLOCK - 3, 9), (300, 1), (20, EXACT_BLOCK + 30)):
        q = torch.randn(2, 6, k, 16)
        pos = torch.arange(start, start + k)
        key_pos = torch.arange(start + k)
        mask = key_pos[None, :] <= pos[:, None]
        if window is not None:
            mask &= pos[:, None] - key_pos[None, :] < window
        expected = F.scaled_dot_product_attention(q, k_cache[:, :, : start + k], v_cache[:, :, : start + k],
                                                  attn_mask=mask, enable_gqa=True)  # fmt: skip
        mask = exact_mask(pos, 3, window, rows)
        assert mask.shape[0] % rows == 0 and mask.shape[0] - 3 * k < rows
        got = exact_attention(q, k_cache, v_cache, mask, start)
        assert got.shape == expected.shape and (got - expected).abs().max() < 1e-5


def test_exact_rows_is_the_smallest_choice_that_holds():
    from specdraft.engine.kernels import (
        EXACT_ROW_CHOICES,
        _exact_with,
        exact_attention_holds,
        exact_rows,
    )

    for head_dim in (32, 64):
        holding = [rows for rows in EXACT_ROW_CHOICES if _exact_with(head_dim, rows)]
        assert exact_rows(head_dim) == (holding[0] if holding else 0)
        assert exact_attention_holds(head_dim) == bool(holding)


def test_rope_on_part_of_each_head_is_refused():
    from specdraft.engine.errors import EngineError

    config = {"architectures": ["Phi3ForCausalLM"], "vocab_size": 10, "hidden_size": 8, "num_hidden_layers": 1,
              "num_attention_heads": 2, "intermediate_size": 16, "partial_rotary_factor": 0.75}  # fmt: skip
    with pytest.raises(EngineError, match="partial_rotary_factor=0.75"):
        ModelArgs.from_hf_config(config)
    assert ModelArgs.from_hf_config({**config, "partial_rotary_factor": 1.0}).model_type == "phi3"


def test_gemma2_choices_each_change_the_logits(checkpoints):
    """Each of Gemma 2's choices that config.json sets is applied (the test against transformers
    passes with all of them, so none can be dropped unnoticed)."""
    model = load_model(checkpoints["gemma2"])
    args = model.args
    assert (args.norm_offset, args.sandwich_norms, args.embedding_scale) == (True, True, True)
    assert args.layer_types == ["sliding_attention", "full_attention"] and args.sliding_window == 48
    assert [layer.attention.window for layer in model.layers] == [48, None]
    idx = prompt(64)
    with torch.no_grad():
        logits = model(idx)
        assert logits.abs().max() < 8.0 and logits.abs().max() > 4.0  # capped at 8, and near it
        for change in (dict(attn_logit_softcapping=None), dict(final_logit_softcapping=None),
                       dict(query_pre_attn_scalar=None), dict(layer_types=None), dict(hidden_act="silu")):  # fmt: skip
            other = Transformer(args.replace(**change))
            other.load_state_dict(model.state_dict())
            assert (other.eval()(idx) - logits).abs().max() > 1e-3, change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (dict(architectures=["Gemma3ForCausalLM"], model_type="gemma3_text"), "only Gemma 2"),
        (dict(architectures=["GemmaForCausalLM"], model_type="gemma"), "only Gemma 2"),
        (dict(hidden_activation="gelu"), "hidden_activation 'gelu'"),
        (dict(use_bidirectional_attention=True), "use_bidirectional_attention"),
        (dict(layer_types=["chunked_attention"]), "chunked_attention"),
    ],
)
def test_gemma_variants_that_do_not_fit_are_refused(change, message):
    from specdraft.engine.errors import EngineError

    config = {"architectures": ["Gemma2ForCausalLM"], "model_type": "gemma2", "vocab_size": 10, "hidden_size": 8,
              "num_hidden_layers": 1, "num_attention_heads": 2, "intermediate_size": 16, "head_dim": 4}  # fmt: skip
    args = ModelArgs.from_hf_config(config)  # Gemma2Config's defaults fill in what config.json leaves out
    assert (args.hidden_act, args.final_logit_softcapping, args.layer_types) == ("gelu_pytorch_tanh", 30.0, ["sliding_attention"])
    assert args.tie_word_embeddings and args.query_pre_attn_scalar == 256
    with pytest.raises(EngineError, match=message):
        ModelArgs.from_hf_config({**config, **change})


@pytest.mark.parametrize("activation", ["silu", "gelu_tanh"])
def test_the_mlp_activation_gives_a_row_the_same_bits_on_several_threads(activation):
    """ATen splits an elementwise op between threads wherever the element count falls, and silu and
    gelu round an element of a piece's scalar tail differently in the last bit than in a vector:
    plain F.silu over a verify's rows differs from the rows alone here; kernels.rowwise does not."""
    from specdraft.engine.kernels import rowwise

    function = F.silu if activation == "silu" else (lambda x: F.gelu(x, approximate="tanh"))
    threads = torch.get_num_threads()
    torch.set_num_threads(3)  # 3 pieces: the splits fall inside rows
    try:
        plain_differs = False
        for rows, width in [(r, w) for r in (2, 5, 13, 16, 17, 40) for w in (776, 1000, 4864)] + [(5, 40000)]:
            fused = torch.randn(1, rows, 2 * width, generator=torch.Generator().manual_seed(rows)) * 3
            gate = fused.chunk(2, dim=-1)[0]  # [1, rows, width], rows not contiguous: the MLP's gate
            alone = torch.cat([function(gate[:, i : i + 1]) for i in range(rows)], dim=1)
            assert torch.equal(rowwise(function, gate), alone), (rows, width)
            plain_differs |= not torch.equal(function(gate), alone)
    finally:
        torch.set_num_threads(threads)
    assert plain_differs  # the test can fail: without rowwise some row differs


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_softcap_gives_a_row_the_same_bits_whatever_the_other_rows(dtype):
    """Gemma 2's soft-capping (kernels.softcap) runs over contiguous scores and logits, where a
    verify's rows share one loop: it is exact only because tanh has no scalar tail in ATen (checked
    here, on one and three threads, on sizes that leave one)."""
    from specdraft.engine.kernels import softcap

    threads = torch.get_num_threads()
    try:
        for count in (1, 3):
            torch.set_num_threads(count)
            for rows, width in ((3, 500), (17, 4099), (40, 1000), (2, 70001)):
                x = (torch.randn(rows, width, generator=torch.Generator().manual_seed(width)) * 20).to(dtype)
                alone = torch.cat([softcap(x[i : i + 1], 7.0) for i in range(rows)])
                assert torch.equal(softcap(x, 7.0), alone), (count, rows, width)
                assert (softcap(x, 7.0).float().abs().max()) <= 7.0
    finally:
        torch.set_num_threads(threads)

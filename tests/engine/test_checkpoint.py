"""specdraft.engine.checkpoint: HF layout round trips, tokenizer and chat template against transformers, errors."""

from __future__ import annotations

import json
import shutil

import pytest
import torch

from specdraft.engine import checkpoint
from specdraft.engine.errors import EngineError
from specdraft.engine.model import ModelArgs, Transformer
from tests.engine.conftest import ARCHITECTURES, VOCAB, make_checkpoint

TEXTS = [
    "def add(a, b):\n    return a + b\n",
    "naïve café 日本語 🙂🚀 — unseen wörds ẞ",
    "  leading spaces and\ttabs\n\n",
    "<|im_start|>user\nhi<|im_end|>",
    "",
]
CONVERSATIONS = [
    [{"role": "user", "content": "Write a function."}],
    [{"role": "system", "content": " Be brief. "}, {"role": "user", "content": "Hi 🙂"},
     {"role": "assistant", "content": "Hello \"there\" <b>"}, {"role": "user", "content": "Again"}],
]  # fmt: skip


def hf_tokenizer(path):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(path)


@pytest.mark.parametrize("arch", ["llama", "qwen2", "mistral", "smollm"])
def test_tokenizer_ids_equal_transformers(checkpoints, arch):
    ours, ref = checkpoint.load_tokenizer(checkpoints[arch]), hf_tokenizer(checkpoints[arch])
    for text in TEXTS:
        for special in (True, False):
            assert ours.encode(text, add_special_tokens=special) == ref.encode(text, add_special_tokens=special)
        ids = ref.encode(text)
        assert ours.decode(ids, skip_special_tokens=True) == ref.decode(ids, skip_special_tokens=True)
    assert ours.encode("x")[0] == (1 if arch == "llama" else ours.encode("x", add_special_tokens=False)[0])


@pytest.mark.parametrize("arch", ["llama", "qwen3", "mistral"])
@pytest.mark.parametrize("generation_prompt", [True, False])
def test_chat_template_renders_like_transformers(checkpoints, arch, generation_prompt):
    ours, ref = checkpoint.load_tokenizer(checkpoints[arch]), hf_tokenizer(checkpoints[arch])
    for messages in CONVERSATIONS:
        expected = ref.apply_chat_template(messages, tokenize=False, add_generation_prompt=generation_prompt)
        assert ours.apply_chat_template(messages, add_generation_prompt=generation_prompt) == expected
    if arch == "llama":  # this template uses bos_token, eos_token, trim and tojson
        rendered = ours.apply_chat_template(CONVERSATIONS[1])
        assert rendered.startswith("<s>") and '"Hello \\"there\\" <b>"</s>' in rendered


def test_chat_template_from_chat_template_jinja(tmp_path):
    path = make_checkpoint(tmp_path / "m", "qwen2", template_file=True)
    assert (path / "chat_template.jinja").exists()
    assert "chat_template" not in json.loads((path / "tokenizer_config.json").read_text())
    expected = hf_tokenizer(path).apply_chat_template(CONVERSATIONS[0], tokenize=False, add_generation_prompt=True)
    assert checkpoint.load_tokenizer(path).apply_chat_template(CONVERSATIONS[0]) == expected


def test_chat_template_raise_exception_is_an_engine_error(checkpoints):
    tokenizer = checkpoint.load_tokenizer(checkpoints["qwen2"])
    with pytest.raises(EngineError, match="roles must be system, user or assistant"):
        tokenizer.apply_chat_template([{"role": "robot", "content": "beep"}])


def test_generation_config_eos_ids_win(tmp_path):
    path = make_checkpoint(tmp_path / "m", "llama")
    (path / "generation_config.json").write_text(json.dumps({"eos_token_id": [2, 4]}))
    assert checkpoint.load(path).eos_token_ids == [2, 4]
    (path / "generation_config.json").unlink()
    assert checkpoint.load(path).eos_token_ids == [2]  # config.json's


def tiny_args(**changes) -> ModelArgs:
    base = dict(vocab_size=VOCAB, dim=64, n_layer=2, n_head=4, n_kv_heads=2, intermediate_size=96,
                bos_token_id=1, eos_token_id=2)  # fmt: skip
    return ModelArgs(**{**base, **changes})


GEMMA2 = dict(hidden_act="gelu_pytorch_tanh", query_pre_attn_scalar=20, attn_logit_softcapping=3.0,
              final_logit_softcapping=6.0, sliding_window=12, layer_types=["full_attention", "sliding_attention"])  # fmt: skip


@pytest.mark.parametrize("model_type", ["llama", "qwen2", "qwen3", "mistral", "gemma2"])
def test_save_then_transformers_and_engine_load_the_same_model(tmp_path, model_type, checkpoints):
    from transformers import AutoModelForCausalLM

    extra = GEMMA2 if model_type == "gemma2" else {}
    model = Transformer(tiny_args(model_type=model_type, tie_word_embeddings=model_type in ("qwen3", "gemma2"), **extra))
    model.init_weights(0.2)
    tokenizer = checkpoint.load_tokenizer(checkpoints["qwen2"])
    checkpoint.save(model, tmp_path, tokenizer, max_shard_bytes=200_000)
    assert (tmp_path / "model.safetensors.index.json").exists()
    assert len(list(tmp_path.glob("model-*-of-*.safetensors"))) > 1
    idx = torch.randint(0, VOCAB, (1, 32))
    ref = AutoModelForCausalLM.from_pretrained(tmp_path, dtype=torch.float32).eval()
    loaded = checkpoint.load(tmp_path)
    with torch.no_grad():
        expected = model(idx)
        assert (ref(idx).logits - expected).abs().max() < 1e-4
        assert torch.equal(loaded.model(idx), expected)
    assert loaded.tokenizer.apply_chat_template(CONVERSATIONS[0]) == tokenizer.apply_chat_template(CONVERSATIONS[0])
    assert loaded.eos_token_ids == [2]
    assert hf_tokenizer(tmp_path).encode(TEXTS[1]) == loaded.tokenizer.encode(TEXTS[1])


def test_save_accepts_a_plain_tokenizers_object(tmp_path, checkpoints):
    backend = checkpoint.load_tokenizer(checkpoints["qwen2"]).backend
    model = Transformer(tiny_args())
    checkpoint.save(model, tmp_path, backend, chat_template="{{ messages[0]['content'] }}!", eos_token="</s>")
    tokenizer = checkpoint.load_tokenizer(tmp_path)
    assert tokenizer.eos_token == "</s>"
    assert tokenizer.apply_chat_template([{"role": "user", "content": "hi"}]) == "hi!"


def test_bfloat16_round_trip(tmp_path):
    model = Transformer(tiny_args())
    model.init_weights(0.2)
    checkpoint.save(model, tmp_path, dtype=torch.bfloat16)
    assert json.loads((tmp_path / "config.json").read_text())["torch_dtype"] == "bfloat16"
    loaded = checkpoint.load_model(tmp_path, dtype="bfloat16")
    assert loaded.tok_embeddings.weight.dtype == torch.bfloat16
    assert torch.equal(loaded.tok_embeddings.weight, model.tok_embeddings.weight.to(torch.bfloat16))
    as_float = checkpoint.load_model(tmp_path)  # bf16 on disk, float32 in memory
    assert as_float.tok_embeddings.weight.dtype == torch.float32


def test_a_small_draft_model_loads_in_float32_a_large_one_in_the_given_dtype(tmp_path, monkeypatch):
    model = Transformer(tiny_args())
    model.init_weights(0.2)
    checkpoint.save(model, tmp_path, dtype=torch.bfloat16)
    vocab = model.args.vocab_size
    draft = checkpoint.load_draft_model(tmp_path, vocab, dtype="bfloat16")
    assert draft.tok_embeddings.weight.dtype == torch.float32  # small: float32 whatever the target's
    assert torch.equal(draft.tok_embeddings.weight, model.tok_embeddings.weight.to(torch.bfloat16).float())
    monkeypatch.setattr(checkpoint, "DRAFT_FLOAT32_MAX_PARAMS", 10)
    assert checkpoint.load_draft_model(tmp_path, vocab, dtype="bfloat16").tok_embeddings.weight.dtype == torch.bfloat16
    with pytest.raises(EngineError, match=f"vocabulary \\({vocab}\\) differs from the model's \\(99\\)"):
        checkpoint.load_draft_model(tmp_path, 99)


# ---- errors


def test_missing_directory_and_config(tmp_path):
    with pytest.raises(EngineError, match="does not exist"):
        checkpoint.load(tmp_path / "nope")
    with pytest.raises(EngineError, match="config.json is missing"):
        checkpoint.load(tmp_path)


def test_missing_weights_names_the_file_and_refuses_pickles(tmp_path, llama_dir):
    path = tmp_path / "m"
    shutil.copytree(llama_dir, path)
    (path / "model.safetensors").unlink()
    with pytest.raises(EngineError, match=r"model\.safetensors is missing"):
        checkpoint.load(path)
    (path / "pytorch_model.bin").write_bytes(b"pickle")
    with pytest.raises(EngineError, match="pickled weights are never loaded"):
        checkpoint.load(path)


def test_missing_shard_is_named(tmp_path):
    model = Transformer(tiny_args())
    checkpoint.save(model, tmp_path, max_shard_bytes=100_000)
    shard = sorted(tmp_path.glob("model-*.safetensors"))[-1]
    shard.unlink()
    with pytest.raises(EngineError, match=shard.name):
        checkpoint.load(tmp_path)


def test_unsupported_architecture_lists_the_supported(tmp_path, llama_dir):
    path = tmp_path / "m"
    shutil.copytree(llama_dir, path)
    config = json.loads((path / "config.json").read_text())
    config["architectures"] = ["GPT2LMHeadModel"]
    (path / "config.json").write_text(json.dumps(config))
    with pytest.raises(EngineError, match="GPT2LMHeadModel.*supported: LlamaForCausalLM, MistralForCausalLM, Qwen2ForCausalLM"):
        checkpoint.load(path)


def test_shape_mismatch_names_the_tensor(tmp_path, llama_dir):
    path = tmp_path / "m"
    shutil.copytree(llama_dir, path)
    config = json.loads((path / "config.json").read_text())
    config["intermediate_size"] = 128  # the weights were saved with 160
    (path / "config.json").write_text(json.dumps(config))
    with pytest.raises(EngineError, match=r"model\.layers\.0\.mlp\.(gate|up|down)_proj\.weight.*shape \((160, 64|64, 160)\).*implies \((128, 64|64, 128)\)"):
        checkpoint.load(path)


def test_missing_tensor_is_named(tmp_path):
    from safetensors.torch import load_file, save_file

    checkpoint.save(Transformer(tiny_args()), tmp_path)
    tensors = load_file(tmp_path / "model.safetensors")
    del tensors["model.norm.weight"]
    save_file(tensors, tmp_path / "model.safetensors")
    with pytest.raises(EngineError, match="'model.norm.weight' is missing"):
        checkpoint.load(tmp_path)


def test_no_chat_template_is_a_clear_error(tmp_path, checkpoints):
    backend = checkpoint.load_tokenizer(checkpoints["qwen2"]).backend
    checkpoint.save(Transformer(tiny_args()), tmp_path, backend)
    with pytest.raises(EngineError, match="no chat template"):
        checkpoint.load_tokenizer(tmp_path).apply_chat_template([{"role": "user", "content": "x"}])


def test_unsupported_rope_scaling_is_named():
    with pytest.raises(EngineError, match="yarn"):
        ModelArgs.from_hf_config({
            "architectures": ["Qwen2ForCausalLM"], "vocab_size": 10, "hidden_size": 8,
            "num_hidden_layers": 1, "num_attention_heads": 2, "intermediate_size": 16,
            "rope_scaling": {"type": "yarn", "factor": 4.0},
        })  # fmt: skip


def test_every_architecture_fixture_round_trips_config(checkpoints):
    for arch in ARCHITECTURES:
        config = json.loads((checkpoints[arch] / "config.json").read_text())
        args = ModelArgs.from_hf_config(config)
        assert ModelArgs.from_hf_config(args.to_hf_config()) == args

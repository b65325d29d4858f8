"""Loading a checkpoint builds the model without random initialisation, with the same numbers."""

from __future__ import annotations

import subprocess
import sys

import pytest
import torch
from torch import nn

from specdraft.engine import checkpoint
from specdraft.engine.model import Transformer

INIT_FUNCTIONS = ("normal_", "uniform_", "kaiming_uniform_", "kaiming_normal_", "xavier_uniform_",
                  "xavier_normal_", "trunc_normal_", "zeros_", "ones_", "constant_")  # fmt: skip


def _count_inits(monkeypatch) -> list[str]:
    calls: list[str] = []
    for name in INIT_FUNCTIONS:
        original = getattr(nn.init, name)

        def counted(*args, _name=name, _original=original, **kwargs):
            calls.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(nn.init, name, counted)
    return calls


@pytest.mark.parametrize("arch", ["llama", "smollm", "qwen3", "gemma2"])  # smollm: tied embeddings; qwen3: q/k norms
def test_load_model_runs_no_initialisation(checkpoints, monkeypatch, arch):
    calls = _count_inits(monkeypatch)
    checkpoint.load_model(checkpoints[arch])
    assert calls == []
    Transformer(checkpoint.read_args(checkpoints[arch]))  # built for training: initialised as before
    assert calls, "the counter counts (a model built on the CPU is initialised)"


def _old_load_model(path, dtype: torch.dtype) -> Transformer:
    """The loading path before: built on the CPU with random weights, then overwritten by copies."""
    args = checkpoint.read_args(path)
    state = checkpoint.hf_to_engine(checkpoint._read_tensors(path, args, dtype), args)
    torch.manual_seed(0)
    model = Transformer(args).to(dtype)
    model.load_state_dict(state, strict=True)
    if args.tie_word_embeddings:
        model.output.weight = model.tok_embeddings.weight
    model.use_inference_layout(True)
    return model.eval()


@pytest.mark.parametrize("arch", ["llama", "smollm", "qwen2", "qwen3", "mistral", "llama3", "gemma2"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_logits_bit_equal_to_the_old_loading_path(checkpoints, arch, dtype):
    new = checkpoint.load_model(checkpoints[arch], dtype)
    old = _old_load_model(checkpoints[arch], dtype)
    ids = torch.tensor([[1, 17, 42, 99, 5, 230, 64, 8, 150, 3, 77, 12]])
    with torch.no_grad():
        assert torch.equal(new(ids), old(ids))  # no cache: a full causal forward
        for model in (new, old):
            model.setup_caches(1, 64)
        pos = torch.arange(ids.shape[1])
        assert torch.equal(new(ids, pos), old(ids, pos))  # prefill with the caches
        step = torch.tensor([[31]])
        at = torch.tensor([ids.shape[1]])
        assert torch.equal(new(step, at), old(step, at))  # one decoding step
    if new.args.tie_word_embeddings:
        assert new.output.weight is new.tok_embeddings.weight
    assert not any(p.is_meta for p in new.parameters())


def test_loading_does_not_import_dynamo(checkpoints):
    """An initialisation on the meta device imports torch._dynamo (about a second); none runs."""
    code = ("import sys; from specdraft.engine import checkpoint; "
            f"checkpoint.load_model({str(checkpoints['smollm'])!r}); "
            "print('torch._dynamo' in sys.modules)")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"

"""Weight-only int8: a Transformer's matrices stored as int8 with one scale per output channel.

Why: decoding at batch 1 reads every weight once a token, so it is bound by the bytes of the
weights; int8 reads a quarter of float32's. Activations, norms, biases, attention and the KV
cache stay as they are (float32); the rows going into a product are rounded to bfloat16.

Two kernels, chosen by what a forward is (kernels.bulk_products):
- decoding and speculative verification: ``torch._weight_int8pack_mm`` (ATen's CPU kernel: the
  int8 matrix read as it is, bfloat16 rows, float32 sums, the scale applied, bfloat16 out). It
  computes each row the same however many rows a call has (``int8_rows_exact`` checks that on
  this machine; where it fails, rows go through one at a time): a verify of k tokens gives
  exactly the logits of k one-token steps (DESIGN.md invariant 6).
- a prefill (a forward that wants the last position's logits only) or a forward without a
  cache: the matrix dequantized block by block (bfloat16 where oneDNN multiplies it natively,
  else float32) and multiplied by the BLAS / oneDNN kernel, many times faster for many rows.
  Plain and speculative decoding prefill alike, so nothing has to match this path.

Public API:
- ``quantize_model(model) -> model``: in place, every Linear and the embedding made int8 (a tied
  output matrix stays shared with the embedding); ``is_int8(model)``.
- ``quantize_rows(weight [out, in]) -> (int8 [out, in], bfloat16 scales [out])``.
- ``Int8Linear``, ``Int8Embedding``: the modules; ``int8_rows_exact()``.
- ``load_int8(path, read_float) -> Transformer``: from the cached int8 copy of a checkpoint when
  there is one, else made from the float weights (``read_float()``) and cached for the next load.
- ``cache_root()``: $SPECDRAFT_CACHE_DIR, else $XDG_CACHE_HOME/specdraft, else ~/.cache/specdraft;
  int8 copies go to ``<root>/int8/<name>-<key>/model.int8.safetensors``, never into the checkpoint.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from specdraft.engine.errors import EngineError
from specdraft.engine.kernels import bulk_products_enabled, can_pack_bfloat16

QUANT_FORMAT = 1  # bump when the int8 file's contents change: older cached copies are remade
# output channels dequantized at a time on the bulk path: a block of a 896-wide matrix is 7 MiB
# in bfloat16, small next to the model and large enough that each product is a real matrix product
BULK_BLOCK = 4096
# fewer rows than this go through the int8 kernel even in a prefill: dequantizing the matrix costs
# the same for any row count, and below ~64 rows it costs more than it saves (0.5B shape: a
# 29-token prefill after a reused prefix took 3.6 s dequantizing, the int8 kernel well under 1 s)
BULK_MIN_ROWS = 64


def quantize_rows(weight: Tensor) -> tuple[Tensor, Tensor]:
    """Symmetric int8 per output channel: (q [out, in] int8 in -127..127, scales [out] bfloat16)
    with weight ~= q * scales[:, None]. The scale is rounded to bfloat16 before q is computed, so
    that q * scale is the value every kernel uses."""
    weight = weight.detach().float()
    scales = (weight.abs().amax(dim=1) / 127).clamp_min(1e-8).to(torch.bfloat16)  # [out]
    q = torch.round(weight / scales.float()[:, None]).clamp_(-127, 127).to(torch.int8)
    return q.contiguous(), scales  # row-major whatever the float layout (ATen's kernel needs it)


@functools.cache
def int8_rows_exact() -> bool:
    """Whether ATen's int8 product gives a row the same numbers whatever the other rows of the
    call (checked once per process on a few shapes and row counts)."""
    generator = torch.Generator().manual_seed(0)
    for out_features, in_features in ((96, 64), (260, 208)):
        q, scales = quantize_rows(torch.randn(out_features, in_features, generator=generator))
        rows = torch.randn(70, in_features, generator=generator).bfloat16()
        together = torch._weight_int8pack_mm(rows, q, scales)
        for count in (1, 2, 3, 5, 16, 17, 70):
            if not torch.equal(torch._weight_int8pack_mm(rows[:count], q, scales), together[:count]):
                return False
        alone = torch.cat([torch._weight_int8pack_mm(rows[i : i + 1], q, scales) for i in range(70)])
        if not torch.equal(alone, together):
            return False
    return True


# ATen's int8 product reads a row's inputs 16 at a time and fails (crashes) on other widths: a
# matrix of another width is multiplied with zero columns added (exact zeros in every sum)
INT8_WIDTH_MULTIPLE = 16


def _int8_mm(rows: Tensor, weight: Tensor, scales: Tensor) -> Tensor:
    # rows: [M, in] -> [M, out] bfloat16; weight [out, in] int8, scales [out] bfloat16
    padding = -rows.shape[1] % INT8_WIDTH_MULTIPLE
    if padding:
        rows, weight = F.pad(rows, (0, padding)), F.pad(weight, (0, padding))
    return torch._weight_int8pack_mm(rows.to(torch.bfloat16).contiguous(), weight.contiguous(), scales)  # strided: a crash


class Int8Linear(nn.Module):
    """y = x @ (q * scales).T + bias, q int8 [out, in]; x [..., in] any float dtype -> float32."""

    def __init__(self, weight: Tensor, scales: Tensor, bias: Tensor | None = None) -> None:
        super().__init__()
        self.out_features, self.in_features = weight.shape
        self.register_buffer("weight", weight)  # int8 [out, in], row-major
        self.register_buffer("scales", scales)  # bfloat16 [out]
        self.register_buffer("bias", bias)  # float32 [out] or None

    @classmethod
    def from_linear(cls, linear: nn.Linear) -> Int8Linear:
        q, scales = quantize_rows(linear.weight)
        bias = None if linear.bias is None else linear.bias.detach().float().clone()
        return cls(q, scales, bias)

    def dequantized(self, first: int = 0, last: int | None = None, dtype: torch.dtype = torch.float32) -> Tensor:
        """Rows first..last of the matrix as `dtype` ([last - first, in])."""
        rows = slice(first, last)
        return (self.weight[rows].to(torch.float32) * self.scales[rows].float()[:, None]).to(dtype)

    def forward(self, x: Tensor) -> Tensor:
        shape = x.shape
        rows = x.reshape(-1, self.in_features)  # [M, in]
        if rows.shape[0] >= BULK_MIN_ROWS and (bulk_products_enabled() or torch.is_grad_enabled()):
            out = self._bulk(rows)
        elif rows.shape[0] == 1 or int8_rows_exact():
            out = _int8_mm(rows, self.weight, self.scales).float()
        else:  # this machine's kernel sums rows by their count: one row at a time is exact by construction
            out = torch.cat([_int8_mm(row[None], self.weight, self.scales) for row in rows]).float()
        if self.bias is not None:
            out = out + self.bias
        return out.view(*shape[:-1], self.out_features)

    def _bulk(self, rows: Tensor) -> Tensor:
        # many rows (a prefill): dequantize a block of output channels and multiply it by the fast
        # kernel: oneDNN's bfloat16 (AMX, AVX-512 BF16) where the CPU has it, else float32 BLAS
        dtype = torch.bfloat16 if can_pack_bfloat16() else torch.float32
        inputs = rows.to(dtype)
        out = torch.empty(rows.shape[0], self.out_features)
        for first in range(0, self.out_features, BULK_BLOCK):
            last = min(first + BULK_BLOCK, self.out_features)
            out[:, first:last] = F.linear(inputs, self.dequantized(first, last, dtype))
        return out


class Int8Embedding(nn.Module):
    """Embedding rows stored as int8 with one scale a row (the tied output matrix's own layout)."""

    def __init__(self, weight: Tensor, scales: Tensor) -> None:
        super().__init__()
        self.num_embeddings, self.embedding_dim = weight.shape
        self.register_buffer("weight", weight)  # int8 [vocab, dim]
        self.register_buffer("scales", scales)  # bfloat16 [vocab]

    def forward(self, idx: Tensor) -> Tensor:
        # idx: [B, S] -> [B, S, dim] float32
        return self.weight[idx].float() * self.scales[idx].float()[..., None]


def is_int8(model: nn.Module) -> bool:
    return isinstance(getattr(model, "output", None), Int8Linear)


@torch.no_grad()
def quantize_model(model: nn.Module) -> nn.Module:
    """Make a Transformer's matrices int8, in place; returns it. A verify of k tokens then computes
    exactly what k one-token steps do: the int8 product is row-exact (see the module docstring),
    and attention goes through kernels.exact_attention (the layers are marked exact)."""
    tied = model.output.weight is model.tok_embeddings.weight
    q, scales = quantize_rows(model.tok_embeddings.weight)
    model.tok_embeddings = Int8Embedding(q, scales)
    if tied:
        model.output = Int8Linear(q, scales)
    for parent in list(model.modules()):
        for name, child in list(parent.named_children()):
            if isinstance(child, nn.Linear):
                setattr(parent, name, Int8Linear.from_linear(child))
    for module in model.modules():  # the norms stay float32 (a bfloat16 checkpoint's too)
        for name, param in list(module.named_parameters(recurse=False)):
            if param.dtype != torch.float32:
                setattr(module, name, nn.Parameter(param.detach().float(), requires_grad=False))
    for layer in model.layers:
        layer.attention.exact = True
    if model.max_seq_length:  # caches of an exact layout are whole blocks long: make them again
        batch, length = model.max_batch_size, model.max_seq_length
        model.clear_caches()
        model.setup_caches(batch, length)
    return model


# ---------------------------------------------------------------------------------------------
# the int8 copy of a checkpoint, cached


def cache_root() -> Path:
    """Where specdraft keeps what it makes from a user's files (never inside them)."""
    if os.environ.get("SPECDRAFT_CACHE_DIR"):
        return Path(os.environ["SPECDRAFT_CACHE_DIR"]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "specdraft"


def int8_cache_file(path: Path, weight_files: list[Path]) -> Path:
    """The int8 copy's file for this checkpoint: keyed by its place, config.json and its weight
    files' sizes and times, so a changed checkpoint gets a new copy."""
    path = path.resolve()
    facts = {
        "format": QUANT_FORMAT,
        "path": str(path),
        "config": (path / "config.json").read_text(encoding="utf-8"),
        "weights": [(f.name, f.stat().st_size, f.stat().st_mtime_ns) for f in weight_files],
    }
    key = hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()[:16]
    from specdraft.engine.hub import display_name

    return cache_root() / "int8" / f"{display_name(path)}-{key}" / "model.int8.safetensors"


def _int8_state(model: nn.Module) -> dict[str, Tensor]:
    state = model.state_dict()
    if model.output.weight is model.tok_embeddings.weight:  # tied: stored once
        state = {k: v for k, v in state.items() if not k.startswith("output.")}
    return {k: v.contiguous() for k, v in state.items()}


def save_int8(model: nn.Module, file: Path) -> None:
    """Write the int8 state atomically (beside, then renamed): a load never sees half a file."""
    from safetensors.torch import save_file

    file.parent.mkdir(parents=True, exist_ok=True)
    partial = file.with_name(file.name + f".{os.getpid()}.partial")
    save_file(_int8_state(model), str(partial), metadata={"format": "pt", "specdraft_int8": str(QUANT_FORMAT)})
    os.replace(partial, file)


def _int8_skeleton(args) -> nn.Module:
    """A Transformer of these args with int8 modules of the right shapes, on the meta device."""
    from specdraft.engine.model import Transformer

    with torch.device("meta"):
        model = Transformer(args)
        model.tok_embeddings = Int8Embedding(torch.empty(args.vocab_size, args.dim, dtype=torch.int8),
                                             torch.empty(args.vocab_size, dtype=torch.bfloat16))  # fmt: skip
        for parent in list(model.modules()):
            for name, child in list(parent.named_children()):
                if isinstance(child, nn.Linear):
                    bias = None if child.bias is None else torch.empty(child.out_features)
                    weight = torch.empty(child.out_features, child.in_features, dtype=torch.int8)
                    setattr(parent, name, Int8Linear(weight, torch.empty(child.out_features, dtype=torch.bfloat16), bias))
    return model


def read_int8(file: Path, args) -> nn.Module:
    """The int8 Transformer saved in `file` (save_int8) for these args."""
    from safetensors import SafetensorError
    from safetensors.torch import load_file

    try:
        # copies: a tensor read from the file may start at any byte, and ATen's int8 kernel reads
        # aligned vectors (an unaligned matrix crashed the process); new allocations are aligned
        state = {name: tensor.clone() for name, tensor in load_file(str(file)).items()}
    except (SafetensorError, OSError) as error:
        raise EngineError(f"the int8 copy {file} cannot be read ({error}); delete it and load again") from None
    model = _int8_skeleton(args)
    tied = args.tie_word_embeddings
    if tied:
        state["output.weight"], state["output.scales"] = state["tok_embeddings.weight"], state["tok_embeddings.scales"]
    try:
        model.load_state_dict(state, assign=True, strict=True)
    except RuntimeError as error:
        raise EngineError(f"the int8 copy {file} does not fit this checkpoint ({error}); delete it and load again") from None
    if tied:
        model.output = Int8Linear(model.tok_embeddings.weight, model.tok_embeddings.scales)
    for layer in model.layers:
        layer.attention.exact = True
    return model.eval()


def load_int8(path: Path, weight_files: list[Path], args, read_float: Callable[[], nn.Module]) -> nn.Module:
    """The checkpoint at `path` in int8: its cached copy when there is one, else quantized from
    `read_float()` (the float model) and cached. Where the cache cannot be written (a read-only
    home), the model still loads; only the next load is slow again."""
    file = int8_cache_file(path, weight_files)
    if file.is_file():
        return read_int8(file, args)
    model = quantize_model(read_float()).eval()
    try:
        save_int8(model, file)
    except OSError:
        pass  # no cache: the model is still right, the next load quantizes again
    return model

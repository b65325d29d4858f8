"""Weight-only int8 (one scale per output channel) and int4 (a scale and an offset per group of 64
inputs): a Transformer's matrices stored in 8 or 4 bits.

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

int4 (``Int4Linear``, ``quantize_model(model, bits=4)``): the same two paths, with ATen's int4
kernel (``torch._weight_int4pack_mm_for_cpu``, bfloat16 rows, row-exact where ``int4_rows_exact``)
for decoding and verification; it reads half int8's bytes and decodes ~1.6x faster at the 0.5B
shape (docs/real-size.md), at a cost in accuracy (16 levels a group). The embedding rows stay int8
(a tied output matrix gets its own int4 copy). Each matrix is held twice: the 4-bit values in a
plain layout (the file's, and the prefill's dequantizing) and the kernel's packed copy.

Public API:
- ``quantize_model(model, bits=8) -> model``: in place, every Linear and the embedding made int8 (a
  tied output matrix stays shared with the embedding), or with bits=4 every Linear int4;
  ``is_int8(model)``, ``is_int4(model)``.
- ``quantize_rows(weight [out, in]) -> (int8 [out, in], bfloat16 scales [out])``.
- ``quantize_groups(weight [out, in]) -> (uint8 0..15, bfloat16 scales, bfloat16 zeros [out, in / 64])``.
- ``Int8Linear``, ``Int8Embedding``, ``Int4Linear``: the modules; ``int8_rows_exact()``, ``int4_rows_exact()``.
- ``load_int8(path, weight_files, args, read_float, bits=8) -> Transformer``: from the cached int8
  (int4) copy of a checkpoint when there is one, else made from the float weights (``read_float()``)
  and cached for the next load.
- ``cache_root()``: $SPECDRAFT_CACHE_DIR, else $XDG_CACHE_HOME/specdraft, else ~/.cache/specdraft;
  copies go to ``<root>/int8/<name>-<key>/model.int8.safetensors`` (int4: ``int4/``, ``model.int4``),
  never into the checkpoint.
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
        if dtype == torch.bfloat16:  # q and the scale are exact in bfloat16 and their product is rounded
            # once either way: the same bits as through float32, ~8x faster (a prefill's dequantizing)
            return self.weight[rows].to(torch.bfloat16) * self.scales[rows, None]
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


# int4: output channels in groups of this many inputs share a scale and an offset (4.5 bits a weight)
INT4_GROUP = 64
INT4_ROWS_MULTIPLE = 64  # ATen's int4 kernel wants a multiple of 16 output channels; its layout, 64


def quantize_groups(weight: Tensor, group: int = INT4_GROUP) -> tuple[Tensor, Tensor, Tensor]:
    """Asymmetric int4 per group of `group` inputs: (q [out, in] uint8 in 0..15, scales and zeros
    [out, in / group] bfloat16) with weight ~= (q - 8) * scale + zero, the value ATen's int4 kernel
    uses; scale and zero are rounded to bfloat16 before q is computed. `in` a multiple of group."""
    out_features, in_features = weight.shape
    groups = weight.detach().float().reshape(out_features, in_features // group, group)
    low, high = groups.amin(dim=-1), groups.amax(dim=-1)
    scales = ((high - low) / 15).clamp_min(1e-8).to(torch.bfloat16)
    zeros = (low + 8 * scales.float()).to(torch.bfloat16)
    q = torch.round((groups - zeros.float()[..., None]) / scales.float()[..., None] + 8).clamp_(0, 15)
    return q.to(torch.uint8).reshape(out_features, in_features), scales, zeros


@functools.cache
def int4_rows_exact() -> bool:
    """Whether ATen's int4 product gives a row the same numbers whatever the other rows of the call."""
    generator = torch.Generator().manual_seed(0)
    for out_features, in_features in ((96, 128), (272, 192)):
        linear = Int4Linear.from_weight(torch.randn(out_features, in_features, generator=generator))
        rows = torch.randn(70, in_features, generator=generator).bfloat16()
        together = linear.product(rows)
        for count in (1, 2, 3, 5, 16, 17, 70):
            if not torch.equal(linear.product(rows[:count]), together[:count]):
                return False
        if not torch.equal(torch.cat([linear.product(rows[i : i + 1]) for i in range(70)]), together):
            return False
    return True


class Int4Linear(nn.Module):
    """y = x @ W.T + bias, W int4 in groups of INT4_GROUP inputs (quantize_groups); x [..., in] any
    float dtype -> float32. Decoding and verification: ATen's int4 kernel (bfloat16 rows, exact row by
    row where int4_rows_exact); a prefill: blocks of W dequantized to bfloat16 (or float32) and BLAS.
    ``weight``: the 4-bit values two to a byte, [out, in / 2] (the file's layout, what state_dict
    holds); ``packed``: the same in the kernel's layout, made by ``pack()`` (loading calls it), after
    which the plain copy is dropped where this machine's layout is known (``int4_layout_known``):
    the values are read back from the packed copy."""

    def __init__(self, weight: Tensor, scales: Tensor, zeros: Tensor, bias: Tensor | None, in_features: int) -> None:
        super().__init__()
        self.in_features, self.out_features = in_features, weight.shape[0]
        self.width = 2 * weight.shape[1]  # in, padded to whole groups
        self.register_buffer("weight", weight)  # uint8 [out, width / 2]: low nibble even input, high odd
        self.register_buffer("scales", scales)  # bfloat16 [out, width / INT4_GROUP]
        self.register_buffer("zeros", zeros)  # bfloat16 [out, width / INT4_GROUP]
        self.register_buffer("bias", bias)  # float32 [out] or None
        self.packed: Tensor | None = None  # uint8 [out padded to INT4_ROWS_MULTIPLE, width / 2]
        self.scales_and_zeros: Tensor | None = None

    @classmethod
    def from_weight(cls, weight: Tensor, bias: Tensor | None = None) -> Int4Linear:
        in_features = weight.shape[1]
        # whole groups: the padded inputs are zeros in every product, so these columns add nothing
        weight = F.pad(weight.detach().float(), (0, -in_features % INT4_GROUP))
        q, scales, zeros = quantize_groups(weight)
        nibbles = q[:, 0::2] | (q[:, 1::2] << 4)
        return cls(nibbles.contiguous(), scales, zeros, None if bias is None else bias.detach().float().clone(), in_features)

    @classmethod
    def from_linear(cls, linear: nn.Module) -> Int4Linear:
        return cls.from_weight(linear.weight, linear.bias)

    def values(self, first: int = 0, last: int | None = None) -> Tensor:
        """The 4-bit values of output channels first..last, [last - first, width] uint8 0..15."""
        last = self.out_features if last is None else min(last, self.out_features)
        if self.weight is not None:
            nibbles = self.weight[first:last]
            return torch.stack((nibbles & 15, nibbles >> 4), dim=-1).reshape(nibbles.shape[0], -1)
        return unpack_int4(self.packed, first, last, self.width)

    def dequantized(self, first: int = 0, last: int | None = None, dtype: torch.dtype = torch.float32) -> Tensor:
        """Rows first..last of the matrix as `dtype` ([last - first, width]); in bfloat16 (a prefill's
        dequantizing) by one fused op on bfloat16 operands, all exact in bfloat16 (q - 8, the scale,
        the zero), the sum formed in float32 and rounded once: the float32 values rounded, ~2x faster."""
        rows = slice(first, last)
        values = self.values(first, last)
        count = values.shape[0]
        if dtype == torch.bfloat16:
            values = values.to(torch.bfloat16).sub_(8).view(count, -1, INT4_GROUP)
            weight = torch.addcmul(self.zeros[rows, :, None], values, self.scales[rows, :, None])
            return weight.view(count, -1)
        values = values.float().view(count, -1, INT4_GROUP)
        weight = (values - 8) * self.scales[rows].float()[..., None] + self.zeros[rows].float()[..., None]
        return weight.view(count, -1).to(dtype)

    def pack(self) -> None:
        """The kernel's copy (output channels padded with zero weights to a multiple of
        INT4_ROWS_MULTIPLE); then the plain copy is dropped where the layout is known."""
        padding = -self.out_features % INT4_ROWS_MULTIPLE
        blocks = []
        for first in range(0, self.out_features, BULK_BLOCK):  # blocks: the int32 values are 8x the matrix
            values = self.values(first, first + BULK_BLOCK).to(torch.int32)
            if first + BULK_BLOCK >= self.out_features:
                values = F.pad(values, (0, 0, 0, padding), value=8)  # zero weights: (8 - 8) * 0 + 0
            blocks.append(torch._convert_weight_to_int4pack_for_cpu(values, 1))
        self.packed = torch.cat(blocks)  # the layout is blocks of 64 rows: blocks packed apart are the same
        scales, zeros = (F.pad(t, (0, 0, 0, padding)) for t in (self.scales, self.zeros))
        self.scales_and_zeros = torch.stack((scales, zeros), dim=-1).transpose(0, 1).contiguous()  # [groups, out, 2]
        if int4_layout_known():
            self.weight = None  # read back from the packed copy (values, state_dict)

    def _save_to_state_dict(self, destination, prefix, keep_vars) -> None:
        super()._save_to_state_dict(destination, prefix, keep_vars)
        if self.weight is None:  # the file's layout, from the packed copy
            values = self.values()
            destination[prefix + "weight"] = values[:, 0::2] | (values[:, 1::2] << 4)

    def product(self, rows: Tensor) -> Tensor:
        # rows: [M, in] -> [M, out] bfloat16 by ATen's int4 kernel
        if self.packed is None:
            self.pack()
        rows = F.pad(rows.to(torch.bfloat16), (0, self.width - self.in_features)).contiguous()
        out = torch._weight_int4pack_mm_for_cpu(rows, self.packed, INT4_GROUP, self.scales_and_zeros)
        return out[:, : self.out_features]

    def forward(self, x: Tensor) -> Tensor:
        shape = x.shape
        rows = x.reshape(-1, self.in_features)  # [M, in]
        if rows.shape[0] >= BULK_MIN_ROWS and (bulk_products_enabled() or torch.is_grad_enabled()):
            out = _bulk(self, F.pad(rows, (0, self.width - self.in_features)))
        elif rows.shape[0] == 1 or int4_rows_exact():
            out = self.product(rows).float()
        else:  # one row at a time: exact by construction
            out = torch.cat([self.product(row[None]) for row in rows]).float()
        if self.bias is not None:
            out = out + self.bias
        return out.view(*shape[:-1], self.out_features)


def unpack_int4(packed: Tensor, first: int, last: int, width: int) -> Tensor:
    """Output channels first..last (first a multiple of 64) of ATen's packed int4 matrix as values
    [last - first, width] uint8: on x86 its layout is blocks of 64 output channels, each [width, 32]
    bytes, byte j holding channel j in its low nibble and channel j + 32 in its high one
    (int4_layout_known checks it on this machine)."""
    assert first % 64 == 0, "unpack_int4 reads whole blocks of 64 output channels"
    top = first + -(-(last - first) // 64) * 64
    blocks = packed[first:top].reshape(-1, width, 32)  # [blocks, width, 32]
    values = torch.cat((blocks & 15, blocks >> 4), dim=-1)  # [blocks, width, 64]: channel j, then j + 32
    return values.transpose(1, 2).reshape(-1, width)[: last - first]


@functools.cache
def int4_layout_known() -> bool:
    """Whether unpack_int4 reads ATen's packed int4 layout on this machine (checked once a process)."""
    values = torch.randint(0, 16, (192, 128), generator=torch.Generator().manual_seed(0), dtype=torch.int32)
    packed = torch._convert_weight_to_int4pack_for_cpu(values, 1)
    return packed.shape == (192, 64) and torch.equal(unpack_int4(packed, 64, 150, 128), values[64:150].to(torch.uint8))


def _bulk(layer: nn.Module, rows: Tensor) -> Tensor:
    # many rows (a prefill): dequantize a block of output channels and multiply it by the fast
    # kernel: oneDNN's bfloat16 (AMX, AVX-512 BF16) where the CPU has it, else float32 BLAS
    dtype = torch.bfloat16 if can_pack_bfloat16() else torch.float32
    inputs = rows.to(dtype)
    out = torch.empty(rows.shape[0], layer.out_features)
    for first in range(0, layer.out_features, BULK_BLOCK):
        last = min(first + BULK_BLOCK, layer.out_features)
        out[:, first:last] = F.linear(inputs, layer.dequantized(first, last, dtype))
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


def is_int4(model: nn.Module) -> bool:
    return isinstance(getattr(model, "output", None), Int4Linear)


@torch.no_grad()
def quantize_model(model: nn.Module, bits: int = 8) -> nn.Module:
    """Make a Transformer's matrices int8 (bits=8) or int4 in groups (bits=4; the embedding rows
    stay int8), in place; returns it. A verify of k tokens then computes exactly what k one-token
    steps do: the products are row-exact (see the module docstring), and attention goes through
    kernels.exact_attention (the layers are marked exact)."""
    tied = model.output.weight is model.tok_embeddings.weight
    linear = Int8Linear if bits == 8 else Int4Linear
    if tied and bits == 4:
        model.output = Int4Linear.from_weight(model.tok_embeddings.weight)
    q, scales = quantize_rows(model.tok_embeddings.weight)
    model.tok_embeddings = Int8Embedding(q, scales)
    if tied and bits == 8:
        model.output = Int8Linear(q, scales)
    for parent in list(model.modules()):
        for name, child in list(parent.named_children()):
            if isinstance(child, nn.Linear):
                setattr(parent, name, linear.from_linear(child))
    for module in model.modules():  # the norms stay float32 (a bfloat16 checkpoint's too)
        for name, param in list(module.named_parameters(recurse=False)):
            if param.dtype != torch.float32:
                setattr(module, name, nn.Parameter(param.detach().float(), requires_grad=False))
    for layer in model.layers:
        layer.attention.exact = True
    _pack(model)
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


def int8_cache_file(path: Path, weight_files: list[Path], bits: int = 8) -> Path:
    """The int8 (or int4) copy's file for this checkpoint: keyed by its place, config.json and its
    weight files' sizes and times, so a changed checkpoint gets a new copy."""
    path = path.resolve()
    facts = {
        "format": QUANT_FORMAT,
        "path": str(path),
        "config": (path / "config.json").read_text(encoding="utf-8"),
        "weights": [(f.name, f.stat().st_size, f.stat().st_mtime_ns) for f in weight_files],
    }
    key = hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()[:16]
    from specdraft.engine.hub import display_name

    return cache_root() / f"int{bits}" / f"{display_name(path)}-{key}" / f"model.int{bits}.safetensors"


def _int8_state(model: nn.Module) -> dict[str, Tensor]:
    state = model.state_dict()
    if model.output.weight is model.tok_embeddings.weight:  # tied int8: stored once
        state = {k: v for k, v in state.items() if not k.startswith("output.")}
    return {k: v.contiguous() for k, v in state.items()}


def save_int8(model: nn.Module, file: Path) -> None:
    """Write the int8 (or int4) state atomically (beside, then renamed): a load never sees half a file."""
    from safetensors.torch import save_file

    file.parent.mkdir(parents=True, exist_ok=True)
    partial = file.with_name(file.name + f".{os.getpid()}.partial")
    save_file(_int8_state(model), str(partial), metadata={"format": "pt", "specdraft_int8": str(QUANT_FORMAT)})
    os.replace(partial, file)


def _int8_skeleton(args, bits: int = 8) -> nn.Module:
    """A Transformer of these args with int8 (or int4) modules of the right shapes, on the meta device."""
    from specdraft.engine.model import Transformer

    with torch.device("meta"):
        model = Transformer(args)
        model.tok_embeddings = Int8Embedding(torch.empty(args.vocab_size, args.dim, dtype=torch.int8),
                                             torch.empty(args.vocab_size, dtype=torch.bfloat16))  # fmt: skip
        for parent in list(model.modules()):
            for name, child in list(parent.named_children()):
                if not isinstance(child, nn.Linear):
                    continue
                out_features, in_features = child.out_features, child.in_features
                bias = None if child.bias is None else torch.empty(out_features)
                if bits == 4:
                    width = in_features + -in_features % INT4_GROUP
                    groups = torch.empty(out_features, width // INT4_GROUP, dtype=torch.bfloat16)
                    weight = torch.empty(out_features, width // 2, dtype=torch.uint8)
                    setattr(parent, name, Int4Linear(weight, groups, groups.clone(), bias, in_features))
                else:
                    weight = torch.empty(out_features, in_features, dtype=torch.int8)
                    setattr(parent, name, Int8Linear(weight, torch.empty(out_features, dtype=torch.bfloat16), bias))
    return model


def read_int8(file: Path, args, bits: int = 8) -> nn.Module:
    """The int8 (or int4) Transformer saved in `file` (save_int8) for these args."""
    from safetensors import SafetensorError
    from safetensors.torch import load_file

    try:
        # copies: a tensor read from the file may start at any byte, and ATen's int8 kernel reads
        # aligned vectors (an unaligned matrix crashed the process); new allocations are aligned
        state = {name: tensor.clone() for name, tensor in load_file(str(file)).items()}
    except (SafetensorError, OSError) as error:
        raise EngineError(f"the int{bits} copy {file} cannot be read ({error}); delete it and load again") from None
    model = _int8_skeleton(args, bits)
    tied = args.tie_word_embeddings and bits == 8  # an int4 output matrix is stored apart from the int8 embedding
    if tied:
        state["output.weight"], state["output.scales"] = state["tok_embeddings.weight"], state["tok_embeddings.scales"]
    try:
        model.load_state_dict(state, assign=True, strict=True)
    except RuntimeError as error:
        raise EngineError(f"the int{bits} copy {file} does not fit this checkpoint ({error}); delete it and load again") from None
    if tied:
        model.output = Int8Linear(model.tok_embeddings.weight, model.tok_embeddings.scales)
    for layer in model.layers:
        layer.attention.exact = True
    return _pack(model).eval()


def _pack(model: nn.Module) -> nn.Module:
    for module in model.modules():
        if isinstance(module, Int4Linear):
            module.pack()
    return model


def load_int8(path: Path, weight_files: list[Path], args, read_float: Callable[[], nn.Module], bits: int = 8) -> nn.Module:
    """The checkpoint at `path` in int8 (or int4): its cached copy when there is one, else quantized
    from `read_float()` (the float model) and cached. Where the cache cannot be written (a read-only
    home), the model still loads; only the next load is slow again."""
    file = int8_cache_file(path, weight_files, bits)
    if file.is_file():
        return read_int8(file, args, bits)
    model = quantize_model(read_float(), bits).eval()
    try:
        save_int8(model, file)
    except OSError:
        pass  # no cache: the model is still right, the next load quantizes again
    return model

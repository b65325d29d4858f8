"""CPU kernels that make a speculative verify compute exactly what one-token decoding does.

Why: a verify forward of k drafted tokens must give bit for bit the logits of k one-token steps
on this CPU, so that greedy speculative output equals plain decoding (DESIGN.md, invariant 6).
CPU BLAS sums a product in an order set by its shape, and a last-bit difference can flip an
argmax. So every product here has a shape that does not depend on how many queries a forward
has: bfloat16 weights packed by oneDNN (``Linear``), and ``exact_attention`` over a cache kept
in whole blocks. ``exact_attention_holds()`` checks on this machine what those kernels assume of
BLAS; where it fails, model.py attends in float64 (``small_query_attention`` on float64 inputs).
Elementwise ops are exact row by row only when ATen computes every element by the same code:
``rowwise`` runs the MLP's activation so (silu and gelu round a scalar tail differently, and
several threads put tails inside rows); ``softcap`` (Gemma 2) relies on tanh having no such tail.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import torch
import torch.nn.functional as F
from torch import Tensor, nn

_BULK = threading.local()


@contextmanager
def bulk_products(enabled: bool = True) -> Iterator[None]:
    """Within: this thread's forward is a prefill (or has no cache), whose rows nothing has to
    match one by one, so a layer may multiply them by a faster kernel that sums rows by their
    count (quant.Int8Linear dequantizes and uses BLAS). Decoding and verification run outside."""
    previous = getattr(_BULK, "enabled", False)
    _BULK.enabled = enabled
    try:
        yield
    finally:
        _BULK.enabled = previous


def bulk_products_enabled() -> bool:
    return getattr(_BULK, "enabled", False)


def can_pack_bfloat16() -> bool:
    """Whether oneDNN (mkldnn) can multiply bfloat16 on this CPU: AVX-512 BF16 or AMX."""
    return torch.backends.mkldnn.is_available() and torch.ops.mkldnn._is_mkldnn_bf16_supported()


# A bfloat16 matrix of at least this many elements is multiplied by oneDNN from a copy packed
# for one row: at batch 1 that reads half the bytes of float32. Smaller ones (of a model laid out
# without exact_batches) get a float32 copy instead: a oneDNN call has a fixed cost per call that
# outweighs the bytes saved on a small matrix.
PACK_MIN_ELEMENTS = 512 * 1024


# Up to this many queries (decoding, speculative verify) attention is three plain ops, and a
# float32 weight copy serves at most this many rows: the CPU flash-attention kernel's fixed cost
# per call outweighs the work of so few queries.
SMALL_QUERY = 16


class Linear(nn.Linear):
    """nn.Linear (same parameters and state dict) that decodes bfloat16 weights faster.

    ``pack()`` (Transformer.use_inference_layout calls it for bfloat16 weights) makes a decoding
    copy of the weight: oneDNN-packed bfloat16, or, for a small matrix of a model laid out
    without ``exact_batches``, float32 column-major (see PACK_MIN_ELEMENTS). Both compute what
    F.linear computes in bfloat16 (inputs and weights exact, float32 sums, output rounded to
    bfloat16). The packed copy serves every row count, and oneDNN sums each row in the same
    order however many rows there are: a speculative verify forward of k tokens gets exactly
    the numbers of k one-token steps. The float32 copy serves up to SMALL_QUERY rows and BLAS
    orders its sums by the row count (one row and thirteen differ in the last bits, which the
    rounding to bfloat16 can turn into a different token): fine for a draft model, whose
    numbers nothing has to match. Copies are used only without autograd and outside
    torch.compile; one is remade when the weight changed in place (an optimizer step) and
    dropped when the weight was cast: training sees only the weight.
    """

    packed: Tensor | None = None  # a plain attribute, not in the state dict
    packed_bias: Tensor | None = None  # the bias in the copy's dtype
    packed_version = -1  # weight._version when the copy was made
    exact_batches = True  # small matrices packed too (see above); use_inference_layout sets it

    def reset_parameters(self) -> None:
        # Built on the meta device (checkpoint.load_model, which then assigns the loaded weights):
        # no initialisation. Random values there are thrown away, and the first one imports
        # torch._dynamo (the meta kernels of init ops are torch._refs), about a second.
        if not self.weight.is_meta:
            super().reset_parameters()

    @torch.no_grad()
    def pack(self) -> None:
        weight, bias = self.weight.detach(), self.bias
        self.packed = self.packed_bias = None
        self.packed_version = weight._version
        if weight.dtype != torch.bfloat16:
            return
        if (self.exact_batches or weight.numel() >= PACK_MIN_ELEMENTS) and can_pack_bfloat16():
            self.packed = torch.ops.mkldnn._reorder_linear_weight(weight, 1)  # laid out for 1 row
            self.packed_bias = None if bias is None else bias.detach()
        else:
            self.packed = weight.float().t().contiguous().t()  # column-major (see model.py)
            self.packed_bias = None if bias is None else bias.detach().float()

    def __getstate__(self) -> dict:
        # deepcopy and pickle: an opaque oneDNN tensor has no storage to copy; the copy repacks
        state = dict(self.__dict__)
        state["packed"] = state["packed_bias"] = None
        state["_repack"] = self.packed is not None
        return state

    def __setstate__(self, state: dict) -> None:
        repack = state.pop("_repack", False)
        super().__setstate__(state)
        if repack:
            self.pack()

    def forward(self, x: Tensor) -> Tensor:
        # x: [..., in]. Many rows (prefill) are compute-bound: the packed bfloat16 weight runs
        # them as fast as F.linear's kernel (AMX), a float32 copy far slower, so it serves few.
        if self.packed is None or torch.is_grad_enabled() or torch.compiler.is_compiling():
            return F.linear(x, self.weight, self.bias)
        if self.packed_version != self.weight._version or self.weight.dtype != torch.bfloat16:
            self.pack()  # stale: the weight was changed or cast since
            if self.packed is None:
                return F.linear(x, self.weight, self.bias)
        if self.packed.dtype == torch.float32:
            if x.numel() > SMALL_QUERY * x.shape[-1]:
                return F.linear(x, self.weight, self.bias)
            return F.linear(x.float(), self.packed, self.packed_bias).to(x.dtype)
        return torch.ops.mkldnn._linear_pointwise(x, self.packed, self.packed_bias, "none", [], "")


def small_query_attention(q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None, scale: float | None = None,
                          cap: float | None = None) -> Tensor:  # fmt: skip
    # q: [B, H, S, D], k/v: [B, H_kv, L, D], mask: [S, L] bool or None -> [B, H, S, D];
    # scale: None = D ** -0.5; cap: scores soft-capped before the mask (Gemma 2), None = not
    bsz, n_head, seqlen, head_dim = q.shape
    n_kv = k.shape[1]
    n_rep = n_head // n_kv
    # Grouped-query attention without copying K/V: the n_rep query heads that share one K/V
    # head are stacked along the query axis, [B, H_kv, n_rep * S, D].
    # 3-D batched matmuls over (batch, K/V head): no broadcasting machinery per call
    q = q.reshape(bsz * n_kv, n_rep * seqlen, head_dim)
    k = k.reshape(bsz * n_kv, k.shape[2], head_dim)  # a view: the cache slice keeps its strides
    v = v.reshape(bsz * n_kv, v.shape[2], head_dim)
    scores = torch.bmm(q, k.transpose(1, 2)).mul_(scale or head_dim**-0.5)  # [B * H_kv, n_rep * S, L]
    if cap is not None:
        scores = softcap(scores, cap)
    if mask is not None:
        scores.masked_fill_(~mask.repeat(n_rep, 1), float("-inf"))
    y = torch.bmm(torch.softmax(scores, dim=-1), v)  # [B * H_kv, n_rep * S, D]
    return y.view(bsz, n_head, seqlen, head_dim)


# an elementwise op over at most this many elements runs on one thread (ATen's GRAIN_SIZE is
# 32768; its gelu goes parallel above 16384)
SERIAL_ELEMENTS = 16384


def rowwise(function, x: Tensor) -> Tensor:
    """function(x) for an elementwise function whose vector and scalar code round differently
    (silu, gelu: ~4% of elements differ in the last bit), computed for each row of x [..., N] as it
    would be for that row alone. ATen runs such an op in vectors and a row's last few elements one
    at a time; with several threads it splits the elements between them wherever the count falls,
    so a piece's scalar tail lands inside a row of a verify and a verify row would differ from a
    one-token step's. Here rows go in groups of at most SERIAL_ELEMENTS elements (one thread; a
    row of more is split alike in a verify and a step). x's rows must not be contiguous with each
    other (the MLP's gate, a chunk of the fused product, is not): each row then has its own loop."""
    if (torch.is_grad_enabled() and x.requires_grad) or x.numel() <= SERIAL_ELEMENTS or bulk_products_enabled():
        return function(x)  # (a prefill's rows match nothing one by one: bulk_products)
    rows = x.reshape(-1, x.shape[-1])  # a view: the rows keep their stride
    per_group = max(1, SERIAL_ELEMENTS // x.shape[-1])
    return torch.cat([function(group) for group in rows.split(per_group)]).view(x.shape)


def softcap(x: Tensor, cap: float) -> Tensor:
    """tanh(x / cap) * cap: Gemma 2's soft-capping of attention scores and logits. Exact row by row:
    the divide and multiply are IEEE operations, and ATen computes float tanh in vectors for every
    element, a tensor's last few included (its vml path), unlike silu or gelu (see rowwise); the
    engine's tests check that a row capped with others equals the row capped alone."""
    return torch.tanh(x / cap) * cap


def softcapped_attention(q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None, scale: float, cap: float) -> Tensor:
    """Attention whose scores are soft-capped before the mask (Gemma 2), which SDPA cannot do.
    q: [B, H, S, D], k/v: [B, H_kv, L, D], mask: bool [S, L] or [B, 1, S, L] (True = may attend),
    None = every key -> [B, H, S, D]. Queries go in chunks of EXACT_CHUNK * 4, to bound the scores' memory."""
    bsz, n_head, seqlen, head_dim = q.shape
    n_kv = k.shape[1]
    q = q.reshape(bsz, n_kv, n_head // n_kv, seqlen, head_dim)  # the query heads sharing a K/V head
    keys, values = k[:, :, None].transpose(-1, -2), v[:, :, None]  # [B, H_kv, 1, D, L], [B, H_kv, 1, L, D]
    chunks = []
    for first in range(0, seqlen, 4 * EXACT_CHUNK):
        last = min(first + 4 * EXACT_CHUNK, seqlen)
        scores = torch.tanh(torch.matmul(q[..., first:last, :], keys) * scale / cap) * cap  # [B, H_kv, rep, c, L]
        if mask is not None:
            part = mask[..., first:last, :]
            scores = scores.masked_fill(~(part[:, :, None] if part.dim() == 4 else part), float("-inf"))
        chunks.append(torch.matmul(torch.softmax(scores, dim=-1), values))
    return torch.cat(chunks, dim=3).reshape(bsz, n_head, seqlen, head_dim)


# exact_attention: keys are taken in blocks of this many (the cache of an exact model is a whole
# number of blocks long), query rows padded to a multiple of a row count, the smallest of
# EXACT_ROW_CHOICES for which this machine's BLAS keeps a row's result independent of the other
# rows (exact_rows). Larger blocks score more padded keys; smaller ones mean more products per
# one-token step, which plain decoding pays for too. Fewer padding rows: a one-token step of a
# target with 3 query heads a K/V head scores 4 rows, not 16 (~0.05 ms a layer less here).
EXACT_BLOCK = 256
EXACT_ROW_CHOICES = (4, 16)
EXACT_ROWS = EXACT_ROW_CHOICES[-1]  # exact_mask's default: the multiple that most BLAS kernels keep exact
# rows per product (a multiple of every row choice, so no number changes): a long verify's
# scores, computed all at once, would not stay in the CPU cache
EXACT_CHUNK = 64


def exact_mask(input_pos: Tensor, n_rep: int, window: int | None = None, rows_multiple: int = EXACT_ROWS) -> Tensor:
    """exact_attention's mask, added to the scores: [rows padded to rows_multiple (exact_rows(head_dim)),
    keys in whole blocks] float32, 0 where a row may attend, -inf where not; row r * S + i is query
    head r (of a group sharing a K/V head) at input_pos[i]."""
    seqlen = input_pos.shape[0]
    rows = n_rep * seqlen
    n_keys = -(-(int(input_pos[-1]) + 1) // EXACT_BLOCK) * EXACT_BLOCK
    key_pos = torch.arange(n_keys, device=input_pos.device)
    allowed = key_pos[None, :] <= input_pos[:, None]  # [S, n_keys]
    if window is not None:
        allowed &= input_pos[:, None] - key_pos[None, :] < window
    # padding rows (zero queries) may see every key: no row is all masked
    allowed = F.pad(allowed.repeat(n_rep, 1), (0, 0, 0, -rows % rows_multiple), value=True)
    return torch.zeros(allowed.shape, device=input_pos.device).masked_fill_(~allowed, float("-inf"))


def exact_attention(q: Tensor, k_cache: Tensor, v_cache: Tensor, mask: Tensor, start: int,
                    scale: float | None = None, cap: float | None = None) -> Tensor:  # fmt: skip
    """Attention over the cache whose every query row comes out the same, bit for bit, whether a
    forward has one query (decoding) or many (a speculative verify).

    q: [B, H, S, D] float32; k_cache / v_cache: [B, H_kv, L, D] float32, L a multiple of
    EXACT_BLOCK; mask: exact_mask(input_pos, H // H_kv, window, exact_rows(D)); start: input_pos[0] (the
    positions are start .. start + S - 1); scale: None = D ** -0.5; cap: scores soft-capped before
    the mask (Gemma 2; ``softcap``, elementwise and exact) -> [B, H, S, D].
    BLAS sums a product in an order set by its shape. So every product here has a shape that
    does not depend on how many queries there are: the rows (query heads sharing a K/V head,
    stacked) are padded to a multiple of the row count exact_rows() chose, each row is scored against the keys up
    to the block holding the last position (masked past the row's own position), and P @ V is
    one product per block of EXACT_BLOCK keys, added up block after block; rows go through in
    chunks of EXACT_CHUNK (a multiple of every row choice) to keep the scores in cache. A row's blocks past
    its own position hold only zero probabilities and add exact zeros, and a chunk stops at
    the block holding its own last position (a long verify's early rows skip the
    blocks only its later rows reach). What remains assumed of BLAS, that a row's result depends
    neither on the other rows of a product whose row count is a multiple of the chosen one nor on
    how many masked keys follow its own, is checked on this machine by `exact_rows()`.
    """
    bsz, n_head, seqlen, head_dim = q.shape
    n_kv = k_cache.shape[1]
    groups, rows = bsz * n_kv, n_head // n_kv * seqlen
    padded, n_keys = mask.shape
    # the query heads sharing a K/V head stacked, padded with zero rows
    q = F.pad(q.reshape(groups, rows, head_dim), (0, 0, 0, padded - rows))
    k = k_cache[:bsz, :, :n_keys].reshape(groups, n_keys, head_dim).transpose(1, 2)
    v = v_cache[:bsz, :, :n_keys].reshape(groups, n_keys, head_dim)
    chunks = []
    # rows in chunks (each a multiple of the row count): a long verify's scores stay in the cache
    for first in range(0, padded, EXACT_CHUNK):
        last = min(first + EXACT_CHUNK, padded)
        # the key blocks up to the one holding the chunk's last position
        real = min(last, rows) - 1  # the chunk's last row that is not padding
        top = start  # row r * S + i is at position start + i
        if real >= first:  # a chunk that wraps from one query head to the next reaches the last
            wraps = real - first >= seqlen or real % seqlen < first % seqlen
            top += seqlen - 1 if wraps else real % seqlen
        keys = min(n_keys, (top // EXACT_BLOCK + 1) * EXACT_BLOCK)
        if cap is None:
            scores = torch.baddbmm(mask[first:last, :keys], q[:, first:last], k[:, :, :keys], alpha=scale or head_dim**-0.5)
        else:  # the same product (a zero matrix added), capped, then masked: IEEE adds, exact
            zeros = torch.zeros_like(mask[first:last, :keys])
            scores = torch.baddbmm(zeros, q[:, first:last], k[:, :, :keys], alpha=scale or head_dim**-0.5)
            scores = softcap(scores, cap).add_(mask[first:last, :keys])
        probs = torch.softmax(scores, dim=-1)  # [G, chunk, keys]
        out = torch.bmm(probs[:, :, :EXACT_BLOCK], v[:, :EXACT_BLOCK])
        for block in range(EXACT_BLOCK, keys, EXACT_BLOCK):
            out += torch.bmm(probs[:, :, block : block + EXACT_BLOCK], v[:, block : block + EXACT_BLOCK])
        chunks.append(out)
    y = chunks[0] if len(chunks) == 1 else torch.cat(chunks, dim=1)
    return y[:, :rows].reshape(bsz, n_head, seqlen, head_dim)


def exact_attention_holds(head_dim: int = 64) -> bool:
    """Whether exact_attention computes a verify of k queries exactly as k single ones on this
    machine (BLAS kernels differ by CPU) for heads of head_dim, with some row multiple (exact_rows)."""
    return exact_rows(head_dim) > 0


@functools.cache
def exact_rows(head_dim: int = 64) -> int:
    """The row multiple exact_mask pads to for heads of head_dim: the smallest of EXACT_ROW_CHOICES
    for which exact_attention computes a verify of k queries exactly as k single ones on this
    machine (drafts of 2-70 tokens at a few positions, with and without grouped queries); 0 where
    none does. Cached: it runs once per process and head size, so a model pads alike in every forward."""
    for rows_multiple in EXACT_ROW_CHOICES:
        if _exact_with(head_dim, rows_multiple):
            return rows_multiple
    return 0


def _exact_with(head_dim: int, rows_multiple: int) -> bool:
    generator = torch.Generator().manual_seed(0)
    for n_head, n_kv in ((6, 2), (4, 4)):
        k_cache, v_cache = (torch.randn(1, n_kv, 3 * EXACT_BLOCK, head_dim, generator=generator) for _ in range(2))
        for start, k in ((3, 2), (40, 13), (EXACT_BLOCK - 5, 17), (2 * EXACT_BLOCK - 20, 40), (EXACT_BLOCK - 30, 70)):
            q = torch.randn(1, n_head, k, head_dim, generator=generator)
            mask = exact_mask(torch.arange(start, start + k), n_head // n_kv, rows_multiple=rows_multiple)
            together = exact_attention(q, k_cache, v_cache, mask, start)
            for i in range(k):
                mask = exact_mask(torch.tensor([start + i]), n_head // n_kv, rows_multiple=rows_multiple)
                alone = exact_attention(q[:, :, i : i + 1], k_cache, v_cache, mask, start + i)
                if not torch.equal(alone, together[:, :, i : i + 1]):
                    return False
    return True

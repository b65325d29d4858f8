"""Llama-family decoder (Llama 1/2/3, Mistral, Qwen2/2.5, Qwen3, Phi-3, Gemma 2, SmolLM) with a static KV cache.

One flat file in the gpt-fast shape: ``ModelArgs`` (built from a Hugging Face config.json dict),
the modules, then ``Transformer``. Public names (stable; other engine modules build on them):

- ``ModelArgs``: dataclass; ``ModelArgs.from_hf_config(config: dict)``, ``args.to_hf_config()``,
  ``args.eos_token_ids`` (list of ints), ``SUPPORTED_ARCHITECTURES``.
- ``Transformer(args)``: ``setup_caches(max_batch_size, max_seq_length, dtype=None)`` (None: see below),
  ``forward(idx, input_pos=None, last_only=False) -> logits``, ``init_weights(std)``,
  ``use_inference_layout(exact_batches=True)`` (column-major float32 weights, decoding copies
  of bfloat16 ones (``kernels.Linear.pack``): faster batch-1 decoding, and with exact_batches a
  verify forward of k tokens computes exactly what k one-token steps do; load_model calls it),
  ``max_seq_length`` / ``max_batch_size`` (0 until caches are set up), ``clear_caches()``,
  ``args`` (and its alias ``config``), ``static_shapes`` (set True before torch.compile: the
  forward then attends over the whole cache with a position mask and never syncs to the host).
  * With caches: ``idx`` is [B, S] and ``input_pos`` is [S], the absolute positions of those
    tokens (increasing, contiguous). K/V are written at ``input_pos`` and each query attends to
    every cached key at a position <= its own, so a multi-token forward at ``input_pos`` (prefill,
    or a speculative verify of k drafted tokens) is exact, and rolling back a rejected draft costs
    nothing: later writes at the same positions overwrite it.
  * Without ``input_pos`` (training, or a reference forward): a full causal forward over
    positions 0..S-1 that ignores and never touches the caches; autograd works.
  * ``last_only=True`` returns logits for the last position only ([B, 1, V]); else [B, S, V].
- ``KVCache``: owns ``k_cache`` / ``v_cache`` [B, H_kv, max_seq, D]; ``update(input_pos, k, v)``.
- ``prefix_reuse`` (default False; LocalBackend sets it): a prefill from position 0 (a last_only
  forward of one row) computes only what follows the longest prefix the cache holds
  (``cached_tokens[:cached_length]``, recorded by every eager forward); ``reused_tokens``: how
  many the last prefill took from the cache.

Gemma 2 is the same block with its own choices, each a ModelArgs field (set from model_type):
a GELU-tanh MLP, norms scaled by 1 + weight, a second norm after attention and after the MLP,
embeddings scaled by sqrt(dim), attention scaled by query_pre_attn_scalar, attention scores and
final logits soft-capped (tanh(x / cap) * cap), and a sliding window on every other layer
(``layer_types``). Its soft-capped attention never goes through SDPA (which cannot cap).

Parameter names are engine names (gpt-fast style, q/k/v and gate/up fused into one matmul each
because batch-1 decoding on a CPU is bound by the number of ops); specdraft.engine.checkpoint maps them
to and from Hugging Face tensor names.

Attention and the KV cache run in float32, even when the weights are bfloat16: bfloat16
attention with few queries is much slower on a CPU, and float32 keeps the long sums exact.
A target laid out with exact_batches whose weights are packed bfloat16 decodes and verifies
with ``exact_attention`` (specdraft.engine.kernels: why and how a verify of k tokens computes
bit for bit what k one-token steps do); where this machine's BLAS fails that kernel's check
(``exact_attention_holds``) it attends in float64 over a float64 cache instead (sums in any
order agree to ~1e-16; twice the memory traffic). A prompt's prefill from position 0
keeps float32 flash attention in a float32 model and attends in bfloat16 in a bfloat16 one, as
transformers does (after a reused prefix too; decoding of any kind prefills alike).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from specdraft.engine.errors import EngineError
from specdraft.engine.kernels import (
    EXACT_BLOCK,
    SMALL_QUERY,
    Linear,
    bulk_products,
    can_pack_bfloat16,
    exact_attention,
    exact_attention_holds,
    exact_mask,
    exact_rows,
    rowwise,
    small_query_attention,
    softcap,
    softcapped_attention,
)

# Hugging Face architecture name -> model_type. Only these are loaded; anything else is refused.
SUPPORTED_ARCHITECTURES: dict[str, str] = {
    "LlamaForCausalLM": "llama",
    "MistralForCausalLM": "mistral",
    "Qwen2ForCausalLM": "qwen2",
    "Qwen3ForCausalLM": "qwen3",
    "Phi3ForCausalLM": "phi3",  # q/k/v and gate/up stored fused (checkpoint.hf_to_engine)
    "Gemma2ForCausalLM": "gemma2",
}
GEMMA2_ACTIVATION = "gelu_pytorch_tanh"  # the only activation of Gemma 2 checkpoints (GELU, tanh approximation)
# Hugging Face's Gemma2Config defaults: config.json may leave out a value equal to them
GEMMA2_DEFAULTS = {"head_dim": 256, "query_pre_attn_scalar": 256, "attn_logit_softcapping": 50.0,
                   "final_logit_softcapping": 30.0, "sliding_window": 4096, "tie_word_embeddings": True}  # fmt: skip
LAYER_TYPES = ("full_attention", "sliding_attention")
SUPPORTED_ROPE_TYPES = ("default", "linear", "llama3")


@dataclass
class ModelArgs:
    model_type: str = "llama"  # Hugging Face model_type: llama, mistral, qwen2, qwen3, phi3, gemma2
    vocab_size: int = 4096
    dim: int = 256  # hidden_size
    n_layer: int = 4  # num_hidden_layers
    n_head: int = 4  # num_attention_heads (query heads)
    n_kv_heads: int = 0  # num_key_value_heads; 0 = n_head (no grouped-query attention)
    head_dim: int = 0  # 0 = dim // n_head; Qwen3 and Mistral-Nemo give it explicitly
    intermediate_size: int = 0  # 0 = the Llama rule: 2/3 of 4*dim, rounded up to 256
    norm_eps: float = 1e-5  # rms_norm_eps
    rope_theta: float = 10000.0
    rope_scaling: dict | None = None  # {"rope_type": "llama3", "factor": 8.0, ...} or None
    attention_bias: bool = False  # q/k/v projections carry a bias (Qwen2: always)
    attention_out_bias: bool = False  # o_proj carries a bias (Llama with attention_bias=true)
    qk_norm: bool = False  # RMSNorm over head_dim on q and k before RoPE (Qwen3)
    tie_word_embeddings: bool = False  # lm_head shares the embedding matrix (SmolLM, Qwen small)
    max_position_embeddings: int = 2048  # the context length the model was trained for
    sliding_window: int | None = None  # Mistral, Phi-3, Gemma 2: each query sees at most this many keys
    layer_types: list[str] | None = None  # per layer, "sliding_attention" or "full_attention" (Gemma 2); None: all slide
    hidden_act: str = "silu"  # the MLP's gate: silu (SwiGLU) or gelu_pytorch_tanh (Gemma 2's GeGLU)
    query_pre_attn_scalar: float | None = None  # scores scaled by this ** -0.5 (Gemma 2); None: head_dim
    attn_logit_softcapping: float | None = None  # scores = tanh(scores / cap) * cap before the mask (Gemma 2)
    final_logit_softcapping: float | None = None  # the same on the logits (Gemma 2)
    norm_offset: bool = False  # RMSNorm scales by 1 + weight (Gemma: set from model_type)
    sandwich_norms: bool = False  # norms after attention and after the MLP too (Gemma 2: set from model_type)
    embedding_scale: bool = False  # embeddings multiplied by sqrt(dim) (Gemma: set from model_type)
    bos_token_id: int | None = None
    eos_token_id: int | list[int] | None = None
    extra: dict = field(default_factory=dict)  # other config.json keys, written back on save

    def __post_init__(self) -> None:
        if self.n_kv_heads == 0:
            self.n_kv_heads = self.n_head
        if self.head_dim == 0:
            assert self.dim % self.n_head == 0, "hidden_size must divide by num_attention_heads, or give head_dim"
            self.head_dim = self.dim // self.n_head
        if self.intermediate_size == 0:
            hidden = int(2 * 4 * self.dim / 3)
            self.intermediate_size = 256 * ((hidden + 255) // 256)
        assert self.n_head % self.n_kv_heads == 0, "num_attention_heads must be a multiple of num_key_value_heads"
        if self.model_type == "qwen3":
            self.qk_norm = True
        if self.model_type == "qwen2":
            self.attention_bias = True
        if self.model_type == "gemma2":
            self.norm_offset = self.sandwich_norms = self.embedding_scale = True
        assert self.hidden_act in ("silu", GEMMA2_ACTIVATION), f"unsupported hidden_act {self.hidden_act!r}"
        assert self.layer_types is None or len(self.layer_types) == self.n_layer, "one layer type per layer"

    def layer_window(self, layer: int) -> int | None:
        """The sliding window of layer `layer` (None: it attends to every earlier position)."""
        if self.layer_types is not None and self.layer_types[layer] != "sliding_attention":
            return None
        return self.sliding_window

    @property
    def eos_token_ids(self) -> list[int]:
        """The config's eos_token_id as a list (it may be one int, a list, or absent)."""
        if self.eos_token_id is None:
            return []
        if isinstance(self.eos_token_id, int):
            return [self.eos_token_id]
        return [int(i) for i in self.eos_token_id]

    @property
    def architecture(self) -> str:
        for arch, model_type in SUPPORTED_ARCHITECTURES.items():
            if model_type == self.model_type:
                return arch
        raise EngineError(f"unsupported model_type {self.model_type!r}")

    @classmethod
    def from_hf_config(cls, config: dict) -> ModelArgs:
        """Build from a Hugging Face config.json dict; EngineError for what we cannot run."""
        supported = ", ".join(SUPPORTED_ARCHITECTURES)
        architectures = config.get("architectures") or []
        model_type = config.get("model_type")
        if architectures:
            arch = architectures[0]
            if arch.startswith("Gemma") and arch != "Gemma2ForCausalLM":
                raise EngineError(
                    f"unsupported architecture {arch!r}: of the Gemma family only Gemma 2 (Gemma2ForCausalLM) "
                    "runs here (Gemma 3 differs: q/k norms, two RoPE bases, 5 local layers to 1 global); "
                    f"supported: {supported}"
                )
            if arch not in SUPPORTED_ARCHITECTURES:
                raise EngineError(f"unsupported architecture {arch!r}; supported: {supported}")
            model_type = SUPPORTED_ARCHITECTURES[arch]
        elif model_type not in SUPPORTED_ARCHITECTURES.values():
            raise EngineError(
                f"unsupported model_type {model_type!r} (config.json names no architecture); "
                f"supported: {supported}"
            )
        gemma2 = model_type == "gemma2"
        if gemma2:
            config = {**GEMMA2_DEFAULTS, **config}
            activation = config.get("hidden_activation") or config.get("hidden_act") or GEMMA2_ACTIVATION
            if activation != GEMMA2_ACTIVATION:
                raise EngineError(f"unsupported hidden_activation {activation!r} for Gemma 2; only {GEMMA2_ACTIVATION}")
            if config.get("use_bidirectional_attention"):
                raise EngineError("unsupported config: use_bidirectional_attention=true (an encoder, not a decoder)")
            layer_types = config.get("layer_types") or [
                "sliding_attention" if i % 2 == 0 else "full_attention" for i in range(int(config["num_hidden_layers"]))
            ]  # Gemma2Config's default: layers 0, 2, 4, ... slide
            unknown = sorted(set(layer_types) - set(LAYER_TYPES))
            if unknown:
                raise EngineError(f"unsupported layer_types {unknown}; Gemma 2 layers are {' or '.join(LAYER_TYPES)}")
        elif config.get("hidden_act", "silu") != "silu":
            raise EngineError(f"unsupported hidden_act {config['hidden_act']!r}; only silu (SwiGLU) is supported")
        if config.get("mlp_bias"):
            raise EngineError("unsupported config: mlp_bias=true")
        if config.get("use_sliding_window") and model_type in ("qwen2", "qwen3"):
            raise EngineError("unsupported config: use_sliding_window=true for Qwen (per-layer windows)")
        # transformers 5 writes rope_parameters {rope_theta, rope_type, ...}; older versions write
        # rope_theta and rope_scaling at the top level. Accept both.
        rope = dict(config.get("rope_parameters") or {})
        rope_theta = float(rope.pop("rope_theta", config.get("rope_theta", 10000.0)))
        partial = rope.pop("partial_rotary_factor", config.get("partial_rotary_factor", 1.0))
        if partial not in (None, 1, 1.0):
            raise EngineError(f"unsupported config: partial_rotary_factor={partial} (RoPE on part of each head)")
        scaling = rope or config.get("rope_scaling") or None
        if scaling is not None:
            scaling = dict(scaling)
            rope_type = scaling.get("rope_type", scaling.get("type", "default"))
            if rope_type not in SUPPORTED_ROPE_TYPES:
                raise EngineError(
                    f"unsupported rope_scaling type {rope_type!r}; supported: {', '.join(SUPPORTED_ROPE_TYPES)}"
                )
            scaling["rope_type"] = rope_type
            if rope_type == "default":
                scaling = None
        attention_bias = bool(config.get("attention_bias", False))
        sliding = config.get("sliding_window") if model_type in ("mistral", "phi3", "gemma2") else None
        known = {
            "architectures", "model_type", "vocab_size", "hidden_size", "num_hidden_layers",
            "num_attention_heads", "num_key_value_heads", "head_dim", "intermediate_size",
            "rms_norm_eps", "rope_theta", "rope_scaling", "rope_parameters", "attention_bias",
            "tie_word_embeddings", "max_position_embeddings", "sliding_window", "bos_token_id",
            "eos_token_id", "hidden_act", "mlp_bias", "torch_dtype", "dtype", "transformers_version",
            "partial_rotary_factor",
        }  # fmt: skip
        if gemma2:
            known |= {"hidden_activation", "query_pre_attn_scalar", "attn_logit_softcapping",
                      "final_logit_softcapping", "layer_types", "use_bidirectional_attention"}  # fmt: skip
        try:
            return cls(
                model_type=model_type,
                vocab_size=int(config["vocab_size"]),
                dim=int(config["hidden_size"]),
                n_layer=int(config["num_hidden_layers"]),
                n_head=int(config["num_attention_heads"]),
                n_kv_heads=int(config.get("num_key_value_heads") or config["num_attention_heads"]),
                head_dim=int(config.get("head_dim") or 0),
                intermediate_size=int(config["intermediate_size"]),
                norm_eps=float(config.get("rms_norm_eps", 1e-6)),
                rope_theta=rope_theta,
                rope_scaling=scaling,
                attention_bias=attention_bias or model_type == "qwen2",
                attention_out_bias=attention_bias and model_type in ("llama", "mistral", "gemma2"),
                qk_norm=model_type == "qwen3",
                tie_word_embeddings=bool(config.get("tie_word_embeddings", False)),
                max_position_embeddings=int(config.get("max_position_embeddings", 2048)),
                sliding_window=int(sliding) if sliding else None,
                layer_types=list(layer_types) if gemma2 else None,
                hidden_act=GEMMA2_ACTIVATION if gemma2 else "silu",
                query_pre_attn_scalar=float(config["query_pre_attn_scalar"]) if gemma2 else None,
                attn_logit_softcapping=_cap(config.get("attn_logit_softcapping")) if gemma2 else None,
                final_logit_softcapping=_cap(config.get("final_logit_softcapping")) if gemma2 else None,
                bos_token_id=config.get("bos_token_id"),
                eos_token_id=config.get("eos_token_id"),
                extra={k: v for k, v in config.items() if k not in known},
            )
        except KeyError as missing:
            raise EngineError(f"config.json lacks the key {missing.args[0]!r}") from None

    def to_hf_config(self, dtype: torch.dtype = torch.float32) -> dict:
        """A config.json dict that transformers' AutoModelForCausalLM and from_hf_config read back."""
        config = dict(self.extra)
        dtype_name = str(dtype).removeprefix("torch.")
        rope_parameters = {"rope_type": "default", "rope_theta": self.rope_theta}
        if self.rope_scaling:
            rope_parameters = {**self.rope_scaling, "rope_theta": self.rope_theta}
        config.update(
            architectures=[self.architecture],
            model_type=self.model_type,
            vocab_size=self.vocab_size,
            hidden_size=self.dim,
            num_hidden_layers=self.n_layer,
            num_attention_heads=self.n_head,
            num_key_value_heads=self.n_kv_heads,
            head_dim=self.head_dim,
            intermediate_size=self.intermediate_size,
            hidden_act=self.hidden_act,
            rms_norm_eps=self.norm_eps,
            rope_theta=self.rope_theta,  # older transformers read these two keys
            rope_scaling=self.rope_scaling,
            rope_parameters=rope_parameters,  # transformers >= 5 reads this one
            tie_word_embeddings=self.tie_word_embeddings,
            max_position_embeddings=self.max_position_embeddings,
            bos_token_id=self.bos_token_id,
            eos_token_id=self.eos_token_id,
            torch_dtype=dtype_name,
            dtype=dtype_name,
        )
        if self.model_type in ("llama", "mistral", "qwen3", "gemma2"):
            config["attention_bias"] = self.attention_out_bias if self.model_type != "qwen3" else self.attention_bias
        if self.model_type in ("mistral", "phi3", "gemma2"):
            config["sliding_window"] = self.sliding_window
        if self.model_type == "gemma2":
            config.update(
                hidden_activation=self.hidden_act, layer_types=self.layer_types,
                query_pre_attn_scalar=self.query_pre_attn_scalar,
                attn_logit_softcapping=self.attn_logit_softcapping,
                final_logit_softcapping=self.final_logit_softcapping,
            )  # fmt: skip
        if self.model_type in ("qwen2", "qwen3"):
            config.setdefault("use_sliding_window", False)
            config.setdefault("sliding_window", None)
        return config

    def replace(self, **changes) -> ModelArgs:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values.update(changes)
        return ModelArgs(**values)


def _cap(value) -> float | None:
    """A soft-capping value of config.json: None or 0 means none."""
    return float(value) if value else None


class KVCache(nn.Module):
    """Static key/value buffers for one layer, written in place at the given positions."""

    def __init__(self, max_batch_size: int, max_seq_length: int, n_kv_heads: int, head_dim: int,
                 dtype: torch.dtype = torch.float32) -> None:  # fmt: skip
        super().__init__()
        cache_shape = (max_batch_size, n_kv_heads, max_seq_length, head_dim)
        self.register_buffer("k_cache", torch.zeros(cache_shape, dtype=dtype), persistent=False)
        self.register_buffer("v_cache", torch.zeros(cache_shape, dtype=dtype), persistent=False)

    def update(self, input_pos: Tensor, k_val: Tensor, v_val: Tensor) -> tuple[Tensor, Tensor]:
        # input_pos: [S], k_val: [B, H_kv, S, D]; returns the whole buffers [B_max, H_kv, max_seq, D]
        batch = k_val.shape[0]
        self.k_cache[:batch, :, input_pos] = k_val.to(self.k_cache.dtype)
        self.v_cache[:batch, :, input_pos] = v_val.to(self.v_cache.dtype)
        return self.k_cache, self.v_cache


class Embedding(nn.Embedding):
    """nn.Embedding (same parameter and state dict) that skips its random init on the meta device."""

    def reset_parameters(self) -> None:
        if not self.weight.is_meta:  # see kernels.Linear.reset_parameters
            super().reset_parameters()


class RMSNorm(nn.Module):
    """Root-mean-square norm, computed in float32 and cast back, as Hugging Face Llama does.
    offset=True (Gemma): scaled by 1 + weight, in float32 before the cast, as Hugging Face Gemma does."""

    def __init__(self, dim: int, eps: float = 1e-6, offset: bool = False) -> None:
        super().__init__()
        self.eps = eps
        self.offset = offset
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: Tensor) -> Tensor:
        if self.offset:
            normed = F.rms_norm(x.float(), self.weight.shape, eps=self.eps)
            return (normed * (1.0 + self.weight.float())).to(x.dtype)
        if x.dtype == torch.float32 and self.weight.dtype == torch.float32:
            return F.rms_norm(x, self.weight.shape, self.weight, self.eps)  # one fused op
        normed = F.rms_norm(x.float(), self.weight.shape, eps=self.eps)
        return self.weight * normed.to(x.dtype)  # Hugging Face's order for low precision


def rope_inv_freq(args: ModelArgs) -> Tensor:
    """Inverse RoPE frequencies [head_dim // 2], with linear or llama3 scaling applied."""
    dim = args.head_dim
    inv_freq = 1.0 / (args.rope_theta ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    scaling = args.rope_scaling
    if not scaling:
        return inv_freq
    factor = float(scaling["factor"])
    if scaling["rope_type"] == "linear":
        return inv_freq / factor
    # llama3: long wavelengths are slowed by `factor`, short ones kept, the band between blended.
    low_freq_factor = float(scaling["low_freq_factor"])
    high_freq_factor = float(scaling["high_freq_factor"])
    old_context = float(scaling["original_max_position_embeddings"])
    low_freq_wavelen = old_context / low_freq_factor
    high_freq_wavelen = old_context / high_freq_factor
    wavelen = 2 * math.pi / inv_freq
    scaled = torch.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    smooth = (old_context / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    smoothed = (1 - smooth) * scaled / factor + smooth * scaled
    is_medium = ~(wavelen < high_freq_wavelen) & ~(wavelen > low_freq_wavelen)
    return torch.where(is_medium, smoothed, scaled)


def rope_table(args: ModelArgs, length: int) -> Tensor:
    """cos and sin for positions 0..length-1: [2, length, head_dim], float32 (rotate-half layout)."""
    inv_freq = rope_inv_freq(args)
    positions = torch.arange(length, dtype=torch.float32)
    freqs = torch.outer(positions, inv_freq)  # [L, D/2]
    emb = torch.cat((freqs, freqs), dim=-1)  # [L, D]
    return torch.stack((emb.cos(), emb.sin()))


def apply_rope(x: Tensor, cos: Tensor, sin: Tensor) -> Tensor:
    # x: [B, H, S, D] float32, cos/sin: [S, D]; Hugging Face's rotate_half convention
    half = x.shape[-1] // 2
    rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
    return x * cos + rotated * sin


class Attention(nn.Module):
    def __init__(self, args: ModelArgs, window: int | None = None) -> None:
        super().__init__()
        self.n_head, self.n_kv_heads, self.head_dim = args.n_head, args.n_kv_heads, args.head_dim
        self.window = window  # this layer's sliding window (Transformer.forward builds its mask)
        self.scale = (args.query_pre_attn_scalar or args.head_dim) ** -0.5
        self.softcap = args.attn_logit_softcapping  # None, or scores capped: SDPA is never used
        qkv_dim = (args.n_head + 2 * args.n_kv_heads) * args.head_dim
        self.wqkv = Linear(args.dim, qkv_dim, bias=args.attention_bias)  # q, k, v fused
        self.wo = Linear(args.n_head * args.head_dim, args.dim, bias=args.attention_out_bias)
        self.q_norm = RMSNorm(args.head_dim, args.norm_eps) if args.qk_norm else None
        self.k_norm = RMSNorm(args.head_dim, args.norm_eps) if args.qk_norm else None
        self.kv_cache: KVCache | None = None
        # attention over the cache that computes each query the same however many a forward has
        # (use_inference_layout(exact_batches=True)): exact_attention over a float32 cache, or
        # float64 sums over a float64 cache where this machine's BLAS fails exact_attention's check
        self.exact = False

    def forward(self, x: Tensor, cos: Tensor, sin: Tensor, mask: Tensor | None,
                input_pos: Tensor | None, kv_len: int, exact: bool = False,
                prompt_dtype: torch.dtype | None = None) -> Tensor:  # fmt: skip
        # x: [B, S, dim]; cos/sin: [S, D]; kv_len: how many cached keys to attend to.
        # mask: [S, kv_len] bool (True = may attend; [B, 1, S, S] for document masking without a
        # cache), or None: with one query, every key; with
        # more, causal from position 0 (Transformer.forward only passes None in those cases).
        # exact: decoding or a verify by exact_attention, and mask is its exact_mask.
        # prompt_dtype: a bfloat16 model's prompt prefill (Transformer.forward), which attends by
        # SDPA in bfloat16 (sums in float32), 2.5x faster than float32 flash attention on 512 tokens.
        bsz, seqlen, _ = x.shape
        h, h_kv, d = self.n_head, self.n_kv_heads, self.head_dim
        qkv = self.wqkv(x).float()  # [B, S, (H + 2 H_kv) * D]; float32 from here on (see top)
        qk = qkv[..., : (h + h_kv) * d].view(bsz, seqlen, h + h_kv, d)
        v = qkv[..., (h + h_kv) * d :].view(bsz, seqlen, h_kv, d).transpose(1, 2)  # [B, H_kv, S, D]
        if self.q_norm is not None:
            qk = torch.cat([self.q_norm(qk[:, :, :h]), self.k_norm(qk[:, :, h:])], dim=2)
        qk = apply_rope(qk.transpose(1, 2), cos, sin)  # q and k rotated in one go: [B, H + H_kv, S, D]
        q, k = qk[:, :h], qk[:, h:]  # [B, H, S, D], [B, H_kv, S, D]

        if input_pos is None:
            # no cache (training, a reference forward): SDPA (soft-capped: kernels.softcapped_attention)
            # over the whole sequence, causal or with the sliding-window mask
            y = self._attend(q, k, v, mask)
        else:
            k_all, v_all = self.kv_cache.update(input_pos, k, v)
            if prompt_dtype is not None and k_all.dtype == torch.float32:
                # every row of a prompt alike, from position 0 (causal flash attention) or after
                # a reused prefix (the position mask over the cache): an empty cache and a reused
                # one give the same rows, kernel for kernel
                if mask is None and seqlen > 1:
                    y = self._attend(q.to(prompt_dtype), k.to(prompt_dtype), v.to(prompt_dtype), None)
                else:
                    k, v = k_all[:bsz, :, :kv_len].to(prompt_dtype), v_all[:bsz, :, :kv_len].to(prompt_dtype)
                    y = F.scaled_dot_product_attention(q.to(prompt_dtype), k, v, attn_mask=mask,
                                                       enable_gqa=h != h_kv, scale=self.scale)  # fmt: skip
                y = y.float()
            elif mask is None and seqlen > 1:
                # a long prefill from position 0: SDPA's causal flash attention (or soft-capped
                # attention) over this forward's own keys and values
                y = self._attend(q, k, v, None)
            elif exact:
                # exact layout, float32 cache (decoding, a speculative verify): exact_attention,
                # the same bits for a query whether it comes alone or with k others
                y = exact_attention(q, k_all, v_all, mask, kv_len - seqlen, self.scale, self.softcap)  # positions kv_len - S ..
            else:
                # everything else attends over the cache up to kv_len: decoding and verifies of a
                # layout that is not exact (a draft model), a short prefill from 0, and an exact
                # layout whose BLAS fails exact_attention_holds() (float64 cache)
                k, v = k_all[:bsz, :, :kv_len], v_all[:bsz, :, :kv_len]  # [B, H_kv, L, D]
                if k.dtype == torch.float64:
                    # float64 fallback: float64 sums over float32 inputs (products exact), so k
                    # queries at once round to the float32 of k single queries (in float32, BLAS
                    # sums in an order set by the number of rows; in float64 the orders differ
                    # by ~1e-16)
                    q = q.double()
                if seqlen <= SMALL_QUERY:  # few queries: three plain ops (kernels.SMALL_QUERY)
                    y = small_query_attention(q, k, v, mask, self.scale, self.softcap).float()
                elif self.softcap is not None:
                    y = softcapped_attention(q, k, v, mask, self.scale, self.softcap).float()
                else:  # a long verify, or a prefill after position 0: SDPA with the position mask
                    y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=h != h_kv,
                                                       scale=self.scale).float()  # fmt: skip
        y = y.transpose(1, 2).reshape(bsz, seqlen, h * d)  # [B, S, H * D]
        return self.wo(y.to(x.dtype))

    def _attend(self, q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None) -> Tensor:
        # q: [B, H, S, D], k/v: [B, H_kv, S, D] (this forward's own keys); mask: bool, None = causal
        if self.softcap is not None:  # SDPA cannot cap the scores
            if mask is None:
                mask = torch.ones(q.shape[2], k.shape[2], dtype=torch.bool, device=q.device).tril()
            return softcapped_attention(q, k, v, mask, self.scale, self.softcap)
        gqa = self.n_head != self.n_kv_heads
        if mask is None:
            return F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=gqa, scale=self.scale)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=gqa, scale=self.scale)


class FeedForward(nn.Module):
    def __init__(self, args: ModelArgs) -> None:
        super().__init__()
        self.intermediate_size = args.intermediate_size
        self.gelu = args.hidden_act == GEMMA2_ACTIVATION  # GeGLU (Gemma 2), else SwiGLU
        self.w13 = Linear(args.dim, 2 * args.intermediate_size, bias=False)  # gate, up fused
        self.w2 = Linear(args.intermediate_size, args.dim, bias=False)  # down

    def forward(self, x: Tensor) -> Tensor:
        gate, up = self.w13(x).chunk(2, dim=-1)
        gate = rowwise(_gelu_tanh if self.gelu else F.silu, gate)  # a verify's rows as one-token steps' (see rowwise)
        return self.w2(gate * up)


def _gelu_tanh(x: Tensor) -> Tensor:
    return F.gelu(x, approximate="tanh")


class TransformerBlock(nn.Module):
    def __init__(self, args: ModelArgs, layer: int = 0) -> None:
        super().__init__()
        self.attention = Attention(args, args.layer_window(layer))
        self.feed_forward = FeedForward(args)
        self.attention_norm = RMSNorm(args.dim, args.norm_eps, args.norm_offset)
        self.ffn_norm = RMSNorm(args.dim, args.norm_eps, args.norm_offset)
        # Gemma 2: the attention's and the MLP's outputs are normed too, before the residual add
        self.post_attention_norm = RMSNorm(args.dim, args.norm_eps, args.norm_offset) if args.sandwich_norms else None
        self.post_ffn_norm = RMSNorm(args.dim, args.norm_eps, args.norm_offset) if args.sandwich_norms else None

    def forward(self, x: Tensor, cos: Tensor, sin: Tensor, mask: Tensor | None,
                input_pos: Tensor | None, kv_len: int, exact: bool = False,
                prompt_dtype: torch.dtype | None = None) -> Tensor:  # fmt: skip
        y = self.attention(self.attention_norm(x), cos, sin, mask, input_pos, kv_len, exact, prompt_dtype)
        h = x + (y if self.post_attention_norm is None else self.post_attention_norm(y))
        y = self.feed_forward(self.ffn_norm(h))
        return h + (y if self.post_ffn_norm is None else self.post_ffn_norm(y))


class Transformer(nn.Module):
    def __init__(self, args: ModelArgs) -> None:
        super().__init__()
        self.args = args
        self.tok_embeddings = Embedding(args.vocab_size, args.dim)
        self.layers = nn.ModuleList(TransformerBlock(args, i) for i in range(args.n_layer))
        self.norm = RMSNorm(args.dim, args.norm_eps, args.norm_offset)
        self.output = Linear(args.dim, args.vocab_size, bias=False)
        if args.tie_word_embeddings:
            self.output.weight = self.tok_embeddings.weight
        self.max_batch_size = 0
        self.max_seq_length = 0
        # False (eager, fastest): attend only up to the last position, read from input_pos.
        # True (for torch.compile): attend over the whole cache with a mask, shapes never change.
        self.static_shapes = False
        # cos/sin table [2, L, head_dim], float32 whatever the weights' dtype: a plain attribute,
        # not a buffer, so that model.to(torch.bfloat16) leaves it alone. Grown on demand.
        self.rope = torch.empty(2, 0, args.head_dim)
        # Prefix reuse (LocalBackend turns it on): a prefill from position 0 (a last_only forward of
        # one row) computes only the tokens after the longest prefix the cache already holds. The
        # cache's first `cached_length` positions hold the K/V of `cached_tokens[:cached_length]`:
        # every eager forward at a cache records what it wrote, and its end is where what it wrote
        # stops being valid (the compiled decode step writes only past a prefill's end).
        self.prefix_reuse = False
        self.cached_tokens = torch.empty(0, dtype=torch.long, device="cpu")  # [max_seq] batch row 0's token ids
        self.cached_length = 0
        self.reused_tokens = 0  # how many prompt tokens the last prefill took from the cache

    @property
    def config(self) -> ModelArgs:
        """The ModelArgs (alias, for code that reads model.config.max_position_embeddings)."""
        return self.args

    def init_weights(self, std: float = 0.02) -> None:
        """Normal(0, std) for matrices and embeddings, zero biases, unit norms (for training)."""
        for module in self.modules():
            if isinstance(module, nn.Linear):
                nn.init.normal_(module.weight, mean=0.0, std=std)
                if module.bias is not None:
                    nn.init.zeros_(module.bias)
            elif isinstance(module, nn.Embedding):
                nn.init.normal_(module.weight, mean=0.0, std=std)
            elif isinstance(module, RMSNorm):  # a unit scale: 1, or 1 + 0 (Gemma)
                (nn.init.zeros_ if module.offset else nn.init.ones_)(module.weight)

    @torch.no_grad()
    def use_inference_layout(self, exact_batches: bool = True) -> Transformer:
        """Lay the linear weights out for batch-1 decoding (same values, names and shapes); returns self.

        Float32: each weight stored column-major. F.linear(x, W) multiplies by W.t(); when W.t()
        is contiguous that is a plain [B*S, in] @ [in, out] matmul, which BLAS runs faster for
        one row than the transposed product on a row-major W. The tied output
        matrix is left alone: it is the embedding table, read by rows.
        Bfloat16: each Linear also keeps a decoding copy (Linear.pack), tied output included:
        oneDNN-packed bfloat16, which computes each row the same however many rows a forward
        has, so speculative verification reproduces one-token decoding exactly (a target). With
        exact_batches=False small matrices get a float32 copy instead, a few microseconds
        faster per product and not row-count-exact (a draft model). This costs a second copy
        of the weights' memory (twice that for the float32 ones).
        checkpoint.load_model calls it.
        """
        exact = exact_batches and self.output.weight.dtype == torch.bfloat16 and can_pack_bfloat16()
        for layer in self.layers:  # float32 weights: BLAS sums rows in an order set by their count anyway
            layer.attention.exact = exact
        for module in self.modules():
            if not isinstance(module, nn.Linear):
                continue
            if module.weight.dtype == torch.bfloat16 and isinstance(module, Linear):
                module.exact_batches = exact_batches
                module.pack()
            if module.weight is self.tok_embeddings.weight or module.weight.dtype != torch.float32:
                continue
            if not module.weight.t().is_contiguous():
                column_major = module.weight.detach().t().contiguous().t()
                module.weight = nn.Parameter(column_major, requires_grad=module.weight.requires_grad)
        return self

    def _rope_for(self, length: int) -> Tensor:
        device = self.tok_embeddings.weight.device
        if self.rope.shape[1] < length or self.rope.device != device:
            self.rope = rope_table(self.args, max(length, self.rope.shape[1])).to(device)
        return self.rope

    def setup_caches(self, max_batch_size: int, max_seq_length: int, dtype: torch.dtype | None = None) -> None:
        """Allocate a KV cache per layer for up to max_batch_size rows and max_seq_length positions
        (float32, or float64 for an exact layout where exact_attention_holds() is False; an exact
        layout's cache is a whole number of EXACT_BLOCK positions long, see exact_attention)."""
        exact = self.layers[0].attention.exact
        if dtype is None:
            dtype = torch.float64 if exact and not exact_attention_holds(self.args.head_dim) else torch.float32
        cache = self.layers[0].attention.kv_cache
        if (self.max_batch_size >= max_batch_size and self.max_seq_length == max_seq_length
                and cache is not None and cache.k_cache.dtype == dtype):  # fmt: skip
            return
        device = self.tok_embeddings.weight.device  # (an int4 output matrix may hold only its packed copy)
        self.max_batch_size, self.max_seq_length = max_batch_size, max_seq_length
        length = -(-max_seq_length // EXACT_BLOCK) * EXACT_BLOCK if exact else max_seq_length  # whole blocks
        kept = min(self.cached_length, length) if self.prefix_reuse and cache is not None else 0
        for layer in self.layers:
            old = layer.attention.kv_cache
            layer.attention.kv_cache = KVCache(
                max_batch_size, length, self.args.n_kv_heads, self.args.head_dim, dtype
            ).to(device)
            if kept:  # a larger cache keeps the prefix the old one held
                layer.attention.kv_cache.k_cache[:1, :, :kept] = old.k_cache[:1, :, :kept]
                layer.attention.kv_cache.v_cache[:1, :, :kept] = old.v_cache[:1, :, :kept]
        tokens = torch.zeros(length, dtype=torch.long, device="cpu")
        tokens[:kept] = self.cached_tokens[:kept]
        self.cached_tokens, self.cached_length = tokens, kept
        self._rope_for(max_seq_length)

    def clear_caches(self) -> None:
        """Drop the KV caches (frees their memory); forward with input_pos needs setup_caches again."""
        for layer in self.layers:
            layer.attention.kv_cache = None
        self.max_batch_size = self.max_seq_length = 0
        self.cached_length = 0

    def _track_cache(self, idx: Tensor, input_pos: Tensor, last_only: bool) -> tuple[Tensor, Tensor]:
        """Record what this forward writes to the cache; for a prefill from 0 with prefix reuse on,
        drop the leading tokens the cache already holds (at least the last one is computed)."""
        start, end = int(input_pos[0]), int(input_pos[-1]) + 1
        if idx.shape[0] != 1 or end > self.cached_tokens.shape[0]:
            self.cached_length = 0  # a batch (or a cache set up elsewhere): nothing is tracked
            return idx, input_pos
        reused = 0
        if self.prefix_reuse and last_only and start == 0 and idx.shape[1] > 1:
            known = min(self.cached_length, idx.shape[1] - 1)
            differs = (self.cached_tokens[:known] != idx[0, :known].cpu()).nonzero()
            reused = int(differs[0]) if len(differs) else known
            idx, input_pos, start = idx[:, reused:], input_pos[reused:], reused
            self.reused_tokens = reused
        elif last_only and start == 0:
            self.reused_tokens = 0
        self.cached_tokens[start:end] = idx[0].cpu()
        if start <= self.cached_length:  # past a gap (positions written untracked) nothing more is known
            self.cached_length = end
        return idx, input_pos

    def _exact_attention(self) -> bool:
        """Whether decoding and verification attend by exact_attention (an exact layout, float32 cache)."""
        attention = self.layers[0].attention
        return attention.exact and attention.kv_cache.k_cache.dtype == torch.float32

    def forward(self, idx: Tensor, input_pos: Tensor | None = None, last_only: bool = False,
                segments: Tensor | None = None) -> Tensor:  # fmt: skip
        # idx: [B, S] token ids; input_pos: [S] absolute positions (with caches) or None.
        # segments: [B, S] (no caches only): a token attends only to earlier tokens of its own
        # segment, as packed training rows of several examples use it (document masking)
        # a prompt's prefill (from position 0, the last logits wanted) in a bfloat16 model attends
        # in bfloat16, as transformers does, every row of it (after a reused prefix too): see
        # Attention.forward. Decoding and verification attend in float32 as before.
        prompt_dtype = None
        if input_pos is not None and not self.static_shapes:
            if last_only and self.args.attn_logit_softcapping is None and int(input_pos[0]) == 0:
                weights = self.tok_embeddings.weight.dtype
                prompt_dtype = weights if weights in (torch.bfloat16, torch.float16) else None
            idx, input_pos = self._track_cache(idx, input_pos, last_only)
        bsz, seqlen = idx.shape
        exact = False
        windows = {layer.attention.window for layer in self.layers}  # one or two (Gemma 2: every other layer)
        if input_pos is None:
            rope = self._rope_for(seqlen)
            cos, sin = rope[0, :seqlen], rope[1, :seqlen]
            kv_len = seqlen
            pos = torch.arange(seqlen, device=idx.device)

            def mask_for(window: int | None) -> Tensor | None:
                if (window is None or seqlen <= window) and segments is None:
                    return None
                diff = pos[:, None] - pos[None, :]  # [S, S] query minus key position
                mask = diff >= 0
                if window is not None:
                    mask = mask & (diff < window)
                if segments is not None:  # [B, 1, S, S]: the heads broadcast
                    mask = (mask & (segments[:, :, None] == segments[:, None, :]))[:, None]
                return mask
        elif self.static_shapes:  # every shape fixed by the cache, no host sync: torch.compile
            kv_len = self.max_seq_length
            cos, sin = self.rope[0, input_pos], self.rope[1, input_pos]
            key_pos = torch.arange(kv_len, device=idx.device)

            def mask_for(window: int | None) -> Tensor | None:
                mask = key_pos[None, :] <= input_pos[:, None]  # [S, max_seq]
                if window is not None:
                    mask &= input_pos[:, None] - key_pos[None, :] < window
                return mask
        else:
            assert self.max_seq_length > 0, "call setup_caches(max_batch_size, max_seq_length) first"
            assert bsz <= self.max_batch_size, f"batch {bsz} > max_batch_size {self.max_batch_size}"
            kv_len = int(input_pos[-1]) + 1  # positions increase; keys past the last are stale
            assert kv_len <= self.max_seq_length, f"position {kv_len - 1} >= max_seq_length {self.max_seq_length}"
            start = kv_len - seqlen  # positions are contiguous: input_pos == arange(start, kv_len)
            cos, sin = self.rope[0, start:kv_len], self.rope[1, start:kv_len]
            # None (no mask) for one query, or for a long prefill from 0 (SDPA's own causal path)
            # (a prefill after a reused prefix, last_only, matches nothing row by row: SDPA's mask path)
            exact = (prompt_dtype is None and (start > 0 or seqlen == 1) and not (last_only and seqlen > SMALL_QUERY)
                     and self._exact_attention())  # fmt: skip

            def mask_for(window: int | None) -> Tensor | None:
                windowed = window is not None and kv_len > window
                if exact:  # decoding or a verify: every query computed as it would be alone
                    n_rep = self.args.n_head // self.args.n_kv_heads
                    return exact_mask(input_pos, n_rep, window, exact_rows(self.args.head_dim))
                if windowed or (seqlen > 1 and (start > 0 or seqlen <= SMALL_QUERY)):
                    # causal mask from positions: query at p sees keys at positions <= p
                    key_pos = torch.arange(kv_len, device=idx.device)
                    mask = key_pos[None, :] <= input_pos[:, None]  # [S, L]
                    if windowed:
                        mask &= input_pos[:, None] - key_pos[None, :] < window
                    return mask
                return None
        masks = {window: mask_for(window) for window in windows}
        x = self.tok_embeddings(idx)  # [B, S, dim]
        if self.args.embedding_scale:  # Gemma: sqrt(dim) in the embeddings' dtype, as Hugging Face rounds it
            x = x * torch.tensor(self.args.dim**0.5, dtype=x.dtype)
        # a prefill (only the last position's logits wanted) or a forward without a cache: no row
        # has to match a one-token step, so int8 layers may use their faster kernel for many rows
        with bulk_products(last_only or input_pos is None):
            for layer in self.layers:
                x = layer(x, cos, sin, masks[layer.attention.window], input_pos, kv_len, exact, prompt_dtype)
            if last_only:
                x = x[:, -1:]
            logits = self.output(self.norm(x))  # [B, S or 1, vocab]
        if self.args.final_logit_softcapping is not None:  # Gemma 2
            logits = softcap(logits, self.args.final_logit_softcapping)
        return logits

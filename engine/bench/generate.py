"""`specdraft bench generate`: our engine's plain decoding against transformers' generate().

Shared helpers for the benchmarks: ``args_for_size``, ``random_checkpoint``, ``count_params``,
``MemoryProbe``, ``median``.

For each checkpoint directory (--model) or random checkpoint of a given size
(--size 1M 5M 20M; vocab --vocab, saved in Hugging Face layout), a prompt of --context tokens,
greedy decoding of --new-tokens tokens at batch 1 by our engine and by transformers' generate()
on the same weights, in the same process, alternating, --repeats times. Reports prefill and
decode tokens/s (best of the repeats, and the median; decode timed from the first new token to
the last), the ratio ours / transformers, peak memory (VmHWM, reset through /proc/self/clear_refs), and
whether the tokens are identical (else how many leading tokens agree). --compile adds a torch.compile run of our decode step.

Beside each engine's time per token stands this machine's floor for the model: the bytes a
decode step must read (every weight matrix once, and the KV cache of the positions attended)
over the memory bandwidth of a large tensor copy (GB/s = 2 * bytes / time), measured in every
round of the same run, between the engines' turns, so that the floor sees the same load.
--dtype takes several dtypes: every model is measured in each, one table. Under each model, a
"products only" row: the time of a step's matrix products alone, through the layout's own
kernels (``products_ms``), the part of a step's distance from the floor that its kernels set.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from specdraft.engine.errors import EngineError
from specdraft.engine.options import DTYPES

# ---------------------------------------------------------------------------------------------
# shared helpers


def parse_size(text: str) -> int:
    """'20M' -> 20_000_000, '500k' -> 500_000, '1.5M', or a plain number."""
    units = {"k": 1_000, "m": 1_000_000, "b": 1_000_000_000}
    text = text.strip().lower()
    try:
        if text and text[-1] in units:
            return int(float(text[:-1]) * units[text[-1]])
        return int(float(text))
    except ValueError:
        raise EngineError(f"cannot read the size {text!r}: write e.g. 1M, 5M, 20M or 500k") from None


# The shapes of real checkpoints (their config.json, the keys ModelArgs reads), for random-weight
# benchmarks at real sizes: `--shape qwen2.5-coder-0.5b`. Vocabularies of 151,936 and 128,256
# tokens, tied embeddings, q/k/v biases (Qwen2), grouped-query attention.
SHAPES: dict[str, dict] = {
    "qwen2.5-coder-0.5b": {
        "architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "vocab_size": 151936,
        "hidden_size": 896, "intermediate_size": 4864, "num_hidden_layers": 24,
        "num_attention_heads": 14, "num_key_value_heads": 2, "rms_norm_eps": 1e-6,
        "rope_theta": 1000000.0, "max_position_embeddings": 32768, "tie_word_embeddings": True,
        "hidden_act": "silu", "bos_token_id": 151643, "eos_token_id": 151643,
    },
    "qwen2.5-coder-1.5b": {
        "architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "vocab_size": 151936,
        "hidden_size": 1536, "intermediate_size": 8960, "num_hidden_layers": 28,
        "num_attention_heads": 12, "num_key_value_heads": 2, "rms_norm_eps": 1e-6,
        "rope_theta": 1000000.0, "max_position_embeddings": 32768, "tie_word_embeddings": True,
        "hidden_act": "silu", "bos_token_id": 151643, "eos_token_id": 151643,
    },
    "llama-3.2-1b": {
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "vocab_size": 128256,
        "hidden_size": 2048, "intermediate_size": 8192, "num_hidden_layers": 16,
        "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 64, "rms_norm_eps": 1e-5,
        "rope_theta": 500000.0, "max_position_embeddings": 131072, "tie_word_embeddings": True,
        "rope_scaling": {"rope_type": "llama3", "factor": 32.0, "low_freq_factor": 1.0,
                         "high_freq_factor": 4.0, "original_max_position_embeddings": 8192},
        "hidden_act": "silu", "bos_token_id": 128000, "eos_token_id": 128001,
    },
}  # fmt: skip


def shape_args(name: str):
    """The ModelArgs of a real checkpoint's shape (SHAPES); EngineError naming the known ones."""
    from specdraft.engine.model import ModelArgs

    if name not in SHAPES:
        raise EngineError(f"unknown shape {name!r}: use one of {', '.join(SHAPES)}")
    return ModelArgs.from_hf_config(SHAPES[name])


def to_dtype(model, dtype: str):
    """A freshly built float32 Transformer in `dtype`, laid out as checkpoint.load_model lays it out
    (int8: specdraft.engine.quant.quantize_model)."""
    import torch

    if dtype in ("int8", "int4"):
        from specdraft.engine.quant import quantize_model

        return quantize_model(model, bits=int(dtype[3:]))
    return model.to(getattr(torch, dtype)).use_inference_layout()


def count_params(model, embeddings: bool = False) -> int:
    """Parameters of a Transformer, without the embedding and output matrices unless asked (from
    its shapes: an int8 model holds its matrices as buffers)."""
    import math

    from specdraft.engine.checkpoint import hf_tensor_shapes

    shapes = hf_tensor_shapes(model.args)
    if not embeddings:
        shapes = {k: v for k, v in shapes.items() if k not in ("model.embed_tokens.weight", "lm_head.weight")}
    return sum(math.prod(shape) for shape in shapes.values())


def matmul_gflops(dtype: str, rows: int = 512, width: int = 2048, repeats: int = 3) -> float:
    """Multiply-add throughput (GFLOP/s, 2 per multiply-add) of a [rows, width] x [width, width]
    product in the kernel a prefill of this dtype uses (int8: bfloat16 where oneDNN has it, else
    float32), best of `repeats`: the floor of a prefill."""
    import torch

    from specdraft.engine.kernels import can_pack_bfloat16

    quantized = dtype in ("int8", "int4")
    torch_dtype = torch.bfloat16 if dtype == "bfloat16" or (quantized and can_pack_bfloat16()) else torch.float32
    a, b = torch.randn(rows, width, dtype=torch_dtype), torch.randn(width, width, dtype=torch_dtype)
    torch.nn.functional.linear(a, b)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        torch.nn.functional.linear(a, b)
        best = min(best, time.perf_counter() - start)
    return 2 * rows * width * width / best / 1e9


def verify_curve(model, idx, max_k: int = 32, repeats: int = 3) -> dict[int, float]:
    """Milliseconds of one target forward over k tokens after the prompt (a speculative verify of
    k - 1 drafted tokens and the last one), k = 1..max_k, best of `repeats`."""
    import torch

    context = idx.shape[1]
    extra = torch.randint(0, model.args.vocab_size, (1, max_k))
    curve = {}
    with torch.inference_mode():
        model.setup_caches(1, context + max_k)
        model(idx, torch.arange(context), last_only=True)
        for k in range(1, max_k + 1):
            best = float("inf")
            for _ in range(repeats):
                start = time.perf_counter()
                model(extra[:, :k], torch.arange(context, context + k))
                best = min(best, time.perf_counter() - start)
            curve[k] = round(best * 1e3, 2)
    return curve


def args_for_size(non_embedding_params: int, vocab_size: int = 4096, model_type: str = "llama",
                  max_position_embeddings: int = 4096):  # fmt: skip
    """A Llama-shaped ModelArgs with about this many non-embedding parameters.

    Widths from 64 up, head_dim 32 or 64, GQA with half as many K/V heads, SwiGLU width 3*dim;
    the depth (2..32 layers) that lands closest to the target, preferring 4..12 layers.
    """
    from specdraft.engine.model import ModelArgs

    best = None
    for dim in (64, 96, 128, 192, 256, 384, 512, 640, 768, 1024, 1536, 2048):
        head_dim = 32 if dim <= 256 else 64
        n_head = max(dim // head_dim, 1)
        n_kv = max(n_head // 2, 1)
        inter = 3 * dim
        per_layer = 2 * dim * dim + 2 * dim * n_kv * head_dim + 3 * dim * inter + 2 * dim
        layers = min(max(round(non_embedding_params / per_layer), 2), 32)
        error = abs(layers * per_layer + dim - non_embedding_params) / non_embedding_params
        penalty = 0 if 4 <= layers <= 12 else 0.5
        key = (error + penalty, -dim)
        if best is None or key < best[0]:
            best = (key, ModelArgs(model_type=model_type, vocab_size=vocab_size, dim=dim, n_layer=layers,
                                   n_head=n_head, n_kv_heads=n_kv, head_dim=head_dim, intermediate_size=inter,
                                   max_position_embeddings=max_position_embeddings, norm_eps=1e-5,
                                   rope_theta=10000.0))  # fmt: skip
    return best[1]


def random_checkpoint(args, directory: str | Path, seed: int = 0, std: float = 0.1) -> Path:
    """Save a random model with these ModelArgs in Hugging Face layout (no tokenizer)."""
    import torch

    from specdraft.engine.checkpoint import save
    from specdraft.engine.model import Transformer

    torch.manual_seed(seed)
    model = Transformer(args)
    model.init_weights(std)  # wider than 0.02, so that greedy argmax is far from ties
    return save(model, directory)


class MemoryProbe:
    """Peak resident memory of this process over a span: VmHWM after resetting it (Linux).

    `with MemoryProbe() as probe: ...` then probe.peak_mib is the high-water mark above the
    resident size at entry. Falls back to ru_maxrss (never reset; a lower bound) elsewhere.
    """

    def __enter__(self) -> MemoryProbe:
        self.start_kib = _proc_status("VmRSS")
        try:
            Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM to the current RSS
            self.resettable = True
        except OSError:
            self.resettable = False
        self.peak_mib = 0.0
        return self

    def __exit__(self, *exc) -> None:
        self.resident_mib = max(_proc_status("VmRSS") - self.start_kib, 0) / 1024  # still held at exit
        if self.resettable:
            self.peak_mib = max(_proc_status("VmHWM") - self.start_kib, 0) / 1024
        else:
            import resource

            self.peak_mib = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - self.start_kib, 0) / 1024


def _proc_status(key: str) -> int:
    """A kB figure from /proc/self/status (0 where there is no /proc)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


# ---------------------------------------------------------------------------------------------
# bench generate


def add_generate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", action="append", default=[], metavar="DIR",
                        help="a checkpoint directory to measure (repeatable)")  # fmt: skip
    parser.add_argument("--size", nargs="*", default=None, metavar="N",
                        help="random checkpoints of about N non-embedding parameters (default: 1M 5M 20M "
                             "when no --model is given)")  # fmt: skip
    parser.add_argument("--shape", nargs="+", default=[], choices=list(SHAPES), metavar="NAME",
                        help="random checkpoints of a real checkpoint's shape, one or more of %(choices)s")  # fmt: skip
    parser.add_argument("--vocab", type=int, default=4096, help="vocabulary of random checkpoints (4096)")
    parser.add_argument("--context", type=int, default=1000, help="prompt length in tokens (1000)")
    parser.add_argument("--new-tokens", type=int, default=64, help="tokens to decode (64)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per engine (3), taking turns")
    parser.add_argument("--dtype", nargs="+", default=["float32"], choices=DTYPES, metavar="DTYPE",
                        help="weights' dtype, one or more of %(choices)s (default float32); each model is "
                             "measured in each")  # fmt: skip
    parser.add_argument("--copy-mib", type=int, default=512,
                        help="size of the tensor copied to measure memory bandwidth (512 MiB: larger than "
                             "the caches, so it measures memory)")  # fmt: skip
    parser.add_argument("--threads", type=int, default=None,
                        help="torch threads for both engines (default: torch's choice)")  # fmt: skip
    parser.add_argument("--compile", action="store_true",
                        help="also measure our decode step under torch.compile (slow to compile)")  # fmt: skip
    parser.add_argument("--no-transformers", action="store_true", help="measure our engine only")
    parser.add_argument("--verify-curve", type=int, default=0, metavar="K",
                        help="also time one forward over k = 1..K tokens after the prompt (a speculative "
                             "verify) against a one-token step (default: none)")  # fmt: skip
    parser.add_argument("--json", metavar="FILE", default=None, help="also write the results as JSON")


def _hf_generate(hf_model, idx, new_tokens: int) -> tuple[list[int], float, float]:
    """transformers' greedy generate(); returns (tokens, prefill_s, decode_s) via a streamer."""
    import torch
    from transformers.generation.streamers import BaseStreamer

    class Clock(BaseStreamer):
        def __init__(self) -> None:
            self.times: list[float] = []

        def put(self, value) -> None:
            self.times.append(time.perf_counter())

        def end(self) -> None:
            pass

    clock = Clock()
    start = time.perf_counter()
    with torch.inference_mode():
        out = hf_model.generate(
            idx, attention_mask=torch.ones_like(idx), max_new_tokens=new_tokens, min_new_tokens=new_tokens,
            do_sample=False, streamer=clock, eos_token_id=None, pad_token_id=0,
        )  # fmt: skip
    # put() is called once with the prompt, then once per new token
    first, last = clock.times[1], clock.times[-1]
    return out[0, idx.shape[1] :].tolist(), first - start, last - first


def _ours_generate(model, idx, new_tokens: int, compile: bool = False) -> tuple[list[int], float, float]:
    """Our engine's plain decoding (generate_tokens), eager or with the compiled decode step."""
    from specdraft.engine.generate import GenerationStats, generate_tokens

    stats = GenerationStats()
    tokens = list(generate_tokens(model, idx, max_new_tokens=new_tokens, stats=stats, compile=compile))
    return tokens, stats.prefill_s, stats.decode_s


def copy_bandwidth(buffers: tuple, copies: int = 3) -> float:
    """Memory bandwidth in GB/s of the fastest of `copies` copies of one large tensor into another
    (2 * bytes / time: every byte is read once and written once)."""
    source, target = buffers
    best = float("inf")
    for _ in range(copies):
        start = time.perf_counter()
        target.copy_(source)
        best = min(best, time.perf_counter() - start)
    return 2 * source.numel() * source.element_size() / best / 1e9


def copy_buffers(mib: int) -> tuple:
    """Two float32 tensors of `mib` MiB each, touched once, for copy_bandwidth."""
    import torch

    source = torch.ones(mib * 1024 * 1024 // 4)
    return source, torch.zeros_like(source)


def decode_bytes(model, kv_positions: float) -> int:
    """Bytes one decode step of our engine reads at least: every weight matrix once (the
    decoding copy where there is one: kernels.Linear.pack), one embedding row, the norms, and
    the K and V of `kv_positions` cached positions in every layer (in the cache's dtype)."""
    import torch

    from specdraft.engine.kernels import Linear
    from specdraft.engine.quant import Int4Linear, Int8Embedding, Int8Linear

    total = 0
    for module in model.modules():
        if isinstance(module, Int4Linear):  # two weights a byte, a bfloat16 scale and offset a group
            total += module.width * module.out_features // 2 + 4 * module.scales.numel()
            total += 0 if module.bias is None else 4 * module.out_features
        elif isinstance(module, Int8Linear):  # int8 matrix, bfloat16 scales, float32 bias
            total += module.weight.numel() + 2 * module.out_features
            total += 0 if module.bias is None else 4 * module.out_features
        elif isinstance(module, Int8Embedding):
            total += module.embedding_dim + 2  # one row and its scale
        elif isinstance(module, torch.nn.Linear):
            weight = module.weight
            packed = getattr(module, "packed", None) if isinstance(module, Linear) else None
            size = packed.element_size() if packed is not None and packed.dtype == torch.float32 else weight.element_size()
            total += weight.numel() * size
            if module.bias is not None:
                total += module.bias.numel() * module.bias.element_size()
        elif isinstance(module, torch.nn.Embedding):
            total += module.weight.shape[1] * module.weight.element_size()  # one row
    norms = [p for name, p in model.named_parameters() if name.endswith("norm.weight")]
    total += sum(p.numel() * p.element_size() for p in norms)
    args = model.args
    cache = model.layers[0].attention.kv_cache
    element = cache.k_cache.element_size() if cache is not None else 4
    total += int(2 * args.n_layer * args.n_kv_heads * args.head_dim * kv_positions * element)
    return total


def products_ms(model, steps: int = 20, repeats: int = 5) -> float:
    """Milliseconds of one decode step's matrix products alone: every Linear of the model applied
    to one row, in the order a step calls them, through the layout's own kernels (oneDNN-packed
    bfloat16, column-major float32: kernels.Linear), best of `repeats` runs of `steps` steps.

    What a decode step of this layout cannot go below whatever else it does: set beside the
    floor, it tells how much of a step's distance from the floor is its products' kernels (the
    weights read at the speed those kernels read them) and how much everything else.
    """
    import torch

    from specdraft.engine.quant import Int4Linear, Int8Linear

    def row(m) -> torch.Tensor:  # quantized layers take float32 rows (an int4 one may hold no plain weight)
        floating = isinstance(m, torch.nn.Linear) and m.weight.is_floating_point()
        return torch.randn(1, 1, m.in_features).to(m.weight.dtype if floating else torch.float32)

    calls = [(m, row(m)) for m in model.modules() if isinstance(m, (torch.nn.Linear, Int8Linear, Int4Linear))]
    best = float("inf")
    with torch.no_grad():
        for module, row in calls:  # first calls (packing, oneDNN's primitives)
            module(row)
        for _ in range(repeats):
            start = time.perf_counter()
            for _ in range(steps):
                for module, row in calls:
                    module(row)
            best = min(best, (time.perf_counter() - start) / steps)
    return best * 1e3


def _measure_interleaved(engines: dict, repeats: int, context: int, new_tokens: int,
                         buffers: tuple | None = None) -> tuple[list[dict], list[float]]:  # fmt: skip
    """Time every engine `repeats` times, taking turns, so that they share the machine's load;
    with `buffers` (copy_buffers), the copy bandwidth too, once before every engine's turn.

    `engines` maps a label to (run(n_new_tokens) -> (tokens, prefill_s, decode_s), peak_mib).
    Returns the runs and the bandwidths (GB/s) measured.
    """
    prefill = {label: [] for label in engines}
    decode = {label: [] for label in engines}
    tokens = {}
    bandwidths: list[float] = []
    for _ in range(repeats):
        for label, (fn, _peak) in engines.items():
            if buffers is not None:
                bandwidths.append(copy_bandwidth(buffers))
            tokens[label], prefill_s, decode_s = fn(new_tokens)
            prefill[label].append(context / prefill_s)
            decode[label].append((new_tokens - 1) / decode_s)
    # best = the run least disturbed by other work on the machine; median for the typical run
    runs = [
        {
            "engine": label,
            "prefill_tokens_per_s": round(max(prefill[label]), 1),
            "decode_tokens_per_s": round(max(decode[label]), 1),
            "prefill_tokens_per_s_median": round(median(prefill[label]), 1),
            "decode_tokens_per_s_median": round(median(decode[label]), 1),
            "decode_tokens_per_s_runs": [round(v, 1) for v in decode[label]],
            "ms_per_token": round(1e3 / max(decode[label]), 3),
            "ms_per_token_median": round(1e3 / median(decode[label]), 3),
            "peak_mib": round(peak[0], 1),
            "resident_mib": round(peak[1], 1),
            "tokens": tokens[label],
        }
        for label, (_fn, peak) in engines.items()
    ]
    return runs, bandwidths


def _load_and_warm(load, run) -> tuple[object, tuple[float, float]]:
    """Load a model and run it once (8 new tokens): first-call costs are not decoding speed.
    Returns the model and (peak, still resident) MiB of loading plus that first generation."""
    with MemoryProbe() as probe:
        model = load()
        run(model, 8)
    return model, (probe.peak_mib, probe.resident_mib)


def bench_one(path: Path, name: str, options: argparse.Namespace, dtype: str, buffers: tuple | None) -> dict:
    import torch

    from specdraft.engine.checkpoint import load_model, read_args
    from specdraft.engine.generate import can_compile_decode

    torch.manual_seed(1)
    args = read_args(path)
    # a model with a shorter context (the builtin target's 1024) gets a prompt that fits
    context = min(options.context, args.max_position_embeddings - options.new_tokens)
    if context < 1:
        raise EngineError(f"{name}: {options.new_tokens} new tokens do not fit its context of "
                          f"{args.max_position_embeddings}; lower --new-tokens")  # fmt: skip
    idx = torch.randint(0, args.vocab_size, (1, context))
    model, peak = _load_and_warm(lambda: load_model(path, dtype=dtype),
                                 lambda m, n: _ours_generate(m, idx, n))  # fmt: skip
    engines = {"ours": (lambda n: _ours_generate(model, idx, n), peak)}
    result = {
        "model": name, "architecture": args.architecture, "non_embedding_params": count_params(model),
        "params": count_params(model, embeddings=True), "layers": args.n_layer, "dim": args.dim,
        "vocab": args.vocab_size, "context": context, "new_tokens": options.new_tokens,
        "dtype": dtype, "threads": torch.get_num_threads(), "repeats": options.repeats,
        # positions attended, on average over the decode steps: the prompt and half the new tokens
        "decode_bytes": decode_bytes(model, context + options.new_tokens / 2),
        "products_ms": round(products_ms(model), 3),
    }  # fmt: skip
    if options.compile:
        compiled_model = load_model(path, dtype=dtype)
        if can_compile_decode(compiled_model):  # not a target laid out for exact verification
            start = time.perf_counter()
            _ours_generate(compiled_model, idx, options.new_tokens, compile=True)  # compiles, at this cache size
            result["compile_s"] = round(time.perf_counter() - start, 1)
            engines["ours+compile"] = (lambda n: _ours_generate(compiled_model, idx, n, compile=True), (0.0, 0.0))
    if not options.no_transformers:
        from transformers import AutoModelForCausalLM
        from transformers.utils import logging as hf_logging

        hf_logging.set_verbosity_error()
        hf_dtype = torch.bfloat16 if dtype == "bfloat16" else torch.float32  # int8: against float32
        hf_model, hf_peak = _load_and_warm(
            lambda: AutoModelForCausalLM.from_pretrained(path, dtype=hf_dtype).eval(),
            lambda m, n: _hf_generate(m, idx, n),
        )
        engines["transformers"] = (lambda n: _hf_generate(hf_model, idx, n), hf_peak)
    runs, bandwidths = _measure_interleaved(engines, options.repeats, context, options.new_tokens, buffers)
    # the prefill's floor: two flops a weight of every layer for every prompt token, plus attention's
    # (q.k and p.v over the causal half), and the output matrix once, at the measured product speed
    flops = 2 * context * (result["non_embedding_params"] + context * args.n_layer * args.n_head * args.head_dim)
    flops += 2 * args.dim * args.vocab_size
    result["matmul_gflops"] = round(matmul_gflops(dtype), 1)
    result["prefill_floor_tokens_per_s"] = round(context / (flops / (result["matmul_gflops"] * 1e9)), 1)
    for run_ in runs:
        run_["prefill_x_floor"] = round(result["prefill_floor_tokens_per_s"] / run_["prefill_tokens_per_s"], 2)
    if options.verify_curve:
        curve = verify_curve(model, idx, options.verify_curve)
        result["verify_ms"] = curve
        result["verify_x_step"] = {k: round(ms / curve[1], 2) for k, ms in curve.items()}
    if bandwidths:
        # the floor: the bytes of a step over the bandwidth; best with the best, median with the median
        result["copy_gb_per_s"] = round(max(bandwidths), 2)
        result["copy_gb_per_s_median"] = round(median(bandwidths), 2)
        result["floor_ms"] = round(result["decode_bytes"] / max(bandwidths) / 1e6, 3)
        result["floor_ms_median"] = round(result["decode_bytes"] / median(bandwidths) / 1e6, 3)
        result["products_x_floor"] = round(result["products_ms"] / result["floor_ms"], 2)
        for run_ in runs:
            run_["x_floor"] = round(run_["ms_per_token"] / result["floor_ms"], 2)
            run_["x_floor_median"] = round(run_["ms_per_token_median"] / result["floor_ms_median"], 2)
    if not options.no_transformers:
        hf = runs[-1]
        for run_ in runs[:-1]:
            run_["decode_ratio"] = round(run_["decode_tokens_per_s"] / hf["decode_tokens_per_s"], 2)
            run_["decode_ratio_median"] = round(
                run_["decode_tokens_per_s_median"] / hf["decode_tokens_per_s_median"], 2
            )
            run_["prefill_ratio"] = round(run_["prefill_tokens_per_s"] / hf["prefill_tokens_per_s"], 2)
            run_["tokens_equal"] = run_["tokens"] == hf["tokens"]
            run_["tokens_common_prefix"] = _common_prefix(run_["tokens"], hf["tokens"])
    if "ours+compile" in engines:  # the compiled step decodes what the eager one does
        runs[1]["tokens_equal_eager"] = runs[1]["tokens"] == runs[0]["tokens"]
    for run_ in runs:
        run_.pop("tokens")
    result["runs"] = runs
    gc.collect()
    return result


@contextlib.contextmanager
def _int8_cache_in(directory: Path):
    """The int8 copies of the bench's random checkpoints go to its scratch directory, not the user's cache."""
    previous = os.environ.get("SPECDRAFT_CACHE_DIR")
    os.environ["SPECDRAFT_CACHE_DIR"] = str(directory / "cache")
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("SPECDRAFT_CACHE_DIR", None)
        else:
            os.environ["SPECDRAFT_CACHE_DIR"] = previous


def _common_prefix(a: list[int], b: list[int]) -> int:
    """How many leading tokens two generations share."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def format_table(results: list[dict]) -> str:
    header = (f"{'model':<27} {'dtype':<8} {'engine':<13} {'prefill tok/s':>13} {'decode tok/s':>12} "
              f"{'ms/token':>8} {'floor ms':>8} {'x floor':>7} {'median':>6} {'vs hf':>6} {'median':>6} "
              f"{'peak MiB':>8} {'same tokens':>11}")  # fmt: skip
    lines = [header, "-" * len(header)]
    for result in results:
        label = f"{result['model']} ({result['non_embedding_params'] / 1e6:.2f}M)"
        if result["context"] != results[0]["context"]:
            label = f"{result['model']} ({result['non_embedding_params'] / 1e6:.2f}M, ctx {result['context']})"
        floor = f"{result['floor_ms']:.2f}" if "floor_ms" in result else "-"
        for run_ in result["runs"]:
            ratio = f"{run_['decode_ratio']:.2f}" if "decode_ratio" in run_ else ""
            mratio = f"{run_['decode_ratio_median']:.2f}" if "decode_ratio_median" in run_ else ""
            x_floor = f"{run_['x_floor']:.2f}" if "x_floor" in run_ else ""
            mx_floor = f"{run_['x_floor_median']:.2f}" if "x_floor_median" in run_ else ""
            same = ""
            if "tokens_equal" in run_:  # else: the first N tokens agree
                same = "true" if run_["tokens_equal"] else f"first {run_['tokens_common_prefix']}"
            peak = f"{run_['peak_mib']:.1f}" if run_["peak_mib"] else "-"  # not measured for the compiled run
            lines.append(
                f"{label:<27} {result['dtype']:<8} {run_['engine']:<13} {run_['prefill_tokens_per_s']:>13.1f} "
                f"{run_['decode_tokens_per_s']:>12.1f} {run_['ms_per_token']:>8.3f} {floor:>8} {x_floor:>7} "
                f"{mx_floor:>6} {ratio:>6} {mratio:>6} {peak:>8} {same:>11}"
            )
            label, floor = "", ""
        x_floor = f"{result['products_x_floor']:.2f}" if "products_x_floor" in result else ""
        lines.append(f"{label:<27} {result['dtype']:<8} {'products only':<13} {'':>13} {'':>12} "
                     f"{result['products_ms']:>8.3f} {'':>8} {x_floor:>7}")  # fmt: skip
    return "\n".join(lines)


def run_generate(options: argparse.Namespace) -> int:
    import torch

    if options.threads:
        torch.set_num_threads(options.threads)
    if options.new_tokens < 2 or options.context < 1 or options.repeats < 1:
        raise EngineError("--new-tokens must be 2 or more, --context and --repeats 1 or more")
    dtypes = options.dtype if isinstance(options.dtype, list) else [options.dtype]
    shapes = getattr(options, "shape", []) or []
    sizes = options.size if options.size is not None else ([] if options.model or shapes else ["1M", "5M", "20M"])
    results = []
    buffers = copy_buffers(options.copy_mib) if options.copy_mib > 0 else None
    with tempfile.TemporaryDirectory(prefix="specdraft-bench-") as scratch, _int8_cache_in(Path(scratch)):
        targets: list[tuple[Path, str]] = []
        for size in sizes:
            args = args_for_size(parse_size(size), options.vocab,
                                 max_position_embeddings=max(4096, options.context + options.new_tokens))  # fmt: skip
            targets.append((random_checkpoint(args, Path(scratch) / size), f"random-{size}"))
        for shape in shapes:
            targets.append((random_checkpoint(shape_args(shape), Path(scratch) / shape), shape))
        for model_dir in options.model:
            from specdraft.engine.checkpoint import resolve_model_dir

            targets.append((resolve_model_dir(model_dir), model_dir))
        for dtype in dtypes:
            for path, name in targets:
                print(f"measuring {name} in {dtype} ...", file=sys.stderr, flush=True)
                results.append(bench_one(path, name, options, dtype, buffers))
    del buffers
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, batch 1, greedy, "
          f"context {options.context}, {options.new_tokens} new tokens; tokens/s and ms/token: best of "
          f"{options.repeats} interleaved runs (medians in the 'median' columns); peak MiB: load + first generation")  # fmt: skip
    if results and "copy_gb_per_s" in results[0]:
        best = max(r["copy_gb_per_s"] for r in results)
        typical = median([r["copy_gb_per_s_median"] for r in results])
        print(f"floor: bytes read per decode step (weights once, KV cache of the positions attended) over the "
              f"copy bandwidth of a {options.copy_mib} MiB tensor, measured before every turn: "
              f"{best:.1f} GB/s best, {typical:.1f} median")  # fmt: skip
    print(format_table(results))
    for result in results:
        print(f"{result['model']} {result['dtype']}: prefill floor {result['prefill_floor_tokens_per_s']:.0f} tokens/s "
              f"({result['matmul_gflops']:.0f} GFLOP/s products); prefill x floor: "
              + ", ".join(f"{r['engine']} {r['prefill_x_floor']:.2f}" for r in result["runs"]))  # fmt: skip
        if "verify_ms" in result:
            print("  verify of k tokens, ms (x one decode step): "
                  + ", ".join(f"{k}: {ms} ({result['verify_x_step'][k]}x)" for k, ms in result["verify_ms"].items()))
    print("products only: one decode step's matrix products alone (every Linear once on one row, the "
          "layout's kernels), best of 5; a step cannot go below it")  # fmt: skip
    if options.json:
        Path(options.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0

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
"""

from __future__ import annotations

import argparse
import gc
import json
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


def count_params(model, embeddings: bool = False) -> int:
    """Parameters of a Transformer, without the embedding and output matrices unless asked."""
    total = sum(p.numel() for p in model.parameters())  # a tied matrix counts once
    if embeddings:
        return total
    skip = model.tok_embeddings.weight.numel()
    if not model.args.tie_word_embeddings:
        skip += model.output.weight.numel()
    return total - skip


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
    parser.add_argument("--vocab", type=int, default=4096, help="vocabulary of random checkpoints (4096)")
    parser.add_argument("--context", type=int, default=1000, help="prompt length in tokens (1000)")
    parser.add_argument("--new-tokens", type=int, default=64, help="tokens to decode (64)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per engine (3), taking turns")
    parser.add_argument("--dtype", default="float32", choices=DTYPES)
    parser.add_argument("--threads", type=int, default=None,
                        help="torch threads for both engines (default: torch's choice)")  # fmt: skip
    parser.add_argument("--compile", action="store_true",
                        help="also measure our decode step under torch.compile (slow to compile)")  # fmt: skip
    parser.add_argument("--no-transformers", action="store_true", help="measure our engine only")
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


def _ours_generate(model, idx, new_tokens: int, step=None) -> tuple[list[int], float, float]:
    from specdraft.engine.generate import GenerationStats, generate_tokens

    stats = GenerationStats()
    tokens = list(generate_tokens(model, idx, max_new_tokens=new_tokens, stats=stats))
    return tokens, stats.prefill_s, stats.decode_s


def _ours_compiled(model, idx, new_tokens: int, compiled_step) -> tuple[list[int], float, float]:
    """Prefill eagerly, then decode with the compiled one-token step."""
    import torch

    from specdraft.engine.generate import Sampling, prefill

    with torch.inference_mode():
        prompt_len = idx.shape[1]
        if model.max_seq_length < prompt_len + new_tokens:  # a new cache size would recompile
            model.setup_caches(1, prompt_len + new_tokens)
        start = time.perf_counter()
        token = prefill(model, idx, torch.arange(prompt_len), Sampling())
        prefill_end = time.perf_counter()
        tokens = [int(token)]
        input_pos = torch.tensor([prompt_len])
        for _ in range(new_tokens - 1):
            token = compiled_step(token.view(1, 1), input_pos)
            tokens.append(int(token))
            input_pos += 1
        end = time.perf_counter()
    return tokens, prefill_end - start, end - prefill_end


def _measure_interleaved(engines: dict, repeats: int, context: int, new_tokens: int) -> list[dict]:
    """Time every engine `repeats` times, taking turns, so that they share the machine's load.

    `engines` maps a label to (run(n_new_tokens) -> (tokens, prefill_s, decode_s), peak_mib).
    """
    prefill = {label: [] for label in engines}
    decode = {label: [] for label in engines}
    tokens = {}
    for _ in range(repeats):
        for label, (fn, _peak) in engines.items():
            tokens[label], prefill_s, decode_s = fn(new_tokens)
            prefill[label].append(context / prefill_s)
            decode[label].append((new_tokens - 1) / decode_s)
    # best = the run least disturbed by other work on the machine; median for the typical run
    return [
        {
            "engine": label,
            "prefill_tokens_per_s": round(max(prefill[label]), 1),
            "decode_tokens_per_s": round(max(decode[label]), 1),
            "prefill_tokens_per_s_median": round(median(prefill[label]), 1),
            "decode_tokens_per_s_median": round(median(decode[label]), 1),
            "decode_tokens_per_s_runs": [round(v, 1) for v in decode[label]],
            "peak_mib": round(peak[0], 1),
            "resident_mib": round(peak[1], 1),
            "tokens": tokens[label],
        }
        for label, (_fn, peak) in engines.items()
    ]


def _load_and_warm(load, run) -> tuple[object, tuple[float, float]]:
    """Load a model and run it once (8 new tokens): first-call costs are not decoding speed.
    Returns the model and (peak, still resident) MiB of loading plus that first generation."""
    with MemoryProbe() as probe:
        model = load()
        run(model, 8)
    return model, (probe.peak_mib, probe.resident_mib)


def bench_one(path: Path, name: str, options: argparse.Namespace) -> dict:
    import torch

    from specdraft.engine.checkpoint import load_model, read_args
    from specdraft.engine.generate import Sampling, decode_one_token

    torch.manual_seed(1)
    args = read_args(path)
    if options.context + options.new_tokens > args.max_position_embeddings:
        raise EngineError(
            f"{name}: context {options.context} + {options.new_tokens} new tokens exceeds its "
            f"max_position_embeddings ({args.max_position_embeddings}); lower --context"
        )
    idx = torch.randint(0, args.vocab_size, (1, options.context))
    model, peak = _load_and_warm(lambda: load_model(path, dtype=options.dtype),
                                 lambda m, n: _ours_generate(m, idx, n))  # fmt: skip
    engines = {"ours": (lambda n: _ours_generate(model, idx, n), peak)}
    result = {
        "model": name, "architecture": args.architecture, "non_embedding_params": count_params(model),
        "params": count_params(model, embeddings=True), "layers": args.n_layer, "dim": args.dim,
        "vocab": args.vocab_size, "context": options.context, "new_tokens": options.new_tokens,
        "dtype": options.dtype, "threads": torch.get_num_threads(), "repeats": options.repeats,
    }  # fmt: skip
    if options.compile:
        compiled_model = load_model(path, dtype=options.dtype)
        compiled_model.static_shapes = True  # no host sync, fixed shapes: one graph for every step
        compiled = torch.compile(lambda tokens, pos: decode_one_token(compiled_model, tokens, pos, Sampling()))
        start = time.perf_counter()
        _ours_compiled(compiled_model, idx, options.new_tokens, compiled)
        result["compile_s"] = round(time.perf_counter() - start, 1)
        engines["ours+compile"] = (lambda n: _ours_compiled(compiled_model, idx, n, compiled), (0.0, 0.0))
    if not options.no_transformers:
        from transformers import AutoModelForCausalLM
        from transformers.utils import logging as hf_logging

        hf_logging.set_verbosity_error()
        dtype = torch.bfloat16 if options.dtype == "bfloat16" else torch.float32
        hf_model, hf_peak = _load_and_warm(
            lambda: AutoModelForCausalLM.from_pretrained(path, dtype=dtype).eval(),
            lambda m, n: _hf_generate(m, idx, n),
        )
        engines["transformers"] = (lambda n: _hf_generate(hf_model, idx, n), hf_peak)
    runs = _measure_interleaved(engines, options.repeats, options.context, options.new_tokens)
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
    for run_ in runs:
        run_.pop("tokens")
    result["runs"] = runs
    gc.collect()
    return result


def _common_prefix(a: list[int], b: list[int]) -> int:
    """How many leading tokens two generations share."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def format_table(results: list[dict]) -> str:
    header = (f"{'model':<22} {'engine':<14} {'prefill tok/s':>13} {'decode tok/s':>12} {'decode x':>8} "
              f"{'median x':>8} {'prefill x':>9} {'peak MiB':>9} {'held MiB':>9} {'same tokens':>11}")  # fmt: skip
    lines = [header, "-" * len(header)]
    for result in results:
        label = f"{result['model']} ({result['non_embedding_params'] / 1e6:.2f}M)"
        for run_ in result["runs"]:
            ratio = f"{run_['decode_ratio']:.2f}" if "decode_ratio" in run_ else ""
            mratio = f"{run_['decode_ratio_median']:.2f}" if "decode_ratio_median" in run_ else ""
            pratio = f"{run_['prefill_ratio']:.2f}" if "prefill_ratio" in run_ else ""
            same = ""
            if "tokens_equal" in run_:  # else: the first N tokens agree
                same = "true" if run_["tokens_equal"] else f"first {run_['tokens_common_prefix']}"
            peak = f"{run_['peak_mib']:.1f}" if run_["peak_mib"] else "-"  # not measured for the compiled run
            held = f"{run_['resident_mib']:.1f}" if run_["peak_mib"] else "-"
            lines.append(
                f"{label:<22} {run_['engine']:<14} {run_['prefill_tokens_per_s']:>13.1f} "
                f"{run_['decode_tokens_per_s']:>12.1f} {ratio:>8} {mratio:>8} {pratio:>9} {peak:>9} {held:>9} {same:>11}"
            )
            label = ""
    return "\n".join(lines)


def run_generate(options: argparse.Namespace) -> int:
    import torch

    if options.threads:
        torch.set_num_threads(options.threads)
    if options.new_tokens < 2 or options.context < 1 or options.repeats < 1:
        raise EngineError("--new-tokens must be 2 or more, --context and --repeats 1 or more")
    sizes = options.size if options.size is not None else ([] if options.model else ["1M", "5M", "20M"])
    results = []
    with tempfile.TemporaryDirectory(prefix="specdraft-bench-") as scratch:
        targets: list[tuple[Path, str]] = []
        for model_dir in options.model:
            from specdraft.engine.checkpoint import resolve_model_dir

            targets.append((resolve_model_dir(model_dir), model_dir))
        for size in sizes:
            args = args_for_size(parse_size(size), options.vocab,
                                 max_position_embeddings=max(4096, options.context + options.new_tokens))  # fmt: skip
            targets.append((random_checkpoint(args, Path(scratch) / size), f"random-{size}"))
        for path, name in targets:
            print(f"measuring {name} ...", file=sys.stderr, flush=True)
            results.append(bench_one(path, name, options))
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, {options.dtype}, batch 1, greedy, "
          f"context {options.context}, {options.new_tokens} new tokens; tokens/s: best of {options.repeats} "
          f"interleaved runs (median ratio alongside); MiB: peak of load + first generation, and held after")  # fmt: skip
    print(format_table(results))
    if options.json:
        Path(options.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0

"""`specdraft bench prefix`: what prefix reuse saves a session's prompts (Transformer.prefix_reuse).

A model of a real checkpoint's shape (random weights, --shape) reads a first prompt: an
instruction and a file of --lines lines of the standard library (the builtin tokenizer's tokens),
and writes --answer tokens. Then, as a session goes on: a redraft after a note (the first prompt,
the answer so far, a note), a retry of it, and the next window of the same file (the same head,
other lines). Each prompt is prefilled with the KV cache the one before left (reuse) and from an
empty cache (none), in one process, alternating; the table gives the tokens computed and the
seconds of each prefill, and the redraft's prompt work as a share of the first draft's.
"""

from __future__ import annotations

import argparse
import sys
import time

from specdraft.engine.bench.generate import SHAPES, shape_args, to_dtype
from specdraft.engine.errors import EngineError
from specdraft.engine.options import DTYPES

NOTE = "Keep the public names as they are, and use a dict instead of the if-chain."
INSTRUCTION = "Rewrite this file: add type hints to every function, change nothing else.\n\n"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--shape", choices=list(SHAPES), default="qwen2.5-coder-0.5b", help="default %(default)s")
    parser.add_argument("--dtype", choices=DTYPES, default="float32", help="default %(default)s")
    parser.add_argument("--lines", type=int, default=300, help="lines of the file in the prompt (300)")
    parser.add_argument("--answer", type=int, default=64, help="tokens of the first draft before the note (64)")
    parser.add_argument("--threads", type=int, default=None, help="torch threads")


def _file_lines(count: int) -> list[str]:
    import inspect
    import json

    lines = inspect.getsource(json.decoder).splitlines(keepends=True) + inspect.getsource(json.encoder).splitlines(
        keepends=True
    )
    if count > len(lines):
        raise EngineError(f"--lines {count}: the sample file has {len(lines)}")
    return lines


def run(args: argparse.Namespace) -> int:
    import torch

    from specdraft.engine import checkpoint
    from specdraft.engine.generate import generate

    if args.threads:
        torch.set_num_threads(args.threads)
    tokenizer = checkpoint.Tokenizer.from_dir(checkpoint.BUILTIN_DIR)
    lines = _file_lines(args.lines)
    encode = lambda text: tokenizer.encode(text, add_special_tokens=False)  # noqa: E731
    first = encode(INSTRUCTION + "".join(lines[: args.lines]))
    torch.manual_seed(0)
    model = to_dtype(_model(shape_args(args.shape), torch), args.dtype).eval()
    rows = []

    def measure(label: str, ids: list[int]) -> None:
        timings = {}
        with torch.inference_mode():
            for mode in ("none", "reuse"):  # none: from an empty cache, then the session's cache is put back
                model.prefix_reuse = mode == "reuse"
                if mode == "none":
                    saved = (model.cached_tokens.clone(), model.cached_length, _cache_copy(model))
                    model.clear_caches()
                model.setup_caches(1, len(ids) + args.answer + 8)
                start = time.perf_counter()
                model(torch.tensor([ids]), torch.arange(len(ids)), last_only=True)
                timings[mode] = (time.perf_counter() - start, len(ids) - model.reused_tokens)
                if mode == "none":
                    _cache_restore(model, *saved)
        rows.append((label, len(ids), timings))
        print(f"{label}: {len(ids)} tokens, {timings}", file=sys.stderr, flush=True)

    measure("first draft", first)
    model.prefix_reuse = True
    answer = generate(model, first, max_new_tokens=args.answer).tokens  # the first draft, decoded into the cache
    redraft = first + answer + encode("\n\nNote: " + NOTE + "\n")
    measure("redraft after a note", redraft)
    measure("retry", redraft)
    measure("next window", encode(INSTRUCTION + "".join(lines[args.lines // 2 : args.lines // 2 + args.lines])))
    print(f"{args.shape} (random weights), {args.dtype}, {torch.get_num_threads()} threads; a file of "
          f"{args.lines} lines; the first draft wrote {len(answer)} tokens before the note")  # fmt: skip
    print(f"{'prompt':<22} {'tokens':>7} {'computed':>8} {'s reuse':>8} {'s none':>8} {'share':>6}")
    first_s = rows[0][2]["none"][0]
    for label, tokens, timings in rows:
        reuse_s, computed = timings["reuse"]
        print(f"{label:<22} {tokens:>7} {computed:>8} {reuse_s:>8.2f} {timings['none'][0]:>8.2f} "
              f"{reuse_s / first_s:>6.1%}")  # fmt: skip
    print("share: the prefill's seconds with reuse over the first draft's prefill from an empty cache")
    return 0


def _model(args, torch):
    from specdraft.engine.model import Transformer

    model = Transformer(args)
    model.init_weights(0.1)
    if args.tie_word_embeddings:
        model.output.weight = model.tok_embeddings.weight
    return model


def _cache_copy(model) -> list:
    return [(layer.attention.kv_cache.k_cache.clone(), layer.attention.kv_cache.v_cache.clone())
            for layer in model.layers] if model.max_seq_length else []  # fmt: skip


def _cache_restore(model, tokens, length, caches) -> None:
    if not caches:  # the session had no cache yet
        model.clear_caches()
        return
    model.clear_caches()
    model.setup_caches(1, caches[0][0].shape[2])
    for layer, (k, v) in zip(model.layers, caches, strict=True):
        layer.attention.kv_cache.k_cache.copy_(k)
        layer.attention.kv_cache.v_cache.copy_(v)
    model.cached_tokens[: tokens.shape[0]] = tokens[: model.cached_tokens.shape[0]]
    model.cached_length = length

"""`specdraft generate`: stream a local model's continuation of a prompt to standard output."""

from __future__ import annotations

import argparse
import json
import sys

from specdraft.engine.cli import speculative
from specdraft.engine.errors import EngineError
from specdraft.engine.options import DTYPES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    add_examples(parser, '%(prog)s --model builtin "def fibonacci(n):" --max-new-tokens 64',
                 '%(prog)s --model DIR "..." --drafter edit --reference old.py --stats')  # fmt: skip
    parser.add_argument("prompt", help="the prompt text ('-' reads it from standard input)")
    parser.add_argument("--model", required=True, metavar="DIR",
                        help="a Hugging Face checkpoint directory (safetensors), or 'builtin'")  # fmt: skip
    parser.add_argument("--max-new-tokens", type=int, default=256, metavar="N", help="default: 256")
    parser.add_argument("--temperature", type=float, default=0.0, metavar="T",
                        help="0 = greedy (the default)")  # fmt: skip
    parser.add_argument("--top-p", type=float, default=None, metavar="P", help="nucleus sampling")
    parser.add_argument("--top-k", type=int, default=None, metavar="K", help="sample among the K likeliest")
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="make sampling reproducible")
    parser.add_argument("--chat", action="store_true", help="wrap the prompt with the model's chat template")
    parser.add_argument("--stop", action="append", default=[], metavar="TEXT",
                        help="stop before this text (repeatable)")  # fmt: skip
    parser.add_argument("--dtype", default="float32", choices=DTYPES,
                        help="weights' dtype in memory (attention stays float32)")  # fmt: skip
    parser.add_argument("--threads", type=int, default=None, metavar="N",
                        help="CPU threads for torch (default: torch's choice; 1 is often fastest for small "
                             "models or a busy machine)")  # fmt: skip
    parser.add_argument("--stats", action="store_true",
                        help="print one JSON line of statistics on standard error at the end")  # fmt: skip
    parser.add_argument("--compile", action=argparse.BooleanOptionalAction, default=None,
                        help="plain decoding with a torch.compile'd one-token step (float32 weights): "
                             "~30 s to compile the first time, ~10 s later, then faster per token on small "
                             "models (default: only for 8192 new tokens or more)")  # fmt: skip
    speculative.add_arguments(parser)  # --drafter, --draft-model, --reference, --draft-len


def run(args: argparse.Namespace) -> int:
    import torch

    from specdraft.engine import checkpoint
    from specdraft.engine.generate import Sampling, stream_text

    if args.threads is not None:
        if args.threads < 1:
            raise EngineError("--threads must be 1 or more")
        torch.set_num_threads(args.threads)
    if args.max_new_tokens < 0:
        raise EngineError("--max-new-tokens must be 0 or more")
    if args.temperature < 0:
        raise EngineError("--temperature must be 0 (greedy) or more")
    if args.top_p is not None and not 0 < args.top_p <= 1:
        raise EngineError("--top-p must be in (0, 1]")
    prompt = sys.stdin.read() if args.prompt == "-" else args.prompt
    loaded = checkpoint.load(checkpoint.resolve_model_dir(args.model), dtype=args.dtype)
    tokenizer = loaded.require_tokenizer()
    if args.chat:
        text = tokenizer.apply_chat_template([{"role": "user", "content": prompt}], add_generation_prompt=True)
        ids = tokenizer.encode(text, add_special_tokens=False)  # the template placed them already
    else:
        ids = tokenizer.encode(prompt)
    sampling = Sampling(temperature=args.temperature, top_k=args.top_k, top_p=args.top_p, seed=args.seed)
    stream = speculative.open_stream(args, loaded, tokenizer, ids, sampling)  # None: --drafter none
    if stream is None:
        stream = stream_text(loaded.model, tokenizer, ids, max_new_tokens=args.max_new_tokens, sampling=sampling,
                             eos_ids=loaded.eos_token_ids, stop_strings=args.stop, compile=args.compile)  # fmt: skip
    out = sys.stdout
    for piece in stream:
        out.write(piece)
        out.flush()
    if out.isatty() and not stream.text.endswith("\n"):
        out.write("\n")
    if args.stats:
        print(json.dumps(stream.stats.as_dict()), file=sys.stderr)
    return 0

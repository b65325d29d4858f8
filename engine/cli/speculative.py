"""`specdraft generate`'s speculative options: --drafter, --draft-model, --reference, --draft-len,
--compile-draft.

engine/cli/generate.py calls `add_arguments(parser)` when it builds its parser and
`open_stream(...)` instead of plain `stream_text` when a drafter is chosen. Cheap to import: torch
is loaded inside the functions.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from specdraft.engine.errors import EngineError
from specdraft.engine.options import DRAFTERS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("speculative decoding (lossless: the same output as --drafter none)")
    group.add_argument("--drafter", choices=DRAFTERS, default="none",
                       help="who drafts tokens for the model to verify: none (plain decoding), model (a small "
                            "draft model), lookup (n-grams of the prompt and output), edit (the --reference "
                            "text), hybrid (edit or lookup match first, else the draft model)")  # fmt: skip
    group.add_argument("--draft-model", metavar="DIR", default=None,
                       help="draft model checkpoint sharing the model's tokenizer (default with --model "
                            "builtin: the builtin draft model)")  # fmt: skip
    group.add_argument("--reference", metavar="FILE", default=None,
                       help="the original text the model is rewriting (for --drafter edit / hybrid)")  # fmt: skip
    group.add_argument("--draft-len", type=int, default=None, metavar="K",
                       help="the most tokens drafted per step (default: 256 edit, 32 lookup, 12 model); "
                            "draft lengths adapt below it to recent acceptance")  # fmt: skip
    group.add_argument("--compile-draft", action="store_true",
                       help="run the draft model's steps under torch.compile: the builtin draft's step takes "
                            "~1.5 ms instead of ~2.1 (2-core CPU), after ~30 s of compiling the first time on "
                            "a machine (a few seconds later on)")  # fmt: skip


def _draft_model_dir(args: argparse.Namespace, model_dir: Path) -> Path | None:
    if args.draft_model:
        from specdraft.engine.checkpoint import resolve_model_dir

        return resolve_model_dir(args.draft_model)
    if (model_dir / "draft" / "config.json").is_file():  # the builtin pair: draft/ beside the target
        return model_dir / "draft"
    return None


def make_drafter(args: argparse.Namespace, loaded: Any, tokenizer: Any) -> Any:
    """The drafter the options ask for, or None for --drafter none. EngineError for bad options."""
    from specdraft.engine import checkpoint
    from specdraft.engine.drafters import build_drafter

    kind = getattr(args, "drafter", "none") or "none"
    k = args.draft_len
    if k is not None and k < 1:
        raise EngineError("--draft-len must be 1 or more")
    if kind == "none":
        for option in ("draft_model", "reference"):
            if getattr(args, option, None):
                raise EngineError(f"--{option.replace('_', '-')} needs --drafter (model, lookup, edit or hybrid)")
        return None
    reference = None
    if args.reference:
        path = Path(args.reference).expanduser()
        if not path.is_file():
            raise EngineError(f"--reference {path}: no such file")
        reference = tokenizer.encode(path.read_text(encoding="utf-8", errors="replace"), add_special_tokens=False)
        reference += list(loaded.eos_token_ids[:1])  # a rewrite ends where the original ends: draft the EOS too
    if kind == "edit" and reference is None:
        raise EngineError("--drafter edit needs --reference FILE (the original text being rewritten)")

    draft_model = None
    if kind in ("model", "hybrid"):
        draft_dir = _draft_model_dir(args, Path(loaded.path))
        if draft_dir is None and kind == "model":
            raise EngineError("--drafter model needs --draft-model DIR (a small model with the same tokenizer)")
        if draft_dir is not None:
            draft_model = checkpoint.load_draft_model(draft_dir, loaded.args.vocab_size, dtype=args.dtype)
    return build_drafter(kind, reference=reference, draft_model=draft_model, draft_len=k,
                         compile_draft=getattr(args, "compile_draft", False))  # fmt: skip




def open_stream(args: argparse.Namespace, loaded: Any, tokenizer: Any, ids: list[int], sampling: Any) -> Any:
    """A speculative TextStream for the chosen drafter, or None for --drafter none (plain path)."""
    drafter = make_drafter(args, loaded, tokenizer)
    if drafter is None:
        return None
    from specdraft.engine.speculative import speculative_stream_text

    return speculative_stream_text(loaded.model, tokenizer, ids, drafter, max_new_tokens=args.max_new_tokens,
                                   sampling=sampling, eos_ids=loaded.eos_token_ids,
                                   stop_strings=args.stop)  # fmt: skip

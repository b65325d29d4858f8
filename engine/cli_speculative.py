"""`specdraft generate`'s speculative options: --drafter, --draft-model, --reference, --draft-len,
--compile-draft.

engine/cli_generate.py calls `add_arguments(parser)` when it builds its parser and
`open_stream(...)` instead of plain `stream_text` when a drafter is chosen. Cheap to import: torch
is loaded inside the functions.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.errors import EngineError

DRAFTER_CHOICES = ["none", "model", "lookup", "edit", "hybrid"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("speculative decoding (lossless: the same output as --drafter none)")
    group.add_argument("--drafter", choices=DRAFTER_CHOICES, default="none",
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
        from engine.cli_generate import resolve_model_dir

        return resolve_model_dir(args.draft_model)
    if (model_dir / "draft" / "config.json").is_file():  # the builtin pair: draft/ beside the target
        return model_dir / "draft"
    return None


def make_drafter(args: argparse.Namespace, loaded: Any, tokenizer: Any) -> Any:
    """The drafter the options ask for, or None for --drafter none. EngineError for bad options."""
    from engine import checkpoint

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


DRAFT_MIN_CONFIDENCE = 0.0  # the model drafter stops a draft at a token it gives less probability


def build_drafter(kind: str, *, reference: list[int] | None = None, draft_model: Any = None,
                  draft_len: int | None = None, min_confidence: float | None = None,
                  compile_draft: bool = False) -> Any:  # fmt: skip
    """A drafter by name with the defaults of `specdraft generate` (the bench uses the same).

    draft_len caps the draft length (adaptive below it); edit needs `reference`, model needs
    `draft_model`; hybrid uses whichever of them it is given, lookup always. compile_draft runs
    the draft model's steps under torch.compile (drafters.compiled_step).
    """
    from engine.drafters import EditDrafter, HybridDrafter, ModelDrafter, PromptLookupDrafter

    k = draft_len

    def edit(lookup_min_n: int = 2) -> EditDrafter:
        # 64 then up to 256: on a CPU, verifying longer runs costs less per token (measured on the
        # oracle edit bench: 0.76-0.89 of the one-forward bound with 32/128, 0.81-1.08 with 64/256)
        return EditDrafter(reference or [], draft_len=min(64, k or 64), max_draft_len=k or 256,
                           lookup_min_n=lookup_min_n)

    def lookup(min_n: int = 2) -> PromptLookupDrafter:
        return PromptLookupDrafter(min_n=min_n, draft_len=min(8, k or 8), max_draft_len=k or 32)

    def model() -> ModelDrafter:
        confidence = DRAFT_MIN_CONFIDENCE if min_confidence is None else min_confidence
        return ModelDrafter(draft_model, draft_len=min(4, k or 4), max_draft_len=k or 12, min_confidence=confidence,
                            compile=compile_draft)  # fmt: skip

    if kind == "edit":
        return edit()
    if kind == "lookup":
        return lookup()
    if kind == "model":
        return model()
    if kind == "hybrid":
        # a lookup match must be 3 tokens long there: shorter ones would shadow the draft model;
        # with a reference, the edit drafter's own lookup (same text, same n) is the lookup
        min_n = 3 if draft_model is not None else 2
        return HybridDrafter(edit=edit(lookup_min_n=min_n) if reference else None,
                             lookup=None if reference else lookup(min_n=min_n),
                             model=model() if draft_model is not None else None)  # fmt: skip
    raise EngineError(f"unknown drafter {kind!r}: use one of {', '.join(DRAFTER_CHOICES[1:])}")


def open_stream(args: argparse.Namespace, loaded: Any, tokenizer: Any, ids: list[int], sampling: Any) -> Any:
    """A speculative TextStream for the chosen drafter, or None for --drafter none (plain path)."""
    drafter = make_drafter(args, loaded, tokenizer)
    if drafter is None:
        return None
    from engine.speculative import speculative_stream_text

    return speculative_stream_text(loaded.model, tokenizer, ids, drafter, max_new_tokens=args.max_new_tokens,
                                   sampling=sampling, eos_ids=loaded.eos_token_ids,
                                   stop_strings=args.stop)  # fmt: skip

"""The local speculative engine as a Backend: a checkpoint directory (or "builtin"), loaded on first use.

``LocalBackend(model_dir="builtin", draft_model_dir=None, drafter="auto", dtype="auto")``:
loads lazily (torch is imported on first use), renders messages with the model's chat template,
and with `reference` (the original file being rewritten) drafts with
specdraft.engine.drafters.EditDrafter: lossless, so `drafter="none"` gives the same text, only
slower. A request's prefill reuses the KV cache of the longest prefix the last one left (the
prompt's head, everything before a note, all of a retry; Transformer.prefix_reuse). It implements
specdraft.engine.interface.Backend.
"""

from __future__ import annotations

import json
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from specdraft.engine.errors import EngineError
from specdraft.engine.interface import (
    Alternative,
    DraftStats,
    DraftStream,
    Piece,
    check_generation_options,
    check_messages,
)
from specdraft.engine.options import DRAFTER_SETTINGS, DTYPE_SETTINGS, EDIT_FORMAT_SETTINGS

_FINISH = {"eos": "stop", "stop_string": "stop", "max_new_tokens": "length", "context": "length", "grammar": "stop"}

# why dtype "auto" does not run a bfloat16 checkpoint in bfloat16 (kernels.can_pack_bfloat16: oneDNN's
# own test of the CPU); said once a process
NO_NATIVE_BFLOAT16 = (
    "this CPU has no native bfloat16 products (AVX-512 BF16 or AMX): a bfloat16 model would run "
    "several times slower here, so it runs in float32; dtype = \"int8\" reads a quarter of the bytes"
)
_SAID: set[str] = set()


def _say_once(message: str) -> None:
    if message not in _SAID:
        _SAID.add(message)
        warnings.warn(message, UserWarning, stacklevel=3)


class LocalBackend:
    """The local engine: a checkpoint directory (or "builtin"), speculative decoding, lazy loading.

    drafter: "auto" (with a reference: edit, or hybrid when a draft model was given; without one:
    lookup, or model with a draft model), "none" (plain decoding), or one of
    specdraft.engine.options.DRAFTERS. Every drafter is lossless: greedy output is the same text
    whichever is chosen.
    One stream at a time: a second one while the first runs raises EngineError.
    """

    kind = "local"
    constrained = True  # stream(grammar=...) decodes under a grammar (specdraft.engine.grammar)

    def __init__(self, model_dir: str | Path = "builtin", draft_model_dir: str | Path | None = None,
                 drafter: str = "auto", *, dtype: str = "auto", draft_len: int | None = None,
                 edit_format: str = "auto") -> None:  # fmt: skip
        """edit_format: how the model is asked for an edit (specdraft.engine.options.EDIT_FORMAT_SETTINGS;
        "auto": by its chat template, see the edit_format property)."""
        from specdraft.engine.checkpoint import resolve_model_dir

        if drafter not in DRAFTER_SETTINGS:
            raise EngineError(f"unknown drafter {drafter!r}: use one of {', '.join(DRAFTER_SETTINGS)}")
        if draft_len is not None and draft_len < 1:
            raise EngineError("draft_len must be 1 or more")
        if dtype not in DTYPE_SETTINGS:
            raise EngineError(f"unknown dtype {dtype!r}: use one of {', '.join(DTYPE_SETTINGS)}")
        if edit_format not in EDIT_FORMAT_SETTINGS:
            raise EngineError(f"unknown edit format {edit_format!r}: use one of {', '.join(EDIT_FORMAT_SETTINGS)}")
        self._edit_format = edit_format
        self.model_name = str(model_dir)
        try:
            self.path = resolve_model_dir(str(model_dir))
        except EngineError as error:
            if str(model_dir) == "builtin":
                raise
            raise EngineError(f"{error}; for a model served over HTTP give --server URL too") from None
        if draft_model_dir is not None:
            self.draft_path: Path | None = resolve_model_dir(str(draft_model_dir))
        else:
            self.draft_path = None
        if drafter in ("model",) and self.draft_path is None and not (self.path / "draft" / "config.json").is_file():
            raise EngineError("--drafter model needs --draft-model DIR (a small model with the same tokenizer)")
        self.drafter = drafter
        self.dtype = dtype
        self.draft_len = draft_len
        self._config = self._read_config()
        self._checkpoint: Any = None
        self._tokenizer: Any = None
        self._draft_model: Any = None
        self._load_lock = threading.Lock()
        self._busy = threading.Lock()

    def weights_dtype(self) -> str:
        """The dtype the weights are loaded in: `dtype`, or for "auto" the checkpoint's own
        bfloat16 where this CPU multiplies bfloat16 natively (oneDNN: AVX-512 BF16 or AMX):
        prefill and speculative verification then run faster than in float32 and decoding as
        fast (docs/engine.md has the figures); else float32. Speculation keeps plain decoding's
        tokens in both (docs/engine.md, "Exactness")."""
        if self.dtype != "auto":
            return self.dtype
        from specdraft.engine.kernels import can_pack_bfloat16

        stored = self._config.get("torch_dtype") or self._config.get("dtype")
        if stored != "bfloat16":
            return "float32"
        if can_pack_bfloat16():
            return "bfloat16"
        _say_once(NO_NATIVE_BFLOAT16)
        return "float32"

    def _read_config(self) -> dict[str, Any]:
        try:
            return json.loads((self.path / "config.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise EngineError(f"{self.path / 'config.json'} cannot be read: {error}") from None

    @property
    def edit_format(self) -> str:
        """"builtin" for a checkpoint trained on the builtin pair's edit prompt (its chat template is
        specdraft.engine.editprompt.CHAT_TEMPLATE); "whole" for any other (an instruct model, asked
        in its own chat template for the whole file in a fence). The template is the one the
        tokenizer resolves (checkpoint.Tokenizer.from_dir), read once, without loading the model.
        A format given when opening the backend wins."""
        if self._edit_format != "auto":
            return self._edit_format
        from specdraft.engine.editprompt import CHAT_TEMPLATE

        return "builtin" if self._tokenizer_only().chat_template == CHAT_TEMPLATE else "whole"

    @property
    def name(self) -> str:
        """`builtin`, or the checkpoint directory's name (e.g. Qwen2.5-Coder-0.5B-Instruct)."""
        from specdraft.engine.hub import display_name

        return "builtin" if self.model_name == "builtin" else display_name(self.path)

    @property
    def context_length(self) -> int | None:
        value = self._config.get("max_position_embeddings")
        return int(value) if isinstance(value, int) else None

    @property
    def loaded(self) -> bool:
        return self._checkpoint is not None

    def _tokenizer_only(self) -> Any:
        if self._tokenizer is None:
            from specdraft.engine.checkpoint import load_tokenizer

            tokenizer = load_tokenizer(self.path)
            if tokenizer is None:
                raise EngineError(f"{self.path / 'tokenizer.json'} is missing: the local engine needs a tokenizer")
            self._tokenizer = tokenizer
        return self._tokenizer

    def load(self) -> None:
        """Load the weights now (the first stream does it otherwise); safe from several threads."""
        with self._load_lock:
            if self._checkpoint is not None:
                return
            from specdraft.engine import checkpoint

            loaded = checkpoint.load(self.path, dtype=self.weights_dtype())
            loaded.require_tokenizer()
            # the windows of a file share the prompt's head, a redraft after a note everything
            # before the note, a retry all of it: each prefill computes only what follows the
            # longest prefix the KV cache holds (Transformer.prefix_reuse; no memory beyond the cache)
            loaded.model.prefix_reuse = True
            self._tokenizer = loaded.tokenizer
            self._checkpoint = loaded

    @property
    def reused_prompt_tokens(self) -> int:
        """How many tokens of the last request's prompt came from the KV cache, not a prefill."""
        return self._checkpoint.model.reused_tokens if self._checkpoint is not None else 0

    def count_tokens(self, text: str) -> int:
        return len(self._tokenizer_only().encode(text, add_special_tokens=False))

    def render(self, messages: Sequence[dict[str, str]]) -> str:
        """The prompt text: the messages through the model's chat template, generation prompt added."""
        return self._tokenizer_only().apply_chat_template(check_messages(messages), add_generation_prompt=True)

    def prompt_ids(self, messages: Sequence[dict[str, str]]) -> list[int]:
        # the template places the special tokens itself (bos included), so the tokenizer adds none
        return self._tokenizer_only().encode(self.render(messages), add_special_tokens=False)

    def count_prompt_tokens(self, messages: Sequence[dict[str, str]]) -> int:
        return len(self.prompt_ids(messages))

    def _drafter_kind(self, reference: str | None) -> str:
        has_draft_model = self.draft_path is not None
        if self.drafter == "auto":
            if reference is not None:
                return "hybrid" if has_draft_model else "edit"
            return "model" if has_draft_model else "lookup"
        if self.drafter == "edit" and reference is None:
            return "none"  # nothing to draft from: plain decoding gives the same text
        return self.drafter

    def _get_draft_model(self) -> Any:
        with self._load_lock:
            return self._load_draft_model()

    def _load_draft_model(self) -> Any:
        if self._draft_model is None:
            from specdraft.engine import checkpoint

            path = self.draft_path
            if path is None and (self.path / "draft" / "config.json").is_file():
                path = self.path / "draft"  # the builtin pair: draft/ beside the target
            if path is None:
                return None
            self._draft_model = checkpoint.load_draft_model(path, self._checkpoint.args.vocab_size,
                                                            dtype=self.weights_dtype())  # fmt: skip
        return self._draft_model

    def _make_drafter(self, kind: str, reference: str | None) -> Any:
        if kind == "none":
            return None
        from specdraft.engine.drafters import build_drafter

        ref_ids = None
        if reference is not None:
            ref_ids = self._tokenizer.encode(reference, add_special_tokens=False)
            ref_ids += list(self._checkpoint.eos_token_ids[:1])  # a rewrite ends where the original ends
        draft_model = self._get_draft_model() if kind in ("model", "hybrid") else None
        if kind == "model" and draft_model is None:
            raise EngineError("--drafter model needs --draft-model DIR (a small model with the same tokenizer)")
        return build_drafter(kind, reference=ref_ids, draft_model=draft_model, draft_len=self.draft_len)

    def stream(self, messages: Sequence[dict[str, str]], *, reference: str | None = None,
               max_new_tokens: int = 2048, temperature: float = 0.0, stop: Sequence[str] = (),
               cancel: threading.Event | None = None, seed: int | None = None,
               start: Alternative | None = None, grammar: str | None = None) -> DraftStream:  # fmt: skip
        """Text pieces of the model's answer, then a DraftStats. Checks the prompt at once.
        `start` (one of `alternatives`, for the same messages and reference): the answer begins
        with it, and the model writes on from there. `grammar` (Lark, llguidance's dialect): the
        answer is decoded under it (specdraft.engine.grammar) and ends where it is complete."""
        check_generation_options(max_new_tokens, temperature)
        messages = check_messages(messages)
        self.load()
        started = time.perf_counter()  # after loading: tokens/s is the drafting speed
        ids = self.prompt_ids(messages)
        context = self._checkpoint.args.max_position_embeddings
        if len(ids) >= context:
            raise EngineError(
                f"the prompt has {len(ids)} tokens and {self.name}'s context window holds {context}: "
                "give fewer or shorter files (or fewer lines per window)"
            )
        budget = min(max_new_tokens, context - len(ids))  # the rest of the window; "length" if reached
        # under a grammar the answer copies names from the prompt: prompt lookup drafts them (and
        # the grammar's forced text drafts itself), where a draft model not trained for it would not
        kind = "lookup" if grammar is not None and self.drafter == "auto" else self._drafter_kind(reference)
        drafter = self._make_drafter(kind, reference)
        forced = list(start.tokens) if start is not None else []
        if forced and drafter is None:  # forced tokens go through the speculative loop, drafting nothing
            from specdraft.engine.drafters import Drafter

            drafter = Drafter()
        result = DraftStats(model=self.name, backend="local", finish_reason="", prompt_tokens=len(ids),
                            new_tokens=0, drafter=kind)  # fmt: skip
        if drafter is not None:
            result.drafted_tokens = result.accepted_tokens = result.target_forwards = 0
        constraint = self._constraint(grammar) if grammar is not None else None
        pieces = self._run(ids, budget, temperature, seed, list(stop), drafter, cancel, started, result, forced,
                           constraint)  # fmt: skip
        return DraftStream(pieces, result)

    def _constraint(self, grammar: str) -> Any:
        from specdraft.engine.grammar import GrammarConstraint

        tokenizer_file = self.path / "tokenizer.json"
        if not tokenizer_file.is_file():
            raise EngineError(f"{self.name}: constrained decoding needs the model's tokenizer.json in {self.path}")
        eos = self._checkpoint.eos_token_ids
        return GrammarConstraint(grammar, tokenizer_file.read_text(encoding="utf-8"), eos[0] if eos else None)

    def _claim(self) -> None:
        """Take the model for one request (release `_busy` after): its KV cache serves one sequence,
        so a second stream, or a pass for alternatives, must not interleave with a draft."""
        if not self._busy.acquire(blocking=False):
            raise EngineError("the local model is already drafting: wait for that draft or cancel it")

    def alternatives(self, messages: Sequence[dict[str, str]], reference: str, *, limit: int = 8) -> list[Alternative]:
        """The `limit` likeliest starts of an answer that leave `reference` (the original text the
        answer rewrites), at different places, likeliest first (specdraft.engine.speculative.departures:
        one forward over the prompt and the reference). Where greedy decoding copies the reference
        whole, these are where the model would have changed it; `stream(start=...)` writes on from
        one. Special tokens other than EOS are never proposed."""
        messages = check_messages(messages)
        self.load()
        ids = self.prompt_ids(messages)
        loaded = self._checkpoint
        eos = list(loaded.eos_token_ids[:1])
        ref = self._tokenizer.encode(reference, add_special_tokens=False) + eos
        context = loaded.args.max_position_embeddings
        if len(ids) + len(ref) >= context:
            raise EngineError(f"the prompt and the text it rewrites have {len(ids) + len(ref)} tokens and "
                              f"{self.name}'s context window holds {context}: give a shorter text")  # fmt: skip
        self._claim()
        try:
            from specdraft.engine.speculative import departures

            banned = set(self._tokenizer.special_ids) - set(eos)
            found = departures(loaded.model, ids, ref, limit, banned=banned)
        finally:
            self._busy.release()
        return [Alternative(logprob, kept, tuple(ref[:kept]) + (token,), self._tokenizer.decode(ref[:kept] + [token]))
                for logprob, kept, token in found]  # fmt: skip

    def _run(self, ids: list[int], budget: int, temperature: float, seed: int | None, stop: list[str],
             drafter: Any, cancel: threading.Event | None, started: float,
             result: DraftStats, forced: list[int], constraint: Any = None) -> Iterator[Piece]:  # fmt: skip
        self._claim()
        try:
            from specdraft.engine.generate import (
                GenerationStats,
                Sampling,
                TextStream,
                generate_tokens,
            )

            loaded = self._checkpoint
            sampling = Sampling(temperature=temperature, seed=seed)
            cancelled = threading.Event()
            stats: Any
            if drafter is None:
                stats = GenerationStats()
                tokens = generate_tokens(loaded.model, ids, max_new_tokens=budget, sampling=sampling,
                                         eos_ids=loaded.eos_token_ids, stats=stats, constraint=constraint)  # fmt: skip
            else:
                from specdraft.engine.speculative import SpecStats, speculative_tokens

                stats = SpecStats()
                # a KV cache for this request (rounded up, so that similar requests reuse it), not for
                # the whole window: a 32k-token window would cost gigabytes of cache for a 2k-token edit
                context = loaded.args.max_position_embeddings
                cache = min(context, -(-(len(ids) + budget) // 256) * 256)
                tokens = speculative_tokens(loaded.model, ids, drafter, budget, sampling=sampling,
                                            eos_ids=loaded.eos_token_ids, max_seq_len=cache,
                                            stats=stats, forced=forced, constraint=constraint)  # fmt: skip
            text = TextStream(_until(tokens, cancel, cancelled), self._tokenizer, stop, stats)

            def update() -> None:
                result.new_tokens = len(text.tokens)
                result.elapsed_s = time.perf_counter() - started
                if drafter is not None:
                    result.drafted_tokens = stats.drafted_tokens
                    result.accepted_tokens = stats.accepted_tokens
                    result.target_forwards = stats.target_forwards
                    result.least_token_prob = stats.least_token_prob

            try:
                for piece in text:
                    if result.first_piece_s is None:
                        result.first_piece_s = time.perf_counter() - started
                    result.chars += len(piece)
                    update()
                    yield piece
                    if cancel is not None and cancel.is_set():
                        cancelled.set()
                        break
            finally:
                text.close()
            update()
            result.finish_reason = "cancelled" if cancelled.is_set() else _FINISH.get(stats.stop_reason,
                                                                                      stats.stop_reason)  # fmt: skip
            yield result
        finally:
            self._busy.release()


def _until(tokens: Iterator[int], cancel: threading.Event | None, cancelled: threading.Event) -> Iterator[int]:
    """The token iterator, stopped before the next decoding step once `cancel` is set."""
    try:
        while True:
            if cancel is not None and cancel.is_set():
                cancelled.set()
                return
            token = next(tokens, None)
            if token is None:
                return
            yield token
    finally:
        close = getattr(tokens, "close", None)
        if close is not None:
            close()

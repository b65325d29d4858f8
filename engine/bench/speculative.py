"""`specdraft bench speculative`: tokens/s and speed-up of each drafter over plain decoding.

Workload "edit": rewrite modules of the builtin evaluation sets (Python of 90-140 lines, written
outside the project and never trained on) with the one small change a task of the set asks for
(a rename, an inserted statement, a changed literal or default: the task's expected file), in
windows of lines when the model's context is shorter than prompt + file, in the builtin models'
edit prompt format. Every drafter decodes
the same windows as plain decoding, in the same run, and its tokens are compared with plain
decoding's (lossless check); the table gives tokens/s over the whole run (prefill included),
the speed-up over plain decoding, the acceptance rate, the accepted tokens per target forward and
the number of target forwards; then the speed-ups over the windows the target wrote as intended
(the edit made, nothing else changed) and over the others, which is what a model's mistakes cost.

Targets:
- `--model DIR|builtin`: a real checkpoint: it writes what it writes, and the figures measure the
  engine on that model's own outputs (drafters: edit, lookup, hybrid, and model with
  --draft-model or the builtin draft).
- `--oracle` (the default while no model is given): a random-weight model of the builtin target's
  shape (the real cost of every forward) whose logits are replaced by the intended edited file,
  i.e. a target that always writes the correct edit. This measures the mechanics (drafting,
  verification cost, alignment after the edit) as if the target were perfect; it says nothing about
  a model's quality, and a draft model (random here) is not measured.
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from specdraft.engine.bench.generate import SHAPES, count_params, shape_args, to_dtype
from specdraft.engine.errors import EngineError
from specdraft.engine.options import DRAFTERS, DTYPES

# The sets whose modules the edit workload rewrites, with the edit of one of their tasks (the
# engine makes no edits itself: the sets' expected files are the edits, written by people).
EDIT_SETS = ["eval44", "eval45", "eval46", "eval47", "eval48", "eval49"]
EDIT_KINDS = ["rename_variable", "insert_statement", "change_literal", "rename_function",
              "change_default"]  # fmt: skip
BENCHED = [name for name in DRAFTERS if name != "none"]  # plain decoding is every row's baseline


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", metavar="DIR", default=None,
                        help="target checkpoint directory or 'builtin' (default: the oracle target)")  # fmt: skip
    parser.add_argument("--draft-model", metavar="DIR", default=None,
                        help="draft checkpoint for the model drafter (default with --model builtin: the builtin draft)")  # fmt: skip
    parser.add_argument("--oracle", action="store_true",
                        help="a target of the builtin shape that always writes the intended edit (see --help text of the module)")  # fmt: skip
    parser.add_argument("--shape", choices=list(SHAPES), default=None, metavar="NAME",
                        help="the oracle target in a real checkpoint's shape, one of %(choices)s (default: the "
                             "builtin target's)")  # fmt: skip
    parser.add_argument("--oracle-draft-accuracy", type=float, default=0.8, metavar="A",
                        help="with the oracle target: a draft model of the builtin draft's shape that guesses the "
                             "next token right with probability A (default 0.8); 0 leaves the model row out")  # fmt: skip
    parser.add_argument("--workload", choices=["edit", "free"], default="edit",
                        help="edit: rewrite files with one change (default); free: continue files (code "
                             "generation, for the draft model and lookup)")  # fmt: skip
    parser.add_argument("--files", type=int, default=3, metavar="N", help="how many modules to edit (default 3)")
    parser.add_argument("--drafters", default="edit,lookup,hybrid,model", metavar="LIST",
                        help="comma-separated subset of edit,lookup,hybrid,model")  # fmt: skip
    parser.add_argument("--draft-len", type=int, default=None, metavar="K",
                        help="initial/maximum draft length (default: each drafter's own)")  # fmt: skip
    parser.add_argument("--max-new-tokens", type=int, default=None, metavar="N",
                        help="cap on the tokens decoded per window (default: twice the window, plus 64)")  # fmt: skip
    parser.add_argument("--windows", type=int, default=None, metavar="N",
                        help="decode at most N windows, those with the edit first (default: all)")  # fmt: skip
    parser.add_argument("--threads", type=int, default=None, metavar="N", help="torch threads")
    parser.add_argument("--draft-confidence", type=float, default=None, metavar="P",
                        help="the model drafter stops a draft at a token it gives probability < P "
                             "(default: specdraft generate's)")  # fmt: skip
    parser.add_argument("--dtype", default="float32", choices=DTYPES,
                        help="the target's weights' dtype, ours and transformers' alike (a small draft model "
                             "runs in float32 in both: checkpoint.load_draft_model)")  # fmt: skip
    parser.add_argument("--compile-draft", action="store_true",
                        help="run the draft model's steps under torch.compile (model and hybrid drafters); "
                             "the compile happens before timing and its seconds are reported")  # fmt: skip
    parser.add_argument("--seed", type=int, default=0, help="which edits are made (default 0)")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("--transformers", action="store_true",
                        help="with --model: also run transformers' generate() on the same weights, plain, with "
                             "prompt_lookup_num_tokens and with assistant_model (the draft)")  # fmt: skip


@dataclass
class Window:
    """One rewrite: the prompt, the original window's tokens (the draft) and, for the oracle, the answer."""

    prompt: list[int]
    reference: list[int]
    answer: list[int]  # the intended edited window + EOS (what the oracle target writes)
    label: str
    changed: bool = True  # whether the edit touches this window
    budget: int | None = None  # new tokens to decode (None: twice the reference, plus 64)


class OracleTarget:
    """A real model's forward cost, with logits that always pick the next token of `script`.

    script = prompt + intended answer; the logits at position p put all mass on script[p + 1]
    (EOS past its end). The input tokens are ignored: during verification the first disagreement
    with the draft ends the accepted prefix, so positions after it never matter.
    """

    def __init__(self, model: Any, eos_id: int) -> None:
        self.model = model
        self.eos_id = eos_id
        self.script: list[int] = []

    def __getattr__(self, name: str) -> Any:  # args, setup_caches, max_seq_length, parameters, ...
        return getattr(self.model, name)

    def __call__(self, idx: Any, input_pos: Any = None, last_only: bool = False) -> Any:
        import torch

        logits = self.model(idx, input_pos, last_only=last_only)  # [1, S or 1, V]: the real cost
        positions = input_pos if input_pos is not None else torch.arange(idx.shape[1])
        if last_only:
            positions = positions[-1:]
        out = torch.full_like(logits, -30.0)
        for i, pos in enumerate(positions.tolist()):
            nxt = self.script[pos + 1] if pos + 1 < len(self.script) else self.eos_id
            out[0, i, nxt] = 30.0
        return out


class OracleDraft(OracleTarget):
    """A draft model's real forward cost, right about the script's next token with probability
    `accuracy` (fixed per position, so the same position always gets the same answer)."""

    def __init__(self, model: Any, eos_id: int, accuracy: float, seed: int = 0) -> None:
        super().__init__(model, eos_id)
        self.accuracy, self.seed = accuracy, seed

    def __call__(self, idx: Any, input_pos: Any = None, last_only: bool = False) -> Any:
        out = super().__call__(idx, input_pos, last_only)
        positions = input_pos if input_pos is not None else range(idx.shape[1])
        positions = positions[-1:] if last_only else positions
        for i, pos in enumerate(positions.tolist() if hasattr(positions, "tolist") else positions):
            if random.Random(self.seed * 1_000_003 + pos).random() >= self.accuracy:
                right = int(out[0, i].argmax())
                out[0, i, right] = -30.0
                out[0, i, (right + 1) % out.shape[-1]] = 30.0  # a wrong guess
        return out


def _window_boundaries(original: list[str], edited: list[str], cuts: list[int]) -> list[int]:
    """Map line cuts in the original to the corresponding lines of the edited file (difflib)."""
    matcher = difflib.SequenceMatcher(None, original, edited, autojunk=False)
    mapped = []
    for cut in cuts:
        target = len(edited)
        for tag, i1, i2, j1, _j2 in matcher.get_opcodes():
            if tag == "equal" and i1 <= cut < i2:
                target = j1 + (cut - i1)
                break
            if tag != "equal" and i1 <= cut < max(i2, i1 + 1):
                target = j1
                break
        mapped.append(target)
    return mapped


def edit_tasks(files: int, seed: int) -> list[tuple[str, str, str, str, str]]:
    """(module name, kind, instruction, original, edited) of `files` tasks of EDIT_SETS, of the
    EDIT_KINDS in turn, each of another module (which task of a kind: by `seed`)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    from specdraft.engine import checkpoint

    rng = random.Random(seed)
    tasks = []
    for name in EDIT_SETS:
        base = checkpoint.BUILTIN_DIR / name
        tasks += [(base, task) for task in tomllib.loads((base / "tasks.toml").read_text(encoding="utf-8"))["task"]]
    chosen: list[tuple[str, str, str, str, str]] = []
    for number in range(files):
        kind = EDIT_KINDS[number % len(EDIT_KINDS)]
        used = {module for module, *_ in chosen}
        fits = [(base, task) for base, task in tasks if task["kind"] == kind and Path(task["source"]).name not in used]
        if not fits:
            break
        base, task = rng.choice(fits)
        chosen.append((Path(task["source"]).name, kind, task["instruction"], (base / task["source"]).read_text(encoding="utf-8"),
                       (base / task["expected"]).read_text(encoding="utf-8")))  # fmt: skip
    return chosen


def edit_windows(tokenizer: Any, context: int, files: int, seed: int) -> list[Window]:
    """Modules of the evaluation sets with a task's edit (`edit_tasks`), cut into windows of lines
    whose prompt + answer fit the context."""
    from specdraft.engine import editprompt

    windows: list[Window] = []
    eos = tokenizer.backend.token_to_id(editprompt.EOS_TOKEN)
    for name, kind, instruction, text, edited in edit_tasks(files, seed):
        original_lines = text.splitlines(keepends=True)
        edited_lines = edited.splitlines(keepends=True)
        # windows as the app cuts them: prompt + answer (about twice the window) fit the context,
        # and a window ends where a statement starts, shallow ones first
        overhead = len(tokenizer.encode(editprompt.render_edit_prompt(instruction, "", name),
                                        add_special_tokens=False)) + 16
        costs = [2 * len(tokenizer.encode(line, add_special_tokens=False)) for line in original_lines]
        budget = context - overhead - 9
        for index, cost in enumerate(costs):
            if cost > budget:
                raise EngineError(f"{name} line {index + 1} alone does not fit a {context}-token context")
        ranges = editprompt.window_ranges(original_lines, costs, budget, editprompt.statement_starts(text, name))
        cuts = [0] + [end for _, end in ranges]
        mapped = _window_boundaries(original_lines, edited_lines, cuts[:-1]) + [len(edited_lines)]
        for w in range(len(cuts) - 1):
            # as the app sends them: without the blank lines at the edges (editprompt.blank_edges)
            original_window = editprompt.blank_edges("".join(original_lines[cuts[w] : cuts[w + 1]]))[1]
            edited_window = editprompt.blank_edges("".join(edited_lines[mapped[w] : mapped[w + 1]]))[1]
            if not original_window:
                continue
            prompt_text = editprompt.render_edit_prompt(instruction, original_window, name)
            prompt = tokenizer.encode(prompt_text, add_special_tokens=False)
            answer = tokenizer.encode(edited_window, add_special_tokens=False) + ([eos] if eos is not None else [])
            if len(prompt) + len(answer) > context:
                continue  # an edit that grew the window past the context: leave it out
            reference = tokenizer.encode(original_window, add_special_tokens=False)
            windows.append(Window(prompt, reference, answer, f"{name}:{cuts[w] + 1}-{cuts[w + 1]} {kind}",
                                  edited_window != original_window))  # fmt: skip
    if not windows:
        raise EngineError(f"no edit workload could be made from the evaluation sets {', '.join(EDIT_SETS)}")
    return windows


FREE_FILES = ["_compression.py", "wsgiref/handlers.py", "multiprocessing/process.py", "json/tool.py"]  # held out too


def free_windows(tokenizer: Any, context: int, files: int, new_tokens: int = 192) -> list[Window]:
    """Free code generation: the start of a stdlib file as the prompt, its continuation as the
    oracle's answer (no reference text: lookup and the draft model are the drafters)."""
    from specdraft.engine.training import corpus

    root = corpus.stdlib_root()
    windows = []
    for name in FREE_FILES[:files]:
        path = root / name
        if not path.is_file():
            continue
        ids = tokenizer.encode(path.read_text(encoding="utf-8"), add_special_tokens=False)
        prompt_len = min(len(ids) // 2, context - new_tokens - 1, 512)
        windows.append(Window(ids[:prompt_len], [], ids[prompt_len : prompt_len + new_tokens],
                              f"{name}:free", budget=new_tokens))  # fmt: skip
    return windows


def _load_tokenizer(model_dir: Path | None) -> Any:
    from specdraft.engine import checkpoint

    candidates = [model_dir] if model_dir else []
    candidates += [checkpoint.BUILTIN_DIR, Path(__file__).resolve().parents[2] / "runs" / "builtin" / "data"]
    for directory in candidates:
        if directory and (directory / "tokenizer.json").is_file():
            if (directory / "tokenizer_config.json").is_file():
                return checkpoint.Tokenizer.from_dir(directory)
            from specdraft.engine import editprompt

            return checkpoint.Tokenizer.from_file(directory / "tokenizer.json", bos_token=editprompt.BOS_TOKEN,
                                                  eos_token=editprompt.EOS_TOKEN)  # fmt: skip
    raise EngineError("no tokenizer found: build the builtin model (python -m specdraft.engine.training) or pass --model DIR")


def _make_drafter(name: str, window: Window, draft_model: Any, draft_len: int | None,
                  eos_ids: list[int], min_confidence: float | None = None, compile_draft: bool = False) -> Any:  # fmt: skip
    """The drafter as `specdraft generate --drafter NAME --draft-len K` builds it (the reference
    followed by EOS); None when it cannot run here (the model drafter without a draft model)."""
    from specdraft.engine.drafters import build_drafter

    if name == "model" and draft_model is None:
        return None
    reference = window.reference + eos_ids[:1] if window.reference else []
    return build_drafter(name, reference=reference, draft_model=draft_model, draft_len=draft_len,
                         min_confidence=min_confidence, compile_draft=compile_draft)  # fmt: skip


def compile_draft_model(draft_model: Any, token: int) -> float:
    """Compile the draft model's one-token step (drafters.compiled_step) now; the seconds it took."""
    from specdraft.engine.drafters import build_drafter

    drafter = build_drafter("model", draft_model=draft_model, compile_draft=True)
    start = time.perf_counter()
    drafter.reset([token])
    drafter.propose([token], 2)  # one eager forward, then one compiled step
    return time.perf_counter() - start


def _hf_generate(hf_model: Any, prompt: list[int], budget: int, eos_ids: list[int], **options: Any) -> list[int]:
    """transformers' greedy generate(); new tokens without the final EOS (as ours)."""
    import torch

    idx = torch.tensor([prompt])
    with torch.inference_mode():
        out = hf_model.generate(idx, attention_mask=torch.ones_like(idx), max_new_tokens=budget, do_sample=False,
                                eos_token_id=eos_ids or None, pad_token_id=eos_ids[0] if eos_ids else 0,
                                **options)  # fmt: skip
    tokens = out[0, len(prompt) :].tolist()
    return tokens[:-1] if tokens and tokens[-1] in eos_ids else tokens


def run_edit_bench(target: Any, windows: list[Window], drafters: list[str], eos_ids: list[int],
                   draft_model: Any = None, draft_len: int | None = None, oracle: bool = False,
                   hf_model: Any = None, hf_draft: Any = None, max_new_tokens: int | None = None,
                   min_confidence: float | None = None, compile_draft: bool = False) -> dict:  # fmt: skip
    """Plain decoding and every drafter over the same windows; totals per method.

    With hf_model (transformers, the same weights): rows hf-plain, hf-lookup
    (prompt_lookup_num_tokens=10) and, with hf_draft, hf-assist (assistant_model)."""
    from specdraft.engine.generate import generate
    from specdraft.engine.speculative import SpecStats, speculative_tokens

    context = target.args.max_position_embeddings
    rows: dict[str, dict] = {}

    intended = False  # whether plain decoding wrote the current window as the workload intends

    def add(name: str, tokens: int, seconds: float, stats: SpecStats | None, equal: bool | None) -> None:
        row = rows.setdefault(name, {"tokens": 0, "seconds": 0.0, "drafted": 0, "accepted": 0,
                                     "forwards": 0, "lossless": True, "windows": 0,
                                     "split": {True: [0, 0.0, 0], False: [0, 0.0, 0]}})  # fmt: skip
        row["tokens"] += tokens
        row["seconds"] += seconds
        row["windows"] += 1
        part = row["split"][intended]
        part[0], part[1], part[2] = part[0] + tokens, part[1] + seconds, part[2] + 1
        if stats is not None:
            row["drafted"] += stats.drafted_tokens
            row["accepted"] += stats.accepted_tokens
            row["forwards"] += stats.target_forwards
        else:
            row["forwards"] += max(tokens - 1, 0)
        if equal is False:
            row["lossless"] = False

    for window in windows:
        if oracle:
            target.script = window.prompt + window.answer
            if isinstance(draft_model, OracleDraft):
                draft_model.script = target.script
        budget = window.budget or 2 * len(window.reference) + 64
        budget = min(context - len(window.prompt), budget, max_new_tokens or context)
        start = time.perf_counter()
        plain = generate(target, window.prompt, max_new_tokens=budget, eos_ids=eos_ids).tokens
        seconds = time.perf_counter() - start
        intended = plain == [t for t in window.answer if t not in eos_ids]
        add("plain", len(plain), seconds, None, None)
        if oracle:
            # the bound for any draft-and-verify method: one forward over prompt + output (every
            # draft right, no second forward); the gap to it is the price of the edit sites
            import torch

            full = torch.tensor([window.prompt + plain], dtype=torch.long)
            start = time.perf_counter()
            with torch.inference_mode():
                target.model(full, torch.arange(full.shape[1]))
            add("bound", len(plain), time.perf_counter() - start, None, None)
            rows["bound"]["forwards"] -= max(len(plain) - 1, 0) - 1
        for name in drafters:
            drafter = _make_drafter(name, window, draft_model, draft_len, eos_ids, min_confidence, compile_draft)
            if drafter is None:
                continue
            stats = SpecStats()
            start = time.perf_counter()
            tokens = list(speculative_tokens(target, window.prompt, drafter, budget, eos_ids=eos_ids, stats=stats))
            add(name, len(tokens), time.perf_counter() - start, stats, tokens == plain)
        if hf_model is not None:
            hf_runs = {"hf-plain": {}, "hf-lookup": {"prompt_lookup_num_tokens": 10}}
            if hf_draft is not None:
                hf_runs["hf-assist"] = {"assistant_model": hf_draft}
            for name, options in hf_runs.items():
                start = time.perf_counter()
                tokens = _hf_generate(hf_model, window.prompt, budget, eos_ids, **options)
                add(name, len(tokens), time.perf_counter() - start, None, tokens == plain)
    plain_rate = rows["plain"]["tokens"] / rows["plain"]["seconds"]
    table = {}
    for name, row in rows.items():
        rate = row["tokens"] / row["seconds"] if row["seconds"] else 0.0
        table[name] = {
            "tokens": row["tokens"], "seconds": round(row["seconds"], 3), "tokens_per_s": round(rate, 1),
            "speedup": round(rate / plain_rate, 2), "target_forwards": row["forwards"],
            "drafted_tokens": row["drafted"], "accepted_tokens": row["accepted"],
            "acceptance_rate": round(row["accepted"] / row["drafted"], 3) if row["drafted"] else None,
            "mean_accepted_per_forward": round(row["accepted"] / row["forwards"], 2) if row["forwards"] else None,
            "lossless": row["lossless"], "windows": row["windows"],
        }  # fmt: skip
        # the same figures over the windows plain decoding wrote as intended (the edit made,
        # nothing else changed) and over the others: how much the model's mistakes cost
        for key, part in (("intended", row["split"][True]), ("other", row["split"][False])):
            tokens, seconds, count = part
            plain_tokens, plain_seconds, _ = rows["plain"]["split"][key == "intended"]
            speedup = (tokens / seconds) / (plain_tokens / plain_seconds) if seconds and plain_tokens else None
            table[name][key] = {"windows": count, "tokens": tokens,
                                "tokens_per_s": round(tokens / seconds, 1) if seconds else None,
                                "speedup": None if speedup is None else round(speedup, 2)}  # fmt: skip
        if name in ("hf-lookup", "hf-assist"):  # their forward counts are not visible from outside
            table[name]["target_forwards"] = None
    return table


def format_table(table: dict) -> str:
    header = f"{'method':<9} {'tokens':>7} {'tok/s':>8} {'speedup':>8} {'forwards':>9} {'accept':>7} {'acc/fwd':>8} {'vs hf':>6}  same as plain"
    lines = [header]
    for name, row in table.items():
        rate = "-" if row["acceptance_rate"] is None else f"{row['acceptance_rate']:.3f}"
        per = "-" if row["mean_accepted_per_forward"] is None or name in ("plain", "bound") else f"{row['mean_accepted_per_forward']:.2f}"
        same = "-" if name == "plain" else ("yes" if row["lossless"] else "NO")
        versus = f"{row['vs_transformers']:.2f}" if "vs_transformers" in row else "-"
        if name.startswith("hf-"):
            rate, per = "-", "-"
        forwards = "-" if row["target_forwards"] is None else str(row["target_forwards"])
        lines.append(f"{name:<9} {row['tokens']:>7} {row['tokens_per_s']:>8.1f} {row['speedup']:>7.2f}x "
                     f"{forwards:>9} {rate:>7} {per:>8} {versus:>6}  {same}")  # fmt: skip
    plain = table.get("plain", {})
    if "intended" in plain and plain["intended"]["windows"] and plain["other"]["windows"]:
        right, wrong = plain["intended"]["windows"], plain["other"]["windows"]
        lines.append(f"the target wrote {right} of {right + wrong} windows as intended; speed-up over plain "
                     f"decoding on those / on the other {wrong}:")  # fmt: skip
        for name, row in table.items():
            if name != "plain" and row["intended"]["speedup"] and row["other"]["speedup"]:
                line = f"  {name:<9} {row['intended']['speedup']:.2f}x / {row['other']['speedup']:.2f}x"
                if "vs_transformers" in row["intended"] and "vs_transformers" in row["other"]:
                    line += (f"   vs transformers {row['intended']['vs_transformers']:.2f}x / "
                             f"{row['other']['vs_transformers']:.2f}x")  # fmt: skip
                lines.append(line)
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    import torch

    from specdraft.engine import checkpoint

    if args.threads:
        torch.set_num_threads(args.threads)
    drafters = [d.strip() for d in args.drafters.split(",") if d.strip()]
    for name in drafters:
        if name not in BENCHED:
            raise EngineError(f"unknown drafter {name!r}: use {', '.join(BENCHED)}")
    oracle = args.oracle or args.model is None
    draft_model = None
    if oracle:
        from specdraft.engine import editprompt
        from specdraft.engine.model import Transformer
        from specdraft.engine.training.train import SPECS

        tokenizer = _load_tokenizer(None)
        torch.manual_seed(0)
        if args.shape:  # a real checkpoint's shape (its vocabulary holds the builtin tokenizer's ids)
            model = Transformer(shape_args(args.shape))
        else:
            model = Transformer(SPECS["target"].model_args(tokenizer.vocab_size))
        model.init_weights()
        model = to_dtype(model, args.dtype).eval()  # as load_model lays it out
        target = OracleTarget(model.eval(), tokenizer.backend.token_to_id(editprompt.EOS_TOKEN))
        eos_ids = [target.eos_id]
        description = (f"oracle target: random weights of {args.shape or 'the builtin target'}'s shape "
                       f"({count_params(model, embeddings=True) / 1e6:.1f}M parameters), "
                       f"logits replaced by the intended edit, {args.dtype} weights")  # fmt: skip
        if args.oracle_draft_accuracy > 0:
            torch.manual_seed(1)
            small = Transformer(SPECS["draft"].model_args(tokenizer.vocab_size))
            small.init_weights()
            small = small.to(torch.bfloat16 if args.dtype == "bfloat16" else torch.float32)
            small = small.use_inference_layout(exact_batches=False)  # a draft: float32 for int8 too
            draft_model = OracleDraft(small.eval(), target.eos_id, args.oracle_draft_accuracy)
            description += (f"; oracle draft: the builtin draft's shape "
                            f"({sum(p.numel() for p in small.parameters()) / 1e6:.1f}M), "
                            f"right with probability {args.oracle_draft_accuracy}")  # fmt: skip
        else:
            drafters = [d for d in drafters if d != "model"]
    else:
        from specdraft.engine.checkpoint import resolve_model_dir

        model_dir = resolve_model_dir(args.model)
        loaded = checkpoint.load(model_dir, dtype=args.dtype)
        target, tokenizer, eos_ids = loaded.model, loaded.require_tokenizer(), loaded.eos_token_ids
        draft_dir = args.draft_model or (str(model_dir / "draft") if (model_dir / "draft" / "config.json").is_file() else None)
        if draft_dir:
            draft_model = checkpoint.load_draft_model(resolve_model_dir(draft_dir), target.args.vocab_size, args.dtype)
        description = f"target {model_dir}, {args.dtype} weights"
        if draft_model is not None:
            description += f"; draft {draft_dir}, {_weights_dtype(draft_model)} weights"
            if args.compile_draft:
                description += f", compiled in {compile_draft_model(draft_model, eos_ids[0]):.1f} s"
    context = target.args.max_position_embeddings
    if args.workload == "free":
        windows = free_windows(tokenizer, context, args.files, min(args.max_new_tokens or 192, context // 2))
        drafters = [d for d in drafters if d != "edit"]  # nothing to rewrite
    else:
        windows = edit_windows(tokenizer, context, args.files, args.seed)
    if args.windows:
        windows = sorted(windows, key=lambda w: not w.changed)[: args.windows]
    hf_model = hf_draft = None
    if args.transformers:
        if oracle:
            raise EngineError("--transformers needs --model DIR (the oracle target has no transformers twin)")
        from transformers import AutoModelForCausalLM
        from transformers.utils import logging as hf_logging

        hf_logging.set_verbosity_error()
        # the dtype of ours (a bfloat16 checkpoint would otherwise always run in bfloat16)
        hf_dtype = torch.float32 if args.dtype in ("int8", "int4") else getattr(torch, args.dtype)  # int8/4: against float32
        hf_model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=hf_dtype).eval()
        if draft_dir:  # in the dtype of our draft
            draft_dtype = _weights_dtype(draft_model)  # int8 / int4: against float32, as the target
            hf_draft = AutoModelForCausalLM.from_pretrained(
                resolve_model_dir(draft_dir), dtype=getattr(torch, draft_dtype) if "float" in draft_dtype else torch.float32
            ).eval()
    table = run_edit_bench(target, windows, drafters, eos_ids, draft_model, args.draft_len, oracle,
                           hf_model, hf_draft, args.max_new_tokens, args.draft_confidence,
                           compile_draft=args.compile_draft and not oracle)  # fmt: skip
    if hf_model is not None:  # ours / theirs, for each of our methods against its transformers twin
        for ours, theirs in (("plain", "hf-plain"), ("lookup", "hf-lookup"), ("edit", "hf-lookup"),
                             ("model", "hf-assist")):  # fmt: skip
            if ours in table and theirs in table and table[theirs]["tokens_per_s"]:
                table[ours]["vs_transformers"] = round(table[ours]["tokens_per_s"] / table[theirs]["tokens_per_s"], 2)
                for part in ("intended", "other"):
                    mine, yours = table[ours][part]["tokens_per_s"], table[theirs][part]["tokens_per_s"]
                    if mine and yours:
                        table[ours][part]["vs_transformers"] = round(mine / yours, 2)
    result = {"workload": args.workload, "target": description, "windows": len(windows),
              "files": sorted({w.label.split(':')[0] for w in windows}),
              "threads": torch.get_num_threads(), "device": "cpu", "table": table}  # fmt: skip
    if args.json:
        print(json.dumps(result))
    else:
        print(f"workload: {args.workload} ({len(windows)} windows of {', '.join(result['files'])}); {description}; "
              f"{result['threads']} threads")  # fmt: skip
        print(format_table(table))
    if not all(row["lossless"] for name, row in table.items() if not name.startswith("hf-")):
        print("a drafter's output differed from plain decoding", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m specdraft.engine.bench.speculative", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())


def _weights_dtype(model) -> str:
    """A loaded model's weights as a --dtype name (int8 and int4 models hold no float output matrix)."""
    from specdraft.engine.quant import is_int4, is_int8

    if is_int4(model) or is_int8(model):
        return "int4" if is_int4(model) else "int8"
    return str(model.output.weight.dtype).removeprefix("torch.")

"""How the builtin model pair was made: tokenizer, data, target and draft training, export, evaluation.

One command does everything, reproducibly (seeded) and resumably (checkpoints in runs/), in about
2 h 45 min on 2 cores (data ~25 min since data version 7, whose edits specdraft.ops makes; then
--minutes 140: a fifth for the draft, the rest for the target):

    python -m specdraft.training --out engine/builtin

(specdraft.training builds the data, then runs this trainer: the edits are made by specdraft.ops,
in the app, which the engine never imports; `build_data` takes them as an `EditData`.)

Stages, each skipped when its output already exists in --work (default runs/builtin):
  data      stdlib files -> file-level split -> tokenizer -> edits (EditData) -> token arrays
  draft     train the draft model (~1.6M non-embedding parameters), export to OUT/draft
  target    train the target model (~12.6M non-embedding parameters), export to OUT
Then `--eval` decodes held-out edits greedily and writes OUT/eval.json (exact match per kind,
and EditDrafter / ModelDrafter statistics when specdraft.engine.speculative is available).

The learning rate follows warm-up, stable, decay (WSD). With --minutes, the step at which decay
starts (and so the total) is decided from the measured speed near the end of the budget and
stored in the checkpoint, so a resumed run follows the same schedule; --draft-steps and
--target-steps fix the totals instead, and reproduce a timed run exactly (its log records them).
Each training step's forward and loss run under torch.compile (--no-compile: eagerly): the same
losses, in less time (the model card records each run's speed).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from specdraft.engine import editprompt

ROOT = Path(__file__).resolve().parents[2]  # the repository: engine/builtin/ and runs/ are under it
SEQ_LEN = 1024  # training row length; the models' max_position_embeddings
PROMPT_LOSS_WEIGHT = 0.02  # the prompt (instruction + original) is weighted down; the answer counts fully
EDIT_LOSS_WEIGHT = 4.0  # answer tokens that are not a copy of the original (the edit itself) count more
BOS_ID = editprompt.SPECIAL_TOKENS.index(editprompt.BOS_TOKEN)  # starts each example of a packed row
PLAIN_EVERY = 12  # every 12th row is plain stdlib code (about 8%), the others packed edit examples
WINDOW_UNCHANGED_SHARE = 0.45  # of the window examples, windows the edit leaves as they are (no_change)
HELDOUT_PHRASING = 0.5  # of the held-out split's instructions, in the grammar's held-out phrasings
# Curriculum: each model starts on short copy drills (rows of COPY_SEQ_LEN tokens, COPY_ROWS per step)
# until it copies (mean drill loss of the last 20 steps under COPY_DONE_LOSS) or spec.copy_steps
# steps have run. Induction (copy) heads form after a plateau; on short drills of mostly random
# tokens the plateau lasts ~800 steps for the draft, while 2,700 steps of the full mix formed none.
COPY_SEQ_LEN = 256
# The longest operation-reading example trained on, in tokens: a whole row. (Until 2026-12-07 it
# was half a row, and 84% of the project task sets' examples, whose prompts outline whole modules
# (median 598 tokens), were left out without a word: the model trained on snippets' outlines only.)
CHAT_MAX_TOKENS = SEQ_LEN
COPY_ROWS = 16
COPY_DONE_LOSS = 0.5


@dataclass
class ModelSpec:
    """Shape and optimisation of one model of the pair."""

    name: str
    dim: int
    n_layer: int
    n_head: int
    n_kv_heads: int
    intermediate_size: int
    tie_word_embeddings: bool
    lr: float
    batch_size: int  # rows of SEQ_LEN tokens per step
    copy_steps: int = 0  # the most steps of the copy-drill curriculum that starts training
    copy_lr: float | None = None  # the peak learning rate during the curriculum (None: lr)
    grow_from: str | None = None  # start from this trained model of the pair, grown to this shape (grow())

    def model_args(self, vocab_size: int):
        from specdraft.engine.model import ModelArgs

        return ModelArgs(
            model_type="llama", vocab_size=vocab_size, dim=self.dim, n_layer=self.n_layer,
            n_head=self.n_head, n_kv_heads=self.n_kv_heads, intermediate_size=self.intermediate_size,
            norm_eps=1e-5, rope_theta=10000.0, tie_word_embeddings=self.tie_word_embeddings,
            max_position_embeddings=SEQ_LEN, bos_token_id=1, eos_token_id=2,
            extra={"pad_token_id": 0},
        )  # fmt: skip


SPECS = {
    # 8 x (attention 0.39M + SwiGLU 1.18M) = 12.6M non-embedding; tied 4096 x 384 = 1.6M embedding.
    # From scratch, its copy curriculum stayed on the plateau for 1,400 steps untied and 1,000 tied
    # (the draft left it at ~700): it starts from the trained draft instead, grown to its shape.
    "target": ModelSpec("target", 384, 8, 6, 2, 1024, True, 1.5e-3, 4, 2000, 3e-3, "draft"),
    # 4 x (attention 0.10M + SwiGLU 0.29M) = 1.6M non-embedding; tied 4096 x 192 = 0.8M embedding
    "draft": ModelSpec("draft", 192, 4, 3, 1, 512, True, 3e-3, 4, 1500),
    # for tests: seconds per step
    "tiny": ModelSpec("tiny", 32, 1, 2, 1, 64, True, 3e-3, 2, 2),
}


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# data stage


def train_tokenizer(texts: list[str], vocab_size: int):
    """Byte-level BPE over `texts`, with the edit prompt's special tokens at ids 0..6."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size, min_frequency=2, show_progress=False,
        special_tokens=editprompt.SPECIAL_TOKENS, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )  # fmt: skip
    tokenizer.train_from_iterator(texts, trainer, length=len(texts))
    return tokenizer


def engine_tokenizer(backend):
    """Wrap a tokenizers.Tokenizer with the prompt format's special tokens and chat template."""
    from specdraft.engine.checkpoint import Tokenizer

    return Tokenizer(
        backend, bos_token=editprompt.BOS_TOKEN, eos_token=editprompt.EOS_TOKEN,
        chat_template=editprompt.CHAT_TEMPLATE, special_tokens={"pad_token": editprompt.PAD_TOKEN},
    )  # fmt: skip


def encode_example(tokenizer, example: dict) -> tuple[list[int], list[float]]:
    """Token ids and loss weights of one edit example rendered in the prompt format."""
    prompt = editprompt.render_edit_prompt(example["instruction"], example["original"], example.get("prompt_path"))
    answer = example["edited"] + editprompt.EOS_TOKEN
    prompt_ids = tokenizer.encode(prompt, add_special_tokens=False).ids
    answer_ids = tokenizer.encode(answer, add_special_tokens=False).ids
    original_ids = tokenizer.encode(example["original"], add_special_tokens=False).ids
    weights = [PROMPT_LOSS_WEIGHT] * len(prompt_ids) + answer_weights(original_ids, answer_ids)
    weights[0] = 0.0  # nothing predicts the BOS token
    return prompt_ids + answer_ids, weights


def answer_weights(original_ids: list[int], answer_ids: list[int]) -> list[float]:
    """1 for each answer token copied from the original, EDIT_LOSS_WEIGHT for the others (the
    edit, and the end token): a copy is learned early, the edit is what the pair is for."""
    import difflib

    weights = [EDIT_LOSS_WEIGHT] * len(answer_ids)
    matcher = difflib.SequenceMatcher(None, original_ids, answer_ids, autojunk=False)
    for block in matcher.get_matching_blocks():
        weights[block.b : block.b + block.size] = [1.0] * block.size
    return weights


class EditData(Protocol):
    """The edit examples `build_data` packs, made where the operations are (specdraft.training.editdata:
    the engine never imports the app). Each example has ``to_dict()`` (the record trained on:
    kind, instruction, original, edited, path, scope, phrasing, ...) and ``path``."""

    DATA_VERSION: int

    def snippet_examples(self, files: list[tuple[str, str]], seed: int, heldout_phrasing: float) -> Iterable[Any]:
        """Edits of single functions and classes of ``files`` ((relpath, text))."""
        ...

    def module_examples(self, files: list[tuple[str, str]], seed: int, unchanged_share: float,
                        count_tokens: Callable[[str], int], heldout_phrasing: float) -> Iterable[Any]:  # fmt: skip
        """Edits of whole modules, one example per window as the app cuts the file."""
        ...

    def card_facts(self) -> dict:
        """What the model card says of the generator (recorded in data.json)."""
        ...


def build_data(work: Path, seed: int, vocab_size: int, edits: EditData, stdlib: Path | None = None,
               max_files: int | None = None, windows: bool = True,
               unchanged_share: float = WINDOW_UNCHANGED_SHARE, site: Path | None = None) -> dict:  # fmt: skip
    """Make everything training needs under work/data; returns the summary written to data.json.

    Data version edits.DATA_VERSION: edits of single functions and classes, and `windows`:
    edits of whole modules sent window by window as the app sends a long file, about
    `unchanged_share` of them windows the edit leaves as they are; the held-out split's
    instructions half in the grammar's held-out phrasings. Code: the standard library, and the
    permissively licensed packages of `site` (corpus.PACKAGE_LICENCES; by default this
    interpreter's site-packages, none when `stdlib` is given). The tokenizer learns from the
    standard library's training files alone, as the shipped pair's did, so that --continue-shipped
    still finds the same tokens."""
    import numpy as np

    from specdraft.engine.training import corpus

    data_dir = work / "data"
    data_dir.mkdir(parents=True, exist_ok=True)
    root = stdlib or corpus.stdlib_root()
    relpaths = corpus.list_stdlib_files(root)
    if max_files:
        relpaths = relpaths[:max_files]
    files = [(p, corpus.read_source(root, p)) for p in relpaths]
    files = [(p, t) for p, t in files if t]
    train_files = [(p, t) for p, t in files if not corpus.is_heldout(p)]
    held_files = [(p, t) for p, t in files if corpus.is_heldout(p)]
    log(f"stdlib {root}: {len(files)} files, {len(train_files)} train, {len(held_files)} held out")

    backend = train_tokenizer([t for _, t in train_files], vocab_size)
    backend.save(str(data_dir / "tokenizer.json"))
    log(f"tokenizer: vocabulary {backend.get_vocab_size()}")

    site = site or (corpus.site_packages() if stdlib is None else None)
    package_files = corpus.list_package_files(site) if site else []
    packages: dict[str, dict] = {}
    for entry in package_files[:max_files] if max_files else package_files:
        text = corpus.read_source(site, entry.relpath)
        if not text:
            continue
        held = corpus.is_heldout(entry.relpath)
        (held_files if held else train_files).append((entry.relpath, text))
        counts = packages.setdefault(entry.distribution, {"licence": entry.licence, "train": 0, "heldout": 0})
        counts["heldout" if held else "train"] += 1
    log(f"packages {site}: {len(packages)} distributions, {sum(c['train'] + c['heldout'] for c in packages.values())} files")

    def count_tokens(text: str) -> int:
        return len(backend.encode(text, add_special_tokens=False).ids)

    rng = random.Random(seed)
    splits = {}
    for split, split_files in (("train", train_files), ("heldout", held_files)):
        order = list(split_files)
        rng.shuffle(order)
        examples = []
        heldout_phrasing = HELDOUT_PHRASING if split == "heldout" else 0.0  # training never sees those phrasings
        for example in edits.snippet_examples(order, seed + (split == "heldout"), heldout_phrasing):
            record = example.to_dict()
            record["prompt_path"] = example.path if rng.random() < 0.7 else None  # path shown in the prompt
            examples.append(record)
        if windows:  # a whole module, as the app sends it: window by window, with the path shown
            for example in edits.module_examples(order, seed + 2 + (split == "heldout"), unchanged_share,
                                                 count_tokens, heldout_phrasing):  # fmt: skip
                examples.append({**example.to_dict(), "prompt_path": example.path})
        rng.shuffle(examples)
        ids_all, weights_all, offsets, kept = [], [], [0], []
        for record in examples:
            ids, weights = encode_example(backend, record)
            if len(ids) > SEQ_LEN:
                continue
            ids_all.extend(ids)
            weights_all.extend(weights)
            offsets.append(len(ids_all))
            kept.append(record)
        np.save(data_dir / f"{split}_edit_ids.npy", np.asarray(ids_all, dtype=np.uint16))
        np.save(data_dir / f"{split}_edit_weights.npy", np.asarray(weights_all, dtype=np.float16))
        np.save(data_dir / f"{split}_edit_offsets.npy", np.asarray(offsets, dtype=np.int64))
        with open(data_dir / f"{split}_edits.jsonl", "w", encoding="utf-8") as out:
            for record in kept:
                out.write(json.dumps(record) + "\n")
        plain = []
        for _, text in split_files:
            plain.append(1)  # BOS starts every file
            plain.extend(backend.encode(text, add_special_tokens=False).ids)
        np.save(data_dir / f"{split}_plain_ids.npy", np.asarray(plain, dtype=np.uint16))
        kinds: dict[str, int] = {}
        window_kinds: dict[str, int] = {}
        for record in kept:
            counter = window_kinds if record.get("scope") == "window" else kinds
            counter[record["kind"]] = counter.get(record["kind"], 0) + 1
        unchanged = [r for r in kept if r["kind"] == "no_change"]
        splits[split] = {
            "window_kinds": dict(sorted(window_kinds.items())),
            "files": [p for p, _ in split_files], "edit_examples": len(kept),
            "edit_examples_too_long": len(examples) - len(kept), "edit_tokens": len(ids_all),
            "plain_tokens": len(plain), "kinds": dict(sorted(kinds.items())),
            "unchanged_windows_sent": sum(bool(r.get("sent")) for r in unchanged),
            "heldout_phrasing": sum(r.get("phrasing") == "heldout" for r in kept),
        }  # fmt: skip
        log(f"{split}: {len(kept)} edits ({sum(window_kinds.values())} of them windows; {len(ids_all)} tokens), {len(plain)} plain tokens")
    summary = {
        "python": sys.version.split()[0], "stdlib": str(root), "seed": seed,
        "vocab_size": backend.get_vocab_size(), "seq_len": SEQ_LEN, "splits": splits,
        "window_unchanged_share": unchanged_share if windows else None, "data_version": edits.DATA_VERSION,
        "generator": edits.card_facts(),
        "packages": {"site": str(site) if site else None, "distributions": dict(sorted(packages.items()))},
    }  # fmt: skip
    (data_dir / "data.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return summary


def check_data_version(work: Path, current: int) -> None:
    """Refuse a work directory whose data an older generator made (`current`: the version the
    generator makes now): resuming there would mix runs trained on two kinds of data (its
    checkpoints) without a word."""
    version = json.loads((work / "data" / "data.json").read_text()).get("data_version", 1)
    if version != current:
        raise SystemExit(f"{work / 'data'} holds data version {version}; this generator makes version "
                         f"{current}: train in a new --work directory (or delete {work / 'data'} "
                         "and the checkpoints made from it)")  # fmt: skip


def check_device(device: str) -> None:
    """Stop with what to do when --device names a device this torch cannot use."""
    import torch

    try:
        kind = torch.device(device).type
    except RuntimeError as error:
        raise SystemExit(f"--device {device}: {error}; use cpu, cuda or cuda:N") from None
    if kind == "cuda" and not torch.cuda.is_available():
        raise SystemExit(f"--device {device}: this torch ({torch.__version__}) sees no CUDA GPU; "
                         "train with --device cpu, or install a CUDA build of torch on a machine with a GPU")  # fmt: skip
    if kind not in ("cpu", "cuda"):
        raise SystemExit(f"--device {device}: only cpu and cuda are supported")


def check_same_tokenizer(work: Path, out_dir: Path) -> None:
    """A continued run must train on the tokens of the shipped weights: the work data's tokenizer
    (rebuilt from the same files, seed and vocabulary size) must be the shipped one."""
    from tokenizers import Tokenizer as Backend

    shipped = Path(out_dir) / "tokenizer.json"
    if not shipped.is_file():
        raise SystemExit(f"--continue-shipped: {out_dir} has no tokenizer.json: there are no shipped weights to continue")
    ours = Backend.from_file(str(work / "data" / "tokenizer.json")).get_vocab()
    if Backend.from_file(str(shipped)).get_vocab() != ours:
        raise SystemExit(f"--continue-shipped: the tokenizer in {work / 'data'} differs from the shipped one in "
                         f"{out_dir}: build the data with the seed and --vocab-size the shipped pair was made with")


class Batches:
    """Deterministic rows of SEQ_LEN tokens: packed edit examples, and every PLAIN_EVERY-th plain code.

    Row g of the stream depends only on (seed, g), so a resumed run sees the same batches.
    """

    def __init__(self, data_dir: Path, split: str, seed: int, copy_from_row: int | None = None,
                 plain_every: int = PLAIN_EVERY, prompt_weight: float | None = None,
                 edit_weight: float | None = None, shuffle: int = 0, window_repeat: int = 1,
                 substitution_every: int = 0, resume_weight: float | None = None,
                 kind_repeat: dict[str, int] | None = None, ops_data: str | None = None,
                 ops_every: int = 0):  # fmt: skip
        """`plain_every` 0: no plain rows. `prompt_weight` and `edit_weight` replace the loss weights
        the data was built with (PROMPT_LOSS_WEIGHT, EDIT_LOSS_WEIGHT) without rebuilding it.
        `shuffle` N > 0 draws other epoch orders and rows than the default stream (0): a continued
        run then sees the examples in new packings and order rather than replaying an earlier run's.
        `window_repeat` N > 1: each edit of a window of module lines comes N times per epoch (the
        app sends a long file in windows, and they are the harder kind). `substitution_every` N > 0:
        every Nth row of the main mix is substitution drills (`substitution_row`). `resume_weight`:
        the loss weight of the RESUME_TOKENS answer tokens after each run of edit tokens, where
        the copy picks up again (`resume_weights`). `kind_repeat` {pattern: N}: each edit whose kind
        matches the pattern (fnmatch: "rename_*") comes N times per epoch (its windows N + window_repeat
        - 1 times): more of the edits people ask for most. `ops_data` (a directory of train.jsonl and
        heldout.jsonl: rendered prompts and answers, made by specdraft.training.opdata) and
        `ops_every` N > 0: every Nth row of the main mix packs those examples (reading an instruction
        into operations), the loss on their answers."""
        import numpy as np

        self.data_dir = data_dir
        self.substitution_every = substitution_every
        self.resume_weight = resume_weight
        self._drill_templates: list[tuple] | None = None

        self.copy_from_row = copy_from_row  # from this row on, 2 of every 7 rows are copy drills
        self.plain_every = plain_every
        self.prompt_weight, self.edit_weight = prompt_weight, edit_weight

        self.np = np
        self.ids = np.load(data_dir / f"{split}_edit_ids.npy")
        self.weights = np.load(data_dir / f"{split}_edit_weights.npy")
        self.offsets = np.load(data_dir / f"{split}_edit_offsets.npy")
        self.plain = np.load(data_dir / f"{split}_plain_ids.npy")
        self.seed = seed
        self.shuffle = shuffle
        self.examples = np.arange(len(self.offsets) - 1)  # one epoch's examples, a window's repeated
        if window_repeat > 1 or kind_repeat:
            from fnmatch import fnmatchcase

            lines = (data_dir / f"{split}_edits.jsonl").read_text(encoding="utf-8").splitlines()
            records = [json.loads(line) for line in lines]
            windows = [n for n, record in enumerate(records) if record.get("scope") == "window"]
            more = [np.repeat(np.array(windows, dtype=np.int64), window_repeat - 1)] if window_repeat > 1 else []
            for pattern, times in (kind_repeat or {}).items():
                matched = [n for n, record in enumerate(records) if fnmatchcase(record["kind"], pattern)]
                more.append(np.repeat(np.array(matched, dtype=np.int64), max(0, times - 1)))
            self.examples = np.concatenate([self.examples, *more])
        self._epochs: dict[int, list[list[int]]] = {}
        self._rows_per_epoch: int | None = None
        self.ops_every = ops_every if ops_data else 0
        self.ops = load_chat_examples(Path(ops_data), split, data_dir / "tokenizer.json") if ops_data else None

    def _key(self, *parts: int) -> list[int]:
        """The random generator's seed for one stream position (unchanged from before `shuffle` at 0)."""
        return [self.seed, *parts] if not self.shuffle else [self.seed, *parts, 7_000_003, self.shuffle]

    def _packing(self, epoch: int) -> list[list[int]]:
        """Example indices of each packed row of one epoch (a fresh permutation per epoch)."""
        if epoch not in self._epochs:
            lengths = self.offsets[1:] - self.offsets[:-1]
            order = self.np.random.default_rng(self._key(epoch)).permutation(self.examples)
            rows, row, used = [], [], 0
            for index in order:
                if used + lengths[index] > SEQ_LEN and row:
                    rows.append(row)
                    row, used = [], 0
                row.append(int(index))
                used += int(lengths[index])
            if row:
                rows.append(row)
            self._epochs = {epoch: rows}  # keep one epoch in memory
        return self._epochs[epoch]

    def edit_row(self, k: int):
        np = self.np
        if self._rows_per_epoch is None:
            self._rows_per_epoch = len(self._packing(0))
        epoch, index = divmod(k, self._rows_per_epoch)
        rows = self._packing(epoch)
        index = min(index, len(rows) - 1)  # later epochs may pack into a row or two fewer
        ids = np.zeros(SEQ_LEN, dtype=np.int64)  # pad id 0
        weights = np.zeros(SEQ_LEN, dtype=np.float32)
        used = 0
        for example in rows[index]:
            start, end = self.offsets[example], self.offsets[example + 1]
            ids[used : used + end - start] = self.ids[start:end]
            weights[used : used + end - start] = self.weights[start:end]
            used += end - start
        if self.prompt_weight is not None:
            weights[(weights > 0) & (weights < 0.5)] = self.prompt_weight
        if self.edit_weight is not None:
            weights[weights > 1.5] = self.edit_weight
        return ids, weights

    def plain_row(self, g: int):
        np = self.np
        start = int(np.random.default_rng(self._key(1_000_003, g)).integers(0, len(self.plain) - SEQ_LEN))
        ids = self.plain[start : start + SEQ_LEN].astype(np.int64)
        return ids, np.ones(SEQ_LEN, dtype=np.float32)

    def copy_row(self, g: int, seq_len: int = SEQ_LEN, lengths: tuple[int, int] = (16, 480),
                 random_share: float = 0.5, stream: int = 2_000_003):  # fmt: skip
        """Copy drills: `<|bos|> X <|assistant|> X <|end|>`, loss on the second X and the end only.

        X is `lengths` random tokens (with probability `random_share`) or a window of plain code.
        Random tokens can only be predicted by copying, which teaches the induction (copy) heads
        that edits need much faster than the edit examples alone do.
        """
        np = self.np
        rng = np.random.default_rng(self._key(stream, g))
        ids = np.zeros(seq_len, dtype=np.int64)
        weights = np.zeros(seq_len, dtype=np.float32)
        used = 0
        vocab = int(self.plain.max()) + 1
        while True:
            length = int(rng.integers(lengths[0], min(lengths[1], (seq_len - 3) // 2) + 1))
            if used + 2 * length + 3 > seq_len:
                break
            if rng.random() < random_share:
                segment = rng.integers(len(editprompt.SPECIAL_TOKENS), vocab, size=length)
            else:
                start = int(rng.integers(0, len(self.plain) - length))
                segment = self.plain[start : start + length].astype(np.int64)
                segment[segment < len(editprompt.SPECIAL_TOKENS)] = len(editprompt.SPECIAL_TOKENS)
            pair = np.concatenate([[1], segment, [5], segment, [2]])  # bos, X, <|assistant|>, X, <|end|>
            ids[used : used + len(pair)] = pair
            weights[used + length + 2 : used + len(pair)] = 1.0
            used += len(pair)
        return ids, weights

    def substitution_row(self, g: int, seq_len: int = SEQ_LEN, stream: int = 4_000_037):
        """Substitution drills (`substitution_example`) packed into one row, the loss on the answers."""
        np = self.np
        rng = np.random.default_rng(self._key(stream, g))
        ids = np.zeros(seq_len, dtype=np.int64)
        weights = np.zeros(seq_len, dtype=np.float32)
        used = 0
        while True:
            prompt, answer, answer_weights = self.substitution_example(rng)[:3]
            if used + len(prompt) + len(answer) > seq_len:
                break
            ids[used : used + len(prompt) + len(answer)] = prompt + answer
            weights[used + len(prompt) : used + len(prompt) + len(answer)] = answer_weights
            used += len(prompt) + len(answer)
        return ids, weights

    def substitution_example(self, rng) -> tuple[list[int], list[int], list[float], list[int], list[int], list[int]]:
        """One drill: (prompt, answer ending in <|end|>, the answer's loss weights, A, B, X): the
        edit prompt asking to replace A with B in X, answered by X with every A replaced by B (the
        B tokens at the edit weight).

        A and B are 1-3 and 1-4 random tokens; X is 16-240 random tokens with A put in 1-4 times,
        or a window of plain code with one of its own 1-2 token n-grams as A. No guess can write B:
        only a model that finds A in the instruction and copies what follows it can, which the
        edit examples teach slowly (run 12 still wrote corpus words of its own for new names).
        The instruction's words come from a few templates (`SUBSTITUTION_TEMPLATES`); the edit
        examples teach the phrasings."""
        templates = self._substitution_templates()
        low, vocab = len(editprompt.SPECIAL_TOKENS), int(self.plain.max()) + 1
        while True:
            a = [int(t) for t in rng.integers(low, vocab, size=int(rng.integers(1, 4)))]
            b = [int(t) for t in rng.integers(low, vocab, size=int(rng.integers(1, 5)))]
            length = int(rng.integers(16, 241))
            if rng.random() < 0.5:
                x = [int(t) for t in rng.integers(low, vocab, size=length)]
                for position in sorted(rng.choice(length, size=int(rng.integers(1, 5)), replace=False), reverse=True):
                    x[int(position) : int(position)] = a
            else:
                start = int(rng.integers(0, len(self.plain) - length))
                x = [max(int(t), low) for t in self.plain[start : start + length]]
                n = int(rng.integers(1, 3))
                at = int(rng.integers(0, length - n))
                a = x[at : at + n]
            answer, weights, i = [], [], 0
            while i < len(x):
                if x[i : i + len(a)] == a:
                    answer += b
                    weights += [EDIT_LOSS_WEIGHT] * len(b)
                    i += len(a)
                else:
                    answer.append(x[i])
                    weights.append(1.0)
                    i += 1
            if b == a or answer == x:
                continue
            a_first, head, between, before_file, after_file = templates[int(rng.integers(0, len(templates)))]
            first, second = (a, b) if a_first else (b, a)  # "use {b} instead of {a}": the new text first
            prompt = [*head, *first, *between, *second, *before_file, *x, *after_file]
            return prompt, [*answer, 2], [*weights, 1.0], a, b, x  # 2: <|end|>

    def _substitution_templates(self) -> list[tuple]:
        """Each of SUBSTITUTION_TEMPLATES as (whether A comes before B, then token ids: the prompt
        up to the first place, between the two, from the second to the file's text, from the end of
        the file's text to the answer)."""
        if self._drill_templates is None:
            from tokenizers import Tokenizer

            tokenizer = Tokenizer.from_file(str(self.data_dir / "tokenizer.json"))
            self._drill_templates = []
            for template in SUBSTITUTION_TEMPLATES:
                text = editprompt.render_edit_prompt(template.format(a="\x01", b="\x02"), "\x03", "drill.py")
                a_first = text.index("\x01") < text.index("\x02")
                head, between, rest = re.split("[\x01\x02]", text)
                before_file, after_file = rest.split("\x03\n")
                pieces = [tokenizer.encode(piece, add_special_tokens=False).ids
                          for piece in (head, between, before_file, "\n" + after_file)]  # fmt: skip
                self._drill_templates.append((a_first, *pieces))
        return self._drill_templates

    def ops_row(self, g: int, stream: int = 5_000_011):
        """Examples of reading an instruction into operations packed into one row, in a random order
        of (seed, g); the loss on the answers (weight 1) and lightly on the prompts."""
        np = self.np
        ids_all, weights_all, offsets = self.ops
        rng = np.random.default_rng(self._key(stream, g))
        ids = np.zeros(SEQ_LEN, dtype=np.int64)
        weights = np.zeros(SEQ_LEN, dtype=np.float32)
        used = 0
        for _ in range(64):
            k = int(rng.integers(0, len(offsets) - 1))
            start, end = int(offsets[k]), int(offsets[k + 1])
            if used + end - start > SEQ_LEN:
                break
            ids[used : used + end - start] = ids_all[start:end]
            weights[used : used + end - start] = weights_all[start:end]
            used += end - start
        return ids, weights

    def row(self, g: int):
        if self.ops_every and g % self.ops_every == 0:
            return self.ops_row(g)
        every = self.plain_every
        if every and g % every == every - 1:
            return self.plain_row(g)
        if self.copy_from_row is not None and g >= self.copy_from_row and g % 7 in (1, 4):
            return self.copy_row(g)
        if self.substitution_every and g % self.substitution_every == self.substitution_every // 2:
            return self.substitution_row(g)
        return self.edit_row(g - (g + 1) // every if every else g)

    def drill_batch(self, step: int):
        """A batch of the copy curriculum: COPY_ROWS rows of COPY_SEQ_LEN tokens, mostly random."""
        import torch

        rows = [self.copy_row(step * COPY_ROWS + j, COPY_SEQ_LEN, (8, 64), 0.7, 3_000_017) for j in range(COPY_ROWS)]
        return torch.from_numpy(self.np.stack([r[0] for r in rows])), torch.from_numpy(self.np.stack([r[1] for r in rows]))

    def batch(self, step: int, batch_size: int):
        return self.rows(step * batch_size, batch_size)

    def rows(self, first: int, count: int):
        """Rows first .. first+count-1 of the mix, as (ids, weights) tensors."""
        import torch

        rows = [self.row(first + j) for j in range(count)]
        ids = torch.from_numpy(self.np.stack([r[0] for r in rows]))
        weights = torch.from_numpy(self.np.stack([r[1] for r in rows]))
        if self.resume_weight is not None:
            weights = resume_weights(weights, self.resume_weight)
        return ids, weights


RESUME_TOKENS = 2  # answer tokens after an edit weighted as where the copy resumes (resume_weights)


def resume_weights(weights, weight: float, span: int = RESUME_TOKENS):
    """`weights` ([rows, S]) with the first `span` copied answer tokens after each run of edit
    tokens (weight above 1: EDIT_LOSS_WEIGHT, or the drills' B) set to `weight`.

    Where the copy picks up after an edit is a decision as hard as the edit: on held-out edits
    run 13's loss there is 0.92-0.96 nats a token (0.68 on edit tokens, 0.02 on other copied
    ones), and its failed renames mostly go wrong there, writing on instead of copying the rest
    of the line. At weight 1 those tokens had a fifteenth of the edit tokens' share of the loss."""
    edit, copied = weights > 1.0, weights == 1.0
    out, length = weights.clone(), weights.shape[1]
    for shift in range(1, span + 1):  # token i: an edit token at i - shift, copied ones from there to i
        resume = edit[:, : length - shift].clone()
        for j in range(1, shift + 1):
            resume &= copied[:, j : length - shift + j]
        out[:, shift:] = out[:, shift:].masked_fill(resume, weight)
    return out


# the instructions of the substitution drills (Batches.substitution_row): {a} the old tokens, {b} the new
SUBSTITUTION_TEMPLATES = ["Rename {a} to {b}.", "rename `{a}` to `{b}` everywhere", "{a} -> {b}",
                          "Replace {a} with {b}.", "please change {a} to {b} throughout the file",
                          "use {b} instead of {a}"]  # fmt: skip


def load_chat_examples(directory: Path, split: str, tokenizer_path: Path):
    """(ids, weights, offsets) of ``directory/split.jsonl``'s examples ({"prompt", "answer"} rendered
    texts), tokenized with ``tokenizer_path``; cached beside them as .npy, keyed by the tokenizer."""
    import hashlib

    import numpy as np
    from tokenizers import Tokenizer

    source = directory / f"{split}.jsonl"
    if not source.is_file():
        raise SystemExit(f"--ops-data: {source} does not exist: make it with python -m specdraft.training.opdata --out {directory}")
    key = hashlib.sha256(tokenizer_path.read_bytes() + source.read_bytes() + f"{CHAT_MAX_TOKENS}".encode()).hexdigest()[:16]
    cache = directory / f"{split}.{key}.npz"
    if cache.is_file():
        data = np.load(cache)
        return data["ids"], data["weights"], data["offsets"]
    tokenizer = Tokenizer.from_file(str(tokenizer_path))
    ids_all: list[int] = []
    weights_all: list[float] = []
    offsets = [0]
    skipped = 0
    with open(source, encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            prompt = tokenizer.encode(record["prompt"], add_special_tokens=False).ids
            answer = tokenizer.encode(record["answer"], add_special_tokens=False).ids
            if len(prompt) + len(answer) > CHAT_MAX_TOKENS:
                skipped += 1
                continue
            ids_all += prompt + answer
            weights_all += [PROMPT_LOSS_WEIGHT] * len(prompt) + [1.0] * len(answer)
            weights_all[offsets[-1]] = 0.0  # nothing predicts the BOS token
            offsets.append(len(ids_all))
    if skipped:
        print(f"--ops-data: {skipped} of {skipped + len(offsets) - 1} examples in {source} are longer than "
              f"{CHAT_MAX_TOKENS} tokens, left out", file=sys.stderr)
    arrays = {"ids": np.asarray(ids_all, dtype=np.uint16), "weights": np.asarray(weights_all, dtype=np.float16),
              "offsets": np.asarray(offsets, dtype=np.int64)}  # fmt: skip
    np.savez(cache, **arrays)
    return arrays["ids"], arrays["weights"], arrays["offsets"]


def validation_rows(data_dir: Path, n_edit_rows: int, n_plain_rows: int, seed: int, ops_data: str | None = None) -> dict:
    """Fixed held-out rows: packed held-out edits (weights: answer tokens only) and plain code; with
    `ops_data`, held-out operation-reading examples too ("ops")."""
    import numpy as np
    import torch

    held = Batches(data_dir, "heldout", seed, ops_data=ops_data, ops_every=1 if ops_data else 0)
    edit = [held.edit_row(k) for k in range(n_edit_rows)]
    edit_ids = torch.from_numpy(np.stack([r[0] for r in edit]))
    edit_weights = torch.from_numpy(np.stack([(r[1] >= 1.0).astype(np.float32) for r in edit]))
    plain = held.plain
    n_plain_rows = min(n_plain_rows, len(plain) // SEQ_LEN)
    plain_ids = torch.from_numpy(plain[: n_plain_rows * SEQ_LEN].astype(np.int64).reshape(n_plain_rows, SEQ_LEN))
    rows = {"edit": (edit_ids, edit_weights), "plain": (plain_ids, torch.ones_like(plain_ids, dtype=torch.float32))}
    if ops_data:
        ops = [held.ops_row(k) for k in range(n_edit_rows)]
        rows["ops"] = (torch.from_numpy(np.stack([r[0] for r in ops])),
                       torch.from_numpy(np.stack([(r[1] >= 1.0).astype(np.float32) for r in ops])))  # fmt: skip
    return rows


# ---------------------------------------------------------------------------------------------
# model training


def weighted_loss(model, ids, weights, doc_mask: bool = False):
    """Weighted next-token cross-entropy (mean over the weights) of a batch of rows.

    `doc_mask`: each example of a packed row (from its `<|bos|>` on) attends only to itself, as
    at inference, where a prompt is alone; without it a row's later examples also see the
    earlier ones (another edit's instruction among them)."""
    import torch.nn.functional as F

    inputs = ids[:, :-1]
    segments = (inputs == BOS_ID).cumsum(-1) if doc_mask else None
    logits = model(inputs, segments=segments)  # [B, S-1, V]
    losses = F.cross_entropy(logits.float().flatten(0, 1), ids[:, 1:].flatten(), reduction="none")
    target_weights = weights[:, 1:].flatten()  # weight of the token being predicted
    return (losses * target_weights).sum() / target_weights.sum().clamp_min(1e-6)


def evaluate_loss(model, rows: dict, batch_size: int = 4, doc_mask: bool = False) -> dict[str, float]:
    """Mean weighted loss of each named set of rows (rows on the model's device)."""
    import torch

    model.eval()
    out = {}
    device_type = next(model.parameters()).device.type
    with torch.no_grad(), torch.autocast(device_type, dtype=torch.bfloat16):
        for name, (ids, weights) in rows.items():
            total, count = 0.0, 0.0
            for i in range(0, len(ids), batch_size):
                w = weights[i : i + batch_size]
                n = float(w[:, 1:].sum())
                if n:
                    total += float(weighted_loss(model, ids[i : i + batch_size], w, doc_mask)) * n
                    count += n
            out[name] = total / max(count, 1.0)
    model.train()
    return out


DECAY_FRACTION = 0.2  # the last 20% of the steps decay the learning rate linearly to 10%


def decay_start(total: int, start: int = 0) -> int:
    """The step at which a run's rate starts to decay: the last DECAY_FRACTION of its steps
    counted from `start` (0; an extension's first step, see `choose_total`)."""
    return start + int((total - start) * (1 - DECAY_FRACTION))


def lr_at(step: int, total: int | None, peak: float, warmup: int, decay_from: int | None = None) -> float:
    """Warm-up, stable, decay (WSD): linear warm-up, constant, then linear decay to 10% at `total`,
    from `decay_from` (default `decay_start(total)`).

    While `total` is unknown (a time budget, not a step count) the rate stays constant, so the
    step at which decay starts can be decided late, from the measured speed, without changing
    any rate already used: the run equals a fixed-steps run with that `total`.
    """
    if step < warmup:
        return peak * (step + 1) / warmup
    begin = decay_start(total) if total is not None and decay_from is None else decay_from
    if total is None or step < begin:
        return peak
    progress = (step - begin) / max(1, total - begin)
    return peak * (1.0 - 0.9 * min(1.0, progress))


def choose_total(step: int, elapsed: float, budget: float, recent_step_s: float, start: int = 0) -> int | None:
    """In time-budget mode: the total step count once decay must start to end within `budget`.

    The decay is the last DECAY_FRACTION of the steps from `start`: 0 for a run's first budget, the
    step an extension (`--extend-minutes`) began at for one, so that an extension of a long run
    decays over a fifth of its own steps, not of every step since the run began (at step 8,000
    that would be 2,000 steps, more than a session's extension has). Returns None while there is
    time for more stable steps; else a total T with decay_start(T, start) == step.
    """
    remaining = budget - elapsed
    run = step - start
    if remaining > recent_step_s * (run / (1 - DECAY_FRACTION) - run):
        return None
    total = max(step + 1, start + int(run / (1 - DECAY_FRACTION)))
    while decay_start(total, start) < step:
        total += 1
    while total > step + 1 and decay_start(total - 1, start) >= step:
        total -= 1
    return total


def grow(small, big) -> None:
    """Load into ``big`` a wider, deeper copy of the trained ``small`` model that computes the same
    function (up to RMSNorm's epsilon): the small model's weights in the first dimensions, heads,
    units and layers; zeros in every projection that writes to the residual stream from the new
    parts (new heads, units and layers start silent and learn); the RMSNorm gains scaled by
    sqrt(d / D), since the root mean square of [x, 0] over D dimensions is that much smaller.
    Both tied; the same head size and query heads per key/value head (query head h uses kv head
    h // group, so the small model's heads form the first groups).
    """
    import math

    sa, ba = small.args, big.args
    d, hd = sa.dim, sa.dim // sa.n_head
    if not (sa.tie_word_embeddings and ba.tie_word_embeddings and hd == ba.dim // ba.n_head
            and sa.n_head // sa.n_kv_heads == ba.n_head // ba.n_kv_heads and ba.dim >= d
            and ba.n_layer >= sa.n_layer and ba.n_head >= sa.n_head
            and ba.intermediate_size >= sa.intermediate_size):  # fmt: skip
        raise ValueError("grow: the big model must be a tied, wider and deeper model with the same head layout")
    scale = math.sqrt(d / ba.dim)
    small_state = small.state_dict()
    state = {k: v.detach().clone() for k, v in big.state_dict().items()}
    state["tok_embeddings.weight"][:, :d] = small_state["tok_embeddings.weight"]
    state["tok_embeddings.weight"][:, d:] = 0
    state["output.weight"] = state["tok_embeddings.weight"]  # tied: one tensor under two names
    state["norm.weight"].fill_(scale)
    state["norm.weight"][:d] = small_state["norm.weight"] * scale
    q, kv = sa.n_head * hd, sa.n_kv_heads * hd
    big_q, big_kv = ba.n_head * hd, ba.n_kv_heads * hd
    inter, big_inter = sa.intermediate_size, ba.intermediate_size
    for layer in range(ba.n_layer):
        p = f"layers.{layer}."
        wo, w2 = state[p + "attention.wo.weight"], state[p + "feed_forward.w2.weight"]
        wo.zero_()
        w2.zero_()
        if layer >= sa.n_layer:  # a new layer: adds nothing to the residual stream yet
            continue
        for norm in ("attention_norm.weight", "ffn_norm.weight"):
            state[p + norm].fill_(scale)
            state[p + norm][:d] = small_state[p + norm] * scale
        wqkv, small_qkv = state[p + "attention.wqkv.weight"], small_state[p + "attention.wqkv.weight"]
        for big_start, small_start, rows in ((0, 0, q), (big_q, q, kv), (big_q + big_kv, q + kv, kv)):
            wqkv[big_start : big_start + rows, :d] = small_qkv[small_start : small_start + rows]
            wqkv[big_start : big_start + rows, d:] = 0
        wo[:d, :q] = small_state[p + "attention.wo.weight"]
        w13, small_13 = state[p + "feed_forward.w13.weight"], small_state[p + "feed_forward.w13.weight"]
        w13[:inter, :d] = small_13[:inter]  # gate
        w13[big_inter : big_inter + inter, :d] = small_13[inter:]  # up
        w2[:d, :inter] = small_state[p + "feed_forward.w2.weight"]
    big.load_state_dict(state)


def _shown_path(path: Path) -> str:
    """`path` relative to the working directory when it lies inside it, so a record says the
    same on every machine."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


_STOP = threading.Event()  # set by SIGTERM / SIGINT: the training loop saves its step and exits


def _stop_cleanly() -> None:
    """SIGTERM and SIGINT stop training after the step under way, its checkpoint saved (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: _STOP.set())


def train_model(spec: ModelSpec, work: Path, seed: int, minutes: float | None, steps: int | None,
                eval_every: int = 200, ckpt_every_s: float = 180.0, val_rows: tuple[int, int] = (24, 8),
                progress: bool = True, stop_after: int | None = None,
                extend_minutes: float | None = None, copy_from_step: int | None = None,
                init_from: Path | None = None, mix: dict | None = None, compile: bool = False,
                device: str = "cpu", lr: float | None = None):  # fmt: skip
    """Train one model (resuming from work/<name>/ckpt.pt); returns (model on the CPU, summary dict).

    `device` ("cpu", "cuda", "cuda:1") is where the steps run, under bfloat16 autocast there too;
    checkpoints are device-free, so a run started on one machine resumes on another.

    `compile` runs the forward and loss under torch.compile: faster after a minute of compiling, the
    same losses to ~1e-5. Where compiling fails it logs why and trains eagerly.

    `stop_after` pauses after that many steps of this call, with a checkpoint to resume from.
    `copy_from_step` mixes copy drills into the batches from that step on (kept in the checkpoint).
    `init_from` (an exported model directory) starts a new run from those weights instead of from
    scratch (or a grown model), with a fresh optimizer and no copy curriculum: more training for a
    pair shipped by an earlier machine whose checkpoints are gone.
    `mix` (Batches' plain_every, prompt_weight, edit_weight) changes the rows and loss weights of
    the main mix; it is kept in the checkpoint, like `copy_from_step`.
    `extend_minutes` reopens a run for that much more time: the rate returns to its peak (no
    warm-up: the optimizer state is warm) and a new decay, over the last fifth of the extension's
    own steps, is placed by the time budget (`choose_total`).
    `lr` replaces the spec's peak learning rate; it is kept in the checkpoint, so a resume without
    it goes on at its run's rate (before, a run started at 3e-4 reopened at the spec's 1.5e-3).
    """
    import torch

    data_dir = work / "data"
    run_dir = work / spec.name
    run_dir.mkdir(parents=True, exist_ok=True)
    ckpt_path, log_path = run_dir / "ckpt.pt", run_dir / "log.jsonl"
    data = json.loads((data_dir / "data.json").read_text())
    from specdraft.engine.model import Transformer

    torch.manual_seed(seed)
    args = spec.model_args(data["vocab_size"])
    model = Transformer(args)
    model.init_weights(0.02)
    dev = torch.device(device)
    model.to(dev)
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}],
        lr=spec.lr, betas=(0.9, 0.95), eps=1e-8,
    )  # fmt: skip
    if init_from is not None and not ckpt_path.is_file():
        from specdraft.engine import checkpoint

        shipped = checkpoint.load_model(init_from)
        model.load_state_dict(shipped.state_dict())
        log(f"{spec.name}: starts from the weights in {init_from}")
    elif spec.grow_from and not ckpt_path.is_file():
        small_ckpt = work / spec.grow_from / "ckpt.pt"
        if not small_ckpt.is_file():
            raise SystemExit(f"{spec.name} starts from the trained {spec.grow_from}: train that first "
                             f"(--models {spec.grow_from},{spec.name})")  # fmt: skip
        small = Transformer(SPECS[spec.grow_from].model_args(data["vocab_size"]))
        small.load_state_dict(torch.load(small_ckpt, map_location="cpu", weights_only=True)["model"])
        grow(small, model)
        log(f"{spec.name}: starts from the trained {spec.grow_from}, grown to this shape")
    state = {"batch_size": spec.batch_size, "step": 0, "total_steps": steps, "elapsed": 0.0, "wall": 0.0, "tokens": 0,
             "copy_end": None if spec.copy_steps and init_from is None else 0}  # fmt: skip
    if init_from is not None:
        state["init_from"] = _shown_path(init_from)
    if ckpt_path.is_file():
        saved = torch.load(ckpt_path, map_location="cpu", weights_only=True)
        model.load_state_dict(saved["model"])
        optimizer.load_state_dict(saved["optimizer"])
        state.update(saved["state"])
        if steps is not None:
            state["total_steps"] = steps
            state.pop("decay_from", None)  # a step count given: its last fifth decays
        if extend_minutes is not None:
            state.setdefault("phases", []).append({"steps": state["step"], "wall": state["wall"]})
            state["total_steps"], state["wall"], minutes = None, 0.0, extend_minutes
            state.pop("decay_from", None)
        log(f"{spec.name}: resumed at step {state['step']} of {state['total_steps']}")
        before = state.get("batch_size", SPECS[spec.name].batch_size if spec.name in SPECS else spec.batch_size)
        if before != spec.batch_size and state.get("copy_end") is not None:  # go on from the next unseen row
            main_step = state["step"] - state["copy_end"]
            state["row_base"] = state.get("row_base", 0) + (main_step - state.get("row_base_step", 0)) * before
            state["row_base_step"] = main_step
            log(f"{spec.name}: batch of {spec.batch_size} rows from here (was {before}), from row {state['row_base']}")
        state["batch_size"] = spec.batch_size
        if log_path.is_file():  # drop log lines of steps after the checkpoint: they are redone
            lines = log_path.read_text(encoding="utf-8").splitlines()
            kept = [line for line in lines if json.loads(line)["step"] <= state["step"]]
            log_path.write_text("".join(line + "\n" for line in kept), encoding="utf-8")
    if lr is not None:
        state["peak_lr"] = lr
    spec = replace(spec, lr=state.setdefault("peak_lr", spec.lr))
    non_embedding = sum(p.numel() for n, p in model.named_parameters() if "tok_embeddings" not in n and "output" not in n)
    total_params = sum(p.numel() for p in model.parameters())
    log(f"{spec.name}: {non_embedding / 1e6:.2f}M non-embedding, {total_params / 1e6:.2f}M parameters")

    if "copy_from_step" not in state:  # decided once, at the start or the first resume that asks
        state["copy_from_step"] = None if copy_from_step is None else max(copy_from_step, state["step"])
    copy_from = state["copy_from_step"]
    state.setdefault("mix", dict(mix or {}))
    for key in ("doc_mask", "resume_weight", "kind_repeat"):  # turned on at a resume: kept from here
        if (mix or {}).get(key) and not state["mix"].get(key):
            state["mix"][key] = mix[key]
            state["mix"].setdefault(f"{key}_from_step", state["step"])
    rows_mix = {k: v for k, v in state["mix"].items() if k != "doc_mask" and not k.endswith("_from_step")}  # Batches' own
    doc_mask = bool(state["mix"].get("doc_mask"))
    batches = Batches(data_dir, "train", seed, None if copy_from is None else copy_from * spec.batch_size, **rows_mix)
    if state["mix"]:
        log(f"{spec.name}: mix {state['mix']}")
    if copy_from is not None:
        log(f"{spec.name}: copy drills from step {copy_from}")
    val_pairs = validation_rows(data_dir, *val_rows, seed=seed, ops_data=rows_mix.get("ops_data"))
    val = {name: tuple(t.to(dev) for t in pair) for name, pair in val_pairs.items()}
    warmup = 50
    loss_fn = torch.compile(weighted_loss) if compile else weighted_loss

    def save_checkpoint() -> None:
        tmp = ckpt_path.with_suffix(".tmp")
        cpu_model = {k: v.detach().cpu() for k, v in model.state_dict().items()}
        torch.save({"model": cpu_model, "optimizer": optimizer.state_dict(), "state": state}, tmp)
        os.replace(tmp, ckpt_path)

    def write_log(record: dict) -> None:
        with open(log_path, "a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")

    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=state["total_steps"], initial=state["step"], desc=spec.name, mininterval=20,
                   file=sys.stderr, dynamic_ncols=False, ncols=100)  # fmt: skip
    model.train()
    _stop_cleanly()
    last_ckpt = time.time()
    recent: list[float] = []  # wall seconds of the last steps, evaluation and checkpoints included
    budget = (minutes or 0.0) * 60
    first_step = state["step"]
    while state["total_steps"] is None or state["step"] < state["total_steps"]:
        step = state["step"]
        if state["total_steps"] is None and len(recent) >= 10 and step >= warmup:
            per_step = sorted(recent)[len(recent) // 2] * 1.05  # median, plus a margin for evaluations
            start = state["phases"][-1]["steps"] if state.get("phases") else 0  # an extension's first step
            total = choose_total(step, state["wall"], budget, per_step, start)
            if total is not None:
                state["total_steps"], state["decay_from"] = total, step
                log(f"{spec.name}: decay starts at step {step}; total {total} steps "
                    f"({per_step:.2f} s/step, {state['wall'] / 60:.1f} of {budget / 60:.1f} min used)")  # fmt: skip
                if bar is not None:
                    bar.total = total
        t0 = time.time()
        drilling = state.get("copy_end") is None
        peak = spec.copy_lr if drilling and spec.copy_lr else spec.lr
        lr = lr_at(step, state["total_steps"], peak, warmup, state.get("decay_from"))  # none: a run decided before
        for group in optimizer.param_groups:
            group["lr"] = lr
        if drilling:
            ids, weights = batches.drill_batch(step)
        else:  # the main mix numbers its rows from the end of the curriculum
            main_step = step - state["copy_end"]
            first = state.get("row_base", 0) + (main_step - state.get("row_base_step", 0)) * spec.batch_size
            ids, weights = batches.rows(first, spec.batch_size)
        ids, weights = ids.to(dev, non_blocking=True), weights.to(dev, non_blocking=True)
        with torch.autocast(dev.type, dtype=torch.bfloat16):
            try:
                loss = loss_fn(model, ids, weights, doc_mask)
            except Exception as error:  # noqa: BLE001 - compiling failed: the same step, eagerly
                if loss_fn is weighted_loss:
                    raise
                log(f"{spec.name}: torch.compile failed, training without it: {str(error).splitlines()[0]}")
                loss_fn = weighted_loss
                loss = loss_fn(model, ids, weights, doc_mask)
        state["compiled"] = loss_fn is not weighted_loss  # how the last step ran (kept on resume)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        dt = time.time() - t0
        state["step"] = step + 1
        state["elapsed"] += dt
        step_tokens = ids.numel()
        state["tokens"] += step_tokens
        record = {"model": spec.name, "step": step + 1, "loss": round(loss.item(), 4), "lr": lr,
                  "grad_norm": round(float(grad_norm), 3), "tok_s": round(step_tokens / dt),
                  "elapsed_s": round(state["elapsed"], 1), "tokens": state["tokens"]}  # fmt: skip
        if drilling:
            record["phase"] = "copy"
            drill_losses = (state.get("drill_losses", []) + [loss.item()])[-20:]
            state["drill_losses"] = drill_losses
            copies = len(drill_losses) == 20 and sum(drill_losses) / 20 < COPY_DONE_LOSS
            if copies or state["step"] >= spec.copy_steps:
                state["copy_end"] = state["step"]
                state["copy_end_tokens"] = state["tokens"]
                recent = []  # main-mix steps take a different time
                log(f"{spec.name}: copy curriculum ends at step {state['step']} (drill loss "
                    f"{sum(drill_losses) / len(drill_losses):.3f}{'' if copies else ', step limit'})")  # fmt: skip
        last = state["total_steps"] is not None and state["step"] >= state["total_steps"]
        pause = stop_after is not None and state["step"] - first_step >= stop_after
        if state["step"] % eval_every == 0 or last:
            record.update({f"val_{k}": round(v, 4) for k, v in evaluate_loss(model, val, doc_mask=doc_mask).items()})
            log(f"{spec.name} step {state['step']}: loss {record['loss']:.3f}, val edit "
                f"{record['val_edit']:.3f}, val plain {record['val_plain']:.3f}")  # fmt: skip
            state["last_val"] = {k: v for k, v in record.items() if k.startswith("val_")}
        write_log(record)
        if bar is not None:
            bar.update(1)
            bar.set_postfix(loss=f"{loss.item():.3f}", tok_s=record["tok_s"], refresh=False)
        wall = time.time() - t0
        state["wall"] += wall
        recent = (recent + [wall])[-30:]
        stopping = _STOP.is_set()
        if time.time() - last_ckpt > ckpt_every_s or last or pause or stopping:
            save_checkpoint()
            last_ckpt = time.time()
        if stopping:  # SIGTERM / SIGINT: the step is saved; the same command resumes from it
            log(f"{spec.name}: stopped at step {state['step']}; checkpoint {_shown_path(ckpt_path)} saved: "
                "run the same command to resume")  # fmt: skip
            raise SystemExit(0)
        if pause:
            break
    if bar is not None:
        bar.close()
    summary = {
        "model": spec.name, "spec": asdict(spec), "non_embedding_params": non_embedding,
        "copy_from_step": state.get("copy_from_step"), "mix": state.get("mix", {}), "phases": state.get("phases", []),
        "init_from": state.get("init_from"), "copy_curriculum_steps": state.get("copy_end"), "copy_curriculum_tokens": state.get("copy_end_tokens"),
        "copy_curriculum_loss": round(sum(state.get("drill_losses", [0.0])) / max(1, len(state.get("drill_losses", []))), 4),
        "params": total_params, "steps": state["step"], "tokens": state["tokens"],
        "train_seconds": round(state["elapsed"], 1),
        "tokens_per_second": round(state["tokens"] / max(state["elapsed"], 1e-9)),
        "final_train_loss": _recent_loss(log_path), **state.get("last_val", {}), "cpu": _cpu_name(),
        "device": torch.cuda.get_device_name(dev) if dev.type == "cuda" else "cpu",
        "compiled": state.get("compiled", False),
    }  # fmt: skip
    (run_dir / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return model.cpu().eval(), summary


def _recent_loss(log_path: Path, last: int = 50) -> float | None:
    """Mean training loss over the last `last` logged steps (one step's loss is noisy)."""
    if not log_path.is_file():
        return None
    losses = [json.loads(line)["loss"] for line in log_path.read_text().splitlines()[-last:]]
    return round(sum(losses) / len(losses), 4) if losses else None


def export(model, work: Path, out_dir: Path) -> Path:
    """Write one model in the Hugging Face layout (bf16 safetensors, tokenizer, chat template)."""
    import torch
    from tokenizers import Tokenizer as Backend

    from specdraft.engine import checkpoint

    tokenizer = engine_tokenizer(Backend.from_file(str(work / "data" / "tokenizer.json")))
    generation = {"bos_token_id": 1, "eos_token_id": 2, "pad_token_id": 0, "do_sample": False}
    checkpoint.save(model, out_dir, tokenizer, dtype=torch.bfloat16, generation_config=generation)
    return out_dir


PHASES_FILE = "training.json"  # beside the weights: every training run that made them, oldest first


def shipped_phases(model_dir: Path) -> list[dict]:
    """The training runs recorded beside exported weights ([] when none is)."""
    path = model_dir / PHASES_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []


def record_phases(out_dir: Path, previous: list[dict], summary: dict) -> list[dict]:
    """Write out_dir/training.json: the runs the starting weights came from, then this one."""
    phases = [*previous, summary]
    (out_dir / PHASES_FILE).write_text(json.dumps(phases, indent=1) + "\n", encoding="utf-8")
    return phases


def phase_totals(phases: list[dict]) -> dict:
    """One summary for weights trained in several runs: counts add up, losses are the last run's."""
    total = dict(phases[-1])
    for key in ("steps", "tokens", "train_seconds", "copy_curriculum_steps"):
        values = [p.get(key) for p in phases if p.get(key) is not None]
        total[key] = sum(values) if values else None
    if total.get("tokens") and total.get("train_seconds"):
        total["tokens_per_second"] = round(total["tokens"] / total["train_seconds"])
    return total


# ---------------------------------------------------------------------------------------------
# evaluation


def select_examples(heldout_jsonl: Path, per_kind: int, scope: str = "snippet") -> list[dict]:
    """The first `per_kind` held-out edits of each kind and `scope` ("snippet": one function or
    class; "window": lines of a module) (the file is already shuffled, seeded)."""
    chosen: dict[str, list[dict]] = {}
    for line in heldout_jsonl.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("scope", "snippet") != scope:
            continue
        bucket = chosen.setdefault(record["kind"], [])
        if len(bucket) < per_kind:
            bucket.append(record)
    return [r for kind in sorted(chosen) for r in chosen[kind]]


def evaluate_pair(out_dir: Path, heldout_jsonl: Path, per_kind: int = 10, speed_per_kind: int = 2,
                  max_new_tokens: int | None = None) -> dict:  # fmt: skip
    """Greedy exact match per edit kind on held-out edits; drafter statistics and speed-ups.

    Every example is decoded by the target with the EditDrafter (lossless: the same tokens as
    plain greedy decoding); `speed_per_kind` examples of each kind are also decoded plainly and
    with the ModelDrafter (the builtin draft), to check equality and time them. The draft model's
    own exact match is measured the same way. Writes OUT/eval.json and returns it.
    """
    import torch

    from specdraft.engine import checkpoint
    from specdraft.engine.generate import generate

    try:
        from specdraft.engine.drafters import EditDrafter, ModelDrafter
        from specdraft.engine.speculative import speculative_generate
    except ImportError:  # before the speculative engine exists: plain greedy only
        speculative_generate = None

    target = checkpoint.load(out_dir)
    draft = checkpoint.load(out_dir / "draft") if (out_dir / "draft" / "config.json").is_file() else None
    tokenizer = target.require_tokenizer()
    eos = target.eos_token_ids
    examples = select_examples(heldout_jsonl, per_kind)
    context = target.args.max_position_embeddings

    def strip_eos(tokens: list[int]) -> list[int]:
        return tokens[:-1] if tokens and tokens[-1] in eos else tokens

    def decode_with(model, prompt, reference, drafter_name):
        # an answer much longer than the original is wrong anyway: stop there (same cap for every decoder)
        budget = min(context - len(prompt), len(reference) * 5 // 4 + 64)
        if max_new_tokens is not None:
            budget = min(budget, max_new_tokens)
        start = time.perf_counter()
        if drafter_name == "none" or speculative_generate is None:
            tokens = generate(model, prompt, max_new_tokens=budget, eos_ids=eos).tokens
            return strip_eos(tokens), None, time.perf_counter() - start
        drafter = EditDrafter(reference) if drafter_name == "edit" else ModelDrafter(draft.model)
        result = speculative_generate(model, prompt, drafter, budget, eos_ids=eos)
        return strip_eos(result.tokens), result.stats, time.perf_counter() - start

    per_kind_results: dict[str, dict] = {}
    totals: dict[str, dict] = {}
    speed_seen: dict[str, int] = {}
    for number, example in enumerate(examples):
        prompt_text = editprompt.render_edit_prompt(example["instruction"], example["original"], example.get("prompt_path"))
        prompt = tokenizer.encode(prompt_text, add_special_tokens=False)
        reference = tokenizer.encode(example["original"], add_special_tokens=False)
        kind = example["kind"]
        row = per_kind_results.setdefault(kind, {"n": 0, "exact": 0, "draft_exact": 0, "parses": 0})
        tokens, stats, seconds = decode_with(target.model, prompt, reference, "edit")
        text = tokenizer.decode(tokens)
        row["n"] += 1
        row["exact"] += text == example["edited"]
        row["parses"] += _parses(text)
        _accumulate(totals, "edit", stats, seconds, len(tokens))
        if draft is not None:
            d_tokens, _, _ = decode_with(draft.model, prompt, reference, "edit")
            row["draft_exact"] += tokenizer.decode(d_tokens) == example["edited"]
        if speed_seen.get(kind, 0) < speed_per_kind:
            speed_seen[kind] = speed_seen.get(kind, 0) + 1
            plain_tokens, _, plain_s = decode_with(target.model, prompt, reference, "none")
            _accumulate(totals, "plain", None, plain_s, len(plain_tokens))
            _accumulate(totals, "edit_timed", stats, seconds, len(tokens))
            same = {"edit": plain_tokens == tokens}
            if draft is not None and speculative_generate is not None:
                m_tokens, m_stats, m_s = decode_with(target.model, prompt, reference, "model")
                _accumulate(totals, "model", m_stats, m_s, len(m_tokens))
                same["model"] = plain_tokens == m_tokens
            for name, equal in same.items():
                totals.setdefault("lossless_" + name, {"equal": 0, "n": 0})
                totals["lossless_" + name]["equal"] += equal
                totals["lossless_" + name]["n"] += 1
        log(f"eval {number + 1}/{len(examples)} {kind}: exact {text == example['edited']}")
    windows: dict[str, dict] = {}  # windows of module lines, as the app sends a long file: exact match only
    for example in select_examples(heldout_jsonl, per_kind, scope="window"):
        prompt = tokenizer.encode(editprompt.render_edit_prompt(example["instruction"], example["original"], example.get("prompt_path")),
                                  add_special_tokens=False)  # fmt: skip
        reference = tokenizer.encode(example["original"], add_special_tokens=False)
        tokens, stats, seconds = decode_with(target.model, prompt, reference, "edit")
        _accumulate(totals, "edit_windows", stats, seconds, len(tokens))
        text = tokenizer.decode(tokens)
        row = windows.setdefault(example["kind"], {"n": 0, "exact": 0, "unchanged": 0})
        row["n"] += 1
        row["exact"] += text == example["edited"]
        row["unchanged"] += text == example["original"]
    log(f"eval: windows {sum(r['exact'] for r in windows.values())}/{sum(r['n'] for r in windows.values())} exact")
    n = sum(r["n"] for r in per_kind_results.values())
    result = {
        "examples": n, "per_kind": per_kind,
        "exact_match": round(sum(r["exact"] for r in per_kind_results.values()) / max(n, 1), 4),
        "draft_exact_match": round(sum(r["draft_exact"] for r in per_kind_results.values()) / max(n, 1), 4)
        if draft is not None else None,
        "by_kind": per_kind_results, "decoding": _summarise(totals), "threads": torch.get_num_threads(),
    }  # fmt: skip
    if windows:
        n_windows = sum(r["n"] for r in windows.values())
        result["windows"] = {"examples": n_windows, "exact_match": round(sum(r["exact"] for r in windows.values()) / n_windows, 4),
                             "by_kind": dict(sorted(windows.items()))}  # fmt: skip
    (out_dir / "eval.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    log(f"eval: exact match {result['exact_match']:.3f} over {n} held-out edits; {json.dumps(result['decoding'])}")
    return result


def _or_na(value) -> str:
    return "n/a" if value is None else f"{value:.3f}" if isinstance(value, float) else str(value)


def _parses(text: str) -> bool:
    import ast

    try:
        ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def _accumulate(totals: dict, name: str, stats, seconds: float, new_tokens: int) -> None:
    entry = totals.setdefault(name, {"runs": 0, "seconds": 0.0, "new_tokens": 0, "drafted": 0, "accepted": 0, "forwards": 0})
    entry["runs"] += 1
    entry["seconds"] += seconds
    entry["new_tokens"] += new_tokens
    if stats is not None:
        entry["drafted"] += stats.drafted_tokens
        entry["accepted"] += stats.accepted_tokens
        entry["forwards"] += stats.target_forwards


def _summarise(totals: dict) -> dict:
    out = {}
    for name, entry in totals.items():
        if name.startswith("lossless_"):
            out[name] = f"{entry['equal']}/{entry['n']}"
            continue
        summary = {"runs": entry["runs"], "new_tokens": entry["new_tokens"],
                   "tokens_per_s": round(entry["new_tokens"] / max(entry["seconds"], 1e-9), 1)}  # fmt: skip
        if entry["drafted"]:
            summary["acceptance_rate"] = round(entry["accepted"] / entry["drafted"], 4)
            summary["mean_accepted_per_forward"] = round(entry["accepted"] / max(entry["forwards"], 1), 2)
        out[name] = summary
    plain = totals.get("plain")
    for name in ("edit_timed", "model"):
        if plain and name in totals:
            ours = totals[name]["new_tokens"] / max(totals[name]["seconds"], 1e-9)
            theirs = plain["new_tokens"] / max(plain["seconds"], 1e-9)
            out[f"speedup_{name.removesuffix('_timed')}"] = round(ours / theirs, 2)
    return out


# ---------------------------------------------------------------------------------------------
# model card


def _files_by_package(files: list[str]) -> list[str]:
    groups: dict[str, list[str]] = {}
    for path in files:
        package, _, rest = path.partition("/")
        groups.setdefault(package if rest else "", []).append(rest or package)
    lines = []
    for package in sorted(groups):
        names = ", ".join(sorted(groups[package]))
        lines.append(f"- `{package}/`: {names}" if package else f"- top-level modules: {names}")
    return lines


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


TASKS_REPORT = "bench_edits.json"  # beside the weights: `specdraft bench edits --json` on the shipped task set


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "n/a"


def _tasks_section(tasks: dict) -> list[str]:
    """The card's account of `specdraft bench edits` (its --json report, saved as TASKS_REPORT)."""
    total, redraft = tasks["total"], tasks["redraft"]
    lines = ["## Edit tasks as people write them: `specdraft bench edits`\n",
             f"{total['tasks']} tasks on modules written for the evaluation (never in the training data), phrased as "
             "people type them, drafted through the same path as `specdraft edit`, greedy, scored byte for byte "
             "against the expected file (engine/builtin/eval/README.md says how the set was written). A draft is "
             "made by an operation the app's readers read from the instruction (no model run), or by the model (a "
             "text edit, withheld where the model was not sure of it); the two are counted apart. Measured on "
             f"{tasks.get('date', 'n/a')}; reproduce with `specdraft bench edits --model builtin --json`.\n",
             "| kind | tasks | exact | wrong but applied | no draft | read: exact / wrong | model: exact / wrong | "
             "collateral / windows sent |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]  # fmt: skip
    for kind, row in [*tasks["kinds"].items(), ("**all**", total)]:
        lines.append(f"| {kind} | {row['tasks']} | {row['exact']} | {row.get('wrong', 0)} | {row['no_draft']} | "
                     f"{row.get('read_exact', 0)} / {row.get('read_wrong', 0)} of {row.get('read', 0)} | "
                     f"{row.get('model_exact', 0)} / {row.get('model_wrong', 0)} of {row.get('model', 0)} | "
                     f"{row['collateral']} / {row['sent']} |")  # fmt: skip
    lines.append(f"\nRedraft after a reviewer's note ({redraft['tasks']} tasks): the redraft differed from the first "
                 f"draft in {redraft['differed']} and followed the note in {redraft['followed_note']}"
                 + (f"; {redraft['corrected']} notes read as a correction of the instruction"
                    if redraft.get("corrected") else "") + ".\n")  # fmt: skip
    return lines


def write_model_card(out_dir: Path, work: Path) -> Path:
    """engine/builtin/MODEL_CARD.md from the data summary, training summaries and eval.json."""
    data = json.loads((work / "data" / "data.json").read_text())
    summaries = json.loads((work / "train_summary.json").read_text()) if (work / "train_summary.json").is_file() else {}
    for name in ("draft", "target"):
        path = work / name / "summary.json"
        if name not in summaries and path.is_file():
            summaries[name] = json.loads(path.read_text())
    phases = {name: shipped_phases(out_dir / "draft" if name == "draft" else out_dir) for name in ("draft", "target")}
    for name, runs in phases.items():
        if runs:  # the weights' own record wins over this work directory's (one run of several)
            summaries[name] = phase_totals(runs)
    evaluation = json.loads((out_dir / "eval.json").read_text()) if (out_dir / "eval.json").is_file() else None
    tasks_path = out_dir / TASKS_REPORT
    tasks = json.loads(tasks_path.read_text(encoding="utf-8")) if tasks_path.is_file() else None
    packages = (data.get("packages") or {}).get("distributions") or {}
    train_split, held_split = data["splits"]["train"], data["splits"]["heldout"]
    examples = {}
    for line in (work / "data" / "heldout_edits.jsonl").read_text().splitlines():
        record = json.loads(line)
        examples.setdefault(record["kind"], record["instruction"].splitlines()[0])  # a redraft's note follows on later lines
    size = sum(p.stat().st_size for p in out_dir.rglob("*") if p.is_file() and p.suffix in (".safetensors", ".json"))
    out = []
    w = out.append
    w("# specdraft builtin models: a small target and draft pair for mechanical Python edits\n")
    sources = ("the Python standard library and the pure-Python sources of permissively licensed packages"
               if packages else "the Python standard library alone")
    w(f"Two Llama-family decoders trained here, on this project's machine, from {sources}. The target (this directory) rewrites a short Python snippet according to a mechanical instruction; "
      "the draft (`draft/`) shares its tokenizer and drafts tokens for speculative decoding. They exist so that "
      "specdraft runs its whole loop offline with nothing to download, and so that its tests and benchmarks "
      "measure acceptance rates on models that actually copy and edit. They are not general code models.\n")
    if evaluation is not None:
        dec = evaluation["decoding"]
        exact = evaluation["exact_match"]
        windows = evaluation.get("windows") or {}
        verdict = "they rarely make the edit" if exact < 0.15 else "more often than not they miss the edit" if exact < 0.5 else "they make about half of the edits"
        w(f"**Status: they copy, and {verdict}.** Exact match on held-out single-function edits is {exact:.0%} "
          f"(draft {evaluation.get('draft_exact_match') or 0:.0%})"
          + (f", on held-out windows of module lines {windows['exact_match']:.0%}" if windows else "")
          + ": otherwise the target answers with a near-verbatim copy of the snippet, a wrong change, or a slip in the "
          "copy, and on a long file sent in windows it can change windows the instruction is not about. What they "
          "learned well is to copy their input, which is what makes speculative decoding measurable on them: the "
          f"EditDrafter's acceptance rate is {dec.get('edit', {}).get('acceptance_rate', 0):.0%} and the ModelDrafter's "
          f"{dec.get('model', {}).get('acceptance_rate', 0):.0%} on these prompts. Use a real model (a checkpoint directory "
          "or a server) for real edits. `python -m specdraft.engine.training --continue-shipped` trains this pair further.\n")
    if tasks is not None:
        total = tasks["total"]
        w(f"**On edit tasks written outside the project** (`specdraft bench edits`: {total['tasks']} instructions in "
          f"people's words on {len({t['id'].split('-')[0] for t in tasks['results']})} modules it never saw, drafted "
          f"as `specdraft edit` drafts them), {total['exact']} of {total['tasks']} files come out exactly "
          f"right ({total['heldout_exact']} of {total['heldout']} in held-out phrasings), and lines the instruction "
          f"is not about changed in {total['collateral']} of the {total['sent']} windows sent "
          f"({_share(total['collateral'], total['sent'])})"
          + (f"; {total.get('read_exact', 0)} of the exact ones are the app's own reading of plain instructions (an "
             f"operation, no model run), {total.get('model_exact', 0)} the model's" if "read" in total else "")
          + ". See the section on that evaluation below.\n")
    w("Load with the engine (`specdraft.engine.checkpoint.load('engine/builtin')`, `specdraft ... --model builtin`) or with "
      "transformers (`AutoModelForCausalLM.from_pretrained('engine/builtin')`, `AutoTokenizer`, "
      "`apply_chat_template`). Files: `model.safetensors` (bfloat16), `config.json`, `generation_config.json`, "
      f"`tokenizer.json`, `tokenizer_config.json` (with the chat template); the same in `draft/`. Total: {size / 2**20:.1f} MiB.\n")
    w("## Prompt format\n")
    w("Built by `engine/editprompt.py` (`build_edit_messages`, `render_edit_prompt`; the chat template in "
      "tokenizer_config.json renders the same text). Special tokens: " + ", ".join(f"`{t}` ({i})" for i, t in enumerate(editprompt.SPECIAL_TOKENS))
      + f"; `{editprompt.EOS_TOKEN}` is the end-of-sequence token.\n")
    w("````text\n" + editprompt.render_edit_prompt("Rename the parameter `path` to `filename`.",
      "def load(path):\n    with open(path) as f:\n        return f.read()\n", "example.py")
      + "def load(filename):\n    with open(filename) as f:\n        return f.read()\n" + editprompt.EOS_TOKEN + "\n````\n")
    w("The answer is the whole new snippet, verbatim, with no code fence, then the end token. Because most of "
      "the answer is a copy of the original, the original's tokens are an excellent draft (EditDrafter). "
      f"The context is {SEQ_LEN} tokens: prompt and answer together, so about 35-40 lines of code per request; "
      "longer files must be rewritten in windows of lines.\n")
    w("## Data and licence\n")
    w(f"Python {data['python']} standard library source (`{data['stdlib']}` on the training machine), "
      "under the Python Software Foundation License (PSF-2.0); the models are derived from it. Left out: "
      "`test/` and every `tests`/`test_*` file, `idlelib`, `turtledemo`, `lib2to3`, `ensurepip`, `pydoc_data`, "
      "`encodings` (generated codec tables), `site-packages`, `__main__.py` files, files over 400 kB, files that are "
      "not UTF-8 or do not parse. Files are split by a hash of their path: "
      f"{len(train_split['files'])} files for training, {len(held_split['files'])} held out (never seen in training, "
      "neither as plain code nor as edits).\n")
    if packages:
        licences = sorted({row["licence"] for row in packages.values()})
        w(f"Also the pure-Python sources of {len(packages)} installed distributions whose licence is permissive "
          f"({', '.join(licences)}; checked against their metadata, `app/training/editdata.py`), from "
          f"`{data['packages'].get('site', 'site-packages')}`, split by path like the standard library: "
          f"{sum(r['train'] for r in packages.values())} files for training, {sum(r['heldout'] for r in packages.values())} "
          "held out. The models are derived from these too; their licences ask for attribution, which this list gives:\n")
        w("<details><summary>Packages used for training</summary>\n")
        w("| distribution | licence | files (train) | files (held out) |\n|---|---|---:|---:|")
        for name, row in sorted(packages.items(), key=lambda item: item[0].lower()):
            w(f"| {name} | {row['licence']} | {row['train']} | {row['heldout']} |")
        w("\n</details>\n")
    if data.get("data_version", 1) >= 2:
        facts = data.get("generator") or {}  # what the generator said of itself (data version 7 on)
        made = ("specdraft.ops (libcst, rope) makes each edit an operation expresses, `ast`/`tokenize` the few "
                "text edits no operation fits (a comparison swapped, a literal in a body)"
                if data.get("data_version", 0) >= 7 else "a program edits them with `ast`/`tokenize`")  # fmt: skip
        shapes = f"per kind {facts['shapes'][0]}-{facts['shapes'][1]} sentence shapes" if "shapes" in facts else "sentence shapes"
        w("Synthetic edits (`app/training/editdata.py`): functions, methods and classes of 4-60 lines (ASCII only) are cut "
          f"from the files; {made}, and the instruction comes from a phrasing grammar "
          f"(`app/training/phrasing.py`: {shapes} and many verbs; imperative, \"please ...\", \"can you ...\", lower case, terse \"x -> y\"; names "
          "with and without backticks, `()` and their role; scope words such as \"everywhere\"; literals quoted or bare, "
          "\"from A to B\", \"B instead of A\"). A fixed part of the grammar (some shapes, verbs and wrappers) is held "
          "out of training, for evaluation only. Every edited snippet parses, and tests check that it differs exactly "
          "as instructed." + (f" From data version 6, {facts.get('neighbours_share', 0.7):.0%} of the snippets come after the "
          "function, class or method before them at their level, and an edit may be of either: before, every edited "
          "definition was the first of its text, and the models learned to edit the first `def` they saw."
          if data.get("data_version", 0) >= 6 else "") + " Kinds, with a held-out instruction as example:\n")
    else:
        w("Synthetic edits (`app/training/editdata.py`): functions, methods and classes of 4-60 lines (ASCII only) are cut from "
          "the files; a program edits them with `ast`/`tokenize` and writes an instruction in a few phrasings. Every "
          "edited snippet parses, and tests check that it differs exactly as instructed. Kinds, with a held-out "
          "instruction as example:\n")
    w("| kind | train | held out | example instruction |\n|---|---:|---:|---|")
    for kind in sorted(train_split["kinds"]):
        example = examples.get(kind, "").replace("|", "\\|")
        w(f"| {kind} | {train_split['kinds'][kind]} | {held_split['kinds'].get(kind, 0)} | {example} |")
    w("")
    if train_split.get("window_kinds"):
        w("Windows (`generate_window_edits`): a long file reaches a local model in windows of lines, so the same "
          "edits are also made on windows of 6-36 lines of a module, cut at statement boundaries as in the file "
          "(imports, constants, several functions, or methods still indented in their class), three tilings of "
          f"each training file; and for about {data.get('window_unchanged_share') or 0.15:.0%} of the windows the "
          "instruction of another window of the same "
          "file that quotes nothing in this one is answered with the window unchanged (`no_change`): the part "
          "of a file an instruction is not about must come back as it was.\n")
        window_kinds = sorted(set(train_split["window_kinds"]) | set(held_split.get("window_kinds", {})))
        w("| window kind | train | held out |\n|---|---:|---:|")
        for kind in window_kinds:
            w(f"| {kind} | {train_split['window_kinds'].get(kind, 0)} | {held_split.get('window_kinds', {}).get(kind, 0)} |")
        w("")
    w(f"Training set: {train_split['edit_examples']} edit examples ({train_split['edit_tokens']:,} tokens) and "
      f"{train_split['plain_tokens']:,} tokens of plain code. Held out: {held_split['edit_examples']} edits, "
      f"{held_split['plain_tokens']:,} tokens of plain code. Rows of {SEQ_LEN} tokens: every {PLAIN_EVERY}th row is "
      "plain code (loss on every token), the others pack whole edit examples (loss weight 1 on the answer's "
      f"tokens copied from the original, {EDIT_LOSS_WEIGHT:g} on the others, the edit itself and the end token, "
      f"{PROMPT_LOSS_WEIGHT} on the prompt; each window edit comes twice per epoch). A model trained from scratch "
      "(the draft) also has copy drills in 2 of every 7 rows, `<|bos|> X <|assistant|> X <|end|>` with X 16-480 "
      "random tokens or a window of plain code, loss on the second X only; the target, grown from a draft that "
      "copies, has none. These are the defaults of `python -m specdraft.engine.training`; a run that trained otherwise has "
      "its mix in its row of training.json (and of the table of runs below, where there are several).\n")
    w(f"Curriculum: each model starts on copy drills alone, in rows of {COPY_SEQ_LEN} tokens ({COPY_ROWS} per step) with "
      "X 8-64 tokens, 70% of them random, until the mean drill loss of 20 steps falls under "
      f"{COPY_DONE_LOSS} nats (or a step limit), then trains on the rows above. Copying (induction heads) forms "
      "after a plateau; on these short drills the draft's plateau lasted about 700 steps, while an earlier run "
      "of 2,700 steps on the full mix alone formed no copying at all (0% exact match, 4-7% EditDrafter "
      "acceptance). The target's plateau outlasted this run's budget (see below), so the target starts from the "
      "trained draft instead, grown to its shape (`grow()`: the draft's weights in the first dimensions, heads, "
      "units and layers, zeros in every projection that writes to the residual stream from the new parts, so "
      "it computes the draft's function and copies from its first step); then it trains on the rows above "
      "with all of its capacity.\n")
    w("<details><summary>Files used for training</summary>\n")
    out.extend(_files_by_package(train_split["files"]))
    w("\n</details>\n")
    w("Held-out files: " + ", ".join(f"`{f}`" for f in held_split["files"]) + ".\n")
    w("## Architecture and training\n")
    w(f"Tokenizer: byte-level BPE (`tokenizers`), vocabulary {data['vocab_size']} including the special tokens, "
      "trained on the training files.\n")
    w("| | target | draft |\n|---|---:|---:|")
    specs = {name: summaries.get(name, {}).get("spec") or asdict(SPECS[name]) for name in ("target", "draft")}
    rows = [
        ("hidden size", "dim"), ("layers", "n_layer"), ("attention heads", "n_head"), ("key/value heads", "n_kv_heads"),
        ("SwiGLU size", "intermediate_size"), ("tied embeddings", "tie_word_embeddings"), ("peak learning rate", "lr"),
        ("batch (rows of 1024 tokens)", "batch_size"), ("copy curriculum step limit", "copy_steps"),
        ("copy curriculum peak learning rate", "copy_lr"), ("starts from", "grow_from"),
    ]  # fmt: skip
    for label, key in rows:
        w(f"| {label} | {specs['target'].get(key) or '-'} | {specs['draft'].get(key) or '-'} |")

    def fig(name: str, key: str, fmt: str = "{}") -> str:
        value = summaries.get(name, {}).get(key)
        return fmt.format(value) if value is not None else "n/a"

    for label, key, fmt in [
        ("parameters", "params", "{:,}"), ("non-embedding parameters", "non_embedding_params", "{:,}"),
        ("steps", "steps", "{:,}"), ("of which copy curriculum", "copy_curriculum_steps", "{:,}"), ("tokens seen", "tokens", "{:,}"), ("training time (s)", "train_seconds", "{:,.0f}"),
        ("training speed (tokens/s)", "tokens_per_second", "{:,}"), ("final train loss (last 50 steps)", "final_train_loss", "{:.3f}"),
        ("validation loss, held-out edit answers", "val_edit", "{:.3f}"), ("validation loss, held-out plain code", "val_plain", "{:.3f}"),
    ]:  # fmt: skip
        w(f"| {label} | {fig('target', key, fmt)} | {fig('draft', key, fmt)} |")
    w("")
    if any(len(runs) > 1 for runs in phases.values()):
        w("The weights were trained in several runs, each starting from the weights of the one before "
          "(`training.json` beside the weights records them); the counts above are their sums, the losses "
          "the last run's (a row's `run` in training.json, where set, numbers it as the account below does):\n")
        w("| model | run | steps | tokens | time (s) | peak learning rate | mix | machine | val edit | val plain |\n"
          "|---|---:|---:|---:|---:|---:|---|---|---:|---:|")
        for name, runs in phases.items():
            for number, run in enumerate(runs, 1):
                given, mix = run.get("mix") or {}, []
                for key, value in given.items():  # doc_mask True, doc_mask_from_step 1583: "doc_mask from step 1,583"
                    if not key.endswith("_from_step"):
                        since = given.get(f"{key}_from_step")
                        if isinstance(value, dict):  # kind_repeat {"rename_*": 2}: "kind_repeat rename_*=2"
                            value = " ".join(f"{k}={v}" for k, v in value.items())
                        mix.append((key if value is True else f"{key} {value}") + (f" from step {since:,}" if since is not None else ""))
                if "copy_from_step" in run:
                    mix += ["no copy drills"] if run["copy_from_step"] is None else ["copy drills"]
                mix = ", ".join(mix) or "the rows above"
                machine = run.get("device") if run.get("device") not in (None, "cpu") else run.get("cpu") or "n/a"
                w(f"| {name} | {run.get('run', number)} | {run.get('steps', 0):,} | {run.get('tokens', 0):,} | {run.get('train_seconds', 0):,.0f} | "
                  f"{(run.get('spec') or {}).get('lr', '')} | {mix} | {machine} | {_or_na(run.get('val_edit'))} | {_or_na(run.get('val_plain'))} |")
        w("")
    runs = [run for name in ("draft", "target") for run in (phases[name] or [summaries.get(name, {})])]
    cpus = sorted({run["cpu"] for run in runs if run.get("cpu")})
    unrecorded = any(not run.get("cpu") for run in runs)
    where = " / ".join(cpus) + (" (the runs with a `cpu` in training.json; the others did not record theirs)" if cpus and unrecorded else "")
    w(f"Hardware: 2 cores (AVX-512 with bfloat16) of {where or 'a CPU not recorded in training.json'}, shared with other work during training, "
      "under `nice`; PyTorch CPU, bfloat16 autocast, AdamW (betas 0.9/0.95, weight decay 0.1 on matrices), "
      "gradient clipping 1.0, warm-up/stable/decay schedule (50 warm-up steps, linear decay to 10% over the last 20%). "
      "Losses are nats per token; the train loss includes the copy drills, whose random tokens cannot be "
      "predicted before copying is learned. Each model trains within its share of the time budget; the decay "
      "point is chosen from the measured speed, and a run without interruptions repeats exactly with "
      "`--draft-steps`/`--target-steps` set to the step counts above.\n")
    compiled = [f"{name} run {run.get('run', number)}" for name in ("draft", "target")
                for number, run in enumerate(phases[name] or [summaries.get(name, {})], 1) if run.get("compiled")]  # fmt: skip
    if compiled:
        w(f"Steps under torch.compile: {', '.join(compiled)}; the others ran eagerly.\n")
    history = work / "history.md"  # what happened in this particular run (restarts, changes), by hand
    if history.is_file():
        w("### How this pair's run went\n")
        w(history.read_text(encoding="utf-8").strip() + "\n")
    w("## Evaluation on held-out edits\n")
    if evaluation is None:
        w("Pending: run `python -m specdraft.engine.training --eval` (writes engine/builtin/eval.json) and then "
          "`python -m specdraft.engine.training --card` to fill this section.\n")
    else:
        w(f"{evaluation['examples']} held-out edits ({evaluation['per_kind']} per kind, fewer where the held-out files "
          "had fewer), greedy decoding (float32 weights; the app loads bfloat16 where the CPU multiplies it natively, which can change a near-tie token), exact match of the whole answer with the expected snippet. The target was "
          "decoded with the EditDrafter (lossless: plain greedy decoding of a subset gave the same tokens, see below).\n")
        w("| kind | n | target exact | draft exact | target output parses |\n|---|---:|---:|---:|---:|")
        for kind, row in sorted(evaluation["by_kind"].items()):
            w(f"| {kind} | {row['n']} | {row['exact'] / row['n']:.0%} | {row['draft_exact'] / row['n']:.0%} | {row['parses'] / row['n']:.0%} |")
        draft_em = evaluation.get("draft_exact_match")
        w(f"| **all** | {evaluation['examples']} | **{evaluation['exact_match']:.0%}** | {draft_em:.0%} | |\n" if draft_em is not None else "")
        windows = evaluation.get("windows")
        if windows:
            w(f"Windows of module lines ({windows['examples']} held-out windows, up to {evaluation['per_kind']} per kind): "
              f"exact match **{windows['exact_match']:.0%}**; \"unchanged\" counts answers that copied the window "
              "as it was (right only for `no_change`).\n")
            w("| window kind | n | exact | unchanged |\n|---|---:|---:|---:|")
            for kind, row in windows["by_kind"].items():
                w(f"| {kind} | {row['n']} | {row['exact'] / row['n']:.0%} | {row['unchanged'] / row['n']:.0%} |")
            w("")
        dec = evaluation["decoding"]
        w("Speculative decoding on these prompts (target; batch 1, CPU, "
          f"{evaluation.get('threads', '?')} thread{'' if evaluation.get('threads') == 1 else 's'}, while other "
          "work shared the machine, so speeds are indicative):\n")
        w("| decoding | runs | tokens/s | acceptance rate | accepted per target forward | same tokens as plain |\n|---|---:|---:|---:|---:|---:|")
        labels = {"plain": "plain greedy", "edit_timed": "EditDrafter (original file as draft)", "model": "ModelDrafter (builtin draft)"}
        for key, label in labels.items():
            if key in dec:
                row = dec[key]
                same = dec.get("lossless_" + ("edit" if key == "edit_timed" else key), "")
                w(f"| {label} | {row['runs']} | {row['tokens_per_s']} | {row.get('acceptance_rate', '')} | {row.get('mean_accepted_per_forward', '')} | {same} |")
        w("")
        if "speedup_edit" in dec:
            w(f"Speed-up over plain greedy decoding of the same target on the same prompts: EditDrafter "
              f"{dec['speedup_edit']}x" + (f", ModelDrafter {dec['speedup_model']}x" if "speedup_model" in dec else "") + ".\n")
        speed_runs = dec.get("plain", {}).get("runs", 0) // max(1, len(evaluation["by_kind"]))
        w(f"Reproduce: `python -m specdraft.engine.training --eval --eval-per-kind {evaluation['per_kind']} --eval-speed-per-kind "
          f"{speed_runs}` (writes engine/builtin/eval.json), then `python -m specdraft.engine.training --card`.\n")
    if tasks is not None:
        out.extend(_tasks_section(tasks))
    w("## What the models cannot do\n")
    if evaluation is not None:
        windows = evaluation.get("windows") or {}
        w(f"- As shipped, they perform the edit in {evaluation['exact_match']:.0%} of held-out single-function cases"
          + (f" and {windows['exact_match']:.0%} of windows" if windows else "") + " (see Status): "
          "the other answers copy the snippet unchanged, change the wrong thing, or slip while copying (a changed "
          "name or quote elsewhere); on whole modules (imports, several functions) they can also cut the file short.")
    w("- Even trained to their goal, they would follow only the mechanical instruction kinds above, phrased roughly as in training. Free-form requests "
      "(\"make this faster\", \"add error handling\", \"fix the bug\") produce a copy of the input or a plausible but "
      "wrong edit. They do not understand code; they learned to copy with a local change.\n"
      "- Python only, ASCII snippets of up to about 35-40 lines (1024-token context for prompt plus answer). Longer "
      "input must be windowed by the caller; past the context the output is cut.\n"
      "- They write new code badly: docstrings, statements and names that are not spelled out in the instruction "
      "are guesses. Plain code generation from the draft or the target is repetitive, Python-looking text.\n"
      "- Exact match is far from perfect even on the trained kinds (see the table): always review the diff, which "
      "is what specdraft is for.\n"
      + ("- Trained on one machine's Python standard library and installed packages: names and style are theirs; "
         if packages else "- Trained on one machine's Python standard library: names and style are the stdlib's; no third-party code, ")
      + "no other language, no natural-language chat.\n")
    w("## Reproduce\n")
    w("```sh\npython -m specdraft.training --out engine/builtin   # data (edits by specdraft.ops), draft, target (grown from the draft), export\n"
      "python -m specdraft.engine.training --eval    # held-out evaluation -> engine/builtin/eval.json\n"
      "python -m specdraft.engine.training --card    # this file\n```\n")
    if any(len(runs) > 1 for runs in phases.values()):
        w("These weights took several runs: after the first, each later run is `--continue-shipped` with the "
          "options its row above shows (the commands are in \"How this pair's run went\").\n")
    w("Data, checkpoints (resumable) and the loss logs (`runs/builtin/{draft,target}/log.jsonl`) go to `runs/builtin/`. "
      f"Seeded (seed {data['seed']}): the data, the initialisation and the batches are the same on every run with the same Python.\n")
    path = out_dir / "MODEL_CARD.md"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------------
# command line


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m specdraft.engine.training", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "engine" / "builtin", help="export directory (target; draft in OUT/draft)")
    parser.add_argument("--work", type=Path, default=ROOT / "runs" / "builtin", help="data, checkpoints and logs")
    parser.add_argument("--minutes", type=float, default=140.0, help="training budget for both models (wall, after data)")
    parser.add_argument("--draft-share", type=float, default=0.2, help="share of --minutes for the draft model")
    parser.add_argument("--draft-steps", type=int, help="fixed number of draft steps (overrides --minutes)")
    parser.add_argument("--target-steps", type=int, help="fixed number of target steps (overrides --minutes)")
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--vocab-size", type=int, default=4096)
    parser.add_argument("--unchanged-share", type=float, default=WINDOW_UNCHANGED_SHARE,
                        help="data: the share of window examples that the edit leaves unchanged, to be answered "
                             "as they are (default %(default)s)")  # fmt: skip
    parser.add_argument("--models", default="draft,target", help="which models to train, in order")
    parser.add_argument("--spec", action="append", default=[], help="NAME=SPEC: train model NAME with the shape SPEC (tests: draft=tiny)")
    parser.add_argument("--max-files", type=int, help="use only the first N stdlib files (tests)")
    parser.add_argument("--extend-minutes", type=float, help="reopen the finished runs of --models for this many more minutes")
    parser.add_argument("--continue-shipped", action="store_true",
                        help="start each model of --models from its weights in --out (the pair as shipped) "
                             "instead of from scratch, in a new --work directory")  # fmt: skip
    parser.add_argument("--copy-from-step", type=int, default=0, help="mix copy drills into the batches from this step on (kept on resume)")
    parser.add_argument("--substitution-every", type=int, default=0, metavar="N",
                        help="every Nth row of the main mix is substitution drills: replace A with B in random "
                             "tokens or code, which only copying from the instruction answers (kept on resume)")  # fmt: skip
    parser.add_argument("--no-copy-drills", action="store_true", help="no copy drills in the main mix (a pair that copies already)")
    parser.add_argument("--plain-every", type=int, default=PLAIN_EVERY, help="every Nth row is plain code (0: none)")
    parser.add_argument("--prompt-weight", type=float, help=f"loss weight of prompt tokens (data: {PROMPT_LOSS_WEIGHT})")
    parser.add_argument("--edit-weight", type=float, help=f"loss weight of edit tokens (data: {EDIT_LOSS_WEIGHT})")
    parser.add_argument("--shuffle", type=int, help="N > 0: another order of the training rows than earlier runs' (kept on resume)")
    parser.add_argument("--kind-repeat", action="append", default=[], metavar="PATTERN=N",
                        help="each edit of a kind matching PATTERN (rename_*) N times per epoch; may be given "
                             "again (kept on resume; may be turned on when resuming)")  # fmt: skip
    parser.add_argument("--resume-weight", type=float, metavar="W",
                        help=f"loss weight of the {RESUME_TOKENS} answer tokens after each edit, where the copy resumes "
                             "(kept on resume; may be turned on when resuming)")  # fmt: skip
    parser.add_argument("--doc-mask", action="store_true",
                        help="each example of a packed row attends only to itself, as at inference (kept on "
                             "resume; may be turned on when resuming)")  # fmt: skip
    parser.add_argument("--window-repeat", type=int, default=2,
                        help="each edit of a window of module lines N times per epoch (kept on resume)")
    parser.add_argument("--lr", type=float, help="peak learning rate of the models trained (kept on resume; default: the run's own, "
                             "or the spec's for a new run)")  # fmt: skip
    parser.add_argument("--ops-data", type=Path, metavar="DIR",
                        help="examples of reading instructions into operations (python -m specdraft.training.opdata --out DIR)")
    parser.add_argument("--ops-every", type=int, default=2, metavar="N",
                        help="with --ops-data: every Nth row of the main mix packs those examples (kept on resume)")
    parser.add_argument("--eval-every", type=int, default=200)
    parser.add_argument("--threads", type=int, default=0, help="torch threads (0: all cores)")
    parser.add_argument("--device", default="cpu",
                        help="where to train: cpu, cuda or cuda:N (bfloat16 autocast; checkpoints resume on either)")  # fmt: skip
    parser.add_argument("--batch-size", type=int, metavar="ROWS",
                        help="rows of 1024 tokens per step, for every model trained (default: each model's own; "
                             "larger on a GPU, with --lr to match)")  # fmt: skip
    parser.add_argument("--no-compile", action="store_true",
                        help="train without torch.compile (slower: ~1.3x the draft's time, ~1.5x the target's)")  # fmt: skip
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("--data-only", action="store_true", help="stop after the data stage")
    parser.add_argument("--eval", action="store_true", help="evaluate the exported pair on held-out edits")
    parser.add_argument("--card", action="store_true", help="write OUT/MODEL_CARD.md from the summaries and eval.json")
    parser.add_argument("--eval-per-kind", type=int, default=10, help="held-out edits per kind for exact match")
    parser.add_argument("--eval-speed-per-kind", type=int, default=2, help="of which timed against plain decoding")
    return parser.parse_args(argv)


def kind_repeats(items: list[str]) -> dict[str, int]:
    """--kind-repeat PATTERN=N items as {pattern: N}."""
    out = {}
    for item in items:
        pattern, _, times = item.partition("=")
        if not pattern or not times.isdigit() or int(times) < 1:
            raise SystemExit(f"--kind-repeat {item!r}: give PATTERN=N, a kind pattern and a count of 1 or more (rename_*=2)")
        out[pattern] = int(times)
    return out


def main(argv: list[str] | None = None, edits: EditData | None = None) -> int:
    """Train (and export) as ``argv`` asks. ``edits`` makes the data stage's edit examples where
    --work holds no data yet (python -m specdraft.training passes specdraft.training.editdata);
    without it the data must be there already."""
    args = parse_args(argv)
    import torch  # after specdraft.engine set OMP_WAIT_POLICY: idle threads sleep on a shared CPU

    if args.threads:
        torch.set_num_threads(args.threads)
    check_device(args.device)
    work = args.work.resolve()
    started = time.time()
    if args.card:
        log(f"wrote {write_model_card(args.out, work)}")
        return 0
    if args.eval:
        evaluate_pair(args.out, work / "data" / "heldout_edits.jsonl", args.eval_per_kind, args.eval_speed_per_kind)
        return 0
    if not (work / "data" / "data.json").is_file():
        if edits is None:
            raise SystemExit(f"{work / 'data'} holds no training data: make it (and train) with python -m "
                             f"specdraft.training --work {work} [options]: its edits are made by specdraft.ops, "
                             "in the app, which the engine does not import")  # fmt: skip
        build_data(work, args.seed, args.vocab_size, edits, max_files=args.max_files, unchanged_share=args.unchanged_share)
    if edits is not None:
        check_data_version(work, edits.DATA_VERSION)
    if args.continue_shipped:
        check_same_tokenizer(work, args.out)
    log(f"data ready in {time.time() - started:.0f} s")
    if args.data_only:
        return 0
    specs = dict(SPECS)
    for item in args.spec:
        name, _, shape = item.partition("=")
        specs[name] = ModelSpec(**{**asdict(SPECS[shape]), "name": name})
    if args.batch_size:
        specs = {name: replace(spec, batch_size=args.batch_size) for name, spec in specs.items()}
    mix = {"plain_every": args.plain_every, "prompt_weight": args.prompt_weight, "edit_weight": args.edit_weight,
           "shuffle": args.shuffle or None, "window_repeat": args.window_repeat if args.window_repeat > 1 else None,
           "substitution_every": args.substitution_every or None, "doc_mask": args.doc_mask or None,
           "resume_weight": args.resume_weight, "kind_repeat": kind_repeats(args.kind_repeat) or None,
           "ops_data": str(args.ops_data.resolve()) if args.ops_data else None,
           "ops_every": args.ops_every if args.ops_data else None}
    mix = {k: v for k, v in mix.items() if v is not None and (k != "plain_every" or v != PLAIN_EVERY)}
    summaries = {}
    for name in [m.strip() for m in args.models.split(",") if m.strip()]:
        out_dir = args.out / "draft" if name == "draft" else args.out
        previous = shipped_phases(out_dir) if args.continue_shipped else []
        share = args.draft_share if name == "draft" else 1.0 - args.draft_share
        fixed = args.draft_steps if name == "draft" else args.target_steps
        model, summary = train_model(
            specs[name], work, args.seed, minutes=args.minutes * share, steps=fixed,
            eval_every=args.eval_every, progress=not args.no_progress, extend_minutes=args.extend_minutes,
            copy_from_step=None if args.no_copy_drills or specs[name].grow_from else args.copy_from_step, mix=mix,
            init_from=out_dir if args.continue_shipped else None, compile=not args.no_compile,
            device=args.device, lr=args.lr,
        )  # fmt: skip
        export(model, work, out_dir)
        record_phases(out_dir, previous, summary)
        summaries[name] = summary
        log(f"{name}: exported to {out_dir}: {json.dumps(summary)}")
    (work / "train_summary.json").write_text(json.dumps(summaries, indent=1) + "\n", encoding="utf-8")
    log(f"done in {time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

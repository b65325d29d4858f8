"""`specdraft demo`: the whole loop on a throwaway repository, offline, with the builtin model.

A small Python module is committed in a new temporary repository; then `specdraft edit` opens on
it with a suggested instruction (in a terminal: the instruction box, filled in, so you can change
it; otherwise the plain questions): the builtin model drafts the edit with speculative decoding,
you review it hunk by hunk, and only what you accept is written. `--review` instead reviews a
fixed, hand-written edit with no model at all (`specdraft review` on an unstaged change). Nothing
outside the temporary directory is touched; its path is printed so you can look around afterwards.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from specdraft.core.errors import UserError

ORIGINAL = '''\
"""A tiny inventory: items with a price and a quantity."""

import json


def parse_price(text):
    """Read a price such as "3.50" or "3,50" (a comma is a decimal point)."""
    text = text.strip().replace(",", ".")
    if text.startswith("$"):
        text = text[1:]
    return float(text)


class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, name, price, quantity=1):
        if name in self.items:
            self.items[name]["quantity"] += quantity
        else:
            self.items[name] = {"price": price, "quantity": quantity}

    def remove(self, name, quantity=1):
        item = self.items[name]
        item["quantity"] -= quantity
        if item["quantity"] < 0:
            del self.items[name]

    def count(self):
        return len(self.items)

    def names(self):
        return sorted(self.items)

    def total(self):
        total = 0
        for name in self.items:
            total += self.items[name]["price"] * self.items[name]["quantity"]
        return total

    def cheapest(self):
        best = None
        for name, item in self.items.items():
            if best is None or item["price"] < self.items[best]["price"]:
                best = name
        return best

    def most_stocked(self):
        return max(self.items, key=lambda name: self.items[name]["quantity"], default=None)

    def save(self, path):
        with open(path, "w") as f:
            json.dump(self.items, f)

    def load(self, path):
        with open(path) as f:
            self.items = json.load(f)


def report(inventory):
    lines = []
    for name in inventory.names():
        item = inventory.items[name]
        lines.append(name + ": " + str(item["quantity"]) + " x " + str(item["price"]))
    lines.append("total: " + str(inventory.total()))
    return "\\n".join(lines)
'''

EDITED = '''\
"""A tiny inventory: items with a price and a quantity."""

from __future__ import annotations

import json
from pathlib import Path


def parse_price(text):
    """Read a price such as "3.50" or "3,50" (a comma is a decimal point)."""
    text = text.strip().replace(",", ".")
    if text.startswith("$"):
        text = text[1:]
    return float(text)


class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, name, price, quantity=1):
        if quantity <= 0:
            raise ValueError(f"quantity must be positive, got {quantity}")
        if name in self.items:
            self.items[name]["quantity"] += quantity
        else:
            self.items[name] = {"price": price, "quantity": quantity}

    def remove(self, name, quantity=1):
        item = self.items[name]
        item["quantity"] -= quantity
        if item["quantity"] <= 0:
            del self.items[name]

    def count(self):
        return len(self.items)

    def names(self):
        return sorted(self.items)

    def total(self) -> float:
        return sum(item["price"] * item["quantity"] for item in self.items.values())

    def cheapest(self):
        best = None
        for name, item in self.items.items():
            if best is None or item["price"] < self.items[best]["price"]:
                best = name
        return best

    def most_stocked(self):
        return max(self.items, key=lambda name: self.items[name]["quantity"], default=None)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.items, indent=2, sort_keys=True))

    def load(self, path: str | Path) -> None:
        self.items = json.loads(Path(path).read_text())


def report(inventory):
    lines = [f"{name}: {inventory.items[name]['quantity']} x {inventory.items[name]['price']:.2f}"
             for name in inventory.names()]
    lines.append(f"total: {inventory.total():.2f}")
    return "\\n".join(lines)
'''

# What the builtin model is asked to do by default: an edit no reader of the app reads, so that the
# model drafts it and the review shows the speculative decoder at work (its two hunks, far enough
# apart: accept one, reject the other); --instruction, --model and --server change it.
SUGGESTED_INSTRUCTION = "Change 2 to 4."
# More instructions offered in the instruction box (ctrl+n cycles through them), each landing right
# on SAMPLE (tests/app/drafting/test_drafting_engine.py pins what each lands): the first two the
# app reads as operations (made by specdraft.ops at once, no model run, and said so).
SUGGESTIONS = (
    SUGGESTED_INSTRUCTION,
    "Wrap `json.dump(data, f, indent=2)` in a try/except TypeError that ignores the error.",
    "Annotate the parameter `data` of `dumps` as `dict`.",
)
SUGGESTED_FILE = "storage.py"
SAMPLE = '''\
import json


def dumps(data):
    return json.dumps(data, indent=2)


def load(path):
    with open(path) as f:
        return json.load(f)


def save(data, path):
    with open(path, "w") as f:
        json.dump(data, f, indent=2)
'''

README = "# inventory\n\nA tiny inventory module, used by `specdraft demo`.\n"
README_EDITED = (
    "# inventory\n\nA tiny inventory module, used by `specdraft demo`.\n\n"
    "Quantities must be positive; removing the last one deletes the item.\n"
)

_IDENTITY = ["-c", "user.name=specdraft demo", "-c", "user.email=demo@specdraft.invalid"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    add_examples(parser, "%(prog)s                  # the builtin model drafts an edit, you review it",
                 "%(prog)s --review         # review a hand-written edit, no model at all",
                 "%(prog)s --dir /tmp/try --plain")  # fmt: skip
    parser.add_argument("--dir", metavar="DIR", help="make the demo repository in DIR (must not exist)")
    parser.add_argument("--plain", action="store_true", help="use the plain git add -p style questions")
    parser.add_argument("--theme", metavar="NAME", help="colour theme for the TUI")
    parser.add_argument("--review", action="store_true",
                        help="review a fixed, hand-written edit instead (no model at all)")  # fmt: skip
    parser.add_argument("--instruction", default=SUGGESTED_INSTRUCTION,
                        help="what the model is asked to change (default: %(default)s)")  # fmt: skip
    parser.add_argument("--model", help="the model that drafts (default: builtin); with --server its name")
    parser.add_argument("--server", metavar="URL", help="draft with an OpenAI-compatible server instead")


def _git(path: Path, *args: str) -> None:
    result = subprocess.run(["git", *_IDENTITY, *args], cwd=path, capture_output=True, text=True)
    if result.returncode != 0:
        raise UserError(f"could not set up the demo repository: {result.stderr.strip()}")


def make_demo_repo(path: Path) -> Path:
    """The `--review` repository at ``path``: one commit, then a hand-written edit left unstaged."""
    path.mkdir(parents=True, exist_ok=False)
    _git(path, "init", "-q")
    (path / "inventory.py").write_text(ORIGINAL)
    (path / "README.md").write_text(README)
    _git(path, "add", "-A")
    _git(path, "commit", "-q", "-m", "inventory: first version")
    (path / "inventory.py").write_text(EDITED)
    (path / "README.md").write_text(README_EDITED)
    return path


def make_edit_repo(path: Path) -> Path:
    """The repository the model edits: the sample module, committed, a clean worktree."""
    path.mkdir(parents=True, exist_ok=False)
    _git(path, "init", "-q")
    (path / SUGGESTED_FILE).write_text(SAMPLE)
    (path / "README.md").write_text("# storage\n\nA sample module for `specdraft demo`.\n")
    _git(path, "add", "-A")
    _git(path, "commit", "-q", "-m", "storage: first version")
    return path


def run(args: argparse.Namespace) -> int:
    if args.dir:
        target = Path(args.dir)
        if target.exists():
            raise UserError(f"{target} already exists; give a new directory to --dir")
    else:
        target = Path(tempfile.mkdtemp(prefix="specdraft-demo-")) / ("inventory" if args.review else "storage")
    if args.review:
        from specdraft.ui.cli import review as command

        repo = make_demo_repo(target)
        print(f"specdraft demo: a throwaway repository with an unstaged edit is at {repo}", file=sys.stderr)
        argv = ["--plain"] if args.plain else []
    else:
        from specdraft.ui.cli import edit as command

        repo = make_edit_repo(target)
        print(f"specdraft demo: a throwaway repository is at {repo}; say what the model is asked (first "
              f"suggestion: {args.instruction})", file=sys.stderr)  # fmt: skip
        argv = [args.instruction, SUGGESTED_FILE, "--ask", *(["--plain"] if args.plain else [])]
        if not args.model and not args.server:  # what the builtin model is known to get right here
            argv += [word for suggestion in SUGGESTIONS for word in ("--suggest", suggestion)]
            others = [suggestion for suggestion in SUGGESTIONS if suggestion != args.instruction]
            if args.plain and others:
                print("specdraft demo: it also gets these right here (--instruction '...'): " + "; ".join(others),
                      file=sys.stderr)  # fmt: skip
        argv += [*(["--model", args.model] if args.model else []), *(["--server", args.server] if args.server else [])]
    argv += ["--theme", args.theme] if args.theme else []
    # the command's own parser, so that every one of its options has its default
    parser = argparse.ArgumentParser(prog=f"specdraft {'review' if args.review else 'edit'}")
    command.add_arguments(parser)
    command_args = parser.parse_args(argv)
    here = os.getcwd()
    os.chdir(repo)
    try:
        code = command.run(command_args)
    finally:
        os.chdir(here)
    look = "diff --cached" if args.review else "diff"
    print(f"specdraft demo: done; look at it with `git -C {repo} {look}`, "
          "or delete the directory", file=sys.stderr)  # fmt: skip
    return code

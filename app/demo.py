"""`specdraft demo`: a throwaway repository with a realistic edit, opened in `specdraft review`.

For now the edit is a fixed one (a later version drafts it with the builtin model): a small
Python module is committed, then a multi-hunk change to it is left in the worktree, and the
review starts on it: the TUI in a terminal, the plain questions otherwise. Nothing outside the
temporary directory is touched; its path is printed so you can look around afterwards.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from app.errors import UserError

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

README = "# inventory\n\nA tiny inventory module, used by `specdraft demo`.\n"
README_EDITED = (
    "# inventory\n\nA tiny inventory module, used by `specdraft demo`.\n\n"
    "Quantities must be positive; removing the last one deletes the item.\n"
)

_IDENTITY = ["-c", "user.name=specdraft demo", "-c", "user.email=demo@specdraft.invalid"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--dir", metavar="DIR", help="make the demo repository in DIR (must not exist)"
    )
    parser.add_argument(
        "--plain", action="store_true", help="use the plain git add -p style questions"
    )
    parser.add_argument("--theme", metavar="NAME", help="colour theme for the TUI")


def make_demo_repo(path: Path) -> Path:
    """Create the demo repository at ``path``: one commit, then the edit left unstaged."""
    path.mkdir(parents=True, exist_ok=False)

    def git(*args: str) -> None:
        result = subprocess.run(
            ["git", *_IDENTITY, *args], cwd=path, capture_output=True, text=True
        )
        if result.returncode != 0:
            raise UserError(f"could not set up the demo repository: {result.stderr.strip()}")

    git("init", "-q")
    (path / "inventory.py").write_text(ORIGINAL)
    (path / "README.md").write_text(README)
    git("add", "-A")
    git("commit", "-q", "-m", "inventory: first version")
    (path / "inventory.py").write_text(EDITED)
    (path / "README.md").write_text(README_EDITED)
    return path


def run(args: argparse.Namespace) -> int:
    from app import review_cli

    if args.dir:
        target = Path(args.dir)
        if target.exists():
            raise UserError(f"{target} already exists; give a new directory to --dir")
    else:
        target = Path(tempfile.mkdtemp(prefix="specdraft-demo-")) / "inventory"
    repo = make_demo_repo(target)
    print(
        f"specdraft demo: a throwaway repository with an unstaged edit is at {repo}",
        file=sys.stderr,
    )
    # the review's own parser, so that every review option has its default
    review_parser = argparse.ArgumentParser(prog="specdraft review")
    review_cli.add_arguments(review_parser)
    review_args = review_parser.parse_args(
        [*(["--plain"] if args.plain else []), *(["--theme", args.theme] if args.theme else [])]
    )
    here = os.getcwd()
    os.chdir(repo)
    try:
        code = review_cli.run(review_args)
    finally:
        os.chdir(here)
    print(
        f"specdraft demo: done; look at it with `git -C {repo} diff --cached`, "
        "or delete the directory",
        file=sys.stderr,
    )
    return code

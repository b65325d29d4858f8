"""Layering: one import package, rooms that import only downward, no circles, no private names.

The rules (../shared/DESIGN.md, "Layout"):
- specdraft.core (the review core) imports neither textual nor torch, nor the rooms above it;
- specdraft.drafting does not import the interfaces (specdraft.ui);
- specdraft.training (the builtin models' training data) is imported by none of the rooms a user runs;
- specdraft.engine imports nothing of the app and never textual; its runtime (the modules directly
  in engine/) imports none of its tooling (training, bench) nor its command line (cli);
- no module imports another module's private (underscored) names, and the import graph of the
  package has no circles;
- installed, the distribution puts one package, `specdraft`, at the top of site-packages.

Imports are read from the source (every `import` statement, also those inside functions), and
checked again at run time in fresh interpreters for the ones that matter most.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
# where each part of the import package lives in the repository (pyproject.toml's package-dir)
SOURCES = {"specdraft": ROOT / "app", "specdraft.engine": ROOT / "engine", "specdraft.themes": ROOT / "themes"}


def module_name(path: Path) -> str:
    """The dotted name under which ``path`` is imported (the most specific SOURCES root wins)."""
    prefix, base = max(((p, b) for p, b in SOURCES.items() if path.is_relative_to(b)), key=lambda pb: len(pb[0]))
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([prefix, *parts])


def package_files() -> dict[str, Path]:
    files: dict[str, Path] = {}
    for base in SOURCES.values():
        for path in base.rglob("*.py"):
            if "builtin" not in path.parts:
                files[module_name(path)] = path
    return files


FILES = package_files()


def imports_of(name: str, path: Path) -> list[tuple[str, list[str], int]]:
    """(module imported, names taken from it, line) for every import statement in the file."""
    found = []
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, [], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative import: resolve against this module's package
                package = name if is_package else name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                module = f"{package}.{module}".rstrip(".")
            names = [alias.name for alias in node.names]
            # `from package import module` imports the module itself
            found += [(f"{module}.{n}", [], node.lineno) for n in names if f"{module}.{n}" in FILES]
            found.append((module, [n for n in names if f"{module}.{n}" not in FILES], node.lineno))
    return found


GRAPH = {name: imports_of(name, path) for name, path in FILES.items()}


def in_room(module: str, room: str) -> bool:
    return module == room or module.startswith(room + ".")


ENGINE_TOOLING = ("specdraft.engine.training", "specdraft.engine.bench", "specdraft.engine.cli")
APP_ROOMS = ("specdraft.core", "specdraft.drafting", "specdraft.ui", "specdraft.ops", "specdraft.training")
RULES = [
    # (rooms the rule applies to, imported rooms or packages it forbids, why)
    (("specdraft.core",), ("textual", "torch", "specdraft.drafting", "specdraft.ui"), "the review core is pure"),
    (("specdraft.drafting",), ("textual", "specdraft.ui"), "drafting does not know the interfaces"),
    (("specdraft.ops",), ("textual", "torch", "specdraft.core", "specdraft.drafting", "specdraft.ui", "specdraft.engine"),
     "operations are edits as data: libcst and rope, nothing of the app or the engine"),
    (("specdraft.engine",), ("textual", *APP_ROOMS), "the engine never imports the app"),
    (("specdraft.core", "specdraft.drafting", "specdraft.ui", "specdraft.ops"), ("specdraft.training",),
     "the training data is tooling: nothing the user runs imports it"),
]


def violations() -> list[str]:
    found = []
    for name, imports in GRAPH.items():
        for module, _names, line in imports:
            where = f"{FILES[name].relative_to(ROOT)}:{line} imports {module}"
            if in_room(module, "app") or in_room(module, "engine"):
                found.append(f"{where}: the old top-level names are gone")
            for rooms, forbidden, why in RULES:
                if any(in_room(name, room) for room in rooms) and any(in_room(module, f) for f in forbidden):
                    found.append(f"{where}: {why}")
            runtime = in_room(name, "specdraft.engine") and not any(in_room(name, t) for t in ENGINE_TOOLING)
            if runtime and name != "specdraft.engine.__main__" and any(in_room(module, t) for t in ENGINE_TOOLING):
                found.append(f"{where}: the engine's runtime never imports its tooling or command line")
    return found


def test_rooms_import_only_what_their_layer_allows():
    assert not violations(), "\n".join(violations())


def test_rules_see_every_import_statement(tmp_path):
    """The checker itself catches a lazy import inside a function (it reads the source)."""
    path = ROOT / "engine" / "model.py"
    lazy = imports_of("specdraft.engine.model", path)
    assert any(module == "specdraft.engine.errors" for module, _, _ in lazy)
    fake = tmp_path / "fake.py"
    fake.write_text("def f():\n    from specdraft.ui.tui import app\n")
    assert ("specdraft.ui.tui.app", [], 2) in imports_of("specdraft.engine.fake", fake)


def test_no_private_names_cross_modules():
    crossing = [
        f"{FILES[name].relative_to(ROOT)}:{line} takes {', '.join(private)} from {module}"
        for name, imports in GRAPH.items()
        for module, names, line in imports
        if module in FILES and module != name
        for private in [[n for n in names if n.startswith("_") and not n.startswith("__")]]
        if private
    ]
    assert not crossing, "\n".join(crossing)


def test_the_package_has_no_import_circles():
    edges = {name: sorted({m for m, _, _ in imports if m in FILES and m != name}) for name, imports in GRAPH.items()}
    # a package's __init__ importing its own modules is how packages re-export; not a circle
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in edges[node]:
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    assert not cycles, "import circles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def imported_after(statement: str) -> set[str]:
    """Module names in sys.modules after running ``statement`` in a fresh interpreter."""
    code = f"{statement}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(result.stdout.split())


RUNTIME = ("specdraft.engine.model, specdraft.engine.checkpoint, specdraft.engine.generate, specdraft.engine.speculative, "
           "specdraft.engine.drafters, specdraft.engine.backends, specdraft.engine.remote")  # fmt: skip


@pytest.mark.parametrize(
    ("statement", "forbidden"),
    [
        ("import specdraft.core.diffs", {"textual", "torch"}),
        ("import specdraft.core.session", {"textual", "torch"}),
        ("import specdraft.core.git", {"textual", "torch"}),
        ("import specdraft.core.config", {"textual", "torch"}),
        ("import specdraft.ui.plain", {"textual", "torch"}),
        ("import specdraft.drafting.edits", {"textual", "torch", "git"}),
        ("import specdraft.ops; specdraft.ops.tool_schemas()", {"textual", "torch", "specdraft.engine"}),
        ("import specdraft.drafting.reading", {"textual", "torch"}),
        ("import specdraft.ui.cli.review", {"textual", "torch", "git"}),  # GitPython loads in run() only
        ("import specdraft.engine", {"textual", *APP_ROOMS}),
        (f"import {RUNTIME}", {"textual", *APP_ROOMS, *ENGINE_TOOLING}),
        # every subcommand's arguments are built without loading torch or textual
        ("import specdraft.ui.cli.main; specdraft.ui.cli.main.build_parser()", {"textual", "torch"}),
    ],
)
def test_imports_stay_in_their_layer_at_run_time(statement, forbidden):
    loaded = imported_after(statement)
    assert statement.split()[1].rstrip(",;") in loaded  # the import itself happened
    pulled = {f for f in forbidden if any(in_room(m, f) for m in loaded)}
    assert not pulled, f"{statement} pulled in {sorted(pulled)}"


def test_a_review_needs_no_torch():
    # building and driving a whole session (diffs + review + plain) never touches torch
    code = (
        "from specdraft.core.diffs import parse_diff\n"
        "from specdraft.core.session import ReviewSession\n"
        "s = ReviewSession(parse_diff(b'diff --git a/x b/x\\n--- a/x\\n+++ b/x\\n@@ -1 +1 @@\\n-a\\n+b\\n'))\n"
        "s.accept(); assert s.patch()\n"
    )
    loaded = imported_after(code)
    assert "torch" not in loaded and "textual" not in loaded


def test_pyproject_lists_every_package_directory():
    """A package folder missing from pyproject.toml would be left out of a wheel without a word."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert {k: ROOT / v for k, v in config["package-dir"].items()} == SOURCES
    folders = {module_name(p.parent / "__init__.py") for b in SOURCES.values() for p in b.rglob("__init__.py")}
    assert folders == set(config["packages"])


@pytest.mark.slow
def test_the_wheel_installs_one_top_level_package(tmp_path):
    """Nothing named `app` or `engine` lands in site-packages: only `specdraft` and its metadata."""
    # built from a copy: setuptools keeps build/ between builds, and stale files there would hide
    # a module the package list forgets
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".venv", "build", "runs", "*.egg-info",
                                                                "__pycache__", ".*_cache"))  # fmt: skip
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                    str(tmp_path), str(source)], check=True, capture_output=True)  # fmt: skip
    (wheel,) = tmp_path.glob("specdraft-*.whl")
    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert tops == {"specdraft", next(t for t in tops if t.endswith(".dist-info"))}, tops
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("specdraft/__main__.py", "specdraft/themes/dark.toml", "specdraft/ui/tui/review.tcss",
                   "specdraft/engine/builtin/model.safetensors", "specdraft/engine/builtin/draft/config.json",
                   "specdraft/engine/builtin/eval/tasks.toml", "specdraft/engine/builtin/eval/modules/ttl_cache.py",
                   "specdraft/engine/builtin/eval2/tasks.toml", "specdraft/engine/builtin/eval2/modules/ledger.py",
                   "specdraft/engine/builtin/eval2/expected/ledger-transfer-day.after-note.py"):
        assert needed in names, needed

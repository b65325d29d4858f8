"""The code the builtin models learn from: this machine's Python standard library and the
pure-Python files of permissively licensed packages installed beside it (`PACKAGE_LICENCES`),
with a file-level held-out split (`is_heldout`) for both.

The trainer reads its plain code from here; the edit data (specdraft.training.editdata, where the
operations that make the edits are) reads the same files and the same split.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import re
import sysconfig
from dataclasses import dataclass
from pathlib import Path

HELDOUT_PERCENT = 5  # files whose path hashes below this percentage are never trained on

# Directories (relative to the stdlib root) left out: tests, IDLE and demos, generated tables,
# bundled wheels, third-party packages, build configuration.
EXCLUDED_DIRS = {
    "test", "tests", "idle_test", "idlelib", "turtledemo", "site-packages", "dist-packages",
    "lib2to3", "ensurepip", "pydoc_data", "encodings", "__pycache__", "lib-dynload",
    "config-3.10-x86_64-linux-gnu", "config-3.11-x86_64-linux-gnu", "config-3.12-x86_64-linux-gnu",
    "config-3.13-x86_64-linux-gnu", "__phello__",
}
EXCLUDED_FILES = {
    "__hello__.py", "antigravity.py", "this.py", "stringprep.py",  # jokes and generated tables
}
MAX_FILE_BYTES = 400_000


# ---------------------------------------------------------------------------------------------
# source files: the standard library


def stdlib_root() -> Path:
    """The directory of this interpreter's pure-Python standard library."""
    return Path(sysconfig.get_paths()["stdlib"])


def list_stdlib_files(root: Path | None = None) -> list[str]:
    """Relative paths (sorted) of the standard-library .py files used for training and evaluation."""
    root = root or stdlib_root()
    paths = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root)
        if any(part in EXCLUDED_DIRS or part.startswith("test_") for part in rel.parts[:-1]):
            continue
        if rel.name in EXCLUDED_FILES or rel.name.startswith("test_") or rel.name == "__main__.py":
            continue
        if path.stat().st_size > MAX_FILE_BYTES:
            continue
        paths.append(rel.as_posix())
    return sorted(paths)


def is_heldout(relpath: str) -> bool:
    """Deterministic file-level split: about HELDOUT_PERCENT % of files are held out."""
    digest = hashlib.sha1(relpath.encode("utf-8")).hexdigest()
    return int(digest[:8], 16) % 100 < HELDOUT_PERCENT


def read_source(root: Path, relpath: str) -> str | None:
    """A file's text, or None if it is not UTF-8 or does not parse with this Python."""
    try:
        text = (root / relpath).read_text(encoding="utf-8")
        ast.parse(text)
    except (UnicodeDecodeError, SyntaxError, ValueError):
        return None
    return text


# ---------------------------------------------------------------------------------------------
# source files: permissively licensed packages installed beside this interpreter

# Distributions whose pure-Python files may be trained on, with their licence (as their metadata
# states it: `licence_ok` checks the installed metadata agrees, and refuses any copyleft term).
# Left out on purpose: MPL-licensed ones (certifi, hypothesis, tqdm), mixed or unclear licences
# (regex, numpy, torch, transformers: also mostly not application code), compiled packages, the
# project itself, and every vendored tree (`_vendor`, whose licences are its own).
PACKAGE_LICENCES = {
    "annotated-types": "MIT", "anyio": "MIT", "cfgv": "MIT", "click": "BSD-3-Clause",
    "distlib": "PSF-2.0", "filelock": "MIT", "fsspec": "BSD-3-Clause", "gitdb": "BSD-3-Clause",
    "GitPython": "BSD-3-Clause", "h11": "MIT", "httpcore": "BSD-3-Clause", "httpx": "BSD-3-Clause",
    "huggingface_hub": "Apache-2.0", "identify": "MIT", "idna": "BSD-3-Clause", "iniconfig": "MIT",
    "Jinja2": "BSD-3-Clause", "linkify-it-py": "MIT", "markdown-it-py": "MIT", "MarkupSafe": "BSD-3-Clause",
    "mdit-py-plugins": "MIT", "mdurl": "MIT", "networkx": "BSD-3-Clause", "nodeenv": "BSD-3-Clause",
    "packaging": "Apache-2.0 OR BSD-2-Clause", "pip": "MIT", "platformdirs": "MIT", "pluggy": "MIT",
    "pre_commit": "MIT", "pydantic": "MIT", "Pygments": "BSD-2-Clause", "pytest": "MIT",
    "pytest-asyncio": "Apache-2.0", "python-discovery": "MIT", "PyYAML": "MIT", "rich": "MIT",
    "setuptools": "MIT", "shellingham": "ISC", "smmap": "BSD-3-Clause", "sortedcontainers": "Apache-2.0",
    "syrupy": "Apache-2.0", "textual": "MIT", "tomlkit": "MIT", "truststore": "MIT", "typer": "MIT",
    "typing-inspection": "MIT", "typing_extensions": "PSF-2.0", "unidiff": "MIT", "virtualenv": "MIT",
    "vulture": "MIT",
}  # fmt: skip
# A word of the metadata that confirms each licence family; a term that rules a distribution out.
_LICENCE_WORDS = {"MIT": ("MIT",), "BSD": ("BSD",), "Apache": ("Apache",), "PSF": ("PSF", "Python Software Foundation"),
                  "ISC": ("ISC",)}  # fmt: skip
_COPYLEFT = re.compile(r"\b(A?GPL|LGPL|MPL|Mozilla|EUPL|CDDL|EPL|Eclipse|SSPL|Commons Clause|Proprietary)\b", re.I)
PACKAGE_EXCLUDED_DIRS = {"_vendor", "vendor", "_vendored", "vendored", "extern", "_distutils", "tests", "test",
                         "testing", "__pycache__", "example", "examples", "docs"}  # fmt: skip
MAX_PACKAGE_FILES = 40  # files per distribution at most (the biggest would swamp the rest), chosen by path hash
BUILTIN = Path(__file__).resolve().parents[1] / "builtin"  # engine/builtin: the shipped pair and the evaluation sets
EVAL_DIRS = tuple(BUILTIN / name for name in ("eval", "eval2", "eval3", "eval4", "eval5", "eval6", "eval7", "eval8", "eval9", "eval10", "eval11", "eval12", "eval13", "eval14", "eval15", "eval16", "eval17", "eval18", "eval19", "eval20", "eval21", "eval22", "eval23", "eval24", "eval25", "eval26", "eval27", "eval28", "eval29", "eval30", "eval31", "eval32", "eval33", "eval34", "eval35", "eval36", "eval37", "eval38", "eval39", "eval40", "eval41", "eval42", "eval43", "eval44", "eval45", "eval46", "eval47", "eval48", "eval49", "eval50", "eval51", "eval52", "eval53", "eval54", "eval55", "eval56", "eval57", "eval58", "eval59", "eval60", "eval61", "eval62", "eval63", "eval64", "eval65", "eval66", "eval67", "eval68", "eval69", "eval70", "eval71", "eval72", "eval73", "eval74", "eval75", "eval76", "eval77", "eval78", "fresh"))  # the evaluations' modules (fresh/: sets not yet read by a session's tests): never training data


def licence_ok(metadata, expected: str) -> bool:
    """Whether a distribution's metadata states the `expected` licence (License-Expression,
    License or classifiers) and names no copyleft or proprietary term."""
    stated = " ".join([metadata.get("License-Expression") or "", (metadata.get("License") or "").split("\n")[0]]
                      + [c for c in (metadata.get_all("Classifier") or []) if c.startswith("License")])  # fmt: skip
    if not stated.strip() or _COPYLEFT.search(stated):
        return False
    words = [word for family, family_words in _LICENCE_WORDS.items() if family in expected for word in family_words]
    return any(re.search(rf"\b{re.escape(word)}\b", stated) for word in words)


@dataclass(frozen=True)
class PackageFile:
    relpath: str  # relative to site-packages: the path a prompt shows, and the held-out key
    distribution: str
    licence: str


def site_packages() -> Path:
    return Path(sysconfig.get_paths()["purelib"])


def list_package_files(site: Path | None = None, allowed: dict[str, str] | None = None,
                       per_package: int = MAX_PACKAGE_FILES) -> list[PackageFile]:  # fmt: skip
    """The .py files of the `allowed` distributions installed in `site` whose metadata states the
    licence listed: no vendored trees or tests, no file over MAX_FILE_BYTES, at most `per_package`
    per distribution (chosen by a hash of the path, stable), sorted by path."""
    site = site or site_packages()
    allowed = PACKAGE_LICENCES if allowed is None else allowed
    by_name = {name.lower().replace("_", "-"): (name, licence) for name, licence in allowed.items()}
    found: list[PackageFile] = []
    for dist in importlib.metadata.distributions(path=[str(site)]):
        name = dist.metadata.get("Name") or ""
        entry = by_name.get(name.lower().replace("_", "-"))
        if entry is None or not licence_ok(dist.metadata, entry[1]) or not dist.files:
            continue
        chosen = []
        for file in dist.files:
            rel = Path(str(file))
            if rel.suffix != ".py" or ".." in rel.parts or rel.name == "__main__.py" or rel.name.startswith("test_"):
                continue
            if rel.name == "conftest.py" or any(part in PACKAGE_EXCLUDED_DIRS for part in rel.parts[:-1]):
                continue
            path = site / rel
            if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES or any(d in path.resolve().parents for d in EVAL_DIRS):
                continue
            chosen.append(rel.as_posix())
        chosen.sort(key=lambda p: hashlib.sha1(p.encode()).hexdigest())
        found += [PackageFile(p, entry[0], entry[1]) for p in chosen[:per_package]]
    return sorted(found, key=lambda f: f.relpath)

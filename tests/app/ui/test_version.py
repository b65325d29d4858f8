"""Releases: the version comes from the git tag (setuptools-scm), `specdraft --version` prints
the installed one, and the README's pre-commit snippet names a tag that exists."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging.version import Version

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[3]


def _tags() -> list[str] | None:
    """The release tags of this checkout (None: not a git clone, e.g. a tarball)."""
    listed = subprocess.run(["git", "-C", str(ROOT), "tag", "-l", "v[0-9]*"], capture_output=True, text=True)
    return listed.stdout.split() if listed.returncode == 0 else None


def _readme_rev() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    revs = re.findall(r"^\s*rev:\s*(\S+)\s*$", readme, flags=re.MULTILINE)
    assert len(revs) == 1, f"the README's pre-commit snippet should name one rev, it names {revs}"
    return revs[0]


def test_version_prints_the_installed_version():
    shown = subprocess.run([sys.executable, "-m", "specdraft", "--version"], capture_output=True, text=True,
                           timeout=60)  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    installed = subprocess.run([sys.executable, "-c", "import importlib.metadata as m; print(m.version('specdraft'))"],
                               capture_output=True, text=True, timeout=60)  # fmt: skip
    assert installed.stdout.strip() and shown.stdout.strip() == f"specdraft {installed.stdout.strip()}"


def test_the_version_comes_from_the_tags():
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(need.startswith("setuptools-scm") for need in settings["build-system"]["requires"])
    assert "version" in settings["project"]["dynamic"]
    fallback = settings["tool"]["setuptools_scm"]["fallback_version"]  # a tarball has no tags
    assert Version(version("specdraft")) >= Version(fallback)


def test_the_readme_names_a_release_tag_that_exists():
    rev = _readme_rev()
    assert re.fullmatch(r"v\d+\.\d+\.\d+", rev), rev
    fallback = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools_scm"]
    assert rev == "v" + fallback["fallback_version"]  # the release a tarball calls itself
    tags = _tags()
    if not tags:
        pytest.skip("this checkout has no tags (a tarball, or a clone without them)")
    assert rev in tags, f"README's rev {rev} is not a tag here ({', '.join(tags)})"
    latest = max(tags, key=lambda tag: Version(tag[1:]))
    assert rev == latest, f"README's rev {rev} is not the latest release, {latest}"

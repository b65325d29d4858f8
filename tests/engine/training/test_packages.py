"""Code beyond the standard library: installed packages whose metadata states a permissive licence,
split by the same held-out rule, recorded in the data summary."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from specdraft.engine.training import corpus, train
from specdraft.training import editdata

CODE = "def add(a, b=1):\n    total = a + b\n    return total\n\n\nLIMIT = 3\n"


def make_dist(site: Path, name: str, files: dict[str, str], licence: str = "", classifier: str = "",
              license_field: str = "") -> None:  # fmt: skip
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    metadata = ["Metadata-Version: 2.1", f"Name: {name}", "Version: 1.0"]
    if licence:
        metadata.append(f"License-Expression: {licence}")
    if license_field:
        metadata.append(f"License: {license_field}")
    if classifier:
        metadata.append(f"Classifier: License :: OSI Approved :: {classifier}")
    (info / "METADATA").write_text("\n".join(metadata) + "\n")
    record = []
    for rel, text in files.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text)
        record.append(f"{rel},,")
    (info / "RECORD").write_text("\n".join(record + [f"{name}-1.0.dist-info/METADATA,,"]) + "\n")


@pytest.fixture
def site(tmp_path) -> Path:
    site = tmp_path / "site-packages"
    make_dist(site, "toolbox", {"toolbox/__init__.py": CODE, "toolbox/core.py": CODE, "toolbox/_vendor/six.py": CODE,
                                "toolbox/tests/test_core.py": CODE, "toolbox/__main__.py": CODE}, licence="MIT")  # fmt: skip
    make_dist(site, "classic", {"classic.py": CODE}, classifier="BSD License")
    make_dist(site, "weak", {"weak/__init__.py": CODE}, licence="MPL-2.0")
    make_dist(site, "mixed", {"mixed/__init__.py": CODE}, licence="MIT AND LGPL-3.0")
    make_dist(site, "liar", {"liar/__init__.py": CODE}, license_field="GPL-3.0")
    make_dist(site, "unlisted", {"unlisted/__init__.py": CODE}, licence="MIT")
    return site


ALLOWED = {"toolbox": "MIT", "classic": "BSD-3-Clause", "weak": "MIT", "mixed": "MIT", "liar": "MIT"}


def test_only_listed_distributions_whose_metadata_agrees(site):
    found = corpus.list_package_files(site, ALLOWED)
    assert [(f.relpath, f.distribution, f.licence) for f in found] == [
        ("classic.py", "classic", "BSD-3-Clause"),
        ("toolbox/__init__.py", "toolbox", "MIT"),
        ("toolbox/core.py", "toolbox", "MIT"),
    ]  # no vendored tree, tests or __main__; MPL, LGPL, GPL and unlisted distributions left out


def test_per_package_cap_is_stable(site):
    first = corpus.list_package_files(site, ALLOWED, per_package=1)
    assert len([f for f in first if f.distribution == "toolbox"]) == 1
    assert first == corpus.list_package_files(site, ALLOWED, per_package=1)


def test_the_allowed_list_is_permissive_and_the_installed_files_are_no_project_files():
    for name, licence in corpus.PACKAGE_LICENCES.items():
        assert any(family in licence for family in ("MIT", "BSD", "Apache", "PSF", "ISC")), name
        assert not corpus._COPYLEFT.search(licence), name
    found = corpus.list_package_files()
    assert found, "this environment has permissively licensed packages installed"
    assert {f.distribution for f in found} <= set(corpus.PACKAGE_LICENCES)
    repo = Path(corpus.__file__).resolve().parents[2]
    for f in found:
        assert not f.relpath.startswith(("specdraft", "engine", "app")) and "_vendor/" not in f.relpath
        parents = (corpus.site_packages() / f.relpath).resolve().parents
        assert repo / "engine" not in parents and repo / "app" not in parents
    assert any(corpus.is_heldout(f.relpath) for f in found)  # the held-out rule covers them too


def test_build_data_adds_packages_and_records_them(site, tmp_path, monkeypatch):
    monkeypatch.setattr(corpus, "PACKAGE_LICENCES", ALLOWED)
    stdlib = tmp_path / "stdlib"
    stdlib.mkdir()
    real = corpus.stdlib_root()
    for name in ("textwrap.py", "shlex.py", "glob.py"):
        shutil.copy(real / name, stdlib / name)
    # a package file the held-out rule keeps out of training
    held_name = next(f"toolbox/m{n}.py" for n in range(1000) if corpus.is_heldout(f"toolbox/m{n}.py"))
    shutil.copy(real / "fnmatch.py", site / held_name)
    record = site / "toolbox-1.0.dist-info" / "RECORD"
    record.write_text(record.read_text() + f"{held_name},,\n")
    for rel in ("toolbox/__init__.py", "toolbox/core.py"):
        shutil.copy(real / "netrc.py", site / rel)
    summary = train.build_data(tmp_path / "work", seed=3, vocab_size=400, edits=editdata, stdlib=stdlib, site=site)
    packages = summary["packages"]["distributions"]
    assert set(packages) == {"toolbox", "classic"}  # classic.py is tiny but parses
    assert packages["toolbox"] == {"licence": "MIT", "train": 2, "heldout": 1}
    assert summary["data_version"] == editdata.DATA_VERSION
    assert held_name in summary["splits"]["heldout"]["files"] and held_name not in summary["splits"]["train"]["files"]
    records = [json.loads(line) for line in (tmp_path / "work" / "data" / "train_edits.jsonl").read_text().splitlines()]
    assert any(r["path"].startswith("toolbox/") for r in records)
    assert all(r["phrasing"] == "train" for r in records)
    held = [json.loads(line) for line in (tmp_path / "work" / "data" / "heldout_edits.jsonl").read_text().splitlines()]
    assert {r["phrasing"] for r in held} == {"train", "heldout"}
    # the tokenizer learned from the standard library alone, as the shipped pair's did
    without = train.build_data(tmp_path / "plain", seed=3, vocab_size=400, edits=editdata, stdlib=stdlib)
    assert without["packages"]["distributions"] == {}
    tok = (tmp_path / "work" / "data" / "tokenizer.json").read_text()
    assert tok == (tmp_path / "plain" / "data" / "tokenizer.json").read_text()


def test_a_work_directory_of_older_data_is_refused(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "data.json").write_text(json.dumps({"vocab_size": 400}))
    with pytest.raises(SystemExit, match="data version 1"):
        train.check_data_version(tmp_path, editdata.DATA_VERSION)
    (data / "data.json").write_text(json.dumps({"data_version": editdata.DATA_VERSION}))
    train.check_data_version(tmp_path, editdata.DATA_VERSION)

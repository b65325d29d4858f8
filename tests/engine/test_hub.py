"""Models by name: "Org/Name" is read from the local Hugging Face cache in huggingface_hub's
layout, and where it is not there the error says which command downloads it; nothing is fetched."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from specdraft.engine import hub
from specdraft.engine.checkpoint import resolve_model_dir
from specdraft.engine.errors import EngineError
from specdraft.engine.local import LocalBackend
from tests.engine.test_backends import save_tiny

NAME = "Org/Tiny-Coder-0.5B"


def cached(root: Path, source: Path, revision: str = "a1b2c3", ref: bool = True) -> Path:
    """Lay `source` out as huggingface_hub caches a download (blobs linked from a snapshot)."""
    repo = root / "models--Org--Tiny-Coder-0.5B"
    snapshot = repo / "snapshots" / revision
    snapshot.mkdir(parents=True)
    (repo / "blobs").mkdir(exist_ok=True)
    for file in source.iterdir():
        blob = repo / "blobs" / f"{revision}-{file.name}"
        shutil.copy(file, blob)
        (snapshot / file.name).symlink_to(blob)
    if ref:
        (repo / "refs").mkdir(exist_ok=True)
        (repo / "refs" / "main").write_text(revision)
    return snapshot


@pytest.fixture
def hub_cache(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "hf" / "hub"
    root.mkdir(parents=True)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    monkeypatch.delenv("HF_HUB_CACHE", raising=False)
    return root


def test_a_model_name_loads_from_the_cache(hub_cache, tmp_path):
    snapshot = cached(hub_cache, save_tiny(tmp_path / "src", seed=3))
    assert resolve_model_dir(NAME) == snapshot
    backend = LocalBackend(NAME, drafter="none")
    assert backend.name == "Tiny-Coder-0.5B"
    text, stats = "", None
    for piece in backend.stream([{"role": "user", "content": "def add(a, b):"}], max_new_tokens=4):
        if isinstance(piece, str):
            text += piece
        else:
            stats = piece
    assert stats is not None and stats.new_tokens > 0


def test_refs_main_chooses_the_snapshot_else_the_newest_complete_one(hub_cache, tmp_path):
    source = save_tiny(tmp_path / "src", seed=3)
    old = cached(hub_cache, source, revision="old", ref=False)
    assert hub.find(NAME) == old
    (hub_cache / "models--Org--Tiny-Coder-0.5B" / "snapshots" / "partial").mkdir()  # an interrupted download
    assert hub.find(NAME) == old
    repo = hub_cache / "models--Org--Tiny-Coder-0.5B"
    shutil.copytree(old, repo / "snapshots" / "new", symlinks=True)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("new\n")
    assert hub.find(NAME) == repo / "snapshots" / "new"


def test_hf_hub_cache_wins_over_hf_home(hub_cache, tmp_path, monkeypatch):
    other = tmp_path / "elsewhere"
    monkeypatch.setenv("HF_HUB_CACHE", str(other))
    assert hub.hub_cache() == other
    monkeypatch.delenv("HF_HUB_CACHE")
    assert hub.hub_cache() == hub_cache


def test_a_missing_model_gives_the_command_that_downloads_it(hub_cache):
    with pytest.raises(EngineError) as error:
        resolve_model_dir("Qwen/Qwen2.5-Coder-1.5B-Instruct")
    message = str(error.value)
    assert "pip install 'specdraft[hub]'" in message and "hf download Qwen/Qwen2.5-Coder-1.5B-Instruct" in message
    assert str(hub_cache) in message
    assert not any(hub_cache.iterdir())  # nothing was fetched or created


def test_a_directory_is_still_a_directory(tmp_path, monkeypatch):
    source = save_tiny(tmp_path / "Org" / "Name", seed=3)
    monkeypatch.chdir(tmp_path)
    assert not hub.is_model_name("Org/Name")  # it exists here: the directory wins
    assert resolve_model_dir("Org/Name") == Path("Org/Name")
    assert source.is_dir()
    for text in ("./Org/Name", "/abs/path", "a/b/c", "builtin", "~/models/x"):
        assert not hub.is_model_name(text)


def test_resolving_a_name_does_not_import_huggingface_hub():
    code = ("import sys; from specdraft.engine import hub; hub.find('Org/Name'); "
            "print('huggingface_hub' in sys.modules)")  # fmt: skip
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "False", result.stderr

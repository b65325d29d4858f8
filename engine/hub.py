"""Models by name: "Org/Name" found in the local Hugging Face cache, never downloaded.

The cache is the one huggingface_hub fills (``hf download Org/Name``): $HF_HUB_CACHE, else
$HF_HOME/hub, else $XDG_CACHE_HOME/huggingface/hub, else ~/.cache/huggingface/hub; a model is
``models--Org--Name/snapshots/<revision>/`` there, the revision named by ``refs/main``. Read
without importing huggingface_hub (an optional extra: ``pip install 'specdraft[hub]'``), and
nothing is fetched: where the model is not there, the error gives the one command that fetches it.

- ``is_model_name(text) -> bool``: whether text reads as "Org/Name" (and is not a directory).
- ``hub_cache() -> Path``; ``find(name) -> Path | None``; ``resolve(name) -> Path`` (EngineError
  with the download command when absent).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from specdraft.engine.errors import EngineError

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*$")


def is_model_name(text: str) -> bool:
    """"Org/Name" as the Hugging Face Hub spells a model, and not a directory that exists here."""
    return bool(_NAME.match(text)) and not Path(text).expanduser().exists()


def hub_cache() -> Path:
    """Where huggingface_hub keeps downloaded models (its own rules for the environment variables)."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"]).expanduser()
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]).expanduser() / "hub"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "huggingface" / "hub"


def _complete(snapshot: Path) -> bool:
    """A snapshot that holds what the engine loads: config.json and safetensors weights."""
    return (snapshot / "config.json").is_file() and (
        (snapshot / "model.safetensors").is_file() or (snapshot / "model.safetensors.index.json").is_file()
    )


def find(name: str) -> Path | None:
    """The snapshot directory of model `name` in the cache: refs/main's revision, else the newest
    complete snapshot; None when there is none."""
    repo = hub_cache() / ("models--" + name.replace("/", "--"))
    snapshots = repo / "snapshots"
    ref = repo / "refs" / "main"
    if ref.is_file():
        chosen = snapshots / ref.read_text(encoding="utf-8").strip()
        if _complete(chosen):
            return chosen
    if not snapshots.is_dir():
        return None
    complete = [s for s in snapshots.iterdir() if _complete(s)]
    return max(complete, key=lambda s: s.stat().st_mtime) if complete else None


def resolve(name: str) -> Path:
    """The local snapshot of model `name`; EngineError with the command that downloads it."""
    found = find(name)
    if found is not None:
        return found
    raise EngineError(
        f"the model {name} is not in the Hugging Face cache ({hub_cache()}); specdraft never downloads "
        f"by itself: fetch it once with `pip install 'specdraft[hub]' && hf download {name}` "
        "(older huggingface_hub: huggingface-cli download), or give a checkpoint directory"
    )


def display_name(path: Path) -> str:
    """A checkpoint's name for people: the model's name for a cache snapshot, else the directory's."""
    if path.parent.name == "snapshots" and path.parent.parent.name.startswith("models--"):
        return path.parent.parent.name.removeprefix("models--").split("--", 1)[-1]
    return path.name

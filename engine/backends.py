"""Opening a backend: the local engine (specdraft.engine.local) or a model server (specdraft.engine.remote).

Both implement specdraft.engine.interface.Backend, so the app does not care who answers::

    backend = open_backend(model="builtin")                       # local engine (lazy: loads on first use)
    backend = open_backend(server="http://localhost:8000", model="qwen2.5-coder",
                           api_key_env="OPENAI_API_KEY")          # specdraft.engine.remote.RemoteBackend
"""

from __future__ import annotations

from typing import Any

from specdraft.engine.errors import EngineError
from specdraft.engine.interface import Backend
from specdraft.engine.local import LocalBackend


def open_backend(model: str | None = "builtin", server: str | None = None, draft_model: str | None = None,
                 drafter: str = "auto", api_key_env: str | None = None, dtype: str = "auto",
                 edit_format: str = "auto", **remote_options: Any) -> Backend:  # fmt: skip
    """The local engine for `model` (a checkpoint directory or "builtin"), or, with `server`, an
    OpenAI-compatible server serving `model` (None: the server's only model). Nothing is loaded
    or contacted yet. remote_options go to specdraft.engine.remote.RemoteBackend (timeouts,
    retries) and are ignored for the local engine, as api_key_env is, and `dtype` (the local
    weights') for a server (so that one configuration serves both). `edit_format` (one of
    specdraft.engine.options.EDIT_FORMAT_SETTINGS) is how the model is asked for an edit: "auto"
    leaves it to the model (Backend.edit_format)."""
    if server:
        if draft_model:
            raise EngineError("--draft-model is for the local engine; a model server drafts on its own (drop it)")
        if drafter not in ("auto", "none"):
            raise EngineError(f"--drafter {drafter} is for the local engine; a model server drafts on its own")
        from specdraft.engine.remote import RemoteBackend  # here: httpx loads only for a server

        name = None if model in (None, "", "builtin") else model
        return RemoteBackend(server, name, api_key_env=api_key_env, edit_format=edit_format, **remote_options)
    return LocalBackend(model or "builtin", draft_model, drafter, dtype=dtype, edit_format=edit_format)

"""Codex CLI: its hooks record each patch it applies, and carry the reviewer's feedback back to it.

Codex's hooks take Claude Code's shape (``hooks.json`` beside its config.toml: the project's
``.codex/hooks.json``; codex-rs/hooks/src/engine/discovery.rs ``load_hooks_json``), the event's
JSON on standard input. ``specdraft agent install codex`` merges four into ``.codex/hooks.json``,
all running ``<this interpreter> -I -m specdraft.agents.codex EVENT`` (isolated: the installed
specdraft, never a module of the repository):

- PreToolUse and PostToolUse on ``apply_patch``, Codex's edit tool: ``tool_input.command`` is the
  patch (``*** Begin Patch`` ... ``*** Update File: PATH`` ...; codex-rs/core/src/tools/handlers/
  apply_patch.rs, ``pre_tool_use_payload`` / ``post_tool_use_payload``); the payload does not hold
  the files' contents, so before the call the files the patch names are read (blobs, under the
  call's ``tool_use_id``), and after it what they hold is recorded against that: only that call's
  lines, never the human's own edits made between calls. Without the PreToolUse record (a hook
  installed mid-call), the file before is the last version recorded or staged.
- PreToolUse and PostToolUse on ``Bash`` (every shell tool reaches hooks as ``Bash``): a snapshot
  of the worktree before the call, and what differs after it is the agent's. A shell call whose
  PostToolUse never comes (a terminal session Codex keeps open) is recorded at the turn's end.
- UserPromptSubmit: a new turn; feedback not yet delivered goes back as
  ``hookSpecificOutput.additionalContext`` (codex-rs/hooks/src/events/user_prompt_submit.rs).
- Stop: the turn ends, queued rejects are applied; feedback not yet delivered goes back as
  ``{"decision": "block", "reason": ...}``, which Codex sends to the model as a continuation
  prompt (codex-rs/hooks/src/events/stop.rs).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from specdraft.agents.hooks import (
    holds_hooks,
    last_known,
    merge_hooks,
    read_file,
    record_write,
    relative,
    remove_hooks,
    run_hook,
    shell_done,
    shell_started,
    turn_ended,
    turn_started,
)

AGENT = "codex"
MODULE = "specdraft.agents.codex"
PATCH_TOOL = "apply_patch"
SHELL_TOOL = "Bash"
TOOLS = f"^({SHELL_TOOL}|{PATCH_TOOL})$"
EVENTS = {"PreToolUse": TOOLS, "PostToolUse": TOOLS, "UserPromptSubmit": None, "Stop": None}
_PATH_HEADERS = ("*** Add File: ", "*** Delete File: ", "*** Update File: ", "*** Move to: ")


def patch_paths(patch: str) -> list[str]:
    """The files an apply_patch patch names (added, deleted, updated, moved to), in order."""
    paths = []
    for line in patch.splitlines():
        for header in _PATH_HEADERS:
            if line.startswith(header):
                path = line[len(header) :].strip()
                if path and path not in paths:
                    paths.append(path)
    return paths


def _patch_files(payload: dict, repo) -> list[str]:
    """The patch's files relative to the worktree's top (those outside it left out)."""
    command = (payload.get("tool_input") or {}).get("command")
    if not isinstance(command, str):
        return []
    cwd = payload.get("cwd") or os.getcwd()
    found = [relative(repo, path, cwd) for path in patch_paths(command)]
    return [path for path in found if path is not None]


def pre_tool_use(payload: dict, repo) -> str:
    from specdraft.agents.store import AgentStore

    store = AgentStore(repo)
    tool = payload.get("tool_name")
    if tool == SHELL_TOOL:
        shell_started(store, AGENT)
    elif tool == PATCH_TOOL:
        paths = _patch_files(payload, repo)
        contents = {path: read_file(repo, path) for path in paths}
        shas = iter(store.write_blobs([data for data in contents.values() if data is not None], pin=False))
        before = {path: (next(shas) if data is not None else "") for path, data in contents.items()}
        call = _call_file(store, payload)
        call.parent.mkdir(parents=True, exist_ok=True)
        temporary = call.with_suffix(".tmp")
        temporary.write_text(json.dumps(before), encoding="utf-8")
        os.replace(temporary, call)
    return ""


def _call_file(store, payload: dict) -> Path:
    """Where PreToolUse keeps the blobs of the files an apply_patch call names, for its
    PostToolUse: one file per call (calls may run side by side)."""
    import hashlib

    key = hashlib.sha256(str(payload.get("tool_use_id")).encode()).hexdigest()[:24]
    return store.directory / "codex-calls" / f"{key}.json"


def _take_call(store, payload: dict) -> dict[str, str] | None:
    call = _call_file(store, payload)
    try:
        before = json.loads(call.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    call.unlink(missing_ok=True)
    return before if isinstance(before, dict) else None


def post_tool_use(payload: dict, repo) -> str:
    from specdraft.agents.store import AgentStore

    store = AgentStore(repo)
    tool = payload.get("tool_name")
    if tool == SHELL_TOOL:
        shell_done(store, AGENT)
        return ""
    if tool != PATCH_TOOL:
        return ""
    before_shas = _take_call(store, payload)
    blobs = store.read_blobs([sha for sha in (before_shas or {}).values() if sha])
    for path in _patch_files(payload, repo):
        if before_shas is not None and path in before_shas:
            before = blobs[before_shas[path]] if before_shas[path] else None
        else:
            before = last_known(store, path)
        record_write(store, AGENT, path, before, read_file(repo, path), f"{AGENT} {PATCH_TOOL}")
    return ""


def user_prompt_submit(payload: dict, repo) -> str:
    from specdraft.agents.store import AgentStore

    text = turn_started(AgentStore(repo), AGENT, to="UserPromptSubmit")
    if not text:
        return ""
    return json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": text}})


def stop(payload: dict, repo) -> str:
    import shutil

    from specdraft.agents.store import AgentStore

    store = AgentStore(repo)
    text = turn_ended(store, AGENT, to="Stop")
    shutil.rmtree(store.directory / "codex-calls", ignore_errors=True)  # a patch whose PostToolUse never came
    return json.dumps({"decision": "block", "reason": text}) if text else ""


HANDLERS = {"PreToolUse": pre_tool_use, "PostToolUse": post_tool_use,
            "UserPromptSubmit": user_prompt_submit, "Stop": stop}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """``python -I -m specdraft.agents.codex EVENT``, the payload on standard input."""
    argv = sys.argv[1:] if argv is None else argv
    return run_hook(MODULE, argv[0] if argv else "", HANDLERS)


# ---------------------------------------------------------------- install / uninstall


def settings_path(repo) -> Path:
    return repo.root / ".codex" / "hooks.json"


def install(repo, *, python: str | None = None) -> list[str]:
    return merge_hooks(settings_path(repo), MODULE, EVENTS, python)


def uninstall(repo) -> list[str]:
    return remove_hooks(settings_path(repo), MODULE)


def installed(repo) -> list[Path]:
    path = settings_path(repo)
    return [path] if holds_hooks(path, MODULE) else []


if __name__ == "__main__":
    sys.exit(main())

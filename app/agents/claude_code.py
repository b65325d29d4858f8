"""Claude Code: its hooks record each edit it makes, and carry the reviewer's feedback back to it.

``specdraft agent install claude-code`` merges into the project's ``.claude/settings.json`` (or
``settings.local.json``) three hooks, all running ``<this interpreter> -I -m
specdraft.agents.claude_code EVENT``: isolated mode, so it is the installed specdraft that runs,
never a module of the repository (invariant 8 of the design).

- PostToolUse (Edit, MultiEdit, Write, NotebookEdit): the hook's JSON on standard input names the
  tool, the file and what it wrote (``old_string``/``new_string``, ``edits``, ``content``). The
  file's contents before the call are ``tool_response.originalFile`` when Claude Code gives it,
  else the file now with the call's replacements undone; so only that call's lines are recorded,
  never the human's own edits made between calls. A Write or NotebookEdit without
  ``originalFile`` counts from the file as staged (or as the last change recorded of it).
- PreToolUse and PostToolUse around each Bash call: a shell command writes files too (``sed -i``,
  ``cat >``, a formatter); a snapshot of the worktree before the call (as ``specdraft run``
  takes one), and every line that differs after it is the agent's. A commit the call makes
  itself records what it wrote so far first (the pre-commit hook), so that commit is checked.
- UserPromptSubmit: a new turn begins; feedback not yet delivered is printed (Claude Code adds a
  UserPromptSubmit hook's output to the prompt).
- Stop: the turn ends; the rejects queued during it are applied; feedback not yet delivered
  goes back as ``{"decision": "block", "reason": ...}``, so that Claude reads it and goes on.

``uninstall`` removes exactly the entries it added (found by their command) and what became
empty by it, keeping every other hook and setting.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from specdraft.agents.hooks import (
    encode,
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
    undo_edits,
)
from specdraft.core.errors import UserError

AGENT = "claude-code"
MODULE = "specdraft.agents.claude_code"
EDIT_TOOLS = ("Edit", "MultiEdit", "Write", "NotebookEdit")
SHELL_TOOL = "Bash"  # writes files too (sed -i, cat >, a formatter): snapshots around each call
EVENTS = {
    "PreToolUse": SHELL_TOOL,
    "PostToolUse": "|".join((*EDIT_TOOLS, SHELL_TOOL)),
    "UserPromptSubmit": None,
    "Stop": None,
}


# ---------------------------------------------------------------- the hook itself


def before_contents(store, payload: dict, path: str, after: bytes | None) -> bytes | None:
    """What ``path`` held just before this tool call (None: it did not exist)."""
    tool = payload.get("tool_name")
    tool_input = payload.get("tool_input") or {}
    response = payload.get("tool_response")
    original = response.get("originalFile") if isinstance(response, dict) else None
    if isinstance(original, str):
        return encode(original)
    if tool in ("Edit", "MultiEdit") and after is not None:
        edits = (
            tool_input.get("edits") or []
            if tool == "MultiEdit"
            else [{k: tool_input.get(k) for k in ("old_string", "new_string", "replace_all")}]
        )
        undone = undo_edits(after, edits)
        if undone is not None:
            return undone
    if tool == "Write" and tool_input.get("content") is not None and after is None:
        return None
    return last_known(store, path)


def post_tool_use(payload: dict, repo) -> str:
    """Record the lines of one tool call; returns what was recorded, for the log line."""
    from specdraft.agents.store import AgentStore

    tool = payload.get("tool_name")
    store = AgentStore(repo)
    if tool == SHELL_TOOL:
        return shell_done(store, AGENT)
    if tool not in EDIT_TOOLS:
        return "not an edit tool"
    tool_input = payload.get("tool_input") or {}
    file_path = tool_input.get("file_path") or tool_input.get("notebook_path")
    if not isinstance(file_path, str):
        raise UserError(f"the {tool} call names no file_path")
    path = relative(repo, file_path, payload.get("cwd") or os.getcwd())
    if path is None:
        return f"{file_path}: outside the repository"
    after = read_file(repo, path)
    before = before_contents(store, payload, path, after)
    return record_write(store, AGENT, path, before, after, f"{AGENT} {tool}")


def pre_tool_use(payload: dict, repo) -> str:
    """Before a Bash call: a snapshot, so that what the call writes is recorded after it."""
    from specdraft.agents.store import AgentStore

    if payload.get("tool_name") == SHELL_TOOL:
        shell_started(AgentStore(repo), AGENT)
    return ""


def user_prompt_submit(payload: dict, repo) -> str:
    """A new turn begins; returns the feedback not yet delivered (Claude Code adds a
    UserPromptSubmit hook's output to the prompt)."""
    from specdraft.agents.store import AgentStore

    return turn_started(AgentStore(repo), AGENT, to="UserPromptSubmit")


def stop(payload: dict, repo) -> str:
    """The turn ends: queued rejects are applied; returns the JSON Claude Code reads, or ''."""
    from specdraft.agents.store import AgentStore

    text = turn_ended(AgentStore(repo), AGENT, to="Stop")
    return json.dumps({"decision": "block", "reason": text}) if text else ""


def _recorded_quietly(payload: dict, repo) -> str:
    """PostToolUse prints nothing (Claude Code shows a hook's output in its transcript)."""
    post_tool_use(payload, repo)
    return ""


HANDLERS = {"PreToolUse": pre_tool_use, "PostToolUse": _recorded_quietly,
            "UserPromptSubmit": user_prompt_submit, "Stop": stop}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """``python -I -m specdraft.agents.claude_code EVENT``, the payload on standard input."""
    argv = sys.argv[1:] if argv is None else argv
    return run_hook(MODULE, argv[0] if argv else "", HANDLERS)


# ---------------------------------------------------------------- install / uninstall


def settings_path(repo, local: bool = False) -> Path:
    return repo.root / ".claude" / ("settings.local.json" if local else "settings.json")


def install(repo, *, local: bool = False, python: str | None = None) -> list[str]:
    """Merge specdraft's hooks into the settings file; returns what was done, line by line."""
    return merge_hooks(settings_path(repo, local), MODULE, EVENTS, python)


def uninstall(repo, *, local: bool = False) -> list[str]:
    """Remove exactly the entries ``install`` added, and what became empty by it."""
    return remove_hooks(settings_path(repo, local), MODULE)


def installed(repo) -> list[Path]:
    """The settings files holding specdraft's hooks."""
    return [path for local in (False, True) if holds_hooks(path := settings_path(repo, local), MODULE)]


if __name__ == "__main__":
    sys.exit(main())

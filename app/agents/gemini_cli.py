"""Gemini CLI: its hooks record each edit it makes, and carry the reviewer's feedback back to it.

Gemini CLI's hooks (docs/hooks/reference.md of google-gemini/gemini-cli) are Claude Code's kind:
commands in ``settings.json`` under ``hooks``, the event's JSON on standard input, JSON out.
``specdraft agent install gemini-cli`` merges four into the project's ``.gemini/settings.json``,
all running ``<this interpreter> -I -m specdraft.agents.gemini_cli EVENT`` (isolated: the
installed specdraft, never a module of the repository):

- AfterTool on ``replace`` and ``write_file`` (its edit tools): ``tool_input.file_path`` names the
  file, and ``tool_response.returnDisplay`` is the tool's FileDiff, whose ``originalContent`` is
  the file before the call (packages/core/src/tools/edit.ts and write-file.ts: ``displayResult``).
  Only that call's lines are recorded, never the human's own edits made between calls. Where the
  FileDiff is missing (``replace`` creating a file answers with a sentence), the file before is
  the file now with the replacement undone, else the last version recorded or staged.
- BeforeTool and AfterTool on ``run_shell_command``: a snapshot of the worktree before the call,
  and what differs after it is the agent's (as for Claude Code's Bash).
- BeforeAgent (a prompt was submitted): a new turn; feedback not yet delivered goes back as
  ``hookSpecificOutput.additionalContext``, which Gemini CLI appends to the prompt.
- AfterAgent (the answer is done): the turn ends, queued rejects are applied; feedback not yet
  delivered goes back as ``{"decision": "block", "reason": ...}``: Gemini CLI sends the reason to
  the model as a new prompt (packages/core/src/core/client.ts, ``isBlockingDecision``).

A call that failed (``tool_response.error``) wrote nothing and records nothing. stdout carries
JSON or nothing: Gemini CLI reads any other text as a message for the user.
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

AGENT = "gemini-cli"
MODULE = "specdraft.agents.gemini_cli"
EDIT_TOOLS = ("replace", "write_file")
SHELL_TOOL = "run_shell_command"
# Gemini CLI's tool matchers are regular expressions tested anywhere in the name: anchored
EVENTS = {
    "BeforeTool": f"^{SHELL_TOOL}$",
    "AfterTool": "^(" + "|".join((*EDIT_TOOLS, SHELL_TOOL)) + ")$",
    "BeforeAgent": None,
    "AfterAgent": None,
}


def before_contents(store, payload: dict, path: str, after: bytes | None) -> bytes | None:
    """What ``path`` held just before this tool call (None: it did not exist)."""
    tool_input = payload.get("tool_input") or {}
    response = payload.get("tool_response")
    display = response.get("returnDisplay") if isinstance(response, dict) else None
    if isinstance(display, dict) and "fileDiff" in display:
        if display.get("isNewFile"):
            return None
        original = display.get("originalContent")
        if isinstance(original, str):
            data = encode(original)
            # the edit tool reads a CRLF file as LF and writes it back as CRLF
            if after is not None and b"\r\n" in after and b"\r" not in data:
                data = data.replace(b"\n", b"\r\n")
            return data
    if payload.get("tool_name") == "replace":
        old, new = tool_input.get("old_string"), tool_input.get("new_string")
        if old == "" and isinstance(new, str) and after is not None and after == encode(new):
            return None  # ``replace`` with no old_string creates the file
        if isinstance(old, str) and isinstance(new, str) and after is not None:
            edit = {"old_string": old, "new_string": new, "replace_all": bool(tool_input.get("allow_multiple"))}
            undone = undo_edits(after, [edit])
            if undone is not None:
                return undone
    return last_known(store, path)


def after_tool(payload: dict, repo) -> str:
    """Record the lines of one tool call (nothing on standard output)."""
    from specdraft.agents.store import AgentStore

    tool = payload.get("tool_name")
    store = AgentStore(repo)
    if tool == SHELL_TOOL:
        shell_done(store, AGENT)
        return ""
    if tool not in EDIT_TOOLS:
        return ""
    response = payload.get("tool_response")
    if isinstance(response, dict) and response.get("error"):
        return ""  # the call failed: it wrote nothing
    tool_input = payload.get("tool_input") or {}
    display = response.get("returnDisplay") if isinstance(response, dict) else None
    file_path = display.get("filePath") if isinstance(display, dict) else None
    file_path = file_path if isinstance(file_path, str) else tool_input.get("file_path")
    if not isinstance(file_path, str):
        raise UserError(f"the {tool} call names no file_path")
    path = relative(repo, file_path, payload.get("cwd") or os.getcwd())
    if path is None:
        return ""
    after = read_file(repo, path)
    record_write(store, AGENT, path, before_contents(store, payload, path, after), after, f"{AGENT} {tool}")
    return ""


def before_tool(payload: dict, repo) -> str:
    from specdraft.agents.store import AgentStore

    if payload.get("tool_name") == SHELL_TOOL:
        shell_started(AgentStore(repo), AGENT)
    return ""


def before_agent(payload: dict, repo) -> str:
    """A new turn; the feedback not yet delivered, as context added to the prompt."""
    from specdraft.agents.store import AgentStore

    text = turn_started(AgentStore(repo), AGENT, to="BeforeAgent")
    if not text:
        return ""
    return json.dumps({"hookSpecificOutput": {"hookEventName": "BeforeAgent", "additionalContext": text}})


def after_agent(payload: dict, repo) -> str:
    """The turn ends; the feedback not yet delivered goes to the model as a new prompt."""
    from specdraft.agents.store import AgentStore

    text = turn_ended(AgentStore(repo), AGENT, to="AfterAgent")
    return json.dumps({"decision": "block", "reason": text}) if text else ""


HANDLERS = {"BeforeTool": before_tool, "AfterTool": after_tool,
            "BeforeAgent": before_agent, "AfterAgent": after_agent}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """``python -I -m specdraft.agents.gemini_cli EVENT``, the payload on standard input."""
    argv = sys.argv[1:] if argv is None else argv
    return run_hook(MODULE, argv[0] if argv else "", HANDLERS)


# ---------------------------------------------------------------- install / uninstall


def settings_path(repo) -> Path:
    return repo.root / ".gemini" / "settings.json"


def install(repo, *, python: str | None = None) -> list[str]:
    return merge_hooks(settings_path(repo), MODULE, EVENTS, python)


def uninstall(repo) -> list[str]:
    return remove_hooks(settings_path(repo), MODULE)


def installed(repo) -> list[Path]:
    path = settings_path(repo)
    return [path] if holds_hooks(path, MODULE) else []


if __name__ == "__main__":
    sys.exit(main())

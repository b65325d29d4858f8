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


def _relative(repo, file_path: str, cwd: str) -> str | None:
    """``file_path`` relative to the worktree's top; None outside it or inside .git."""
    path = Path(file_path)
    if not path.is_absolute():
        path = Path(cwd) / path
    try:
        relative = Path(os.path.realpath(path)).relative_to(os.path.realpath(repo.root))
    except ValueError:
        return None
    parts = relative.parts
    if not parts or parts[0] == ".git":
        return None
    return "/".join(parts)


def _undo_edit(text: str, old: str, new: str, replace_all: bool) -> str | None:
    """``text`` with one edit (old -> new) undone; None when where it was is not certain."""
    if replace_all:
        return text.replace(new, old) if new else None
    if not new or text.count(new) != 1:
        return None
    return text.replace(new, old, 1)


def _decode(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def before_contents(store, payload: dict, path: str, after: bytes | None) -> bytes | None:
    """What ``path`` held just before this tool call (None: it did not exist)."""
    tool = payload.get("tool_name")
    tool_input = payload.get("tool_input") or {}
    response = payload.get("tool_response")
    original = response.get("originalFile") if isinstance(response, dict) else None
    if isinstance(original, str):
        return _encode(original)
    if tool in ("Edit", "MultiEdit") and after is not None:
        edits = (
            tool_input.get("edits") or []
            if tool == "MultiEdit"
            else [{k: tool_input.get(k) for k in ("old_string", "new_string", "replace_all")}]
        )
        text: str | None = _decode(after)
        for edit in reversed(edits):
            if not isinstance(edit, dict) or text is None:
                text = None
                break
            old, new = edit.get("old_string"), edit.get("new_string")
            if not isinstance(old, str) or not isinstance(new, str):
                text = None
                break
            text = _undo_edit(text, old, new, bool(edit.get("replace_all")))
        if text is not None:
            return _encode(text)
    if tool == "Write" and tool_input.get("content") is not None and after is None:
        return None
    return last_known(store, path)


def last_known(store, path: str) -> bytes | None:
    """The newest contents recorded for ``path`` (the last change's), else the index's, else None."""
    for change in reversed(store.changes()):
        if change.path == path:
            if change.after is None:
                return None
            return store.read_blobs([change.after])[change.after]
    result = store.repo.run("cat-file", "blob", f":{path}", check=False)
    return result.stdout if result.returncode == 0 else None


def post_tool_use(payload: dict, repo) -> str:
    """Record the lines of one tool call; returns what was recorded, for the log line."""
    from specdraft.agents.capture import record_change
    from specdraft.agents.store import AgentStore

    tool = payload.get("tool_name")
    if tool == SHELL_TOOL:
        from specdraft.agents.snapshot import shell_call_done
        from specdraft.agents.store import AgentStore

        recorded = shell_call_done(AgentStore(repo), AGENT)
        return f"{len(recorded)} file{'s' if len(recorded) != 1 else ''} changed by the shell call"
    if tool not in EDIT_TOOLS:
        return "not an edit tool"
    tool_input = payload.get("tool_input") or {}
    file_path = tool_input.get("file_path") or tool_input.get("notebook_path")
    if not isinstance(file_path, str):
        raise UserError(f"the {tool} call names no file_path")
    path = _relative(repo, file_path, payload.get("cwd") or os.getcwd())
    if path is None:
        return f"{file_path}: outside the repository"
    store = AgentStore(repo)
    try:
        after: bytes | None = (repo.root / path).read_bytes()
    except FileNotFoundError:
        after = None
    before = before_contents(store, payload, path, after)
    change = record_change(
        store, agent=AGENT, turn=store.current_turn(AGENT), path=path, before=before,
        after=after, how=f"{AGENT} {tool}", pin=False,  # pinned at the turn's end (Stop)
    )  # fmt: skip
    if change is None:
        return f"{path}: unchanged"
    return f"{path}: +{change.added} -{change.removed}"


def pre_tool_use(payload: dict, repo) -> None:
    """Before a Bash call: a snapshot, so that what the call writes is recorded after it."""
    if payload.get("tool_name") != SHELL_TOOL:
        return
    from specdraft.agents.snapshot import shell_call_started
    from specdraft.agents.store import AgentStore

    shell_call_started(AgentStore(repo), AGENT)


def user_prompt_submit(repo) -> str:
    """A new turn begins; returns the feedback not yet delivered (Claude Code reads it)."""
    from specdraft.agents.feedback import take_feedback
    from specdraft.agents.store import AgentStore

    store = AgentStore(repo)
    store.start_turn(AGENT)
    return take_feedback(store, AGENT, to="UserPromptSubmit")


def stop(repo) -> str:
    """The turn ends: queued rejects are applied; returns the JSON Claude Code reads, or ''."""
    from specdraft.agents.feedback import take_feedback
    from specdraft.agents.review import apply_queue
    from specdraft.agents.store import AgentStore

    store = AgentStore(repo)
    store.end_turn(AGENT)
    store.pin_changes()
    apply_queue(store, AGENT)
    text = take_feedback(store, AGENT, to="Stop")
    if not text:
        return ""
    return json.dumps({"decision": "block", "reason": text})


def main(argv: list[str] | None = None) -> int:
    """``python -I -m specdraft.agents.claude_code EVENT``, the payload on standard input."""
    argv = sys.argv[1:] if argv is None else argv
    event = argv[0] if argv else ""
    try:
        payload = json.loads(sys.stdin.buffer.read() or b"{}")
        if not isinstance(payload, dict):
            raise ValueError("not a JSON object")
    except ValueError as error:
        print(f"specdraft: the {event or 'hook'} payload is not JSON ({error})", file=sys.stderr)
        return 2
    from specdraft.core.git import GitRepo

    try:
        repo = GitRepo(payload.get("cwd") or ".")
        if event == "PreToolUse":
            pre_tool_use(payload, repo)
        elif event == "PostToolUse":
            post_tool_use(payload, repo)
        elif event == "UserPromptSubmit":
            sys.stdout.write(user_prompt_submit(repo))
        elif event == "Stop":
            sys.stdout.write(stop(repo))
        else:
            print(f"specdraft: unknown hook event {event!r}", file=sys.stderr)
            return 2
    except UserError as error:
        # exit 2: Claude Code shows this to the model (and the user); the edit was made but
        # could not be recorded, so it must not go on as if it had been
        print(f"specdraft could not record this edit: {error}", file=sys.stderr)
        return 2
    return 0


# ---------------------------------------------------------------- install / uninstall


def hook_command(event: str, python: str | None = None) -> str:
    import shlex

    return shlex.join([python or sys.executable, "-I", "-m", MODULE, event])


def _ours(entry: object) -> bool:
    return isinstance(entry, dict) and MODULE in str(entry.get("command", ""))


def settings_path(repo, local: bool = False) -> Path:
    return repo.root / ".claude" / ("settings.local.json" if local else "settings.json")


def _load(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise UserError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        data = json.loads(text) if text.strip() else {}
    except ValueError as error:
        raise UserError(f"{path} is not valid JSON ({error}); fix it, then install again") from None
    if not isinstance(data, dict):
        raise UserError(f"{path} is not a JSON object; fix it, then install again")
    return data


def _save(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.specdraft-tmp")
    temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def install(repo, *, local: bool = False, python: str | None = None) -> list[str]:
    """Merge specdraft's hooks into the settings file; returns what was done, line by line."""
    path = settings_path(repo, local)
    data = _load(path)
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise UserError(f"{path}: \"hooks\" is not an object; fix it, then install again")
    done = []
    for event, matcher in EVENTS.items():
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise UserError(f"{path}: hooks.{event} is not a list; fix it, then install again")
        for group in groups:  # an older install of ours: replaced, not doubled
            if isinstance(group, dict) and isinstance(group.get("hooks"), list):
                group["hooks"] = [entry for entry in group["hooks"] if not _ours(entry)]
        groups[:] = [g for g in groups if not (isinstance(g, dict) and g.get("hooks") == [])]
        group = {"hooks": [{"type": "command", "command": hook_command(event, python)}]}
        if matcher:
            group = {"matcher": matcher, **group}
        groups.append(group)
        done.append(f"{event}: {group['hooks'][0]['command']}")
    _save(path, data)
    return [f"installed in {path}:", *("  " + line for line in done)]


def uninstall(repo, *, local: bool = False) -> list[str]:
    """Remove exactly the entries ``install`` added, and what became empty by it."""
    path = settings_path(repo, local)
    data = _load(path)
    hooks = data.get("hooks")
    removed = 0
    if isinstance(hooks, dict):
        for event in list(hooks):
            groups = hooks[event]
            if not isinstance(groups, list):
                continue
            kept_groups = []
            for group in groups:
                entries = group.get("hooks") if isinstance(group, dict) else None
                if isinstance(entries, list) and any(_ours(e) for e in entries):
                    removed += sum(1 for e in entries if _ours(e))
                    group["hooks"] = [e for e in entries if not _ours(e)]
                    if not group["hooks"]:
                        continue  # the group was ours
                kept_groups.append(group)
            if kept_groups:
                hooks[event] = kept_groups
            elif groups:
                del hooks[event]
        if not hooks:
            del data["hooks"]
    if not removed:
        return [f"nothing of specdraft's in {path}"]
    if data:
        _save(path, data)
    else:
        path.unlink()
    return [f"removed {removed} hook{'s' if removed != 1 else ''} from {path}"]


def installed(repo) -> list[Path]:
    """The settings files holding specdraft's hooks."""
    found = []
    for local in (False, True):
        path = settings_path(repo, local)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        if MODULE in text:
            found.append(path)
    return found


if __name__ == "__main__":
    sys.exit(main())

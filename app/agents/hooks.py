"""What the hooks of every agent share: recording one tool call, the turns, the feedback, and the
settings file the hooks are merged into.

An agent with hooks (Claude Code: specdraft.agents.claude_code, Gemini CLI: gemini_cli, Codex
CLI: codex) runs ``<interpreter> -I -m specdraft.agents.<module> EVENT`` with the event's JSON on
standard input. Its module reads what the tool call wrote from that JSON and calls
``record_write``; a shell call is a snapshot before (``shell_started``) and what differs after
(``shell_done``); a prompt starts a turn (``turn_started``) and the end of the agent's answer
ends it (``turn_ended``), each returning the feedback not delivered yet, which the module hands
back the way its agent reads it.

``merge_hooks`` / ``remove_hooks`` edit a settings file of Claude Code's shape (Gemini CLI's
settings.json and Codex's hooks.json have the same one): ``{"hooks": {EVENT: [{"matcher": ...,
"hooks": [{"type": "command", "command": ...}]}]}}``. ``remove_hooks`` takes out exactly the
entries whose command names the module, and what became empty by it.

Kept light: a hook runs after every edit an agent makes (git and the review record are imported
only when needed).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from specdraft.core.errors import UserError

# ---------------------------------------------------------------- one tool call


def relative(repo, file_path: str, cwd: str) -> str | None:
    """``file_path`` relative to the worktree's top; None outside it or inside .git."""
    path = Path(file_path)
    if not path.is_absolute():
        path = Path(cwd) / path
    try:
        relative_path = Path(os.path.realpath(path)).relative_to(os.path.realpath(repo.root))
    except ValueError:
        return None
    parts = relative_path.parts
    if not parts or parts[0] == ".git":
        return None
    return "/".join(parts)


def decode(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def read_file(repo, path: str) -> bytes | None:
    try:
        return (repo.root / path).read_bytes()
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None


def _undo_edit(text: str, old: str, new: str, replace_all: bool) -> str | None:
    """``text`` with one edit (old -> new) undone; None when where it was is not certain."""
    if replace_all:
        return text.replace(new, old) if new else None
    if not new or text.count(new) != 1:
        return None
    return text.replace(new, old, 1)


def undo_edits(after: bytes, edits: list) -> bytes | None:
    """``after`` with ``edits`` (dicts of old_string, new_string, replace_all) undone, last first;
    None when where one was is not certain."""
    text: str | None = decode(after)
    for edit in reversed(edits):
        if not isinstance(edit, dict) or text is None:
            return None
        old, new = edit.get("old_string"), edit.get("new_string")
        if not isinstance(old, str) or not isinstance(new, str):
            return None
        text = _undo_edit(text, old, new, bool(edit.get("replace_all")))
    return None if text is None else encode(text)


def last_known(store, path: str) -> bytes | None:
    """The newest contents recorded for ``path`` (the last change's), else the index's, else None."""
    for change in reversed(store.changes()):
        if change.path == path:
            if change.after is None:
                return None
            return store.read_blobs([change.after])[change.after]
    result = store.repo.run("cat-file", "blob", f":{path}", check=False)
    return result.stdout if result.returncode == 0 else None


def record_write(store, agent: str, path: str, before: bytes | None, after: bytes | None, how: str) -> str:
    """Record that one tool call of ``agent`` turned ``path`` from ``before`` into ``after``, in
    the agent's current turn; returns what was recorded, for a log line.

    While a ``specdraft run`` or ``watch`` captures too, it is done one at a time with the
    capture's own recording: what the capture recorded already is not recorded again, and the
    capture is told what this call recorded, so that its next recording does not take the same
    lines again (specdraft.agents.snapshot)."""
    from specdraft.agents.capture import record_change
    from specdraft.agents.snapshot import beside_captures, mark_recorded, recorded_by_capture

    if before == after:
        return f"{path}: unchanged"
    with beside_captures(store) as captures:
        written = iter(store.write_blobs([data for data in (before, after) if data is not None], pin=False))
        shas = (next(written) if before is not None else None, next(written) if after is not None else None)
        if captures and recorded_by_capture(store, captures, path, shas[1]):
            return f"{path}: recorded already by specdraft {'/'.join(sorted(captures))}"
        change = record_change(
            store, agent=agent, turn=store.current_turn(agent), path=path, before=before,
            after=after, how=how, shas=shas, pin=False,  # pinned at the turn's end
        )  # fmt: skip
        if change is not None and captures:
            mark_recorded(store, captures, path, shas[1])
    if change is None:
        return f"{path}: unchanged"
    return f"{path}: +{change.added} -{change.removed}"


def shell_started(store, agent: str) -> None:
    """Before an agent's shell call: a snapshot, so that what the call writes is recorded after it."""
    from specdraft.agents.snapshot import shell_call_started

    shell_call_started(store, agent)


def shell_done(store, agent: str) -> str:
    from specdraft.agents.snapshot import shell_call_done

    recorded = shell_call_done(store, agent)
    return f"{len(recorded)} file{'s' if len(recorded) != 1 else ''} changed by the shell call"


# ---------------------------------------------------------------- turns and feedback


def turn_started(store, agent: str, to: str) -> str:
    """A new turn begins; returns the feedback not yet delivered, as text ('' if none)."""
    from specdraft.agents.feedback import take_feedback

    store.start_turn(agent)
    return take_feedback(store, agent, to=to)


def turn_ended(store, agent: str, to: str) -> str:
    """The turn ends: a shell call still open is recorded (its PostToolUse never came), the blobs
    pinned, the rejects queued during the turn applied; returns the feedback not yet delivered."""
    from specdraft.agents.feedback import take_feedback
    from specdraft.agents.review import apply_queue
    from specdraft.agents.snapshot import shell_call_done

    shell_call_done(store, agent)
    store.end_turn(agent)
    store.pin_changes()
    apply_queue(store, agent)
    return take_feedback(store, agent, to=to)


# ---------------------------------------------------------------- the hook process


def run_hook(module: str, event: str, handlers: dict[str, Callable[[dict, object], str]]) -> int:
    """``python -I -m MODULE EVENT``: the payload on standard input, ``handlers[event](payload,
    repo)`` prints what it returns. Exit 2 with the reason on standard error when it cannot be
    recorded (every agent here shows that to the model: the edit was made and must not go on as
    if it had been recorded)."""
    try:
        payload = json.loads(sys.stdin.buffer.read() or b"{}")
        if not isinstance(payload, dict):
            raise ValueError("not a JSON object")
    except ValueError as error:
        print(f"specdraft: the {event or 'hook'} payload is not JSON ({error})", file=sys.stderr)
        return 2
    handler = handlers.get(event)
    if handler is None:
        print(f"specdraft: unknown hook event {event!r} for {module}", file=sys.stderr)
        return 2
    from specdraft.core.git import GitRepo

    try:
        repo = GitRepo(payload.get("cwd") or ".")
        sys.stdout.write(handler(payload, repo))
    except UserError as error:
        print(f"specdraft could not record this edit: {error}", file=sys.stderr)
        return 2
    return 0


# ---------------------------------------------------------------- the settings file


def hook_command(module: str, event: str, python: str | None = None) -> str:
    import shlex

    return shlex.join([python or sys.executable, "-I", "-m", module, event])


def _ours(entry: object, module: str) -> bool:
    return isinstance(entry, dict) and module in str(entry.get("command", ""))


def load_settings(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise UserError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        data = json.loads(text) if text.strip() else {}
    except ValueError as error:
        raise UserError(
            f"{path} is not valid JSON ({error}); fix it (comments too: specdraft rewrites the file "
            "whole and would lose them), then install again"
        ) from None
    if not isinstance(data, dict):
        raise UserError(f"{path} is not a JSON object; fix it, then install again")
    return data


def save_settings(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.specdraft-tmp")
    temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def merge_hooks(path: Path, module: str, events: dict[str, str | None], python: str | None = None) -> list[str]:
    """Merge a hook per event (``events``: event -> matcher or None) into the settings file at
    ``path``, keeping every other setting and hook; returns what was done, line by line."""
    data = load_settings(path)
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise UserError(f"{path}: \"hooks\" is not an object; fix it, then install again")
    done = []
    for event, matcher in events.items():
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise UserError(f"{path}: hooks.{event} is not a list; fix it, then install again")
        for group in groups:  # an older install of ours: replaced, not doubled
            if isinstance(group, dict) and isinstance(group.get("hooks"), list):
                group["hooks"] = [entry for entry in group["hooks"] if not _ours(entry, module)]
        groups[:] = [g for g in groups if not (isinstance(g, dict) and g.get("hooks") == [])]
        group: dict = {"hooks": [{"type": "command", "command": hook_command(module, event, python)}]}
        if matcher:
            group = {"matcher": matcher, **group}
        groups.append(group)
        done.append(f"{event}: {group['hooks'][0]['command']}")
    save_settings(path, data)
    return [f"installed in {path}:", *("  " + line for line in done)]


def remove_hooks(path: Path, module: str) -> list[str]:
    """Remove exactly the entries ``merge_hooks`` added, and what became empty by it (the file
    too, when nothing else was in it)."""
    data = load_settings(path)
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
                if isinstance(entries, list) and any(_ours(e, module) for e in entries):
                    removed += sum(1 for e in entries if _ours(e, module))
                    group["hooks"] = [e for e in entries if not _ours(e, module)]
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
        save_settings(path, data)
    else:
        path.unlink()
    return [f"removed {removed} hook{'s' if removed != 1 else ''} from {path}"]


def holds_hooks(path: Path, module: str) -> bool:
    try:
        return module in path.read_text(encoding="utf-8")
    except OSError:
        return False

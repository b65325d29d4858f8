"""A scripted fake agent: edits files the way an agent's tools do, with pauses, and can commit.

    python fake_agent.py SCRIPT.json [--hook COMMAND] [--no-original]

SCRIPT is a JSON list of steps, run in order in the current directory:

- ``{"tool": "Edit", "file": "a.py", "old": "...", "new": "...", "replace_all": false}``
- ``{"tool": "MultiEdit", "file": "a.py", "edits": [{"old": "...", "new": "..."}, ...]}``
- ``{"tool": "Write", "file": "a.py", "content": "..."}``
- ``{"tool": "Delete", "file": "a.py"}`` (a shell ``rm``, as an agent's Bash tool does)
- ``{"tool": "Bash", "command": "sed -i s/a/b/ a.py"}``: a shell command, as Claude Code's Bash
  tool runs one (with ``--hook``: PreToolUse before it, PostToolUse after it); prints its exit
- ``{"pause": 0.2}``: sleep, as an agent thinks between calls
- ``{"wait_for": "path"}``: wait (at most 30 s) until the file exists (a test's cue)
- ``{"commit": "message"}``: ``git add -A`` and ``git commit`` as the agent would; prints
  ``commit exit N`` on standard output

With ``--hook COMMAND``, each tool call is followed by ``COMMAND PostToolUse`` with Claude Code's
PostToolUse JSON on standard input (tool_name, tool_input as Claude Code names its fields,
tool_response with ``originalFile`` unless ``--no-original``), as Claude Code runs its hooks.
Exits 1 when a hook fails (Claude Code shows the hook's error to the model).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def _edit(text: str, old: str, new: str, replace_all: bool) -> str:
    if old not in text:
        raise SystemExit(f"fake agent: {old!r} is not in the file")
    return text.replace(old, new) if replace_all else text.replace(old, new, 1)


def run_step(step: dict, hook: list[str] | None, original: bool) -> int:
    if "pause" in step:
        time.sleep(float(step["pause"]))
        return 0
    if "wait_for" in step:
        deadline = time.monotonic() + 30
        while not Path(step["wait_for"]).exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        return 0
    if "commit" in step:
        subprocess.run(["git", "add", "-A"], check=True)
        done = subprocess.run(["git", "commit", "-q", "-m", step["commit"]], stdin=subprocess.DEVNULL)
        print(f"commit exit {done.returncode}", flush=True)
        return 0
    if step.get("tool") == "Bash":
        tool_input = {"command": step["command"], "description": "a shell command"}
        if hook is not None:
            _hook(hook, "PreToolUse", "Bash", tool_input, {})
        done = subprocess.run(step["command"], shell=True, stdin=subprocess.DEVNULL)
        print(f"bash exit {done.returncode}", flush=True)
        if hook is not None and _hook(hook, "PostToolUse", "Bash", tool_input, {"stdout": "", "stderr": ""}):
            return 1
        return 0
    tool, path = step["tool"], Path(step["file"])
    before = _read(path)
    if tool == "Edit":
        after = _edit(before or "", step["old"], step["new"], bool(step.get("replace_all")))
        tool_input = {"file_path": str(path.resolve()), "old_string": step["old"],
                      "new_string": step["new"], "replace_all": bool(step.get("replace_all"))}
    elif tool == "MultiEdit":
        after = before or ""
        for edit in step["edits"]:
            after = _edit(after, edit["old"], edit["new"], bool(edit.get("replace_all")))
        tool_input = {"file_path": str(path.resolve()), "edits": [
            {"old_string": e["old"], "new_string": e["new"], "replace_all": bool(e.get("replace_all"))}
            for e in step["edits"]]}
    elif tool == "Write":
        after = step["content"]
        tool_input = {"file_path": str(path.resolve()), "content": after}
    elif tool == "Delete":
        path.unlink()
        return 0
    else:
        raise SystemExit(f"fake agent: unknown tool {tool}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(after, encoding="utf-8")
    if hook is None:
        return 0
    response: dict = {"filePath": str(path.resolve())}
    if original and before is not None:
        response["originalFile"] = before
    return _hook(hook, "PostToolUse", tool, tool_input, response)


def _hook(hook: list[str], event: str, tool: str, tool_input: dict, response: dict) -> int:
    """Run the hook as Claude Code does: its JSON on standard input; 1 when it fails."""
    payload = {"session_id": "fake", "transcript_path": "/dev/null", "cwd": os.getcwd(),
               "hook_event_name": event, "tool_name": tool, "tool_input": tool_input}
    if event == "PostToolUse":
        payload["tool_response"] = response
    done = subprocess.run([*hook, event], input=json.dumps(payload).encode())
    return 1 if done.returncode != 0 else 0


def main() -> int:
    args = sys.argv[1:]
    hook = None
    original = "--no-original" not in args
    args = [a for a in args if a != "--no-original"]
    if "--hook" in args:
        at = args.index("--hook")
        hook = shlex.split(args[at + 1])
        del args[at : at + 2]
    steps = json.loads(Path(args[0]).read_text())
    for step in steps:
        if run_step(step, hook, original):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

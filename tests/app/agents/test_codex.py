"""Codex CLI's hooks as it runs them: each apply_patch call's lines recorded (the files it names
read before the call, compared after it), the human's own edits never counted as the agent's,
feedback handed back the way Codex reads it, and .codex/hooks.json merged into and restored
exactly.

The payloads are Codex's (openai/codex): the fields of
codex-rs/hooks/schema/generated/post-tool-use.command.input.schema.json (cwd, hook_event_name,
model, permission_mode, session_id, tool_input, tool_name, tool_response, tool_use_id,
transcript_path, turn_id; PreToolUse the same without tool_response); for apply_patch
``tool_input`` = {"command": the patch} and ``tool_response`` the tool's text
(codex-rs/core/src/tools/handlers/apply_patch_tests.rs,
``post_tool_use_payload_uses_patch_input_and_tool_output``); a shell call is ``Bash`` with
{"command": ...}; Stop adds stop_hook_active and last_assistant_message
(codex-rs/hooks/src/events/stop.rs), UserPromptSubmit adds prompt.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.app.agents.agentkit import BASE, agent_repo, changes, commit, specdraft

FAST_OK = {"SPECDRAFT_HOOK_READING_SPEED": "0"}


def codex_hook(repo: Path, env: dict, event: str, **fields) -> subprocess.CompletedProcess:
    payload = {"session_id": "0199a1b2-c3d4", "turn_id": "turn-1", "transcript_path": None, "cwd": str(repo),
               "hook_event_name": event, "model": "gpt-5-codex", "permission_mode": "default", **fields}  # fmt: skip
    return subprocess.run([sys.executable, "-I", "-m", "specdraft.agents.codex", event], cwd=repo, env=env,
                          input=json.dumps(payload), capture_output=True, text=True, timeout=60)  # fmt: skip


def apply_patch(repo: Path, env: dict, patch: str, write, call: str = "call_1") -> subprocess.CompletedProcess:
    """What Codex does for one apply_patch call: PreToolUse, the patch applied (``write``), PostToolUse."""
    pre = codex_hook(repo, env, "PreToolUse", tool_name="apply_patch", tool_use_id=call,
                     tool_input={"command": patch})  # fmt: skip
    assert pre.returncode == 0, pre.stderr
    write()
    return codex_hook(repo, env, "PostToolUse", tool_name="apply_patch", tool_use_id=call,
                      tool_input={"command": patch},
                      tool_response="Success. Updated the following files:\nM calc.py\n")  # fmt: skip


UPDATE = """*** Begin Patch
*** Update File: calc.py
@@ def f1(x):
     check(x)
-    return x + 1
+    return x + 100
*** End Patch"""


def test_an_apply_patch_is_recorded_without_the_humans_edits_and_blocks_the_commit(tmp_path):
    repo, env = agent_repo(tmp_path)
    calc = repo / "calc.py"
    mine = BASE.replace(b"x + 4\n", b"x + 4  # the human's own line\n")
    calc.write_bytes(mine)  # the human, before the call
    done = apply_patch(repo, env, UPDATE, lambda: calc.write_bytes(mine.replace(b"x + 1\n", b"x + 100\n")))
    assert done.returncode == 0 and done.stdout == "", done.stderr
    [change] = changes(repo)
    assert (change["agent"], change["path"], change["added"], change["removed"], change["how"]) == (
        "codex", "calc.py", 1, 1, "codex apply_patch")
    blocked = commit(repo, env)
    assert blocked.returncode != 0
    listed = [line for line in blocked.stderr.splitlines() if line.startswith("  calc.py")]
    assert listed and not any("calc.py:19 " in line for line in listed), blocked.stderr  # the human's
    assert any("calc.py:7 " in line for line in listed), blocked.stderr  # x + 100, the agent's
    reviewed = specdraft(repo, {**env, **FAST_OK}, "review", "--drafted", "--plain", stdin="y\n")
    assert "1 accepted" in reviewed.stdout, reviewed.stderr
    assert commit(repo, {**env, **FAST_OK}).returncode == 0


def test_a_patch_that_adds_moves_and_deletes_files(tmp_path):
    repo, env = agent_repo(tmp_path)
    (repo / "old.txt").write_text("gone soon\n")
    (repo / "name.txt").write_text("old content\n")
    patch = """*** Begin Patch
*** Add File: pkg/hello.txt
+hello
+world
*** Delete File: old.txt
*** Update File: name.txt
*** Move to: renamed/name.txt
@@
-old content
+new content
*** End Patch"""

    def write():
        (repo / "pkg").mkdir()
        (repo / "pkg" / "hello.txt").write_text("hello\nworld\n")
        (repo / "old.txt").unlink()
        (repo / "name.txt").unlink()
        (repo / "renamed").mkdir()
        (repo / "renamed" / "name.txt").write_text("new content\n")

    assert apply_patch(repo, env, patch, write).returncode == 0
    recorded = [(c["path"], c["added"], c["removed"]) for c in changes(repo)]
    assert recorded == [("pkg/hello.txt", 2, 0), ("old.txt", 0, 1), ("name.txt", 0, 1), ("renamed/name.txt", 1, 0)]


def test_a_shell_command_is_the_agents(tmp_path):
    repo, env = agent_repo(tmp_path)
    tool_input = {"command": "sed -i 's/x + 2$/x + 200/' calc.py"}
    assert codex_hook(repo, env, "PreToolUse", tool_name="Bash", tool_use_id="c2", tool_input=tool_input).returncode == 0
    (repo / "calc.py").write_bytes(BASE.replace(b"x + 2\n", b"x + 200\n"))
    done = codex_hook(repo, env, "PostToolUse", tool_name="Bash", tool_use_id="c2", tool_input=tool_input,
                      tool_response="Exit code: 0\nOutput:\n")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert [(c["path"], c["how"]) for c in changes(repo)] == [("calc.py", "codex Bash")]


def test_feedback_goes_back_at_the_turns_end_and_with_the_next_prompt(tmp_path):
    repo, env = agent_repo(tmp_path)
    calc = repo / "calc.py"
    assert codex_hook(repo, env, "UserPromptSubmit", prompt="make it bigger").stdout == ""
    assert apply_patch(repo, env, UPDATE, lambda: calc.write_bytes(BASE.replace(b"x + 1\n", b"x + 100\n"))).returncode == 0
    assert "1 queued" in specdraft(repo, env, "review", "--drafted", "--plain", stdin="n\n").stdout
    stop = codex_hook(repo, env, "Stop", stop_hook_active=False, last_assistant_message="Done.")
    answer = json.loads(stop.stdout)
    assert answer["decision"] == "block" and "x + 100" in answer["reason"]  # Codex goes on with it
    assert b"x + 100" not in calc.read_bytes()  # reverted at the turn's end
    assert codex_hook(repo, env, "Stop", stop_hook_active=True, last_assistant_message="ok").stdout == ""
    patch = UPDATE.replace("x + 1", "x + 3").replace("f1", "f3").replace("x + 100", "x + 300")
    assert apply_patch(repo, env, patch, lambda: calc.write_bytes(BASE.replace(b"x + 3\n", b"x + 300\n")),
                       call="call_2").returncode == 0  # fmt: skip
    assert "1 reverted" in specdraft(repo, env, "review", "--drafted", "--plain", stdin="n\n").stdout
    prompt = json.loads(codex_hook(repo, env, "UserPromptSubmit", prompt="go on").stdout)
    context = prompt["hookSpecificOutput"]
    assert context["hookEventName"] == "UserPromptSubmit" and "x + 300" in context["additionalContext"]


def test_install_merges_and_uninstall_restores_exactly(tmp_path):
    repo, env = agent_repo(tmp_path)
    hooks = repo / ".codex" / "hooks.json"
    hooks.parent.mkdir()
    theirs = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify-send done", "timeout": 30}]}]}}
    hooks.write_text(json.dumps(theirs, indent=2) + "\n")
    original = hooks.read_text()
    done = specdraft(repo, env, "agent", "install", "codex")
    assert done.returncode == 0, done.stderr
    data = json.loads(hooks.read_text())
    assert data["hooks"]["Stop"][0] == theirs["hooks"]["Stop"][0]
    assert set(data["hooks"]) == {"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"}
    post = data["hooks"]["PostToolUse"][0]
    assert post["matcher"] == "^(Bash|apply_patch)$"
    assert "-I -m specdraft.agents.codex PostToolUse" in post["hooks"][0]["command"]
    assert specdraft(repo, env, "agent", "uninstall", "codex").returncode == 0
    assert hooks.read_text() == original
    assert specdraft(repo, env, "agent", "uninstall", "codex").stdout.endswith(f"nothing of specdraft's in {hooks}\n")

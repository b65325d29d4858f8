"""Gemini CLI's hooks as it runs them: each tool call's lines recorded from the payload Gemini CLI
sends, the human's own edits never counted as the agent's, feedback handed back the way Gemini CLI
reads it, and .gemini/settings.json merged into and restored exactly.

The payloads are Gemini CLI's (google-gemini/gemini-cli at 5411f113): the base fields of
docs/hooks/reference.md; ``tool_input`` the tool's params (packages/core/src/tools/edit.ts
``EditToolParams``: file_path, old_string, new_string, allow_multiple, instruction; write-file.ts
``WriteFileToolParams``: file_path, content); ``tool_response`` = {llmContent, returnDisplay, error}
as packages/core/src/core/coreToolHookTriggers.ts passes it, returnDisplay the tool's ``FileDiff``
(packages/core/src/tools/tools.ts: fileDiff, fileName, filePath, originalContent, newContent,
diffStat, isNewFile).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.app.agents.agentkit import BASE, agent_repo, changes, commit, specdraft

FAST_OK = {"SPECDRAFT_HOOK_READING_SPEED": "0"}


def gemini_hook(repo: Path, env: dict, event: str, **fields) -> subprocess.CompletedProcess:
    """Run the installed hook command the way Gemini CLI's hookRunner does: the JSON on stdin."""
    payload = {"session_id": "s1", "transcript_path": "/tmp/s1.json", "cwd": str(repo),
               "hook_event_name": event, "timestamp": "2026-12-07T08:00:00.000Z", **fields}  # fmt: skip
    return subprocess.run([sys.executable, "-I", "-m", "specdraft.agents.gemini_cli", event], cwd=repo, env=env,
                          input=json.dumps(payload), capture_output=True, text=True, timeout=60)  # fmt: skip


def replace(repo: Path, env: dict, old: str, new: str, *, file: str = "calc.py") -> subprocess.CompletedProcess:
    """What the ``replace`` tool does: the file written, then AfterTool with its FileDiff."""
    path = repo / file
    before = path.read_text()
    after = before.replace(old, new, 1)
    path.write_text(after)
    display = {"fileDiff": "--- calc.py\tCurrent\n+++ calc.py\tProposed\n", "fileName": path.name,
               "filePath": str(path), "originalContent": before, "newContent": after,
               "diffStat": {"model_added_lines": 1, "model_removed_lines": 1}, "isNewFile": False}  # fmt: skip
    return gemini_hook(repo, env, "AfterTool", tool_name="replace",
                       tool_input={"file_path": str(path), "old_string": old, "new_string": new,
                                   "instruction": "change it"},
                       tool_response={"llmContent": f"Successfully modified file: {path} (1 replacements).",
                                      "returnDisplay": display})  # fmt: skip


def test_a_replace_is_recorded_without_the_humans_edits_and_blocks_the_commit(tmp_path):
    repo, env = agent_repo(tmp_path)
    calc = repo / "calc.py"
    calc.write_bytes(BASE.replace(b"x + 4\n", b"x + 4  # the human's own line\n"))  # before the call
    # "x + 2" is then in the file twice: only the FileDiff's originalContent says which is new
    done = replace(repo, env, "x + 1\n", "x + 2\n")
    assert done.returncode == 0 and done.stdout == "", done.stderr  # stdout: JSON or nothing
    [change] = changes(repo)
    assert (change["agent"], change["path"], change["added"], change["removed"], change["how"]) == (
        "gemini-cli", "calc.py", 1, 1, "gemini-cli replace")
    blocked = commit(repo, env)
    assert blocked.returncode != 0
    listed = [line for line in blocked.stderr.splitlines() if line.startswith("  calc.py")]
    assert listed and not any("calc.py:19 " in line for line in listed), blocked.stderr  # the human's
    assert any("calc.py:7 " in line for line in listed), blocked.stderr  # the agent's
    reviewed = specdraft(repo, {**env, **FAST_OK}, "review", "--drafted", "--plain", stdin="y\n")
    assert "1 accepted" in reviewed.stdout, reviewed.stderr
    assert commit(repo, {**env, **FAST_OK}).returncode == 0


def test_write_file_of_a_new_file_and_a_failed_call(tmp_path):
    repo, env = agent_repo(tmp_path)
    new = repo / "pkg" / "new.py"
    new.parent.mkdir()
    new.write_text("VALUE = 1\nOTHER = 2\n")
    display = {"fileDiff": "", "fileName": "new.py", "filePath": str(new), "originalContent": "",
               "newContent": "VALUE = 1\nOTHER = 2\n", "isNewFile": True}  # fmt: skip
    done = gemini_hook(repo, env, "AfterTool", tool_name="write_file",
                       tool_input={"file_path": str(new), "content": "VALUE = 1\nOTHER = 2\n"},
                       tool_response={"llmContent": "Successfully created and wrote to new file.",
                                      "returnDisplay": display})  # fmt: skip
    assert done.returncode == 0, done.stderr
    failed = gemini_hook(repo, env, "AfterTool", tool_name="replace",
                         tool_input={"file_path": str(repo / "calc.py"), "old_string": "nope", "new_string": "x"},
                         tool_response={"llmContent": "Error", "returnDisplay": "Error: could not find the string",
                                        "error": {"message": "0 occurrences", "type": "edit_no_occurrence_found"}})  # fmt: skip
    assert failed.returncode == 0, failed.stderr
    assert [(c["path"], c["added"], c["removed"], c["before"]) for c in changes(repo)] == [("pkg/new.py", 2, 0, None)]


def test_a_shell_command_is_the_agents(tmp_path):
    repo, env = agent_repo(tmp_path)
    tool_input = {"command": "sed -i 's/x + 2$/x + 200/' calc.py", "description": "edit with sed"}
    assert gemini_hook(repo, env, "BeforeTool", tool_name="run_shell_command", tool_input=tool_input).returncode == 0
    (repo / "calc.py").write_bytes(BASE.replace(b"x + 2\n", b"x + 200\n"))  # what the command did
    done = gemini_hook(repo, env, "AfterTool", tool_name="run_shell_command", tool_input=tool_input,
                       tool_response={"llmContent": "Command: sed ...\nExit Code: 0", "returnDisplay": ""})  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert [(c["path"], c["how"]) for c in changes(repo)] == [("calc.py", "gemini-cli Bash")]


def test_feedback_goes_back_at_the_turns_end_and_with_the_next_prompt(tmp_path):
    repo, env = agent_repo(tmp_path)
    assert gemini_hook(repo, env, "BeforeAgent", prompt="make it bigger").stdout == ""
    assert replace(repo, env, "x + 1\n", "x + 100\n").returncode == 0
    done = specdraft(repo, env, "review", "--drafted", "--plain", stdin="n\n")
    assert "1 queued" in done.stdout, done.stdout + done.stderr  # mid-turn: the revert waits
    end = gemini_hook(repo, env, "AfterAgent", prompt="make it bigger", prompt_response="Done.",
                      stop_hook_active=False)  # fmt: skip
    answer = json.loads(end.stdout)
    assert answer["decision"] == "block" and "x + 100" in answer["reason"]  # Gemini CLI retries with it
    assert b"x + 100" not in (repo / "calc.py").read_bytes()  # reverted at the turn's end
    assert gemini_hook(repo, env, "AfterAgent", prompt="", prompt_response="", stop_hook_active=True).stdout == ""
    # a review after the turn: the feedback comes with the next prompt
    assert replace(repo, env, "x + 2\n", "x + 200\n").returncode == 0
    assert "1 reverted" in specdraft(repo, env, "review", "--drafted", "--plain", stdin="n\n").stdout
    prompt = json.loads(gemini_hook(repo, env, "BeforeAgent", prompt="go on").stdout)
    context = prompt["hookSpecificOutput"]
    assert context["hookEventName"] == "BeforeAgent" and "x + 200" in context["additionalContext"]


def test_install_merges_and_uninstall_restores_exactly(tmp_path):
    repo, env = agent_repo(tmp_path)
    settings = repo / ".gemini" / "settings.json"
    settings.parent.mkdir()
    theirs = {"general": {"vimMode": True}, "hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [
        {"name": "mine", "type": "command", "command": "echo mine"}]}]}}  # fmt: skip
    settings.write_text(json.dumps(theirs, indent=2) + "\n")
    original = settings.read_text()
    done = specdraft(repo, env, "agent", "install", "gemini-cli")
    assert done.returncode == 0, done.stderr
    data = json.loads(settings.read_text())
    assert data["general"] == theirs["general"]
    assert data["hooks"]["BeforeTool"][0] == theirs["hooks"]["BeforeTool"][0]
    assert set(data["hooks"]) == {"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent"}
    after_tool = data["hooks"]["AfterTool"][0]
    assert after_tool["matcher"] == "^(replace|write_file|run_shell_command)$"
    assert "-I -m specdraft.agents.gemini_cli AfterTool" in after_tool["hooks"][0]["command"]
    assert specdraft(repo, env, "agent", "install", "gemini-cli").returncode == 0  # not doubled
    assert len(json.loads(settings.read_text())["hooks"]["BeforeTool"]) == 2
    assert "gemini-cli hooks: " + str(settings) in specdraft(repo, env, "agent", "status").stdout
    assert specdraft(repo, env, "agent", "uninstall", "gemini-cli").returncode == 0
    assert settings.read_text() == original
    local = specdraft(repo, env, "agent", "install", "gemini-cli", "--local")
    assert local.returncode == 2 and "--local is for claude-code only" in local.stderr

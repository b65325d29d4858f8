"""Claude Code's hooks as it runs them: each tool call's lines recorded, the gate blocking them
until reviewed, the human's own edits between calls never counted as the agent's, and the
settings file merged into and restored exactly."""

from __future__ import annotations

import json

from tests.app.agents.agentkit import BASE, HOOK, agent_repo, changes, commit, fake_agent, specdraft
from tests.app.reviewkit import git

FAST_OK = {"SPECDRAFT_HOOK_READING_SPEED": "0"}  # answers typed at once still count as read


def test_an_edit_is_recorded_and_blocks_the_commit_until_reviewed(tmp_path):
    repo, env = agent_repo(tmp_path)
    done = fake_agent(repo, env, [{"tool": "Edit", "file": "calc.py", "old": "x + 2\n",
                                   "new": "x + 200\n    log(x)\n"}], "--hook", HOOK)  # fmt: skip
    assert done.returncode == 0, done.stderr
    [change] = changes(repo)
    assert (change["agent"], change["path"], change["added"], change["removed"]) == ("claude-code", "calc.py", 2, 1)
    blocked = commit(repo, env)
    assert blocked.returncode != 0
    assert "written by an agent, not reviewed yet" in blocked.stderr
    assert "deleted by an agent, not reviewed yet" in blocked.stderr
    reviewed = specdraft(repo, {**env, **FAST_OK}, "review", "--drafted", "--plain", stdin="y\n")
    assert reviewed.returncode == 0, reviewed.stderr
    assert "1 accepted" in reviewed.stdout
    passed = commit(repo, {**env, **FAST_OK})
    assert passed.returncode == 0, passed.stderr


def test_the_humans_edits_between_tool_calls_are_not_the_agents(tmp_path):
    repo, env = agent_repo(tmp_path)
    calc = repo / "calc.py"
    calc.write_bytes(BASE.replace(b"x + 4\n", b"x + 4  # the human's own line\n"))  # the human, first
    for extra in ((), ("--no-original",)):  # originalFile given, or the edit undone from the file
        done = fake_agent(repo, env, [{"tool": "Edit", "file": "calc.py", "old": "x + 1\n",
                                       "new": "x + 100\n"}], "--hook", HOOK, *extra)  # fmt: skip
        assert done.returncode == 0, done.stderr
        git(repo, "checkout", "--", "calc.py")
        calc.write_bytes(BASE.replace(b"x + 4\n", b"x + 4  # the human's own line\n"))
    calc.write_bytes(BASE.replace(b"x + 4\n", b"x + 4  # the human's own line\n").replace(b"x + 1\n", b"x + 100\n"))
    blocked = commit(repo, env)
    assert blocked.returncode != 0
    listed = [line for line in blocked.stderr.splitlines() if line.startswith("  calc.py")]
    assert listed and not any("calc.py:19" in line for line in listed), blocked.stderr  # the human's
    assert any("calc.py:7 " in line for line in listed), blocked.stderr  # x + 100, the agent's


def test_multiedit_and_write_record_their_lines(tmp_path):
    repo, env = agent_repo(tmp_path)
    steps = [
        {"tool": "MultiEdit", "file": "calc.py", "edits": [{"old": "x + 0\n", "new": "x - 0\n"},
                                                           {"old": "x + 5\n", "new": "x - 5\n"}]},
        {"tool": "Write", "file": "pkg/new.py", "content": "VALUE = 1\n"},
    ]  # fmt: skip
    done = fake_agent(repo, env, steps, "--hook", HOOK)
    assert done.returncode == 0, done.stderr
    recorded = [(c["path"], c["added"], c["removed"], c["before"] is None) for c in changes(repo)]
    assert recorded == [("calc.py", 2, 2, False), ("pkg/new.py", 1, 0, True)]


def test_reject_reverts_and_never_overwrites_a_line_changed_since(tmp_path):
    repo, env = agent_repo(tmp_path)
    steps = [{"tool": "Edit", "file": "calc.py", "old": "x + 1\n", "new": "x + 100\n"},
             {"tool": "Edit", "file": "calc.py", "old": "x + 3\n", "new": "x + 300\n"}]  # fmt: skip
    assert fake_agent(repo, env, steps, "--hook", HOOK).returncode == 0
    calc = repo / "calc.py"
    mine = calc.read_bytes().replace(b"x + 300\n", b"x + 333  # mine now\n")
    calc.write_bytes(mine)  # the human changed the second hunk's line since
    done = specdraft(repo, env, "review", "--drafted", "--plain", stdin="n\nn\n")
    assert done.returncode == 0, done.stderr
    assert "1 reverted" in done.stdout and "not reverted" in done.stderr
    assert calc.read_bytes() == mine.replace(b"x + 100\n", b"x + 1\n")  # the first back, mine kept
    again = specdraft(repo, env, "review", "--drafted", "--plain", stdin="q\n")
    assert "x + 300" in again.stdout  # the refused one is still to review


def test_feedback_reaches_claude_code_at_the_end_of_its_turn_once(tmp_path):
    repo, env = agent_repo(tmp_path)
    hook = [*HOOK.split(), "UserPromptSubmit"]
    from tests.app.hookkit import run_detached

    run_detached(repo, hook, env)
    assert fake_agent(repo, env, [{"tool": "Edit", "file": "calc.py", "old": "x + 1\n",
                                   "new": "x + 100\n"}], "--hook", HOOK).returncode == 0  # fmt: skip
    done = specdraft(repo, env, "review", "--drafted", "--plain", stdin="n\n")
    assert "1 queued" in done.stdout  # the turn is open: the revert waits for its end
    assert b"x + 100" in (repo / "calc.py").read_bytes()
    stop = run_detached(repo, [*HOOK.split(), "Stop"], env)
    answer = json.loads(stop.stdout)
    assert answer["decision"] == "block" and "x + 100" in answer["reason"]
    assert b"x + 100" not in (repo / "calc.py").read_bytes()  # reverted at the turn's end
    assert run_detached(repo, [*HOOK.split(), "Stop"], env).stdout == ""  # delivered once


def test_install_merges_and_uninstall_restores_exactly(tmp_path):
    repo, env = agent_repo(tmp_path)
    settings = repo / ".claude" / "settings.json"
    settings.parent.mkdir()
    theirs = {"model": "x", "hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command", "command": "echo mine"}]}]}}  # fmt: skip
    settings.write_text(json.dumps(theirs, indent=2) + "\n")
    original = settings.read_text()
    done = specdraft(repo, env, "agent", "install", "claude-code")
    assert done.returncode == 0, done.stderr
    data = json.loads(settings.read_text())
    assert data["hooks"]["PostToolUse"][0] == theirs["hooks"]["PostToolUse"][0]
    ours = data["hooks"]["PostToolUse"][1]
    assert ours["matcher"] == "Edit|MultiEdit|Write|NotebookEdit|Bash"
    assert "-I -m specdraft.agents.claude_code PostToolUse" in ours["hooks"][0]["command"]
    assert set(data["hooks"]) == {"PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit"}
    assert specdraft(repo, env, "agent", "install", "claude-code").returncode == 0  # not doubled
    assert len(json.loads(settings.read_text())["hooks"]["PostToolUse"]) == 2
    assert specdraft(repo, env, "agent", "uninstall", "claude-code").returncode == 0
    assert settings.read_text() == original


def test_install_refuses_settings_that_are_not_json(tmp_path):
    repo, env = agent_repo(tmp_path)
    settings = repo / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text("{not json")
    done = specdraft(repo, env, "agent", "install", "claude-code")
    assert done.returncode == 2 and "not valid JSON" in done.stderr and "Traceback" not in done.stderr
    assert settings.read_text() == "{not json"


def test_edit_puts_the_reviewers_version_in_the_file_and_the_gate_takes_it(tmp_path):
    repo, env = agent_repo(tmp_path)
    assert fake_agent(repo, env, [{"tool": "Edit", "file": "calc.py", "old": "x + 1\n",
                                   "new": "x + 100\n"}], "--hook", HOOK).returncode == 0  # fmt: skip
    editor = tmp_path / "editor.sh"
    editor.write_text("#!/bin/sh\nsed -i 's/x + 100/x + 150/' \"$1\"\n")
    editor.chmod(0o755)
    done = specdraft(repo, {**env, "GIT_EDITOR": str(editor)}, "review", "--drafted", "--plain", stdin="e\n")
    assert done.returncode == 0, done.stderr
    assert "1 edited" in done.stdout
    text = (repo / "calc.py").read_bytes()
    assert b"x + 150\n" in text and b"x + 100" not in text and b"x + 1\n" not in text
    assert commit(repo, {**env, **FAST_OK}).returncode == 0  # the reviewer's line is reviewed


def test_a_review_after_the_turn_reverts_at_once_and_its_feedback_comes_with_the_next_prompt(tmp_path):
    from tests.app.hookkit import run_detached

    repo, env = agent_repo(tmp_path)
    run_detached(repo, [*HOOK.split(), "UserPromptSubmit"], env)
    assert fake_agent(repo, env, [{"tool": "Edit", "file": "calc.py", "old": "x + 1\n",
                                   "new": "x + 100\n"}], "--hook", HOOK).returncode == 0  # fmt: skip
    assert run_detached(repo, [*HOOK.split(), "Stop"], env).stdout == ""  # nothing to say yet
    done = specdraft(repo, env, "review", "--drafted", "--plain", stdin="n\n")
    assert "1 reverted" in done.stdout and b"x + 100" not in (repo / "calc.py").read_bytes()
    prompt = run_detached(repo, [*HOOK.split(), "UserPromptSubmit"], env)
    assert "rejected; the file was put back" in prompt.stdout and "x + 100" in prompt.stdout
    assert run_detached(repo, [*HOOK.split(), "UserPromptSubmit"], env).stdout == ""


def test_feedback_prints_what_is_undelivered_once_and_takes_notes(tmp_path):
    repo, env = agent_repo(tmp_path)
    assert specdraft(repo, env, "feedback", "--agent", "codex", "--note", "use pathlib",
                     "--path", "calc.py").returncode == 0  # fmt: skip
    shown = specdraft(repo, env, "feedback", "--agent", "codex")
    assert "calc.py (turn 1): a note from the reviewer" in shown.stdout and "use pathlib" in shown.stdout
    assert specdraft(repo, env, "feedback", "--agent", "codex").stdout == ""  # delivered
    assert "use pathlib" in specdraft(repo, env, "feedback", "--agent", "codex", "--all").stdout
    assert specdraft(repo, env, "feedback", "--agent", "aider").stdout == ""  # another agent's


def test_lines_committed_already_are_not_offered_for_review_again(tmp_path):
    repo, env = agent_repo(tmp_path)
    assert fake_agent(repo, env, [{"tool": "Edit", "file": "calc.py", "old": "x + 1\n",
                                   "new": "x + 100\n"}], "--hook", HOOK).returncode == 0  # fmt: skip
    assert commit(repo, env, "--no-verify").returncode == 0  # past the gate; the post-commit hook lands it
    done = specdraft(repo, env, "review", "--drafted", "--plain", stdin="n\n")
    assert done.returncode == 2 and "nothing to review" in done.stderr
    assert b"x + 100" in (repo / "calc.py").read_bytes()  # committed work is not reverted


def test_a_nul_byte_does_not_hide_an_agents_lines_from_the_gate(tmp_path):
    repo, env = agent_repo(tmp_path)
    content = BASE.decode() + "def sneaky():\n    exfiltrate()\n\0\n"
    assert fake_agent(repo, env, [{"tool": "Write", "file": "calc.py", "content": content}],
                      "--hook", HOOK).returncode == 0  # fmt: skip
    [change] = changes(repo)
    assert change["added"] == 3
    blocked = commit(repo, env)
    assert blocked.returncode != 0 and "binary" in blocked.stderr, blocked.stderr


def test_what_a_bash_call_writes_is_the_agents_and_its_own_commit_is_blocked(tmp_path):
    repo, env = agent_repo(tmp_path)
    (repo / "notes.txt").write_text("the human's own, before the call\n")
    steps = [{"tool": "Bash", "command": "sed -i 's/x + 1$/x + 100/' calc.py"},
             {"tool": "Bash", "command": "sed -i 's/x + 2$/x + 200/' calc.py && git add calc.py && git commit -qm mine"}]
    done = fake_agent(repo, env, steps, "--hook", HOOK)
    assert done.returncode == 0, done.stderr
    assert "bash exit 1" in done.stdout  # the commit inside the second call was stopped
    assert "written by an agent, not reviewed yet" in done.stderr
    recorded = [(c["path"], c["added"], c["removed"], c["how"]) for c in changes(repo)]
    assert recorded == [("calc.py", 1, 1, "claude-code Bash"), ("calc.py", 1, 1, "claude-code Bash")]


def test_the_posttooluse_hook_prints_nothing(tmp_path):
    """Claude Code shows a hook's output in its transcript: recording an edit says nothing there."""
    import subprocess

    repo, env = agent_repo(tmp_path)
    calc = repo / "calc.py"
    calc.write_bytes(BASE.replace(b"x + 1\n", b"x + 100\n"))
    payload = {"session_id": "s", "cwd": str(repo), "hook_event_name": "PostToolUse", "tool_name": "Edit",
               "tool_input": {"file_path": str(calc), "old_string": "x + 1\n", "new_string": "x + 100\n"},
               "tool_response": {"filePath": str(calc), "originalFile": BASE.decode()}}  # fmt: skip
    done = subprocess.run([*HOOK.split(), "PostToolUse"], cwd=repo, env=env, input=json.dumps(payload),
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0 and done.stdout == "" and done.stderr == "", done
    assert len(changes(repo)) == 1

"""`specdraft run` and `specdraft watch` with the fake agent: every line it wrote is recorded, the
user's index, stash and HEAD untouched, and the agent's own commit blocked."""

from __future__ import annotations

import subprocess
import sys
import time

from tests.app.agents.agentkit import FAKE_AGENT, agent_repo, changes, specdraft
from tests.app.reviewkit import git


def _state(repo) -> tuple[bytes, bytes, bytes, bytes]:
    return (git(repo, "rev-parse", "HEAD"), git(repo, "write-tree"), git(repo, "stash", "list"),
            git(repo, "status", "--porcelain"))  # fmt: skip


def test_run_records_every_changed_line_and_leaves_index_stash_and_head(tmp_path):
    repo, env = agent_repo(tmp_path)
    (repo / "staged.txt").write_text("staged by the human\n")
    git(repo, "add", "staged.txt")
    (repo / ".gitignore").write_text("build/\n")
    (repo / "build").mkdir()
    script = tmp_path / "script.json"
    script.write_text('[{"tool": "Edit", "file": "calc.py", "old": "x + 1\\n", "new": "x + 100\\n"},'
                      ' {"pause": 0.1}, {"tool": "Write", "file": "new.py", "content": "NEW = 1\\n"},'
                      ' {"tool": "Write", "file": "build/out.txt", "content": "ignored\\n"}]')  # fmt: skip
    before = _state(repo)
    done = specdraft(repo, env, "run", "--agent", "fake", "--", sys.executable, str(FAKE_AGENT), str(script))
    assert done.returncode == 0, done.stderr
    after = _state(repo)
    assert after[:3] == before[:3]  # HEAD, the index, the stash
    recorded = sorted((c["agent"], c["turn"], c["path"], c["added"], c["removed"]) for c in changes(repo))
    assert recorded == [("fake", 1, "calc.py", 1, 1), ("fake", 1, "new.py", 1, 0)]
    assert git(repo, "rev-parse", "--verify", "refs/specdraft/snapshots/fake").strip()
    listed = specdraft(repo, env, "review", "--drafted", "--plain", stdin="q\n")
    assert "fake turn 1 (run)" in listed.stdout


def test_run_passes_the_agents_exit_status_and_says_a_missing_command(tmp_path):
    repo, env = agent_repo(tmp_path)
    failed = specdraft(repo, env, "run", "--", sys.executable, "-c", "raise SystemExit(7)")
    assert failed.returncode == 7
    missing = specdraft(repo, env, "run", "--", "no-such-agent-here")
    assert missing.returncode == 2 and "command not found" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_the_agents_own_commit_during_a_run_is_blocked(tmp_path):
    repo, env = agent_repo(tmp_path)
    script = tmp_path / "script.json"
    script.write_text('[{"tool": "Edit", "file": "calc.py", "old": "x + 1\\n", "new": "x + 100\\n"},'
                      ' {"commit": "the agent commits"}]')  # fmt: skip
    head = git(repo, "rev-parse", "HEAD")
    done = specdraft(repo, env, "run", "--agent", "fake", "--", sys.executable, str(FAKE_AGENT), str(script))
    assert "commit exit 1" in done.stdout, done.stdout + done.stderr
    assert "written by an agent, not reviewed yet" in done.stderr
    assert git(repo, "rev-parse", "HEAD") == head


def test_watch_records_each_batch_of_writes_as_a_turn(tmp_path):
    repo, env = agent_repo(tmp_path)
    watch = subprocess.Popen([sys.executable, "-m", "specdraft", "watch", "--agent", "fake"], cwd=repo, env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        snapshot = repo / ".git" / "specdraft" / "agents" / "turns.json"
        while not snapshot.exists() and time.monotonic() < deadline:  # the first snapshot is taken
            time.sleep(0.05)
        (repo / "calc.py").write_bytes((repo / "calc.py").read_bytes().replace(b"x + 1\n", b"x + 100\n"))
        while len(changes(repo)) < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        (repo / "calc.py").write_bytes((repo / "calc.py").read_bytes().replace(b"x + 2\n", b"x + 200\n"))
        while len(changes(repo)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        watch.send_signal(2)
        watch.wait(timeout=30)
    recorded = [(c["turn"], c["path"], c["added"], c["removed"]) for c in changes(repo)]
    # Ctrl-C right after the second batch was recorded: it is recorded once (it was taken again as a
    # turn 3 when the interrupt landed inside the recording)
    assert recorded == [(1, "calc.py", 1, 1), (2, "calc.py", 1, 1)]


def test_a_revert_made_while_watching_is_not_taken_for_the_agents(tmp_path):
    repo, env = agent_repo(tmp_path)
    watch = subprocess.Popen([sys.executable, "-m", "specdraft", "watch", "--agent", "fake"], cwd=repo, env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    calc = repo / "calc.py"
    try:
        deadline = time.monotonic() + 30
        while not (repo / ".git" / "specdraft" / "agents" / "turns.json").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        calc.write_bytes(calc.read_bytes().replace(b"x + 1\n", b"x + 100\n"))
        while len(changes(repo)) < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        done = specdraft(repo, env, "review", "--drafted", "--plain", stdin="n\n")
        assert "1 reverted" in done.stdout, done.stdout + done.stderr
        calc.write_bytes(calc.read_bytes().replace(b"x + 2\n", b"x + 200\n"))
        while len(changes(repo)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # room for a wrong third change to be recorded
    finally:
        watch.send_signal(2)
        watch.wait(timeout=30)
    recorded = [(c["turn"], c["added"], c["removed"]) for c in changes(repo)]
    assert recorded == [(1, 1, 1), (2, 1, 1)]
    left = specdraft(repo, env, "review", "--drafted", "--plain", stdin="q\n").stdout
    assert "+    return x + 200" in left and "x + 100" not in left


def test_a_watch_beside_claude_codes_hooks_records_each_line_once(tmp_path):
    """Both orders: the hook records a tool call before the watch looks (the watch then takes only
    what came after it: the human's next line), and the watch records a write before the hook
    runs (the hook then does not record it again)."""
    from specdraft.agents.snapshot import WatchCapture
    from specdraft.agents.store import AgentStore
    from specdraft.core.git import GitRepo
    from tests.app.agents.agentkit import HOOK, fake_agent

    repo, env = agent_repo(tmp_path)
    store = AgentStore(GitRepo(repo))
    watch = WatchCapture(store, "watcher")  # this process is the watch: it captures while alive
    watch.start()
    calc = repo / "calc.py"
    edit = [{"tool": "Edit", "file": "calc.py", "old": "x + 1\n", "new": "x + 100\n"}]
    assert fake_agent(repo, env, edit, "--hook", HOOK).returncode == 0  # the hook first
    calc.write_bytes(calc.read_bytes().replace(b"x + 5\n", b"x + 5  # later\n"))  # then someone else
    watch.record()
    edit = [{"tool": "Edit", "file": "calc.py", "old": "x + 2\n", "new": "x + 200\n"}]
    calc.write_bytes(calc.read_bytes().replace(b"x + 2\n", b"x + 200\n"))  # the tool wrote...
    watch.record()  # ...the watch looked first...
    calc.write_bytes(calc.read_bytes().replace(b"x + 200\n", b"x + 2\n"))
    assert fake_agent(repo, env, edit, "--hook", HOOK).returncode == 0  # ...then the hook ran
    watch.record()
    watch.stop()
    recorded = [(c["agent"], c["added"], c["removed"]) for c in changes(repo)]
    assert recorded == [("claude-code", 1, 1), ("watcher", 1, 1), ("watcher", 1, 1)], recorded
    from specdraft.agents.review import DraftedReview

    shown = b"".join(unit.hunk.patch_bytes() for unit in DraftedReview(store).session().units)
    assert shown.count(b"+    return x + 100") == 1 and shown.count(b"+    return x + 200") == 1


def test_specdraft_watch_and_claude_codes_hooks_together_record_a_line_once(tmp_path):
    from tests.app.agents.agentkit import HOOK, fake_agent

    repo, env = agent_repo(tmp_path)
    watch = subprocess.Popen([sys.executable, "-m", "specdraft", "watch", "--agent", "fake"], cwd=repo, env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while not (repo / ".git" / "specdraft" / "agents" / "turns.json").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        steps = [{"tool": "Edit", "file": "calc.py", "old": "x + 1\n", "new": "x + 100\n"}, {"pause": 0.3},
                 {"tool": "Edit", "file": "calc.py", "old": "x + 2\n", "new": "x + 200\n"}]  # fmt: skip
        assert fake_agent(repo, env, steps, "--hook", HOOK).returncode == 0
        time.sleep(1.0)  # room for the watch to take them again, wrongly
    finally:
        watch.send_signal(2)
        watch.wait(timeout=30)
    recorded = changes(repo)
    assert sum(c["added"] for c in recorded) == 2 and sum(c["removed"] for c in recorded) == 2, recorded
    left = specdraft(repo, env, "review", "--drafted", "--plain", stdin="y\ny\n")
    assert left.stdout.count("+    return x + 100") == 1 and left.stdout.count("+    return x + 200") == 1


def test_a_run_of_an_agent_whose_hooks_are_installed_records_each_line_once(tmp_path):
    """``specdraft run --agent claude-code -- <claude with its hooks>``: the same name for the run
    and the hooks; an Edit and a Bash call are recorded by the hooks, and not again at the run's end."""
    from tests.app.agents.agentkit import HOOK

    repo, env = agent_repo(tmp_path)
    script = tmp_path / "script.json"
    script.write_text('[{"tool": "Edit", "file": "calc.py", "old": "x + 1\\n", "new": "x + 100\\n"},'
                      ' {"tool": "Bash", "command": "sed -i \'s/x + 2$/x + 200/\' calc.py"}]')  # fmt: skip
    done = specdraft(repo, env, "run", "--agent", "claude-code", "--", sys.executable, str(FAKE_AGENT), str(script),
                     "--hook", HOOK)  # fmt: skip
    assert done.returncode == 0, done.stderr
    recorded = [(c["how"], c["added"], c["removed"]) for c in changes(repo)]
    assert recorded == [("claude-code Edit", 1, 1), ("claude-code Bash", 1, 1)], recorded

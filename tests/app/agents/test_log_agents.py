"""`specdraft log --agents`: per agent, the lines it wrote and what the review made of them."""

from __future__ import annotations

import json

from tests.app.agents.agentkit import HOOK, agent_repo, fake_agent, specdraft


def test_log_counts_each_agents_lines_by_decision(tmp_path):
    repo, env = agent_repo(tmp_path)
    steps = [{"tool": "Edit", "file": "calc.py", "old": "x + 1\n", "new": "x + 100\n    log(x)\n"},
             {"tool": "Edit", "file": "calc.py", "old": "x + 4\n", "new": "x + 400\n"},
             {"tool": "Write", "file": "new.py", "content": "A = 1\nB = 2\n"}]  # fmt: skip
    assert fake_agent(repo, env, steps, "--hook", HOOK).returncode == 0
    done = specdraft(repo, env, "review", "--drafted", "--plain", stdin="y\nn\n")  # the third left
    assert done.returncode == 0, done.stderr
    shown = specdraft(repo, env, "log", "--agents", "--json")
    part = json.loads(shown.stdout)["agents"]["claude-code"]
    assert (part["turns"], part["drafted"], part["accepted"], part["rejected"], part["to_review"]) == (1, 7, 3, 2, 2)
    table = specdraft(repo, env, "log", "--agents").stdout
    assert table.splitlines()[1].split()[:7] == ["claude-code", "1", "7", "3", "0", "2", "2"]

"""`specdraft log`: sums of the specdraft notes over a range, per model and per file; text and --json."""

from __future__ import annotations

import json

import pytest

from specdraft.ui.cli.log import format_summary, summarise
from specdraft.ui.cli.main import build_parser
from tests.app.hookkit import BASE, DRAFT, commit, env_for, new_repo, record_draft, specdraft
from tests.app.reviewkit import git


def note(model: str, path: str, *, accepted: int, rejected: int, lines: int, unreviewed: int, seconds: float) -> dict:
    part = {
        "hunks": {"drafted": accepted + rejected, "accepted": accepted, "edited": 0, "rejected": rejected},
        "lines": {"drafted": lines, "reviewed": lines - unreviewed, "unreviewed": unreviewed},
        "review_seconds": seconds,
    }
    return {"version": 1, **part, "models": {model: part}, "files": {path: part}}


def test_summary_per_model_and_file():
    notes = [
        ("c3", note("big", "a.py", accepted=1, rejected=1, lines=4, unreviewed=0, seconds=8.0)),
        ("c2", None),
        ("c1", note("small", "a.py", accepted=3, rejected=0, lines=6, unreviewed=6, seconds=0.0)),
    ]
    summary = summarise(notes)
    assert summary["commits_in_range"] == 3
    assert summary["commits_with_drafted_lines"] == ["c3", "c1"]
    assert summary["acceptance_rate"] == round(4 / 5, 4)
    assert summary["lines"] == {"drafted": 10, "reviewed": 4, "unreviewed": 6}
    assert summary["seconds_per_accepted_line"] == 0.8
    assert summary["models"]["big"]["acceptance_rate"] == 0.5
    assert summary["models"]["small"]["acceptance_rate"] == 1.0
    assert summary["models"]["big"]["seconds_per_accepted_line"] == 2.0
    assert summary["files"]["a.py"]["commits"] == 2
    text = format_summary(summary, "main")
    assert "2 of 3 commits in main hold AI-drafted lines" in text
    assert "10 (4 reviewed, 6 unreviewed); acceptance 80%" in text
    assert [line.split()[0] for line in text.splitlines() if line.startswith(("big", "small"))] == [
        "big",
        "small",
    ]


def test_summary_of_nothing():
    summary = summarise([("c1", None)])
    assert summary["acceptance_rate"] is None and summary["seconds_per_accepted_line"] is None
    assert format_summary(summary, "HEAD") == "0 of 1 commits in HEAD hold AI-drafted lines\n"


@pytest.mark.slow
def test_log_reads_the_notes_of_real_commits(tmp_path):
    env = env_for(tmp_path)
    repo = new_repo(tmp_path)
    assert specdraft(repo, env, "hook", "install").returncode == 0
    # two hunks drafted and reviewed: one accepted, one rejected
    two = DRAFT.replace(b"x + 5\n", b"x + 500\n")
    record_draft(repo, two, unattended=False, seconds=6.0)
    rows = (repo / ".git" / "specdraft" / "provenance.jsonl").read_text().splitlines()
    second = json.loads(rows[1])
    second.update(decision="rejected", lines=[], texts=[], applied=0, seconds=0.0)
    (repo / ".git" / "specdraft" / "provenance.jsonl").write_text(rows[0] + "\n" + json.dumps(second) + "\n")
    # a record rewritten behind specdraft's back stops every commit until the rewrite is accepted
    assert "the loss is accepted" in specdraft(repo, env, "hook", "repair").stdout
    (repo / "calc.py").write_bytes(DRAFT)  # the rejected hunk never reached the file
    git(repo, "add", "calc.py")
    assert commit(repo, env).returncode == 0
    # a second drafted commit by another model, accepted without review
    (repo / "util.py").write_bytes(BASE)
    git(repo, "add", "util.py")
    assert commit(repo, env).returncode == 0
    record_draft(repo, BASE.replace(b"x + 7\n", b"x * 7\n"), unattended=True, drafter="other", path="util.py")
    git(repo, "add", "util.py")
    assert commit(repo, env, "--no-verify").returncode == 0

    result = specdraft(repo, env, "log", "--json", "HEAD~3..HEAD")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["range"] == "HEAD~3..HEAD" and summary["commits_in_range"] == 3
    assert len(summary["commits_with_drafted_lines"]) == 2
    assert summary["models"]["tiny-coder"]["hunks"] == {
        "drafted": 2, "accepted": 1, "edited": 0, "rejected": 1,
    }
    assert summary["models"]["tiny-coder"]["acceptance_rate"] == 0.5
    assert summary["models"]["other"]["lines"] == {"drafted": 1, "reviewed": 0, "unreviewed": 1}
    assert summary["lines"]["unreviewed"] == 1
    assert set(summary["files"]) == {"calc.py", "util.py"}
    # all review time (6 s on the first hunk, none on the rejected one) over the 2 landed lines
    assert summary["models"]["tiny-coder"]["review_seconds"] == 6.0
    assert summary["models"]["tiny-coder"]["seconds_per_accepted_line"] == 3.0

    bad = specdraft(repo, env, "log", "no-such-branch")
    assert bad.returncode == 2 and "cannot read the commits of 'no-such-branch'" in bad.stderr


def test_pre_commit_framework_manifest_names_real_commands():
    yaml = pytest.importorskip("yaml")
    from pathlib import Path

    manifest = yaml.safe_load((Path(__file__).parents[3] / ".pre-commit-hooks.yaml").read_text())
    by_id = {hook["id"]: hook for hook in manifest}
    assert set(by_id) == {"specdraft", "specdraft-note"}
    assert by_id["specdraft"]["stages"] == ["pre-commit"]
    assert by_id["specdraft-note"]["stages"] == ["post-commit"]
    parser = build_parser()
    for hook in manifest:
        assert hook["pass_filenames"] is False and hook["language"] == "system"  # the installed specdraft
        # the console script honours PYTHONPATH: the entry unsets it (test_hook_security runs it)
        env, unset, variable, program, *argv = hook["entry"].split()
        assert (env, unset, variable, program) == ("env", "-u", "PYTHONPATH", "specdraft")
        args = parser.parse_args(argv)
        assert args.command == "hook"

"""The pre-commit hook in real `git commit` runs without a terminal: what blocks, what passes, chaining, worktrees."""

from __future__ import annotations

import json
import os
import stat
import sys

import pytest

from tests.app.hookkit import (
    BASE,
    DRAFT,
    commit,
    env_for,
    head,
    new_repo,
    record_draft,
    run_detached,
    specdraft,
)
from tests.app.reviewkit import git, write_files

pytestmark = pytest.mark.slow


@pytest.fixture
def env(tmp_path):
    return env_for(tmp_path)


@pytest.fixture
def repo(tmp_path, env):
    repo = new_repo(tmp_path)
    result = specdraft(repo, env, "hook", "install")
    assert result.returncode == 0, result.stderr
    return repo


def test_unreviewed_drafted_hunk_blocks(repo, env):
    before = head(repo, env)
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    result = commit(repo, env)
    assert result.returncode != 0
    assert "calc.py:5-6 (2 lines, drafted by tiny-coder): accepted without review" in result.stderr
    assert "git commit --no-verify" in result.stderr
    assert head(repo, env) == before


def test_reviewed_hunk_passes_and_gets_a_note(repo, env):
    record_draft(repo, DRAFT, unattended=False, seconds=20.0)
    git(repo, "add", "calc.py")
    result = commit(repo, env)
    assert result.returncode == 0, result.stderr
    note = json.loads(git(repo, "notes", "--ref=specdraft", "show", "HEAD"))
    assert note["lines"] == {"drafted": 2, "reviewed": 2, "unreviewed": 0}
    assert note["hunks"] == {"drafted": 1, "accepted": 1, "edited": 0, "rejected": 0}
    assert note["drafters"] == ["tiny-coder"] and note["review_seconds"] == 20.0

    log = specdraft(repo, env, "log", "--json")
    assert log.returncode == 0, log.stderr
    summary = json.loads(log.stdout)
    assert summary["commits_in_range"] == 2
    assert summary["lines"]["drafted"] == 2 and summary["acceptance_rate"] == 1.0
    assert summary["seconds_per_accepted_line"] == 10.0
    assert summary["models"]["tiny-coder"]["hunks"]["accepted"] == 1
    assert list(summary["files"]) == ["calc.py"]
    text = specdraft(repo, env, "log")
    assert "1 of 2 commits in HEAD hold AI-drafted lines" in text.stdout
    assert "tiny-coder" in text.stdout


def test_reviewed_hunk_changed_afterwards_blocks(repo, env):
    record_draft(repo, DRAFT, unattended=False)
    write_files(repo, {"calc.py": DRAFT.replace(b"check(x)", b"check(x, strict=False)")})
    git(repo, "add", "calc.py")
    result = commit(repo, env)
    assert result.returncode != 0
    assert "calc.py:6 (1 line, drafted by tiny-coder): changed after review" in result.stderr


def test_human_lines_alone_pass_without_a_note(repo, env):
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "checkout", "calc.py")  # the draft was thrown away
    write_files(repo, {"calc.py": BASE + b"def human():\n    return 1\n"})
    git(repo, "add", "calc.py")
    assert commit(repo, env).returncode == 0
    assert git(repo, "notes", "--ref=specdraft", "list", check=False) == b""


def test_no_verify_passes_and_the_note_says_unreviewed(repo, env):
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    result = commit(repo, env, "--no-verify")
    assert result.returncode == 0, result.stderr
    assert "2 AI-drafted lines landed unreviewed" in result.stderr  # post-commit still runs
    note = json.loads(git(repo, "notes", "--ref=specdraft", "show", "HEAD"))
    assert note["lines"]["unreviewed"] == 2
    summary = json.loads(specdraft(repo, env, "log", "--json", "HEAD~1..HEAD").stdout)
    assert summary["lines"]["unreviewed"] == 2 and summary["commits_in_range"] == 1


def test_landed_lines_do_not_match_again(repo, env):
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    assert commit(repo, env, "--no-verify").returncode == 0
    # the same line typed again later, elsewhere in the file, is not the old draft
    write_files(repo, {"calc.py": DRAFT + b"def g():\n    check(x)\n"})
    git(repo, "add", "calc.py")
    assert commit(repo, env).returncode == 0


def test_warn_setting_lets_the_commit_through(repo, env):
    (repo / ".specdraft.toml").write_text('[hook]\nunreviewed = "warn"\n')
    git(repo, "add", ".specdraft.toml")
    assert commit(repo, env).returncode == 0  # the setting counts once committed
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    result = commit(repo, env)
    assert result.returncode == 0, result.stderr
    assert "specdraft: warning: 2 staged lines drafted by AI" in result.stderr


def test_reading_speed_guard_blocks_by_default_and_can_warn(repo, env):
    """`yes y | specdraft edit --plain`: accepted faster than it can be read counts as unreviewed."""
    before = head(repo, env)
    record_draft(repo, DRAFT, unattended=False, seconds=0.1)  # 3 lines in 0.1 s
    git(repo, "add", "calc.py")
    blocked = commit(repo, env)
    assert blocked.returncode != 0 and head(repo, env) == before
    assert "calc.py:5-6 (2 lines, drafted by tiny-coder): accepted faster than it can be read; " \
        "3 lines in 0.1 s" in blocked.stderr
    assert "`specdraft review --staged --only-unreviewed`, reading each hunk" in blocked.stderr
    assert "faster than 5 lines per second (hook.reading_speed)" in blocked.stderr
    assert 'hook.too_fast = "warn"' in blocked.stderr and "hook.unreviewed" not in blocked.stderr
    warned = commit(repo, {**env, "SPECDRAFT_HOOK_TOO_FAST": "warn"})
    assert warned.returncode == 0, warned.stderr
    assert "warning" in warned.stderr and "faster than it can be read" in warned.stderr


def test_too_fast_hunks_are_offered_for_review_like_unreviewed_ones(repo, env, monkeypatch):
    import io

    from specdraft.core.config import load_settings
    from specdraft.core.git import GitRepo
    from specdraft.drafting import hook

    record_draft(repo, DRAFT, unattended=False, seconds=0.1)
    git(repo, "add", "calc.py")
    for key in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(key, env[key])
    monkeypatch.chdir(repo)
    reviews = []
    monkeypatch.setattr(hook, "_review", lambda tty, only_unreviewed: reviews.append(only_unreviewed))
    terminal, out = FakeTerminal(b"y\n"), io.StringIO()
    status = hook.run_pre_commit(GitRepo(repo), load_settings(repo), terminal=lambda: terminal, out=out)
    assert status == 1 and reviews == [True]  # offered, reviewed (here: nothing changed), still fast
    assert b"accepted faster than it can be read" in terminal.written
    assert b"Review them now [y,n]? " in terminal.written
    assert "The commit was stopped" in out.getvalue()


@pytest.mark.parametrize(
    ("draft", "changed", "listed"),
    [
        (  # the only drafted line of its hunk, one character changed: no hash matches any more
            BASE.replace(b"x + 2\n", b"x * 2\n"),
            BASE.replace(b"x + 2\n", b"x * 3\n"),
            "calc.py:8 (1 line, drafted by tiny-coder): accepted without review (--yes); "
            "line 8 changed since drafted",
        ),
        (  # one of two drafted lines changed: both are listed
            DRAFT,
            DRAFT.replace(b"check(x)", b"check(y)"),
            "calc.py:5-6 (2 lines, drafted by tiny-coder): accepted without review (--yes); "
            "line 6 changed since drafted",
        ),
        (  # re-indented
            DRAFT,
            DRAFT.replace(b"    check(x)", b"        check(x)"),
            "calc.py:5-6 (2 lines",
        ),
    ],
    ids=["one-line-hunk", "two-line-hunk", "indented"],
)
def test_a_trivial_edit_does_not_launder_a_drafted_line(repo, env, draft, changed, listed):
    record_draft(repo, draft, unattended=True)
    write_files(repo, {"calc.py": changed})
    git(repo, "add", "calc.py")
    result = commit(repo, env)
    assert result.returncode != 0
    assert listed in result.stderr


def test_a_trivial_edit_of_a_reviewed_line_is_changed_after_review(repo, env):
    record_draft(repo, BASE.replace(b"x + 2\n", b"x * 2\n"), unattended=False, seconds=20.0)
    write_files(repo, {"calc.py": BASE.replace(b"x + 2\n", b"x * 3\n")})
    git(repo, "add", "calc.py")
    result = commit(repo, env)
    assert result.returncode != 0
    assert "calc.py:8 (1 line, drafted by tiny-coder): changed after review" in result.stderr


def test_a_new_human_line_next_to_a_draft_passes(repo, env):
    record_draft(repo, DRAFT, unattended=False, seconds=20.0)
    write_files(repo, {"calc.py": DRAFT + b"def total(items):\n    return sum(item.price for item in items)\n"})
    git(repo, "add", "calc.py")
    result = commit(repo, env)
    assert result.returncode == 0, result.stderr
    note = json.loads(git(repo, "notes", "--ref=specdraft", "show", "HEAD"))
    assert note["lines"] == {"drafted": 2, "reviewed": 2, "unreviewed": 0}


def test_a_line_reviewed_at_commit_time_is_the_humans_once_committed(repo, env):
    """The drafted line a commit-time review replaced lands with it: later edits are the human's."""
    env = {**env, "SPECDRAFT_HOOK_READING_SPEED": "0"}  # piped answers come faster than reading
    record_draft(repo, DRAFT, unattended=False, seconds=20.0)
    write_files(repo, {"calc.py": DRAFT.replace(b"check(x)", b"check(y)")})
    git(repo, "add", "calc.py")
    assert "calc.py:6 (1 line, drafted by tiny-coder): changed after review" in commit(repo, env).stderr
    reviewed = run_detached(
        repo,
        ["sh", "-c", 'printf "y\\n" | "$0" -m specdraft review --staged --only-unreviewed --plain',
         sys.executable],
        env,
    )
    assert reviewed.returncode == 0, reviewed.stderr
    assert commit(repo, env).returncode == 0
    write_files(repo, {"calc.py": DRAFT.replace(b"check(x)", b"check(z)")})
    git(repo, "add", "calc.py")
    later = commit(repo, env)
    assert later.returncode == 0, later.stderr


def test_existing_hook_still_runs_and_its_failure_fails_the_commit(tmp_path, env):
    repo = new_repo(tmp_path)
    hook = repo / ".git" / "hooks" / "pre-commit"
    hook.write_text(f"#!/bin/sh\necho ran >> {tmp_path / 'ran'}\nexit ${{OLD_HOOK_STATUS:-0}}\n")
    hook.chmod(0o755)
    assert specdraft(repo, env, "hook", "install").returncode == 0
    assert (repo / ".git" / "hooks" / "pre-commit.specdraft-chained").exists()
    record_draft(repo, DRAFT, unattended=False)
    git(repo, "add", "calc.py")
    failed = commit(repo, {**env, "OLD_HOOK_STATUS": "3"})
    assert failed.returncode != 0
    assert (tmp_path / "ran").read_text() == "ran\n"
    passed = commit(repo, env)
    assert passed.returncode == 0, passed.stderr
    assert (tmp_path / "ran").read_text() == "ran\nran\n"


def test_uninstall_restores_the_previous_hook(tmp_path, env):
    repo = new_repo(tmp_path)
    hooks = repo / ".git" / "hooks"
    original = "#!/bin/sh\nexit 0\n"
    (hooks / "pre-commit").write_text(original)
    (hooks / "pre-commit").chmod(0o750)
    assert specdraft(repo, env, "hook", "install").returncode == 0
    again = specdraft(repo, env, "hook", "install", "--review-all")  # reinstalling keeps the chain
    assert "pre-commit: updated" in again.stdout
    status = specdraft(repo, env, "hook", "status").stdout
    assert "pre-commit: installed (runs the previous hook first" in status
    assert "review every staged hunk: yes" in status
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    status = specdraft(repo, env, "hook", "status").stdout
    assert "review record: 1 drafted hunk\nstaged now: 2 AI-drafted lines not reviewed" in status
    assert "hook.unreviewed = 'block' (default)" in status
    result = specdraft(repo, env, "hook", "uninstall")
    assert result.returncode == 0 and "the previous hook is back" in result.stdout
    assert (hooks / "pre-commit").read_text() == original
    assert stat.S_IMODE((hooks / "pre-commit").stat().st_mode) == 0o750
    assert not (hooks / "post-commit").exists()
    assert not (hooks / "pre-commit.specdraft-chained").exists()
    assert "pre-commit: not installed" in specdraft(repo, env, "hook", "status").stdout


def test_a_dangling_link_where_a_hook_goes_is_chained_and_put_back(tmp_path):
    from specdraft.core.git import GitRepo
    from specdraft.drafting.hook import install, status, uninstall

    repo = new_repo(tmp_path)
    hooks = repo / ".git" / "hooks"
    (hooks / "pre-commit").symlink_to(tmp_path / "gone")  # a hook manager's link, its target not there
    done = install(GitRepo(repo), python=sys.executable)
    assert "the hook that was there runs first" in done[0]
    assert (hooks / "pre-commit.specdraft-chained").is_symlink()
    assert status(GitRepo(repo)).chained["pre-commit"]
    assert "the previous hook is back" in uninstall(GitRepo(repo))[0]
    assert (hooks / "pre-commit").is_symlink() and not (hooks / "pre-commit.specdraft-chained").is_symlink()


def test_uninstall_leaves_a_hook_that_is_not_ours(tmp_path, env):
    repo = new_repo(tmp_path)
    hooks = repo / ".git" / "hooks"
    (hooks / "pre-commit").write_text("#!/bin/sh\nexit 0\n")
    result = specdraft(repo, env, "hook", "uninstall")
    assert "is not specdraft's; left as it is" in result.stdout
    assert (hooks / "pre-commit").exists()


def test_linked_worktree(tmp_path, env):
    repo = new_repo(tmp_path)
    worktree = tmp_path / "wt"
    git(repo, "worktree", "add", "-q", str(worktree), "-b", "side")
    assert specdraft(worktree, env, "hook", "install").returncode == 0
    assert (repo / ".git" / "hooks" / "pre-commit").exists()  # hooks live in the common dir
    record_draft(worktree, DRAFT, unattended=True)
    assert (repo / ".git" / "specdraft" / "provenance.jsonl").exists()
    assert not (worktree / "specdraft").exists()
    git(worktree, "add", "calc.py")
    assert commit(worktree, env).returncode != 0
    git(worktree, "reset", "-q", "calc.py")
    record_draft(worktree, DRAFT, unattended=False)  # drafted again, reviewed this time
    git(worktree, "add", "calc.py")
    result = commit(worktree, env)
    assert result.returncode == 0, result.stderr
    note = json.loads(git(repo, "notes", "--ref=specdraft", "show", "side"))
    assert note["lines"]["reviewed"] == 2


def test_core_hooks_path(tmp_path, env):
    repo = new_repo(tmp_path)
    shared = tmp_path / "team-hooks"
    shared.mkdir()
    (shared / "pre-commit").write_text(f"#!/bin/sh\ntouch {tmp_path / 'team-ran'}\n")
    (shared / "pre-commit").chmod(0o755)
    git(repo, "config", "core.hooksPath", str(shared))
    result = specdraft(repo, env, "hook", "install")
    assert str(shared / "pre-commit") in result.stdout
    assert not (repo / ".git" / "hooks" / "pre-commit").exists()
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    assert commit(repo, env).returncode != 0
    assert (tmp_path / "team-ran").exists()


def test_review_all_without_a_terminal_does_not_wait(repo, env):
    assert specdraft(repo, env, "hook", "install", "--review-all").returncode == 0
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    result = commit(repo, env)
    assert result.returncode != 0
    assert "--review-all needs a terminal" in result.stderr


def test_staged_review_of_the_unreviewed_hunks_clears_them(repo, env):
    env = {**env, "SPECDRAFT_HOOK_READING_SPEED": "0"}  # piped answers come faster than reading
    record_draft(repo, DRAFT, unattended=True)
    write_files(repo, {"other.txt": b"human work\n"})
    git(repo, "add", "calc.py", "other.txt")
    result = run_detached(
        repo,
        ["sh", "-c", 'printf "y\\n" | "$0" -m specdraft review --staged --only-unreviewed --plain',
         sys.executable],
        env,
    )
    assert result.returncode == 0, result.stderr
    assert "calc.py" in result.stdout and "other.txt" not in result.stdout  # only the drafted hunk
    assert b"other.txt" in git(repo, "diff", "--cached", "--name-only")  # still staged
    passed = commit(repo, env)
    assert passed.returncode == 0, passed.stderr
    note = json.loads(git(repo, "notes", "--ref=specdraft", "show", "HEAD"))
    assert note["lines"]["unreviewed"] == 0 and note["lines"]["reviewed"] == 2


def test_staged_review_rejecting_the_hunk_unstages_it(repo, env):
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    result = run_detached(
        repo,
        ["sh", "-c", 'printf "n\\n" | "$0" -m specdraft review --staged --only-unreviewed --plain',
         sys.executable],
        env,
    )
    assert result.returncode == 0, result.stderr
    assert git(repo, "diff", "--cached", "--name-only") == b""
    assert (repo / "calc.py").read_bytes() == DRAFT  # kept in the worktree


def test_only_unreviewed_needs_staged_and_something_to_review(repo, env):
    result = specdraft(repo, env, "review", "--only-unreviewed")
    assert result.returncode == 2 and "--only-unreviewed only goes with --staged" in result.stderr
    write_files(repo, {"calc.py": BASE + b"x = 1\n"})
    git(repo, "add", "calc.py")
    result = specdraft(repo, env, "review", "--staged", "--only-unreviewed", "--plain")
    assert result.returncode == 2 and "no staged AI-drafted lines are unreviewed" in result.stderr


@pytest.mark.parametrize("how", [["-a"], ["--", "calc.py"]])
def test_commit_all_and_commit_paths_use_the_index_git_builds(repo, env, how):
    """git commit -a / git commit <path> build another index (GIT_INDEX_FILE): it is checked."""
    record_draft(repo, DRAFT, unattended=True)  # not staged: only the commit's own index has it
    result = commit(repo, env, *how)
    assert result.returncode != 0
    assert "accepted without review" in result.stderr
    assert b"calc.py" not in git(repo, "diff", "--cached", "--name-only")


def test_amended_commit_gets_its_note_again_and_counts_once(repo, env):
    two = DRAFT.replace(b"x + 5\n", b"x + 500\n")
    record_draft(repo, two, unattended=False)
    git(repo, "add", "calc.py")
    assert commit(repo, env).returncode == 0
    first = json.loads(git(repo, "notes", "--ref=specdraft", "show", "HEAD"))
    assert first["hunks"]["accepted"] == 2 and first["lines"]["drafted"] == 3
    # a new message: an amend in the same second with the same message is the very same commit
    assert commit(repo, env, "--amend", "-m", "change, amended").returncode == 0
    amended = json.loads(git(repo, "notes", "--ref=specdraft", "show", "HEAD"))
    assert amended["hunks"] == first["hunks"] and amended["lines"] == first["lines"]
    assert amended["commit"] != first["commit"]
    summary = json.loads(specdraft(repo, env, "log", "--json").stdout)
    assert summary["hunks"]["accepted"] == 2  # the amended-away commit is not in the range


def test_hook_says_what_to_do_when_its_interpreter_is_gone(tmp_path, env):
    repo = new_repo(tmp_path)
    from specdraft.core.git import GitRepo
    from specdraft.drafting.hook import install

    cwd = os.getcwd()
    try:
        os.chdir(repo)
        install(GitRepo(repo), python=str(tmp_path / "gone" / "python"))
    finally:
        os.chdir(cwd)
    write_files(repo, {"calc.py": DRAFT})
    git(repo, "add", "calc.py")
    result = commit(repo, env)
    assert result.returncode != 0
    assert "is gone; run `specdraft hook install` again" in result.stderr


class FakeTerminal:
    """A terminal whose keyboard holds ``answers``; what is written to it is kept."""

    def __init__(self, answers: bytes) -> None:
        import io

        self.input = io.BytesIO(answers)
        self.written = b""
        self.closed = False

    def write(self, data: bytes) -> int:
        self.written += data
        return len(data)

    def readline(self) -> bytes:
        return self.input.readline()

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("answers", [b"n\n", b"maybe\nno\n", b""])
def test_with_a_terminal_declining_the_review_still_blocks(repo, env, answers, monkeypatch):
    import io

    from specdraft.core.config import load_settings
    from specdraft.core.git import GitRepo
    from specdraft.drafting import hook

    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    for key in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(key, env[key])
    monkeypatch.chdir(repo)
    terminal = FakeTerminal(answers)
    reviews = []
    monkeypatch.setattr(hook, "_review", lambda tty, only_unreviewed: reviews.append(1))
    out = io.StringIO()
    status = hook.run_pre_commit(
        GitRepo(repo), load_settings(repo), terminal=lambda: terminal, out=out
    )
    assert status == 1 and reviews == [] and terminal.closed
    assert b"calc.py:5-6" in terminal.written and b"Review them now [y,n]? " in terminal.written
    assert "The commit was stopped" in out.getvalue()


def test_with_a_terminal_yes_runs_the_review_and_checks_again(repo, env, monkeypatch):
    import io

    from specdraft.core.config import load_settings
    from specdraft.core.git import GitRepo
    from specdraft.drafting import hook

    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    for key in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(key, env[key])
    monkeypatch.chdir(repo)
    asked = []

    def review(tty, only_unreviewed):  # the human unstages the hunk in the review
        asked.append(only_unreviewed)
        git(repo, "reset", "-q", "calc.py")

    monkeypatch.setattr(hook, "_review", review)
    out = io.StringIO()
    terminal = FakeTerminal(b"y\n")
    status = hook.run_pre_commit(
        GitRepo(repo), load_settings(repo), terminal=lambda: terminal, out=out
    )
    assert status == 0 and asked == [True] and out.getvalue() == ""


@pytest.mark.parametrize("count", [3, 20])  # a git call per commit, or one walk of the history
def test_reachable_landings(tmp_path, count, monkeypatch):
    from specdraft.core.git import GitRepo
    from specdraft.drafting.hook import _reachable
    from specdraft.drafting.provenance import Store

    for key, value in env_for(tmp_path).items():
        if key.startswith("GIT_"):
            monkeypatch.setenv(key, value)
    repo = new_repo(tmp_path)
    shas = []
    for index in range(count):
        git(repo, "commit", "-q", "--allow-empty", "-m", f"c{index}")
        shas.append(git(repo, "rev-parse", "HEAD").decode().strip())
    git(repo, "checkout", "-q", "-b", "side", shas[0])
    git(repo, "commit", "-q", "--allow-empty", "-m", "side")
    side = git(repo, "rev-parse", "HEAD").decode().strip()
    landed = {f"r{i}": {sha: set()} for i, sha in enumerate([*shas, side])}
    store = Store([], landed)
    assert _reachable(GitRepo(repo), store, shas[-1]) == set(shas)
    assert _reachable(GitRepo(repo), store, side) == {shas[0], side}

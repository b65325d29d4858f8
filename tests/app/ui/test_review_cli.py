"""`specdraft review` end to end: each mode, --report, --resume, --discard's confirmation, the TUI hook."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

from specdraft.core.session import Decision, Effects
from tests.app.reviewkit import git, index_tree, make_repo, specdraft, write_files

BEFORE = {"a.py": b"".join(b"line %d\n" % i for i in range(1, 21)), "b.py": b"old\n"}
AFTER = {
    "a.py": BEFORE["a.py"].replace(b"line 2\n", b"LINE 2\n").replace(b"line 18\n", b"LINE 18\n"),
    "b.py": b"new\n",
}


def changed(tmp_path: Path) -> Path:
    repo = make_repo(tmp_path / "r", BEFORE)
    write_files(repo, AFTER)
    return repo


def test_unstaged_accepted_are_staged_rejected_stay(tmp_path):
    repo = changed(tmp_path)
    code, out, err = specdraft(repo, ["review", "--plain"], "y\nn\ny\n")
    assert code == 0, err
    assert out.splitlines()[-1] == (
        b"specdraft review: staged 2 hunks (2 accepted, 0 edited, 1 rejected, 0 undecided; acceptance 67%)"
    )
    staged = git(repo, "diff", "--cached").decode()
    assert "+LINE 2" in staged and "LINE 18" not in staged and "+new" in staged
    assert (repo / "a.py").read_bytes() == AFTER["a.py"]  # the worktree keeps everything
    assert not list(
        (repo / ".git" / "specdraft").glob("review-*.json")
    )  # state removed once applied


def test_discard_asks_first(tmp_path):
    repo = changed(tmp_path)
    code, out, _ = specdraft(repo, ["review", "--plain", "--discard"], "y\nn\nn\nn\n")
    assert code == 0
    assert b"Discard 2 rejected hunks from the worktree (this cannot be undone) [y,n]? " in out
    assert (repo / "b.py").read_bytes() == b"new\n"  # answered n: nothing discarded
    assert b"+LINE 2" in git(repo, "diff", "--cached")


def test_discard_after_yes(tmp_path):
    repo = changed(tmp_path)
    code, out, _ = specdraft(repo, ["review", "--plain", "--discard"], "y\nn\nn\ny\n")
    assert code == 0
    assert (repo / "b.py").read_bytes() == b"old\n"
    assert b"LINE 18" not in (repo / "a.py").read_bytes()
    assert b"LINE 2" in (repo / "a.py").read_bytes()
    assert out.splitlines()[-1].startswith(b"specdraft review: staged 1 hunk, discarded 2")


def test_staged_rejected_are_unstaged_and_kept(tmp_path):
    repo = changed(tmp_path)
    git(repo, "add", "-A")
    code, out, err = specdraft(repo, ["review", "--plain", "--staged"], "n\ny\ny\n")
    assert code == 0, err
    assert (
        b"Keep this hunk staged [y,n,q,a,d,j,J,g,/,s,e,?]? " in out
        or b"Keep this hunk staged" in out
    )
    staged = git(repo, "diff", "--cached").decode()
    assert "LINE 2" not in staged and "+LINE 18" in staged and "+new" in staged
    assert (repo / "a.py").read_bytes() == AFTER["a.py"]
    assert b"+LINE 2" in git(repo, "diff")
    assert out.splitlines()[-1] == (
        b"specdraft review: unstaged 1 hunk, 2 still staged (2 accepted, 0 edited, 1 rejected, "
        b"0 undecided; acceptance 67%)"
    )


def test_staged_all_kept_says_nothing_was_unstaged(tmp_path):
    """Accepting in --staged keeps a hunk staged: the last line says so, not "unstaged 0 hunks"."""
    repo = changed(tmp_path)
    git(repo, "add", "-A")
    before = git(repo, "diff", "--cached")
    code, out, err = specdraft(repo, ["review", "--plain", "--staged"], "y\ny\ny\n")
    assert code == 0, err
    assert git(repo, "diff", "--cached") == before
    assert out.splitlines()[-1] == (
        b"specdraft review: nothing unstaged, 3 hunks still staged (3 accepted, 0 edited, 0 rejected, "
        b"0 undecided; acceptance 100%)"
    )


def test_staged_edit_keeps_the_edited_version(tmp_path):
    repo = changed(tmp_path)
    git(repo, "add", "-A")
    editor = tmp_path / "ed.sh"
    editor.write_text("#!/bin/sh\nsed -i 's/^+new$/+newer/' \"$1\"\n")
    editor.chmod(0o755)
    code, _, err = specdraft(
        repo, ["review", "--plain", "--staged"], "y\ny\ne\n", env={"GIT_EDITOR": str(editor)}
    )
    assert code == 0, err
    assert git(repo, "show", ":b.py") == b"newer\n"
    assert (repo / "b.py").read_bytes() == b"new\n"


def test_revision_review_is_read_only_with_a_report(tmp_path):
    repo = changed(tmp_path)
    git(repo, "commit", "-q", "-am", "second")
    head_before = git(repo, "rev-parse", "HEAD")
    report = tmp_path / "report.json"
    code, out, err = specdraft(
        repo, ["review", "--plain", "HEAD", "--report", str(report)], "y\nn\n"
    )
    assert code == 0, err
    assert b"Accept this hunk" in out
    assert out.splitlines()[-1].endswith(b"nothing was changed (read-only review)")
    data = json.loads(report.read_text())
    assert data["mode"] == "revs"
    assert [h["decision"] for h in data["hunks"]] == ["accepted", "rejected", "pending"]
    assert data["stats"]["accepted"] == 1 and data["stats"]["acceptance_rate"] == 0.5
    assert git(repo, "rev-parse", "HEAD") == head_before
    assert git(repo, "status", "--porcelain") == b""


def test_revision_range_and_root_commit(tmp_path):
    repo = changed(tmp_path)
    git(repo, "commit", "-q", "-am", "second")
    code, out, _ = specdraft(repo, ["review", "--plain", "HEAD~1..HEAD", "--report", "-"], "a\na\n")
    assert code == 0
    assert b'"accepted": 3' in out
    code, out, _ = specdraft(repo, ["review", "--plain", "HEAD~1"], "")
    assert code == 0 and b"new file mode" in out  # the root commit against the empty tree


@pytest.mark.parametrize("to_index", [False, True])
def test_patch_file_to_worktree_or_index(tmp_path, to_index):
    repo = changed(tmp_path)
    patch = tmp_path / "change.patch"
    patch.write_bytes(git(repo, "diff"))
    git(repo, "checkout", "-q", "--", ".")
    argv = ["review", "--plain", "--patch", str(patch)] + (["--index"] if to_index else [])
    code, out, err = specdraft(repo, argv, "n\ny\ny\n")
    assert code == 0, err
    assert (repo / "a.py").read_bytes() == BEFORE["a.py"].replace(b"line 18\n", b"LINE 18\n")
    assert (repo / "b.py").read_bytes() == b"new\n"
    staged = git(repo, "diff", "--cached", "--name-only").split()
    assert staged == ([b"a.py", b"b.py"] if to_index else [])
    where = b"index and worktree" if to_index else b"worktree"
    assert b"Apply this hunk to " + where in out


def test_resume_after_an_interruption(tmp_path, monkeypatch):
    repo = changed(tmp_path)
    from specdraft.ui import plain

    real_read = plain.PlainReview._read
    calls = {"n": 0}

    def read_then_interrupt(self):
        calls["n"] += 1
        if calls["n"] > 2:
            raise KeyboardInterrupt
        return real_read(self)

    monkeypatch.setattr(plain.PlainReview, "_read", read_then_interrupt)
    code, _, err = specdraft(repo, ["review", "--plain"], "y\nn\ny\n")
    assert code == 130 and b"interrupted" in err
    assert git(repo, "diff", "--cached") == b""  # nothing applied
    monkeypatch.setattr(plain.PlainReview, "_read", real_read)
    # resumed: the first two answers are remembered; only b.py is asked about
    code, out, err = specdraft(repo, ["review", "--plain", "--resume"], "y\n")
    assert code == 0, err
    assert out.count(b"Stage this hunk") == 1
    staged = git(repo, "diff", "--cached").decode()
    assert "+LINE 2" in staged and "LINE 18" not in staged and "+new" in staged


def test_resume_says_what_it_dropped(tmp_path, monkeypatch):
    repo = changed(tmp_path)
    from specdraft.ui import plain

    monkeypatch.setattr(
        plain.PlainReview, "_read", lambda self: (_ for _ in ()).throw(KeyboardInterrupt)
    )
    specdraft(repo, ["review", "--plain"], "")
    monkeypatch.undo()
    write_files(repo, {"b.py": b"newer\n"})
    code, _, err = specdraft(repo, ["review", "--plain", "--resume"], "")
    assert code == 0
    assert b"is no longer in the diff" in err


def _fake_tui(monkeypatch, answer: bool, record: dict):
    module = types.ModuleType("specdraft.ui.tui.app")

    def run_review_tui(session, *, title, theme, read_only, settings, effects, where=""):
        record.update(title=title, theme=theme, read_only=read_only, effects=effects)
        record["settings"] = (settings.theme, settings.source("theme"), settings.context)
        session.set_decisions([0], Decision.ACCEPTED)
        return answer

    module.run_review_tui = run_review_tui
    monkeypatch.setitem(sys.modules, "specdraft.ui.tui.app", module)
    monkeypatch.setattr("specdraft.ui.cli.review._use_tui", lambda args, answers: not args.plain)


@pytest.mark.parametrize("apply", [True, False])
def test_tui_is_used_in_a_terminal(tmp_path, monkeypatch, apply):
    repo = changed(tmp_path)
    record: dict = {}
    _fake_tui(monkeypatch, apply, record)
    before = index_tree(repo)
    config = tmp_path / "xdg"
    code, out, err = specdraft(
        repo, ["review", "--theme", "light"], env={"XDG_CONFIG_HOME": str(config)}
    )
    assert code == 0, err
    assert record == {
        "title": "review unstaged changes",
        "theme": "light",
        "read_only": False,
        "settings": ("light", "flag --theme", 3),
        "effects": Effects(accepted="staged", rejected=None),
    }
    if apply:
        assert b"+LINE 2" in git(repo, "diff", "--cached")
    else:
        assert index_tree(repo) == before
        assert b"quit without applying" in err


def test_help_lists_every_option():
    from tests.app.reviewkit import specdraft_subprocess

    result = specdraft_subprocess(Path.cwd(), ["review", "--help"])
    assert result.returncode == 0
    for option in [
        "--staged",
        "--patch",
        "--index",
        "--discard",
        "--resume",
        "--report",
        "--plain",
        "--theme",
    ]:
        assert option.encode() in result.stdout


def test_demo_review_makes_a_repository_and_reviews_it(tmp_path):
    from tests.app.reviewkit import specdraft_subprocess

    target = tmp_path / "demo"
    result = specdraft_subprocess(
        tmp_path, ["demo", "--review", "--dir", str(target), "--plain"], stdin=b"y\n" * 10
    )
    assert result.returncode == 0, result.stderr
    assert f"repository with an unstaged edit is at {target}".encode() in result.stderr
    assert result.stdout.count(b"Stage this hunk") >= 5  # a multi-hunk edit over two files
    assert git(target, "diff") == b""  # every hunk accepted: all staged
    assert git(target, "log", "--oneline").count(b"\n") == 1
    staged = git(target, "diff", "--cached", "--name-only").split()
    assert staged == [b"README.md", b"inventory.py"]


def test_demo_refuses_an_existing_directory(tmp_path):
    from tests.app.reviewkit import specdraft_subprocess

    result = specdraft_subprocess(tmp_path, ["demo", "--dir", str(tmp_path)])
    assert result.returncode == 2 and b"already exists" in result.stderr


def test_staged_review_ignores_worktree_edits_meanwhile(tmp_path):
    repo = changed(tmp_path)
    git(repo, "add", "-A")
    editor = tmp_path / "ed.sh"  # leaves the hunk as it is, but edits another file meanwhile
    editor.write_text(f"#!/bin/sh\necho meanwhile >> {repo / 'a.py'}\n")
    editor.chmod(0o755)
    code, _, err = specdraft(
        repo, ["review", "--plain", "--staged"], "n\ny\ne\n", env={"GIT_EDITOR": str(editor)}
    )
    assert code == 0, err
    assert b"LINE 2" not in git(repo, "diff", "--cached")
    assert (repo / "a.py").read_bytes().endswith(b"meanwhile\n")


def _isolated(tmp_path: Path, **env: str) -> dict[str, str]:
    """An environment with its own (empty) user config directory and no SPECDRAFT_* leaking in."""
    base = {"XDG_CONFIG_HOME": str(tmp_path / "xdg"), "SPECDRAFT_THEME": "dark"}
    base.update(env)
    return base


def test_unknown_theme_is_refused_before_anything_is_read_or_saved(tmp_path, monkeypatch):
    repo = changed(tmp_path)
    read: list[str] = []
    monkeypatch.setattr(
        "specdraft.core.git.GitRepo.diff_unstaged", lambda self: read.append("diff") or b""
    )
    code, _, err = specdraft(
        repo, ["review", "--plain", "--theme", "nope"], "y\n", env=_isolated(tmp_path)
    )
    assert code == 2
    assert err.strip().splitlines()[-1] == (
        b"specdraft review: unknown theme 'nope'; available themes: dark, high-contrast, light "
        b"(the theme came from flag --theme)"
    )
    assert read == []  # the diff was never read
    assert not (repo / ".git" / "specdraft").exists()  # no state saved
    assert git(repo, "diff", "--cached") == b""


def test_theme_from_config_checked_for_the_tui_only(tmp_path, monkeypatch):
    repo = changed(tmp_path)
    (repo / ".specdraft.toml").write_text('theme = "nope"\n')
    env = _isolated(tmp_path)
    del env["SPECDRAFT_THEME"]
    monkeypatch.delenv("SPECDRAFT_THEME", raising=False)
    code, _, err = specdraft(repo, ["review", "--plain"], "y\ny\ny\n", env=env)
    assert code == 0, err  # plain mode shows no theme
    git(repo, "reset", "-q")
    record: dict = {}
    _fake_tui(monkeypatch, True, record)
    code, _, err = specdraft(repo, ["review"], env=env)
    assert code == 2 and not record
    assert b"unknown theme 'nope'" in err and b".specdraft.toml" in err
    assert not list((repo / ".git" / "specdraft").glob("review-*.json"))


BIG = b"".join(b"line %d\n" % i for i in range(1, 31))


def _hunk_header(
    tmp_path: Path, argv: list[str], env: dict[str, str], git_context: int | None, files: dict
) -> bytes:
    repo = make_repo(tmp_path / "r", {"a.py": BIG})
    if git_context is not None:
        git(repo, "config", "diff.context", str(git_context))
    for name, text in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    write_files(repo, {"a.py": BIG.replace(b"line 15\n", b"LINE 15\n")})
    code, out, err = specdraft(repo, ["review", "--plain", *argv], "y\n", env=env)
    assert code == 0, err
    headers = [line for line in out.splitlines() if line.startswith(b"@@ ")]
    assert len(headers) == 1
    staged = git(repo, "diff", "--cached")
    assert b"+LINE 15" in staged and b"-line 15" in staged
    return headers[0]


def _header_for(context: int) -> bytes:
    start, count = 15 - context, 2 * context + 1
    if count == 1:  # git leaves out a count of 1
        return b"@@ -%d +%d @@" % (start, start)
    return b"@@ -%d,%d +%d,%d @@" % (start, count, start, count)


@pytest.mark.parametrize(
    ("argv", "env", "git_context", "files", "expected"),
    [
        ([], {}, None, {}, 3),  # nothing set: 3
        ([], {}, 1, {}, 1),  # git's diff.context when nothing of ours sets it
        ([], {}, 1, {"xdg/specdraft/config.toml": "context = 5\n"}, 5),  # user config
        (
            [],
            {},
            1,
            {"xdg/specdraft/config.toml": "context = 5\n", "r/.specdraft.toml": "context = 2\n"},
            2,
        ),  # repo config beats user config
        ([], {"SPECDRAFT_CONTEXT": "4"}, 1, {"r/.specdraft.toml": "context = 2\n"}, 4),  # env
        (["--context", "6"], {"SPECDRAFT_CONTEXT": "4"}, 1, {}, 6),  # flag beats everything
        (["-U", "0"], {"SPECDRAFT_CONTEXT": "4"}, None, {}, 0),  # zero context still applies
    ],
)
def test_context_layers(tmp_path, monkeypatch, argv, env, git_context, files, expected):
    monkeypatch.delenv("SPECDRAFT_CONTEXT", raising=False)
    header = _hunk_header(tmp_path, argv, _isolated(tmp_path, **env), git_context, files)
    assert header.startswith(_header_for(expected)), header


SOURCE = b"".join(b"line %d\n" % i for i in range(1, 21))
COPY_EDITS = {b"line 3\n": b"LINE 3\n", b"line 17\n": b"LINE 17\n"}


@pytest.mark.parametrize(
    ("answers", "expected"),
    [
        ("n\ny\nn\n", {b"line 3\n": b"LINE 3\n"}),  # a content hunk alone: the copy comes along
        ("n\nn\ny\n", {b"line 17\n": b"LINE 17\n"}),
        ("y\nn\nn\n", {}),  # the copy alone: an exact copy
        ("y\ny\ny\n", COPY_EDITS),
        ("n\nn\nn\n", None),  # nothing: no copy
    ],
)
def test_copied_file_hunks_accepted_independently(tmp_path, answers, expected):
    repo = make_repo(tmp_path / "r", {"a.txt": SOURCE})
    copy = SOURCE
    for old, new in COPY_EDITS.items():
        copy = copy.replace(old, new)
    write_files(repo, {"b.txt": copy})
    git(repo, "add", "-A")
    patch = git(repo, "diff", "--cached", "-C", "--find-copies-harder")
    assert b"copy from a.txt\ncopy to b.txt\n" in patch and patch.count(b"\n@@ ") == 2
    git(repo, "reset", "-q")
    (repo / "b.txt").unlink()
    patch_file = tmp_path / "copy.diff"
    patch_file.write_bytes(patch)
    code, out, err = specdraft(repo, ["review", "--plain", "--patch", str(patch_file)], answers)
    assert code == 0, err
    assert (repo / "a.txt").read_bytes() == SOURCE  # the source is never changed
    if expected is None:
        assert not (repo / "b.txt").exists()
        return
    want = SOURCE
    for old, new in expected.items():
        want = want.replace(old, new)
    assert (repo / "b.txt").read_bytes() == want


MANY_BEFORE = {
    "a.py": b"".join(b"line %d\n" % i for i in range(1, 61)),
    "b.py": b"old\n",
}
MANY_AFTER = {  # a.py: six hunks (lines 2, 12, 22, 32, 42, 52); b.py: one
    "a.py": b"".join(
        (b"LINE %d\n" if i % 10 == 2 else b"line %d\n") % i for i in range(1, 61)
    ),
    "b.py": b"new\n",
}


def _interrupt_after(monkeypatch, answers: int) -> None:
    """Plain mode reads ``answers`` answers, then the user presses Ctrl+C (SIGINT)."""
    from specdraft.ui import plain

    real_read = plain.PlainReview._read
    calls = {"n": 0}

    def read_then_interrupt(self):
        calls["n"] += 1
        if calls["n"] > answers:
            raise KeyboardInterrupt
        return real_read(self)

    monkeypatch.setattr(plain.PlainReview, "_read", read_then_interrupt)


def test_resume_goes_on_at_the_first_undecided_hunk_of_a_file(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "r", MANY_BEFORE)
    write_files(repo, MANY_AFTER)
    _interrupt_after(monkeypatch, 3)
    code, _, err = specdraft(repo, ["review", "--plain"], "y\nn\ny\ny\n")
    assert code == 130
    # the message says what was kept and how to go on
    assert b"interrupted: 3 decisions saved" in err
    assert b"`specdraft review --plain --resume` goes on from the first undecided hunk" in err
    assert git(repo, "diff", "--cached") == b""
    monkeypatch.undo()

    code, out, err = specdraft(repo, ["review", "--plain", "--resume"], "n\ny\ny\ny\n")
    assert code == 0, err
    first_question = out.split(b"Stage this hunk")[0]
    assert first_question.endswith(b"(4/6) ")  # hunk 4 of a.py, not hunk 1 again
    assert b"+LINE 32" in first_question and b"LINE 2\n" not in first_question
    assert out.count(b"Stage this hunk") == 4  # hunks 4, 5, 6 of a.py, then b.py
    staged = git(repo, "diff", "--cached").decode()
    # first run: y n y (hunks 1-3); resumed: n y y (hunks 4-6), y (b.py)
    for number, kept in ((2, True), (12, False), (22, True), (32, False), (42, True), (52, True)):
        assert (f"+LINE {number}\n" in staged) is kept, number
    assert "+new" in staged


def test_interrupt_names_the_command_to_resume(tmp_path, monkeypatch):
    repo = changed(tmp_path)
    patch = tmp_path / "change.patch"
    patch.write_bytes(git(repo, "diff"))
    git(repo, "checkout", "-q", "--", ".")
    _interrupt_after(monkeypatch, 1)
    code, _, err = specdraft(repo, ["review", "--plain", "--patch", str(patch), "--index"], "y\n")
    assert code == 130
    assert b"interrupted: 1 decision saved; `specdraft review --plain --patch " in err
    assert b" --index --resume` goes on from the first undecided hunk" in err


@pytest.mark.parametrize("where", ["missing directory", "a directory", "under a file"])
def test_report_path_is_checked_before_anything_is_applied(tmp_path, where):
    repo = changed(tmp_path)
    patch = tmp_path / "change.patch"
    patch.write_bytes(git(repo, "diff"))
    git(repo, "checkout", "-q", "--", ".")
    (tmp_path / "a-file").write_text("x")
    report = {
        "missing directory": tmp_path / "nonexistent" / "dir" / "r.json",
        "a directory": tmp_path,
        "under a file": tmp_path / "a-file" / "r.json",
    }[where]
    argv = ["review", "--plain", "--patch", str(patch), "--report", str(report)]
    code, out, err = specdraft(repo, argv, "y\ny\ny\n")
    assert code == 2
    assert err.count(b"\n") == 1 and str(report).encode() in err, err  # one clear line
    assert b"Apply this hunk" not in out  # nothing asked
    assert git(repo, "status", "--porcelain") == b""  # nothing applied
    assert not list((repo / ".git").rglob("review-*.json"))  # nothing saved for --resume
    # with a report path that works, the same command applies and writes it
    argv[-1] = str(tmp_path / "r.json")
    code, _, err = specdraft(repo, argv, "y\ny\ny\n")
    assert code == 0, err
    assert json.loads((tmp_path / "r.json").read_text())["stats"]["accepted"] == 3

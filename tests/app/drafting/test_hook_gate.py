"""What an AI draft can write cannot switch the commit gate off (issue 36, items 1 to 5 and 11).

Each test drafts a change the way a drafting session records it (the drafted text diffed as
text, then every hunk accepted after a given time), stages it, and runs the pre-commit check
in-process, as the hook would, without a terminal.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from specdraft.core.config import load_settings
from specdraft.core.diffs import parse_diff
from specdraft.core.errors import UserError
from specdraft.core.git import GitRepo
from specdraft.core.session import ReviewSession
from specdraft.drafting import hook
from specdraft.drafting.provenance import record_session, repair_record
from tests.app.hookkit import BASE, DRAFT
from tests.app.reviewkit import GIT_ENV, git, make_repo, write_files

pytestmark = pytest.mark.slow


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for variable in [v for v in os.environ if v.startswith("SPECDRAFT_")]:
        monkeypatch.delenv(variable)
    return make_repo(tmp_path / "repo", {"calc.py": BASE})


def draft(repo: Path, files: dict[str, bytes], *, unattended: bool = True, seconds: float = 30.0,
          edit_unchanged: bool = False, drafter: str = "tiny-coder") -> None:  # fmt: skip
    """Write ``files`` as a drafting session would and record it: the change diffed as text
    (as the drafting flow does, whatever git would call it), each hunk accepted after
    ``seconds`` (with ``edit_unchanged``: opened with `e` and saved as it was)."""
    write_files(repo, files)
    git(repo, "add", "-N", "--", *files)
    git_repo = GitRepo(repo)
    data = git_repo.run(
        "diff", "--no-ext-diff", "--no-color", "--text", "--no-renames", "-U3", "--", *files
    ).stdout
    now = [0.0]
    session = ReviewSession(parse_diff(data), clock=lambda: now[0])
    for index in range(len(session.units)):
        session.go_to(index)
        now[0] += seconds
        if edit_unchanged:
            session.edit(session.units[index].hunk)
        else:
            session.accept()
    record_session(git_repo, session, drafter=drafter, unattended=unattended)


def gate(repo: Path) -> tuple[int, str]:
    """The pre-commit check on what is staged: (exit status, what it printed)."""
    out = io.StringIO()
    git_repo = GitRepo(repo)
    code = hook.run_pre_commit(git_repo, load_settings(git_repo.root), terminal=lambda: None, out=out)
    return code, out.getvalue()


# ---------------------------------------------------------------- item 1: gate settings


@pytest.mark.parametrize("staged", [True, False])
def test_a_drafted_config_cannot_loosen_the_gate(repo, staged):
    draft(repo, {".specdraft.toml": b'[hook]\nunreviewed = "warn"\ntoo_fast = "warn"\n'}, seconds=30.0)
    draft(repo, {"calc.py": DRAFT})
    git(repo, "add", "calc.py", *([".specdraft.toml"] if staged else []))
    if not staged:
        git(repo, "rm", "-q", "--cached", ".specdraft.toml")  # untracked, in the working tree only
    code, out = gate(repo)
    assert code == 1, out
    assert "calc.py:5-6 (2 lines, drafted by tiny-coder): accepted without review" in out


def test_a_committed_setting_still_counts(repo):
    (repo / ".specdraft.toml").write_text('[hook]\nunreviewed = "warn"\n')
    git(repo, "add", ".specdraft.toml")
    git(repo, "commit", "-q", "-m", "the team's choice")
    draft(repo, {"calc.py": DRAFT})
    git(repo, "add", "calc.py")
    code, out = gate(repo)
    assert code == 0 and "warning" in out


# ---------------------------------------------------------------- items 2 and 3: binary


def test_a_drafted_gitattributes_cannot_make_drafted_lines_binary(repo):
    draft(repo, {"calc.py": DRAFT})
    draft(repo, {".gitattributes": b"*.py -diff\n"}, unattended=False)  # read, looks harmless
    git(repo, "add", "calc.py", ".gitattributes")
    code, out = gate(repo)
    assert code == 1, out
    assert "calc.py:5-6 (2 lines, drafted by tiny-coder): git shows the file as binary" in out


def test_files_the_repository_marks_binary_are_checked(repo):
    write_files(repo, {".gitattributes": b"*.py binary\n"})
    git(repo, "add", ".gitattributes")
    git(repo, "commit", "-q", "-m", "attributes")
    draft(repo, {"calc.py": DRAFT})
    git(repo, "add", "calc.py")
    code, out = gate(repo)
    assert code == 1 and "calc.py:5-6" in out and "binary" in out, out
    # the human's own change to such a file passes
    git(repo, "reset", "-q", "calc.py")
    write_files(repo, {"calc.py": BASE + b"def mine():\n    return 2\n"})
    git(repo, "add", "calc.py")
    assert gate(repo)[0] == 0


@pytest.mark.parametrize("unattended", [True, False])
def test_a_nul_byte_in_a_drafted_line_blocks(repo, unattended):
    draft(repo, {"calc.py": BASE.replace(b"x + 1\n", b"x + 1  # \x00 looks binary\n")}, unattended=unattended)
    git(repo, "add", "calc.py")
    code, out = gate(repo)
    assert code == 1, out
    assert "calc.py:5 (1 line, drafted by tiny-coder): git shows the file as binary" in out
    assert "take the NUL byte out" in out


# ---------------------------------------------------------------- item 4: hooks path


def test_a_hooks_directory_inside_the_working_tree_is_refused(repo):
    git(repo, "config", "core.hooksPath", ".githooks")
    with pytest.raises(UserError, match="inside the working tree"):
        hook.install(GitRepo(repo))
    assert not (repo / ".githooks" / "pre-commit").exists()
    code, out = gate(repo)
    assert code == 1 and "core.hooksPath" in out and "outside the working tree" in out
    git(repo, "config", "core.hooksPath", str(repo / ".git" / "my-hooks"))  # inside .git: fine
    hook.install(GitRepo(repo))
    assert gate(repo)[0] == 0


def test_an_interpreter_inside_the_working_tree_is_warned_of(repo):
    done = hook.install(GitRepo(repo), python=str(repo / ".venv" / "bin" / "python"))
    assert any(line.startswith("warning: the interpreter the hooks run") and "inside the working tree" in line
               for line in done)  # fmt: skip
    assert not any(line.startswith("warning") for line in hook.install(GitRepo(repo)))


# ---------------------------------------------------------------- item 5: lines followed


def test_a_drafted_line_moved_to_another_file_is_still_drafted(repo):
    draft(repo, {"calc.py": DRAFT})
    write_files(repo, {"calc.py": BASE, "other.py": b"def g(x):\n    return x + 100\n    check(x)\n"})
    git(repo, "add", "calc.py", "other.py")
    code, out = gate(repo)
    assert code == 1, out
    assert "other.py:2-3 (2 lines, drafted by tiny-coder): accepted without review (--yes); " \
        "drafted in calc.py" in out


def test_git_mv_of_a_drafted_file_keeps_its_lines_drafted(repo):
    draft(repo, {"calc.py": DRAFT})
    git(repo, "add", "calc.py")
    git(repo, "mv", "calc.py", "arith.py")
    code, out = gate(repo)
    assert code == 1, out
    assert "arith.py:5-6 (2 lines, drafted by tiny-coder): accepted without review" in out


def test_the_note_of_a_renamed_drafted_file_counts_its_lines(repo):
    draft(repo, {"calc.py": DRAFT.replace(b"x + 5\n", b"x + 5 if x else 0\n")})
    write_files(repo, {"calc.py": (repo / "calc.py").read_bytes().replace(b"x + 100", b"x + 101")})
    git(repo, "add", "calc.py")
    git(repo, "mv", "calc.py", "arith.py")  # the line changed a little is found by likeness
    git(repo, "commit", "-q", "--no-verify", "-m", "renamed")
    note, _event = hook.build_note(GitRepo(repo), load_settings(repo))
    assert note is not None and note["files"]["arith.py"]["lines"]["drafted"] == 3


def test_an_edit_that_changes_nothing_is_read_at_the_accept_speed(repo):
    draft(repo, {"calc.py": DRAFT}, unattended=False, seconds=0.1, edit_unchanged=True)
    git(repo, "add", "calc.py")
    code, out = gate(repo)
    assert code == 1, out
    assert "accepted faster than it can be read" in out


def test_a_trailing_comment_keeps_a_line_drafted(repo):
    draft(repo, {"calc.py": DRAFT})
    commented = DRAFT.replace(b"x + 100\n", b"x + 100  # checked, by hand, all fine\n")
    write_files(repo, {"calc.py": commented.replace(b"check(x)\n", b"check(x)  # reviewed by hand, all fine\n")})
    git(repo, "add", "calc.py")
    code, out = gate(repo)
    assert code == 1, out
    assert "calc.py:5-6 (2 lines, drafted by tiny-coder): accepted without review (--yes); " \
        "lines 5, 6 changed since drafted" in out


def test_a_drafted_line_rewrapped_over_three_lines_is_still_drafted(repo):
    line = b"    return compute_total(alpha, beta, gamma)\n"
    draft(repo, {"calc.py": BASE.replace(b"    return x + 1\n", line)})
    wrapped = b"    return compute_total(\n        alpha, beta,\n        gamma)\n"
    write_files(repo, {"calc.py": BASE.replace(b"    return x + 1\n", wrapped)})
    git(repo, "add", "calc.py")
    code, out = gate(repo)
    assert code == 1, out
    assert "calc.py:5-7 (3 lines, drafted by tiny-coder): accepted without review" in out


def test_the_same_text_reviewed_elsewhere_does_not_review_a_second_copy(repo):
    draft(repo, {"calc.py": BASE.replace(b"x + 1\n", b"x + 1\n    audit(x)\n")}, unattended=False)
    git(repo, "add", "calc.py")
    assert gate(repo)[0] == 0  # the reviewed line alone passes
    staged = (repo / "calc.py").read_bytes()
    draft(repo, {"calc.py": staged.replace(b"x + 6\n", b"x + 6\n    audit(x)\n")})  # unattended
    git(repo, "add", "calc.py")
    code, out = gate(repo)
    assert code == 1, out
    assert "(1 line, drafted by tiny-coder): accepted without review" in out
    assert "specdraft: 1 staged line drafted by AI" in out  # the reviewed copy is not listed too


@pytest.mark.parametrize("damage", ["deleted", "emptied", "cut", "directory"])
def test_a_record_emptied_or_deleted_fails_closed_until_repaired(repo, damage):
    draft(repo, {"calc.py": DRAFT})
    git(repo, "add", "calc.py")
    path = repo / ".git" / "specdraft" / "provenance.jsonl"
    if damage == "deleted":
        path.unlink()
    elif damage == "directory":
        import shutil

        shutil.rmtree(path.parent)
    elif damage == "emptied":
        path.write_bytes(b"")
    else:
        path.write_bytes(path.read_bytes().split(b"\n")[0][:0])
    code, out = gate(repo)
    assert code == 1, out
    assert "provenance.jsonl is missing or empty" in out and "specdraft hook repair" in out
    repaired = repair_record(GitRepo(repo))
    assert repaired.lost  # said, then accepted: the next check reads the record as it is
    assert gate(repo)[0] == 0


# ---------------------------------------------------------------- item 11: what is printed


def test_file_names_are_printed_with_control_characters_escaped(repo):
    name = "ev\x1b[2Kil.py"
    draft(repo, {name: b"def f():\n    return 'drafted'\n"})
    git(repo, "add", "--", name)
    code, out = gate(repo)
    assert code == 1 and "\x1b" not in out
    assert "ev\\x1b[2Kil.py:1-2" in out


def test_status_and_repair_say_the_record_was_lost(repo, tmp_path):
    from tests.app.hookkit import env_for, specdraft

    env = env_for(tmp_path)
    draft(repo, {"calc.py": DRAFT})
    (repo / ".git" / "specdraft" / "provenance.jsonl").unlink()
    status = specdraft(repo, env, "hook", "status")
    assert status.returncode == 1 and "provenance.jsonl is missing or empty" in status.stdout
    assert "accepts the loss" in status.stdout
    repaired = specdraft(repo, env, "hook", "repair")
    assert repaired.returncode == 0 and "is missing or empty" in repaired.stdout
    assert "the loss is accepted" in repaired.stdout
    assert specdraft(repo, env, "hook", "status").returncode == 0


# ---------------------------------------------------------------- item 6: submodules


def test_a_draft_written_into_a_submodule_is_checked_when_committing_inside_it(tmp_path, monkeypatch):
    from tests.app.hookkit import commit, env_for

    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    library = make_repo(tmp_path / "lib", {"calc.py": BASE})
    top = make_repo(tmp_path / "top", {"x.txt": b"x\n"})
    git(top, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(library), "sub")
    git(top, "commit", "-q", "-m", "sub")
    sub = top / "sub"
    hook.install(GitRepo(top))  # the hooks go into the checked-out submodule too

    write_files(sub, {"calc.py": DRAFT})  # the answer, written from the superproject
    data = GitRepo(sub).run("diff", "--no-color", "--src-prefix=a/sub/", "--dst-prefix=b/sub/").stdout
    now = [0.0]
    session = ReviewSession(parse_diff(data), clock=lambda: now[0])
    session.accept()
    record_session(GitRepo(top), session, drafter="tiny-coder", unattended=True)

    git(sub, "add", "calc.py")
    code, out = gate(sub)
    assert code == 1, out
    assert "calc.py:5-6 (2 lines, drafted by tiny-coder): accepted without review" in out
    blocked = commit(sub, env_for(tmp_path))
    assert blocked.returncode != 0 and "calc.py:5-6" in blocked.stderr

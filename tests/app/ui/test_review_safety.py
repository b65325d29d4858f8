"""`specdraft review` never loses a user's work: killed while it writes (--patch, --discard), a
record it cannot write (--staged), a patch that never ends (issue 36, items 7, 9, 10, 14)."""

from __future__ import annotations

import errno
import os
import resource
import subprocess
import sys
from pathlib import Path

import specdraft.drafting.provenance as provenance
import specdraft.ui.cli.review as review_cli
from tests.app.core.test_git_atomic import (
    CHANGED,
    MINE,
    OLD,
    hold_while_writing,
    kill_when_held,
    patch_over_mine,
)
from tests.app.reviewkit import GIT_ENV, git, make_repo, specdraft, write_files

SPECDRAFT = [sys.executable, "-m", "specdraft"]


def test_review_patch_killed_while_writing_leaves_the_file_whole(tmp_path):
    repo = make_repo(tmp_path / "r", {"a.txt": OLD})
    patch_file = tmp_path / "change.patch"
    patch_file.write_bytes(patch_over_mine(repo, "a.txt"))
    marker = tmp_path / "held"
    hold_while_writing(repo, "a.txt", marker)
    kill_when_held([*SPECDRAFT, "review", "--plain", "--patch", str(patch_file)], repo, marker, b"y\n")
    assert marker.exists()  # killed mid-apply
    assert (repo / "a.txt").read_bytes() in (MINE, CHANGED)


def test_review_discard_killed_while_writing_leaves_the_file_whole(tmp_path):
    repo = make_repo(tmp_path / "r", {"a.txt": OLD})
    rejected = MINE.replace(b"line 0010 of", b"REJECTED 0010 of")
    write_files(repo, {"a.txt": rejected})
    marker = tmp_path / "held"
    hold_while_writing(repo, "a.txt", marker)
    # the first hunk (line 10) rejected and discarded, the second (my own line) staged
    kill_when_held([*SPECDRAFT, "review", "--plain", "--discard", "--yes"], repo, marker, b"n\ny\n")
    assert marker.exists()
    assert (repo / "a.txt").read_bytes() in (rejected, MINE)
    staged = git(repo, "show", ":a.txt")
    assert staged in (OLD, MINE)
    assert (staged == MINE) == ((repo / "a.txt").read_bytes() == MINE)  # both or neither


def test_review_discard_applies_both_or_neither(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "r", {"a.txt": OLD})
    rejected = MINE.replace(b"line 0010 of", b"REJECTED 0010 of")
    write_files(repo, {"a.txt": rejected})

    def full(descriptor):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    import specdraft.core.git as git_module

    monkeypatch.setattr(git_module.os, "fsync", full)
    code, _, err = specdraft(repo, ["review", "--plain", "--discard", "--yes"], "n\ny\n")
    monkeypatch.undo()
    assert code == 2 and b"No space left on device" in err and b"nothing was applied" in err
    assert (repo / "a.txt").read_bytes() == rejected
    assert git(repo, "diff", "--cached") == b""  # not staged either


def test_a_patch_that_never_ends_is_refused_with_a_size_bound(tmp_path):
    repo = make_repo(tmp_path / "r", {"a.txt": OLD})

    def little_memory() -> None:  # reading /dev/zero whole runs out of it long before the end
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    done = subprocess.run([*SPECDRAFT, "review", "--plain", "--patch", "/dev/zero"], cwd=repo,
                          capture_output=True, env={**os.environ, **GIT_ENV}, preexec_fn=little_memory)  # fmt: skip
    assert done.returncode == 2, done.stderr.decode(errors="replace")[-2000:]
    assert b"Traceback" not in done.stderr
    assert b"/dev/zero is larger than 64 MiB" in done.stderr


def test_a_patch_over_the_bound_is_refused_from_a_file_and_from_standard_input(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "r", {"a.txt": OLD})
    patch = patch_over_mine(repo, "a.txt")
    monkeypatch.setattr(review_cli, "MAX_PATCH_BYTES", len(patch) - 1)
    (tmp_path / "p").write_bytes(patch)
    code, _, err = specdraft(repo, ["review", "--plain", "--patch", str(tmp_path / "p")], "y\n")
    assert code == 2 and b"larger than" in err
    assert (repo / "a.txt").read_bytes() == MINE
    monkeypatch.setattr(review_cli, "MAX_PATCH_BYTES", len(patch))
    code, _, err = specdraft(repo, ["review", "--plain", "--patch", str(tmp_path / "p")], "y\n")
    assert code == 0, err
    assert (repo / "a.txt").read_bytes() == CHANGED


def test_staged_review_writes_its_record_before_the_index(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "r", {"a.txt": OLD})
    write_files(repo, {"a.txt": CHANGED})
    git(repo, "add", "a.txt")
    before = git(repo, "ls-files", "-s")
    drafted = {}

    def drafted_hunks(repo_, settings):
        from specdraft.core.diffs import parse_diff

        hunks = [hunk.id for file in parse_diff(repo_.diff_staged()) for hunk in file.hunks]
        drafted.update(dict.fromkeys(hunks, ["a-model"]))
        return drafted

    def full(repo_, records):
        raise review_cli.UserError("cannot write the review record: No space left on device")

    monkeypatch.setattr(review_cli, "_drafted_hunks", drafted_hunks)
    monkeypatch.setattr(provenance, "append_records", full)
    code, _, err = specdraft(repo, ["review", "--plain", "--staged"], "n\nn\n")
    assert code == 2 and b"No space left" in err
    assert git(repo, "ls-files", "-s") == before  # nothing unstaged: exit 2 says so truly
    assert drafted


def test_staged_review_never_undoes_a_git_add_made_meanwhile(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "r", {"a.txt": b"1\n2\n3\n", "other.txt": b"o\n"})
    write_files(repo, {"a.txt": b"1\nTWO\n3\n"})
    git(repo, "add", "a.txt")
    write_files(repo, {"other.txt": b"added meanwhile\n"})
    from specdraft.core.git import GitRepo

    real_run = GitRepo.run
    added: list[subprocess.CompletedProcess] = []

    def run(self, *args, **kwargs):
        if args[:1] == ("reset",) and not added:
            added.append(subprocess.run(["git", "add", "other.txt"], cwd=repo, capture_output=True,
                                        env={**os.environ, **GIT_ENV}))  # fmt: skip
        return real_run(self, *args, **kwargs)

    monkeypatch.setattr(GitRepo, "run", run)
    specdraft(repo, ["review", "--plain", "--staged"], "n\n")
    monkeypatch.undo()
    assert added
    staged = git(repo, "diff", "--cached", "--name-only").split()
    assert b"a.txt" not in staged  # the rejected hunk was unstaged
    assert added[0].returncode != 0 or b"other.txt" in staged


def test_a_report_a_full_disk_refuses_applies_nothing(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "r", {"a.txt": OLD})
    write_files(repo, {"a.txt": CHANGED})
    real_write_text = Path.write_text

    def full(self, *args, **kwargs):
        if self.name == "report.json":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    code, _, err = specdraft(repo, ["review", "--plain", "--report", str(tmp_path / "report.json")], "y\n")
    assert code == 2 and b"cannot write the report" in err
    assert git(repo, "diff", "--cached") == b""  # exit 2: nothing was applied, truly

"""A review record that cannot be read whole fails closed: the commit stops, naming the file and line; repair."""

from __future__ import annotations

import json
import os

import pytest

from specdraft.drafting import provenance
from tests.app.hookkit import BASE, DRAFT, commit, env_for, head, new_repo, record_draft, specdraft
from tests.app.reviewkit import GIT_ENV, git, write_files

ONE_LINE = BASE.replace(b"x + 6\n", b"x * 6\n")  # a second draft, in another file


def two_drafts(repo, env, *, second_reviewed: bool) -> None:
    """calc.py drafted and accepted with --yes, then other.py drafted: two record lines, staged."""
    write_files(repo, {"other.py": BASE})
    git(repo, "add", "other.py")
    assert commit(repo, env, "--no-verify").returncode == 0
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    record_draft(repo, ONE_LINE, unattended=not second_reviewed, path="other.py")
    git(repo, "add", "other.py")


def record_path(repo):
    return repo / ".git" / "specdraft" / "provenance.jsonl"


def truncate_mid_line(path):
    os.truncate(path, 60)  # what a crash in the middle of the first write leaves


def not_json(path):
    path.write_text("{not json\n")


def random_bytes_appended(path):
    with open(path, "ab") as handle:
        handle.write(b"\x9c\xff\xfe\x00\x81garbage\x80")


def empty_line(path):
    path.write_bytes(b"\n" + path.read_bytes())


def wrong_shape(path):
    with open(path, "a") as handle:
        handle.write(json.dumps({"id": 3, "unknown": 1}) + "\n")


def an_array(path):
    with open(path, "a") as handle:
        handle.write("[1, 2]\n")


def wrong_type(path):
    row = json.loads(path.read_text().splitlines()[0])
    row["reviewed"] = "yes"
    with open(path, "a") as handle:
        handle.write(json.dumps(row) + "\n")


DAMAGE = [
    (truncate_mid_line, "the last line (line 1) is cut off: a crash while writing?"),
    (not_json, "line 1 is not JSON"),
    (random_bytes_appended, "the last line (line 2) is not UTF-8 text"),
    (empty_line, "line 1 is empty"),
    (wrong_shape, "line 2 is not a review record ('id' is 3)"),
    (an_array, "line 2 is not a review record (a JSON list, not an object)"),
    (wrong_type, "line 2 is not a review record ('reviewed' is \"yes\")"),
]


@pytest.fixture
def env(tmp_path):
    return env_for(tmp_path)


@pytest.fixture
def repo(tmp_path, env):
    repo = new_repo(tmp_path)
    assert specdraft(repo, env, "hook", "install").returncode == 0
    return repo


@pytest.mark.slow
@pytest.mark.parametrize(("damage", "why"), DAMAGE, ids=[d.__name__ for d, _ in DAMAGE])
def test_damaged_record_stops_the_commit_naming_file_and_line(repo, env, damage, why):
    before = head(repo, env)
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    damage(record_path(repo))
    result = commit(repo, env)
    assert result.returncode != 0
    assert head(repo, env) == before
    assert "Traceback" not in result.stderr
    path = (repo / ".git" / "specdraft" / "provenance.jsonl").resolve()
    first = result.stderr.splitlines()[0]
    assert first == f"specdraft: the review record {path} is damaged: {why}" or (
        first.startswith(f"specdraft: the review record {path} is damaged: {why}")
    ), result.stderr
    assert "specdraft hook repair" in result.stderr and "The commit was stopped" in result.stderr

    status = specdraft(repo, env, "hook", "status")
    assert status.returncode != 0 and "Traceback" not in status.stderr
    assert f"review record: the review record {path} is damaged: {why}" in status.stdout
    assert "drafted hunk" not in status.stdout  # never "0 drafted hunks"

    review = specdraft(repo, env, "review", "--staged", "--only-unreviewed", "--plain")
    assert review.returncode != 0 and "is damaged" in review.stderr
    assert "Traceback" not in review.stderr


@pytest.mark.slow
def test_log_and_the_post_commit_note_say_the_record_is_damaged(repo, env):
    record_draft(repo, DRAFT, unattended=True)
    git(repo, "add", "calc.py")
    not_json(record_path(repo))
    forced = commit(repo, env, "--no-verify")
    assert forced.returncode == 0  # the post-commit hook cannot stop a commit, but it says so
    assert "no note written for this commit" in forced.stderr and "line 1 is not JSON" in forced.stderr
    assert "Traceback" not in forced.stderr
    log = specdraft(repo, env, "log")
    assert log.returncode != 0 and "Traceback" not in log.stderr
    assert "is damaged: line 1 is not JSON" in log.stderr and "may count too little" in log.stderr


@pytest.mark.slow
def test_repair_keeps_the_good_lines_and_the_commit_is_judged_on_them(repo, env):
    two_drafts(repo, env, second_reviewed=True)  # line 1: calc.py, --yes; line 2: other.py, reviewed
    path = record_path(repo)
    good = path.read_bytes()
    with open(path, "ab") as handle:
        handle.write(b'{"id": "cut", "session": "s", "fi')  # a crash while writing line 3
    stopped = commit(repo, env)
    assert stopped.returncode != 0
    assert "the last line (line 3) is cut off: a crash while writing?" in stopped.stderr

    repaired = specdraft(repo, env, "hook", "repair")
    assert repaired.returncode == 0, repaired.stderr
    assert "moved 1 unreadable line aside to" in repaired.stdout
    assert "kept 2 readable lines" in repaired.stdout
    (aside,) = path.parent.glob("provenance.jsonl.damaged-*")
    assert str(aside) in repaired.stdout
    assert aside.read_bytes() == b'{"id": "cut", "session": "s", "fi\n'
    assert path.read_bytes() == good

    judged = commit(repo, env)  # the record reads again: the unreviewed draft still blocks
    assert judged.returncode != 0
    assert "calc.py:5-6 (2 lines, drafted by tiny-coder): accepted without review" in judged.stderr
    assert "other.py" not in judged.stderr  # the reviewed draft is still known as reviewed

    again = specdraft(repo, env, "hook", "repair")
    assert again.returncode == 0 and "nothing to repair" in again.stdout


def test_load_store_raises_with_every_unreadable_line(tmp_path, monkeypatch):
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    repo = new_repo(tmp_path)
    record_draft(repo, DRAFT, unattended=True)
    from specdraft.core.git import GitRepo

    git_repo = GitRepo(repo)
    path = record_path(repo)
    text = path.read_text()
    path.write_text("{not json\n" + text + "\n" + text.rstrip("\n")[:50])
    with pytest.raises(provenance.RecordDamaged) as raised:
        provenance.load_store(git_repo)
    damage = raised.value
    assert [p.number for p in damage.problems] == [1, 3, 4]
    assert damage.problems[-1].last and "cut off" in damage.problems[-1].why
    assert damage.reason().endswith("line 1 is not JSON (Expecting property name enclosed in "
                                    "double quotes at column 2) (and 2 more unreadable lines)")
    assert "specdraft hook repair" in str(damage)
    assert provenance.record_damage(git_repo).problems == damage.problems


def test_a_middle_line_cut_off_reads_as_a_crash(tmp_path, monkeypatch):
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    repo = new_repo(tmp_path)
    env = env_for(tmp_path)
    two_drafts(repo, env, second_reviewed=False)
    path = record_path(repo)
    os.truncate(path, 60)
    # the next draft is appended on a line of its own: the cut line stays one bad line
    record_draft(repo, ONE_LINE.replace(b"x + 7", b"x - 7"), unattended=True, path="other.py")
    lines = path.read_bytes().split(b"\n")
    assert len(lines) == 3 and lines[-1] == b"" and json.loads(lines[1])["file"] == "other.py"
    from specdraft.core.git import GitRepo

    damage = provenance.record_damage(GitRepo(repo))
    assert [p.describe() for p in damage.problems] == ["line 1 is cut off: a crash while writing?"]


class Calls:
    """A spy on the os calls of the record's write path."""

    def __init__(self, monkeypatch, fail_at: int | None = None) -> None:
        self.writes: list[tuple[int, bytes]] = []
        self.fsyncs: list[int] = []
        real_write, real_fsync = os.write, os.fsync

        def write(fd, data):
            if fail_at is not None and len(self.writes) == fail_at:
                real_write(fd, bytes(data)[:10])  # half a line on disk, then the disk is full
                raise OSError(28, "No space left on device")
            self.writes.append((fd, bytes(data)))
            return real_write(fd, data)

        def fsync(fd):
            self.fsyncs.append(fd)
            return real_fsync(fd)

        monkeypatch.setattr(provenance.os, "write", write)
        monkeypatch.setattr(provenance.os, "fsync", fsync)


def test_each_record_line_is_one_write_then_one_fsync(tmp_path, monkeypatch):
    monkeypatch.setattr(provenance, "store_dir", lambda repo: tmp_path / "specdraft")
    records = [{"event": "landed", "commit": f"c{i}", "lines": {}} for i in range(3)]
    provenance.append_records(None, records[:1])
    calls = Calls(monkeypatch)
    provenance.append_records(None, records[1:])
    assert [data for _, data in calls.writes] == [
        (json.dumps(r) + "\n").encode() for r in records[1:]
    ]
    assert calls.fsyncs == [calls.writes[-1][0]]  # one fsync, after the last line, same file
    path = tmp_path / "specdraft" / provenance.RECORD_NAME
    assert path.read_text().splitlines() == [json.dumps(r) for r in records]


def test_a_failed_write_leaves_the_record_as_it_was(tmp_path, monkeypatch):
    monkeypatch.setattr(provenance, "store_dir", lambda repo: tmp_path / "specdraft")
    records = [{"event": "landed", "commit": f"c{i}", "lines": {}} for i in range(3)]
    provenance.append_records(None, records[:1])
    path = tmp_path / "specdraft" / provenance.RECORD_NAME
    before = path.read_bytes()
    Calls(monkeypatch, fail_at=1)
    with pytest.raises(provenance.UserError, match="has room"):
        provenance.append_records(None, records[1:])
    assert path.read_bytes() == before


def test_reading_a_record_that_is_not_there_is_empty(tmp_path, monkeypatch):
    monkeypatch.setattr(provenance, "store_dir", lambda repo: tmp_path / "nothing")
    store = provenance.load_store(None)
    assert store.records == [] and store.landed == {}
    assert provenance.record_damage(None) is None
    assert provenance.repair_record(None).aside is None

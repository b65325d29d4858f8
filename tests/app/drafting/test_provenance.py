"""The review record: what record_session writes (under git's common dir) and how a diff is matched to it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specdraft.core.diffs import parse_diff
from specdraft.core.git import GitRepo
from specdraft.core.session import ReviewSession
from specdraft.drafting.provenance import (
    RECORD_NAME,
    classify,
    line_hash,
    load_store,
    record_session,
    store_dir,
)
from tests.app.reviewkit import GIT_ENV, git, make_repo, write_files

BASE = b"".join(b"def f%d(x):\n    return x + %d\n\n" % (i, i) for i in range(8))


@pytest.fixture(autouse=True)
def _git_env(monkeypatch):
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def drafted(repo: Path, new: bytes) -> tuple[GitRepo, ReviewSession, Clock]:
    """A session over the worktree change to calc.py (what a drafting session would hold)."""
    write_files(repo, {"calc.py": new})
    git_repo = GitRepo(repo)
    clock = Clock()
    session = ReviewSession(parse_diff(git_repo.diff_unstaged()), clock=clock)
    return git_repo, session, clock


def records(repo: GitRepo) -> list[dict]:
    path = store_dir(repo) / RECORD_NAME
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_record_session_writes_one_record_per_hunk(tmp_path):
    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    new = BASE.replace(b"x + 1\n", b"x + 100\n    # drafted\n").replace(b"x + 6\n", b"x - 6\n")
    git_repo, session, clock = drafted(repo, new)
    assert len(session.units) == 2
    clock.now = 4.0
    session.accept(advance=True)
    clock.now = 5.0
    session.reject()
    record_session(git_repo, session, drafter="tiny-coder", unattended=False)

    rows = records(git_repo)
    assert [r["decision"] for r in rows] == ["accepted", "rejected"]
    assert [r["seconds"] for r in rows] == [4.0, 1.0]
    assert all(r["drafter"] == "tiny-coder" and r["reviewed"] for r in rows)
    assert rows[0]["lines"] == [line_hash(b"    return x + 100\n"), line_hash(b"    # drafted\n")]
    assert rows[1]["lines"] == []  # rejected: nothing landed
    assert rows[0]["drafted"] == 2 and rows[0]["applied"] == 2 and rows[0]["edited"] is False
    assert not (repo / ".specdraft").exists()
    assert store_dir(git_repo) == (repo / ".git" / "specdraft").resolve()


def test_unattended_records_are_not_reviewed(tmp_path):
    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    git_repo, session, _ = drafted(repo, BASE.replace(b"x + 2\n", b"x * 2\n"))
    session.accept()
    record_session(git_repo, session, drafter="m", unattended=True)
    assert [r["reviewed"] for r in records(git_repo)] == [False]


def test_edited_hunk_records_only_drafted_lines_that_landed(tmp_path):
    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    new = BASE.replace(b"x + 3\n", b"x + 30\n    log(x)\n")
    git_repo, session, _ = drafted(repo, new)
    plus = [i for i, line in enumerate(session.units[0].hunk.lines) if line.kind == "+"]
    session.set_lines({plus[0]})  # keep the first drafted line only (and its - line)
    minus = [i for i, line in enumerate(session.units[0].hunk.lines) if line.kind == "-"]
    session.set_lines({plus[0], *minus})
    record_session(git_repo, session, drafter="m", unattended=False)
    (row,) = records(git_repo)
    assert row["decision"] == "edited" and row["edited"] is True
    assert row["lines"] == [line_hash(b"    return x + 30\n")]
    assert row["drafted"] == 2 and row["applied"] == 1


def test_linked_worktrees_share_the_record(tmp_path):
    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    git(repo, "worktree", "add", "-q", str(tmp_path / "wt"), "-b", "other")
    git_repo, session, _ = drafted(tmp_path / "wt", BASE.replace(b"x + 2\n", b"x * 2\n"))
    session.accept()
    record_session(git_repo, session, drafter="m", unattended=False)
    assert store_dir(GitRepo(repo)) == store_dir(git_repo)
    assert len(load_store(GitRepo(repo)).records) == 1
    assert not (tmp_path / "wt" / ".git").is_dir()  # a linked worktree's .git is a file


def test_line_hash_normalises_endings_and_ignores_punctuation():
    assert line_hash(b"x = 1   \r\n") == line_hash(b"x = 1\n") == line_hash(b"x = 1")
    assert line_hash(b"  x = 1\n") != line_hash(b"x = 1\n")  # indentation is meaning in Python
    assert line_hash(b"}\n") is None and line_hash(b"\n") is None


def classify_staged(repo: Path, lines_per_second: float = 0.0):
    git_repo = GitRepo(repo)
    files = parse_diff(git_repo.diff_staged())
    text = {f.new_path: (repo / f.new_path).read_text() for f in files if f.new_path}
    return classify(files, load_store(git_repo), lines_per_second=lines_per_second, file_text=text)


def test_classify_unattended_reviewed_changed_and_too_fast(tmp_path):
    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    new = BASE.replace(b"x + 1\n", b"x + 100\n    check(x)\n")
    git_repo, session, clock = drafted(repo, new)
    session.accept()
    record_session(git_repo, session, drafter="m", unattended=True)
    git(repo, "add", "calc.py")
    (finding,) = classify_staged(repo).findings
    assert finding.reason == "unattended" and finding.lines == [5, 6]
    assert "accepted without review" in finding.describe()

    # the same hunk reviewed (3 lines read in 0 s: too fast at 5 lines/s, fine without a guard)
    session.stats()
    record_session(git_repo, session, drafter="m", unattended=False)
    assert classify_staged(repo).findings == []
    assert [f.reason for f in classify_staged(repo, 5.0).findings] == ["too-fast"]
    clock.now = 10.0
    record_session(git_repo, session, drafter="m", unattended=False)
    assert classify_staged(repo, 5.0).findings == []

    # a reviewed line replaced afterwards
    write_files(repo, {"calc.py": new.replace(b"check(x)", b"check(x, strict=True)")})
    git(repo, "add", "calc.py")
    (changed,) = classify_staged(repo).findings
    assert changed.reason == "changed" and changed.lines == [6]

    # a human line added next to an intact reviewed hunk is the human's own
    write_files(repo, {"calc.py": new.replace(b"check(x)\n", b"check(x)\n    extra(x)\n")})
    git(repo, "add", "calc.py")
    assert classify_staged(repo).findings == []


def test_review_at_commit_time_covers_the_human_edit(tmp_path):
    """A reviewed hunk changed afterwards, then reviewed again (edited in that review): clean."""
    from specdraft.drafting.provenance import record_review

    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    new = BASE.replace(b"x + 1\n", b"x + 100\n    check(x)\n")
    git_repo, session, clock = drafted(repo, new)
    clock.now = 10.0
    session.accept()
    record_session(git_repo, session, drafter="m", unattended=False)
    changed = new.replace(b"check(x)", b"check(x, 1)")
    write_files(repo, {"calc.py": changed})
    git(repo, "add", "calc.py")
    (finding,) = classify_staged(repo).findings
    assert finding.reason == "changed" and finding.drafters == ["m"]

    staged = ReviewSession(parse_diff(git_repo.diff_staged()), clock=clock)
    edited = staged.edit_text().replace(b"check(x, 1)", b"check(x, 2)")
    assert staged.apply_edit_text(edited)
    record_review(git_repo, staged.units, {staged.units[0].id: ["m"]})
    rows = records(git_repo)
    assert rows[-1]["kind"] == "review" and rows[-1]["decision"] == "edited"
    assert line_hash(b"    check(x, 2)\n") in rows[-1]["lines"]  # the human's own line is covered
    write_files(repo, {"calc.py": changed.replace(b"check(x, 1)", b"check(x, 2)")})
    git(repo, "add", "calc.py")
    assert classify_staged(repo).findings == []


def test_a_damaged_record_line_stops_the_reading_until_repaired(tmp_path):
    """Fail closed: a damaged line is never skipped quietly; repair moves it aside."""
    from specdraft.drafting.provenance import RecordDamaged, repair_record

    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    git_repo, session, _ = drafted(repo, BASE.replace(b"x + 2\n", b"x * 2\n"))
    session.accept()
    record_session(git_repo, session, drafter="m", unattended=True)
    path = store_dir(git_repo) / RECORD_NAME
    path.write_text("{not json\n[1]\n" + path.read_text() + '{"id": 3, "unknown": 1}\n')
    with pytest.raises(RecordDamaged) as damage:
        load_store(git_repo)
    assert [problem.number for problem in damage.value.problems] == [1, 2, 4]
    repaired = repair_record(git_repo)
    assert repaired.kept == 1 and repaired.aside.read_text() == '{not json\n[1]\n{"id": 3, "unknown": 1}\n'
    assert [r.drafter for r in load_store(git_repo).records] == ["m"]


def test_records_keep_the_text_of_their_lines(tmp_path):
    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    git_repo, session, _ = drafted(repo, BASE.replace(b"x + 1\n", b"x + 100\n    check(x)   \n"))
    session.accept()
    record_session(git_repo, session, drafter="m", unattended=True)
    (row,) = records(git_repo)
    assert row["texts"] == ["    return x + 100", "    check(x)"]
    assert row["lines"] == [line_hash(text.encode()) for text in row["texts"]]


@pytest.mark.parametrize(
    ("staged", "reason"),
    [
        (b"    return x * 3\n", "unattended"),  # one character
        (b"        return x * 2\n", "unattended"),  # indented
        (b"    return (x * 2)\n", "unattended"),
        # 0.73, more than a trivial edit, but the drafted line is still all there: that line
        (b"    return x * 2 + offset\n", "unattended"),
        (b"    return x * 2  # reviewed, honest\n", "unattended"),  # a trailing comment
        (b"    return x * 3 + offset\n", None),  # the drafted line is no longer in it
        (b"    early_return x * 2 + offset_in_bytes\n", None),  # in it, but inside a longer name
        (b"    raise ValueError(x)\n", None),
    ],
)
def test_a_line_still_mostly_a_drafted_one_is_that_line(tmp_path, staged, reason):
    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    git_repo, session, _ = drafted(repo, BASE.replace(b"x + 2\n", b"x * 2\n"))
    session.accept()
    record_session(git_repo, session, drafter="m", unattended=True)
    write_files(repo, {"calc.py": BASE.replace(b"    return x + 2\n", staged)})
    git(repo, "add", "calc.py")
    found = classify_staged(repo)
    assert [f.reason for f in found.findings] == ([reason] if reason else [])
    if reason:
        assert found.findings[0].detail == "line 8 changed since drafted"
        assert found.matched == {records(git_repo)[0]["id"]: {line_hash(b"    return x * 2")}}


def test_a_close_match_goes_to_the_closest_and_then_the_newest_draft(tmp_path):
    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    git_repo, session, clock = drafted(repo, BASE.replace(b"x + 2\n", b"x * 2\n"))
    session.accept()
    record_session(git_repo, session, drafter="old", unattended=True)  # unattended
    clock.now = 30.0
    session.stats()
    record_session(git_repo, session, drafter="new", unattended=False)  # the same line, reviewed
    write_files(repo, {"calc.py": BASE.replace(b"x + 2\n", b"x * 3\n")})
    git(repo, "add", "calc.py")
    (finding,) = classify_staged(repo).findings
    assert finding.reason == "changed" and finding.drafters == ["new", "old"]


def test_close_matching_fails_closed_when_its_comparisons_run_out(tmp_path, monkeypatch):
    from specdraft.drafting import provenance

    repo = make_repo(tmp_path / "r", {"calc.py": BASE})
    drafted_lines = b"".join(b"    value_%d = compute(%d, items)\n" % (i, i) for i in range(150))
    git_repo, session, _ = drafted(repo, BASE + drafted_lines)
    session.accept()
    record_session(git_repo, session, drafter="m", unattended=True)
    human = b"".join(b"    total_%d = summarise(records[%d])\n" % (i, i) for i in range(150))
    write_files(repo, {"calc.py": BASE + human})
    git(repo, "add", "calc.py")
    assert classify_staged(repo).findings == []  # unlike every drafted line: the human's
    monkeypatch.setattr(provenance, "SIMILAR_BUDGET", 1000)
    (finding,) = classify_staged(repo).findings
    assert finding.reason == "unchecked" and len(finding.lines) < 150
    assert "not compared with the drafted lines of this file" in finding.describe()

"""Submodule pointer changes ("Subproject commit", mode 160000) against real git and a real submodule."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from specdraft.core.diffs import build_patch, parse_diff
from tests.app.reviewkit import git, index_tree, specdraft, worktree_files

ALLOW_FILE = ("-c", "protocol.file.allow=always")


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> dict:
    """A superproject with a submodule ``sub`` at the library's second commit, and ``x.txt``."""
    root = tmp_path_factory.mktemp("submodules")
    lib = root / "lib"
    lib.mkdir()
    git(lib, "init", "-q", "-b", "main")
    commits = []
    for n in (1, 2, 3):
        (lib / "f").write_text(f"{n}\n")
        git(lib, "add", "f")
        git(lib, "commit", "-q", "-m", str(n))
        commits.append(git(lib, "rev-parse", "HEAD").decode().strip())
    git(lib, "checkout", "-q", commits[1])
    top = root / "top"
    top.mkdir()
    git(top, "init", "-q", "-b", "main")
    (top / "x.txt").write_bytes(b"x\n")
    git(top, "add", "x.txt")
    git(top, "commit", "-q", "-m", "init")
    git(top, *ALLOW_FILE, "submodule", "add", "-q", str(lib), "sub")
    git(top, "commit", "-q", "-m", "sub")
    return {"top": top, "commits": commits}


@pytest.fixture
def repo(template, tmp_path) -> Path:
    copy = tmp_path / "top"
    shutil.copytree(template["top"], copy, symlinks=True)
    return copy


def sub_head(repo: Path) -> str:
    return git(repo / "sub", "rev-parse", "HEAD").decode().strip()


def index_pointer(repo: Path) -> str:
    return git(repo, "ls-files", "-s", "sub").split()[1].decode()


def move_sub(repo: Path, commit: str) -> None:
    git(repo / "sub", "checkout", "-q", commit)


def state(repo: Path) -> tuple:
    """Everything a refused apply must leave alone."""
    return (
        index_tree(repo),
        sub_head(repo),
        worktree_files(repo),
        git(repo, "status", "--porcelain"),
    )


def test_parse_shows_a_submodule_change_as_one_meta_unit(repo, template):
    old, new = template["commits"][1], template["commits"][2]
    move_sub(repo, new)
    (repo / "x.txt").write_bytes(b"x\ny\n")
    from specdraft.core.git import GitRepo

    files = parse_diff(GitRepo(repo).diff_unstaged())
    assert [f.path for f in files] == ["sub", "x.txt"]
    sub = files[0]
    assert sub.submodule and sub.submodule_commits == (old, new)
    assert [(h.kind, h.meta, h.description) for h in sub.hunks] == [
        ("meta", "submodule", f"submodule sub: {old[:7]} → {new[:7]}")
    ]
    # the patch of the unit is git's own entry, which git apply --cached takes
    patch = build_patch(files, {sub.hunks[0].id: frozenset()})
    assert (
        patch.startswith(b"diff --git a/sub b/sub\n")
        and f"+Subproject commit {new}".encode() in patch
    )
    git(repo, "apply", "--cached", "--check", "-", input=patch)


def test_dirty_submodule_alone_is_nothing_to_review(repo):
    (repo / "sub" / "f").write_text("edited inside\n")
    code, _, err = specdraft(repo, ["review", "--plain"], "")
    assert code == 2 and b"nothing to review" in err


@pytest.mark.parametrize("answers", ["y\ny\n", "n\ny\n", "y\nn\n", "n\nn\n"])
def test_unstaged_review_stages_as_git_add_p_does(repo, template, tmp_path, answers):
    move_sub(repo, template["commits"][2])
    (repo / "x.txt").write_bytes(b"x\ny\n")
    oracle = tmp_path / "oracle"
    shutil.copytree(repo, oracle, symlinks=True)
    git(oracle, "add", "-p", input=answers.encode())
    code, out, err = specdraft(repo, ["review", "--plain"], answers)
    assert code == 0, err
    assert b"-Subproject commit " in out  # shown as git add -p shows it
    assert index_tree(repo) == index_tree(oracle)
    assert index_pointer(repo) == (
        template["commits"][2] if answers[0] == "y" else template["commits"][1]
    )
    assert sub_head(repo) == template["commits"][2]  # the checkout is never moved


def test_staged_review_unstages_a_rejected_pointer(repo, template):
    move_sub(repo, template["commits"][2])
    (repo / "x.txt").write_bytes(b"x\ny\n")
    git(repo, "add", "sub", "x.txt")
    code, _, err = specdraft(repo, ["review", "--plain", "--staged"], "n\ny\n")
    assert code == 0, err
    assert index_pointer(repo) == template["commits"][1]  # back to HEAD's
    assert b"+y" in git(repo, "diff", "--cached")
    assert sub_head(repo) == template["commits"][2]


def test_discarding_a_rejected_pointer_is_refused_and_nothing_changes(repo, template):
    move_sub(repo, template["commits"][2])
    (repo / "x.txt").write_bytes(b"x\ny\n")
    before = state(repo)
    code, _, err = specdraft(repo, ["review", "--plain", "--discard", "--yes"], "n\ny\n")
    assert code == 2
    line = err.strip().splitlines()[-1].decode()
    assert "sub: specdraft cannot discard a submodule's checkout; nothing was applied" in line
    assert "git submodule update -- sub" in line
    assert state(repo) == before
    # the decisions are kept: without --discard the review resumes and stages x.txt
    code, _, err = specdraft(repo, ["review", "--plain", "--resume"], "")
    assert code == 0, err
    assert index_pointer(repo) == template["commits"][1] and b"+y" in git(repo, "diff", "--cached")


def _patch_moving_sub(repo: Path, template: dict) -> bytes:
    """A patch from another clone: sub moves to the third commit, x.txt gains a line."""
    move_sub(repo, template["commits"][2])
    (repo / "x.txt").write_bytes(b"x\ny\n")
    from specdraft.core.git import GitRepo

    patch = GitRepo(repo).diff_unstaged()
    move_sub(repo, template["commits"][1])
    (repo / "x.txt").write_bytes(b"x\n")
    assert git(repo, "status", "--porcelain") == b""
    return patch


def test_patch_to_the_worktree_refuses_an_accepted_pointer(repo, template, tmp_path):
    patch_file = tmp_path / "p.diff"
    patch_file.write_bytes(_patch_moving_sub(repo, template))
    before = state(repo)
    code, _, err = specdraft(repo, ["review", "--plain", "--patch", str(patch_file)], "y\ny\n")
    assert code == 2
    line = err.strip().splitlines()[-1].decode()
    assert "sub: a submodule's commit cannot be changed in the worktree alone" in line
    assert "--index" in line and "nothing was applied" in line
    assert state(repo) == before
    # answering n for it applies the rest
    code, _, err = specdraft(repo, ["review", "--plain", "--patch", str(patch_file)], "n\ny\n")
    assert code == 0, err
    assert (repo / "x.txt").read_bytes() == b"x\ny\n" and sub_head(repo) == template["commits"][1]


def test_patch_with_index_stages_the_pointer(repo, template, tmp_path):
    patch_file = tmp_path / "p.diff"
    patch_file.write_bytes(_patch_moving_sub(repo, template))
    code, _, err = specdraft(
        repo, ["review", "--plain", "--patch", str(patch_file), "--index"], "y\ny\n"
    )
    assert code == 0, err
    assert index_pointer(repo) == template["commits"][2]
    assert (repo / "x.txt").read_bytes() == b"x\ny\n"
    assert b"git submodule update -- sub" in err


def test_revision_review_of_a_pointer_move(repo, template, tmp_path):
    move_sub(repo, template["commits"][0])
    git(repo, "commit", "-q", "-am", "move sub back")
    report = tmp_path / "report.json"
    code, out, err = specdraft(repo, ["review", "--plain", "HEAD", "--report", str(report)], "y\n")
    assert code == 0, err
    import json

    hunks = json.loads(report.read_text())["hunks"]
    old, new = template["commits"][1][:7], template["commits"][0][:7]
    assert [(h["header"], h["decision"]) for h in hunks] == [
        (f"submodule sub: {old} → {new}", "accepted")
    ]


def test_new_submodule_in_a_staged_review(repo, template):
    git(
        repo,
        *ALLOW_FILE,
        "submodule",
        "add",
        "-q",
        str(Path(template["top"]).parent / "lib"),
        "sub2",
    )
    code, _, err = specdraft(repo, ["review", "--plain", "--staged"], "y\nn\n")
    assert code == 0, err
    assert b".gitmodules" in git(repo, "diff", "--cached", "--name-only")
    assert b"sub2" not in git(repo, "ls-files", "-s", "sub2")

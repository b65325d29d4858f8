"""Git operations for a review: read diffs with pinned settings, check and apply patches.

git itself finds the repository (``git rev-parse``) and does everything else, run as a plain
subprocess (GitPython cost ~150 ms of every command's start-up, for that alone); git's own
``git apply`` does every write, always after a ``--check``. Diffs are read with settings pinned whatever the user's configuration says
(no colour, no external diff or textconv, ``core.quotePath=false``, a/ b/ prefixes, paths from
the top of the tree), so that app/core/diffs.py always parses the same format. Writes are
all-or-nothing: the index is rebuilt in a temporary copy and swapped in only when every step
worked; worktree patches are checked as a whole before any file is touched.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from specdraft.core.errors import UserError

# `git -c` settings that make diff output the same for every user configuration.
PINNED_CONFIG = (
    "core.quotePath=false",
    "diff.noprefix=false",
    "diff.mnemonicPrefix=false",
    "diff.relative=false",
    "diff.suppressBlankEmpty=false",
    "color.ui=false",
    "color.diff=false",
    "core.commentChar=#",
)
DIFF_OPTIONS = (
    "--no-ext-diff",
    "--no-color",
    "--binary",
    "--no-textconv",
    "--no-relative",
    "--src-prefix=a/",
    "--dst-prefix=b/",
    "--submodule=short",  # "Subproject commit" lines, whatever diff.submodule says
    "--ignore-submodules=dirty",  # as git add -p: edits inside a submodule are not the superproject's
)
EMPTY_TREE_SHA1 = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"


def first_line(text: bytes | str) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    # git says "error: patch failed: f.txt:3" then "error: f.txt: patch does not apply"
    for line in lines:
        if "patch does not apply" in line or "does not exist" in line or "already exists" in line:
            return line.removeprefix("error: ")
    return lines[0].removeprefix("error: ").removeprefix("fatal: ") if lines else "unknown error"


@dataclass(frozen=True)
class Snapshot:
    """What the files under review looked like when the diff was read (to refuse stale applies)."""

    paths: tuple[str, ...]
    head: str | None
    index_entries: bytes
    worktree: tuple[tuple[str, str | None], ...] | None  # None: the worktree does not matter


def _file_digest(path: Path) -> str | None:
    try:
        if path.is_symlink():
            return "link:" + os.readlink(path)
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        return "directory"


def _git_environ(extra: dict[str, str] | None) -> dict[str, str]:
    """This process's environment, git's messages in English (they are quoted to the user and
    read back), and ``extra``."""
    environ = {**os.environ, "LANGUAGE": "C", "LC_ALL": "C"}
    if extra:
        environ.update(extra)
    return environ


class GitRepo:
    """The repository around a directory, with the few operations a review needs."""

    def __init__(self, path: str | os.PathLike[str] = "."):
        not_a_repository = UserError(
            f"not a git repository: {Path(path).resolve()} (run specdraft inside one, "
            "or `git init` first)"
        )
        try:
            found = subprocess.run(
                ["git", "rev-parse", "--is-bare-repository", "--absolute-git-dir", "--show-toplevel"],
                cwd=path,
                env=_git_environ(None),
                stdin=subprocess.DEVNULL,
                capture_output=True,
            )
        except (FileNotFoundError, NotADirectoryError):
            raise not_a_repository from None
        answers = found.stdout.decode("utf-8", "surrogateescape").splitlines()
        if answers[:1] == ["true"] or (found.returncode != 0 and b"work tree" in found.stderr):
            raise UserError("this is a bare repository; run specdraft in a working tree")
        if found.returncode != 0 or len(answers) < 3:
            if b"not a git repository" in found.stderr or not found.stderr.strip():
                raise not_a_repository
            raise UserError(f"git rev-parse failed: {first_line(found.stderr)}")
        self.root = Path(answers[2])
        self.git_dir = Path(answers[1])
        self.zero_context = False
        self.context: int | None = None  # lines of context; None: git's diff.context, else 3

    # ---------------------------------------------------------------- running git

    def run(
        self,
        *args: str,
        input: bytes | None = None,
        env: dict[str, str] | None = None,
        check: bool = True,
    ) -> subprocess.CompletedProcess[bytes]:
        """Run git in the top of the worktree with the pinned settings; raise UserError on failure."""
        command = ["git"]
        for setting in PINNED_CONFIG:
            command += ["-c", setting]
        command += list(args)
        # (an external diff from diff.external or GIT_EXTERNAL_DIFF is off: --no-ext-diff)
        full_env = {"GIT_LITERAL_PATHSPECS": "1", "GIT_PAGER": "cat"}
        if env:
            full_env.update(env)
        with tempfile.TemporaryFile() as stdin:
            if input is not None:
                stdin.write(input)
                stdin.seek(0)
            result = self._execute(command, stdin=stdin, env=full_env)
        if check and result.returncode != 0:
            raise UserError(f"git {args[0]} failed: {first_line(result.stderr or result.stdout)}")
        return result

    def _execute(self, command: list[str], *, stdin=None, env: dict[str, str] | None = None):
        """Run ``command`` at the top of the worktree, its output captured (git's messages in
        English: LC_ALL=C); stderr loses its last newline, as GitPython's did."""
        result = subprocess.run(
            command,
            cwd=self.root,
            env=_git_environ(env),
            stdin=subprocess.DEVNULL if stdin is None else stdin,
            capture_output=True,
        )
        if result.stderr.endswith(b"\n"):
            result.stderr = result.stderr[:-1]
        return result

    def config_int(self, key: str, default: int) -> int:
        result = self.run("config", "--get", key, check=False)
        try:
            return int(result.stdout.strip()) if result.returncode == 0 else default
        except ValueError:
            return default

    def comment_string(self) -> str:
        """git's comment string for edit texts: ``core.commentString`` / ``core.commentChar``.

        Read from the user's configuration (``run`` pins it to ``#`` for git's own use); the
        last one set wins, as in git. ``auto`` means ``#``, as it does for ``git add -p`` (only
        ``git commit`` picks another character); an empty value or one with a newline, which
        git refuses, also falls back to ``#``.
        """
        found = self._execute(["git", "config", "-z", "--get-regexp", r"^core\.comment(char|string)$"])
        status, stdout = found.returncode, found.stdout
        if status != 0 or not stdout:
            return "#"
        entries = [entry for entry in stdout.split(b"\0") if entry]
        _key, _, value = entries[-1].partition(b"\n")
        text = value.decode("utf-8", "replace")
        if not text or "\n" in text or text.lower() == "auto":
            return "#"
        return text

    # ---------------------------------------------------------------- state checks

    @property
    def state_dir(self) -> Path:
        return self.git_dir / "specdraft"

    def has_head(self) -> bool:
        return self.run("rev-parse", "--verify", "-q", "HEAD", check=False).returncode == 0

    def require_head(self) -> None:
        if not self.has_head():
            raise UserError(
                "this repository has no commits yet (no HEAD); make a first commit, then review"
            )

    def require_no_operation_in_progress(self) -> None:
        """Refuse to write during a merge (and friends): the index holds conflict state then."""
        checks = (
            (
                "MERGE_HEAD",
                "a merge is in progress; finish it (git commit) or abort it (git merge --abort) first",
            ),
            ("CHERRY_PICK_HEAD", "a cherry-pick is in progress; finish or abort it first"),
            ("REVERT_HEAD", "a revert is in progress; finish or abort it first"),
            ("rebase-merge", "a rebase is in progress; finish or abort it first"),
            ("rebase-apply", "a rebase or git am is in progress; finish or abort it first"),
        )
        for name, message in checks:
            if (self.git_dir / name).exists():
                raise UserError(message)

    def resolve_commit(self, rev: str) -> str:
        result = self.run(
            "rev-parse", "--verify", "-q", "--end-of-options", f"{rev}^{{commit}}", check=False
        )
        if result.returncode != 0:
            raise UserError(f"unknown revision {rev!r}; give a commit, a branch or a tag")
        return result.stdout.decode().strip()

    # ---------------------------------------------------------------- reading diffs

    def _diff(self, *args: str, renames: bool = False) -> bytes:
        if self.context is not None:
            context = max(self.context, 0)
        else:
            context = max(self.config_int("diff.context", 3), 0)
        self.zero_context = context == 0  # such hunks need `git apply --unidiff-zero`
        inter = self.config_int("diff.interHunkContext", 0)
        options = [*DIFF_OPTIONS, f"-U{context}", f"--inter-hunk-context={inter}"]
        options.append("-M" if renames else "--no-renames")
        return self.run("diff", *options, *args).stdout

    def diff_unstaged(self) -> bytes:
        """Index to worktree, as ``git add -p`` sees it."""
        return self._diff()

    def diff_staged(self) -> bytes:
        """HEAD to index, as ``git reset -p`` sees it."""
        return self._diff("--cached", "HEAD")

    def diff_revs(self, spec: str) -> tuple[str, str, bytes]:
        """``REV`` (that commit against its first parent) or ``REV1..REV2``: (old, new, diff)."""
        if ".." in spec and "..." not in spec:
            left, right = spec.split("..", 1)
            old = self.resolve_commit(left or "HEAD")
            new = self.resolve_commit(right or "HEAD")
        else:
            new = self.resolve_commit(spec)
            parent = self.run("rev-parse", "--verify", "-q", f"{new}^1", check=False)
            old = parent.stdout.decode().strip() if parent.returncode == 0 else self.empty_tree()
        return old, new, self._diff(old, new, renames=True)

    def empty_tree(self) -> str:
        result = self.run("hash-object", "-t", "tree", "--stdin", input=b"", check=False)
        return result.stdout.decode().strip() or EMPTY_TREE_SHA1

    # ---------------------------------------------------------------- stale checks

    def snapshot(self, paths: list[str], *, worktree: bool = True) -> Snapshot:
        """HEAD, the index entries and (with ``worktree``) the file contents of ``paths``."""
        paths = sorted(set(paths))
        head = self.run("rev-parse", "--verify", "-q", "HEAD", check=False).stdout.strip()
        entries = self.run("ls-files", "-s", "-z", "--", *paths).stdout if paths else b""
        contents = None
        if worktree:
            contents = tuple((path, _file_digest(self.root / path)) for path in paths)
        return Snapshot(tuple(paths), head.decode() or None, entries, contents)

    def require_unchanged(self, before: Snapshot) -> None:
        """Raise UserError when HEAD, the index or a file under review changed since ``before``."""
        now = self.snapshot(list(before.paths), worktree=before.worktree is not None)
        if now.head != before.head:
            raise UserError("HEAD moved since the review started; run specdraft review again")
        if now.index_entries != before.index_entries:
            raise UserError(
                "the index changed since the review started (something staged or unstaged); "
                "run specdraft review again"
            )
        for (path, old), (_, new) in zip(before.worktree or (), now.worktree or (), strict=True):
            if old != new:
                raise UserError(
                    f"{path} changed since the review started; nothing was applied; "
                    "run specdraft review again"
                )

    # ---------------------------------------------------------------- applying

    def check(
        self,
        patch: bytes,
        *,
        cached: bool = False,
        index: bool = False,
        reverse: bool = False,
        env: dict[str, str] | None = None,
    ) -> None:
        """``git apply --check``: raise UserError with git's reason when the patch does not apply."""
        if not patch:
            return
        result = self._apply(
            patch, cached=cached, index=index, reverse=reverse, check_only=True, env=env
        )
        if result.returncode != 0:
            raise UserError(f"the patch does not apply: {first_line(result.stderr)}")

    def apply(
        self,
        patch: bytes,
        *,
        cached: bool = False,
        index: bool = False,
        reverse: bool = False,
        env: dict[str, str] | None = None,
    ) -> None:
        """Check, then apply to the index (``cached``), the worktree, or both (``index``)."""
        if not patch:
            return
        self.check(patch, cached=cached, index=index, reverse=reverse, env=env)
        result = self._apply(
            patch, cached=cached, index=index, reverse=reverse, check_only=False, env=env
        )
        if result.returncode != 0:
            raise UserError(f"git apply failed: {first_line(result.stderr)}")

    def _apply(
        self,
        patch: bytes,
        *,
        cached: bool,
        index: bool,
        reverse: bool,
        check_only: bool,
        env: dict[str, str] | None,
    ) -> subprocess.CompletedProcess[bytes]:
        args = ["apply", "--recount", "--whitespace=nowarn"]
        if self.zero_context:
            args.append("--unidiff-zero")
        if cached:
            args.append("--cached")
        if index:
            args.append("--index")
        if reverse:
            args.append("-R")
        if check_only:
            args.append("--check")
        return self.run(*args, "-", input=patch, env=env, check=False)

    def check_on_tree(self, patch: bytes, treeish: str) -> None:
        """``git apply --check --cached`` against a tree (e.g. HEAD) instead of the index."""
        if not patch:
            return
        self.state_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=self.state_dir) as scratch:
            env = {"GIT_INDEX_FILE": str(Path(scratch) / "index")}
            self.run("read-tree", treeish, env=env)
            self.check(patch, cached=True, env=env)

    def stage(self, patch: bytes) -> None:
        """Apply a patch to the index only (``git add -p``'s y)."""
        self.apply(patch, cached=True)

    def rebuild_index(self, paths: list[str], patch: bytes) -> None:
        """Reset ``paths`` in the index to HEAD, then apply ``patch`` to it; all or nothing.

        The work happens on a copy of the index, which replaces the real one (under git's own
        index.lock) only when every step worked.
        """
        self.state_dir.mkdir(parents=True, exist_ok=True)
        index_file = Path(self.run("rev-parse", "--git-path", "index").stdout.decode().strip())
        if not index_file.is_absolute():
            index_file = self.root / index_file
        with tempfile.TemporaryDirectory(dir=self.state_dir) as scratch:
            temporary = Path(scratch) / "index"
            if index_file.exists():
                shutil.copy2(index_file, temporary)
            env = {"GIT_INDEX_FILE": str(temporary)}
            if paths:
                self.run("reset", "-q", "HEAD", "--", *paths, env=env)
            if patch:
                self.apply(patch, cached=True, env=env)
            self._replace_index(index_file, temporary)

    def _replace_index(self, index_file: Path, new_index: Path) -> None:
        lock = index_file.with_name(index_file.name + ".lock")
        try:
            descriptor = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            raise UserError(
                f"{lock} exists: another git process is running (or crashed); "
                "remove the file if none is, then try again"
            ) from None
        os.close(descriptor)
        try:
            shutil.copyfile(new_index, lock)
            os.replace(lock, index_file)
        finally:
            lock.unlink(missing_ok=True)

    # ---------------------------------------------------------------- the editor

    def editor(self) -> str:
        """The editor git would use for ``git add -p``'s e (GIT_EDITOR, core.editor, VISUAL, EDITOR)."""
        result = self.run("var", "GIT_EDITOR", check=False)
        editor = result.stdout.decode().strip()
        return editor or "vi"

    def edit_file(self, path: Path) -> None:
        """Open ``path`` in the user's editor and wait, as git does (the editor may be a command line)."""
        editor = self.editor()
        if editor == ":":
            return
        result = subprocess.run(["sh", "-c", f'{editor} "$@"', editor, str(path)], cwd=self.root)
        if result.returncode != 0:
            raise UserError(f"the editor ({editor}) exited with status {result.returncode}")

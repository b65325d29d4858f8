"""Git operations for a review: read diffs with pinned settings, check and apply patches.

git itself finds the repository (``git rev-parse``) and does everything else, run as a plain
subprocess (GitPython cost ~150 ms of every command's start-up, for that alone). Diffs are read
with settings pinned whatever the user's configuration says (no colour, no external diff or
textconv, ``core.quotePath=false``, a/ b/ prefixes, paths from the top of the tree), so that
app/core/diffs.py always parses the same format.

Writes are all or nothing, and survive a crash or a full disk. A patch is always checked first
(``git apply --check``). The index is changed by ``git apply --cached`` (git's own lock), or
rebuilt in a temporary copy while git's ``index.lock`` is held and swapped in by renaming the
lock over it, as git does. A user's files are never written by ``git apply``, which removes a
file before it writes the new one (a crash in between leaves it empty, a full disk cuts it):
``git apply --cached`` computes the new contents in a temporary index built from the files as
they are, and ``WorktreeWrite`` writes each beside its file, fsyncs it and renames it over the
file, mode kept; a failure half way puts back the files already renamed.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import secrets
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
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
                [
                    "git",
                    "rev-parse",
                    "--is-bare-repository",
                    "--absolute-git-dir",
                    "--show-toplevel",
                ],
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
        try:
            with tempfile.TemporaryFile() as stdin:
                if input is not None:
                    stdin.write(input)
                    stdin.seek(0)
                result = self._execute(command, stdin=stdin, env=full_env)
        except OSError as error:  # a full disk under the temporary file, git not found
            raise UserError(f"git {args[0]} failed: {error.strerror or error}") from None
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
        found = self._execute(
            ["git", "config", "-z", "--get-regexp", r"^core\.comment(char|string)$"]
        )
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
        """Check, then apply to the index (``cached``), the worktree, or both (``index``).

        The index alone is git's to write (``git apply --cached``, under its own lock); the
        worktree's files are written by ``apply_together``: atomically, all or nothing.
        """
        if not patch:
            return
        self.check(patch, cached=cached, index=index, reverse=reverse, env=env)
        if not cached:
            self.apply_together(patch, reverse=reverse, staged=patch if index else b"")
            return
        result = self._apply(
            patch, cached=True, index=False, reverse=reverse, check_only=False, env=env
        )
        if result.returncode != 0:
            raise UserError(f"git apply failed: {first_line(result.stderr)}; nothing was applied")

    def apply_together(
        self,
        worktree: bytes,
        *,
        reverse: bool = False,
        staged: bytes = b"",
        staged_reverse: bool | None = None,
    ) -> None:
        """Apply ``worktree`` to the files and ``staged`` to the index: both, or neither.

        Both are checked first. The files' new contents are computed without touching them
        (``plan_worktree_write``); the new index is built in a copy while git's index.lock is
        held. Then the files are written (beside, fsync, rename), and the index goes in last:
        when it cannot, the files are put back as they were.
        """
        staged_reverse = reverse if staged_reverse is None else staged_reverse
        if worktree:
            self.check(worktree, reverse=reverse)
        if staged:
            self.check(staged, cached=True, reverse=staged_reverse)
        try:
            write = self.plan_worktree_write(worktree, reverse=reverse) if worktree else None
        except UserError as error:  # before any write: say so
            said = str(error)
            raise UserError(
                said if "nothing was applied" in said else f"{said}; nothing was applied"
            ) from None
        if not staged:
            if write is not None:
                write.run()
            return
        with (
            self._index_locked() as lock,
            tempfile.TemporaryDirectory(dir=self._scratch()) as scratch,
        ):
            new_index = lock.copy_to(Path(scratch) / "index")
            result = self._apply(
                staged,
                cached=True,
                index=False,
                reverse=staged_reverse,
                check_only=False,
                env={"GIT_INDEX_FILE": str(new_index)},
            )
            if result.returncode != 0:
                raise UserError(
                    f"git apply failed: {first_line(result.stderr)}; nothing was applied"
                )
            if write is not None:
                write.prepare()
                write.swap()
            try:
                lock.install(new_index)
            except UserError as error:
                if write is None:
                    raise
                raise UserError(f"{error}{write.roll_back()}") from None
            if write is not None:
                write.finish()

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

    def plan_worktree_write(self, patch: bytes, *, reverse: bool = False) -> WorktreeWrite:
        """What ``patch`` makes of the files it touches, nothing written yet.

        ``git apply --cached`` computes it in a temporary index that holds the files as they
        are now (read through git's filters, as ``git apply`` reads them); the new contents are
        read back through the same filters. Raises UserError when the patch does not apply.
        """
        paths = self._patch_paths(patch, reverse=reverse)
        trust_mode = (
            self.run("config", "--type=bool", "core.fileMode", check=False).stdout.strip()
            != b"false"
        )
        olds: dict[str, _Old] = {}
        before: dict[str, tuple[str, str]] = {}  # path -> (mode, blob) in the temporary index
        for path in paths:
            olds[path] = old = _read_old(self._worktree_path(path))
            gitlink = self._index_entry(path) if old.kind in ("dir", "missing") else None
            if gitlink is not None and gitlink[0] == "160000":
                before[path] = gitlink  # a submodule: git apply leaves its checkout alone
            elif old.kind == "dir":
                raise UserError(f"{_shown(path)} is a directory; nothing was applied")
            elif old.kind == "link":
                before[path] = ("120000", self._hash(old.data, None))
            elif old.kind == "file":
                executable = bool(old.mode & stat.S_IXUSR)
                if not trust_mode:  # core.fileMode=false: the executable bit is the index's
                    entry = self._index_entry(path)
                    executable = entry is not None and entry[0] == "100755"
                before[path] = ("100755" if executable else "100644", self._hash(old.data, path))
        with tempfile.TemporaryDirectory(dir=self._scratch()) as scratch:
            env = {"GIT_INDEX_FILE": str(Path(scratch) / "index")}
            if before:
                info = b"".join(
                    f"{mode} {blob}\t{path}".encode("utf-8", "surrogateescape") + b"\0"
                    for path, (mode, blob) in before.items()
                )
                self.run("update-index", "-z", "--index-info", input=info, env=env)
            result = self._apply(
                patch, cached=True, index=False, reverse=reverse, check_only=False, env=env
            )
            if result.returncode != 0:
                raise UserError(f"the patch does not apply: {first_line(result.stderr)}")
            after = _entries(self.run("ls-files", "-s", "-z", "--", *paths, env=env).stdout)
        changes = []
        for path in paths:
            old_entry, new_entry = before.get(path), after.get(path)
            if old_entry == new_entry or "160000" in (
                (old_entry or ("",))[0],
                (new_entry or ("",))[0],
            ):
                continue
            target = self._worktree_path(path)
            if new_entry is None:
                changes.append(_Change(path, target, olds[path], None))
                continue
            mode, blob = new_entry
            if mode == "120000":
                data = self.run("cat-file", "blob", blob).stdout
            else:
                data = self.run("cat-file", "--filters", f"--path={path}", blob).stdout
            changes.append(_Change(path, target, olds[path], data, mode))
        return WorktreeWrite(changes, self.root, journal=self.state_dir / JOURNAL_NAME)

    def _patch_paths(self, patch: bytes, *, reverse: bool) -> list[str]:
        """Every path ``patch`` touches, as git reads the patch: ``--numstat`` names a file by
        its new name, so it is asked both ways round to get a rename's old name too."""
        paths: list[str] = []
        for backwards in (reverse, not reverse):
            args = ["apply", "--numstat", "-z", "--recount"]
            if self.zero_context:
                args.append("--unidiff-zero")
            if backwards:
                args.append("-R")
            for record in self.run(*args, "-", input=patch).stdout.split(b"\0"):
                if record:
                    path = record.split(b"\t", 2)[2].decode("utf-8", "surrogateescape")
                    if path not in paths:
                        paths.append(path)
        return paths

    def _worktree_path(self, path: str) -> Path:
        """``path`` in the worktree; refused when it leaves the tree, enters .git or passes
        through a symbolic link (git apply refuses these too; this is the second look)."""
        parts = path.split("/")
        if (
            path.startswith("/")
            or any(part in ("", ".", "..") for part in parts)
            or any(part.lower().rstrip(". ") == ".git" for part in parts)
        ):
            raise UserError(
                f"{_shown(path)}: a path outside the working tree or in .git; nothing was applied"
            )
        folder = self.root
        for part in parts[:-1]:
            folder = folder / part
            if folder.is_symlink():
                raise UserError(
                    f"{_shown(path)}: {_shown(part)}/ is a symbolic link; nothing was applied"
                )
        return self.root / path

    def _index_entry(self, path: str) -> tuple[str, str] | None:
        return _entries(self.run("ls-files", "-s", "-z", "--", path).stdout).get(path)

    def _hash(self, data: bytes, path: str | None) -> str:
        """Write ``data`` as a blob (through the filters of ``path``; None: none, a link)."""
        where = ["--no-filters"] if path is None else [f"--path={path}"]
        return self.run("hash-object", "-w", "--stdin", *where, input=data).stdout.decode().strip()

    def _scratch(self) -> Path:
        self.state_dir.mkdir(parents=True, exist_ok=True)
        return self.state_dir

    def _index_file(self) -> Path:
        index_file = Path(self.run("rev-parse", "--git-path", "index").stdout.decode().strip())
        return index_file if index_file.is_absolute() else self.root / index_file

    @contextlib.contextmanager
    def _index_locked(self) -> Iterator[_IndexLock]:
        """Hold git's own index.lock: no git command changes the index until it is released
        (they stop with "index.lock exists"); ``install`` renames the lock over the index."""
        lock = _IndexLock(self._index_file())
        try:
            descriptor = os.open(lock.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666)
        except FileExistsError:
            raise UserError(
                f"{lock.path} exists: another git process is running (or crashed); "
                "remove the file if none is, then try again"
            ) from None
        except OSError as error:
            raise UserError(
                f"cannot lock the index ({lock.path}): {error.strerror or error}"
            ) from None
        os.close(descriptor)
        try:
            yield lock
        finally:
            if not lock.installed:  # once renamed, the lock file is the index: never remove it
                with contextlib.suppress(OSError):
                    lock.path.unlink()

    def check_on_tree(self, patch: bytes, treeish: str) -> None:
        """``git apply --check --cached`` against a tree (e.g. HEAD) instead of the index."""
        if not patch:
            return
        with tempfile.TemporaryDirectory(dir=self._scratch()) as scratch:
            env = {"GIT_INDEX_FILE": str(Path(scratch) / "index")}
            self.run("read-tree", treeish, env=env)
            self.check(patch, cached=True, env=env)

    def stage(self, patch: bytes) -> None:
        """Apply a patch to the index only (``git add -p``'s y)."""
        self.apply(patch, cached=True)

    def rebuild_index(
        self, paths: list[str], patch: bytes, *, expected: Snapshot | None = None
    ) -> None:
        """Reset ``paths`` in the index to HEAD, then apply ``patch`` to it; all or nothing.

        git's index.lock is taken first and held throughout, so that no ``git add`` can land
        in between and be undone by the swap; under it, the index is checked against
        ``expected`` (what the review read), copied, rebuilt in the copy, and renamed in.
        """
        with (
            self._index_locked() as lock,
            tempfile.TemporaryDirectory(dir=self._scratch()) as scratch,
        ):
            if expected is not None:
                self.require_unchanged(expected)
            temporary = lock.copy_to(Path(scratch) / "index")
            env = {"GIT_INDEX_FILE": str(temporary)}
            if paths:
                self.run("reset", "-q", "HEAD", "--", *paths, env=env)
            if patch:
                self.apply(patch, cached=True, env=env)
            lock.install(temporary)

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


# ---------------------------------------------------------------- writing files


def _shown(path: str) -> str:
    """A path for a message: bytes that are not UTF-8 become U+FFFD, controls escaped."""
    from specdraft.core.visible import visible

    return visible(
        path.encode("utf-8", "surrogateescape").decode("utf-8", "replace"), keep_newlines=False
    )


def _entries(listing: bytes) -> dict[str, tuple[str, str]]:
    """``git ls-files -s -z`` output: path -> (mode, blob) at stage 0."""
    entries = {}
    for record in listing.split(b"\0"):
        if not record:
            continue
        meta, _, name = record.partition(b"\t")
        mode, blob, stage_ = meta.decode().split()
        if stage_ == "0":
            entries[name.decode("utf-8", "surrogateescape")] = (mode, blob)
    return entries


@dataclass(frozen=True)
class _Old:
    """A worktree path as it was read before a write."""

    kind: str  # "missing" | "file" | "link" | "dir"
    data: bytes = b""  # a file's bytes, a link's target
    mode: int = 0  # a file's st_mode


def _read_old(target: Path) -> _Old:
    try:
        info = os.lstat(target)
        if stat.S_ISLNK(info.st_mode):
            return _Old("link", os.readlink(os.fsencode(target)))
        if stat.S_ISDIR(info.st_mode):
            return _Old("dir")
        if not stat.S_ISREG(info.st_mode):
            raise UserError(f"{target} is not a regular file; nothing was applied")
        with open(target, "rb") as file:
            return _Old("file", file.read(), info.st_mode)
    except FileNotFoundError:
        return _Old("missing")
    except NotADirectoryError:
        return _Old("missing")
    except OSError as error:
        raise UserError(
            f"cannot read {target}: {error.strerror or error}; nothing was applied"
        ) from None


def _kept_mode(old_mode: int, executable: bool) -> int:
    """The old file's permissions, its executable bits set or cleared as the patch says."""
    mode = stat.S_IMODE(old_mode)
    if executable and not mode & 0o111:
        mode |= (mode & 0o444) >> 2  # x wherever r is, as chmod +x under the old permissions
    elif not executable and mode & 0o111:
        mode &= ~0o111
    return mode


def _beside(target: Path, what: str) -> Path:
    """A hidden name in ``target``'s folder, for its new contents or its old ones."""
    return target.parent / f".{target.name[:200]}.{secrets.token_hex(4)}.specdraft-{what}"


@dataclass
class _Change:
    path: str
    target: Path
    old: _Old
    new: bytes | None  # None: the file is deleted
    git_mode: str = "100644"  # "100644" | "100755" | "120000"
    temporary: Path | None = None  # the new contents, beside the file
    backup: Path | None = None  # the old file, hard-linked (or moved, for a deletion) beside it
    backup_name: Path | None = None  # where the old file goes, chosen (and journaled) before any rename
    swapped: bool = False


@dataclass
class WorktreeWrite:
    """New contents for some worktree files, written so that a crash leaves every file whole
    (as it was, or as it is meant to be) and a failure leaves them all as they were.

    ``prepare`` writes each new content beside its file, fsyncs it and gives it the file's
    mode; ``swap`` renames them over the files (the old file kept beside as a hard link), each
    checked just before to be still as it was read; ``finish`` drops the old files.
    ``roll_back`` puts back whatever was renamed. ``run`` does the three.
    """

    changes: list[_Change]
    root: Path
    created: list[Path] = field(default_factory=list)  # folders made for new files
    # where the files being swapped and their old copies are listed while they are: a process
    # killed half way through leaves it, and ``recover_interrupted_write`` puts them back
    journal: Path | None = None

    def run(self) -> None:
        self.prepare()
        self.swap()
        self.finish()

    def _write_journal(self) -> None:
        """Lists each file about to be swapped, with the names of its new and old copies, durably,
        before the first rename: a crash between two renames can then be undone whole."""
        if self.journal is None:
            return
        for change in self.changes:
            if change.old.kind != "missing" or change.new is None:
                change.backup_name = _beside(change.target, "old")
        entries = [{"path": change.path, "target": str(change.target),
                    "new": str(change.temporary) if change.temporary else None,
                    "old": str(change.backup_name) if change.backup_name else None,
                    "existed": change.old.kind != "missing"} for change in self.changes]  # fmt: skip
        self.journal.parent.mkdir(parents=True, exist_ok=True)
        scratch = self.journal.with_name(self.journal.name + ".tmp")
        with open(scratch, "w", encoding="utf-8") as handle:
            json.dump({"root": str(self.root), "files": entries}, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(scratch, self.journal)
        _fsync_folder(self.journal.parent)

    def _drop_journal(self) -> None:
        if self.journal is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.journal)

    def prepare(self) -> None:
        change = None
        try:
            for change in self.changes:
                if change.new is not None:
                    self._write_beside(change)
        except OSError as error:
            self._clean_up()
            raise UserError(self._failed(change, error)) from None

    def swap(self) -> None:
        change = None
        try:
            self._write_journal()
        except OSError as error:
            self._clean_up()
            raise UserError(self._failed(None, error)) from None
        try:
            for change in sorted(self.changes, key=lambda change: change.new is not None):
                if _read_old(change.target) != change.old:
                    raise UserError(
                        f"{_shown(change.path)} changed while it was being written; "
                        f"nothing was applied{self.roll_back()}; run it again"
                    )
                self._swap(change)
        except OSError as error:
            raise UserError(self._failed(change, error, self.roll_back())) from None

    def finish(self) -> None:
        folders = {change.target.parent for change in self.changes}
        self._drop_journal()  # every file is swapped: there is nothing to put back any more
        for change in self.changes:
            if change.backup is not None:
                with contextlib.suppress(OSError):
                    os.unlink(change.backup)
        for folder in sorted(folders):
            _fsync_folder(folder)
        for change in self.changes:  # git apply removes the folders a deletion empties
            if change.new is None:
                folder = change.target.parent
                while folder != self.root and self.root in folder.parents:
                    try:
                        folder.rmdir()
                    except OSError:
                        break
                    folder = folder.parent

    def roll_back(self) -> str:
        """Put back every file already renamed, newest first; '' or what could not be put back."""
        problems = []
        for change in reversed(self.changes):
            if not change.swapped:
                continue
            try:
                self._put_back(change)
                change.swapped = False
            except OSError as error:
                kept = f", its old contents are in {change.backup.name}" if change.backup else ""
                problems.append(f"{_shown(change.path)} ({error.strerror or error}{kept})")
        self._clean_up()
        if not problems:
            self._drop_journal()
        return f" (but could not put back {', '.join(problems)})" if problems else ""

    def _write_beside(self, change: _Change) -> None:
        self._make_folders(change.target.parent)
        change.temporary = temporary = _beside(change.target, "new")
        if change.git_mode == "120000":
            os.symlink(change.new, temporary)
            return
        executable = change.git_mode == "100755"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
        descriptor = os.open(temporary, flags, 0o777 if executable else 0o666)  # umask applies
        try:
            data = memoryview(change.new)
            while data:
                data = data[os.write(descriptor, data) :]
            if change.old.kind == "file":
                os.fchmod(descriptor, _kept_mode(change.old.mode, executable))
            os.fsync(descriptor)
        finally:
            os.close(descriptor)

    def _swap(self, change: _Change) -> None:
        target = change.target
        if change.new is None:
            change.backup = change.backup_name or _beside(target, "old")
            os.replace(target, change.backup)  # the deletion, undone by renaming it back
            change.swapped = True
            return
        if change.old.kind != "missing":
            backup = change.backup_name or _beside(target, "old")
            try:
                os.link(target, backup, follow_symlinks=False)
                change.backup = backup
            except OSError:  # no hard links here: a roll-back writes the old bytes back
                change.backup = None
        try:
            os.replace(change.temporary, target)
        except OSError:
            if change.backup is not None:
                with contextlib.suppress(OSError):
                    os.unlink(change.backup)
                change.backup = None
            raise
        change.temporary = None
        change.swapped = True

    def _put_back(self, change: _Change) -> None:
        if change.backup is not None:
            os.replace(change.backup, change.target)
            change.backup = None
        elif change.old.kind == "missing":
            os.unlink(change.target)
        else:
            again = _Change(change.path, change.target, _Old("missing"), change.old.data,
                            "120000" if change.old.kind == "link" else "100644")  # fmt: skip
            self._write_beside(again)
            if change.old.kind == "file":
                os.chmod(again.temporary, stat.S_IMODE(change.old.mode))
            os.replace(again.temporary, change.target)

    def _make_folders(self, folder: Path) -> None:
        missing = []
        while not folder.exists() and folder != self.root:
            missing.append(folder)
            folder = folder.parent
        for folder in reversed(missing):
            os.mkdir(folder)
            self.created.append(folder)

    def _clean_up(self) -> None:
        for change in self.changes:
            if change.temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(change.temporary)
                change.temporary = None
        for folder in reversed(self.created):
            with contextlib.suppress(OSError):
                folder.rmdir()
        self.created.clear()

    @staticmethod
    def _failed(change: _Change | None, error: OSError, not_put_back: str = "") -> str:
        what = _shown(change.path) if change is not None else "the files"
        reason = error.strerror or str(error)
        full = error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
        hint = "; free some space, then run it again" if full else ""
        return f"cannot write {what}: {reason}; nothing was applied{not_put_back}{hint}"


JOURNAL_NAME = "apply-journal.json"


def recover_interrupted_write(git_dir: Path) -> str | None:
    """Where a write of worktree files was killed half way (its journal is left), puts every file
    it listed back as it was and removes the copies beside them; what was done, in words, or None
    where nothing was interrupted. A file whose old copy is gone is left as it is, and said."""
    journal = git_dir / "specdraft" / JOURNAL_NAME
    try:
        data = json.loads(journal.read_text(encoding="utf-8"))
        entries = data["files"]
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        return (f"an interrupted write left {journal} unreadable: check the files git status lists, then "
                "delete that file")  # fmt: skip
    put_back, left = [], []
    for entry in entries:
        target = Path(entry["target"])
        if entry.get("new"):
            with contextlib.suppress(OSError):
                os.unlink(entry["new"])  # never renamed: the file is as it was
        old = entry.get("old")
        try:
            if old and os.path.lexists(old):
                if os.path.lexists(target) and os.path.samefile(old, target):
                    os.unlink(old)  # never swapped: the old copy is a hard link of the file itself
                else:
                    os.replace(old, target)
                    put_back.append(entry["path"])
            elif not entry.get("existed") and os.path.lexists(target):
                os.unlink(target)  # a file the write created
                put_back.append(entry["path"])
        except OSError as error:
            left.append(f"{_shown(entry['path'])} ({error.strerror or error})")
    with contextlib.suppress(OSError):
        os.unlink(journal)
    said = f"an earlier apply was interrupted before it finished; {len(put_back)} file(s) put back as they were"
    if left:
        said += f"; could not put back {', '.join(left)}: check them with git status"
    return said


def _fsync_folder(folder: Path) -> None:
    """Make the renames in ``folder`` durable (best effort: they are done either way)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


@dataclass
class _IndexLock:
    """git's index.lock, held: the index can be copied, and replaced by renaming the lock."""

    index_file: Path
    installed: bool = False

    @property
    def path(self) -> Path:
        return self.index_file.with_name(self.index_file.name + ".lock")

    def copy_to(self, destination: Path) -> Path:
        if self.index_file.exists():
            shutil.copyfile(self.index_file, destination)
        return destination

    def install(self, new_index: Path) -> None:
        """Write ``new_index`` into the lock, fsync it, and rename the lock over the index."""
        try:
            with open(self.path, "wb") as lock, open(new_index, "rb") as source:
                shutil.copyfileobj(source, lock)
                lock.flush()
                os.fsync(lock.fileno())
            os.replace(self.path, self.index_file)
        except OSError as error:
            raise UserError(
                f"cannot write the index: {error.strerror or error}; nothing was applied"
            ) from None
        self.installed = True

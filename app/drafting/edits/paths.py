"""Paths from model output confined to the repository, and whether a file changed since its draft."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from specdraft.core.errors import UserError
from specdraft.drafting.edits.results import FileEdit


class PathRefused(UserError):
    """A path from model output that would leave the repository or enter .git."""


def _is_git_name(component: str) -> bool:
    # ".git" in any case; Windows and macOS also open ".git." / ".git " and the 8.3 name "git~1"
    name = component.lower().rstrip(". ")
    return name in (".git", "git~1")


def _path_problem(text: str) -> str | None:
    if not text:
        return "the path is empty"
    if "\x00" in text:
        return "it contains a NUL byte"
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in text):
        return "it contains a control character"
    if any(0xD800 <= ord(char) <= 0xDFFF for char in text):
        return "it contains bytes that are not UTF-8"
    if "\\" in text:
        return "it contains a backslash (use / between directories)"
    if text.startswith("/"):
        return "it is an absolute path; give a path relative to the repository root"
    if re.match(r"^[A-Za-z]:", text):
        return "it starts with a drive letter; give a path relative to the repository root"
    if text.startswith("~"):
        return "it starts with ~ (a home directory); give a path inside the repository"
    parts = text.split("/")
    if ".." in parts:
        return "it goes up a directory with '..'"
    if any(_is_git_name(part) for part in parts):
        return "it is inside .git, the repository's own data"
    if not [part for part in parts if part not in ("", ".")]:
        return "it names the repository root, not a file"
    return None


def confine(repo_root: str | os.PathLike[str], path: str | os.PathLike[str]) -> Path:
    """The absolute path for ``path`` inside ``repo_root``; PathRefused when it would leave it.

    Refused: empty paths, NUL and control characters, undecodable bytes, backslashes, absolute
    and drive-letter paths, ``~``, any ``..`` component, any ``.git`` component (any case, at any
    depth), and paths whose existing part resolves through a symbolic link to a place outside
    the repository or inside its ``.git``. The returned path is the repository root (resolved)
    joined with the normalised relative path (symbolic links inside the tree left as they are).
    """
    text = os.fsdecode(path)
    problem = _path_problem(text)
    if problem:
        raise PathRefused(f"refused the path {text!r}: {problem}")
    root = Path(repo_root).resolve()
    parts = [part for part in text.split("/") if part not in ("", ".")]
    target = root.joinpath(*parts)
    try:
        real = target.resolve()
    except (OSError, RuntimeError):  # a symbolic link loop
        raise PathRefused(f"refused the path {text!r}: a symbolic link loop") from None
    try:
        inside = real.relative_to(root)
    except ValueError:
        raise PathRefused(
            f"refused the path {text!r}: it leads out of the repository through a symbolic "
            f"link (to {real})"
        ) from None
    if any(_is_git_name(part) for part in inside.parts):
        raise PathRefused(f"refused the path {text!r}: it leads into .git through a symbolic link")
    return target


def relative(repo_root: Path, path: str) -> str:
    """The confined path as a repository-relative "/" path (raises PathRefused)."""
    return confine(repo_root, path).relative_to(repo_root.resolve()).as_posix()


def content_hash(data: bytes) -> str:
    """The sha256 a FileEdit records of its base, hex."""
    return hashlib.sha256(data).hexdigest()


def is_stale(repo_root: str | os.PathLike[str], edit: FileEdit) -> bool:
    """True when the file on disk is no longer the one the edit was drafted from."""
    target = confine(repo_root, edit.path)
    if not target.exists() and not target.is_symlink():
        return edit.base_hash is not None
    if target.is_symlink() or not target.is_file():
        return True  # a link, directory or special file now stands where the file was
    try:
        data = target.read_bytes()
    except OSError:
        return True
    return edit.base_hash != content_hash(data)

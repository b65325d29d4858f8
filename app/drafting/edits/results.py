"""What a model answer amounts to: the files it changes (FileEdit) and the blocks that failed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

EditFormat = Literal["whole", "search-replace", "udiff"]
FORMATS: tuple[EditFormat, ...] = ("whole", "search-replace", "udiff")


@dataclass(frozen=True)
class EditFailure:
    """A block of model output that was not applied, and why (the review shows it as failed)."""

    path: str | None  # as the model wrote it, cleaned of markdown; None when it gave none
    block: str  # the model's text of the block, verbatim
    reason: str  # one line: what went wrong and what would fix it
    line: int = 0  # 1-based line in the model output where the block starts

    def summary(self) -> str:
        return f"{self.path or '(no path)'}: {self.reason}"


@dataclass
class FileEdit:
    """One file's new contents, computed from the original it was drafted from."""

    path: str  # relative to the repository root, "/" separated, confined
    old_text: str | None  # None: the file did not exist (a new file)
    new_text: str | None  # None: the file is deleted
    base_hash: str | None  # sha256 of the original bytes; None when the file did not exist
    mode: str = "100644"  # the original file's git mode (for a deletion's header)
    notes: list[str] = field(default_factory=list)  # e.g. re-indented blocks, duplicates

    @property
    def status(self) -> Literal["added", "deleted", "modified"]:
        if self.old_text is None:
            return "added"
        return "deleted" if self.new_text is None else "modified"

    @property
    def old_bytes(self) -> bytes | None:
        return None if self.old_text is None else self.old_text.encode("utf-8", "surrogateescape")

    @property
    def new_bytes(self) -> bytes | None:
        return None if self.new_text is None else self.new_text.encode("utf-8", "surrogateescape")


@dataclass
class EditResult:
    """Everything a model answer amounts to: the files it changes and the blocks that failed."""

    files: list[FileEdit] = field(default_factory=list)
    failures: list[EditFailure] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)  # paths edited back to what they were
    format: EditFormat = "whole"

    @property
    def ok(self) -> bool:
        return not self.failures

    def file(self, path: str) -> FileEdit | None:
        return next((edit for edit in self.files if edit.path == path), None)

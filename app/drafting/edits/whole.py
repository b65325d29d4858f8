"""Whole-file answers → edits: each changed file's path on a line, then the whole file in a fence.

Fences are ``` or ~~~ with any language tag; the path may also sit in the fence's info string.
A fence that never closes means the model was cut off: that file fails, nothing of it is used.
A rewrite that elides code with a comment such as ``# ... rest of the file unchanged`` fails.
A fence inside the file closes the block only if it has no info string or is as long as the
opening one (CommonMark, plus ```lang nesting); when a file that can hold fences (Markdown, or
one whose original has them) is followed by a bare block without a path, the file's block may
have been closed early, and it fails rather than being applied truncated. A code block without a
path fails too (it is reported, never dropped). With the format read from the answer, a block
under no path line is the only file (or the file a sentence names) only if it reads as a
rewrite of it, not as a command or a quote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from specdraft.drafting.edits.builder import Builder, State
from specdraft.drafting.edits.matching import Doc, shown
from specdraft.drafting.edits.paths import PathRefused, confine, relative
from specdraft.drafting.edits.reading import (
    DELETE,
    FENCE,
    MARKUP_SUFFIXES,
    clean_path,
    fence_end,
    is_elision,
    mentioned_path,
    path_candidate,
    path_from_info,
)


def set_whole(b: Builder, state: State, new_lines: list[str], block: str, line: int) -> None:
    """Replace a file's contents with a rewrite (its line endings and final newline state kept)."""
    original = (
        set() if state.text is None else {text.strip() for text in Doc.parse(state.text).lines}
    )
    elided = next((text for text in new_lines if is_elision(text, original)), None)
    if elided is not None and state.text is not None:
        b.fail(
            state.path,
            block,
            f"the rewrite of {state.path} leaves code out ({shown(elided)}); "
            "ask for the whole file",
            line,
        )
        return
    if state.rewrites:
        state.notes.append(
            f"{state.path} was rewritten again at output line {line}; the last version is used"
        )
    state.rewrites += 1
    if state.doc is None:
        state.doc = Doc.new(new_lines)
    else:
        state.doc.replace(0, len(state.doc.lines), new_lines)
    state.touched = True


@dataclass
class _Block:
    """A code block of a whole-file answer (or a DELETE line)."""

    start: int  # the opening fence's line
    end: int | None  # the closing fence's line; None: the output ended first
    path: str | None
    path_line: int  # where the block's text starts (its path line, or the fence)
    char: str = "`"
    bare: bool = True  # the fence has no info string
    delete: str | None = None  # a DELETE line's path
    named: tuple[str, ...] = ()  # several different paths above it: which one is meant?
    info: str = ""  # the fence's info string
    mentioned: bool = False  # the path is one a sentence above it mentions, not a path line


def _may_hold_fences(b: Builder, block: _Block) -> bool:
    """Whether the file of ``block`` can contain fence lines that would close the block early."""
    path = block.path or ""
    if path.lower().endswith(MARKUP_SUFFIXES):
        return True
    try:
        rel = relative(b.root, clean_path(path))
    except PathRefused:
        return False
    data = b.originals.get(rel)
    if data is None:
        try:
            data = confine(b.root, rel).read_bytes()
        except OSError:
            return False
    text = data.decode("utf-8", "replace")
    return any(
        (match := FENCE.match(line)) and match.group(1)[0] == block.char
        for line in text.splitlines()
    )


def parse_whole(b: Builder, lines: list[str], *, guessed: bool = False) -> None:
    """Apply every whole-file block (and DELETE line) of an answer to ``b``.

    ``guessed``: the format was read from the answer, not asked for. A block whose file the
    answer does not name on a path line (the only file shown, or one a sentence mentions) is
    then taken for that file only if it reads as the whole file (see ``_not_the_file``).
    """
    blocks: list[_Block] = []
    pending: list[tuple[str, int]] = []  # path lines since the last block
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:
            char = fence.group(1)[0]
            mentioned = False
            end = fence_end(lines, i, char, len(fence.group(1)))
            path = path_from_info(fence.group(2), b.known)
            path_line = i
            named = tuple(dict.fromkeys(name for name, _ in pending))
            if path is None and len(named) == 1:
                path, path_line = pending[-1]
            if path is None and not named:
                above = next((k for k in range(i - 1, -1, -1) if lines[k].strip()), None)
                if above is not None and not FENCE.match(lines[above]):
                    path = mentioned_path(lines[above], b.known)
                    path_line = above if path is not None else i
                    mentioned = path is not None
            block = _Block(i, end, path, path_line, char, not fence.group(2).strip())
            block.info = fence.group(2).strip()
            block.mentioned = mentioned
            if path is None and len(named) > 1:
                block.named = named
            blocks.append(block)
            pending = []
            if end is None:
                break
            i = end + 1
            continue
        delete = DELETE.match(line)
        if delete:
            blocks.append(_Block(i, i, None, i, delete=delete.group(1)))
            pending = []
        else:
            candidate = path_candidate(line, b.known)
            if candidate is not None:
                pending.append((candidate, i))
        i += 1
    code_blocks = [block for block in blocks if block.delete is None]
    inside = {
        k
        for block in code_blocks
        for k in range(block.start, len(lines) if block.end is None else block.end + 1)
    }
    prose = "\n".join(text for k, text in enumerate(lines) if k not in inside)
    # A file's block followed by a bare block without a path (before the next file) may have been
    # closed early by a fence inside the file, the rest of the file being that "other" block:
    # when the file can hold such fences (or the other block never closes), neither is used.
    early: set[int] = set()
    for index, block in enumerate(blocks):
        if block.path is None or block.end is None or block.delete is not None:
            continue
        for later in blocks[index + 1 :]:
            if later.path is not None or later.delete is not None:
                break
            if later.end is None or (later.bare and _may_hold_fences(b, block)):
                early.add(index)
                break
    for index, block in enumerate(blocks):
        if block.delete is not None:
            b.delete(block.delete, lines[block.start], block.start + 1)
            continue
        end = block.end
        text = "\n".join(lines[block.path_line : len(lines) if end is None else end + 1])
        path = block.path
        weak = block.mentioned
        if path is None and len(code_blocks) == 1 and not block.named:
            path, weak = b.sole_path(), True
        snippet = None
        if guessed and weak and path is not None and end is not None:
            snippet = _not_the_file(b, path, block, lines[block.start + 1 : end], prose)
        if snippet is not None:
            b.fail(path, text, snippet, block.path_line + 1)
        elif end is None:
            b.fail(
                path,
                text,
                "the output ends inside this code block (no closing fence): the model was cut "
                "off; nothing of it is used",
                block.path_line + 1,
            )
        elif index in early:
            b.fail(
                path,
                text,
                "this block may end early, at a fence inside the file (a block without a path "
                "follows it); not applied: ask for the file in a longer fence (````)",
                block.path_line + 1,
            )
        elif path is None and block.named:
            b.fail(
                None,
                text,
                f"several file paths before this block ({', '.join(block.named)}); not applied: "
                "put the path of the file right above its block",
                block.start + 1,
            )
        elif path is None:
            b.fail(
                None, text, "a code block with no file path before it; not applied", block.start + 1
            )
        else:
            state = b.state(path, text, block.path_line + 1)
            if state is not None:
                set_whole(b, state, lines[block.start + 1 : end], text, block.path_line + 1)


_SHELLS = {
    "bash", "sh", "shell", "console", "shell-session", "shellsession", "zsh", "fish", "terminal",
    "powershell", "pwsh", "ps1", "cmd", "bat", "batch",
}  # fmt: skip
_SCRIPT_SUFFIXES = (".sh", ".bash", ".zsh", ".fish", ".ps1", ".bat", ".cmd")
_NO_CHANGE = re.compile(
    r"\bno (?:code )?(?:changes?|modifications?|edits?|updates?) (?:is |are )?"
    r"(?:needed|necessary|required)\b|\bnothing (?:needs )?to (?:be )?change|"
    r"\b(?:does|do|did)n[\'’]?t need (?:to (?:be )?change|any (?:changes?|modifications?))|"
    r"\b(?:does|do|did) not need (?:to (?:be )?change|any (?:changes?|modifications?))|"
    r"\balready (?:does|handles|has|implements|returns|uses|works|supports|contains|includes)\b",
    re.IGNORECASE,
)


def _not_the_file(
    b: Builder, path: str, block: _Block, content: list[str], prose: str
) -> str | None:
    """Why a block the answer gives no path line for is not the whole of ``path``, or None.

    With the format read from the answer, a code block under no path line may be a command to
    run, or code quoted to show that nothing needs to change: taken for the only file (or the
    file a sentence mentions), it would replace that file. It is the file only if it reads as a
    rewrite of it: not a shell block (unless the file is a script), not a quote of the file in
    an answer that says no change is needed, and not half the file's length or less.
    """
    original = b.originals.get(path)
    old = [] if original is None else original.decode("utf-8", "replace").splitlines()
    old_lines = [text.strip() for text in old if text.strip()]
    new_lines = [text.strip() for text in content if text.strip()]
    language = block.info.split()[0].lower() if block.info.split() else ""
    if language in _SHELLS and not path.lower().endswith(_SCRIPT_SUFFIXES):
        return (
            f"a {language} block with no file path: a command to run, not the contents of {path} "
            "(specdraft never runs a model's commands); not applied"
        )
    quote = set(new_lines) <= set(old_lines) and new_lines != old_lines
    if quote and _NO_CHANGE.search(prose):
        return (
            f"the answer says no change is needed, and this block without a file path quotes "
            f"{path}; not applied (the file stays as it is)"
        )
    if 2 * len(new_lines) <= len(old_lines):
        return (
            f"a code block without a file path, {len(new_lines)} lines against the "
            f"{len(old_lines)} of {path}: a snippet (a quote or a command), not the whole file; "
            "not applied: to rewrite the file, name it on the line above its block"
        )
    return None

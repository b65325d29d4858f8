"""The commit message of `specdraft edit --commit`: drafted by the same backend, then edited by the human."""

from __future__ import annotations

from typing import Any

from specdraft.core.errors import UserError
from specdraft.drafting.requests import fence_for

COMMIT_SUBJECT_MAX = 72
COMMIT_BODY_MAX_LINES = 12
COMMIT_DIFF_MAX_CHARS = 12_000
COMMIT_MAX_NEW_TOKENS = 160
COMMIT_SYSTEM = (
    "You write git commit messages. Answer with the message only: a subject line in the "
    "imperative mood of at most 60 characters, then optionally a blank line and a short body "
    "that says why. No code fences, no quotes, no preamble."
)


def commit_message_prompt(instruction: str, diff: str, *, max_chars: int = COMMIT_DIFF_MAX_CHARS) -> list[dict[str, str]]:
    """The chat messages that ask for a commit message for ``diff`` (cut to ``max_chars``)."""
    if len(diff) > max_chars:
        kept = diff[:max_chars]
        diff = kept[: kept.rfind("\n") + 1] + "[... the rest of the diff is left out ...]\n"  # whole lines
    fence = fence_for(diff)
    if diff and not diff.endswith("\n"):
        diff += "\n"
    user = (
        f"The change was asked for as: {instruction.strip()}\n\n"
        f"The accepted diff:\n{fence}diff\n{diff}{fence}\n\nWrite the commit message."
    )
    return [{"role": "system", "content": COMMIT_SYSTEM}, {"role": "user", "content": user}]


def clean_commit_message(text: str) -> str | None:
    """The model's answer as a commit message (subject cut to 72 characters, a short body), or
    None when it holds no usable subject (empty, code, a diff)."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith(("```", "~~~"))):
        lines.pop(0)  # a fence or blank lines before the message
    if not lines:
        return None
    subject = lines[0].strip().strip("\"'`").strip()
    for prefix in ("subject:", "commit message:", "commit:"):
        if subject.lower().startswith(prefix):
            subject = subject[len(prefix):].strip()
    if not subject or _looks_like_code(subject):
        return None
    if len(subject) > COMMIT_SUBJECT_MAX:
        subject = subject[: COMMIT_SUBJECT_MAX - 1].rstrip() + "…"
    body: list[str] = []
    for line in lines[1:]:
        if line.lstrip().startswith(("```", "~~~")):
            break  # a closing fence (or code after the message): the message ends here
        body.append(line)
    while body and not body[0].strip():
        body.pop(0)
    body = body[:COMMIT_BODY_MAX_LINES]
    if any(_looks_like_code(line.strip()) for line in body if line.strip()):
        body = []  # code is no commit message body: keep the subject alone
    while body and not body[-1].strip():
        body.pop()
    return subject + ("\n\n" + "\n".join(body) if body else "")


_CODE_STARTS = ("diff --git", "@@", "+++", "---", "<<<<<<<", "def ", "class ", "import ", "from ",
                "return ", '"""', "\x27\x27\x27", "#", "//", "/*", "}", "{", "@")


def _looks_like_code(line: str) -> bool:
    """A line of code (or diff) rather than prose: a small model may answer with code."""
    return line.startswith(_CODE_STARTS) or line.endswith((":", "{", ";", "(", ",")) or "()" in line


def draft_commit_message(backend: Any, instruction: str, diff: str) -> str | None:
    """Ask ``backend`` for a commit message for the accepted ``diff``; None when it fails or
    answers nothing usable (the caller falls back to the instruction)."""
    from specdraft.engine.errors import EngineError
    from specdraft.engine.interface import DraftStats

    max_chars = COMMIT_DIFF_MAX_CHARS
    window = getattr(backend, "context_length", None)
    if window:  # leave room for the answer; about 3 characters a token
        max_chars = max(500, min(max_chars, (window - COMMIT_MAX_NEW_TOKENS - 200) * 3))
    messages = commit_message_prompt(instruction, diff, max_chars=max_chars)
    try:
        stream = backend.stream(messages, reference=None, max_new_tokens=COMMIT_MAX_NEW_TOKENS, temperature=0.0)
        text = "".join(piece for piece in stream if not isinstance(piece, DraftStats))
    except (EngineError, UserError, OSError, ValueError, RuntimeError):  # never lose the commit to it
        return None
    return clean_commit_message(text)

"""Feedback for an agent: the reviewer's rejections and notes, kept in the git dir until delivered.

Claude Code gets it through its hooks (Stop: at the end of its turn; UserPromptSubmit: with the
next prompt when the review came later); any other agent through ``specdraft feedback``, which
prints it to paste or pipe. Delivered entries stay in ``feedback.jsonl`` (``--all`` shows them).
"""

from __future__ import annotations

from specdraft.agents.store import FEEDBACK, AgentStore, new_id, now


def add_feedback(
    store: AgentStore, *, agent: str, turn: int, path: str, kind: str, text: str
) -> None:
    """``kind``: rejected (reverted) | queued (reverted at the turn's end) | refused (the file
    changed there since, not reverted) | note."""
    store.append(FEEDBACK, [{"id": new_id(), "agent": agent, "turn": turn, "path": path,
                             "kind": kind, "text": text, "time": now()}])  # fmt: skip


def feedback_entries(store: AgentStore, agent: str | None = None, *, delivered: bool = False) -> list[dict]:
    """Feedback entries (of ``agent``; with ``delivered``, those already delivered too)."""
    entries = store.read(FEEDBACK)
    done = {item for e in entries if "delivered" in e for item in e["delivered"]}
    return [
        e
        for e in entries
        if "id" in e
        and (agent is None or e.get("agent") == agent)
        and (delivered or e["id"] not in done)
    ]


_KINDS = {
    "rejected": "rejected; the file was put back as it was before your edit",
    "queued": "rejected; it is put back as it was before your edit at the end of this turn",
    "refused": "rejected, but not put back: the file changed there since; undo it yourself",
    "note": "a note from the reviewer",
}


def format_feedback(entries: list[dict]) -> str:
    if not entries:
        return ""
    out = ["specdraft: the reviewer's feedback on your edits (verify before going on):"]
    for entry in entries:
        what = _KINDS.get(str(entry.get("kind")), str(entry.get("kind")))
        out.append(f"- {entry.get('path')} (turn {entry.get('turn')}): {what}")
        out.extend("    " + line for line in str(entry.get("text", "")).splitlines())
    return "\n".join(out) + "\n"


def mark_delivered(store: AgentStore, entries: list[dict], to: str) -> None:
    if entries:
        store.append(FEEDBACK, [{"delivered": [e["id"] for e in entries], "to": to, "time": now()}])


def take_feedback(store: AgentStore, agent: str, *, to: str) -> str:
    """The feedback not yet delivered to ``agent``, as text, marked delivered ('' if none)."""
    entries = feedback_entries(store, agent)
    text = format_feedback(entries)
    mark_delivered(store, entries, to)
    return text

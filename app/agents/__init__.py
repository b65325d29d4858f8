"""Other drafters: AI agents that write straight to disk (Claude Code, Codex CLI, aider, ...).

What an agent writes is captured (``specdraft run``, ``specdraft watch``, the hooks of Claude Code,
Gemini CLI and Codex CLI: claude_code, gemini_cli, codex, sharing hooks) as
changes: one file's contents before and after one write, kept as git blobs under a private ref,
with the agent's name and turn. Each change's lines enter the review record
(specdraft.drafting.provenance) as drafted lines not reviewed yet, deleted lines included, so
the commit gate blocks them as it blocks any unreviewed draft. ``specdraft review --drafted``
verifies them; rejections and notes go back to the agent as feedback. No textual, no torch.
"""

"""`specdraft agent install | uninstall | status | hook`: connect an agent's own hooks to specdraft.

Only Claude Code offers hooks that say exactly what each edit wrote (PostToolUse with the tool's
input), and hooks that carry text back to it (Stop, UserPromptSubmit): `install claude-code`
merges them into the project's .claude/settings.json (``--local``: settings.local.json, not
committed). Any other agent is captured by `specdraft run -- <agent>` or `specdraft watch`.
"""

from __future__ import annotations

import argparse

from specdraft.core.errors import UserError

AGENTS = ("claude-code",)
OTHERS = {
    "codex": "Codex CLI",
    "gemini": "Gemini CLI",
    "aider": "aider",
    "cursor": "Cursor's agent",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    add_examples(parser, "%(prog)s install claude-code     # then: specdraft review --drafted",
                 "%(prog)s uninstall claude-code   # removes exactly what install added")  # fmt: skip
    sub = parser.add_subparsers(dest="agent_command", metavar="ACTION", required=True)
    for action, text in (("install", "add specdraft's hooks to the agent's settings"),
                         ("uninstall", "remove exactly the hooks install added")):  # fmt: skip
        command = sub.add_parser(action, help=text)
        command.add_argument("agent", metavar="AGENT", help="claude-code")
        command.add_argument("--local", action="store_true",
                             help="in .claude/settings.local.json (yours only) instead of settings.json")  # fmt: skip
        add_examples(command, "%(prog)s claude-code", "%(prog)s claude-code --local")
    status = sub.add_parser("status", help="say which agents' hooks are installed, and what waits for review")
    add_examples(status, "%(prog)s")
    hook = sub.add_parser("hook", help="what the installed hooks run (the hook's JSON on standard input)")
    hook.add_argument("agent", metavar="AGENT", help="claude-code")
    hook.add_argument("event", metavar="EVENT", help="PostToolUse | UserPromptSubmit | Stop")
    add_examples(hook, "%(prog)s claude-code Stop    # the Stop hook's answer, by hand")


def _check(agent: str) -> None:
    if agent in AGENTS:
        return
    if agent in OTHERS:
        raise UserError(
            f"{OTHERS[agent]} has no hook that says what each edit wrote; run it under specdraft "
            f"instead: `specdraft run -- {agent} ...` (or `specdraft watch --agent {agent}` beside it)"
        )
    raise UserError(f"unknown agent {agent!r}; hooks can be installed for: {', '.join(AGENTS)}")


def run(args: argparse.Namespace) -> int:
    from specdraft.agents import claude_code
    from specdraft.core.git import GitRepo
    from specdraft.core.visible import visible

    if args.agent_command == "hook":
        _check(args.agent)
        return claude_code.main([args.event])
    repo = GitRepo(".")
    if args.agent_command == "install":
        _check(args.agent)
        lines = claude_code.install(repo, local=args.local)
        from specdraft.ui.cli.run import gate_missing

        if (missing := gate_missing(repo)) is not None:
            lines.append(missing)
        lines.append("restart Claude Code (or open /hooks) for it to read them; `specdraft review "
                     "--drafted` reviews what it writes")  # fmt: skip
    elif args.agent_command == "uninstall":
        _check(args.agent)
        lines = claude_code.uninstall(repo, local=args.local)
    else:
        lines = _status(repo)
    for line in lines:
        print(f"specdraft agent: {visible(line, keep_newlines=False)}")
    return 0


def _status(repo) -> list[str]:
    from specdraft.agents import claude_code
    from specdraft.agents.review import DraftedReview, queued
    from specdraft.agents.store import AgentStore

    store = AgentStore(repo)
    found = claude_code.installed(repo)
    lines = [f"claude-code hooks: {', '.join(map(str, found)) if found else 'not installed'}"]
    for agent, entry in sorted(store.turns().items()):
        state = "turn open" if entry.get("open") else "between turns"
        if entry.get("active"):
            state += f", captured by specdraft {entry.get('how')} (pid {entry.get('pid')})"
        lines.append(f"{agent}: turn {entry.get('turn')}, {state}")
    review = DraftedReview(store)
    _files, units = review.more()
    lines.append(f"hunks waiting for review: {len(units)}")
    waiting = queued(store)
    if waiting:
        lines.append(f"rejects queued until their agent's turn ends: {len(waiting)}")
    return lines


"""`specdraft agent install | uninstall | status | hook`: connect an agent's own hooks to specdraft.

Claude Code, Gemini CLI and Codex CLI have hooks that say what each tool call wrote and hooks
that carry text back to the agent: `install claude-code` merges them into the project's
.claude/settings.json (``--local``: settings.local.json, not committed), `install gemini-cli`
into .gemini/settings.json, `install codex` into .codex/hooks.json (specdraft.agents.claude_code,
gemini_cli, codex). Any other agent is captured by `specdraft run -- <agent>` or `specdraft watch`.
"""

from __future__ import annotations

import argparse

from specdraft.core.errors import UserError

AGENTS = {"claude-code": "claude_code", "gemini-cli": "gemini_cli", "codex": "codex"}  # name -> module
ALIASES = {"claude": "claude-code", "gemini": "gemini-cli"}
OTHERS = {
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
        command.add_argument("agent", metavar="AGENT", help="claude-code | gemini-cli | codex")
        command.add_argument("--local", action="store_true",
                             help="claude-code only: in .claude/settings.local.json (yours only) instead of settings.json")  # fmt: skip
        add_examples(command, "%(prog)s claude-code", "%(prog)s claude-code --local", "%(prog)s gemini-cli",
                     "%(prog)s codex")  # fmt: skip
    status = sub.add_parser("status", help="say which agents' hooks are installed, and what waits for review")
    add_examples(status, "%(prog)s")
    hook = sub.add_parser("hook", help="what the installed hooks run (the hook's JSON on standard input)")
    hook.add_argument("agent", metavar="AGENT", help="claude-code | gemini-cli | codex")
    hook.add_argument("event", metavar="EVENT", help="the agent's event: PostToolUse, Stop, AfterTool, AfterAgent, ...")
    add_examples(hook, "%(prog)s claude-code Stop    # the Stop hook's answer, by hand")


def _module(agent: str, local: bool = False):
    """The hook module of ``agent`` (UserError for an agent without hooks)."""
    import importlib

    agent = ALIASES.get(agent, agent)
    if agent in AGENTS:
        if local and agent != "claude-code":
            raise UserError(f"--local is for claude-code only; {agent}'s hooks go into the project's settings")
        return importlib.import_module(f"specdraft.agents.{AGENTS[agent]}")
    if agent in OTHERS:
        raise UserError(
            f"{OTHERS[agent]} has no hook that says what each edit wrote; run it under specdraft "
            f"instead: `specdraft run -- {agent} ...` (or `specdraft watch --agent {agent}` beside it)"
        )
    raise UserError(f"unknown agent {agent!r}; hooks can be installed for: {', '.join(AGENTS)}")


RESTART = {
    "claude_code": "restart Claude Code (or open /hooks) for it to read them",
    "gemini_cli": "restart Gemini CLI for it to read them (it asks you to trust a project's new hooks)",
    "codex": "restart Codex and trust the new hooks (/hooks) for it to run them",
}


def run(args: argparse.Namespace) -> int:
    from specdraft.core.git import GitRepo
    from specdraft.core.visible import visible

    if args.agent_command == "hook":
        return _module(args.agent).main([args.event])
    repo = GitRepo(".")
    if args.agent_command == "install":
        module = _module(args.agent, args.local)
        lines = module.install(repo, local=True) if args.local else module.install(repo)
        from specdraft.ui.cli.run import gate_missing

        if (missing := gate_missing(repo)) is not None:
            lines.append(missing)
        lines.append(f"{RESTART[module.__name__.rsplit('.', 1)[1]]}; `specdraft review --drafted` "
                     "reviews what it writes")  # fmt: skip
    elif args.agent_command == "uninstall":
        module = _module(args.agent, args.local)
        lines = module.uninstall(repo, local=True) if args.local else module.uninstall(repo)
    else:
        lines = _status(repo)
    for line in lines:
        print(f"specdraft agent: {visible(line, keep_newlines=False)}")
    return 0


def _status(repo) -> list[str]:
    import importlib

    from specdraft.agents.review import DraftedReview, queued
    from specdraft.agents.store import AgentStore

    store = AgentStore(repo)
    lines = []
    for agent, name in AGENTS.items():
        found = importlib.import_module(f"specdraft.agents.{name}").installed(repo)
        lines.append(f"{agent} hooks: {', '.join(map(str, found)) if found else 'not installed'}")
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


"""Snapshots of the working tree as private git trees, and what an agent changed between two.

``snapshot_tree`` builds a tree of the tracked and untracked-not-ignored files in a temporary
index file (``GIT_INDEX_FILE``, started from a copy of the real index so that only files whose
stat changed are read again), written with ``git write-tree`` and pinned under
``refs/specdraft/snapshots/<agent>``: the user's index, stash and HEAD never change.

``RunCapture`` is one ``specdraft run``: a snapshot before, the agent's turn open meanwhile,
and at the end (or earlier, when a commit is made meanwhile: ``catch_up``, which the pre-commit
hook calls, so that an agent's own ``git commit`` is checked too) every file that differs from
the last snapshot is recorded as written by the agent, deleted lines included.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from specdraft.agents.capture import record_change
from specdraft.agents.store import AgentStore, Change

SNAPSHOT_REFS = "refs/specdraft/snapshots/"


def snapshot_tree(store: AgentStore) -> str:
    """A tree of the worktree's tracked and untracked-not-ignored files, as they are now."""
    repo = store.repo
    store.directory.mkdir(parents=True, exist_ok=True)
    real = Path(repo.run("rev-parse", "--git-path", "index").stdout.decode().strip())
    if not real.is_absolute():
        real = repo.root / real
    with tempfile.TemporaryDirectory(dir=store.directory) as scratch:
        index = Path(scratch) / "index"
        if real.exists():
            shutil.copyfile(real, index)
        env = {"GIT_INDEX_FILE": str(index)}
        repo.run("add", "-A", "--ignore-errors", "--", ".", env=env)
        return repo.run("write-tree", env=env).stdout.decode().strip()


def tree_changes(store: AgentStore, old: str, new: str) -> list[tuple[str, str | None, str | None]]:
    """(path, old blob, new blob) of each regular file or link that differs (None: absent);
    submodules are left out (their own commits are reviewed in them)."""
    out = store.repo.run("diff-tree", "-r", "-z", "--no-renames", old, new).stdout
    fields = out.split(b"\0")
    changes = []
    index = 0
    zero = "0" * 40
    while index + 1 < len(fields):
        meta, path = fields[index].decode(), fields[index + 1].decode("utf-8", "surrogateescape")
        index += 2
        if not meta.startswith(":"):
            break
        old_mode, new_mode, old_sha, new_sha, _status = meta[1:].split(" ")
        if "160000" in (old_mode, new_mode):
            continue
        changes.append((path, None if old_sha.strip("0") == "" or old_sha == zero else old_sha,
                        None if new_sha.strip("0") == "" else new_sha))  # fmt: skip
    return changes


def record_between(
    store: AgentStore, agent: str, turn: int, old: str, new: str, how: str,
    *, since: dict[str, str] | None = None, captures: list[str] | None = None,
) -> list[Change]:
    """Record every file that differs from tree ``old`` to tree ``new`` as written by ``agent``.

    ``since``: path -> the blob a hook recorded it as after ``old`` was taken ("" for no file):
    the file's lines from there on only (a hook recorded those before). ``captures``: the runs or
    watches under way, for a hook's shell call: what one of them recorded already is skipped."""
    changed = tree_changes(store, old, new)
    if since:
        changed = [(path, (since[path] or None) if path in since else before, after)
                   for path, before, after in changed]  # fmt: skip
        changed = [(path, before, after) for path, before, after in changed if before != after]
    if captures:
        changed = [c for c in changed if not recorded_by_capture(store, captures, c[0], c[2])]
    blobs = store.read_blobs([sha for _, a, b in changed for sha in (a, b) if sha])
    recorded = []
    for path, before, after in changed:
        change = record_change(
            store, agent=agent, turn=turn, path=path,
            before=blobs[before] if before else None, after=blobs[after] if after else None,
            how=how, shas=(before, after),
        )  # fmt: skip
        if change is not None:
            recorded.append(change)
            if captures:
                mark_recorded(store, captures, path, after)
    return recorded


# ---------------------------------------------------------------- a hook beside a run or watch
# An agent with hooks (Claude Code's) can be captured by a ``specdraft run`` or ``watch`` at the
# same time. Each line is recorded once: a hook's recording and a capture's take the run lock in
# turn; a hook does not record what a capture recorded already, and tells the captures what it
# recorded (``hooked`` in their turn entry), which their next recording takes as the file's
# contents before, instead of their last snapshot's.


@contextlib.contextmanager
def beside_captures(store: AgentStore) -> Iterator[list[str]]:
    """For a hook's recording: the runs and watches capturing now (none: no lock taken), under
    the run lock when there are some."""
    if not _capturing(store):
        yield []
        return
    with _run_lock(store):
        yield _capturing(store)


def recorded_by_capture(store: AgentStore, captures: list[str], path: str, after: str | None) -> bool:
    """The newest change recorded of ``path`` is one of ``captures``' and left it as ``after``:
    its lines are recorded already."""
    for change in reversed(store.changes()):
        if change.path == path:
            return change.agent in captures and change.how in ("run", "watch") and change.after == after
    return False


def mark_recorded(store: AgentStore, captures: list[str], path: str, after: str | None) -> None:
    """Tell ``captures`` that a hook recorded ``path`` as ``after`` (None: no file)."""
    for agent in captures:
        hooked = dict(store.turns().get(agent, {}).get("hooked") or {})
        hooked[path] = after or ""
        store.update_turn(agent, hooked=hooked)


@contextlib.contextmanager
def _run_lock(store: AgentStore) -> Iterator[None]:
    """One catch-up at a time (the run's end and a commit's hook may meet)."""
    store.directory.mkdir(parents=True, exist_ok=True)
    fd = os.open(store.directory / "run.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _alive(pid: object) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class RunCapture:
    """One ``specdraft run``: ``start`` before the agent runs, ``finish`` after it."""

    def __init__(self, store: AgentStore, agent: str) -> None:
        self.store = store
        self.agent = agent
        self.turn = 0

    def start(self) -> int:
        tree = snapshot_tree(self.store)
        self.turn = self.store.start_turn(self.agent)
        self.store.update_turn(self.agent, last=tree, how="run", active=True, pid=os.getpid(), hooked={})
        self.store.repo.run("update-ref", SNAPSHOT_REFS + self.agent, tree)
        return self.turn

    def finish(self) -> list[Change]:
        recorded = catch_up(self.store, only=self.agent)
        self.store.update_turn(self.agent, active=False)
        self.store.end_turn(self.agent)
        return recorded


def catch_up(store: AgentStore, only: str | None = None) -> list[Change]:
    """Record, for every ``specdraft run`` or ``watch`` still going (or ``only``'s), what changed
    since its last snapshot; the pre-commit hook calls it so that a commit made meanwhile sees
    those lines."""
    wanted = _capturing(store, only)
    shells = _in_shell_calls(store) if only is None else []
    if not wanted and not shells:
        return []
    with _run_lock(store):
        recorded = _record_since_last(store, wanted) if wanted else []
        for agent in shells:
            recorded += shell_call_done(store, agent, keep_open=True, locked=True)
        return recorded


# An agent's shell call (Claude Code's Bash tool) can write files too: a snapshot before it
# (PreToolUse), and what differs after it (PostToolUse, or a commit made by the call itself) is
# the agent's. One older than this is taken for abandoned (the agent stopped mid-call).
SHELL_CALL_STALE_S = 15 * 60


def shell_call_started(store: AgentStore, agent: str) -> None:
    """Before an agent's shell call: the worktree as it is, to compare with after it."""
    import time

    store.update_turn(agent, shell_before=snapshot_tree(store), shell_since=time.time())


def _in_shell_calls(store: AgentStore) -> list[str]:
    import time

    return [
        agent for agent, entry in store.turns().items()
        if entry.get("shell_before") and time.time() - float(entry.get("shell_since", 0)) < SHELL_CALL_STALE_S
    ]  # fmt: skip


def shell_call_done(store: AgentStore, agent: str, *, keep_open: bool = False, locked: bool = False) -> list[Change]:
    """After an agent's shell call (``keep_open``: during it, at a commit it makes): every file
    that differs from the snapshot before it is recorded as the agent's, in its current turn."""
    if not locked:
        with _run_lock(store):
            return shell_call_done(store, agent, keep_open=keep_open, locked=True)
    entry = store.turns().get(agent, {})
    before = entry.get("shell_before")
    if not before:
        return []
    now_tree = snapshot_tree(store)
    recorded = []
    if now_tree != before:
        # the runs and watches under way, the agent's own too (``specdraft run -- codex`` with
        # Codex's hooks installed): the lines are recorded once
        recorded = record_between(store, agent, int(entry.get("turn", 1)), before, now_tree,
                                  f"{agent} Bash", captures=_capturing(store))  # fmt: skip
    store.update_turn(agent, shell_before=now_tree if keep_open else None)
    return recorded


def _capturing(store: AgentStore, only: str | None = None) -> list[str]:
    """The agents a ``specdraft run`` or ``watch`` is capturing now (or ``only``, if it has one)."""
    return [
        agent for agent, entry in store.turns().items()
        if entry.get("how") in ("run", "watch") and entry.get("last")
        and (agent == only or (only is None and entry.get("active") and _alive(entry.get("pid"))))
    ]  # fmt: skip


def _record_since_last(store: AgentStore, agents: list[str]) -> list[Change]:
    """Under the run lock: record what changed since each agent's last snapshot; move it on."""
    recorded: list[Change] = []
    now_tree = snapshot_tree(store)
    for agent in agents:
        entry = store.turns().get(agent, {})
        last = entry.get("last")
        if not last or last == now_tree:
            store.update_turn(agent, hooked={})
            continue
        how = str(entry.get("how"))
        recorded += record_between(store, agent, int(entry.get("turn", 1)), last, now_tree, how,
                                   since=entry.get("hooked"))  # fmt: skip
        store.update_turn(agent, last=now_tree, hooked={})
        store.repo.run("update-ref", SNAPSHOT_REFS + agent, now_tree)
    return recorded


@contextlib.contextmanager
def own_writes(store: AgentStore) -> Iterator[None]:
    """specdraft's own writes to the worktree (a rejected hunk reverted, the reviewer's version
    of one) are nobody's draft: for each run or watch capturing now, what it has not recorded
    yet is recorded first, and after the writes its last snapshot moves past them."""
    agents = _capturing(store)
    if not agents:
        yield
        return
    with _run_lock(store):
        _record_since_last(store, agents)
        try:
            yield
        finally:
            tree = snapshot_tree(store)
            for agent in agents:
                store.update_turn(agent, last=tree, hooked={})
                store.repo.run("update-ref", SNAPSHOT_REFS + agent, tree)


def _differs(store: AgentStore, old: str, new: str, since: dict[str, str]) -> bool:
    """Something differs from ``old`` to ``new`` beyond what ``since`` says a hook recorded."""
    return any(((since[path] or None) if path in since else before) != after
               for path, before, after in tree_changes(store, old, new))  # fmt: skip


class WatchCapture:
    """One ``specdraft watch``: a snapshot at the start, then each batch of writes a turn."""

    def __init__(self, store: AgentStore, agent: str) -> None:
        self.store = store
        self.agent = agent

    def start(self) -> None:
        tree = snapshot_tree(self.store)
        self.store.update_turn(self.agent, last=tree, how="watch", active=True, pid=os.getpid(), open=False,
                               hooked={})  # fmt: skip

    def record(self) -> list[Change]:
        """What changed since the last snapshot, as the agent's next turn (nothing: no turn)."""
        with _run_lock(self.store):
            entry = self.store.turns().get(self.agent, {})
            now_tree = snapshot_tree(self.store)
            last = entry.get("last")
            if not last or now_tree == last:
                return []
            hooked = entry.get("hooked") or {}
            if hooked and not _differs(self.store, last, now_tree, hooked):
                self.store.update_turn(self.agent, last=now_tree, hooked={})  # a hook's lines only
                return []
            turn = self.store.start_turn(self.agent, open_=False)
            recorded = record_between(self.store, self.agent, turn, last, now_tree, "watch", since=hooked)
            self.store.update_turn(self.agent, last=now_tree, hooked={})
            self.store.repo.run("update-ref", SNAPSHOT_REFS + self.agent, now_tree)
        return recorded

    def stop(self) -> None:
        self.store.update_turn(self.agent, active=False)

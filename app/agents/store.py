"""Where captured agent writes are kept: ``<git dir>/specdraft/agents/`` of the worktree.

- ``changes.jsonl``: one line per change (one file, one write of one agent's turn): the agent,
  the turn, the path, and the file's contents before and after as git blob ids (None: the file
  did not exist). The blobs are pinned under the private ref ``refs/specdraft/agents`` (a tree
  of them, built in a private index file), so ``git gc`` keeps them; nothing in the user's
  index, stash or HEAD changes.
- ``decisions.jsonl``: what the reviewer decided for each unit (a hunk of a change).
- ``feedback.jsonl``: rejections and notes for the agent, and when they were delivered.
- ``queue.jsonl``: rejects made while the agent's turn was open, applied at the turn's end.
- ``turns.json``: each agent's current turn number and whether that turn is open.

Each JSON-lines file is appended one whole line per ``os.write`` under an flock, and read whole or
not at all: a line that cannot be read stops what reads it with the file and line at fault
(invariant 9 of the design).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from specdraft.core.errors import UserError
from specdraft.core.git import GitRepo

PIN_REF = "refs/specdraft/agents"
CHANGES = "changes.jsonl"
DECISIONS = "decisions.jsonl"
FEEDBACK = "feedback.jsonl"
QUEUE = "queue.jsonl"
TURNS = "turns.json"


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def new_id() -> str:
    return os.urandom(8).hex()


@dataclass
class Change:
    """One write of one file by an agent: its contents before and after (git blob ids)."""

    id: str
    agent: str
    turn: int
    path: str
    before: str | None  # blob id; None: the file did not exist
    after: str | None  # blob id; None: the agent deleted the file
    how: str  # "claude-code Edit", "run", "watch", ...
    time: str = ""
    added: int = 0  # + lines
    removed: int = 0  # - lines

    @property
    def label(self) -> str:
        return f"{self.agent} turn {self.turn}"


class AgentStore:
    """The agents directory of one worktree's git dir."""

    def __init__(self, repo: GitRepo) -> None:
        self.repo = repo
        self.directory = repo.git_dir / "specdraft" / "agents"

    # ---------------------------------------------------------------- files

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Exclusive lock over the whole store (appends, turn changes, queue runs)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.directory / "lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    def append(self, name: str, entries: list[dict]) -> None:
        """Append ``entries`` to ``name``, one line each, under the lock, then fsync."""
        if not entries:
            return
        data = [(json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8") for entry in entries]
        try:
            with self.locked():
                fd = os.open(self.directory / name, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
                try:
                    for line in data:
                        os.write(fd, line)
                    os.fsync(fd)
                finally:
                    os.close(fd)
        except OSError as error:
            raise UserError(
                f"cannot write {self.directory / name}: {error.strerror or error}; check that "
                "the .git directory is writable and has room"
            ) from None

    def read(self, name: str) -> list[dict]:
        """Every entry of ``name``; UserError naming the line when one cannot be read."""
        path = self.directory / name
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as error:
            raise UserError(f"cannot read {path}: {error.strerror or error}") from None
        entries = []
        for number, raw in enumerate(data.split(b"\n"), start=1):
            if not raw.strip():
                continue
            try:
                entry = json.loads(raw.decode("utf-8"))
                if not isinstance(entry, dict):
                    raise ValueError("not an object")
            except ValueError as error:
                raise UserError(
                    f"{path} is damaged at line {number} ({error}); what the agents wrote cannot "
                    f"be read whole: move the file aside (the review record still blocks their "
                    "lines at commit time) and review with `specdraft review --staged`"
                ) from None
            entries.append(entry)
        return entries

    # ---------------------------------------------------------------- changes

    def changes(self) -> list[Change]:
        known = Change.__dataclass_fields__
        return [Change(**{k: v for k, v in e.items() if k in known}) for e in self.read(CHANGES)]

    def add_change(self, change: Change) -> None:
        self.append(CHANGES, [asdict(change)])

    # ---------------------------------------------------------------- turns

    def turns(self) -> dict[str, dict]:
        try:
            data = json.loads((self.directory / TURNS).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            return {}  # only numbers and an open flag: a damaged one starts counting afresh
        return data if isinstance(data, dict) else {}

    def _write_turns(self, turns: dict[str, dict]) -> None:
        temporary = self.directory / f".{TURNS}.tmp"
        temporary.write_text(json.dumps(turns, indent=1), encoding="utf-8")
        os.replace(temporary, self.directory / TURNS)

    def current_turn(self, agent: str) -> int:
        """The agent's current turn (1 before any was started)."""
        return int(self.turns().get(agent, {}).get("turn", 1))

    def start_turn(self, agent: str, *, open_: bool = True) -> int:
        """Begin the agent's next turn (open: its rejects wait for its end); returns its number."""
        with self.locked():
            turns = self.turns()
            entry = turns.setdefault(agent, {})
            number = int(entry.get("turn", 0)) + 1
            entry.update(turn=number, open=open_, time=now())
            self._write_turns(turns)
            return number

    def update_turn(self, agent: str, **values: object) -> None:
        """Set ``values`` in the agent's turn entry (a run's last snapshot, how it is captured)."""
        with self.locked():
            turns = self.turns()
            turns.setdefault(agent, {}).update(values)
            self._write_turns(turns)

    def end_turn(self, agent: str) -> None:
        with self.locked():
            turns = self.turns()
            if agent in turns:
                turns[agent]["open"] = False
                self._write_turns(turns)

    def turn_open(self, agent: str) -> bool:
        return bool(self.turns().get(agent, {}).get("open"))

    # ---------------------------------------------------------------- blobs

    def write_blobs(self, contents: list[bytes], *, pin: bool = True) -> list[str]:
        """Write ``contents`` as blobs (no filters: the bytes as they are on disk) and pin them
        (``pin=False``: later, with ``pin_changes``; git keeps unreachable objects two weeks)."""
        if not contents:
            return []
        self.directory.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=self.directory) as scratch:
            names = []
            for number, data in enumerate(contents):
                name = Path(scratch) / str(number)
                name.write_bytes(data)
                names.append(str(name))
            out = self.repo.run("hash-object", "-w", "--no-filters", "--", *names).stdout
        shas = out.decode().split()
        if pin:
            self.pin(shas)
        return shas

    def pin_changes(self) -> None:
        """Pin the blobs of every change recorded (those already pinned stay as they are)."""
        self.pin(sorted({sha for c in self.changes() for sha in (c.before, c.after) if sha}))

    def pin(self, shas: list[str]) -> None:
        """Keep ``shas`` reachable: a flat tree of them under ``refs/specdraft/agents``, built in a
        private index file (never the user's)."""
        if not shas:
            return
        listed = self.directory / "pinned.txt"  # what is pinned already: no git call for those
        with self.locked():
            try:
                pinned = set(listed.read_text().split())
            except FileNotFoundError:
                pinned = set()
            new = sorted(set(shas) - pinned)
            if not new:
                return
            env = {"GIT_INDEX_FILE": str(self.directory / "pins.index")}
            info = "".join(f"100644 {sha}\t{sha}\n" for sha in new).encode()
            self.repo.run("update-index", "--add", "--index-info", input=info, env=env)
            tree = self.repo.run("write-tree", env=env).stdout.decode().strip()
            self.repo.run("update-ref", PIN_REF, tree)
            with listed.open("a") as file:
                file.write("".join(sha + "\n" for sha in new))

    def read_blobs(self, shas: list[str]) -> dict[str, bytes]:
        """The contents of ``shas``, read in one ``git cat-file --batch``."""
        wanted = sorted(set(shas))
        if not wanted:
            return {}
        out = self.repo.run("cat-file", "--batch", input="".join(s + "\n" for s in wanted).encode()).stdout
        blobs: dict[str, bytes] = {}
        position = 0
        for sha in wanted:
            end = out.index(b"\n", position)
            header = out[position:end].split()
            if len(header) < 3 or header[1] != b"blob":
                raise UserError(
                    f"the contents an agent wrote (blob {sha}) are missing from the repository; "
                    "that change cannot be reviewed here: review it with `specdraft review`"
                )
            size = int(header[2])
            blobs[sha] = out[end + 1 : end + 1 + size]
            position = end + 1 + size + 1
        return blobs

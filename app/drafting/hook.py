"""specdraft as a git hook: install (chaining the hook that was there), the pre-commit check, notes.

``install`` writes small ``pre-commit`` and ``post-commit`` shell scripts into the directory git
runs hooks from (``git rev-parse --git-path hooks``: ``core.hooksPath`` when it is set, the
common dir's ``hooks`` from a linked worktree). A hook that was already there is moved aside
to ``<name>.specdraft-chained`` and runs first; its failure still fails the commit.
``uninstall`` puts it back. The scripts call ``<the interpreter that installed them> -I -m specdraft
hook run``, so they work from any virtual environment, and ``-I`` (isolated mode: neither the
current directory nor PYTHONPATH on the import path) makes sure it is specdraft that runs, never a
package of the repository being committed (invariant 8 of the design).

At commit time (``run_pre_commit``) the staged + lines are matched to the review record
(app/drafting/provenance.py). Drafted lines that nobody reviewed are listed; with a terminal
(``/dev/tty``, since git gives hooks no standard input) the hook offers to review exactly
those hunks now; without one it never waits: it prints the list and fails the commit (or
warns, as ``hook.unreviewed`` says). Hunks accepted faster than ``hook.reading_speed`` count as
unreviewed in the same way (or only warn, as ``hook.too_fast`` says). A record that cannot be
read whole stops the commit with the file and line at fault (``specdraft hook repair`` moves
the unreadable lines aside). After the commit (``write_note``) a git note under
``refs/notes/specdraft`` records what of the commit specdraft drafted and how it was verified.

What a draft can write cannot switch the check off: its settings come from the committed
.specdraft.toml, never the working tree (app/core/config.py); a staged file git shows as binary
(a NUL byte, a ``binary`` or ``-diff`` attribute) is read again as text and blocks when drafted
lines are in it, reviewed or not; renames and copies are followed (``git diff -M -C``); and a
hooks directory inside the working tree (``core.hooksPath``), where a draft could rewrite the
hook itself, is refused at install and blocks every commit.
"""

from __future__ import annotations

import json
import os
import shlex
import stat
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from specdraft.core.errors import UserError
from specdraft.core.visible import visible

if TYPE_CHECKING:
    from specdraft.core.config import Settings
    from specdraft.core.diffs import FileDiff
    from specdraft.core.git import GitRepo
    from specdraft.drafting.provenance import Classification, Finding, RecordDamaged, Store

HOOK_NAMES = ("pre-commit", "post-commit")
MARKER = "# specdraft-hook"
CHAINED_SUFFIX = ".specdraft-chained"
# How hooks start specdraft: isolated (-I), so that the repository being committed (the current
# directory) and PYTHONPATH are not on the import path and none of its code can run in our place.
SPECDRAFT_MODULE = ("-I", "-m", "specdraft")
NOTES_REF = "refs/notes/specdraft"
NOTE_VERSION = 1


# ---------------------------------------------------------------- install


def hooks_dir(repo: GitRepo) -> Path:
    """Where git runs hooks from for this worktree (``core.hooksPath`` respected)."""
    out = repo.run("rev-parse", "--git-path", "hooks").stdout.decode().strip()
    path = Path(out)
    return path if path.is_absolute() else (repo.root / path)


def _present(path: Path) -> bool:
    """Whether ``path`` is there, as a file or as a link (a dangling one included)."""
    return path.exists() or path.is_symlink()


def is_ours(path: Path) -> bool:
    try:
        return path.is_file() and not path.is_symlink() and MARKER in path.read_text(errors="replace")
    except OSError:
        return False


def hook_script(name: str, python: str, *, review_all: bool = False) -> str:
    """The shell script installed as hook ``name``."""
    command = [python, *SPECDRAFT_MODULE, "hook", "run" if name == "pre-commit" else "post-commit"]
    if review_all and name == "pre-commit":
        command.append("--review-all")
    run = " ".join(shlex.quote(part) for part in command)
    head = (
        "#!/bin/sh\n"
        f"{MARKER}: {name} (written by `specdraft hook install`; "
        "`specdraft hook uninstall` puts back what was here)\n"
        f'chained="$(dirname "$0")/{name}{CHAINED_SUFFIX}"\n'
        f"python={shlex.quote(python)}\n"
    )
    if name == "pre-commit":
        return head + (
            'if [ -x "$chained" ]; then\n'
            '    "$chained" "$@" || exit $?\n'
            "fi\n"
            'if [ ! -x "$python" ]; then\n'
            '    echo "specdraft hook: $python is gone; run \\`specdraft hook install\\` again '
            '(or \\`specdraft hook uninstall\\`)" >&2\n'
            "    exit 1\n"
            "fi\n"
            f"exec {run}\n"
        )
    return head + (  # post-commit: its status does not change the commit; run both
        "status=0\n"
        'if [ -x "$chained" ]; then\n'
        '    "$chained" "$@" || status=$?\n'
        "fi\n"
        'if [ -x "$python" ]; then\n'
        f"    {run} || status=$?\n"
        "else\n"
        '    echo "specdraft hook: $python is gone; no note written; run \\`specdraft hook '
        'install\\` again" >&2\n'
        "fi\n"
        "exit $status\n"
    )


def install(repo: GitRepo, *, review_all: bool = False, python: str | None = None) -> list[str]:
    """Install both hooks, chaining any hook already there; returns what was done, line by line."""
    python = python or sys.executable
    directory = hooks_dir(repo)
    inside = hooks_in_worktree(repo)
    if inside is not None:
        raise UserError(_worktree_hooks(inside))
    done: list[str] = []
    for name in HOOK_NAMES:  # check both before touching either
        target, chained = directory / name, directory / (name + CHAINED_SUFFIX)
        if _present(target) and not is_ours(target) and _present(chained):
            raise UserError(
                f"{target} is not specdraft's, and {chained.name} (an older hook specdraft "
                "chained) is still there; move one of them away, then install again"
            )
    directory.mkdir(parents=True, exist_ok=True)
    for name in HOOK_NAMES:
        target, chained = directory / name, directory / (name + CHAINED_SUFFIX)
        if is_ours(target):
            done.append(f"{name}: updated {target}")
        elif _present(target):
            os.replace(target, chained)
            done.append(f"{name}: installed {target}; the hook that was there runs first ({chained.name})")
        else:
            done.append(f"{name}: installed {target}")
        temporary = target.with_name(f".{name}.specdraft-tmp")
        temporary.write_text(hook_script(name, python, review_all=review_all))
        temporary.chmod(temporary.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        os.replace(temporary, target)
    for path, sub in _checked_out_submodules(repo):  # a draft can land in them too
        done += [f"submodule {path}: {line}" for line in install(sub, review_all=review_all, python=python)]
    done += _writable_by_drafts(repo, python)
    return done


def _writable_by_drafts(repo: GitRepo, python: str) -> list[str]:
    """Warnings for the interpreter or specdraft itself lying in the working tree (a project's
    own .venv), where a draft could rewrite what the hook runs."""
    import specdraft

    root = repo.root.resolve()
    out = []
    for what, where in (("the interpreter", Path(python)), ("specdraft", Path(specdraft.__file__).parent)):
        try:
            resolved = where.absolute().resolve()
        except OSError:
            continue
        if root in resolved.parents:
            out.append(
                f"warning: {what} the hooks run ({where}) is inside the working tree, where an AI "
                "draft could rewrite it; install specdraft outside it (pipx, uv tool, a virtual "
                "environment elsewhere) and run `specdraft hook install` from there"
            )
    return out


def _checked_out_submodules(repo: GitRepo) -> list[tuple[str, GitRepo]]:
    """(path, repository) of each submodule that is checked out."""
    from specdraft.core.git import GitRepo
    from specdraft.drafting.provenance import submodule_paths

    return [(path, GitRepo(repo.root / path)) for path in submodule_paths(repo)
            if (repo.root / path / ".git").exists()]  # fmt: skip


def uninstall(repo: GitRepo) -> list[str]:
    """Remove specdraft's hooks and put back the hooks they chained."""
    directory = hooks_dir(repo)
    done: list[str] = []
    for name in HOOK_NAMES:
        target, chained = directory / name, directory / (name + CHAINED_SUFFIX)
        if not is_ours(target):
            if _present(target):
                done.append(f"{name}: {target} is not specdraft's; left as it is")
            else:
                done.append(f"{name}: not installed")
            continue
        target.unlink()
        if _present(chained):
            os.replace(chained, target)
            done.append(f"{name}: removed; the previous hook is back at {target}")
        else:
            done.append(f"{name}: removed {target}")
    for path, sub in _checked_out_submodules(repo):
        done += [f"submodule {path}: {line}" for line in uninstall(sub)]
    return done


@dataclass
class HookStatus:
    directory: Path
    installed: dict[str, bool]
    chained: dict[str, bool]
    review_all: bool
    python: str | None

    def lines(self) -> list[str]:
        out = [f"hooks directory: {self.directory}"]
        for name in HOOK_NAMES:
            state = "installed" if self.installed[name] else "not installed"
            if self.chained[name]:
                state += f" (runs the previous hook first: {name}{CHAINED_SUFFIX})"
            out.append(f"{name}: {state}")
        if self.python:
            out.append(f"interpreter: {self.python}")
        if any(self.installed.values()):
            out.append(f"review every staged hunk: {'yes' if self.review_all else 'no'}")
        return out


def status(repo: GitRepo) -> HookStatus:
    directory = hooks_dir(repo)
    installed, chained = {}, {}
    python, review_all = None, False
    for name in HOOK_NAMES:
        target = directory / name
        installed[name] = is_ours(target)
        chained[name] = installed[name] and _present(directory / (name + CHAINED_SUFFIX))
        if installed[name]:
            for line in target.read_text().splitlines():
                if line.startswith("python="):
                    python = shlex.split(line.partition("=")[2])[0]
                if "--review-all" in line:
                    review_all = True
    return HookStatus(directory, installed, chained, review_all, python)


# ---------------------------------------------------------------- reading what is committed


def staged_files(repo: GitRepo) -> list[FileDiff]:
    """The staged changes (HEAD to index; against the empty tree before the first commit)."""
    from specdraft.core.diffs import parse_diff

    base = "HEAD" if repo.has_head() else repo.empty_tree()
    return parse_diff(repo._diff("--cached", base))


def _first_parent(repo: GitRepo, commit: str) -> str:
    """A commit's first parent (the empty tree for a root commit)."""
    parent = repo.run("rev-parse", "--verify", "-q", f"{commit}^1", check=False)
    return parent.stdout.decode().strip() if parent.returncode == 0 else repo.empty_tree()


def _contents(repo: GitRepo, files: list[FileDiff], where: str) -> dict[str, str]:
    """New contents of ``files`` (``where``: ``:`` for the index, ``<commit>:`` for a commit)."""
    out: dict[str, str] = {}
    for file in files:
        if file.new_path is None or file.binary:
            continue
        result = repo.run("show", f"{where}{file.new_path}", check=False)
        out[file.new_path] = result.stdout.decode("utf-8", "replace")
    return out


def _reachable(repo: GitRepo, store: Store, head: str) -> set[str]:
    """The commits in the record's landing events that ``head`` contains."""
    commits = {commit for by_commit in store.landed.values() for commit in by_commit}
    if len(commits) > 16:  # one walk of the history beats a git call per commit
        listed = repo.run("rev-list", head, check=False).stdout.decode().split()
        return commits & set(listed)
    return {
        commit
        for commit in commits
        if repo.run("merge-base", "--is-ancestor", commit, head, check=False).returncode == 0
    }


# ---------------------------------------------------------------- the pre-commit check


def open_terminal() -> IO[bytes] | None:
    """The controlling terminal, read-write, or None (no terminal: never wait for input).

    git gives hooks /dev/null as standard input and their output goes to git's standard error:
    a person is there when that is a terminal and /dev/tty opens. An editor or a script that
    runs ``git commit`` with its output captured gets the list instead of a question, even
    if the process still has a controlling terminal somewhere.
    """
    if not (sys.stderr.isatty() or sys.stdout.isatty()):
        return None
    try:
        return open("/dev/tty", "r+b", buffering=0)  # noqa: SIM115 - closed by the caller
    except OSError:
        return None


@dataclass
class CheckResult:
    classification: Classification
    blocking: list
    warnings: list


def staged_sources(repo: GitRepo, base: str, commit: str | None = None) -> dict[str, list[str]]:
    """New path -> the paths git's rename and copy detection (-M -C) says it came from, in the
    staged change (or, given ``commit``, from ``base`` to it)."""
    sides = [base, commit] if commit else ["--cached", base]
    out = repo.run(
        "diff", "-M", "-C", "--name-status", "-z", "--no-ext-diff", *sides, check=False
    ).stdout.decode("utf-8", "surrogateescape")
    fields = out.split("\0")
    sources: dict[str, list[str]] = {}
    index = 0
    while index < len(fields) and fields[index]:
        status = fields[index]
        if status[:1] in ("R", "C") and index + 2 < len(fields):
            sources.setdefault(fields[index + 2], []).append(fields[index + 1])
            index += 3
        else:
            index += 2
    return sources


def _inherited(repo: GitRepo, base: str, sources: dict[str, list[str]]) -> dict[str, set[str]]:
    """New path -> the lines (stripped) its rename or copy sources held in ``base``."""
    out: dict[str, set[str]] = {}
    for path, olds in sources.items():
        lines: set[str] = set()
        for old in olds:
            blob = repo.run("show", f"{base}:{old}", check=False).stdout
            lines.update(line.rstrip().strip() for line in blob.decode("utf-8", "replace").splitlines())
        out[path] = lines
    return out


# a staged file git shows as binary is read again as text, to find drafted lines in it, up to
# this size (a larger one with drafted lines of its own blocks unread)
TEXT_READ_LIMIT = 4 << 20


def _as_text(repo: GitRepo, base: str, path: str) -> list[FileDiff]:
    """The staged change of ``path`` with git's binary detection and attributes off (--text)."""
    from specdraft.core.diffs import parse_diff
    from specdraft.core.git import DIFF_OPTIONS

    size = repo.run("cat-file", "-s", f":{path}", check=False).stdout.decode().strip()
    if not size.isdigit() or int(size) > TEXT_READ_LIMIT:
        return []
    options = [option for option in DIFF_OPTIONS if option != "--binary"]
    data = repo.run(
        "diff", *options, "--text", "--no-renames", "-U3", "--cached", base, "--", path, check=False
    ).stdout
    try:
        return parse_diff(data)
    except UserError:
        return []


def _binary_findings(
    repo: GitRepo,
    files: list[FileDiff],
    store: Store,
    *,
    base: str,
    reachable: set[str],
    sources: dict[str, list[str]],
    lines_per_second: float,
) -> list[Finding]:
    """Staged files git shows as binary (a NUL byte, a ``binary`` or ``-diff`` attribute) that
    hold drafted lines (read as text; one too large to read, when its path has drafts): listed,
    reviewed or not, since no hunk of them can be reviewed."""
    from specdraft.drafting.provenance import Finding, classify

    pending = {record.file: record for record in store.records if store.remaining(record, reachable)}
    if not pending:
        return []
    findings: list[Finding] = []
    for file in files:
        if not file.binary or file.new_path is None or not file.hunks:
            continue
        path = file.new_path
        origins = {path, *sources.get(path, [])}
        text = _as_text(repo, base, path)
        found = classify(text, store, lines_per_second=lines_per_second, reachable=reachable,
                         sources=sources).origins if text else {}  # fmt: skip
        numbers = sorted(number for (where, number) in found if where == path)
        drafters = {r.drafter for (where, _), origin in found.items() if where == path for r in origin.records}
        drafters |= {pending[p].drafter for p in origins if p in pending}
        if numbers or (not text and origins & set(pending)):  # unread: its drafts may be there
            findings.append(Finding(path, file.hunks[0], "binary", numbers, sorted(drafters)))
    return findings


def hooks_in_worktree(repo: GitRepo) -> Path | None:
    """The hooks directory when it lies inside the working tree (outside .git), else None."""
    directory = hooks_dir(repo).resolve()
    root = repo.root.resolve()
    git_dir = Path(repo.git_dir).resolve()
    if directory == root or root in directory.parents:
        if directory != git_dir and git_dir not in directory.parents:
            return directory
    return None


def check_staged(repo: GitRepo, settings: Settings, store: Store | None = None) -> CheckResult:
    """Match the staged lines to the record; split the findings into blocking and warnings."""
    from specdraft.drafting.provenance import classify, load_store

    store = store or load_store(repo)
    files = staged_files(repo) if store.records else []
    head = repo.run("rev-parse", "--verify", "-q", "HEAD", check=False).stdout.decode().strip()
    base = "HEAD" if head else repo.empty_tree()
    reachable = _reachable(repo, store, head) if head else set()
    sources = staged_sources(repo, base) if files else {}
    lines_per_second = float(settings.hook["reading_speed"])
    result = classify(
        files,
        store,
        lines_per_second=lines_per_second,
        file_text=_contents(repo, files, ":") if files else {},
        reachable=reachable,
        sources=sources,
        inherited=_inherited(repo, base, sources),
    )
    result.findings.extend(_binary_findings(repo, files, store, base=base, reachable=reachable,
                                            sources=sources, lines_per_second=lines_per_second))  # fmt: skip
    blocking, warnings = [], []
    for finding in result.findings:
        (blocking if settings.hook[_setting(finding)] == "block" else warnings).append(finding)
    return CheckResult(result, blocking, warnings)


def run_pre_commit(
    repo: GitRepo,
    settings: Settings,
    *,
    review_all: bool = False,
    terminal: Callable[[], IO[bytes] | None] = open_terminal,
    out: IO[str] | None = None,
) -> int:
    """The pre-commit hook: 0 lets the commit go on, 1 stops it (also on a damaged record)."""
    from specdraft.drafting.provenance import RecordDamaged

    out = out or sys.stderr
    inside = hooks_in_worktree(repo)
    if inside is not None:
        out.write(f"specdraft: {_worktree_hooks(inside)}\n")
        return 1
    try:
        _catch_up_agents(repo)
        return _pre_commit(repo, settings, review_all, terminal, out)
    except RecordDamaged as damage:
        out.write(_damaged(damage))
        return 1


def _catch_up_agents(repo: GitRepo) -> None:
    """An agent that ``specdraft run`` runs and that commits itself: what it wrote so far is
    recorded first, so that its own commit is checked like any other."""
    from specdraft.agents.snapshot import catch_up
    from specdraft.agents.store import AgentStore

    catch_up(AgentStore(repo))


def _worktree_hooks(directory: Path) -> str:
    return (
        f"the hooks directory {visible(str(directory), keep_newlines=False)} (core.hooksPath) is "
        "inside the working tree, where an AI draft can rewrite the hook itself; set "
        "core.hooksPath to a directory outside the working tree (or unset it: `git config --unset "
        "core.hooksPath`), then run `specdraft hook install` again"
    )


def _pre_commit(repo: GitRepo, settings: Settings, review_all: bool,
                terminal: Callable[[], IO[bytes] | None], out: IO[str]) -> int:  # fmt: skip
    check = check_staged(repo, settings)
    if not check.classification.findings and not review_all:
        return 0
    tty = terminal()
    try:
        if tty is not None and (review_all or check.classification.findings):
            if review_all:
                _say(tty, "specdraft: review every staged hunk before this commit\n")
                _review(tty, only_unreviewed=False)
            else:
                _say(tty, _listing(check.classification.findings))
                if _ask(tty, "Review them now [y,n]? "):
                    _review(tty, only_unreviewed=True)
            check = check_staged(repo, settings)
        elif review_all:
            print(
                "specdraft: --review-all needs a terminal; only AI-drafted lines were checked",
                file=out,
            )
    finally:
        if tty is not None:
            tty.close()
    findings = check.classification.findings
    if not findings:
        return 0
    if check.blocking:
        out.write(_listing(findings) + _stopped(check.blocking, settings))
        return 1
    out.write("specdraft: warning: " + _listing(findings).removeprefix("specdraft: "))
    return 0


def _setting(finding: Finding) -> str:
    """The [hook] setting that says whether a finding blocks the commit."""
    return "too_fast" if finding.reason == "too-fast" else "unreviewed"


def _stopped(blocking: list[Finding], settings: Settings) -> str:
    """What to do about a stopped commit."""
    keys = [key for key in ("unreviewed", "too_fast") if any(_setting(f) == key for f in blocking)]
    text = "The commit was stopped. Review them with `specdraft review --staged --only-unreviewed`"
    if "too_fast" in keys:
        text += (
            ", reading each hunk: one accepted faster than "
            f"{float(settings.hook['reading_speed']):g} lines per second (hook.reading_speed) "
            "counts as unreviewed"
        )
    if any(f.reason in ("agent", "deleted") for f in blocking):
        text += " (an agent's lines: `specdraft review --drafted` reviews them where they are)"
    if any(f.reason == "binary" for f in blocking):
        text += (
            "; a file git shows as binary cannot be reviewed hunk by hunk: take the NUL byte out, "
            "or the binary or -diff attribute off it in .gitattributes, or read it whole"
        )
    warn = " and ".join(f'hook.{key} = "warn"' for key in keys)
    return text + (
        f", or commit anyway with `git commit --no-verify` (set {warn} in your config or a "
        "committed .specdraft.toml to only warn).\n"
    )


def _damaged(damage: RecordDamaged) -> str:
    """Why a commit stops on a record that cannot be read whole, and how to go on."""
    return (
        f"specdraft: {visible(damage.reason(), keep_newlines=False)}\n"
        "The commit was stopped: without the whole record, AI-drafted lines cannot be told from "
        f"yours. {damage.remedy()[0].upper()}{damage.remedy()[1:]}; "
        "or commit anyway with `git commit --no-verify`.\n"
    )


def _listing(findings: list) -> str:
    count = sum(len(f.lines) for f in findings)
    whole = sum(1 for f in findings if not f.lines)  # binary files: no line can be counted
    what = f"{count} staged line{'s' if count != 1 else ''}"
    if whole:
        what += f" and {whole} staged file{'s' if whole != 1 else ''}"
    text = f"specdraft: {what} drafted by AI that no human reviewed:\n"
    return text + "".join(f"  {visible(finding.describe(), keep_newlines=False)}\n" for finding in findings)


def _say(tty: IO[bytes], text: str) -> None:
    tty.write(text.encode("utf-8", "replace"))


def _ask(tty: IO[bytes], question: str) -> bool:
    """Ask ``question`` on the terminal: one key answers (y yes; n, q or ctrl+d no), as in
    `git add -p` with interactive.singleKey; a terminal that cannot be put in single-key mode
    (or a test's stand-in) is read a line at a time."""
    while True:
        answer = _answer(tty, question)
        if answer is None:
            return False
        if answer in (b"y", b"yes"):
            return True
        if answer in (b"n", b"no", b"q"):
            return False
        _say(tty, "y - yes, review them now; n - no\n")


def _answer(tty: IO[bytes], question: str) -> bytes | None:
    """``question`` asked, then one key from a terminal, or one line from anything else; lower
    case, stripped; None at the end of input. The terminal's mode is always put back (a ctrl+c
    still interrupts)."""
    try:
        fd = tty.fileno()
        single_key = os.isatty(fd)
    except (AttributeError, OSError, ValueError):
        single_key = False
    if not single_key:
        _say(tty, question)
        line = tty.readline()
        return line.strip().lower() if line else None
    import termios
    import tty as modes

    saved = termios.tcgetattr(fd)
    try:
        modes.setcbreak(fd, termios.TCSANOW)  # no line buffering, no echo; ctrl+c still signals
        termios.tcflush(fd, termios.TCIFLUSH)  # keys pressed before the question do not answer it
        _say(tty, question)
        key = os.read(fd, 32)  # one key press (an arrow key's sequence arrives at once)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    if not key or key == b"\x04":  # end of input, ctrl+d
        _say(tty, "\n")
        return None
    answer = key[:1].lower()
    _say(tty, (answer.decode() if answer.isalpha() else "") + "\n")  # echo the key, as git does
    return answer.strip()


def _review(tty: IO[bytes], *, only_unreviewed: bool) -> int:
    """Run ``specdraft review --staged`` on the terminal (TUI or plain, as review decides)."""
    command = [sys.executable, *SPECDRAFT_MODULE, "review", "--staged"]
    if only_unreviewed:
        command.append("--only-unreviewed")
    return subprocess.run(command, stdin=tty, stdout=tty, stderr=tty, check=False).returncode


# ---------------------------------------------------------------- notes after the commit


def build_note(repo: GitRepo, settings: Settings, commit: str = "HEAD") -> tuple[dict | None, dict]:
    """What the note of ``commit`` says (None: nothing in it was drafted), and the landing event."""
    from specdraft.core.diffs import parse_diff
    from specdraft.drafting.provenance import classify, load_store

    store = load_store(repo)
    sha = repo.resolve_commit(commit)
    if not store.records:
        return None, {}
    old = _first_parent(repo, sha)
    files = parse_diff(repo._diff(old, sha))  # the commit against its first parent
    reachable = _reachable(repo, store, sha) - {sha}
    sources = staged_sources(repo, old, sha)
    result = classify(
        files,
        store,
        lines_per_second=float(settings.hook["reading_speed"]),
        file_text=_contents(repo, files, f"{sha}:"),
        reachable=reachable,
        landing=True,
        sources=sources,
        inherited=_inherited(repo, old, sources),
    )
    if not result.origins and not result.matched:  # matched alone: an agent's deletions
        return None, {}
    by_id = store.by_id()
    landed = {rid: sorted(hashes) for rid, hashes in result.matched.items()}

    def attributed(record_id: str) -> bool:
        return any(commit in reachable for commit in store.landed.get(record_id, {}))

    counted = [by_id[rid] for rid in result.matched if not attributed(rid)]
    touched = {f.new_path for f in files if f.new_path}
    sessions = {r.session for r in counted if r.kind == "draft"}
    for record in store.records:  # rejected hunks of the same drafting sessions, counted once
        if (
            record.session in sessions
            and record.file in touched
            and not record.lines
            and not attributed(record.id)
        ):
            counted.append(record)
            landed[record.id] = []

    note: dict[str, Any] = {"version": NOTE_VERSION, "commit": sha}
    totals = _Tally()
    per_file: dict[str, _Tally] = {}
    per_model: dict[str, _Tally] = {}

    def tallies(path: str, drafter: str) -> tuple[_Tally, ...]:
        return totals, per_file.setdefault(path, _Tally()), per_model.setdefault(drafter, _Tally())

    for (path, _number), origin in result.origins.items():
        for tally in tallies(path, origin.records[0].drafter):
            tally.add_line(origin.status)
    for record in counted:
        for tally in tallies(record.file, record.drafter):
            tally.add_record(record)
    note.update(totals.as_dict())
    note["drafters"] = sorted(per_model)
    note["files"] = {path: tally.as_dict() for path, tally in sorted(per_file.items())}
    note["models"] = {name: tally.as_dict() for name, tally in sorted(per_model.items())}
    return note, {"event": "landed", "commit": sha, "lines": landed}


@dataclass
class _Tally:
    hunks: dict[str, int] = field(
        default_factory=lambda: {"drafted": 0, "accepted": 0, "edited": 0, "rejected": 0}
    )
    lines: dict[str, int] = field(
        default_factory=lambda: {"drafted": 0, "reviewed": 0, "unreviewed": 0}
    )
    review_seconds: float = 0.0

    def add_line(self, status: str) -> None:
        if status not in ("changed", "unchecked"):  # the human's lines, or maybe theirs
            self.lines["drafted"] += 1
        self.lines["reviewed" if status == "reviewed" else "unreviewed"] += 1

    def add_record(self, record) -> None:
        if record.reviewed:
            self.review_seconds += record.seconds
        if record.kind != "draft":
            return
        self.hunks["drafted"] += 1
        if record.decision in ("accepted", "edited", "rejected"):
            self.hunks[record.decision] += 1

    def as_dict(self) -> dict:
        return {
            "hunks": dict(self.hunks),
            "lines": dict(self.lines),
            "review_seconds": round(self.review_seconds, 3),
        }


def write_note(repo: GitRepo, settings: Settings, commit: str = "HEAD") -> dict | None:
    """Add (or replace) the specdraft note of ``commit``; returns it (None: nothing drafted)."""
    from specdraft.drafting.provenance import append_records

    note, event = build_note(repo, settings, commit)
    if note is None:
        return None
    text = json.dumps(note, indent=1, sort_keys=True) + "\n"
    repo.run("notes", f"--ref={NOTES_REF}", "add", "-f", "-F", "-", note["commit"], input=text.encode())
    append_records(repo, [event])
    return note


def read_notes(repo: GitRepo, revision_range: str) -> list[tuple[str, dict | None]]:
    """(commit, note or None) for each commit of ``git log <range>``."""
    result = repo.run(
        "log", f"--notes={NOTES_REF}", "--format=%H%x1f%N%x1e", revision_range, "--", check=False
    )
    if result.returncode != 0:
        from specdraft.core.git import first_line

        raise UserError(
            f"cannot read the commits of {revision_range!r}: "
            f"{visible(first_line(result.stderr), keep_newlines=False)}; "
            "give a range as git log takes it (e.g. main..HEAD)"
        )
    out: list[tuple[str, dict | None]] = []
    for entry in result.stdout.decode("utf-8", "replace").split("\x1e"):
        entry = entry.strip()
        if not entry:
            continue
        sha, _, text = entry.partition("\x1f")
        note = None
        if text.strip():
            try:
                note = json.loads(text)
            except ValueError:
                note = None
            if not isinstance(note, dict) or note.get("version") != NOTE_VERSION:
                note = None
        out.append((sha.strip(), note))
    return out

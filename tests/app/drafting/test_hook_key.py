"""The hook's question on a real terminal (a pty): one key answers, as `git add -p` does with
interactive.singleKey, and the terminal's mode is put back, also after ctrl+c."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading

import pytest

pty = pytest.importorskip("pty")
termios = pytest.importorskip("termios")

QUESTION = b"Review them now [y,n]? "


def _read_until(fd: int, wanted: bytes, seen: bytes = b"", deadline: float = 20.0, times: int = 1) -> bytes:
    """What the terminal shows, read from its master side until ``wanted`` has appeared
    ``times`` times."""
    import time

    end = time.monotonic() + deadline
    while seen.count(wanted) < times and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 1024)
            except OSError:
                break
    return seen


def _ask_on_a_pty(keys: list[bytes]) -> tuple[bool | None, bytes, bool]:
    """Ask in a thread on a pty's terminal side; type ``keys`` one at a time, each after the
    question shows, never pressing enter. (answer, what the terminal showed, mode put back)."""
    from specdraft.drafting import hook

    master, slave = pty.openpty()
    terminal = os.fdopen(slave, "r+b", buffering=0)
    before = termios.tcgetattr(slave)
    answers: list[bool] = []
    asking = threading.Thread(target=lambda: answers.append(hook._ask(terminal, QUESTION.decode())), daemon=True)
    asking.start()
    shown = b""
    try:
        for key in keys:
            shown = _read_until(master, QUESTION, shown, times=shown.count(QUESTION) + 1)
            if not asking.is_alive():
                break
            os.write(master, key)
        asking.join(timeout=20)
        waited = asking.is_alive()
        if waited:  # it still waits for enter: let it go
            os.write(master, b"\n")
            asking.join(timeout=5)
        shown = _read_until(master, b"\n", shown, deadline=0.5) if not waited else shown
        restored = termios.tcgetattr(slave) == before
    finally:
        terminal.close()
        os.close(master)
    return (None if waited else answers[0]), shown, restored


@pytest.mark.parametrize(("key", "answer"), [(b"y", True), (b"Y", True), (b"n", False), (b"q", False)])
def test_one_key_answers_without_enter(key, answer):
    got, shown, restored = _ask_on_a_pty([key])
    assert got is answer, f"the question waited for enter after {key!r}; the terminal shows {shown!r}"
    assert restored  # back to the mode it was in (line editing, echo)
    assert shown.endswith(QUESTION + key.lower() + b"\r\n")  # the key is echoed once, then a new line


def test_another_key_says_what_the_keys_do_and_asks_again():
    got, shown, restored = _ask_on_a_pty([b"x", b"n"])
    assert got is False and restored
    assert b"y - yes, review them now; n - no" in shown and shown.count(QUESTION) == 2


def test_ctrl_c_interrupts_and_puts_the_terminal_back(tmp_path):
    """In a process whose controlling terminal is the pty, as in a real hook: ctrl+c raises
    KeyboardInterrupt while the key is awaited, and the terminal's mode is the one it had."""
    master, slave = pty.openpty()
    # A git hook run from a terminal starts with SIGINT at its default. A test run started as a
    # background job of a non-interactive shell inherits it ignored, and Python then installs no
    # KeyboardInterrupt handler, so the child puts the terminal's default back first.
    child = (
        "import os, signal, termios\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from specdraft.drafting import hook\n"
        "fd = os.open(os.ttyname(0), os.O_RDWR)\n"  # a new session opening it: its controlling terminal
        "terminal = os.fdopen(fd, 'r+b', buffering=0)\n"
        "saved = termios.tcgetattr(fd)\n"
        "try:\n"
        f"    hook._ask(terminal, {QUESTION.decode()!r})\n"
        "    print('answered', flush=True)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', 'restored' if termios.tcgetattr(fd) == saved else 'changed', flush=True)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", child], stdin=slave, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)  # fmt: skip
    os.close(slave)
    try:
        shown = _read_until(master, QUESTION)
        assert QUESTION in shown, process.stderr.read() if process.poll() is not None else shown
        os.write(master, b"\x03")
        out, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    assert out.decode().split() == ["interrupted", "restored"], err.decode()

"""Control characters from outside are shown as escapes, never sent to the terminal."""

import pytest

from specdraft.core.visible import has_controls, visible, visible_bytes


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("x = 1\x1b[2K\x1b[1G# fine", "x = 1\\x1b[2K\\x1b[1G# fine"),
        ("title\x1b]0;owned\x07", "title\\x1b]0;owned\\x07"),
        ("a\rb", "a\\rb"),
        ("nul\x00", "nul\\x00"),
        ("c1\x9b2K", "c1\\x9b2K"),
        ("if ok\u202e:", "if ok\\u202e:"),
        ("tab\tstays", "tab\tstays"),
        ("caf\u00e9 \u4e2d", "caf\u00e9 \u4e2d"),
    ],
)
def test_controls_become_escapes(raw, shown):
    assert visible(raw) == shown
    assert has_controls(raw) == (raw != shown)


def test_newlines_kept_or_escaped():
    assert visible("a\nb") == "a\nb"
    assert visible("a\nb", keep_newlines=False) == "a\\nb"


def test_the_cr_of_a_crlf_stays_with_newlines_kept():
    assert visible("one\r\ntwo\r") == "one\r\ntwo\\r"
    assert visible("one\r\n", keep_newlines=False) == "one\\r\\n"


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (b"x\x1b[2K\x1b[1G+# ok\n", b"x\\x1b[2K\\x1b[1G+# ok\n"),
        (b"caf\xe9 \xff", b"caf\xe9 \xff"),  # no UTF-8, no control: the bytes as they are
        (b"raw C1 \x9b2K", b"raw C1 \\x9b2K"),  # CSI on its own in an 8-bit terminal
        (b"utf-8 C1 \xc2\x9b2K", b"utf-8 C1 \\x9b2K"),
        (b"\xe4\xb8\xad \xe2\x80\xae", b"\xe4\xb8\xad \\u202e"),
        (b"crlf\r\n", b"crlf\r\n"),
    ],
)
def test_bytes_keep_all_but_their_controls(raw, shown):
    assert visible_bytes(raw) == shown

"""Control characters from outside are shown as escapes, never sent to the terminal."""

import pytest

from specdraft.core.visible import has_controls, visible


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

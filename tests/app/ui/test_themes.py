"""Theme files: the built-in ones load, user themes are found, bad ones fail clearly, and the
high-contrast theme's added/removed colours survive simulated red-green colour blindness."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.style import Style
from textual.color import Color

from specdraft.core.errors import UserError
from specdraft.ui.tui.themes import (
    BUILTIN_THEMES_DIR,
    diff_colors_for,
    load_theme_file,
    load_themes,
    resolve_theme,
)

# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _lab(rgb_linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (min(max(c, 0.0), 1.0) for c in rgb_linear)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen_distance(first: str, second: str, deficiency: str | None) -> float:
    """CIE76 colour difference between two colours as seen with a colour vision deficiency."""
    seen = []
    for color in (first, second):
        parsed = Color.parse(color)
        rgb = tuple(_linear(c / 255) for c in (parsed.r, parsed.g, parsed.b))
        if deficiency:
            matrix = DEFICIENCIES[deficiency]
            rgb = tuple(sum(m * c for m, c in zip(row, rgb, strict=True)) for row in matrix)
        seen.append(_lab(rgb))
    return sum((a - b) ** 2 for a, b in zip(*seen, strict=True)) ** 0.5


def test_builtin_themes_load_with_all_parts():
    themes = load_themes()
    assert {"dark", "light", "high-contrast"} <= set(themes)
    for name, theme in themes.items():
        assert theme.textual.name == name
        assert theme.textual.variables["diff-added"] == theme.diff.added
        assert theme.path is not None and theme.path.parent == BUILTIN_THEMES_DIR
    assert themes["dark"].textual.dark and not themes["light"].textual.dark


@pytest.mark.parametrize("deficiency", [None, "protanopia", "deuteranopia"])
def test_high_contrast_added_and_removed_stay_distinct(deficiency):
    diff = load_themes()["high-contrast"].diff
    for added, removed in [
        (diff.added, diff.removed),
        (diff.added_bg, diff.removed_bg),
        (diff.added_word, diff.removed_word),
    ]:
        assert seen_distance(added, removed, deficiency) > 25, (added, removed, deficiency)
    # Not colour alone: changed words carry a text style too.
    word = Style.parse(diff.word_style)
    assert word.bold and word.underline


def test_the_simulation_catches_red_green():
    """The check above can fail: the dark theme's green/red collapses for deuteranopes."""
    diff = load_themes()["dark"].diff
    normal = seen_distance(diff.added, diff.removed, None)
    deutan = seen_distance(diff.added, diff.removed, "deuteranopia")
    high_contrast = load_themes()["high-contrast"].diff
    assert deutan < normal / 2
    assert deutan < seen_distance(high_contrast.added, high_contrast.removed, "deuteranopia")


def _write_theme(directory: Path, name: str, **overrides: str) -> Path:
    source = (BUILTIN_THEMES_DIR / "dark.toml").read_text()
    source = source.replace('name = "dark"', f'name = "{name}"')
    for key, value in overrides.items():
        source = source.replace(f"{key} = ", f"{key} = {value}  # was ", 1)
    path = directory / f"{name}.toml"
    path.write_text(source)
    return path


def test_user_themes_are_added_and_win_on_name_clash(tmp_path):
    _write_theme(tmp_path, "mine")
    _write_theme(tmp_path, "light", added='"#00ff00"')
    themes = load_themes(tmp_path)
    assert themes["mine"].path == tmp_path / "mine.toml"
    assert themes["light"].diff.added == "#00ff00"
    assert "high-contrast" in themes


def test_missing_user_dir_is_fine(tmp_path):
    assert set(load_themes(tmp_path / "nope")) == set(load_themes())


def test_unknown_theme_lists_the_available_ones():
    themes = load_themes()
    with pytest.raises(UserError, match="unknown theme 'nope'; available themes: dark, high-contrast, light"):
        resolve_theme("nope", themes)
    assert resolve_theme(None, themes).name == "dark"


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"added": '"not-a-colour"'}, "diff.added: 'not-a-colour' is not a colour"),
        ({"primary": '"#zzz"'}, "ui.primary"),
        ({"syntax": '"no-such-style"'}, "unknown syntax style 'no-such-style'"),
        ({"word_style": '"blinky wobble"'}, "diff.word_style"),
        ({"dark": '"yes"'}, "dark must be true or false"),
    ],
)
def test_bad_theme_file_names_the_file_and_field(tmp_path, overrides, message):
    path = _write_theme(tmp_path, "bad", **overrides)
    with pytest.raises(UserError) as caught:
        load_theme_file(path)
    assert message in str(caught.value) and str(path) in str(caught.value)


def test_missing_diff_colour_is_reported(tmp_path):
    path = tmp_path / "half.toml"
    path.write_text('[ui]\nprimary = "#ffffff"\n[diff]\nadded = "#00ff00"\n')
    with pytest.raises(UserError, match=r"\[diff\] is missing removed, added_bg"):
        load_theme_file(path)


def test_other_textual_themes_borrow_builtin_diff_colours():
    themes = load_themes()
    assert diff_colors_for("nord", True, themes) == themes["dark"].diff
    assert diff_colors_for("solarized-light", False, themes) == themes["light"].diff
    assert diff_colors_for("high-contrast", True, themes) == themes["high-contrast"].diff

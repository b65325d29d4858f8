"""Theme files (themes/*.toml and the user's) turned into Textual themes plus diff colours.

A theme file has a ``[ui]`` table (a Textual ``Theme``), a ``[diff]`` table (the colours of the
diff view, also exposed to .tcss as ``$diff-added`` and friends) and ``syntax``, the name of a
pygments style for code. User themes in ``$XDG_CONFIG_HOME/specdraft/themes/NAME.toml`` are
loaded after the built-in ones and win on a name clash.
"""

from __future__ import annotations

import sys
from dataclasses import MISSING, dataclass, fields
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

from rich.style import Style
from textual.color import Color, ColorParseError
from textual.theme import Theme

import specdraft.themes
from specdraft.core.errors import UserError

BUILTIN_THEMES_DIR = Path(specdraft.themes.__file__).resolve().parent  # themes/, installed as package data
DEFAULT_THEME = "dark"
_UI_FIELDS = (
    "primary", "secondary", "accent", "warning", "error", "success",
    "foreground", "background", "surface", "panel",
)


@dataclass(frozen=True)
class DiffColors:
    """Colours of the diff view. ``word_style`` is a rich style such as "bold underline"."""

    added: str
    removed: str
    added_bg: str
    removed_bg: str
    added_word: str
    removed_word: str
    context: str
    line_number: str
    hunk_header: str
    cursor_bg: str
    word_style: str = "bold"


@dataclass(frozen=True)
class SpecTheme:
    """One loaded theme: the Textual theme, its diff colours and its pygments style name."""

    name: str
    textual: Theme
    diff: DiffColors
    syntax: str
    path: Path | None = None


def load_theme_file(path: Path) -> SpecTheme:
    """Read and check one theme file; every problem is a UserError naming the file."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise UserError(f"theme file {path} cannot be read: {error}") from error
    return theme_from_dict(data, default_name=Path(path).stem, origin=str(path), path=Path(path))


def theme_from_dict(
    data: dict[str, Any], *, default_name: str, origin: str, path: Path | None = None
) -> SpecTheme:
    """Build a SpecTheme from parsed TOML; ``origin`` names the source in error messages."""
    name = data.get("name", default_name)
    if not isinstance(name, str) or not name.strip() or any(c.isspace() for c in name):
        raise UserError(f"{origin}: name must be a word such as \"my-theme\", not {name!r}")
    ui = _table(data, "ui", origin)
    diff = _table(data, "diff", origin)
    unknown = set(ui) - set(_UI_FIELDS)
    if unknown:
        raise UserError(f"{origin}: unknown [ui] colours {sorted(unknown)}; known: {', '.join(_UI_FIELDS)}")
    if "primary" not in ui:
        raise UserError(f"{origin}: [ui] needs at least primary = \"#rrggbb\"")
    for key, value in ui.items():
        _check_color(value, f"{origin}: ui.{key}")

    diff_fields = {f.name: f for f in fields(DiffColors)}
    unknown = set(diff) - set(diff_fields)
    if unknown:
        raise UserError(f"{origin}: unknown [diff] keys {sorted(unknown)}; known: {', '.join(diff_fields)}")
    missing = [n for n, f in diff_fields.items() if n not in diff and f.default is MISSING]
    if missing:
        raise UserError(f"{origin}: [diff] is missing {', '.join(missing)}")
    for key, value in diff.items():
        if key == "word_style":
            try:
                Style.parse(str(value))
            except Exception as error:
                raise UserError(f"{origin}: diff.word_style {value!r} is not a style ({error})") from None
        else:
            _check_color(value, f"{origin}: diff.{key}")
    diff_colors = DiffColors(**{k: str(v) for k, v in diff.items()})

    syntax = data.get("syntax", "default")
    _check_syntax_style(syntax, origin)
    dark = data.get("dark", True)
    if not isinstance(dark, bool):
        raise UserError(f"{origin}: dark must be true or false")
    variables = {f"diff-{k.replace('_', '-')}": v for k, v in diff.items() if k != "word_style"}
    textual_theme = Theme(name=name, dark=dark, variables=variables, **ui)
    return SpecTheme(name=name, textual=textual_theme, diff=diff_colors, syntax=syntax, path=path)


def load_themes(user_dir: Path | None = None) -> dict[str, SpecTheme]:
    """The built-in themes, then the user's (``*.toml`` in ``user_dir``), by name."""
    themes: dict[str, SpecTheme] = {}
    directories = [BUILTIN_THEMES_DIR] + ([Path(user_dir)] if user_dir else [])
    for directory in directories:
        if not directory.is_dir():
            continue
        for path in sorted(directory.glob("*.toml")):
            theme = load_theme_file(path)
            themes[theme.name] = theme
    return themes


def resolve_theme(name: str | None, themes: dict[str, SpecTheme]) -> SpecTheme:
    """The theme called ``name`` (the default when None); a UserError lists the choices."""
    name = name or DEFAULT_THEME
    if name not in themes:
        available = ", ".join(sorted(themes))
        raise UserError(f"unknown theme {name!r}; available themes: {available}")
    return themes[name]


def diff_colors_for(theme_name: str, dark: bool, themes: dict[str, SpecTheme]) -> DiffColors:
    """Diff colours for any Textual theme: its own, or the built-in dark/light ones."""
    if theme_name in themes:
        return themes[theme_name].diff
    fallback = themes.get("dark" if dark else "light") or next(iter(themes.values()))
    return fallback.diff


def _table(data: dict[str, Any], key: str, origin: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise UserError(f"{origin}: [{key}] must be a table")
    return value


def _check_color(value: Any, where: str) -> None:
    try:
        Color.parse(str(value))
    except ColorParseError:
        raise UserError(f"{where}: {value!r} is not a colour; use \"#rrggbb\"") from None


def _check_syntax_style(name: Any, origin: str) -> None:
    from pygments.styles import get_all_styles, get_style_by_name
    from pygments.util import ClassNotFound

    try:
        get_style_by_name(str(name))
    except ClassNotFound:
        styles = ", ".join(sorted(get_all_styles()))
        raise UserError(f"{origin}: unknown syntax style {name!r}; pygments has: {styles}") from None

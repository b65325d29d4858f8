"""The [hook] settings: defaults, files, environment, and errors that say what to fix."""

from __future__ import annotations

import pytest

from specdraft.core.config import load_settings
from specdraft.core.errors import UserError


def test_defaults_file_and_environment(tmp_path):
    environ = {"XDG_CONFIG_HOME": str(tmp_path / "none")}
    assert load_settings(tmp_path, environ=environ).hook == {
        "unreviewed": "block",
        "too_fast": "block",
        "reading_speed": 5.0,
    }
    (tmp_path / ".specdraft.toml").write_text('[hook]\nunreviewed = "warn"\nreading_speed = 2\n')
    settings = load_settings(tmp_path, environ={**environ, "SPECDRAFT_HOOK_TOO_FAST": "warn"})
    assert settings.hook == {"unreviewed": "warn", "too_fast": "warn", "reading_speed": 2.0}
    assert settings.source("hook.unreviewed") == str(tmp_path / ".specdraft.toml")
    assert settings.source("hook.too_fast") == "environment SPECDRAFT_HOOK_TOO_FAST"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('[hook]\nunreviewed = "maybe"\n', "hook.unreviewed must be one of block, warn"),
        ('[hook]\nreading_speed = "fast"\n', "hook.reading_speed must be a number of lines per second"),
        ("[hook]\nreading_speed = -1\n", "hook.reading_speed must be a number"),
        ("[hook]\nspeed = 3\n", "unknown setting hook.speed; known [hook] settings"),
        ('hook = "on"\n', "[hook] must be a table"),
    ],
)
def test_bad_values_name_the_file_and_the_fix(tmp_path, text, fragment):
    (tmp_path / ".specdraft.toml").write_text(text)
    with pytest.raises(UserError) as error:
        load_settings(tmp_path, environ={"XDG_CONFIG_HOME": str(tmp_path / "none")})
    assert fragment in str(error.value) and ".specdraft.toml" in str(error.value)

"""Settings layering: defaults < user config < repo .specdraft.toml < environment < flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from specdraft.core.config import REPO_CONFIG_NAME, load_settings, user_config_dir, user_themes_dir
from specdraft.core.errors import UserError


@pytest.fixture
def layers(tmp_path: Path):
    """A user config dir and a repo, both empty; returns (environ, user_file, repo_root)."""
    xdg = tmp_path / "xdg"
    (xdg / "specdraft").mkdir(parents=True)
    repo = tmp_path / "repo"
    repo.mkdir()
    environ = {"XDG_CONFIG_HOME": str(xdg), "HOME": str(tmp_path / "home")}
    return environ, xdg / "specdraft" / "config.toml", repo


def test_defaults_when_nothing_is_configured(layers):
    environ, _user, repo = layers
    settings = load_settings(repo, environ=environ)
    assert (settings.theme, settings.editor, settings.context, settings.keys) == (
        "dark", "auto", 3, {}
    )
    assert settings.source("theme") == "default"


def test_each_layer_overrides_the_one_before(layers):
    environ, user, repo = layers
    user.write_text('theme = "light"\ncontext = 5\neditor = "internal"\n[keys]\naccept = "Y"\n')
    (repo / REPO_CONFIG_NAME).write_text('theme = "high-contrast"\n[keys]\nreject = "x"\n')
    environ = {**environ, "SPECDRAFT_CONTEXT": "7", "SPECDRAFT_KEYS_ACCEPT_FILE": "A"}
    settings = load_settings(repo, environ=environ, flags={"theme": "mine", "editor": None})

    assert settings.theme == "mine" and settings.source("theme") == "flag --theme"
    assert settings.context == 7 and settings.source("context") == "environment SPECDRAFT_CONTEXT"
    assert settings.editor == "internal" and settings.source("editor") == str(user)
    assert settings.keys == {"accept": "Y", "reject": "x", "accept-file": "A"}
    assert settings.source("keys.reject") == str(repo / REPO_CONFIG_NAME)
    assert settings.source("keys.accept-file") == "environment SPECDRAFT_KEYS_ACCEPT_FILE"


def test_repo_layer_beats_user_layer_but_not_environment(layers):
    environ, user, repo = layers
    user.write_text('theme = "light"\n')
    (repo / REPO_CONFIG_NAME).write_text('theme = "high-contrast"\n')
    assert load_settings(repo, environ=environ).theme == "high-contrast"
    assert load_settings(None, environ=environ).theme == "light"
    assert load_settings(repo, environ={**environ, "SPECDRAFT_THEME": "dark"}).theme == "dark"


def test_key_lists_are_joined(layers):
    environ, user, repo = layers
    user.write_text('[keys]\nundo = ["u", "ctrl+z"]\n')
    assert load_settings(repo, environ=environ).keys["undo"] == "u,ctrl+z"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("theme = ", "not valid TOML"),
        ("colour = 'red'", "unknown setting 'colour'"),
        ("context = 'many'", "context must be a whole number"),
        ("context = -1", "0 or more"),
        ("editor = 'emacs'", "editor must be one of auto, external, internal"),
        ("dtype = 'half'", "dtype must be one of auto, float32, bfloat16"),
        ("edit_format = 'diff'", "edit_format must be one of auto, builtin, whole, search-replace, udiff"),
        ("theme = 3", "theme must be a non-empty string"),
        ("keys = 'y'", "[keys] must be a table"),
        ("[keys]\naccept = 1", "keys.accept must be a key name"),
    ],
)
def test_bad_config_names_the_file_and_the_problem(layers, text, message):
    environ, _user, repo = layers
    (repo / REPO_CONFIG_NAME).write_text(text)
    with pytest.raises(UserError) as caught:
        load_settings(repo, environ=environ)
    assert message in str(caught.value)
    assert REPO_CONFIG_NAME in str(caught.value)


def test_dtype_layers_like_every_setting(layers):
    environ, _user, repo = layers
    assert load_settings(repo, environ=environ).dtype == "auto"
    (repo / REPO_CONFIG_NAME).write_text("dtype = 'float32'\n")
    settings = load_settings(repo, environ=environ, flags={"dtype": None})
    assert settings.dtype == "float32" and settings.source("dtype").endswith(REPO_CONFIG_NAME)
    settings = load_settings(repo, environ={**environ, "SPECDRAFT_DTYPE": "bfloat16"})
    assert (settings.dtype, settings.source("dtype")) == ("bfloat16", "environment SPECDRAFT_DTYPE")


def test_edit_format_defaults_to_the_backends_own_and_layers_like_every_setting(layers):
    environ, _user, repo = layers
    assert load_settings(repo, environ=environ).edit_format == "auto"
    (repo / REPO_CONFIG_NAME).write_text("edit_format = 'whole'\n")
    settings = load_settings(repo, environ=environ)
    assert settings.edit_format == "whole" and settings.source("edit_format").endswith(REPO_CONFIG_NAME)
    settings = load_settings(repo, environ={**environ, "SPECDRAFT_EDIT_FORMAT": "udiff"})
    assert (settings.edit_format, settings.source("edit_format")) == ("udiff", "environment SPECDRAFT_EDIT_FORMAT")
    settings = load_settings(repo, environ=environ, flags={"edit_format": "search-replace"})
    assert (settings.edit_format, settings.source("edit_format")) == ("search-replace", "flag --edit-format")


def test_request_timeout_defaults_to_600_s_and_layers_like_every_setting(layers):
    environ, _user, repo = layers
    settings = load_settings(repo, environ=environ)
    assert (settings.request_timeout, settings.source("request_timeout")) == (600, "default")
    (repo / REPO_CONFIG_NAME).write_text("request_timeout = 1800\n")
    assert load_settings(repo, environ=environ).request_timeout == 1800
    settings = load_settings(repo, environ={**environ, "SPECDRAFT_REQUEST_TIMEOUT": "90"})
    assert (settings.request_timeout, settings.source("request_timeout")) == (90, "environment SPECDRAFT_REQUEST_TIMEOUT")
    settings = load_settings(repo, environ=environ, flags={"request_timeout": 5})
    assert (settings.request_timeout, settings.source("request_timeout")) == (5, "flag --request-timeout")
    (repo / REPO_CONFIG_NAME).write_text("request_timeout = 0\n")
    with pytest.raises(UserError, match="request_timeout must be 1 second or more"):
        load_settings(repo, environ=environ)


def test_bad_environment_value_names_the_variable(layers):
    environ, _user, repo = layers
    with pytest.raises(UserError, match="environment SPECDRAFT_CONTEXT"):
        load_settings(repo, environ={**environ, "SPECDRAFT_CONTEXT": "x"})


def test_config_dir_follows_xdg_and_falls_back_to_home(tmp_path):
    assert user_config_dir({"XDG_CONFIG_HOME": str(tmp_path)}) == tmp_path / "specdraft"
    assert user_config_dir({"HOME": str(tmp_path)}) == tmp_path / ".config" / "specdraft"
    assert user_themes_dir({"XDG_CONFIG_HOME": str(tmp_path)}) == tmp_path / "specdraft" / "themes"


def test_config_is_cheap_to_import():
    """`specdraft review` reads settings before deciding on the TUI: no textual, no torch."""
    import subprocess
    import sys

    code = "import sys, specdraft.core.config; print(sorted(m for m in ('textual', 'torch') if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"

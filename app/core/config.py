"""Settings, layered: defaults < user config (XDG) < repo .specdraft.toml < SPECDRAFT_* env < flags.

Every value remembers where it came from (``Settings.sources``), so that errors and
``--show-config``-style output can say which file or variable to fix. Imports neither textual
nor torch.

The files are TOML::

    theme = "dark"            # dark, light, high-contrast, or a theme in <config dir>/themes/
    editor = "auto"           # auto ($VISUAL/$EDITOR, else the editor inside the TUI),
                              # external, or internal
    context = 3               # lines of context around each hunk

    model = "builtin"         # specdraft edit: builtin, a checkpoint directory, or with
                              # server, the server's model name
    server = ""               # an OpenAI-compatible server's URL ("": the local engine)
    api_key_env = ""          # the environment variable holding the server's API key
    request_timeout = 600     # seconds one request to a server may take in all, however it
                              # streams (the draft is cut and nothing applied when it passes)
    drafter = "auto"          # the local engine's drafter: auto, none, edit, lookup, model, hybrid
    draft_model = ""          # a small draft model's checkpoint directory ("": none)
    dtype = "auto"            # the local engine's weights: auto (the checkpoint's bfloat16 where
                              # the CPU multiplies it natively, else float32), float32, bfloat16
    edit_format = "auto"      # how the model is asked for an edit: auto (the builtin pair's own
                              # prompt, whole files for other local checkpoints, search-replace
                              # for a server), builtin, whole, search-replace, udiff

    [keys]                    # binding id = key(s), comma-separated; `specdraft review` ? lists ids
    accept = "y"
    reject = "n,x"

    [hook]                    # the pre-commit hook (`specdraft hook install`)
    unreviewed = "block"      # drafted lines nobody reviewed: block the commit, or warn
    too_fast = "block"        # hunks accepted faster than reading_speed: unreviewed (block),
                              # or only warn
    reading_speed = 5.0       # lines per second a human can review at most

Environment: ``SPECDRAFT_THEME``, ``SPECDRAFT_EDITOR``, ``SPECDRAFT_CONTEXT``, ``SPECDRAFT_MODEL``,
``SPECDRAFT_SERVER``, ``SPECDRAFT_API_KEY_ENV``, ``SPECDRAFT_REQUEST_TIMEOUT``, ``SPECDRAFT_DRAFTER``, ``SPECDRAFT_DRAFT_MODEL``,
``SPECDRAFT_DTYPE``, ``SPECDRAFT_EDIT_FORMAT``, and
``SPECDRAFT_KEYS_<ID>`` (id upper-cased, ``-`` as ``_``) for one binding, and
``SPECDRAFT_HOOK_<NAME>`` for one hook setting.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

from specdraft.core.errors import UserError
from specdraft.engine.options import (
    DRAFTER_SETTINGS,
    DTYPE_SETTINGS,
    EDIT_FORMAT_SETTINGS,
    REQUEST_TIMEOUT_S,
)

REPO_CONFIG_NAME = ".specdraft.toml"
EDITOR_CHOICES = ("auto", "external", "internal")
OPTIONAL = ("server", "api_key_env", "draft_model")  # "" means "not set"

# [hook] name -> (default, allowed values; a number for reading_speed)
HOOK_SETTINGS: dict[str, tuple[Any, tuple[str, ...]]] = {
    "unreviewed": ("block", ("block", "warn")),
    "too_fast": ("block", ("block", "warn")),  # a rubber stamp is no review
    "reading_speed": (5.0, ()),
}


@dataclass
class Settings:
    """The effective settings, and for each one where it came from."""

    theme: str = "dark"
    editor: str = "auto"
    context: int = 3
    model: str = "builtin"
    server: str = ""
    api_key_env: str = ""
    request_timeout: int = REQUEST_TIMEOUT_S  # seconds for one request to a model server, start to last token
    drafter: str = "auto"
    draft_model: str = ""
    dtype: str = "auto"
    edit_format: str = "auto"  # how the model is asked for an edit; "auto": the backend's own choice
    keys: dict[str, str] = field(default_factory=dict)  # binding id -> keys, e.g. "y" or "n,x"
    hook: dict[str, Any] = field(
        default_factory=lambda: {name: default for name, (default, _) in HOOK_SETTINGS.items()}
    )
    sources: dict[str, str] = field(default_factory=dict)  # "theme" / "keys.accept" -> origin

    def source(self, name: str) -> str:
        """Where a setting came from: "default", a file path, "environment X" or "flag --x"."""
        return self.sources.get(name, "default")


# name -> (default, type) of the scalar settings, read from Settings: its fields are the one place
# that lists them with their defaults.
SCALARS: dict[str, tuple[Any, type]] = {
    f.name: (f.default, {"str": str, "int": int}[f.type]) for f in fields(Settings) if f.type in ("str", "int")
}


def user_config_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/specdraft`` (``~/.config/specdraft`` when the variable is unset)."""
    environ = os.environ if environ is None else environ
    base = environ.get("XDG_CONFIG_HOME") or ""
    root = Path(base) if base else Path(environ.get("HOME") or Path.home()) / ".config"
    return root / "specdraft"


def user_themes_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where user theme files (``NAME.toml``) live."""
    return user_config_dir(environ) / "themes"


def load_settings(
    repo_root: Path | None = None,
    *,
    flags: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Settings:
    """Read every layer and merge them; later layers win, key by key.

    ``flags`` holds command-line values by setting name (``{"theme": "light"}``); ``None``
    values mean "not given" and are skipped.
    """
    environ = os.environ if environ is None else environ
    settings = Settings()
    settings.sources.update(dict.fromkeys(SCALARS, "default"))

    user_file = user_config_dir(environ) / "config.toml"
    _apply(settings, _read_toml(user_file), str(user_file))
    if repo_root is not None:
        repo_file = Path(repo_root) / REPO_CONFIG_NAME
        _apply(settings, _read_toml(repo_file), str(repo_file))
    _apply_environment(settings, environ)
    for name, value in (flags or {}).items():
        if value is None:
            continue
        flag = "--" + name.replace("_", "-")
        if name == "keys":
            for binding_id, keys in dict(value).items():
                _set_key(settings, binding_id, keys, f"flag {flag}")
        else:
            _set_scalar(settings, name, value, f"flag {flag}")
    return settings


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise UserError(f"cannot read config file {path}: {error.strerror}") from error
    try:
        return tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise UserError(f"config file {path} is not valid TOML ({error}); fix or remove it") from error


def _apply(settings: Settings, data: Mapping[str, Any], origin: str) -> None:
    for name, value in data.items():
        if name == "keys":
            if not isinstance(value, Mapping):
                raise UserError(f"{origin}: [keys] must be a table of binding id = \"key\"")
            for binding_id, keys in value.items():
                _set_key(settings, binding_id, keys, origin)
        elif name == "hook":
            if not isinstance(value, Mapping):
                raise UserError(f"{origin}: [hook] must be a table of setting = value")
            for hook_name, hook_value in value.items():
                _set_hook(settings, hook_name, hook_value, origin)
        elif name in SCALARS:
            _set_scalar(settings, name, value, origin)
        else:
            known = ", ".join([*SCALARS, "keys", "hook"])
            raise UserError(f"{origin}: unknown setting {name!r}; known settings: {known}")


def _apply_environment(settings: Settings, environ: Mapping[str, str]) -> None:
    for name, (_default, _kind) in SCALARS.items():
        variable = f"SPECDRAFT_{name.upper()}"
        if variable in environ:
            _set_scalar(settings, name, environ[variable], f"environment {variable}")
    for hook_name in HOOK_SETTINGS:
        variable = f"SPECDRAFT_HOOK_{hook_name.upper()}"
        if variable in environ:
            _set_hook(settings, hook_name, environ[variable], f"environment {variable}")
    prefix = "SPECDRAFT_KEYS_"
    for variable in sorted(environ):
        if variable.startswith(prefix) and len(variable) > len(prefix):
            binding_id = variable[len(prefix):].lower().replace("_", "-")
            _set_key(settings, binding_id, environ[variable], f"environment {variable}")


def _set_scalar(settings: Settings, name: str, value: Any, origin: str) -> None:
    if name not in SCALARS:
        raise UserError(f"{origin}: unknown setting {name!r}; known settings: {', '.join(SCALARS)}")
    _default, kind = SCALARS[name]
    if kind is int:
        if isinstance(value, bool):
            raise UserError(f"{origin}: {name} must be a whole number, not {value!r}")
        try:
            value = int(value)
        except (TypeError, ValueError):
            raise UserError(f"{origin}: {name} must be a whole number, not {value!r}") from None
        if value < 0:
            raise UserError(f"{origin}: {name} must be 0 or more, not {value}")
        if name == "request_timeout" and value < 1:
            raise UserError(f"{origin}: request_timeout must be 1 second or more, not {value}")
    elif not isinstance(value, str) or (not value.strip() and name not in OPTIONAL):
        raise UserError(f"{origin}: {name} must be a non-empty string, not {value!r}")
    else:
        value = value.strip()
    if name == "editor" and value not in EDITOR_CHOICES:
        raise UserError(f"{origin}: editor must be one of {', '.join(EDITOR_CHOICES)}, not {value!r}")
    if name == "drafter" and value not in DRAFTER_SETTINGS:
        raise UserError(f"{origin}: drafter must be one of {', '.join(DRAFTER_SETTINGS)}, not {value!r}")
    if name == "dtype" and value not in DTYPE_SETTINGS:
        raise UserError(f"{origin}: dtype must be one of {', '.join(DTYPE_SETTINGS)}, not {value!r}")
    if name == "edit_format" and value not in EDIT_FORMAT_SETTINGS:
        raise UserError(f"{origin}: edit_format must be one of {', '.join(EDIT_FORMAT_SETTINGS)}, not {value!r}")
    setattr(settings, name, value)
    settings.sources[name] = origin


def _set_key(settings: Settings, binding_id: str, keys: Any, origin: str) -> None:
    if isinstance(keys, list) and all(isinstance(key, str) for key in keys):
        keys = ",".join(keys)
    if not isinstance(keys, str) or not keys.strip():
        raise UserError(f"{origin}: keys.{binding_id} must be a key name such as \"y\" or \"ctrl+r\"")
    settings.keys[binding_id] = ",".join(part.strip() for part in keys.split(",") if part.strip())
    settings.sources[f"keys.{binding_id}"] = origin


def _set_hook(settings: Settings, name: str, value: Any, origin: str) -> None:
    if name not in HOOK_SETTINGS:
        known = ", ".join(HOOK_SETTINGS)
        raise UserError(f"{origin}: unknown setting hook.{name}; known [hook] settings: {known}")
    _default, choices = HOOK_SETTINGS[name]
    if choices:
        if not isinstance(value, str) or value.strip() not in choices:
            raise UserError(f"{origin}: hook.{name} must be one of {', '.join(choices)}, not {value!r}")
        value = value.strip()
    else:
        try:
            value = float(value) if not isinstance(value, bool) else None
        except (TypeError, ValueError):
            value = None
        if value is None or value < 0:
            raise UserError(
                f"{origin}: hook.{name} must be a number of lines per second (0 turns the "
                "reading speed guard off)"
            )
    settings.hook[name] = value
    settings.sources[f"hook.{name}"] = origin

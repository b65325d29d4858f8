"""Settings, layered: defaults < user config (XDG) < repo .specdraft.toml < SPECDRAFT_* env < flags.

Every value remembers where it came from (``Settings.sources``), so that errors and
``--show-config``-style output can say which file or variable to fix. Imports neither textual
nor torch.

What an AI draft can write cannot weaken the gate or choose where code goes (invariant 11 of
the design). The repository's file lies in the working tree, where drafts land, so:

- ``[hook]`` and ``[keys]`` (what the commit gate checks, and which key accepts a hunk) come
  from the file as committed in ``HEAD``, never from the working tree: a change to them is a
  change to a tracked file, drafted lines in it are blocked like any other, and it takes effect
  once committed. A working-tree file that says otherwise gets a one-line warning
  (``Settings.warnings``). Outside a git repository the file is read as it is.
- ``server`` and ``api_key_env`` (where code and which secret are sent) are never read from a
  repository's file: they come from the user's own config, the environment or flags; a
  repository file that sets them is ignored with a one-line warning.

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
import subprocess
import sys
from collections.abc import Callable, Mapping
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
# never read from a repository's own file: a cloned repository must not choose where code and
# keys are sent
USER_ONLY = ("server", "api_key_env")
# read from the repository's file only as committed in HEAD: they loosen the commit gate or
# change which key accepts a hunk, and a draft may have written the working-tree copy
COMMITTED_ONLY = ("hook", "keys")

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
    warnings: list[str] = field(default_factory=list)  # one line each: what was ignored, and why

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
    warn: Callable[[str], None] | None = None,
) -> Settings:
    """Read every layer and merge them; later layers win, key by key.

    ``flags`` holds command-line values by setting name (``{"theme": "light"}``); ``None``
    values mean "not given" and are skipped. ``warn`` is given each line of
    ``Settings.warnings`` (by default they go to standard error, control characters escaped).
    """
    environ = os.environ if environ is None else environ
    settings = Settings()
    settings.sources.update(dict.fromkeys(SCALARS, "default"))

    user_file = user_config_dir(environ) / "config.toml"
    _apply(settings, _read_toml(user_file), str(user_file))
    if repo_root is not None:
        _apply_repo_file(settings, Path(repo_root), user_file)
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
    for line in settings.warnings:
        (warn or _warn_on_stderr)(line)
    return settings


def _warn_on_stderr(line: str) -> None:
    from specdraft.core.visible import visible

    print(f"specdraft: warning: {visible(line, keep_newlines=False)}", file=sys.stderr)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise UserError(f"cannot read config file {path}: {error.strerror}") from error
    return _parse_toml(data, str(path))


def _parse_toml(data: bytes, origin: str) -> dict[str, Any]:
    try:
        return tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise UserError(f"config file {origin} is not valid TOML ({error}); fix or remove it") from error


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[bytes] | None:
    """``git -C root ARGS`` (None when git cannot be run at all)."""
    try:
        return subprocess.run(
            ["git", "-C", str(root), *args],
            env={**os.environ, "LANGUAGE": "C", "LC_ALL": "C"},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=False,
        )
    except OSError:
        return None


def committed_repo_config(repo_root: Path) -> tuple[bool, bytes | None]:
    """(whether ``repo_root`` is in a git work tree, the repository file as committed in HEAD
    or None when HEAD has none)."""
    inside = _git(repo_root, "rev-parse", "--is-inside-work-tree")
    if inside is None or inside.returncode != 0 or inside.stdout.strip() != b"true":
        return False, None
    blob = _git(repo_root, "cat-file", "blob", f"HEAD:{REPO_CONFIG_NAME}")
    if blob is None or blob.returncode != 0:
        return True, None
    return True, blob.stdout


def _apply_repo_file(settings: Settings, repo_root: Path, user_file: Path) -> None:
    """The repository's layer: what a draft may have written is never trusted (module docstring)."""
    repo_file = repo_root / REPO_CONFIG_NAME
    working = _read_toml(repo_file)
    in_git, committed_bytes = committed_repo_config(repo_root)
    if not in_git:
        committed = working
    elif committed_bytes is None:
        committed = {}
    else:
        committed = _parse_toml(committed_bytes, f"{repo_file} (as committed in HEAD)")
    for name in USER_ONLY:  # settings the repository must not choose, said once each
        if name in working or name in committed:
            places = f"{user_file} or SPECDRAFT_{name.upper()}" + (" or --server" if name == "server" else "")
            settings.warnings.append(
                f"{repo_file} sets {name}; ignored: a repository's file never chooses where "
                f"code or keys are sent (set it in {places})"
            )
    chosen = {k: v for k, v in working.items() if k not in USER_ONLY and k not in COMMITTED_ONLY}
    _apply(settings, chosen, str(repo_file))
    gate = {k: v for k, v in committed.items() if k in COMMITTED_ONLY}
    _apply(settings, gate, str(repo_file) if not in_git else f"{repo_file} (as committed in HEAD)")
    if in_git:
        pending = [name for name in COMMITTED_ONLY if working.get(name) != committed.get(name)]
        if pending:
            tables = " and ".join(f"[{name}]" for name in pending)
            settings.warnings.append(
                f"{repo_file}: {tables} not as committed; only the committed one is used (what "
                "loosens the gate or remaps a key takes effect once committed)"
            )


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


SERVERS_SEEN = "servers-used"  # in the repository's specdraft state dir: servers already announced


def first_use_of_server(settings: Settings, state_dir: Path) -> str | None:
    """The line that says which server drafts go to, the first time this repository uses it
    (None: no server, or said before). Remembered in ``<state_dir>/servers-used``."""
    server = settings.server
    if not server:
        return None
    seen_file = Path(state_dir) / SERVERS_SEEN
    try:
        seen = seen_file.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        seen = []
    if server in seen:
        return None
    try:
        seen_file.parent.mkdir(parents=True, exist_ok=True)
        with open(seen_file, "a", encoding="utf-8") as handle:
            handle.write(server + "\n")
    except OSError:
        pass  # said again next time: better twice than never
    from specdraft.core.visible import visible

    key = f", with the API key in ${settings.api_key_env} ({settings.source('api_key_env')})" if (
        settings.api_key_env
    ) else ""
    return visible(
        f"this repository's files and the instruction go to the model server {server} "
        f"(server from {settings.source('server')}{key}); said once per server",
        keep_newlines=False,
    )

"""Load application settings from an INI file, with environment overrides."""

import configparser
import os
from dataclasses import dataclass, field

DEFAULT_PATH = "~/.config/shipit/settings.ini"
ENV_PREFIX = "DEPLOY_"
MAX_WORKERS = 8


class ConfigError(Exception):
    """Raised when the settings file is missing a value or holds a bad one."""


@dataclass
class Settings:
    server_url: str = "https://deploy.example.com"
    workers: int = 4
    timeout: float = 30.0
    verbose: bool = False
    tags: list = field(default_factory=list)


def expand_path(path):
    return os.path.abspath(os.path.expanduser(path))


def parse_bool(text):
    value = text.strip().lower()
    if value in ("1", "yes", "true", "on"):
        return True
    if value in ("0", "no", "false", "off"):
        return False
    raise ConfigError(f"not a boolean: {text!r}")


def parse_tags(text):
    return [tag.strip() for tag in text.split(",") if tag.strip()]


def read_file(path):
    parser = configparser.ConfigParser()
    found = parser.read(expand_path(path), encoding="utf-8")
    if not found:
        raise ConfigError(f"no settings file at {path}")
    if not parser.has_section("shipit"):
        raise ConfigError("the settings file has no [shipit] section")
    return dict(parser["shipit"])


def env_overrides(environ=None):
    environ = os.environ if environ is None else environ
    values = {}
    for key, value in environ.items():
        if key.startswith(ENV_PREFIX):
            values[key[len(ENV_PREFIX):].lower()] = value
    return values


def build_settings(raw):
    settings = Settings()
    if "server_url" in raw:
        settings.server_url = raw["server_url"].rstrip("/")
    if "workers" in raw:
        workers = int(raw["workers"])
        if not 1 <= workers <= MAX_WORKERS:
            raise ConfigError(f"workers must be between 1 and {MAX_WORKERS}")
        settings.workers = workers
    if "timeout" in raw:
        settings.timeout = float(raw["timeout"])
    if "verbose" in raw:
        settings.verbose = parse_bool(raw["verbose"])
    if "tags" in raw:
        settings.tags = parse_tags(raw["tags"])
    return settings


def load_settings(path=DEFAULT_PATH, use_env=True):
    try:
        raw = read_file(path)
    except ConfigError:
        if path != DEFAULT_PATH:
            raise
        raw = {}
    if use_env:
        raw.update(env_overrides())
    return build_settings(raw)


def describe(settings, color=False):
    lines = [
        f"server:  {settings.server_url}",
        f"workers: {settings.workers}",
        f"timeout: {settings.timeout:.1f}s",
        f"verbose: {'yes' if settings.verbose else 'no'}",
    ]
    if settings.tags:
        lines.append("tags:    " + ", ".join(settings.tags))
    return "\n".join(lines)

"""Feature flags read from a JSON file, with percentage rollouts and per-user overrides."""

import hashlib
import json
import logging
import os

logger = logging.getLogger(__name__)

FLAGS_FILE = "flags.json"
ROLLOUT_BUCKETS = 100
DEFAULT_ENABLED = False
ENV_OVERRIDE_PREFIX = "FEATURE_"
TRUTHY = ("1", "true", "yes", "on")


class Flag:
    def __init__(self, name, enabled=DEFAULT_ENABLED, rollout=100, allow=(), deny=()):
        self.name = name
        self.enabled = enabled
        self.rollout = rollout
        self.allow = set(allow)
        self.deny = set(deny)

    def bucket(self, user_id):
        digest = hashlib.sha256(f"{self.name}:{user_id}".encode()).hexdigest()
        return int(digest[:8], 16) % ROLLOUT_BUCKETS

    def is_enabled_for(self, user_id):
        if user_id in self.deny:
            return False
        if user_id in self.allow:
            return True
        if not self.enabled:
            return False
        return self.bucket(user_id) < self.rollout

    def to_dict(self):
        return {
            "enabled": self.enabled,
            "rollout": self.rollout,
            "allow": sorted(self.allow),
            "deny": sorted(self.deny),
        }


def parse_flag(name, data):
    if isinstance(data, bool):
        return Flag(name, enabled=data)
    return Flag(
        name,
        enabled=data.get("enabled", DEFAULT_ENABLED),
        rollout=int(data.get("rollout", 100)),
        allow=data.get("allow", ()),
        deny=data.get("deny", ()),
    )


def env_override(name, environ=None):
    """The value forced by a FEATURE_<NAME> environment variable, or None when it is not set."""
    environ = os.environ if environ is None else environ
    value = environ.get(ENV_OVERRIDE_PREFIX + name.upper())
    if value is None:
        return None
    return value.strip().lower() in TRUTHY


class FlagStore:
    def __init__(self, path=FLAGS_FILE):
        self.path = path
        self.flags = {}
        self.checks = 0

    def load(self):
        with open(self.path, encoding="utf-8") as handle:
            raw = json.load(handle)
        self.flags = {name: parse_flag(name, data) for name, data in raw.items()}
        logger.info("loaded %d flags from %s", len(self.flags), self.path)
        return self

    def save(self):
        data = {name: flag.to_dict() for name, flag in sorted(self.flags.items())}
        with open(self.path, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2, sort_keys=True)

    def is_enabled(self, name, user_id=None):
        forced = env_override(name)
        if forced is not None:
            return forced
        flag = self.flags.get(name)
        if flag is None:
            return DEFAULT_ENABLED
        if user_id is None:
            return flag.enabled and flag.rollout >= ROLLOUT_BUCKETS
        return flag.is_enabled_for(user_id)

    def set_rollout(self, name, percent):
        if not 0 <= percent <= 100:
            raise ValueError(f"rollout must be between 0 and 100, got {percent}")
        flag = self.flags.setdefault(name, Flag(name, enabled=True))
        flag.rollout = percent

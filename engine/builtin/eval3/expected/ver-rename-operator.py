"""Semantic versions: parse, compare, bump, and match against ranges like ^1.2, ~0.4 or >=2.0.0."""

from __future__ import annotations

import re
from functools import total_ordering

VERSION_RE = re.compile(r"^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$")
RANGE_OPERATORS = (">=", "<=", "==", ">", "<", "^", "~")
DEFAULT_PRERELEASE_TAG = "rc"


class VersionError(ValueError):
    pass


@total_ordering
class Version:
    def __init__(self, major, minor=0, patch=0, prerelease="", build=""):
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
        self.build = build

    def release_tuple(self):
        return (self.major, self.minor, self.patch)

    def is_stable(self) -> bool:
        return not self.prerelease and self.major > 0

    def __eq__(self, other):
        return self.release_tuple() == other.release_tuple() and self.prerelease == other.prerelease

    def __lt__(self, other):
        if self.release_tuple() != other.release_tuple():
            return self.release_tuple() < other.release_tuple()
        return prerelease_key(self.prerelease) < prerelease_key(other.prerelease)

    def __hash__(self):
        return hash((self.release_tuple(), self.prerelease))

    def __str__(self):
        text = f"{self.major}.{self.minor}.{self.patch}"
        if self.prerelease:
            text += f"-{self.prerelease}"
        if self.build:
            text += f"+{self.build}"
        return text


def prerelease_key(tag):
    """Sort key of a pre-release tag: a release (no tag) sorts after all of its pre-releases."""
    if not tag:
        return (1, ())
    parts = []
    for piece in tag.split("."):
        parts.append((0, int(piece), "") if piece.isdigit() else (1, 0, piece))
    return (0, tuple(parts))


def parse_version(text):
    found = VERSION_RE.match(text.strip())
    if found is None:
        raise VersionError(f"not a semantic version: {text!r}")
    major, minor, patch, prerelease, build = found.groups()
    return Version(int(major), int(minor or 0), int(patch or 0), prerelease or "", build or "")


def bump(version: Version, part: str = "patch", prerelease: bool = False) -> Version:
    if part == "major":
        bumped = Version(version.major + 1)
    elif part == "minor":
        bumped = Version(version.major, version.minor + 1)
    elif part == "patch":
        bumped = Version(version.major, version.minor, version.patch + 1)
    else:
        raise VersionError(f"cannot bump {part!r}")
    if prerelease:
        bumped.prerelease = f"{DEFAULT_PRERELEASE_TAG}.1"
    return bumped


def upper_bound(operator, version):
    if operator == "^" and version.major > 0:
        return Version(version.major + 1)
    return Version(version.major, version.minor + 1)


def satisfies(version, spec, loose=False):
    spec = spec.strip()
    symbol = next((op for op in RANGE_OPERATORS if spec.startswith(op)), "")
    target = parse_version(spec[len(symbol):])
    if symbol in ("^", "~"):
        return target <= version < upper_bound(symbol, target)
    if symbol in ("", "=="):
        return version == target
    checks = {">=": version >= target, "<=": version <= target, ">": version > target, "<": version < target}
    return checks[symbol]


def latest_matching(candidates, spec, allow_prerelease=False):
    matching = []
    for text in candidates:
        version = parse_version(text)
        if version.prerelease and not allow_prerelease:
            continue
        if satisfies(version, spec):
            matching.append(version)
    return max(matching) if matching else None

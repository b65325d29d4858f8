"""A small URL router: path patterns with typed placeholders, dispatched to handler functions."""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

DEFAULT_METHODS = ("GET",)
SEGMENT_RE = re.compile(r"<(?:(\w+):)?(\w+)>")
CONVERTERS = {
    "int": (r"\d+", int),
    "str": (r"[^/]+", str),
    "slug": (r"[a-z0-9-]+", str),
}
STRIP_TRAILING_SLASH = True


class NotFound(Exception):
    pass


class MethodNotAllowed(Exception):
    def __init__(self, path, allowed):
        super().__init__(f"{path} only allows {', '.join(sorted(allowed))}")
        self.allowed = allowed


def compile_pattern(pattern: str):
    casts = {}
    parts = []
    position = 0
    for found in SEGMENT_RE.finditer(pattern):
        kind, key = found.group(1) or "str", found.group(2)
        regex, cast = CONVERTERS[kind]
        parts.append(re.escape(pattern[position:found.start()]))
        parts.append(f"(?P<{key}>{regex})")
        casts[key] = cast
        position = found.end()
    parts.append(re.escape(pattern[position:]))
    return re.compile("".join(parts)), casts


@dataclass
class Route:
    pattern: str
    handler: Callable
    methods: tuple = DEFAULT_METHODS
    name: str = ""
    regex: re.Pattern = field(init=False)
    casts: dict = field(init=False)

    def __post_init__(self):
        self.regex, self.casts = compile_pattern(self.pattern)
        if not self.name:
            self.name = self.handler.__name__

    def match(self, path):
        found = self.regex.fullmatch(path)
        if found is None:
            return None
        return {key: self.casts[key](value) for key, value in found.groupdict().items()}


def split_url(url):
    pieces = urlsplit(url)
    query = {key: values[-1] for key, values in parse_qs(pieces.query).items()}
    return pieces.path or "/", query


class Router:
    def __init__(self, prefix=""):
        self.prefix = prefix.rstrip("/")
        self.routes: list[Route] = []
        self.hits = 0

    def add_route(self, pattern, handler, methods=DEFAULT_METHODS, name=""):
        route = Route(self.prefix + pattern, handler, tuple(methods), name)
        self.routes.append(route)
        return route

    def route(self, pattern, methods=DEFAULT_METHODS):
        def register(handler):
            self.add_route(pattern, handler, methods)
            return handler

        return register

    def resolve(self, method, url):
        path, query = split_url(url)
        if STRIP_TRAILING_SLASH and len(path) > 1:
            path = path.rstrip("/")
        allowed = set()
        for route in self.routes:
            params = route.match(path)
            if params is None:
                continue
            if method.upper() not in route.methods:
                allowed.update(route.methods)
                continue
            return route, params, query
        if allowed:
            raise MethodNotAllowed(path, allowed)
        raise NotFound(path)

    def dispatch(self, method, url):
        route, params, query = self.resolve(method, url)
        return route.handler(**params, query=query)

    def url_for(self, name, **params):
        for route in self.routes:
            if route.name == name:
                return SEGMENT_RE.sub(lambda found: str(params[found.group(2)]), route.pattern)
        raise NotFound(f"no route named {name}")

"""Summarize web server access logs: status codes, slow requests, top paths."""

import gzip
import re
from collections import Counter
from dataclasses import dataclass

LINE_PATTERN = re.compile(
    r'(?P<ip>\S+) \S+ \S+ \[(?P<time>[^\]]+)\] "(?P<method>\S+) (?P<path>\S+) \S+" '
    r"(?P<status>\d{3}) (?P<size>\d+|-) (?P<duration>\d+)"
)
SLOW_THRESHOLD_MS = 800
TOP_N = 10


@dataclass
class Hit:
    ip: str
    method: str
    path: str
    status: int
    size: int
    duration_ms: int


def open_log(path):
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return open(path, encoding="utf-8", errors="replace")


def parse_line(line):
    match = LINE_PATTERN.match(line)
    if match is None:
        return None
    size = match.group("size")
    return Hit(
        ip=match.group("ip"),
        method=match.group("method"),
        path=match.group("path").split("?")[0],
        status=int(match.group("status")),
        size=0 if size == "-" else int(size),
        duration_ms=int(match.group("duration")),
    )


def read_hits(path):
    hits = []
    skipped = 0
    with open_log(path) as handle:
        for line in handle:
            hit = parse_line(line)
            if hit is None:
                skipped += 1
                continue
            hits.append(hit)
    return hits, skipped


def status_classes(hits):
    return Counter(f"{hit.status // 100}xx" for hit in hits)


def slow_requests(hits, threshold=SLOW_THRESHOLD_MS):
    return sorted((hit for hit in hits if hit.duration_ms >= threshold),
                  key=lambda hit: hit.duration_ms, reverse=True)


def top_paths(hits, limit=TOP_N):
    return Counter(hit.path for hit in hits).most_common(limit)


def error_rate(hits, window=None):
    if not hits:
        return 0.0
    errors = sum(1 for hit in hits if hit.status >= 500)
    return errors / len(hits)


def summary(path):
    hits, skipped = read_hits(path)
    lines = [f"{len(hits)} requests ({skipped} unreadable lines)"]
    for name, count in sorted(status_classes(hits).items()):
        lines.append(f"  {name}: {count}")
    lines.append(f"error rate: {error_rate(hits):.1%}")
    lines.append("slowest:")
    for hit in slow_requests(hits)[:5]:
        lines.append(f"  {hit.duration_ms:>6} ms  {hit.method} {hit.path}")
    lines.append("top paths:")
    for path_name, count in top_paths(hits):
        lines.append(f"  {count:>6}  {path_name}")
    return "\n".join(lines)

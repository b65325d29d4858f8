"""A parish choir rota: singers by voice part, services that need each part covered, and fair turns."""

from __future__ import annotations

import json
import logging
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

logger = logging.getLogger(__name__)

VOICE_PARTS = ("soprano", "alto", "tenor", "bass")
MIN_PER_PART = 2
MAX_SERVICES_PER_MONTH = 4
REST_DAYS = 6
ROTA_FILE = "rota.json"


@dataclass
class Singer:
    name: str
    part: str
    away: set[date] = field(default_factory=set)
    sung: list[date] = field(default_factory=list)

    def available_on(self, day):
        return day not in self.away

    def services_in_month(self, year, month):
        return sum(1 for day in self.sung if (day.year, day.month) == (year, month))


@dataclass
class Service:
    day: date
    title: str
    needed: dict[str, int] = field(default_factory=dict)
    singers: list[Singer] = field(default_factory=list)

    def need(self, part):
        return self.needed.get(part, MIN_PER_PART)

    def short_parts(self):
        counts = Counter(singer.part for singer in self.singers)
        return [part for part in VOICE_PARTS if counts[part] < self.need(part)]


def rested(singer, day, rest_days=REST_DAYS):
    if not singer.sung:
        return True
    return (day - max(singer.sung)).days >= rest_days


def can_sing(singer, service, cap=MAX_SERVICES_PER_MONTH):
    if not singer.available_on(service.day):
        return False
    if singer.services_in_month(service.day.year, service.day.month) >= cap:
        return False
    return rested(singer, service.day)


def pick_singers(choir, service, cap=MAX_SERVICES_PER_MONTH):
    chosen = []
    for part in VOICE_PARTS:
        candidates = [s for s in choir if s.part == part and can_sing(s, service, cap=cap)]
        candidates.sort(key=lambda singer: (len(singer.sung), singer.name))
        chosen.extend(candidates[: service.need(part)])
    return chosen


def fill_service(choir, service, cap=MAX_SERVICES_PER_MONTH):
    service.singers = pick_singers(choir, service, cap=cap)
    for singer in service.singers:
        singer.sung.append(service.day)
    short = service.short_parts()
    if short:
        logger.warning("%s on %s is short of %s", service.title, service.day, ", ".join(short))
    return service


def build_rota(choir, services):
    for service in sorted(services, key=lambda item: item.day):
        fill_service(choir, service)
    return services


def turns_taken(choir):
    sung = {singer.name: len(singer.sung) for singer in choir}
    return dict(sorted(sung.items(), key=lambda item: (-item[1], item[0])))


def rota_table(services, width=14):
    lines = []
    for service in services:
        names = ", ".join(singer.name for singer in service.singers) or "-"
        lines.append(f"{service.day:%d %b}  {service.title:<{width}} {names}")
    return "\n".join(lines)


def save_rota(services, folder, filename=ROTA_FILE):
    rows = [{"day": service.day.isoformat(), "title": service.title,
             "singers": [singer.name for singer in service.singers]} for service in services]
    path = Path(folder) / filename
    path.write_text(json.dumps(rows, indent=2))
    return path


def load_choir(path):
    data = json.loads(Path(path).read_text())
    choir = []
    for entry in data:
        if entry["part"] not in VOICE_PARTS:
            raise ValueError(f"{entry['name']}: unknown part {entry['part']!r}")
        away = {date.fromisoformat(day) for day in entry.get("away", [])}
        choir.append(Singer(entry["name"], entry["part"], away=away))
    logger.info("loaded %d singers from %s", len(choir), path)
    return choir

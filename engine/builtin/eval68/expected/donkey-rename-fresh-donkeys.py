"""Weekly rota for the seaside donkey rides on the north beach."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

MAX_RIDES_PER_DAY = 14
REST_MINUTES = 20
BEACH_OPEN_HOUR = 10
WEEKDAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclass
class Donkey:
    name: str
    age: int
    rides_today: int = 0
    notes: list[str] = field(default_factory=list)

    def is_tired(self) -> bool:
        return self.rides_today >= MAX_RIDES_PER_DAY

    def record_ride(self) -> None:
        self.rides_today += 1


class RideRota:
    """Assigns donkeys and handlers to time slots for one day."""

    def __init__(self, day: dt.date, handlers: list[str]) -> None:
        self.day = day
        self.handlers = list(handlers)
        self.slots: dict[str, list[str]] = {}
        self.herd: list[Donkey] = []

    def add_donkey(self, donkey: Donkey) -> None:
        self.herd.append(donkey)

    def available_donkeys(self) -> list[Donkey]:
        return [d for d in self.herd if not d.is_tired() and d.age >= 4]

    def assign_slot(self, slot_label: str, count: int = 3) -> list[str]:
        chosen = self.available_donkeys()[:count]
        for donkey in chosen:
            donkey.record_ride()
        self.slots[slot_label] = [d.name for d in chosen]
        return self.slots[slot_label]

    def handler_for(self, slot_index: int) -> str:
        if not self.handlers:
            return "unassigned"
        return self.handlers[slot_index % len(self.handlers)]

    def summary(self) -> str:
        weekday = WEEKDAY_NAMES[self.day.weekday()]
        lines = [f"Donkey rota for {weekday} {self.day.isoformat()}"]
        for index, (label, names) in enumerate(self.slots.items()):
            handler = self.handler_for(index)
            lines.append(f"{label}: {', '.join(names) or '-'} (led by {handler})")
        return "\n".join(lines)


def slot_labels(slot_count: int, start_hour: int = BEACH_OPEN_HOUR) -> list[str]:
    labels = []
    minutes = start_hour * 60
    for _ in range(slot_count):
        labels.append(f"{minutes // 60:02d}:{minutes % 60:02d}")
        minutes += 30 + REST_MINUTES
    return labels


def build_day_rota(day: dt.date, herd: list[Donkey], handlers: list[str], slot_count: int = 6) -> RideRota:
    rota = RideRota(day, handlers)
    for donkey in herd:
        rota.add_donkey(donkey)
    for label in slot_labels(slot_count):
        rota.assign_slot(label)
    return rota


def weekly_rota(start: dt.date, herd: list[Donkey], handlers: list[str]) -> list[RideRota]:
    rotas = []
    for offset in range(7):
        day = start + dt.timedelta(days=offset)
        for donkey in herd:
            donkey.rides_today = 0
        slot_count = 8 if day.weekday() >= 5 else 6
        rotas.append(build_day_rota(day, herd, handlers, slot_count=slot_count))
    return rotas


def overworked(rotas: list[RideRota], limit: int = MAX_RIDES_PER_DAY) -> list[str]:
    tally: dict[str, int] = {}
    for rota in rotas:
        for names in rota.slots.values():
            for name in names:
                tally[name] = tally.get(name, 0) + 1
    return sorted(name for name, rides in tally.items() if rides > limit * 5)


def print_week(start: dt.date, herd: list[Donkey], handlers: list[str]) -> None:
    rotas = weekly_rota(start, herd, handlers)
    for rota in rotas:
        print(rota.summary())
        print()
    tired = overworked(rotas)
    if tired:
        print("Give a day off to:", ", ".join(tired))

"""A dog walking round: dogs and their owners, walkers and their days off, booked walks, invoices."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

BASE_PRICE = 18.0
EXTRA_DOG_PRICE = 7.5
MAX_PACK_SIZE = 4
LONG_WALK_MINUTES = 60
LONG_WALK_SURCHARGE = 6.0
ROSTER_FILE = "roster.json"


@dataclass
class Dog:
    name: str
    owner: str
    size: str = "medium"
    reactive: bool = False


@dataclass
class Walker:
    name: str
    phone: str
    max_dogs: int = MAX_PACK_SIZE
    days_off: set[str] = field(default_factory=set)

    def works_on(self, day: date) -> bool:
        return day.strftime("%a") not in self.days_off


@dataclass
class Walk:
    walker: str
    start: datetime
    minutes: int
    dogs: list[str] = field(default_factory=list)
    done: bool = False

    @property
    def end(self) -> datetime:
        return self.start + timedelta(minutes=self.minutes)

    def overlaps(self, other: Walk) -> bool:
        return self.start < other.end and other.start < self.end


def walk_price(dog_count, minutes, *, base=BASE_PRICE, extra=EXTRA_DOG_PRICE):
    """Price of one walk for dog_count dogs from the same household."""
    price = base + extra * max(dog_count - 1, 0)
    if minutes >= LONG_WALK_MINUTES:
        price += LONG_WALK_SURCHARGE
    return round(price, 2)


class Schedule:
    def __init__(self, walkers, dogs):
        self.walkers = {walker.name: walker for walker in walkers}
        self.dogs = {dog.name: dog for dog in dogs}
        self.walks: list[Walk] = []

    def walks_for(self, walker_name, day=None):
        found = [walk for walk in self.walks if walk.walker == walker_name]
        if day is not None:
            found = [walk for walk in found if walk.start.date() == day]
        return sorted(found, key=lambda walk: walk.start)

    def book(self, walker_name, start, dog_names, minutes=45):
        walker = self.walkers[walker_name]
        if not walker.works_on(start.date()):
            raise ValueError(f"{walker_name} is off on {start:%A}")
        if len(dog_names) > walker.max_dogs:
            raise ValueError(f"{walker_name} takes at most {walker.max_dogs} dogs")
        if len(dog_names) > 1 and any(self.dogs[name].reactive for name in dog_names):
            raise ValueError("a reactive dog has to walk alone")
        walk = Walk(walker_name, start, minutes, list(dog_names))
        for other in self.walks_for(walker_name, start.date()):
            if walk.overlaps(other):
                raise ValueError(f"{walker_name} is already out at {other.start:%H:%M}")
        self.walks.append(walk)
        logger.info("booked %s with %s at %s", ", ".join(dog_names), walker_name, start)
        return walk

    def finish(self, walk):
        walk.done = True
        logger.debug("walk by %s at %s done", walk.walker, walk.start)


def weekly_invoice(schedule, owner, week_start):
    week_end = week_start + timedelta(days=7)
    lines = []
    total = 0.0
    for walk in schedule.walks:
        if not walk.done or not week_start <= walk.start.date() < week_end:
            continue
        theirs = [name for name in walk.dogs if schedule.dogs[name].owner == owner]
        if not theirs:
            continue
        price = walk_price(len(theirs), walk.minutes)
        lines.append((walk.start, theirs, price))
        total += price
    return lines, round(total, 2)


def format_invoice(owner, lines, total, currency="EUR"):
    rows = [f"Invoice for {owner}"]
    for start, names, price in lines:
        rows.append(f"{start:%a %d %b %H:%M}  {', '.join(names):<24} {price:>7.2f}")
    rows.append(f"{'Total':<42} {total:>7.2f} {currency}")
    return "\n".join(rows)


def load_roster(path=ROSTER_FILE):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    walkers = [
        Walker(item["name"], item["phone"], item.get("max_dogs", MAX_PACK_SIZE), set(item.get("days_off", [])))
        for item in data["walkers"]
    ]
    dogs = [Dog(**item) for item in data["dogs"]]
    logger.info("loaded %d walkers and %d dogs from %s", len(walkers), len(dogs), path)
    return Schedule(walkers, dogs)


def save_walks(schedule, path):
    rows = [{"walker": w.walker, "start": w.start.isoformat(), "minutes": w.minutes, "dogs": w.dogs} for w in schedule.walks]
    Path(path).write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return len(rows)

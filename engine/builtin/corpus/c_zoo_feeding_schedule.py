"""Daily feeding rota for the zoo's animal sections.

Keepers record each enclosure's diet sheet; this module turns the sheets
into a timed rota, checks the food store can cover it and flags animals
that have missed feeds.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict, namedtuple
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Iterable

log = logging.getLogger(__name__)

DIET_SHEET_FILE = "diet_sheets.json"
FIRST_FEED = time(8, 30)
LAST_FEED = time(17, 0)
FEED_SLOT = timedelta(minutes=20)
MISSED_FEED_LIMIT = 2
STORE_SAFETY_MARGIN = 1.15
PUBLIC_TALK_SPECIES = ("penguin", "sea lion", "otter", "meerkat")
SECTIONS = ("aquatics", "primates", "carnivores", "hoofstock", "birds", "reptile house")


DietItem = namedtuple("DietItem", "food grams supplement", defaults=(False,))


@dataclass
class Enclosure:
    code: str
    species: str
    section: str
    head_count: int
    feeds_per_day: int = 2
    diet: list[DietItem] = field(default_factory=list)
    fast_days: tuple[int, ...] = ()
    missed_feeds: int = 0

    def daily_grams(self, food: str | None = None) -> int:
        total = 0
        for item in self.diet:
            if food is None or item.food == food:
                total += item.grams * self.head_count
        return total * self.feeds_per_day

    def is_fast_day(self, day: date) -> bool:
        return day.weekday() in self.fast_days

    @property
    def has_public_talk(self) -> bool:
        return self.species.lower() in PUBLIC_TALK_SPECIES


@dataclass
class FeedSlot:
    start: datetime
    enclosure: Enclosure
    keeper: str
    public: bool = False

    @property
    def end(self) -> datetime:
        return self.start + FEED_SLOT

    def describe(self) -> str:
        label = " (keeper talk)" if self.public else ""
        return f"{self.start:%H:%M} {self.enclosure.code} {self.enclosure.species}{label} - {self.keeper}"


class FeedingRota:
    """Builds a day's feeding slots, keeping each keeper to one slot at a time."""

    def __init__(self, day: date, keepers: dict[str, list[str]]):
        self.day = day
        self.keepers = keepers
        self.slots: list[FeedSlot] = []
        self._busy_until: dict[str, datetime] = {}

    def _next_free(self, keeper: str, earliest: datetime) -> datetime:
        busy = self._busy_until.get(keeper)
        if busy is None or busy <= earliest:
            return earliest
        return busy

    def _pick_keeper(self, section: str, earliest: datetime) -> tuple[str, datetime]:
        team = self.keepers.get(section)
        if not team:
            raise LookupError(f"no keepers rostered for {section}")
        options = [(self._next_free(keeper, earliest), keeper) for keeper in team]
        start, keeper = min(options)
        return keeper, start

    def add_enclosure(self, enclosure: Enclosure) -> list[FeedSlot]:
        if enclosure.is_fast_day(self.day):
            log.info("%s is fasting today", enclosure.code)
            return []
        opening = datetime.combine(self.day, FIRST_FEED)
        closing = datetime.combine(self.day, LAST_FEED)
        gap = (closing - opening) / max(enclosure.feeds_per_day, 1)
        added = []
        for feed in range(enclosure.feeds_per_day):
            earliest = opening + gap * feed
            keeper, start = self._pick_keeper(enclosure.section, earliest)
            if start + FEED_SLOT > closing:
                log.warning("could not fit feed %d for %s", feed + 1, enclosure.code)
                break
            slot = FeedSlot(start, enclosure, keeper,
                            public=enclosure.has_public_talk and feed == 0)
            self._busy_until[keeper] = slot.end
            self.slots.append(slot)
            added.append(slot)
        return added

    def build(self, enclosures: Iterable[Enclosure]) -> list[FeedSlot]:
        for enclosure in sorted(enclosures, key=lambda e: (e.section, e.code)):
            self.add_enclosure(enclosure)
        self.slots.sort(key=lambda slot: slot.start)
        return self.slots

    def for_keeper(self, keeper: str) -> list[FeedSlot]:
        return [slot for slot in self.slots if slot.keeper == keeper]

    def printable(self) -> str:
        return "\n".join(slot.describe() for slot in self.slots)


def load_enclosures(path: Path | str = DIET_SHEET_FILE) -> list[Enclosure]:
    raw = json.loads(Path(path).read_text())
    enclosures = []
    for entry in raw:
        try:
            diet = [DietItem(**item) for item in entry.pop("diet", [])]
            section = entry.pop("section")
            if section not in SECTIONS:
                raise ValueError(f"unknown section {section!r}")
            fast_days = tuple(entry.pop("fast_days", ()))
            enclosures.append(Enclosure(section=section, diet=diet, fast_days=fast_days, **entry))
        except (KeyError, TypeError, ValueError) as exc:
            log.error("skipping bad diet sheet %r: %s", entry.get("code"), exc)
    return enclosures


def food_required(enclosures: Iterable[Enclosure], day: date) -> dict[str, float]:
    """Kilograms of each food needed for the day, including the safety margin."""
    grams: dict[str, int] = defaultdict(int)
    for enclosure in enclosures:
        if enclosure.is_fast_day(day):
            continue
        for item in enclosure.diet:
            grams[item.food] += item.grams * enclosure.head_count * enclosure.feeds_per_day
    return {food: round(total * STORE_SAFETY_MARGIN / 1000, 2) for food, total in grams.items()}


def store_shortfalls(required: dict[str, float], stock_kg: dict[str, float]) -> dict[str, float]:
    shortfalls = {}
    for food, needed in required.items():
        held = stock_kg.get(food, 0.0)
        if held < needed:
            shortfalls[food] = round(needed - held, 2)
    return shortfalls


def record_missed(enclosure: Enclosure, *, reason: str = "refused") -> bool:
    """Log a missed feed; returns True when the vet should be called."""
    enclosure.missed_feeds += 1
    log.info("%s missed a feed (%s), %d in a row", enclosure.code, reason, enclosure.missed_feeds)
    return enclosure.missed_feeds >= MISSED_FEED_LIMIT


def vet_watch_list(enclosures: Iterable[Enclosure]) -> list[str]:
    return [f"{e.code} {e.species}" for e in enclosures if e.missed_feeds >= MISSED_FEED_LIMIT]


def supplement_list(enclosures: Iterable[Enclosure], day: date) -> dict[str, list[str]]:
    """Which enclosures get vitamin or calcium supplements on their feeds today."""
    by_section: dict[str, list[str]] = defaultdict(list)
    for enclosure in enclosures:
        if enclosure.is_fast_day(day):
            continue
        extras = [item.food for item in enclosure.diet if item.supplement]
        if extras:
            by_section[enclosure.section].append(f"{enclosure.code}: {', '.join(extras)}")
    return {section: sorted(entries) for section, entries in by_section.items()}

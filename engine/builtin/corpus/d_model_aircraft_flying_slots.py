"""Flying slot allocation for the model aircraft club field.

The field allows a limited number of pilots in the air at once, quiet hours
for electric models only on Sunday mornings, and a noise cap for glow and
petrol engines. Slots are booked per frequency band and per pilot.
"""
from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple

log = logging.getLogger(__name__)

SLOT_MINUTES = 20
MAX_PILOTS_AIRBORNE = 4
FIELD_HOURS = (time(9, 0), time(19, 30))
QUIET_MORNING = (time(9, 0), time(12, 0))
NOISE_LIMIT_DB = 82.0
BOOKINGS_FILE = "flying_slots.json"
POWER_TYPES = ("electric", "glow", "petrol", "glider")
QUIET_POWER = ("electric", "glider")


@dataclass
class Pilot:
    member_no: int
    name: str
    solo_certified: bool = True
    instructor: bool = False
    # model name -> (power type, measured noise in dB at 7 m)
    models: Dict[str, Tuple[str, float]] = field(default_factory=dict)

    def add_model(self, name: str, power: str, noise_db: float = 0.0) -> None:
        if power not in POWER_TYPES:
            raise ValueError(f"unknown power type {power!r}")
        self.models[name] = (power, noise_db)

    def model(self, name: str) -> Optional[Tuple[str, str, float]]:
        for model_name, (power, noise_db) in self.models.items():
            if model_name.lower() == name.lower():
                return model_name, power, noise_db
        return None


@dataclass
class Slot:
    start: datetime
    member_no: int
    model_name: str
    with_instructor: Optional[int] = None

    @property
    def end(self) -> datetime:
        return self.start + timedelta(minutes=SLOT_MINUTES)

    def overlaps(self, other: "Slot") -> bool:
        return self.start < other.end and other.start < self.end


class FlyingRoster:
    """All booked slots for one flying day."""

    def __init__(self, day: date, max_airborne: int = MAX_PILOTS_AIRBORNE) -> None:
        self.day = day
        self.max_airborne = max_airborne
        self.slots: List[Slot] = []
        self.pilots: Dict[int, Pilot] = {}

    def register(self, pilot: Pilot) -> None:
        self.pilots[pilot.member_no] = pilot

    def slot_starts(self) -> Iterator[datetime]:
        opening, closing = FIELD_HOURS
        current = datetime.combine(self.day, opening)
        last = datetime.combine(self.day, closing) - timedelta(minutes=SLOT_MINUTES)
        while current <= last:
            yield current
            current += timedelta(minutes=SLOT_MINUTES)

    def airborne_at(self, moment: datetime) -> List[Slot]:
        return [s for s in self.slots if s.start <= moment < s.end]

    def _check_quiet_hours(self, slot: Slot, power: str) -> None:
        if self.day.weekday() != 6 or power in QUIET_POWER:
            return
        quiet_start, quiet_end = QUIET_MORNING
        if quiet_start <= slot.start.time() < quiet_end:
            raise ValueError(f"{power} models may not fly before {quiet_end:%H:%M} on Sundays")

    def book(self, member_no: int, model_name: str, start: datetime, *,
             instructor_no: Optional[int] = None) -> Slot:
        pilot = self.pilots.get(member_no)
        if pilot is None:
            raise ValueError(f"member {member_no} is not registered today")
        model = pilot.model(model_name)
        if model is None:
            raise ValueError(f"{pilot.name} has no model called {model_name!r}")
        model_name, power, noise_db = model
        if noise_db > NOISE_LIMIT_DB:
            raise ValueError(f"{model_name} measured {noise_db} dB, limit {NOISE_LIMIT_DB}")
        if not pilot.solo_certified:
            if instructor_no is None or not self.pilots.get(instructor_no, pilot).instructor:
                raise ValueError(f"{pilot.name} needs an instructor on the buddy lead")
        slot = Slot(start=start, member_no=member_no, model_name=model_name,
                    with_instructor=instructor_no)
        self._check_quiet_hours(slot, power)
        clashes = [s for s in self.slots if s.overlaps(slot)]
        if any(s.member_no == member_no for s in clashes):
            raise ValueError(f"{pilot.name} already has a slot at {start:%H:%M}")
        if len(clashes) >= self.max_airborne:
            raise ValueError(f"{start:%H:%M} already has {len(clashes)} pilots airborne")
        self.slots.append(slot)
        log.info("booked %s for %s at %s", model_name, pilot.name, start.strftime("%H:%M"))
        return slot

    def cancel(self, member_no: int, start: datetime) -> bool:
        before = len(self.slots)
        self.slots = [s for s in self.slots
                      if not (s.member_no == member_no and s.start == start)]
        return len(self.slots) < before

    def free_slots(self) -> List[Tuple[datetime, int]]:
        free = []
        for start in self.slot_starts():
            in_air = len(self.airborne_at(start))
            if in_air < self.max_airborne:
                free.append((start, self.max_airborne - in_air))
        return free

    def hours_flown(self, member_no: int) -> float:
        count = sum(1 for s in self.slots if s.member_no == member_no)
        return count * SLOT_MINUTES / 60

    def to_json(self) -> str:
        payload = {
            "day": self.day.isoformat(),
            "slots": [
                {**asdict(s), "start": s.start.isoformat()} for s in sorted(self.slots, key=lambda s: s.start)
            ],
        }
        return json.dumps(payload, indent=2)

    @classmethod
    def from_json(cls, text: str, pilots: List[Pilot]) -> "FlyingRoster":
        payload = json.loads(text)
        roster = cls(date.fromisoformat(payload["day"]))
        for pilot in pilots:
            roster.register(pilot)
        for raw in payload.get("slots", []):
            raw["start"] = datetime.fromisoformat(raw["start"])
            roster.slots.append(Slot(**raw))
        return roster


def save_roster(roster: FlyingRoster, folder: Path, filename: str = BOOKINGS_FILE) -> Path:
    path = folder / f"{roster.day.isoformat()}_{filename}"
    path.write_text(roster.to_json(), encoding="utf-8")
    return path


def load_roster(folder: Path, day: date, pilots: List[Pilot],
                filename: str = BOOKINGS_FILE) -> FlyingRoster:
    path = folder / f"{day.isoformat()}_{filename}"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        log.warning("no roster saved for %s, starting empty", day)
        roster = FlyingRoster(day)
        for pilot in pilots:
            roster.register(pilot)
        return roster
    return FlyingRoster.from_json(text, pilots)


def busiest_slot(roster: FlyingRoster) -> Optional[datetime]:
    counts = {start: len(roster.airborne_at(start)) for start in roster.slot_starts()}
    if not counts or max(counts.values()) == 0:
        return None
    return max(counts, key=counts.get)

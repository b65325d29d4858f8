"""Observation log for an amateur astronomy society.

Members log what they observed, with what instrument, and under what sky.
The log can be searched, summarised per season and checked against the
society's Messier marathon list.
"""

from __future__ import annotations

import csv
import json
import math
import re
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Iterable, Optional

LOG_FILE = Path("observations.jsonl")
MESSIER_COUNT = 110
BORTLE_LIMIT_FOR_GALAXIES = 5
MIN_ALTITUDE_DEG = 15.0
CATALOGUE_PATTERN = re.compile(r"^(M|NGC|IC)\s?(\d{1,4})$", re.IGNORECASE)
SEEING_SCALE = ("very poor", "poor", "moderate", "good", "excellent")
TARGET_KINDS = ("planet", "moon", "double star", "open cluster", "globular cluster", "nebula", "galaxy")


@dataclass
class Instrument:
    name: str
    aperture_mm: int
    focal_length_mm: int

    @property
    def focal_ratio(self) -> float:
        return round(self.focal_length_mm / self.aperture_mm, 1)

    def magnification(self, eyepiece_mm: float) -> float:
        return round(self.focal_length_mm / eyepiece_mm, 1)

    def limiting_magnitude(self) -> float:
        return round(2.7 + 5 * math.log10(self.aperture_mm), 1)

    def max_useful_magnification(self) -> int:
        return self.aperture_mm * 2


@dataclass
class Observation:
    observer: str
    target: str
    kind: str
    observed_at: datetime
    instrument: str
    eyepiece_mm: Optional[float] = None
    seeing: int = 3
    bortle: int = 5
    altitude_deg: Optional[float] = None
    notes: str = ""
    sketched: bool = False

    @property
    def catalogue_id(self) -> Optional[str]:
        match = CATALOGUE_PATTERN.match(self.target.strip())
        if not match:
            return None
        prefix, number = match.groups()
        return f"{prefix.upper()}{int(number)}"

    @property
    def seeing_label(self) -> str:
        return SEEING_SCALE[max(1, min(self.seeing, 5)) - 1]


def season_of(moment: datetime) -> str:
    month = moment.month
    if month in (12, 1, 2):
        return "winter"
    if month in (3, 4, 5):
        return "spring"
    if month in (6, 7, 8):
        return "summer"
    return "autumn"


def observing_night(moment: datetime) -> str:
    """Observations after midnight belong to the previous evening's session."""
    shifted = moment - timedelta(hours=12)
    return shifted.date().isoformat()


class ObservationLog:
    def __init__(self, instruments: Iterable[Instrument] = ()):
        self.instruments = {i.name: i for i in instruments}
        self.observations: list[Observation] = []

    def add(self, observation: Observation) -> list[str]:
        """Store an observation and return any warnings about it."""
        if observation.kind not in TARGET_KINDS:
            raise ValueError(f"unknown target kind {observation.kind!r}")
        warnings = []
        if observation.altitude_deg is not None and observation.altitude_deg < MIN_ALTITUDE_DEG:
            warnings.append(f"{observation.target} was only {observation.altitude_deg} deg up")
        if observation.kind == "galaxy" and observation.bortle > BORTLE_LIMIT_FOR_GALAXIES:
            warnings.append(f"galaxy logged under Bortle {observation.bortle} sky")
        scope = self.instruments.get(observation.instrument)
        if scope and observation.eyepiece_mm:
            power = scope.magnification(observation.eyepiece_mm)
            if power > scope.max_useful_magnification():
                warnings.append(f"{power}x is beyond {scope.name}'s useful limit")
        self.observations.append(observation)
        return warnings

    def by_observer(self, observer: str) -> list[Observation]:
        return [o for o in self.observations if o.observer == observer]

    def search(self, text: str, *, kind: Optional[str] = None) -> list[Observation]:
        needle = text.lower()
        return [
            o for o in self.observations
            if (needle in o.target.lower() or needle in o.notes.lower())
            and (kind is None or o.kind == kind)
        ]

    def messier_progress(self, observer: str) -> tuple[int, float]:
        seen = {o.catalogue_id for o in self.by_observer(observer)
                if o.catalogue_id and o.catalogue_id.startswith("M")}
        return len(seen), round(100 * len(seen) / MESSIER_COUNT, 1)

    def sessions(self) -> dict[str, list[Observation]]:
        nights: dict[str, list[Observation]] = defaultdict(list)
        for observation in sorted(self.observations, key=lambda o: o.observed_at):
            nights[observing_night(observation.observed_at)].append(observation)
        return dict(nights)

    def season_summary(self) -> dict[str, Counter]:
        summary: dict[str, Counter] = defaultdict(Counter)
        for observation in self.observations:
            summary[season_of(observation.observed_at)][observation.kind] += 1
        return dict(summary)

    def best_nights(self, top: int = 5) -> list[tuple[str, float]]:
        scored = []
        for night, observations in self.sessions().items():
            average_seeing = sum(o.seeing for o in observations) / len(observations)
            scored.append((night, round(average_seeing, 2)))
        return sorted(scored, key=lambda entry: entry[1], reverse=True)[:top]

    def save(self, path: Path = LOG_FILE) -> None:
        with path.open("w") as handle:
            for observation in self.observations:
                record = asdict(observation)
                record["observed_at"] = observation.observed_at.isoformat()
                handle.write(json.dumps(record) + "\n")

    @classmethod
    def load(cls, path: Path = LOG_FILE, instruments: Iterable[Instrument] = ()) -> "ObservationLog":
        log = cls(instruments)
        if not path.exists():
            return log
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            record = json.loads(line)
            record["observed_at"] = datetime.fromisoformat(record["observed_at"])
            log.observations.append(Observation(**record))
        return log


def export_society_report(log: ObservationLog, path: Path, *, members: Optional[list[str]] = None) -> int:
    observers = members or sorted({o.observer for o in log.observations})
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["observer", "observations", "messier", "messier_pct", "sketches"])
        for observer in observers:
            mine = log.by_observer(observer)
            count, percent = log.messier_progress(observer)
            writer.writerow([observer, len(mine), count, percent, sum(o.sketched for o in mine)])
    return len(observers)


if __name__ == "__main__":
    society_log = ObservationLog.load()
    for night, score in society_log.best_nights():
        print(f"{night}: seeing {score}")

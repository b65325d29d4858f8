"""Lighthouse keeping: lamp hours, lens cleaning rota and fog signal log."""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

LAMP_RATED_HOURS = 2000
LENS_CLEAN_EVERY_DAYS = 7
FOG_SIGNAL_INTERVAL_S = 30
SPARE_LAMPS_MINIMUM = 4


@dataclass
class Lamp:
    serial: str
    fitted: datetime
    hours_run: float = 0.0

    def remaining_hours(self) -> float:
        return max(LAMP_RATED_HOURS - self.hours_run, 0.0)


@dataclass
class Station:
    name: str
    lamp: Lamp
    spare_lamps: int
    last_lens_clean: datetime
    fog_log: list[tuple[datetime, datetime]] = field(default_factory=list)

    def lens_due(self, now: datetime) -> bool:
        return now - self.last_lens_clean >= timedelta(days=LENS_CLEAN_EVERY_DAYS)


def run_night(station: Station, dusk: datetime, dawn: datetime) -> float:
    """Add the hours between dusk and dawn to the lamp and return them."""
    hours = (dawn - dusk).total_seconds() / 3600
    station.lamp.hours_run += hours
    return hours


def swap_lamp(station: Station, new_serial: str, when: datetime, reason: str = "worn") -> Lamp:
    if station.spare_lamps == 0:
        raise RuntimeError("no spare lamps left")
    old = station.lamp
    station.lamp = Lamp(new_serial, when)
    station.spare_lamps -= 1
    return old


def lamp_warning(station, margin_hours=100):
    left = station.lamp.remaining_hours()
    if left <= 0:
        return "lamp past rated life"
    if left < margin_hours:
        return "lamp near end of life"
    return ""


def fog_blasts(start: datetime, end: datetime) -> int:
    seconds = (end - start).total_seconds()
    return int(seconds // FOG_SIGNAL_INTERVAL_S) + 1


def log_fog(station: Station, start: datetime, end: datetime) -> int:
    station.fog_log.append((start, end))
    return fog_blasts(start, end)


def fog_hours(station: Station, since: datetime) -> float:
    total = 0.0
    for start, end in station.fog_log:
        if start >= since:
            total += (end - start).total_seconds() / 3600
    return round(total, 1)


def order_spares(station: Station, minimum: int = SPARE_LAMPS_MINIMUM) -> int:
    if station.spare_lamps >= minimum:
        return 0
    return minimum - station.spare_lamps


def clean_lens(station: Station, when: datetime, keeper: str) -> None:
    station.last_lens_clean = when


def export_fog_log(station: Station, path: Path) -> int:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["start", "end", "blasts"])
        for start, end in station.fog_log:
            writer.writerow([start.isoformat(), end.isoformat(), fog_blasts(start, end)])
    return len(station.fog_log)


def nightly_report(station: Station, now: datetime) -> list[str]:
    lines = [f"Station {station.name}"]
    lines.append(f"lamp {station.lamp.serial}: {station.lamp.remaining_hours():.0f} h left")
    warning = lamp_warning(station)
    if warning:
        lines.append(warning)
    if station.lens_due(now):
        lines.append("lens cleaning due")
    lines.append(f"spares: {station.spare_lamps}")
    return lines


def average_night_hours(nights: list[tuple[datetime, datetime]]) -> float:
    total = sum((dawn - dusk).total_seconds() for dusk, dawn in nights)
    return round(total / len(nights) / 3600, 2)

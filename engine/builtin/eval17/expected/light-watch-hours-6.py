"""The keeper's log for a lighthouse: lamp hours, fog signals and weather."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

logger = logging.getLogger(__name__)

LAMP_LIFE_HOURS = 2000
FOG_VISIBILITY_NM = 2.0
BEAUFORT_GALE = 8


@dataclass
class WeatherEntry:
    logged_at: datetime
    wind_force: int
    visibility_nm: float
    sea_state: str

    def is_gale(self) -> bool:
        return self.wind_force >= BEAUFORT_GALE


class KeeperLog:
    def __init__(self, station: str) -> None:
        self.station = station
        self.weather: list[WeatherEntry] = []
        self.lamp_hours = 0.0
        self.fog_signal_minutes = 0

    def add_weather(self, entry: WeatherEntry) -> None:
        self.weather.append(entry)
        if entry.visibility_nm < FOG_VISIBILITY_NM:
            logger.info("fog at %s: %.1f nm", self.station, entry.visibility_nm)

    def light_lamp(self, lit_at: datetime, out_at: datetime) -> float:
        hours = (out_at - lit_at).total_seconds() / 3600
        self.lamp_hours += hours
        return hours

    def sound_fog_signal(self, minutes: int) -> None:
        self.fog_signal_minutes += minutes

    def lamp_needs_change(self) -> bool:
        return self.lamp_hours >= LAMP_LIFE_HOURS


def gales_in(log: KeeperLog, since: datetime) -> list[WeatherEntry]:
    return [w for w in log.weather if w.logged_at >= since and w.is_gale()]


def foggy_watches(log: KeeperLog, threshold_nm: float = FOG_VISIBILITY_NM) -> int:
    return sum(1 for w in log.weather if w.visibility_nm < threshold_nm)


def parse_entry(line: str) -> WeatherEntry:
    stamp, force, vis, sea = line.split("|")
    return WeatherEntry(
        logged_at=datetime.strptime(stamp.strip(), "%Y-%m-%d %H:%M"),
        wind_force=int(force),
        visibility_nm=float(vis),
        sea_state=sea.strip(),
    )


def import_lines(log: KeeperLog, lines: list[str]) -> int:
    count = 0
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        entry = parse_entry(line)
        log.add_weather(entry)
        count += 1
    return count


def watch_schedule(start: datetime, keepers: list[str], watch_hours: int = 6) -> list[tuple[str, datetime]]:
    slots = []
    for i in range(24 // watch_hours):
        keeper = keepers[i % len(keepers)]
        slots.append((keeper, start + timedelta(hours=i * watch_hours)))
    return slots


def beaufort_label(force):
    labels = ["calm", "light air", "light breeze", "gentle breeze", "moderate breeze",
              "fresh breeze", "strong breeze", "near gale", "gale", "strong gale"]
    return labels[min(force, len(labels) - 1)]


def monthly_summary(log: KeeperLog, month: int, include_sea: bool) -> str:
    entries = [w for w in log.weather if w.logged_at.month == month]
    gales = sum(1 for w in entries if w.is_gale())
    lines = [f"{log.station} month {month}"]
    lines.append(f"entries: {len(entries)}, gales: {gales}")
    lines.append(f"lamp hours to date: {log.lamp_hours:.0f}")
    return "\n".join(lines)


def print_summary(log: KeeperLog, month: int) -> None:
    text = monthly_summary(log, month, include_sea=True)
    logger.debug("summary is %d lines", text.count("\n") + 1)
    print(text)

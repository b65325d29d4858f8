"""Furnace log for the glassblowing studio: temperature readings, gathers and shift reports."""

import statistics
from dataclasses import dataclass, field
from datetime import datetime, timedelta

IDLE_TEMP_C = 1040
WORKING_TEMP_C = 1150
MAX_GATHERS_PER_HOUR = 24
LOG_TIME_FORMAT = "%Y-%m-%d %H:%M"
GLORY_HOLE_NAMES = ("left", "right", "small")


def parse_reading(line, sep=","):
    stamp, furnace_id, temp = line.strip().split(sep)
    when = datetime.strptime(stamp, LOG_TIME_FORMAT)
    return {"when": when, "furnace": furnace_id, "temp_c": float(temp)}


def is_working_heat(temp_c, tolerance=15):
    return temp_c >= WORKING_TEMP_C - tolerance


def summarize_readings(readings, furnace_id=None):
    chosen = [r for r in readings if furnace_id is None or r["furnace"] == furnace_id]
    if not chosen:
        return {"count": 0, "mean_c": None, "hot_share": 0.0, "cold": 0}
    temps = [r["temp_c"] for r in chosen]
    hot = sum(1 for t in temps if is_working_heat(t))
    return {
        "count": len(temps),
        "mean_c": round(statistics.mean(temps), 1),
        "hot_share": hot / len(temps),
        "cold": sum(1 for t in temps if t < IDLE_TEMP_C),
    }


@dataclass
class Gather:
    artist: str
    glory_hole: str
    grams: int
    taken_at: datetime


@dataclass
class FurnaceShift:
    furnace_id: str
    opened_at: datetime
    crucible_kg: float = 90.0
    gathers: list = field(default_factory=list)
    readings: list = field(default_factory=list)

    def record_reading(self, line):
        reading = parse_reading(line)
        if reading["furnace"] != self.furnace_id:
            raise ValueError(f"reading for {reading['furnace']} logged on {self.furnace_id}")
        self.readings.append(reading)
        return reading

    def take_gather(self, artist, grams, glory_hole="left", when=None):
        if glory_hole not in GLORY_HOLE_NAMES:
            raise ValueError(f"unknown glory hole: {glory_hole}")
        when = when or datetime.now()
        recent = self.gathers_since(when - timedelta(hours=1))
        if len(recent) >= MAX_GATHERS_PER_HOUR:
            raise RuntimeError("furnace needs to recover before the next gather")
        gather = Gather(artist, glory_hole, grams, when)
        self.gathers.append(gather)
        self.crucible_kg -= grams / 1000
        return gather

    def gathers_since(self, start):
        return [g for g in self.gathers if g.taken_at >= start]

    def glass_left_kg(self):
        return max(self.crucible_kg, 0.0)

    def shift_report(self):
        stats = summarize_readings(self.readings, furnace_id=self.furnace_id)
        by_artist = {}
        for g in self.gathers:
            by_artist[g.artist] = by_artist.get(g.artist, 0) + g.grams
        return {
            "furnace": self.furnace_id,
            "opened": self.opened_at.strftime(LOG_TIME_FORMAT),
            "readings": stats,
            "grams_by_artist": by_artist,
            "glass_left_kg": round(self.glass_left_kg(), 2),
        }


def format_report(report, width=40):
    lines = [f"Furnace {report['furnace']} opened {report['opened']}".ljust(width)]
    stats = report["readings"]
    if stats["count"]:
        lines.append(f"  mean {stats['mean_c']} C over {stats['count']} readings")
        lines.append(f"  at working heat {stats['hot_share']:.0%} of the time")
        lines.append(f"  below idle heat {stats['cold']} times")
    else:
        lines.append("  no readings logged")
    for artist, grams in sorted(report["grams_by_artist"].items()):
        lines.append(f"  {artist:<20}{grams:>8} g")
    lines.append(f"  glass left: {report['glass_left_kg']} kg")
    return "\n".join(lines)

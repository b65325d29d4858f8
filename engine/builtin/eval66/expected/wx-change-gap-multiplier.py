"""Readings collected from the hilltop weather station."""

import statistics
from dataclasses import dataclass
from datetime import datetime, timedelta

STATION_ID = "HILL-07"
MAX_GUST_KPH = 180.0
FROST_THRESHOLD_C = 0.0
SAMPLE_INTERVAL_MIN = 10
UNITS_LABEL = "metric"


@dataclass
class Reading:
    taken_at: datetime
    temperature_c: float
    humidity_pct: float
    gust_kph: float = 0.0
    rain_mm: float = 0.0


def parse_reading(line, separator=","):
    parts = [part.strip() for part in line.split(separator)]
    if len(parts) < 3:
        raise ValueError(f"short reading line: {line!r}")
    taken_at = datetime.fromisoformat(parts[0])
    temperature = float(parts[1])
    humidity = float(parts[2])
    gust = float(parts[3]) if len(parts) > 3 else 0.0
    rain = float(parts[4]) if len(parts) > 4 else 0.0
    return Reading(taken_at, temperature, humidity, gust, rain)


def is_plausible(reading, max_gust=MAX_GUST_KPH):
    if not -60.0 <= reading.temperature_c <= 60.0:
        return False
    if not 0.0 <= reading.humidity_pct <= 100.0:
        return False
    return 0.0 <= reading.gust_kph <= max_gust


def load_readings(lines, separator=",", max_gust=MAX_GUST_KPH):
    readings = []
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        reading = parse_reading(line, separator=separator)
        if is_plausible(reading, max_gust=max_gust):
            readings.append(reading)
    return readings


class ReadingLog:
    def __init__(self, station_id=STATION_ID, interval_min=SAMPLE_INTERVAL_MIN):
        self.station_id = station_id
        self.interval = timedelta(minutes=interval_min)
        self.readings = []
        self.rejected = 0

    def add(self, reading):
        if not is_plausible(reading):
            self.rejected += 1
            return False
        self.readings.append(reading)
        return True

    def extend_from_lines(self, lines, separator=","):
        accepted = 0
        for reading in load_readings(lines, separator=separator):
            if self.add(reading):
                accepted += 1
        return accepted

    def frost_hours(self):
        frosty = [r for r in self.readings if r.temperature_c <= FROST_THRESHOLD_C]
        return len(frosty) * self.interval.total_seconds() / 3600

    def gaps(self):
        ordered = sorted(self.readings, key=lambda r: r.taken_at)
        missing = []
        for earlier, later in zip(ordered, ordered[1:]):
            if later.taken_at - earlier.taken_at > self.interval * 3:
                missing.append((earlier.taken_at, later.taken_at))
        return missing

    def daily_summary(self, day):
        todays = [r for r in self.readings if r.taken_at.date() == day]
        if not todays:
            return None
        temps = [r.temperature_c for r in todays]
        return {
            "day": day,
            "low_c": min(temps),
            "high_c": max(temps),
            "mean_c": round(statistics.mean(temps), 1),
            "rain_mm": round(sum(r.rain_mm for r in todays), 1),
            "frost": min(temps) <= FROST_THRESHOLD_C,
        }


def format_report(log, days):
    if not isinstance(log, ReadingLog):
        raise TypeError(f"expected a log, got {type(log).__name__}")
    lines = [f"Station {log.station_id} ({UNITS_LABEL})"]
    for day in days:
        summary = log.daily_summary(day)
        if summary is None:
            lines.append(f"{day}: no readings")
            continue
        label = "frost" if summary["frost"] else "clear"
        lines.append(
            f"{day}: {summary['low_c']}..{summary['high_c']} C, "
            f"{summary['rain_mm']} mm ({label})"
        )
    lines.append(f"Frost hours: {log.frost_hours():.1f}")
    lines.append(f"Rejected readings: {log.rejected}")
    return "\n".join(lines)

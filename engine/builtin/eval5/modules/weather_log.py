"""A weather station's log: sensor readings, daily summaries and alerts."""

import json
import logging
import statistics
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path

logger = logging.getLogger(__name__)

STATION_ID = "WS-114"
FREEZING_C = 0.0
GALE_KMH = 62
MIN_PLAUSIBLE_C = -90.0
MAX_PLAUSIBLE_C = 60.0


@dataclass
class Reading:
    taken_at: datetime
    temperature_c: float
    humidity: float
    wind_kmh: float = 0.0
    rain_mm: float = 0.0

    @property
    def day(self):
        return self.taken_at.date().isoformat()

    def plausible(self):
        if not MIN_PLAUSIBLE_C <= self.temperature_c <= MAX_PLAUSIBLE_C:
            return False
        return 0 <= self.humidity <= 100 and self.wind_kmh >= 0

    def to_json(self):
        data = asdict(self)
        data["taken_at"] = self.taken_at.isoformat()
        return json.dumps(data)


def celsius_to_fahrenheit(celsius):
    return celsius * 9 / 5 + 32


def dew_point(temperature_c, humidity, a=17.27, b=237.7):
    gamma = a * temperature_c / (b + temperature_c) + math.log(humidity / 100)
    return b * gamma / (a - gamma)


class StationLog:
    def __init__(self, path, station_id=STATION_ID):
        self.path = Path(path)
        self.station_id = station_id
        self.readings = []
        self.rejected = 0

    def add(self, reading):
        if not reading.plausible():
            self.rejected += 1
            logger.warning("rejected reading at %s", reading.taken_at)
            return False
        self.readings.append(reading)
        return True

    def by_day(self):
        days = {}
        for reading in self.readings:
            days.setdefault(reading.day, []).append(reading)
        return days

    def daily_summary(self, day):
        readings = self.by_day().get(day, [])
        if not readings:
            return None
        temperatures = [r.temperature_c for r in readings]
        return {
            "day": day,
            "low": min(temperatures),
            "high": max(temperatures),
            "mean": round(statistics.fmean(temperatures), 1),
            "rain_mm": round(sum(r.rain_mm for r in readings), 1),
            "max_wind_kmh": max(r.wind_kmh for r in readings),
        }

    def alerts(self, gale_kmh=GALE_KMH):
        found = []
        for reading in self.readings:
            if reading.temperature_c <= FREEZING_C:
                found.append(f"{reading.taken_at:%H:%M} frost {reading.temperature_c:.1f} C")
            if reading.wind_kmh >= gale_kmh:
                found.append(f"{reading.taken_at:%H:%M} gale {reading.wind_kmh:.0f} km/h")
        return found

    def save(self):
        with self.path.open("w", encoding="utf-8") as handle:
            for reading in self.readings:
                handle.write(reading.to_json() + "\n")
        logger.info("saved %d readings to %s", len(self.readings), self.path)


def parse_line(line):
    data = json.loads(line)
    data["taken_at"] = datetime.fromisoformat(data["taken_at"])
    return Reading(**data)


def load_log(path, station_id=STATION_ID, skip_blank=True):
    log = StationLog(path, station_id)
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if skip_blank and not line.strip():
            continue
        log.add(parse_line(line))
    return log


def format_summary(summary, fahrenheit=False):
    unit = "F" if fahrenheit else "C"
    low, high = summary["low"], summary["high"]
    if fahrenheit:
        low, high = celsius_to_fahrenheit(low), celsius_to_fahrenheit(high)
    return f"{summary['day']}: {low:.1f} to {high:.1f} {unit}, {summary['rain_mm']} mm of rain"

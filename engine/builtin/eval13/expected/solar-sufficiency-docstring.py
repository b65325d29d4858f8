"""Rooftop solar at home: daily meter readings, self-consumption, savings, a monthly yield check."""

import json
import logging
from dataclasses import dataclass
from datetime import date
from pathlib import Path

log = logging.getLogger(__name__)

PANEL_KWP = 4.2
IMPORT_RATE = 0.32
EXPORT_RATE = 0.15
PERFORMANCE_RATIO = 0.8
READINGS_FILE = "solar_readings.json"
# kWh per installed kWp in a typical month, for a roof facing south
MONTHLY_YIELD = {1: 25, 2: 45, 3: 80, 4: 115, 5: 135, 6: 140,
                 7: 140, 8: 120, 9: 90, 10: 60, 11: 30, 12: 20}


@dataclass
class MeterReading:
    day: date
    generated_kwh: float
    imported_kwh: float
    exported_kwh: float

    def used_kwh(self):
        return self.generated_kwh - self.exported_kwh + self.imported_kwh


def self_consumed(reading):
    return reading.generated_kwh - reading.exported_kwh


def day_value(reading):
    return self_consumed(reading) * IMPORT_RATE + reading.exported_kwh * EXPORT_RATE


def expected_kwh(month, kwp=PANEL_KWP):
    return MONTHLY_YIELD[month] * kwp * PERFORMANCE_RATIO


class SolarMeter:
    def __init__(self, readings=None):
        self.readings = list(readings or [])

    def add(self, reading):
        if reading.exported_kwh > reading.generated_kwh:
            raise ValueError(f"{reading.day}: exported more than generated")
        self.readings.append(reading)

    def in_month(self, year, month):
        return [r for r in self.readings if (r.day.year, r.day.month) == (year, month)]

    def self_sufficiency(self):
        """Share of the household's electricity use covered by its own panels."""
        used = sum(r.used_kwh() for r in self.readings)
        if not used:
            return 0.0
        return sum(self_consumed(r) for r in self.readings) / used

    def worst_day(self):
        return min(self.readings, key=lambda r: r.generated_kwh, default=None)


def monthly_summary(meter, year, month):
    days = meter.in_month(year, month)
    generated = sum(r.generated_kwh for r in days)
    target = expected_kwh(month)
    return {
        "month": f"{year}-{month:02d}",
        "generated_kwh": round(generated, 1),
        "expected_kwh": round(target, 1),
        "savings": round(sum(day_value(r) for r in days), 2),
        "on_track": generated >= target * len(days) / 30,
    }


def print_summary(summary):
    for key, value in summary.items():
        print(f"{key:>14}: {value}")


def save_readings(meter, path=READINGS_FILE):
    data = [
        {"day": r.day.isoformat(), "generated": r.generated_kwh,
         "imported": r.imported_kwh, "exported": r.exported_kwh}
        for r in meter.readings
    ]
    Path(path).write_text(json.dumps(data, indent=2))
    log.info("saved %d readings to %s", len(data), path)


def load_readings(path=READINGS_FILE):
    raw = json.loads(Path(path).read_text())
    readings = []
    for item in raw:
        readings.append(MeterReading(date.fromisoformat(item["day"]), item["generated"],
                                     item["imported"], item["exported"]))
    log.info("loaded %d readings from %s", len(readings), path)
    return SolarMeter(readings)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    meter = SolarMeter()
    meter.add(MeterReading(date(2025, 6, 1), 21.4, 3.1, 12.0))
    meter.add(MeterReading(date(2025, 6, 2), 9.8, 7.5, 2.2))
    meter.add(MeterReading(date(2025, 6, 3), 18.9, 4.0, 9.6))
    print_summary(monthly_summary(meter, 2025, 6))
    print(f"self-sufficiency {meter.self_sufficiency():.0%}, worst day {meter.worst_day().day}")
    print(f"best day saved {max(day_value(r) for r in meter.readings):.2f}")
    save_readings(meter)
    print(len(load_readings().readings), "readings reloaded")

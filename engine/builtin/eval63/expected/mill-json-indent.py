"""Milling days at the post windmill: wind readings, grain sacks and the flour they give."""

import json
import statistics
from pathlib import Path

MIN_WIND_KNOTS = 12
MAX_WIND_KNOTS = 32
FLOUR_YIELD = 0.78
SACK_WEIGHT_KG = 25
STONE_DRESSING_HOURS = 120
LOG_DIR = Path("mill_logs")


class Millstone:
    def __init__(self, name, hours_since_dressing=0.0):
        self.name = name
        self.hours_since_dressing = hours_since_dressing
        self.grain_milled_kg = 0.0

    def needs_dressing(self):
        return self.hours_since_dressing >= STONE_DRESSING_HOURS

    def run(self, hours, kg_per_hour):
        self.hours_since_dressing += hours
        milled = hours * kg_per_hour
        self.grain_milled_kg += milled
        return milled


class MillingDay:
    def __init__(self, date, miller, wind_readings):
        self.date = date
        self.miller = miller
        self.wind_readings = list(wind_readings)
        self.sacks_in = 0
        self.flour_kg = 0.0
        self.notes = []

    def mean_wind(self):
        if not self.wind_readings:
            return 0.0
        return statistics.mean(self.wind_readings)

    def good_readings(self, low=MIN_WIND_KNOTS, high=MAX_WIND_KNOTS):
        return [r for r in self.wind_readings if low <= r <= high]

    def can_mill(self):
        return len(self.good_readings()) > 0

    def add_sacks(self, count):
        self.sacks_in += count
        self.notes.append(f"{count} sacks received")

    def flour_bags(self, bag_kg=1.5):
        return int(self.flour_kg // bag_kg)

    def to_record(self):
        return {
            "date": self.date,
            "miller": self.miller,
            "sacks": self.sacks_in,
            "flour_kg": round(self.flour_kg, 1),
            "mean_wind": round(self.mean_wind(), 1),
        }

    def save(self, log_dir=LOG_DIR):
        log_dir.mkdir(parents=True, exist_ok=True)
        path = log_dir / f"{self.date}.json"
        path.write_text(json.dumps(self.to_record(), indent=4))
        return path


def grind_rate(wind_knots, base_rate=90.0):
    if wind_knots < MIN_WIND_KNOTS:
        return 0.0
    factor = min(wind_knots, MAX_WIND_KNOTS) / MAX_WIND_KNOTS
    return round(base_rate * factor, 1)


def mill_day(day, stone, hours_per_reading=0.5, variety="wholemeal"):
    grain_limit = day.sacks_in * SACK_WEIGHT_KG
    for knots in day.wind_readings:
        if stone.needs_dressing():
            day.notes.append(f"{stone.name} due for dressing")
            break
        remaining = grain_limit - stone.grain_milled_kg
        if remaining <= 0:
            break
        rate = grind_rate(knots)
        milled = min(stone.run(hours_per_reading, rate), remaining)
        day.flour_kg += milled * FLOUR_YIELD
    return day.flour_kg


def run_and_save(day, stone, variety="wholemeal"):
    mill_day(day, stone, variety=variety)
    return day.save()


def load_day(path):
    record = json.loads(Path(path).read_text())
    day = MillingDay(record["date"], record["miller"], [])
    day.sacks_in = record["sacks"]
    day.flour_kg = record["flour_kg"]
    return day

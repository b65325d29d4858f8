"""Helicopter supply drops for a mountain hut: loads, weather windows and stock levels."""

import math
from collections import defaultdict
from datetime import date, timedelta

MAX_SLING_KG = 900
WIND_LIMIT_KMH = 45
DROP_ZONE = "lower terrace"
STAPLES = {"flour": 25, "rice": 20, "lentils": 15, "gas": 11}
REORDER_HORIZON_DAYS = 10


class StockItem:
    def __init__(self, name, unit_kg, on_hand=0, daily_use=0.0):
        self.name = name
        self.unit_kg = unit_kg
        self.on_hand = on_hand
        self.daily_use = daily_use

    def days_left(self):
        if self.daily_use <= 0:
            return math.inf
        return self.on_hand / self.daily_use

    def needs_reorder(self, horizon=REORDER_HORIZON_DAYS):
        return self.days_left() < horizon


class SupplyDrop:
    def __init__(self, drop_date, pilot, zone=DROP_ZONE):
        self.drop_date = drop_date
        self.pilot = pilot
        self.zone = zone
        self.loads = defaultdict(int)

    def add_load(self, item, units):
        self.loads[item.name] += units

    def total_kg(self, catalogue):
        return sum(catalogue[name].unit_kg * units for name, units in self.loads.items())

    def sling_count(self, catalogue):
        return math.ceil(self.total_kg(catalogue) / MAX_SLING_KG)

    def manifest(self, catalogue):
        lines = [f"Drop {self.drop_date:%d %b} to {self.zone} (pilot {self.pilot})"]
        for name in sorted(self.loads):
            kg = catalogue[name].unit_kg * self.loads[name]
            lines.append(f"  {name:<10} x{self.loads[name]:>3}  {kg:>6.1f} kg")
        lines.append(f"  slings: {self.sling_count(catalogue)}")
        return "\n".join(lines)


def flyable(forecast, limit=WIND_LIMIT_KMH, min_visibility=2.0):
    gusts = forecast.get("gust_kmh", 0)
    visibility = forecast.get("visibility_km", 0.0)
    return gusts <= limit and visibility >= min_visibility


def next_window(forecasts, start, days_ahead=7, limit=WIND_LIMIT_KMH):
    for offset in range(days_ahead):
        day = start + timedelta(days=offset)
        forecast = forecasts.get(day)
        if forecast and flyable(forecast, limit=limit):
            return day
    return None


def plan_drop(catalogue, forecasts, pilot, today=None, cover_days=30, note=""):
    today = today or date.today()
    window = next_window(forecasts, today)
    if window is None:
        return None
    drop = SupplyDrop(window, pilot)
    for item in catalogue.values():
        if not item.needs_reorder():
            continue
        shortfall = cover_days * item.daily_use - item.on_hand
        units_wanted = max(1, math.ceil(shortfall))
        drop.add_load(item, units_wanted)
    return drop


def schedule(counts, usage, forecasts, pilot, today=None):
    catalogue = {}
    for name, unit_kg in STAPLES.items():
        catalogue[name] = StockItem(
            name, unit_kg, on_hand=counts.get(name, 0), daily_use=usage.get(name, 0.0)
        )
    drop = plan_drop(catalogue, forecasts, pilot, today=today, note="auto")
    if drop is None:
        return "No flyable window this week."
    return drop.manifest(catalogue)

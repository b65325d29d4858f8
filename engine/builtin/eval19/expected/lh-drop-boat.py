"""Lamp, fog signal and supply records kept by a lighthouse keeper."""

from __future__ import annotations

import math
from dataclasses import dataclass

LAMP_HOURS_BEFORE_CHANGE = 2000
FOG_SIGNAL_INTERVAL_S = 30
PARAFFIN_LITRES_PER_HOUR = 0.8
VISIBILITY_FOG_NM = 2.0
LENS_HEIGHT_M = 38.0


@dataclass
class WatchEntry:
    hour: int
    visibility_nm: float
    wind_knots: int
    fog_signal_on: bool


def geographic_range_nm(height_m, observer_height_m=5.0):
    return 2.08 * (math.sqrt(height_m) + math.sqrt(observer_height_m))


def fog_signal_needed(visibility_nm):
    return visibility_nm < VISIBILITY_FOG_NM


class Lamp:
    def __init__(self, serial, hours_run=0):
        self.serial = serial
        self.hours_run = hours_run
        self.lit = False

    def light(self):
        self.lit = True

    def extinguish(self, hours):
        self.lit = False
        self.hours_run += hours
        return self.hours_run

    def due_for_change(self):
        return self.hours_run >= LAMP_HOURS_BEFORE_CHANGE


class Station:
    def __init__(self, name, paraffin_litres=400.0):
        self.name = name
        self.paraffin_litres = paraffin_litres
        self.lamp = Lamp("L-001")
        self.watch = []
        self.blasts_sounded = 0

    def night_watch(self, entries):
        self.lamp.light()
        for entry in entries:
            self.watch.append(entry)
            if entry.fog_signal_on:
                self.blasts_sounded += 3600 // FOG_SIGNAL_INTERVAL_S
        hours = len(entries)
        self.lamp.extinguish(hours)
        self.paraffin_litres -= hours * PARAFFIN_LITRES_PER_HOUR
        return self.paraffin_litres

    def nights_of_fuel_left(self, hours_per_night=11):
        burn = hours_per_night * PARAFFIN_LITRES_PER_HOUR
        return int(self.paraffin_litres // burn)

    def foggy_hours(self):
        return sum(1 for e in self.watch if fog_signal_needed(e.visibility_nm))

    def gale_hours(self, threshold=34):
        return [e.hour for e in self.watch if e.wind_knots >= threshold]


def supply_order(station, nights, spare=0.1):
    needed = nights * 11 * PARAFFIN_LITRES_PER_HOUR * (1 + spare)
    shortfall = max(0.0, needed - station.paraffin_litres)
    return round(shortfall, 1)


def parse_watch_line(line):
    hour, vis, wind, fog = line.split()
    return WatchEntry(int(hour), float(vis), int(wind), fog == "Y")


def log_summary(station):
    lines = [f"{station.name}: {len(station.watch)} hours watched"]
    lines.append(f"fog signal blasts: {station.blasts_sounded}")
    lines.append(f"lamp hours: {station.lamp.hours_run}")
    if station.lamp.due_for_change():
        lines.append("LAMP DUE FOR CHANGE")
    return "\n".join(lines)


def reorder_supplies(station, nights=30):
    litres = supply_order(station, nights, spare=0.15)
    if litres:
        return f"order {litres} litres of paraffin"
    return "no order needed"


def light_visible(distance_nm, visibility_nm):
    reach = geographic_range_nm(LENS_HEIGHT_M, observer_height_m=5.0)
    limit = min(reach, visibility_nm)
    return distance_nm <= limit

"""Lamp, fog signal and fuel records kept by a lighthouse keeper."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

LAMP_WICK_HOURS = 600
FUEL_LITRES_PER_HOUR = 0.85
FOG_SIGNAL_INTERVAL_S = 30
VISIBILITY_FOG_NM = 2.0


@dataclass
class WeatherReading:
    taken_at: datetime
    visibility_nm: float
    wind_knots: int
    sea_state: str


@dataclass
class LampShift:
    lit_at: datetime
    extinguished_at: datetime | None = None

    def hours(self) -> float:
        if self.extinguished_at is None:
            return 0.0
        return (self.extinguished_at - self.lit_at).total_seconds() / 3600


class KeepersLog:
    def __init__(self, station: str):
        self.station = station
        self.shifts: list[LampShift] = []
        self.readings: list[WeatherReading] = []
        self.fuel_litres = 0.0
        self.wick_hours_used = 0.0

    def light_lamp(self, when: datetime) -> LampShift:
        shift = LampShift(when)
        self.shifts.append(shift)
        return shift

    def put_out_lamp(self, when: datetime) -> None:
        shift = self.shifts[-1]
        shift.extinguished_at = when
        burned = shift.hours()
        self.fuel_litres -= burned * FUEL_LITRES_PER_HOUR
        self.wick_hours_used += burned

    def add_reading(self, reading: WeatherReading) -> None:
        self.readings.append(reading)

    def take_delivery(self, litres: float) -> None:
        self.fuel_litres += litres


def is_foggy(reading: WeatherReading) -> bool:
    return reading.visibility_nm < VISIBILITY_FOG_NM


def fog_blasts(start: datetime, end: datetime) -> int:
    seconds = (end - start).total_seconds()
    return int(seconds // FOG_SIGNAL_INTERVAL_S)


def wick_due(log: KeepersLog) -> bool:
    return log.wick_hours_used >= LAMP_WICK_HOURS


def nights_of_fuel(log: KeepersLog, hours_per_night: float) -> int:
    per_night = hours_per_night * FUEL_LITRES_PER_HOUR
    if per_night <= 0:
        return 0
    return int(log.fuel_litres // per_night)


def foggy_spells(readings: list[WeatherReading]) -> list[tuple[datetime, datetime]]:
    spells = []
    start = None
    for reading in readings:
        if is_foggy(reading) and start is None:
            start = reading.taken_at
        elif not is_foggy(reading) and start is not None:
            spells.append((start, reading.taken_at))
            start = None
    return spells


def gale_warning(reading: WeatherReading) -> str | None:
    if reading.wind_knots >= 34:
        return f"gale at {reading.taken_at:%H:%M}, sea {reading.sea_state}"
    return None


def monthly_return(log: KeepersLog, hours_per_night: float) -> list[str]:
    lit_hours = sum(shift.hours() for shift in log.shifts)
    lines = [f"{log.station}: lamp lit {lit_hours:.1f} h"]
    lines.append(f"fuel in store: {log.fuel_litres:.0f} l")
    fuel_nights = nights_of_fuel(log, hours_per_night=hours_per_night)
    lines.append(f"nights of fuel left: {fuel_nights}")
    if wick_due(log):
        lines.append("wick to be trimmed and replaced")
    for start, end in foggy_spells(log.readings):
        blasts = fog_blasts(start, end)
        lines.append(f"fog {start:%d %H:%M}-{end:%H:%M}: {blasts} blasts")
    return lines


def next_relief(last_relief: datetime) -> datetime:
    return last_relief + timedelta(days=28)

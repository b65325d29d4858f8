"""A weekly thermostat schedule: setpoints by day and time of day, a manual hold, eco mode."""

import json
from dataclasses import dataclass
from datetime import time

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DEFAULT_SETPOINT = 20.0
ECO_OFFSET = 3.0
MIN_TEMP = 7.0
MAX_TEMP = 30.0


@dataclass(order=True)
class Period:
    start: time
    setpoint: float


def parse_clock(text):
    hours, minutes = text.split(":")
    return time(int(hours), int(minutes))


def clamp(value, low=MIN_TEMP, high=MAX_TEMP):
    return max(low, min(high, value))


class Schedule:
    def __init__(self, fallback=DEFAULT_SETPOINT):
        self.fallback = fallback
        self.periods = {day: [] for day in DAYS}
        self.hold = None
        self.eco = False

    def add_period(self, day, start, setpoint):
        if day not in self.periods:
            raise ValueError(f"unknown day {day!r}")
        self.periods[day].append(Period(parse_clock(start), clamp(setpoint)))
        self.periods[day].sort()

    def copy_day(self, source, *targets):
        for day in targets:
            self.periods[day] = list(self.periods[source])

    def scheduled(self, moment):
        day = DAYS[moment.weekday()]
        current = self.fallback
        for period in self.periods[day]:
            if period.start <= moment.time():
                current = period.setpoint
        return current

    def target(self, moment):
        if self.hold is not None:
            return self.hold
        setpoint = self.scheduled(moment)
        if self.eco:
            setpoint -= ECO_OFFSET
        return clamp(setpoint)

    def set_hold(self, setpoint):
        self.hold = clamp(setpoint)

    def resume(self):
        self.hold = None


def heating_needed(schedule, moment, room_temp, hysteresis=0.5):
    """Whether the boiler should be running at this moment."""
    return room_temp < schedule.target(moment) - hysteresis


def boiler_on(schedule, moment, room_temp, was_on):
    # once running, keep going until the target itself is reached, so it does not cycle
    if was_on:
        return heating_needed(schedule, moment, room_temp, hysteresis=0.0)
    return heating_needed(schedule, moment, room_temp)


def load_schedule(path):
    with open(path) as handle:
        data = json.load(handle)
    schedule = Schedule(data.get("fallback", DEFAULT_SETPOINT))
    for day, periods in data["days"].items():
        for start, setpoint in periods:
            schedule.add_period(day, start, setpoint)
    return schedule


def day_plan(schedule, day):
    lines = []
    for period in schedule.periods[day]:
        lines.append(f"{period.start:%H:%M}  {period.setpoint:.1f} C")
    return lines


def week_table(schedule):
    rows = []
    for day in DAYS:
        plan = ", ".join(day_plan(schedule, day)) or f"{schedule.fallback:.1f} C all day"
        rows.append(f"{day}: {plan}")
    return "\n".join(rows)

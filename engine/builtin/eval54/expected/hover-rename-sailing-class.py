"""Crossings log for a hovercraft ferry: sailings, passenger loads and sea-state holds."""

import csv
from datetime import datetime, timedelta

CROSSING_MINUTES = 22
SEAT_CAPACITY = 80
MAX_WAVE_HEIGHT_M = 2.5
TURNAROUND_MINUTES = 8
TERMINALS = ("Southsea", "Ryde")


class Departure:
    def __init__(self, departs, origin, craft="Solent Flyer"):
        self.departs = departs
        self.origin = origin
        self.craft = craft
        self.passengers = 0
        self.held = False

    @property
    def destination(self):
        return TERMINALS[1] if self.origin == TERMINALS[0] else TERMINALS[0]

    def arrives(self):
        return self.departs + timedelta(minutes=CROSSING_MINUTES)

    def board(self, count):
        space = SEAT_CAPACITY - self.passengers
        taken = min(space, count)
        self.passengers += taken
        return count - taken

    def load_factor(self):
        return self.passengers / SEAT_CAPACITY


def sea_state_ok(wave_height_m, wind_knots=0, wind_limit=35):
    if wave_height_m > MAX_WAVE_HEIGHT_M:
        return False
    return wind_knots <= wind_limit


def build_timetable(first, last, origin=TERMINALS[0]):
    sailings = []
    departs = first
    here = origin
    while departs <= last:
        sailing = Departure(departs, here)
        sailings.append(sailing)
        departs = sailing.arrives() + timedelta(minutes=TURNAROUND_MINUTES)
        here = sailing.destination
    return sailings


class CrossingLog:
    def __init__(self, sailings):
        self.sailings = list(sailings)
        self.left_behind = 0

    def apply_weather(self, readings):
        holds = 0
        for sailing in self.sailings:
            wave, wind = readings.get(sailing.departs, (0.0, 0))
            if not sea_state_ok(wave, wind_knots=wind):
                sailing.held = True
                holds += 1
        return holds

    def board_queue(self, departs, queue_size):
        for sailing in self.sailings:
            if sailing.departs == departs and not sailing.held:
                leftover = sailing.board(queue_size)
                self.left_behind += leftover
                return leftover
        raise LookupError(f"no sailing at {departs:%H:%M}")

    def busiest(self, top=3):
        running = [s for s in self.sailings if not s.held]
        return sorted(running, key=lambda s: s.passengers, reverse=True)[:top]

    def daily_totals(self):
        carried = sum(s.passengers for s in self.sailings)
        held = sum(1 for s in self.sailings if s.held)
        return {"carried": carried, "held": held, "left_behind": self.left_behind}


def export_log(log, path, delimiter=","):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(["departs", "origin", "craft", "passengers", "held"])
        for sailing in log.sailings:
            writer.writerow([
                sailing.departs.strftime("%Y-%m-%d %H:%M"),
                sailing.origin,
                sailing.craft,
                sailing.passengers,
                "yes" if sailing.held else "no",
            ])
    return len(log.sailings)


def run_day(first, last, readings, queues):
    log = CrossingLog(build_timetable(first, last))
    log.apply_weather(readings)
    for departs, size in queues.items():
        log.board_queue(departs, size)
    print(f"{len(log.sailings)} sailings logged")
    return log.daily_totals()

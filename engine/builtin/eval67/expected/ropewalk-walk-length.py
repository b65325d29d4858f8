"""Daily schedule and rope log for the ropewalk museum's demonstrations."""

from __future__ import annotations

import datetime as dt
import math

WALK_LENGTH_M = 366
DEFAULT_STRANDS = 3
MAX_VISITORS = 40
DEMO_SLOTS = ("10:30", "12:00", "14:00", "15:30")
TAKE_UP = 0.25
HEMP_YARN_MM = 2.5


def finished_length(laid_length, strands=DEFAULT_STRANDS, take_up=TAKE_UP):
    shrink = take_up * (1 + (strands - DEFAULT_STRANDS) * 0.05)
    return round(laid_length * (1 - shrink), 1)


def yarns_needed(diameter_mm, yarn_mm=HEMP_YARN_MM, strands=DEFAULT_STRANDS):
    per_strand = math.ceil((diameter_mm / yarn_mm) ** 2 / strands)
    return per_strand * strands


def slot_times(day, slots=DEMO_SLOTS):
    times = []
    for slot in slots:
        hour, minute = (int(part) for part in slot.split(":"))
        times.append(dt.datetime.combine(day, dt.time(hour, minute)))
    return times


class Demonstration:
    def __init__(self, start, demonstrator, strands=DEFAULT_STRANDS):
        self.start = start
        self.demonstrator = demonstrator
        self.strands = strands
        self.visitors = []
        self.laid_m = 0.0

    def seats_left(self):
        return MAX_VISITORS - len(self.visitors)

    def admit(self, name):
        if self.seats_left() <= 0:
            return False
        self.visitors.append(name)
        return True

    def lay_rope(self, metres):
        room = WALK_LENGTH_M - self.laid_m
        laid = min(metres, room)
        self.laid_m += laid
        return laid

    def yarn_count(self, diameter_mm=24):
        return yarns_needed(diameter_mm, yarn_mm=HEMP_YARN_MM, strands=self.strands)

    def summary(self):
        rope = finished_length(self.laid_m, self.strands)
        return {
            "start": self.start.strftime("%H:%M"),
            "demonstrator": self.demonstrator,
            "visitors": len(self.visitors),
            "rope_m": rope,
        }


class DemoDay:
    def __init__(self, day, demonstrators):
        self.day = day
        self.demonstrators = list(demonstrators)
        self.demos = []

    def plan(self, slots=DEMO_SLOTS):
        for index, start in enumerate(slot_times(self.day, slots)):
            who = self.demonstrators[index % len(self.demonstrators)]
            self.demos.append(Demonstration(start, who))
        return self.demos

    def next_with_space(self, after):
        for demo in self.demos:
            if demo.start >= after and demo.seats_left() > 0:
                return demo
        return None

    def total_visitors(self):
        return sum(len(demo.visitors) for demo in self.demos)

    def report(self):
        lines = [f"Ropewalk demonstrations for {self.day:%A %d %B}"]
        for demo in self.demos:
            info = demo.summary()
            lines.append(
                f"{info['start']}  {info['demonstrator']:<12} "
                f"{info['visitors']:>3} visitors  {info['rope_m']} m"
            )
        lines.append(f"Total visitors: {self.total_visitors()}")
        return "\n".join(lines)


def busiest_demo(day_plan):
    best = None
    for demo in day_plan.demos:
        if best is None or len(demo.visitors) > len(best.visitors):
            best = demo
    return best

"""Timetable and loans for a mobile library van's rural stops."""

import datetime as dt
from collections import defaultdict

VAN_CAPACITY = 2400
DEFAULT_STOP_MINUTES = 30
DRIVE_SPEED_MPH = 28
LOAN_PERIOD_DAYS = 21
FINE_PENCE_PER_DAY = 15


class Stop:
    def __init__(self, village, arrive=None, minutes=DEFAULT_STOP_MINUTES, miles_from_last=0.0):
        self.village = village
        self.arrive = arrive
        self.minutes = minutes
        self.miles_from_last = miles_from_last
        self.loans_out = 0
        self.returns_in = 0

    def depart(self):
        return self.arrive + dt.timedelta(minutes=self.minutes)

    def busy(self, threshold=25):
        return self.loans_out + self.returns_in >= threshold


def drive_minutes(miles, speed=DRIVE_SPEED_MPH):
    return round(miles / speed * 60)


def due_date(issued, period=LOAN_PERIOD_DAYS):
    return issued + dt.timedelta(days=period)


def overdue_fine(issued, returned, period=LOAN_PERIOD_DAYS, cap=300, branch_code="MV1"):
    late = (returned - due_date(issued, period=period)).days
    if late <= 0:
        return 0
    return min(late * FINE_PENCE_PER_DAY, cap)


class Route:
    def __init__(self, name, start, stops=()):
        self.name = name
        self.start = start
        self.stops = list(stops)
        self.stock = VAN_CAPACITY
        self.fines_taken = defaultdict(int)

    def timetable(self, day):
        clock = dt.datetime.combine(day, self.start)
        rows = []
        for stop in self.stops:
            clock += dt.timedelta(minutes=drive_minutes(stop.miles_from_last))
            stop.arrive = clock
            rows.append((stop.village, clock.strftime("%H:%M")))
            clock = stop.depart()
        return rows

    def lend(self, village, count):
        stop = self._find(village)
        stop.loans_out += count
        self.stock -= count
        return self.stock

    def take_back(self, village, issued, returned, count=1):
        stop = self._find(village)
        print("returned", village, count)
        stop.returns_in += count
        self.stock += count
        fine = overdue_fine(issued, returned, branch_code="MV1") * count
        self.fines_taken[village] += fine
        return fine

    def _find(self, village):
        for stop in self.stops:
            if stop.village == village:
                return stop
        raise KeyError(village)

    def busiest(self, threshold=25):
        return [s.village for s in self.stops if s.busy(threshold)]

    def total_fines(self):
        return sum(self.fines_taken.values())

    def printable(self, day):
        lines = [f"{self.name} - {day:%A %d %B}"]
        for village, when in self.timetable(day):
            lines.append(f"{when}  {village}")
        lines.append(f"books on board: {self.stock}")
        return "\n".join(lines)

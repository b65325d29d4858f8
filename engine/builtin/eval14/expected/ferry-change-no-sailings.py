"""Ferry timetable for the island crossings."""

import csv
import logging
from dataclasses import dataclass
from datetime import datetime, time, timedelta

log = logging.getLogger(__name__)

CROSSING_MINUTES = {"Kellan": 35, "Dunmore": 50, "Port Ailsa": 20}
LAST_BOARDING_MINUTES = 10


@dataclass(frozen=True)
class Sailing:
    route: str
    departs: time
    vessel: str
    car_deck: bool = True


class Timetable:
    def __init__(self, season):
        self.season = season
        self.sailings = []
        self.cancelled = set()

    def add(self, sailing):
        self.sailings.append(sailing)
        self.sailings.sort(key=lambda s: s.departs)

    def cancel(self, route, departs):
        self.cancelled.add((route, departs))

    def for_route(self, route):
        return [
            s for s in self.sailings
            if s.route == route and (s.route, s.departs) not in self.cancelled
        ]

    def next_sailing(self, route, after):
        for sailing in self.for_route(route):
            if sailing.departs >= after:
                return sailing
        return None


def arrival_time(sailing, day):
    start = datetime.combine(day, sailing.departs)
    return start + timedelta(minutes=CROSSING_MINUTES[sailing.route])


def boarding_closes(sailing, day):
    start = datetime.combine(day, sailing.departs)
    return start - timedelta(minutes=LAST_BOARDING_MINUTES)


def parse_departure(text):
    hours, minutes = text.strip().split(":")
    return time(int(hours), int(minutes))


def read_timetable(path, season="summer"):
    table = Timetable(season)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            departs = parse_departure(row["departs"])
            car_deck = row.get("car_deck", "yes") == "yes"
            table.add(Sailing(row["route"], departs, row["vessel"], car_deck))
    return table


def vessel_rota(table):
    rota = {}
    for sailing in table.sailings:
        rota.setdefault(sailing.vessel, []).append(sailing.departs)
    return rota


def foot_passenger_only(table):
    return [s for s in table.sailings if not s.car_deck]


def format_board(table, route, day):
    rows = [f"{route} ({table.season})"]
    for sailing in table.for_route(route):
        arrives = arrival_time(sailing, day)
        rows.append(f"  {sailing.departs:%H:%M}  ->  {arrives:%H:%M}  {sailing.vessel}")
    if len(rows) == 1:
        rows.append("  no sailings today")
    return "\n".join(rows)


def wait_minutes(table, route, now):
    sailing = table.next_sailing(route, now.time())
    if sailing is None:
        return None
    gap = datetime.combine(now.date(), sailing.departs) - now
    return int(gap.total_seconds() // 60)

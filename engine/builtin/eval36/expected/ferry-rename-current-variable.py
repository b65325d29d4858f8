"""Timetable for a small ferry crossing between two harbours."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

CROSSING_MINUTES = 35
TURNAROUND_MINUTES = 15
FIRST_SAILING = dt.time(6, 30)
LAST_SAILING = dt.time(21, 45)
HARBOURS = ("Northport", "Easthaven")


@dataclass
class Sailing:
    departs: dt.datetime
    origin: str
    vessel: str = "MV Kestrel"
    cancelled: bool = False

    def arrives(self) -> dt.datetime:
        return self.departs + dt.timedelta(minutes=CROSSING_MINUTES)

    def destination(self) -> str:
        return HARBOURS[1] if self.origin == HARBOURS[0] else HARBOURS[0]

    def label(self) -> str:
        stamp = self.departs.strftime("%H:%M")
        status = " (cancelled)" if self.cancelled else ""
        return f"{stamp} {self.origin} -> {self.destination()}{status}"


class Timetable:
    def __init__(self, service_date: dt.date, vessel_name: str = "MV Kestrel") -> None:
        self.service_date = service_date
        self.vessel_name = vessel_name
        self.sailings: list[Sailing] = []
        self.notices: list[str] = []

    def add_sailing(self, departs: dt.datetime, origin: str) -> Sailing:
        if origin not in HARBOURS:
            raise ValueError(f"unknown harbour: {origin}")
        sailing = Sailing(departs, origin, vessel=self.vessel_name)
        self.sailings.append(sailing)
        return sailing

    def cancel_after(self, cutoff: dt.time, reason: str = "weather") -> int:
        count = 0
        for sailing in self.sailings:
            if sailing.departs.time() >= cutoff and not sailing.cancelled:
                sailing.cancelled = True
                count += 1
        if count:
            self.notices.append(f"{count} sailings cancelled: {reason}")
        return count

    def departures_from(self, origin: str) -> list[Sailing]:
        return [s for s in self.sailings if s.origin == origin and not s.cancelled]

    def board_text(self) -> str:
        lines = [f"Ferry timetable for {self.service_date.isoformat()}"]
        for sailing in sorted(self.sailings, key=lambda s: s.departs):
            lines.append(sailing.label())
        lines.extend(self.notices)
        return "\n".join(lines)


def round_trip_minutes(crossing: int = CROSSING_MINUTES, turnaround: int = TURNAROUND_MINUTES) -> int:
    return 2 * (crossing + turnaround)


def sailing_times(
    service_date: dt.date,
    start: dt.time = FIRST_SAILING,
    end: dt.time = LAST_SAILING,
    *,
    crossing: int = CROSSING_MINUTES,
) -> list[dt.datetime]:
    step = dt.timedelta(minutes=round_trip_minutes(crossing=crossing) // 2)
    cursor = dt.datetime.combine(service_date, start)
    final = dt.datetime.combine(service_date, end)
    times = []
    while cursor <= final:
        times.append(cursor)
        cursor += step
    return times


def build_timetable(service_date: dt.date, vessel_name: str = "MV Kestrel") -> Timetable:
    timetable = Timetable(service_date, vessel_name)
    for index, departs in enumerate(sailing_times(service_date)):
        timetable.add_sailing(departs, HARBOURS[index % 2])
    return timetable


def next_departure(timetable: Timetable, origin: str, after: dt.datetime) -> Sailing | None:
    for sailing in timetable.departures_from(origin):
        if sailing.departs >= after:
            return sailing
    return None

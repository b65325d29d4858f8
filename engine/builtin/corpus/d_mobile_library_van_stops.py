"""Route planning for the mobile library van.

The van visits villages on a fortnightly timetable. Each stop has a
length of stay based on how many borrowers usually turn up, and the
whole day has to fit within the driver's hours.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import groupby
from typing import List, Optional, Sequence

DEPOT = "Central Library"
AVERAGE_SPEED_MPH = 28.0
MINUTES_PER_BORROWER = 3
MIN_STOP_MINUTES = 15
MAX_DRIVER_HOURS = 7.5
ROUTE_WEEKS = ("A", "B")


@dataclass
class Stop:
    village: str
    location: str
    miles_from_previous: float
    usual_borrowers: int = 5
    week: str = "A"
    weekday: int = 0
    requests: List[str] = field(default_factory=list)

    def stay_minutes(self, per_borrower: int = MINUTES_PER_BORROWER) -> int:
        return max(MIN_STOP_MINUTES, self.usual_borrowers * per_borrower)


@dataclass
class TimetableEntry:
    stop: Stop
    arrive: datetime
    depart: datetime

    def __str__(self) -> str:
        return f"{self.arrive:%H:%M}-{self.depart:%H:%M}  {self.stop.village}, {self.stop.location}"


def drive_minutes(miles: float, speed_mph: float = AVERAGE_SPEED_MPH) -> int:
    return round(miles / speed_mph * 60)


def build_day(stops: Sequence[Stop], leave_depot: datetime, *,
              return_miles: float = 0.0) -> List[TimetableEntry]:
    """Lay out arrival and departure times for one day's stops in order."""
    clock = leave_depot
    entries: List[TimetableEntry] = []
    for stop in stops:
        clock += timedelta(minutes=drive_minutes(stop.miles_from_previous))
        depart = clock + timedelta(minutes=stop.stay_minutes())
        entries.append(TimetableEntry(stop, clock, depart))
        clock = depart
    return entries


def day_length_hours(entries: List[TimetableEntry], leave_depot: datetime,
                     return_miles: float = 0.0) -> float:
    if not entries:
        return 0.0
    back = entries[-1].depart + timedelta(minutes=drive_minutes(return_miles))
    return (back - leave_depot).total_seconds() / 3600


def fits_driver_hours(stops: Sequence[Stop], leave_depot: datetime,
                      return_miles: float = 0.0, limit: float = MAX_DRIVER_HOURS) -> bool:
    entries = build_day(stops, leave_depot)
    return day_length_hours(entries, leave_depot, return_miles=return_miles) <= limit


def stops_to_drop(stops: List[Stop], leave_depot: datetime,
                  return_miles: float = 0.0) -> List[Stop]:
    """Quietest stops to move to another day when the route runs over."""
    kept = list(stops)
    dropped = []
    while kept and not fits_driver_hours(kept, leave_depot, return_miles):
        quietest = min(kept, key=lambda s: s.usual_borrowers)
        kept.remove(quietest)
        dropped.append(quietest)
    return dropped


def timetable_text(stops: List[Stop], start_hour: int = 9,
                   base_day: Optional[datetime] = None) -> str:
    base_day = base_day or datetime(2024, 1, 1)
    lines = [f"Mobile library timetable, leaving {DEPOT}"]
    ordered = sorted(stops, key=lambda s: (ROUTE_WEEKS.index(s.week), s.weekday))
    for (week, weekday), group in groupby(ordered, key=lambda s: (s.week, s.weekday)):
        leave = base_day.replace(hour=start_hour) + timedelta(days=weekday)
        lines.append(f"\nWeek {week}, {leave:%A}")
        lines.extend(f"  {entry}" for entry in build_day(list(group), leave))
    return "\n".join(lines)

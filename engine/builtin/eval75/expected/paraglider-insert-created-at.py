"""Flight log for a paragliding school: launches, landings and pilot hours."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from datetime import datetime, timedelta

MAX_WIND_KNOTS = 18
MIN_FLIGHT_MINUTES = 5
SITE_NAMES = ("Ridge North", "Coombe Bowl", "Beacon Hill")
LOG_DATE_FORMAT = "%Y-%m-%d %H:%M"


@dataclass
class Flight:
    pilot: str
    site: str
    launched_at: datetime
    landed_at: datetime
    wind_knots: float = 0.0
    notes: list[str] = field(default_factory=list)

    def duration_minutes(self) -> float:
        return (self.landed_at - self.launched_at).total_seconds() / 60


def parse_log_line(line, separator=";"):
    pilot, site, launched, landed, wind = [part.strip() for part in line.split(separator)]
    return Flight(
        pilot=pilot,
        site=site,
        launched_at=datetime.strptime(launched, LOG_DATE_FORMAT),
        landed_at=datetime.strptime(landed, LOG_DATE_FORMAT),
        wind_knots=float(wind),
    )


def is_flyable(wind_knots, gust_margin=2):
    return wind_knots + gust_margin <= MAX_WIND_KNOTS


def summarise_hours(flights, min_minutes=MIN_FLIGHT_MINUTES):
    totals = {}
    for flight in flights:
        minutes = flight.duration_minutes()
        if minutes < min_minutes:
            continue
        totals[flight.pilot] = totals.get(flight.pilot, 0.0) + minutes / 60
    return totals


def format_hours_report(totals, decimals=1):
    lines = []
    for pilot in sorted(totals):
        lines.append(f"{pilot}: {round(totals[pilot], decimals)} h")
    return "\n".join(lines)


class FlightLog:
    def __init__(self, school_name, max_flights_per_day=6):
        self.school_name = school_name
        self.max_flights_per_day = max_flights_per_day
        self.flights = []
        self.rejected = []
        self.created_at = datetime.now()

    def add_line(self, line):
        flight = parse_log_line(line)
        if flight.site not in SITE_NAMES or not is_flyable(flight.wind_knots):
            self.rejected.append(flight)
            return False
        if self.flights_on(flight.launched_at) >= self.max_flights_per_day:
            self.rejected.append(flight)
            return False
        self.flights.append(flight)
        return True

    def flights_on(self, moment):
        day = moment.date()
        return sum(1 for flight in self.flights if flight.launched_at.date() == day)

    def pilot_hours(self):
        return summarise_hours(self.flights)

    def median_wind(self):
        winds = [flight.wind_knots for flight in self.flights]
        if not winds:
            return 0.0
        return statistics.median(winds)

    def recent(self, hours=24, now=None):
        now = now or datetime.now()
        cutoff = now - timedelta(hours=hours)
        return [flight for flight in self.flights if flight.launched_at >= cutoff]

    def rejection_rate(self):
        attempts = len(self.flights) + len(self.rejected)
        if attempts == 0:
            return 0.0
        return len(self.rejected) / attempts

    def report(self):
        header = f"{self.school_name} pilot hours"
        body = format_hours_report(self.pilot_hours(), decimals=2)
        return f"{header}\n{body}"

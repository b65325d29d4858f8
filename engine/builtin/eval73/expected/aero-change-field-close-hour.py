"""Flight sheet for a model aircraft club: pilots sign in, log flights and the field closes at dusk."""

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

MAX_FLIGHT_MINUTES = 20
FREQUENCY_BANDS = ("2.4GHz", "35MHz")
NOISE_LIMIT_DB = 82
FIELD_CLOSE_HOUR = 21


@dataclass
class Flight:
    pilot: str
    model: str
    band: str
    started: dt.datetime
    minutes: int = 0
    noise_db: int = 0

    def is_overdue(self, now):
        elapsed = (now - self.started).total_seconds() / 60
        return elapsed > MAX_FLIGHT_MINUTES

    def summary(self):
        return f"{self.pilot} flew {self.model} for {self.minutes} min on {self.band}"


class FlightSheet:
    def __init__(self, field_name, day):
        self.field_name = field_name
        self.day = day
        self.flights = []
        self.pilots_on_site = set()

    def sign_in(self, pilot):
        self.pilots_on_site.add(pilot)

    def log_flight(self, pilot, model, band="2.4GHz", started=None):
        if pilot not in self.pilots_on_site:
            raise ValueError(pilot + " has not signed in")
        if band not in FREQUENCY_BANDS:
            raise ValueError("unknown band " + band)
        flight = Flight(pilot, model, band, started or dt.datetime.now())
        self.flights.append(flight)
        return flight

    def land(self, flight, minutes, noise_db=0):
        flight.minutes = minutes
        flight.noise_db = noise_db
        return check_noise(flight)

    def minutes_by_pilot(self):
        totals = defaultdict(int)
        for flight in self.flights:
            totals[flight.pilot] += flight.minutes
        return dict(totals)

    def overdue_flights(self, now):
        return [f for f in self.flights if f.minutes == 0 and f.is_overdue(now)]


def check_noise(flight, limit=NOISE_LIMIT_DB):
    if flight.noise_db > limit:
        excess = flight.noise_db - limit
        return f"{flight.model} over noise limit by {excess} dB"
    return ""


def field_is_open(now, close_hour=FIELD_CLOSE_HOUR):
    return now.hour < close_hour


def busiest_pilot(sheet, minimum_minutes=1):
    totals = sheet.minutes_by_pilot()
    eligible = {p: m for p, m in totals.items() if m >= minimum_minutes}
    if not eligible:
        return None
    return max(eligible, key=eligible.get)


def daily_report(sheet, now=None, include_noise=True):
    now = now or dt.datetime.now()
    lines = [f"Flight sheet for {sheet.field_name} on {sheet.day:%d %b %Y}"]
    for flight in sheet.flights:
        lines.append("  " + flight.summary())
        if include_noise:
            warning = check_noise(flight)
            if warning:
                lines.append("    ! " + warning)
    top_flyer = busiest_pilot(sheet, minimum_minutes=5)
    if top_flyer:
        lines.append("Most airtime: " + top_flyer)
    if not field_is_open(now):
        lines.append("Field closed for the day.")
    return "\n".join(lines)

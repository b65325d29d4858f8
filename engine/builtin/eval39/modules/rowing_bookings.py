"""Boat bookings for a rowing club: crews, outings and river-condition rules."""

import datetime as dt
from collections import defaultdict

BOAT_CLASSES = {"1x": 1, "2x": 2, "2-": 2, "4x": 4, "4+": 5, "8+": 9}
MAX_OUTING_HOURS = 3
FLAG_RULES = {"green": "all", "yellow": "senior", "red": "none"}
SUNSET_MARGIN_MINUTES = 30
NOVICE_BOATS = {"Tub One", "Tub Two"}


def crew_size(boat_class):
    return BOAT_CLASSES[boat_class]


def allowed_on_water(flag, is_senior, boat_name=None):
    rule = FLAG_RULES.get(flag, "none")
    if rule == "none":
        return False
    if rule == "senior" and not is_senior:
        return False
    if boat_name in NOVICE_BOATS and flag != "green":
        return False
    return True


def latest_return(sunset, margin=SUNSET_MARGIN_MINUTES):
    return sunset - dt.timedelta(minutes=margin)


def parse_slot(text, day):
    start_text, end_text = text.split("-")
    start = dt.datetime.combine(day, dt.time.fromisoformat(start_text.strip()))
    end = dt.datetime.combine(day, dt.time.fromisoformat(end_text.strip()))
    return start, end


class Boat:
    def __init__(self, name, boat_class, rigged=True):
        self.name = name
        self.boat_class = boat_class
        self.seats = crew_size(boat_class)
        self.rigged = rigged
        self.damage_notes = []

    def usable(self):
        return self.rigged and not self.damage_notes

    def report_damage(self, note):
        self.damage_notes.append(note)
        self.rigged = False


class BookingSheet:
    def __init__(self, boats=()):
        self.boats = {b.name: b for b in boats}
        self.bookings = defaultdict(list)

    def add_boat(self, name, boat_class, rigged=True):
        boat = Boat(name, boat_class, rigged=rigged)
        self.boats[name] = boat
        return boat

    def clashes(self, boat_name, start, end):
        for other_start, other_end, _crew in self.bookings[boat_name]:
            if start < other_end and other_start < end:
                return True
        return False

    def book(self, boat_name, crew, start, end, flag="green", sunset=None):
        boat = self.boats[boat_name]
        if not boat.usable():
            raise ValueError(f"{boat_name} is not usable")
        if len(crew) != boat.seats:
            raise ValueError(f"{boat_name} needs {boat.seats} rowers, got {len(crew)}")
        if (end - start).total_seconds() > MAX_OUTING_HOURS * 3600:
            raise ValueError("outing too long")
        if sunset is not None and end > latest_return(sunset):
            raise ValueError("boat would be out after dark")
        seniors = all(member.get("senior") for member in crew)
        if not allowed_on_water(flag, seniors, boat_name=boat_name):
            raise ValueError(f"{flag} flag: outing not allowed")
        if self.clashes(boat_name, start, end):
            raise ValueError(f"{boat_name} already booked then")
        self.bookings[boat_name].append((start, end, crew))
        return len(self.bookings[boat_name])

    def book_text(self, boat_name, crew, slot_text, day, **kwargs):
        start, end = parse_slot(slot_text, day)
        return self.book(boat_name, crew, start, end, **kwargs)

    def day_sheet(self, day):
        rows = []
        for boat_name, entries in sorted(self.bookings.items()):
            for start, end, crew in entries:
                if start.date() == day:
                    names = ", ".join(m["name"] for m in crew)
                    rows.append(f"{start:%H:%M}-{end:%H:%M} {boat_name}: {names}")
        return rows

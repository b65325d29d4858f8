"""Bunk reservations for a staffed mountain hut, one summer season at a time."""

import json
from collections import defaultdict
from datetime import date, timedelta

DORM_ROOMS = {"Gipfel": 12, "Gletscher": 8, "Lawine": 6}
HALF_BOARD_CHF = 68
MEMBER_DISCOUNT = 0.2
MAX_NIGHTS = 5
SEASON_OPENS = date(2026, 6, 20)
SEASON_CLOSES = date(2026, 9, 27)


def nights_between(arrival, departure):
    return (departure - arrival).days


def in_season(day, opens=SEASON_OPENS, closes=SEASON_CLOSES):
    return opens <= day < closes


def price_stay(nights, guests, member=False, half_board=True):
    rate = HALF_BOARD_CHF if half_board else 32
    total = rate * nights * guests
    if member:
        total -= total * MEMBER_DISCOUNT
    return round(total, 2)


def load_bookings(path, encoding="utf-8"):
    with open(path, encoding=encoding) as handle:
        raw = json.load(handle)
    return [
        {
            **entry,
            "arrival": date.fromisoformat(entry["arrival"]),
            "departure": date.fromisoformat(entry["departure"]),
        }
        for entry in raw
    ]


class HutBook:
    def __init__(self, hut_name, rooms=None):
        self.hut_name = hut_name
        self.rooms = dict(rooms or DORM_ROOMS)
        self.bookings = []
        self.waitlist = []

    def beds_taken(self, room, night, include_waitlist=False):
        taken = 0
        for booking in self.bookings:
            if booking["room"] == room and booking["arrival"] <= night < booking["departure"]:
                taken += booking["guests"]
        return taken

    def free_beds(self, room, night):
        return self.rooms[room] - self.beds_taken(room, night)

    def reserve(self, party, room, arrival, departure, guests=1, member=False):
        stay = nights_between(arrival, departure)
        if stay < 1 or stay > MAX_NIGHTS:
            raise ValueError(f"{party}: stays must be 1 to {MAX_NIGHTS} nights")
        if not in_season(arrival):
            raise ValueError(f"{party}: the hut is closed on {arrival}")
        night = arrival
        while night < departure:
            if self.free_beds(room, night) < guests:
                self.waitlist.append({"party": party, "room": room, "arrival": arrival})
                return None
            night += timedelta(days=1)
        booking = {
            "party": party,
            "room": room,
            "arrival": arrival,
            "departure": departure,
            "guests": guests,
            "price": price_stay(stay, guests, member=member),
        }
        self.bookings.append(booking)
        return booking

    def cancel(self, party):
        kept = [b for b in self.bookings if b["party"] != party]
        removed = len(self.bookings) - len(kept)
        self.bookings = kept
        return removed

    def occupancy(self, night):
        return {room: self.beds_taken(room, night, include_waitlist=False) for room in self.rooms}

    def waitlist_for(self, arrival):
        return [entry["party"] for entry in self.waitlist if entry["arrival"] == arrival]


def nightly_sheet(book, start, days=7):
    sheet = defaultdict(dict)
    for offset in range(days):
        night = start + timedelta(days=offset)
        for room, used in book.occupancy(night).items():
            sheet[night.isoformat()][room] = f"{used}/{book.rooms[room]}"
    return dict(sheet)


def save_sheet(sheet, path, indent=2):
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(sheet, handle, indent=indent, sort_keys=True)
    return len(sheet)

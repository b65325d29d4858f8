"""Diary and fee sheet for a brass band's bookings."""

import datetime
import math
from collections import defaultdict

BASE_FEE = 500
FEE_PER_PLAYER = 25
MILEAGE_RATE = 0.45
MIN_PLAYERS = 18
SEASON_START_MONTH = 4


def travel_cost(miles, vehicles=1, rate=MILEAGE_RATE):
    return round(miles * 2 * vehicles * rate, 2)


def vehicles_needed(players, seats_per_car=4):
    return math.ceil(players / seats_per_car)


def quote_fee(players, miles, extra_hours=0, hourly=60):
    if players < MIN_PLAYERS:
        raise ValueError(f"need at least {MIN_PLAYERS} players, got {players}")
    fee = BASE_FEE + players * FEE_PER_PLAYER
    fee += travel_cost(miles, vehicles=vehicles_needed(players))
    fee += extra_hours * hourly
    return round(fee, 2)


class Engagement:
    def __init__(self, venue, date, players, miles, kind="concert"):
        self.venue = venue
        self.date = date
        self.players = players
        self.miles = miles
        self.kind = kind
        self.confirmed = False
        self.fee = quote_fee(players, miles)

    def confirm(self):
        self.confirmed = True
        return self.fee

    def in_season(self):
        return self.date.month >= SEASON_START_MONTH

    def describe(self):
        status = "confirmed" if self.confirmed else "pencilled"
        return f"{self.date:%d %b} {self.venue} ({self.kind}, {status})"


class Diary:
    def __init__(self, band_name):
        self.band_name = band_name
        self.engagements = []
        self.unavailable = defaultdict(set)

    def book(self, venue, date, players, miles, kind="concert"):
        for existing in self.engagements:
            if existing.date == date:
                raise RuntimeError(f"already playing at {existing.venue} on {date}")
        engagement = Engagement(venue, date, players, miles, kind=kind)
        self.engagements.append(engagement)
        return engagement

    def cancel(self, venue, date):
        for engagement in list(self.engagements):
            if engagement.venue == venue and engagement.date == date:
                self.engagements.remove(engagement)
                return engagement
        return None

    def mark_unavailable(self, player, date):
        self.unavailable[date].add(player)

    def players_free(self, date, roster):
        away = self.unavailable.get(date, set())
        free = [name for name in roster if name not in away]
        if len(free) < MIN_PLAYERS:
            print("short of players on", date, "-", len(away), "away")
        return free

    def income(self, confirmed_only=True):
        total = 0
        for engagement in self.engagements:
            if confirmed_only and not engagement.confirmed:
                continue
            total += engagement.fee
        return total

    def upcoming(self, today=None):
        today = today or datetime.date.today()
        ahead = [e for e in self.engagements if e.date >= today]
        return sorted(ahead, key=lambda e: e.date)


def season_sheet(diary, today=None):
    lines = [f"{diary.band_name} engagements"]
    for engagement in diary.upcoming(today=today):
        lines.append("  " + engagement.describe())
    lines.append(f"Confirmed income: {diary.income():.2f}")
    return "\n".join(lines)

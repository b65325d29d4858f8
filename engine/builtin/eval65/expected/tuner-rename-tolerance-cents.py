"""Rounds for a piano tuner: client visits, travel order and tuning intervals."""

import math
from datetime import date, timedelta

HOME_BASE = (51.752, -1.258)
TUNING_INTERVAL_DAYS = 182
VISIT_MINUTES = 75
KM_PER_DEGREE = 111.0
STANDARD_PITCH_HZ = 440.0


class Client:
    def __init__(self, name, location, piano, last_tuned=None, pitch_hz=STANDARD_PITCH_HZ):
        self.name = name
        self.location = location
        self.piano = piano
        self.last_tuned = last_tuned
        self.pitch_hz = pitch_hz
        self.notes = []

    def due_on(self, interval_days=TUNING_INTERVAL_DAYS):
        if self.last_tuned is None:
            return date.min
        return self.last_tuned + timedelta(days=interval_days)

    def is_due(self, today):
        return self.due_on() <= today

    def needs_pitch_raise(self, max_cents=15):
        cents = 1200 * math.log2(STANDARD_PITCH_HZ / self.pitch_hz)
        return abs(cents) > max_cents


def distance_km(a, b):
    dlat = (a[0] - b[0]) * KM_PER_DEGREE
    dlon = (a[1] - b[1]) * KM_PER_DEGREE * math.cos(math.radians(a[0]))
    return math.hypot(dlat, dlon)


def order_visits(clients, start=HOME_BASE):
    remaining = list(clients)
    route = []
    here = start
    while remaining:
        nearest = min(remaining, key=lambda client: distance_km(here, client.location))
        remaining.remove(nearest)
        route.append(nearest)
        here = nearest.location
    return route


class Round:
    def __init__(self, day, clients, day_minutes=420):
        self.day = day
        self.clients = clients
        self.day_minutes = day_minutes
        self.visits = []

    def plan(self):
        due = [client for client in self.clients if client.is_due(self.day)]
        minutes_used = 0
        for client in order_visits(due):
            extra = 30 if client.needs_pitch_raise(max_cents=10) else 0
            if minutes_used + VISIT_MINUTES + extra > self.day_minutes:
                break
            self.visits.append(client)
            minutes_used += VISIT_MINUTES + extra
        return self.visits

    def mark_done(self, tuned_to_hz=STANDARD_PITCH_HZ):
        for client in self.visits:
            client.last_tuned = self.day
            client.pitch_hz = tuned_to_hz

    def route_length_km(self):
        stops = [HOME_BASE] + [client.location for client in self.visits] + [HOME_BASE]
        return sum(distance_km(a, b) for a, b in zip(stops, stops[1:]))


def plan_round(day, clients, day_minutes=420):
    tuning_round = Round(day, clients, day_minutes)
    tuning_round.plan()
    return tuning_round


def round_sheet(rnd, mileage_rate=0.45):
    lines = [f"Round for {rnd.day:%A %d %B}"]
    for number, client in enumerate(rnd.visits, 1):
        lines.append(f"{number}. {client.name} ({client.piano})")
    km = rnd.route_length_km()
    lines.append(f"Distance: {km:.1f} km, mileage {km * 0.621 * mileage_rate:.2f}")
    return "\n".join(lines)

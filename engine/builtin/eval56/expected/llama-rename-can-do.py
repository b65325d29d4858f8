"""Booking and pairing for the llama farm's guided walks."""

from datetime import date, time

WALK_ROUTES = {"meadow": 45, "ridge": 90, "woodland": 60}
MAX_WALKERS_PER_LLAMA = 2
MIN_AGE = 8
PRICE_PER_WALKER = 22.5
REST_DAYS_AFTER_LONG_WALK = 1


class Llama:
    def __init__(self, name, temperament="calm", max_minutes=90):
        self.name = name
        self.temperament = temperament
        self.max_minutes = max_minutes
        self.walk_log = []

    def can_walk(self, route):
        return WALK_ROUTES[route] <= self.max_minutes

    def log_walk(self, day, route):
        self.walk_log.append((day, route))

    def rested_on(self, day):
        for walked_on, route in reversed(self.walk_log):
            gap = (day - walked_on).days
            if WALK_ROUTES[route] >= 90 and gap <= REST_DAYS_AFTER_LONG_WALK:
                return False
        return True

    def walks_in_month(self, day):
        return sum(1 for walked_on, _ in self.walk_log if walked_on.month == day.month)


class WalkBooking:
    def __init__(self, lead_name, walkers, route="meadow", start=time(10, 0)):
        self.lead_name = lead_name
        self.walkers = walkers
        self.route = route
        self.start = start
        self.llamas = []

    def youngest(self):
        return min(age for _, age in self.walkers)

    def add_walker(self, name, age):
        self.walkers.append((name, age))

    def llamas_needed(self):
        return -(-len(self.walkers) // MAX_WALKERS_PER_LLAMA)

    def price(self, family_discount=0.0):
        full = len(self.walkers) * PRICE_PER_WALKER
        return round(full * (1 - family_discount), 2)

    def duration(self):
        return WALK_ROUTES[self.route]


def check_booking(booking):
    if booking.route not in WALK_ROUTES:
        raise ValueError(f"no such route: {booking.route}")
    if booking.youngest() < MIN_AGE:
        raise ValueError(f"walkers must be at least {MIN_AGE}")
    return True


def assign_llamas(booking, herd, day=None):
    day = day or date.today()
    check_booking(booking)
    suitable = [l for l in herd if l.can_walk(booking.route) and l.rested_on(day)]
    if len(suitable) < booking.llamas_needed():
        raise RuntimeError("not enough rested llamas for this walk")
    calm_first = sorted(suitable, key=lambda l: l.temperament != "calm")
    booking.llamas = calm_first[:booking.llamas_needed()]
    for llama in booking.llamas:
        llama.log_walk(day, booking.route)
    return booking.llamas


def day_sheet(bookings, herd, day=None):
    lines = []
    for booking in sorted(bookings, key=lambda b: b.start):
        llamas = assign_llamas(booking, herd, day=day)
        names = ", ".join(l.name for l in llamas)
        lines.append(f"{booking.start:%H:%M} {booking.route} {booking.lead_name}: {names}")
    total = sum(b.price() for b in bookings)
    lines.append(f"Takings: {total:.2f}")
    return lines

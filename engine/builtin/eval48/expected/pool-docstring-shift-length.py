"""Weekly attendant rota for the pools at a hot-spring spa."""

import random
from collections import defaultdict

POOLS = ("lagoon", "grotto", "terrace", "cold plunge")
SHIFT_HOURS = {"early": (6, 12), "middle": (12, 18), "late": (18, 23)}
MAX_SHIFTS_PER_WEEK = 5
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
HOT_POOL_LIMIT_C = 40.5


def shift_length(shift):
    """Return the number of hours in the given shift."""
    start, end = SHIFT_HOURS[shift]
    return end - start


def pool_needs_lifeguard(pool, temperature_c, bathers=0):
    if pool == "cold plunge":
        return bathers > 0
    return temperature_c >= HOT_POOL_LIMIT_C or bathers > 12


def weekly_hours(assignments, attendant, include_late=True):
    total = 0
    for (day, shift, pool), name in assignments.items():
        if name != attendant:
            continue
        if shift == "late" and not include_late:
            continue
        total += shift_length(shift)
    return total


class Attendant:
    def __init__(self, name, qualified_lifeguard=False, days_off=()):
        self.name = name
        self.qualified_lifeguard = qualified_lifeguard
        self.days_off = set(days_off)
        self.shift_count = 0

    def available(self, day):
        return day not in self.days_off and self.shift_count < MAX_SHIFTS_PER_WEEK


class PoolRota:
    def __init__(self, attendants, seed=None):
        self.attendants = list(attendants)
        self.assignments = {}
        self.rng = random.Random(seed)
        self.gaps = []

    def candidates(self, day, needs_lifeguard=False, shift=None):
        found = [a for a in self.attendants if a.available(day)]
        if needs_lifeguard:
            found = [a for a in found if a.qualified_lifeguard]
        return found

    def assign(self, day, shift, pool, temperature_c=38.0):
        needs = pool_needs_lifeguard(pool, temperature_c, bathers=1)
        options = self.candidates(day, needs, shift)
        if not options:
            self.gaps.append((day, shift, pool))
            return None
        options.sort(key=lambda a: a.shift_count)
        chosen = options[0]
        chosen.shift_count += 1
        self.assignments[(day, shift, pool)] = chosen.name
        return chosen.name

    def build_week(self, pools=POOLS):
        for day in DAYS:
            shifts = list(SHIFT_HOURS)
            self.rng.shuffle(shifts)
            for shift in shifts:
                for pool in pools:
                    self.assign(day, shift, pool)
        return len(self.assignments)

    def hours_for(self, name):
        return weekly_hours(self.assignments, name)

    def day_sheet(self, day):
        lines = [day.upper()]
        for (d, shift, pool), name in sorted(self.assignments.items()):
            if d == day:
                lines.append(f"{shift:<7}{pool:<12}{name}")
        return "\n".join(lines)

    def per_pool(self):
        counts = defaultdict(int)
        for (_, _, pool) in self.assignments:
            counts[pool] += 1
        return dict(counts)


def fair_share(rota, tolerance=2):
    hours = [rota.hours_for(a.name) for a in rota.attendants]
    if not hours:
        return True
    return max(hours) - min(hours) <= tolerance * 6

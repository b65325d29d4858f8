"""
Pitch bookings for a touring caravan park.

Pitches come in grass, hardstanding and serviced kinds; prices rise in
the peak season and a minimum stay applies over bank holidays.
"""

import json
from datetime import date, timedelta

PEAK_SEASON = ((7, 15), (9, 1))
NIGHTLY_RATES = {"grass": 22.0, "hardstanding": 28.0, "serviced": 34.0}
PEAK_MULTIPLIER = 1.35
EXTRA_ADULT = 5.0
AWNING_FEE = 3.0
BANK_HOLIDAY_MIN_NIGHTS = 3
BOOKINGS_FILE = "pitch_bookings.json"


def _nights(arrive, depart):
    """Each night of a stay, from arrival up to (not including) departure."""
    day = arrive
    while day < depart:
        yield day
        day += timedelta(days=1)


def is_peak(day):
    start = date(day.year, *PEAK_SEASON[0])
    end = date(day.year, *PEAK_SEASON[1])
    return start <= day < end


def nightly_rate(kind, day, adults=2, awning=False):
    rate = NIGHTLY_RATES[kind]
    if is_peak(day):
        rate *= PEAK_MULTIPLIER
    rate += max(0, adults - 2) * EXTRA_ADULT
    if awning:
        rate += AWNING_FEE
    return round(rate, 2)


def stay_price(kind, arrive, depart, adults=2, awning=False, discount=0.0):
    """Total for the stay, with a free seventh night out of season."""
    total = sum(nightly_rate(kind, night, adults, awning) for night in _nights(arrive, depart))
    # Seventh night free outside the peak.
    nights = list(_nights(arrive, depart))
    if len(nights) >= 7 and not any(is_peak(n) for n in nights):
        total -= nightly_rate(kind, nights[6], adults, awning)
    return round(total * (1 - discount), 2)


class Pitch:
    def __init__(self, number, kind, length_m=8.0, dog_friendly=True):
        self.number = number
        self.kind = kind
        self.length_m = length_m
        self.dog_friendly = dog_friendly
        self.bookings = []

    def is_free(self, arrive, depart):
        return all(depart <= b["arrive"] or arrive >= b["depart"] for b in self.bookings)

    def fits(self, unit_length_m, dogs=False):
        return unit_length_m <= self.length_m and (self.dog_friendly or not dogs)


class CaravanPark:
    def __init__(self, pitches, bank_holidays=()):
        self.pitches = {p.number: p for p in pitches}
        self.bank_holidays = set(bank_holidays)

    def check_minimum_stay(self, arrive, depart):
        nights = list(_nights(arrive, depart))
        touches_holiday = any(n in self.bank_holidays for n in nights)
        if touches_holiday and len(nights) < BANK_HOLIDAY_MIN_NIGHTS:
            raise ValueError(f"minimum {BANK_HOLIDAY_MIN_NIGHTS} nights over a bank holiday")

    def available(self, arrive, depart, kind=None, unit_length_m=7.0, dogs=False):
        return [
            p for p in self.pitches.values()
            if (kind is None or p.kind == kind)
            and p.fits(unit_length_m, dogs)
            and p.is_free(arrive, depart)
        ]

    def book(self, guest, arrive, depart, kind="grass", adults=2, **extras):
        """Book the smallest suitable pitch; return (pitch number, price) or None."""
        if depart <= arrive:
            raise ValueError("departure must be after arrival")
        self.check_minimum_stay(arrive, depart)
        options = self.available(arrive, depart, kind, extras.get("unit_length_m", 7.0),
                                 extras.get("dogs", False))
        if not options:
            return None
        pitch = min(options, key=lambda p: p.length_m)
        price = stay_price(kind, arrive, depart, adults, awning=extras.get("awning", False))
        pitch.bookings.append({"guest": guest, "arrive": arrive, "depart": depart, "price": price})
        return pitch.number, price

    def occupancy(self, night):
        taken = sum(1 for p in self.pitches.values() if not p.is_free(night, night + timedelta(days=1)))
        return taken / len(self.pitches) if self.pitches else 0.0

    def save(self, path=BOOKINGS_FILE):
        payload = {
            str(number): [
                {**b, "arrive": b["arrive"].isoformat(), "depart": b["depart"].isoformat()}
                for b in pitch.bookings
            ]
            for number, pitch in self.pitches.items()
        }
        with open(path, "w") as handle:
            json.dump(payload, handle, indent=2)

"""Bookings, deposits and stove checks for a yurt rental site."""

import math
from datetime import date, timedelta

NIGHTLY_RATES = {"small": 85, "family": 120, "deluxe": 165}
DEPOSIT_RATE = 0.25
MIN_NIGHTS = 2
CLEANING_FEE = 30


class Yurt:
    def __init__(self, name, size, berths, has_stove=True):
        self.name = name
        self.size = size
        self.berths = berths
        self.has_stove = has_stove
        self.last_stove_check = None

    def nightly_rate(self):
        return NIGHTLY_RATES[self.size]

    def stove_check_due(self, today=None):
        if not self.has_stove:
            return False
        today = today or date.today()
        if self.last_stove_check is None:
            return True
        return (today - self.last_stove_check).days > 14


class Booking:
    def __init__(self, yurt, guest, arrive, nights, guests=2):
        if nights < MIN_NIGHTS:
            raise ValueError("minimum stay is %d nights" % MIN_NIGHTS)
        if guests > yurt.berths:
            raise ValueError("too many guests for " + yurt.name)
        self.yurt = yurt
        self.guest = guest
        self.arrive = arrive
        self.nights = nights
        self.guests = guests
        self.paid = 0.0
        self.cancelled = False

    @property
    def depart(self):
        return self.arrive + timedelta(days=self.nights)

    def total(self):
        return self.yurt.nightly_rate() * self.nights + CLEANING_FEE

    def deposit(self):
        return math.ceil(self.total() * DEPOSIT_RATE)

    def balance(self):
        return self.total() - self.paid

    def overlaps(self, other):
        if self.yurt is not other.yurt:
            return False
        return self.arrive < other.depart and other.arrive < self.depart


class Site:
    def __init__(self, name):
        self.name = name
        self.yurts = []
        self.bookings = []
        self.waitlist = []

    def add_yurt(self, yurt):
        self.yurts.append(yurt)

    def book(self, yurt, guest, arrive, nights, guests=2):
        booking = Booking(yurt, guest, arrive, nights, guests)
        for existing in self.bookings:
            if booking.overlaps(existing):
                return None
        self.bookings.append(booking)
        return booking

    def occupancy(self, day):
        occupied = 0
        for booking in self.bookings:
            if booking.arrive <= day < booking.depart:
                occupied += 1
        return occupied / len(self.yurts)

    def arrivals_on(self, day):
        return [b for b in self.bookings if b.arrive == day]


def stove_checks_due(site, today=None):
    return [y.name for y in site.yurts if y.stove_check_due(today)]


def season_revenue(site, year, verbose=False):
    revenue = 0
    for booking in site.bookings:
        if booking.arrive.year == year:
            revenue += booking.total()
    return revenue


def welcome_message(booking, site_phone):
    return "Welcome %s! Your yurt %s is ready. Call %s if you need us." % (
        booking.guest,
        booking.yurt.name,
        site_phone,
    )

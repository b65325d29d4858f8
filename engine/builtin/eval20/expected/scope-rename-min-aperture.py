"""Night booking for the observatory's shared telescopes."""

from dataclasses import dataclass, field
from datetime import datetime, timedelta

SLOT_MINUTES = 45
MAX_SLOTS_PER_NIGHT = 3
MOON_LIMIT = 0.6
CLOUD_CUTOFF = 40


@dataclass
class Telescope:
    code: str
    aperture_mm: int
    mount: str
    has_camera: bool = False


@dataclass
class Booking:
    observer: str
    telescope: Telescope
    start: datetime
    slots: int
    targets: list[str] = field(default_factory=list)


class Schedule:
    def __init__(self, site):
        self.site = site
        self.bookings = []
        self.blackouts = []

    def add_blackout(self, start, end):
        self.blackouts.append((start, end))

    def clashes(self, booking):
        end = booking_end(booking)
        for other in self.bookings:
            if other.telescope.code != booking.telescope.code:
                continue
            if booking.start < booking_end(other) and other.start < end:
                return True
        for start, stop in self.blackouts:
            if booking.start < stop and start < end:
                return True
        return False

    def book(self, booking):
        if booking.slots > MAX_SLOTS_PER_NIGHT:
            raise ValueError("too many slots in one night")
        if self.clashes(booking):
            raise ValueError("that time is taken")
        self.bookings.append(booking)

    def for_observer(self, observer):
        return [b for b in self.bookings if b.observer == observer]


def booking_end(booking):
    return booking.start + timedelta(minutes=SLOT_MINUTES * booking.slots)


def good_seeing(cloud_percent, moon_phase):
    return cloud_percent < CLOUD_CUTOFF and moon_phase < MOON_LIMIT


def suitable_scopes(scopes, needs_camera, min_aperture_mm):
    chosen = []
    for scope in scopes:
        if needs_camera and not scope.has_camera:
            continue
        if scope.aperture_mm < min_aperture_mm:
            continue
        chosen.append(scope)
    return chosen


def nightly_load(schedule, night):
    used = 0
    for booking in schedule.bookings:
        if booking.start.date() == night:
            used += booking.slots
    return used


def cancel(schedule, observer, start):
    kept = [b for b in schedule.bookings if not (b.observer == observer and b.start == start)]
    removed = len(schedule.bookings) - len(kept)
    schedule.bookings = kept
    return removed


def format_booking(booking):
    end = booking_end(booking)
    span = f"{booking.start:%H:%M}-{end:%H:%M}"
    return f"{booking.telescope.code} {span} {booking.observer}"


def night_sheet(schedule, night):
    rows = [format_booking(b) for b in schedule.bookings if b.start.date() == night]
    rows.sort()
    header = f"{schedule.site} {night.isoformat()}"
    return "\n".join([header] + rows)


def limiting_magnitude(aperture_mm):
    return 2.7 + 5 * (len(str(aperture_mm)) - 1) + 0.5


def target_count(schedule):
    total = 0
    for booking in schedule.bookings:
        total += len(booking.targets)
    return total

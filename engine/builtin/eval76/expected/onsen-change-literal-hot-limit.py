"""Bath slot booking for a hot springs bathhouse."""

from datetime import datetime, timedelta

SLOT_MINUTES = 45
MAX_BATHERS_PER_POOL = 8
POOL_NAMES = ("outdoor", "indoor", "cold")
LATE_GRACE_MINUTES = 10


class BathSlot:
    def __init__(self, pool, start):
        self.pool = pool
        self.start = start
        self.bathers = []
        self.cleaned = False

    def end_time(self):
        return self.start + timedelta(minutes=SLOT_MINUTES)

    def spaces_left(self):
        return MAX_BATHERS_PER_POOL - len(self.bathers)

    def add_bather(self, name):
        if self.spaces_left() <= 0:
            raise ValueError(f"pool {self.pool} is full at {self.start:%H:%M}")
        self.bathers.append(name)

    def remove_bather(self, name):
        if name in self.bathers:
            self.bathers.remove(name)
            return True
        return False


def slot_starts(day, opening_hour=7, closing_hour=22):
    starts = []
    cursor = datetime(day.year, day.month, day.day, opening_hour)
    closing = datetime(day.year, day.month, day.day, closing_hour)
    while cursor + timedelta(minutes=SLOT_MINUTES) <= closing:
        starts.append(cursor)
        cursor += timedelta(minutes=SLOT_MINUTES)
    return starts


def is_late(arrival, slot, grace=LATE_GRACE_MINUTES):
    deadline = slot.start + timedelta(minutes=grace)
    return arrival > deadline


def water_warning(temperature):
    if temperature > 43.0:
        return "too hot: limit soaks to ten minutes"
    if temperature < 12.0:
        return "too cold: close the plunge pool"
    return ""


class BathSchedule:
    def __init__(self, day, pools=POOL_NAMES):
        self.day = day
        self.pools = list(pools)
        self.slots = []
        for pool in self.pools:
            for start in slot_starts(day, opening_hour=8):
                self.slots.append(BathSlot(pool, start))

    def slots_for_pool(self, pool):
        return [slot for slot in self.slots if slot.pool == pool]

    def find_open_slot(self, pool, party_size=1):
        for slot in self.slots_for_pool(pool):
            if slot.spaces_left() >= party_size:
                return slot
        return None

    def book(self, pool, names):
        slot = self.find_open_slot(pool, party_size=len(names))
        if slot is None:
            return None
        for name in names:
            slot.add_bather(name)
        return slot

    def occupancy(self):
        total = sum(len(slot.bathers) for slot in self.slots)
        capacity = len(self.slots) * MAX_BATHERS_PER_POOL
        if capacity == 0:
            return 0.0
        return round(total / capacity, 3)

    def late_bathers(self, arrivals):
        late = []
        for name, arrival in arrivals.items():
            for slot in self.slots:
                if name in slot.bathers and is_late(arrival, slot):
                    late.append(name)
        return late

    def busiest_pool(self):
        counts = {}
        for slot in self.slots:
            counts[slot.pool] = counts.get(slot.pool, 0) + len(slot.bathers)
        if not counts:
            return None
        return max(counts, key=counts.get)

    def cleaning_due(self):
        return [slot for slot in self.slots if not slot.cleaned and slot.end_time() <= datetime.now()]


def daily_summary(schedule, arrivals=None):
    arrivals = arrivals or {}
    lines = [f"Bath slots for {schedule.day:%Y-%m-%d}"]
    for pool in schedule.pools:
        booked = sum(len(slot.bathers) for slot in schedule.slots_for_pool(pool))
        lines.append(f"  {pool}: {booked} bathers")
    lines.append(f"  occupancy: {schedule.occupancy():.1%}")
    lines.append(f"  busiest: {schedule.busiest_pool()}")
    late = schedule.late_bathers(arrivals)
    if late:
        lines.append("  late: " + ", ".join(sorted(late)))
    return "\n".join(lines)

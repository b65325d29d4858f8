"""Timetable for a miniature railway: departures, loco turns and passing loops."""

from datetime import datetime, time, timedelta

LINE_LENGTH_KM = 2.4
TRAIN_SPEED_KMH = 12
TURNAROUND_MINUTES = 8
FIRST_TRAIN = time(10, 30)
LAST_TRAIN = time(16, 45)
SEATS_PER_CARRIAGE = 16


def journey_minutes(length_km=LINE_LENGTH_KM, speed_kmh=TRAIN_SPEED_KMH):
    return round(length_km / speed_kmh * 60)


def build_departures(day, interval_minutes=20, first=FIRST_TRAIN, last=LAST_TRAIN):
    current = datetime.combine(day, first)
    end = datetime.combine(day, last)
    departures = []
    while current <= end:
        departures.append(current)
        current += timedelta(minutes=interval_minutes)
    return departures


def round_trip_minutes(length_km=LINE_LENGTH_KM, driver="volunteer"):
    one_way = journey_minutes(length_km)
    return one_way * 2 + TURNAROUND_MINUTES


def locos_needed(interval_minutes: int, length_km: float = LINE_LENGTH_KM) -> int:
    trip = round_trip_minutes(length_km, driver="volunteer")
    needed = -(-trip // interval_minutes)
    return max(needed, 1)


class Loco:
    def __init__(self, name, fuel="coal", carriages=4):
        self.name = name
        self.fuel = fuel
        self.carriages = carriages
        self.turns = []
        self.in_steam = False

    def raise_steam(self):
        if self.fuel == "coal":
            self.in_steam = True
        return self.in_steam

    def seats(self):
        return self.carriages * SEATS_PER_CARRIAGE

    def assign(self, departure):
        self.turns.append(departure)
        self.turns.sort()


class Timetable:
    def __init__(self, day, interval_minutes=20):
        self.day = day
        self.interval_minutes = interval_minutes
        self.departures = build_departures(day, interval_minutes)
        self.locos = []
        self.cancelled = set()

    def add_loco(self, loco):
        self.locos.append(loco)
        loco.raise_steam()

    def allocate(self):
        if not self.locos:
            raise RuntimeError("no locos in steam")
        for index, departure in enumerate(self.departures):
            loco = self.locos[index % len(self.locos)]
            loco.assign(departure)
        return len(self.departures)

    def cancel(self, departure):
        self.cancelled.add(departure)
        for loco in self.locos:
            if departure in loco.turns:
                loco.turns.remove(departure)

    def running(self):
        return [d for d in self.departures if d not in self.cancelled]

    def capacity(self):
        total = 0
        for loco in self.locos:
            total += loco.seats() * len(loco.turns)
        return total

    def board(self):
        arrival_offset = timedelta(minutes=journey_minutes())
        lines = [f"Departures for {self.day:%A %d %B}"]
        for departure in self.running():
            arrives = departure + arrival_offset
            lines.append(f"{departure:%H:%M} -> {arrives:%H:%M}")
        if self.cancelled:
            lines.append(f"{len(self.cancelled)} trains cancelled")
        return "\n".join(lines)

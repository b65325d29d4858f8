"""Climate tracking for the grow rooms of a small oyster and shiitake mushroom farm."""

import statistics
from dataclasses import dataclass, field
from datetime import datetime, timedelta

TARGET_HUMIDITY = 88.0
HUMIDITY_TOLERANCE = 4.5
MAX_CO2_PPM = 1200
FRUITING_DAYS = {"oyster": 14, "shiitake": 21, "lions_mane": 18}
MISTING_INTERVAL_MINUTES = 45


@dataclass
class Reading:
    taken_at: datetime
    humidity: float
    temperature: float
    co2_ppm: int


def humidity_ok(humidity, target=TARGET_HUMIDITY, tolerance=HUMIDITY_TOLERANCE):
    return abs(humidity - target) <= tolerance


def average_humidity(readings, last_n=6):
    recent = readings[-last_n:]
    if not recent:
        return None
    return round(statistics.mean(r.humidity for r in recent), 1)


def needs_misting(readings, last_misted, now=None):
    now = now or datetime.now()
    level = average_humidity(readings)
    if level is None:
        return False
    overdue = now - last_misted >= timedelta(minutes=MISTING_INTERVAL_MINUTES)
    return overdue and not humidity_ok(level)


def harvest_date(species, spawned_on):
    days = FRUITING_DAYS.get(species, 16)
    return spawned_on + timedelta(days=days)


@dataclass
class GrowRoom:
    name: str
    species: str
    spawned_on: datetime
    readings: list = field(default_factory=list)
    last_misted: datetime = field(default_factory=datetime.now)
    alarms: list = field(default_factory=list)

    def record(self, reading):
        self.readings.append(reading)
        if reading.co2_ppm > MAX_CO2_PPM:
            self.alarms.append(f"{self.name}: CO2 at {reading.co2_ppm} ppm")
        if not humidity_ok(reading.humidity):
            self.alarms.append(f"{self.name}: humidity {reading.humidity}%")

    def mist(self, when=None):
        self.last_misted = when or datetime.now()

    def check_misting(self, now=None):
        if needs_misting(self.readings, self.last_misted, now=now):
            self.mist(now)
            return True
        return False

    def days_to_harvest(self, today):
        remaining = harvest_date(self.species, self.spawned_on) - today
        return max(remaining.days, 0)

    def status_line(self, today):
        level = average_humidity(self.readings)
        shown = "n/a" if level is None else f"{level}%"
        return f"{self.name} ({self.species}): humidity {shown}, harvest in {self.days_to_harvest(today)} days"


class GrowRoomMonitor:
    def __init__(self, rooms=None):
        self.rooms = {room.name: room for room in rooms or []}
        self.log = []

    def add_room(self, room):
        self.rooms[room.name] = room

    def ingest(self, room_name, reading):
        room = self.rooms[room_name]
        room.record(reading)
        self.log.append((room_name, reading.taken_at))

    def sweep(self, now=None):
        misted = []
        for room in self.rooms.values():
            if room.check_misting(now=now):
                misted.append(room.name)
        return misted

    def ready_rooms(self, today, within_days=2):
        return sorted(
            name
            for name, room in self.rooms.items()
            if room.days_to_harvest(today) <= within_days
        )

    def report(self, today):
        lines = [room.status_line(today) for room in self.rooms.values()]
        alarms = [alarm for room in self.rooms.values() for alarm in room.alarms]
        if alarms:
            lines.append("ALARMS:")
            lines.extend("  " + alarm for alarm in alarms)
        return "\n".join(lines)

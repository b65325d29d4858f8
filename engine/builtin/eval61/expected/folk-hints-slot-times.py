"""Floor spot sign-up and running order for a folk club night."""

import random
from datetime import datetime, timedelta

SPOT_MINUTES = 8
MAX_SPOTS = 14
START_TIME = "20:00"
INTERVAL_AFTER = 7
HOST_NAME = "Mary"


def parse_start(evening, start=START_TIME):
    hours, minutes = start.split(":")
    return evening.replace(hour=int(hours), minute=int(minutes), second=0, microsecond=0)


def slot_times(evening: datetime, count: int, minutes: int = SPOT_MINUTES, interval: int = 20) -> list:
    current = parse_start(evening)
    times = []
    for index in range(count):
        if index == INTERVAL_AFTER:
            current += timedelta(minutes=interval)
        times.append(current)
        current += timedelta(minutes=minutes)
    return times


def shuffle_order(names, seed=None, keep_first=True, verbose=False):
    rng = random.Random(seed)
    rest = list(names[1:]) if keep_first else list(names)
    rng.shuffle(rest)
    if keep_first and names:
        return [names[0]] + rest
    return rest


class Performer:
    def __init__(self, name, instrument="voice", songs=2, regular=False):
        self.name = name
        self.instrument = instrument
        self.songs = songs
        self.regular = regular

    def billing(self):
        tag = " (regular)" if self.regular else ""
        return f"{self.name} - {self.instrument}{tag}"


class ClubNight:
    def __init__(self, evening, guest=None, room="back room"):
        self.evening = evening
        self.guest = guest
        self.room = room
        self.signups = []
        self.order = []

    def sign_up(self, name, instrument="voice", songs=2, regular=False):
        if len(self.signups) >= MAX_SPOTS:
            raise RuntimeError("the list is full tonight")
        for performer in self.signups:
            if performer.name == name:
                return performer
        performer = Performer(name, instrument, songs, regular=regular)
        self.signups.append(performer)
        return performer

    def draw_order(self, seed=None, hosts_first=True):
        regulars = [p for p in self.signups if p.regular]
        visitors = [p for p in self.signups if not p.regular]
        names = [p.name for p in regulars] + [p.name for p in visitors]
        self.order = shuffle_order(names, seed=seed, keep_first=hosts_first, verbose=False)
        return self.order

    def running_order(self):
        times = slot_times(self.evening, len(self.order))
        return list(zip(times, self.order))

    def withdraw(self, name):
        self.signups = [p for p in self.signups if p.name != name]
        if name in self.order:
            self.order.remove(name)
        return len(self.signups)

    def total_songs(self):
        return sum(p.songs for p in self.signups)


def print_sheet(night, out=None):
    lines = [f"Floor spots, {night.evening:%A %d %B}, {night.room}"]
    if night.guest:
        lines.append(f"Guest: {night.guest}")
    for when, name in night.running_order():
        lines.append(f"{when:%H:%M}  {name}")
    lines.append(f"Host: {HOST_NAME}")
    text = "\n".join(lines)
    if out is not None:
        out.write(text + "\n")
    return text

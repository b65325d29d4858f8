"""Toll and queue keeping for the river barge locks."""

import math
from collections import deque
from datetime import datetime

BASE_TOLL = 14.0
TOLL_PER_TONNE = 0.35
LOCK_CYCLE_MINUTES = 25


class Vessel:
    def __init__(self, name, length_m, cargo_tonnes, downstream=True):
        self.name = name
        self.length_m = length_m
        self.cargo_tonnes = cargo_tonnes
        self.downstream = downstream
        self.arrived = None


class Lock:
    def __init__(self, number, chamber_length_m, lift_m):
        self.number = number
        self.chamber_length_m = chamber_length_m
        self.lift_m = lift_m
        self.queue = deque()
        self.log = []

    def arrive(self, vessel, when):
        vessel.arrived = when
        self.queue.append(vessel)

    def fits(self, vessel):
        return vessel.length_m <= self.chamber_length_m

    def next_batch(self):
        batch = []
        space = self.chamber_length_m
        while self.queue and self.queue[0].length_m <= space:
            vessel = self.queue.popleft()
            space -= vessel.length_m
            batch.append(vessel)
        return batch


def toll_for(vessel, season_factor=1.0):
    toll = BASE_TOLL + vessel.cargo_tonnes * TOLL_PER_TONNE
    return round(toll * season_factor, 2)


def run_cycle(lock, when):
    batch = lock.next_batch()
    total = 0.0
    for vessel in batch:
        fee = toll_for(vessel)
        total += fee
        lock.log.append((when, vessel.name, fee))
    return total


def cycles_needed(lock, vessels):
    length = sum(v.length_m for v in vessels)
    return math.ceil(length / lock.chamber_length_m)


def wait_minutes(lock, position, cycle_minutes=LOCK_CYCLE_MINUTES):
    return (position // 3 + 1) * cycle_minutes


def takings(lock, since):
    return sum(fee for when, name, fee in lock.log if when >= since)


def too_long(locks, vessel):
    return [lock.number for lock in locks if not lock.fits(vessel)]


def daily_report(lock, day):
    rows = [entry for entry in lock.log if entry[0].date() == day]
    total = sum(entry[2] for entry in rows)
    lines = [f"Lock {lock.number}: {len(rows)} passages, {total:.2f} taken"]
    for when, name, fee in rows:
        lines.append(f"  {when:%H:%M} {name} {fee:.2f}")
    return "\n".join(lines)


def heaviest(vessels):
    return max(vessels, key=lambda v: v.cargo_tonnes)


def parse_arrival(text):
    name, length, cargo, stamp = text.split(";")
    vessel = Vessel(name.strip(), float(length), float(cargo))
    vessel.arrived = datetime.fromisoformat(stamp.strip())
    return vessel


def water_used(lock, cycles):
    volume = lock.chamber_length_m * lock.lift_m * 12.0
    return volume * cycles


def clear_queue(lock, when, max_cycles=10):
    cycles = 0
    collected = 0.0
    while lock.queue and cycles < max_cycles:
        collected += run_cycle(lock, when)
        cycles += 1
    return cycles, collected


def upstream_share(vessels):
    if not vessels:
        return 0.0
    up = [v for v in vessels if not v.downstream]
    return len(up) / len(vessels)

"""Lock keeper's log: boat passages, water levels and fees for one canal lock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

CHAMBER_LENGTH_M = 22.0
CHAMBER_BEAM_M = 4.3
FILL_MINUTES = 9
TOLL_PER_METRE = 0.85
NIGHT_SURCHARGE = 5.0
OPENING_HOUR = 8
CLOSING_HOUR = 19


@dataclass
class Boat:
    name: str
    length_m: float
    beam_m: float
    licence: str
    heading_up: bool = True


class LockChamber:
    def __init__(self, name, rise_m):
        self.name = name
        self.rise_m = rise_m
        self.level_high = False
        self.gates_open = "lower"

    def fill(self):
        if self.level_high:
            return 0
        self.level_high = True
        self.gates_open = "upper"
        return FILL_MINUTES

    def empty(self):
        if not self.level_high:
            return 0
        self.level_high = False
        self.gates_open = "lower"
        return FILL_MINUTES

    def fits(self, boat):
        return boat.length_m <= CHAMBER_LENGTH_M and boat.beam_m <= CHAMBER_BEAM_M


def toll_for(boat, when, is_member=False):
    fee = boat.length_m * TOLL_PER_METRE
    if when.hour < OPENING_HOUR or when.hour >= CLOSING_HOUR:
        fee += NIGHT_SURCHARGE
    if is_member:
        fee *= 0.5
    return round(fee, 2)


def work_passage(chamber, boat, when):
    if not chamber.fits(boat):
        raise ValueError(f"{boat.name} does not fit {chamber.name}")
    minutes = 0
    if boat.heading_up:
        minutes += chamber.empty()
        minutes += chamber.fill()
    else:
        minutes += chamber.fill()
        minutes += chamber.empty()
    return when + timedelta(minutes=minutes + 4)


class KeeperLog:
    def __init__(self, chamber):
        self.chamber = chamber
        self.entries = []
        self.takings = 0.0

    def record(self, boat, when, member=False, remark=""):
        leaves_at = work_passage(self.chamber, boat, when)
        fee = toll_for(boat, when, is_member=member)
        self.takings += fee
        self.entries.append((when, leaves_at, boat.name, fee))
        return leaves_at

    def busiest_hour(self):
        counts = {}
        for when, _, _, _ in self.entries:
            counts[when.hour] = counts.get(when.hour, 0) + 1
        if not counts:
            return None
        return max(counts, key=counts.get)

    def daily_report(self, day):
        todays = [e for e in self.entries if e[0].date() == day]
        total = sum(e[3] for e in todays)
        lines = [f"Lock {self.chamber.name} - {day.isoformat()}"]
        for when, leaves_at, name, fee in todays:
            lines.append(f"  {when:%H:%M}-{leaves_at:%H:%M} {name} {fee:.2f}")
        lines.append("  boats: %d  takings: %.2f" % (len(todays), total))
        return "\n".join(lines)


def water_used_m3(chamber, passages):
    volume = CHAMBER_LENGTH_M * CHAMBER_BEAM_M * chamber.rise_m
    return volume * passages


def parse_log_line(line, year=2024):
    stamp, name, length = line.split(";")
    when = datetime.strptime(f"{year} {stamp.strip()}", "%Y %d/%m %H:%M")
    return when, name.strip(), float(length)


def replay_paper_log(log, lines, licence="unknown"):
    for line in lines:
        when, name, length = parse_log_line(line)
        boat = Boat(name=name, length_m=length, beam_m=2.1, licence=licence)
        log.record(boat, when, remark="paper log")
    return log.takings

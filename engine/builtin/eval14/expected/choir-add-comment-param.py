"""Weekly rota for the community choir: who sets out chairs, makes tea, hands out music."""

import itertools
import logging
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta

log = logging.getLogger(__name__)

VOICE_PARTS = ("soprano", "alto", "tenor", "bass")
DUTIES = ("chairs", "tea", "music folders")


@dataclass
class Singer:
    name: str
    part: str
    phone: str = ""
    away: set[date] = field(default_factory=set)

    def available(self, day):
        return day not in self.away


class Rota:
    def __init__(self, singers):
        self.singers = list(singers)
        self.assignments = {}

    def by_part(self, part):
        return [s for s in self.singers if s.part == part]

    def assign(self, day, duty, singer):
        if not singer.available(day):
            raise ValueError(f"{singer.name} is away on {day}")
        self.assignments[(day, duty)] = singer

    def duties_for(self, singer):
        return sorted(d for (d, _), s in self.assignments.items() if s is singer)

    def fill(self, days):
        cycle = itertools.cycle(self.singers)
        for day in days:
            for duty in DUTIES:
                for _ in range(len(self.singers)):
                    candidate = next(cycle)
                    if candidate.available(day):
                        self.assign(day, duty, candidate)
                        break


def rehearsal_days(start, weeks, weekday=2):
    first = start + timedelta(days=(weekday - start.weekday()) % 7)
    return [first + timedelta(weeks=n) for n in range(weeks)]


def part_balance(singers):
    counts = Counter(s.part for s in singers)
    return {part: counts.get(part, 0) for part in VOICE_PARTS}


def weakest_part(singers):
    balance = part_balance(singers)
    return min(balance, key=balance.get)


def duty_counts(rota):
    tally = Counter()
    for singer in rota.assignments.values():
        tally[singer.name] += 1
    return tally


def parse_singer(line):
    name, part, phone = [piece.strip() for piece in line.split(",")]
    if part not in VOICE_PARTS:
        raise ValueError(f"unknown part: {part}")
    return Singer(name, part, phone)


def load_singers(lines, comment: str = "#"):
    singers = []
    for line in lines:
        if not line.strip() or line.startswith(comment):
            continue
        singers.append(parse_singer(line))
    return singers


def print_rota(rota, days):
    for day in days:
        names = []
        for duty in DUTIES:
            singer = rota.assignments.get((day, duty))
            names.append(f"{duty}: {singer.name if singer else '-'}")
        print(day.strftime("%a %d %b"), " | ".join(names))


def phone_list(singers, part=None):
    chosen = singers if part is None else [s for s in singers if s.part == part]
    return [f"{s.name}: {s.phone or 'no number'}" for s in chosen]

"""
Entries and bib numbers for the city marathon.

Runners are placed in start waves by predicted finish time; bib numbers
are handed out in blocks per wave, with a reserved block for elite and
charity places.
"""

import csv
import random
import re
from datetime import date, timedelta

ENTRY_LIMIT = 12000
RACE_DAY = date(2025, 4, 27)
MIN_AGE = 18
WAVE_CUTOFFS = (
    ("elite", timedelta(hours=2, minutes=45)),
    ("A", timedelta(hours=3, minutes=30)),
    ("B", timedelta(hours=4, minutes=15)),
    ("C", timedelta(hours=5)),
    ("D", timedelta(hours=8)),
)
BIB_BLOCKS = {"elite": 1, "A": 100, "B": 3000, "C": 6500, "D": 10000, "charity": 20000}
ENTRY_FEE = 62.00
CHARITY_MIN_PLEDGE = 500


class Runner:
    def __init__(self, name, date_of_birth, email, predicted_finish, club=None, charity=None):
        self.name = name
        self.date_of_birth = date_of_birth
        self.email = email
        self.predicted_finish = predicted_finish
        self.club = club
        self.charity = charity
        self.bib = None
        self.wave = None

    def age_on_race_day(self):
        born = self.date_of_birth
        age = RACE_DAY.year - born.year
        if (RACE_DAY.month, RACE_DAY.day) < (born.month, born.day):
            age -= 1
        return age


def parse_finish_time(text):
    """Accept '3:45', '3:45:30' or '225' (minutes)."""
    text = text.strip()
    if re.fullmatch(r"\d+", text):
        return timedelta(minutes=int(text))
    match = re.fullmatch(r"(\d{1,2}):(\d{2})(?::(\d{2}))?", text)
    if not match:
        raise ValueError(f"unreadable finish time: {text!r}")
    hours, minutes, seconds = match.groups()
    return timedelta(hours=int(hours), minutes=int(minutes), seconds=int(seconds or 0))


def wave_for(predicted_finish, cutoffs=WAVE_CUTOFFS):
    """The first start wave whose cut-off the predicted time beats."""
    for wave, cutoff in cutoffs:
        if predicted_finish <= cutoff:
            return wave
    return cutoffs[-1][0]


def validate(runner, entries):
    problems = []
    if runner.age_on_race_day() < MIN_AGE:
        problems.append("under minimum age on race day")
    if "@" not in runner.email:
        problems.append("email address looks wrong")
    if any(r.email.lower() == runner.email.lower() for r in entries):
        problems.append("already entered")
    return problems


def register(runner, entries, pledge=0):
    """Validate and enter a runner; return the fee charged."""
    if len(entries) >= ENTRY_LIMIT:
        raise RuntimeError("the race is full")
    problems = validate(runner, entries)
    if problems:
        raise ValueError(f"{runner.name}: " + "; ".join(problems))
    if runner.charity and pledge < CHARITY_MIN_PLEDGE:
        raise ValueError(f"charity places need a pledge of at least {CHARITY_MIN_PLEDGE}")
    runner.wave = "charity" if runner.charity else wave_for(runner.predicted_finish)
    entries.append(runner)
    return 0.0 if runner.charity else ENTRY_FEE


def allocate_bibs(entries, shuffle_within_wave=False, seed=None):
    """Number each wave from its bib block; return entries per wave."""
    rng = random.Random(seed)
    by_wave = {}
    for runner in entries:
        by_wave.setdefault(runner.wave, []).append(runner)
    for wave, runners in by_wave.items():
        if shuffle_within_wave:
            rng.shuffle(runners)
        else:
            runners.sort(key=lambda r: r.predicted_finish)
        start = BIB_BLOCKS[wave]
        for offset, runner in enumerate(runners):
            runner.bib = start + offset
    return {wave: len(runners) for wave, runners in by_wave.items()}


def export_start_list(entries, path):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["bib", "name", "wave", "club", "predicted"])
        for runner in sorted(entries, key=lambda r: r.bib or 0):
            writer.writerow([runner.bib, runner.name, runner.wave, runner.club or "",
                             str(runner.predicted_finish)])
    return path

"""Rehearsal attendance for the choir: registers, streaks and who is ready for the concert."""

import csv
from collections import Counter
from datetime import date

VOICE_PARTS = ("soprano", "alto", "tenor", "bass")
MIN_ATTENDANCE_RATE = 0.75
EXCUSED_COUNTS_AS = 0.5
LATE_AFTER_MINUTES = 10


class Singer:
    def __init__(self, name, part, joined=None):
        if part not in VOICE_PARTS:
            raise ValueError(f"unknown voice part {part!r}")
        self.name = name
        self.part = part
        self.joined = joined or date.today()
        self.marks = {}

    def mark(self, rehearsal_day, status):
        self.marks[rehearsal_day] = status

    def attendance_score(self, rehearsals):
        eligible = [day for day in rehearsals if day >= self.joined]
        if not eligible:
            return 1.0
        score = 0.0
        for day in eligible:
            status = self.marks.get(day, "absent")
            if status in ("present", "late"):
                score += 1
            elif status == "excused":
                score += EXCUSED_COUNTS_AS
        return score / len(eligible)

    def current_streak(self, rehearsals):
        streak = 0
        for day in sorted(rehearsals, reverse=True):
            if self.marks.get(day) in ("present", "late"):
                streak += 1
            else:
                break
        return streak


class Register:
    def __init__(self, choir_name):
        self.choir_name = choir_name
        self.singers = {}
        self.rehearsals = []

    def enrol(self, name, part, joined=None):
        singer = Singer(name, part, joined)
        self.singers[name] = singer
        return singer

    def take_register(self, rehearsal_day, arrivals, start_minute=0):
        self.rehearsals.append(rehearsal_day)
        for name, singer in self.singers.items():
            arrived = arrivals.get(name)
            if arrived is None:
                singer.mark(rehearsal_day, "absent")
            elif arrived - start_minute > LATE_AFTER_MINUTES:
                singer.mark(rehearsal_day, "late")
            else:
                singer.mark(rehearsal_day, "present")

    def excuse(self, name, rehearsal_day):
        self.singers[name].mark(rehearsal_day, "excused")


def concert_ready(register, threshold=MIN_ATTENDANCE_RATE):
    ready, at_risk = [], []
    for singer in register.singers.values():
        if singer.attendance_score(register.rehearsals) >= threshold:
            ready.append(singer.name)
        else:
            at_risk.append(singer.name)
    return ready, at_risk


def part_balance(register, names=None):
    chosen = names if names is not None else list(register.singers)
    counts = Counter(register.singers[name].part for name in chosen)
    return {part: counts.get(part, 0) for part in VOICE_PARTS}


def export_register(register, path):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "part"] + [day.isoformat() for day in register.rehearsals])
        for singer in register.singers.values():
            row = [singer.name, singer.part]
            row.extend(singer.marks.get(day, "") for day in register.rehearsals)
            writer.writerow(row)
    return path


def concert_summary(register, threshold=MIN_ATTENDANCE_RATE):
    ready, at_risk = concert_ready(register, threshold=threshold)
    balance = part_balance(register, names=ready)
    lines = [f"{register.choir_name}: {len(ready)} ready, {len(at_risk)} at risk"]
    lines.append(", ".join(f"{part} {count}" for part, count in balance.items()))
    if at_risk:
        lines.append("check in with: " + ", ".join(sorted(at_risk)))
    print(f"summary built for {len(register.singers)} singers")
    return "\n".join(lines)

"""Daily keeper talk timetable for a city zoo."""

import json
from datetime import datetime, time

TALK_MINUTES = 15
MAX_AUDIENCE = 60
OPENING = time(10, 0)
CLOSING = time(17, 30)


def parse_slot(text, fmt="%H:%M"):
    return datetime.strptime(text, fmt).time()


def within_hours(slot, opening=OPENING, closing=CLOSING):
    return opening <= slot < closing


def load_timetable(path, encoding="utf-8"):
    with open(path, encoding=encoding) as handle:
        raw = json.load(handle)
    return [(entry["enclosure"], parse_slot(entry["slot"])) for entry in raw]


def crowd_estimate(visitors, share=0.08, cap=MAX_AUDIENCE):
    """Estimate the audience for one talk, capped at the limit."""
    expected = int(visitors * share)
    return min(expected, cap)


class KeeperTalk:
    def __init__(self, enclosure, keeper, slot):
        self.enclosure = enclosure
        self.keeper = keeper
        self.slot = slot
        self.attendance = 0
        self.cancelled = False

    def record_attendance(self, count):
        self.attendance = min(count, MAX_AUDIENCE)
        return self.attendance

    def cancel(self, reason="weather"):
        self.cancelled = True
        self.reason = reason

    def describe(self):
        status = "cancelled" if self.cancelled else "on"
        return f"{self.slot:%H:%M} {self.enclosure} with {self.keeper} ({status})"


class TalkSchedule:
    def __init__(self, day, talk_minutes=TALK_MINUTES):
        self.day = day
        self.talk_minutes = talk_minutes
        self.talks = []
        self.keeper_load = {}

    def book(self, enclosure, keeper, slot_text):
        slot = parse_slot(slot_text)
        if not within_hours(slot):
            raise ValueError(f"{slot_text} is outside opening hours")
        talk = KeeperTalk(enclosure, keeper, slot)
        self.talks.append(talk)
        self.keeper_load[keeper] = self.keeper_load.get(keeper, 0) + 1
        return talk

    def busiest_keeper(self):
        if not self.keeper_load:
            return None
        return max(self.keeper_load, key=self.keeper_load.get)

    def running_talks(self):
        return [talk for talk in self.talks if not talk.cancelled]

    def total_attendance(self):
        return sum(talk.attendance for talk in self.running_talks())

    def cancel_enclosure(self, enclosure, reason="maintenance"):
        hits = 0
        for talk in self.talks:
            if talk.enclosure == enclosure:
                talk.cancel(reason)
                hits += 1
        return hits

    def board(self, heading="Today's keeper talks", show_cancelled=True):
        lines = [heading]
        for talk in sorted(self.talks, key=lambda item: item.slot):
            if talk.cancelled and not show_cancelled:
                continue
            lines.append(talk.describe())
        return "\n".join(lines)


def save_board(schedule, path, indent=2, verbose=False):
    payload = {
        "day": schedule.day,
        "talks": [talk.describe() for talk in schedule.talks],
    }
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(payload, handle, indent=indent)
    return len(payload["talks"])


def export_day(schedule, path):
    return save_board(schedule, path, indent=4, verbose=True)

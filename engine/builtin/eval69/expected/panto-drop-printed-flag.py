"""Rehearsal call sheets for the village panto: who is needed, when, and in which hall."""

import datetime as dt
import itertools

HALL_OPEN = dt.time(19, 0)
HALL_CLOSE = dt.time(22, 0)
SCENE_MINUTES = 20
BREAK_MINUTES = 15
CHILD_CURFEW = dt.time(20, 30)
DAMES = ("Widow Twankey", "Dame Trott")


class CastMember:
    def __init__(self, name, roles, is_child=False):
        self.name = name
        self.roles = set(roles)
        self.is_child = is_child
        self.absences = set()

    def mark_absent(self, day):
        self.absences.add(day)

    def available(self, day):
        return day not in self.absences

    def plays_dame(self):
        return bool(self.roles & set(DAMES))


class Scene:
    def __init__(self, number, title, roles, minutes=SCENE_MINUTES):
        self.number = number
        self.title = title
        self.roles = set(roles)
        self.minutes = minutes


def needed_for(scene, cast):
    return [member for member in cast if member.roles & scene.roles]


def can_rehearse(scene, cast, day):
    return all(member.available(day) for member in needed_for(scene, cast))


def build_calls(scenes, cast, day, start=HALL_OPEN, break_after=3):
    clock = dt.datetime.combine(day, start)
    close = dt.datetime.combine(day, HALL_CLOSE)
    calls = []
    done = 0
    for scene in scenes:
        if not can_rehearse(scene, cast, day):
            continue
        finish = clock + dt.timedelta(minutes=scene.minutes)
        if finish > close:
            break
        people = needed_for(scene, cast)
        if any(p.is_child for p in people) and finish.time() > CHILD_CURFEW:
            continue
        calls.append((clock.time(), scene, people))
        clock = finish
        done += 1
        if done % break_after == 0:
            clock += dt.timedelta(minutes=BREAK_MINUTES)
    return calls


class CallSheet:
    def __init__(self, show, day, calls):
        self.show = show
        self.day = day
        self.calls = calls

    def heading(self):
        return f"{self.show} - rehearsal {self.day:%A %d %B}"

    def people_called(self):
        names = itertools.chain.from_iterable(
            (p.name for p in people) for _, _, people in self.calls
        )
        return sorted(set(names))

    def render(self):
        lines = [self.heading(), ""]
        for when, scene, people in self.calls:
            who = ", ".join(p.name for p in people)
            lines.append(f"{when:%H:%M}  Sc {scene.number} {scene.title}: {who}")
        lines.append("")
        lines.append("called: " + ", ".join(self.people_called()))
        return "\n".join(lines)

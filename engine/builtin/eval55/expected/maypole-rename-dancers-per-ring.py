"""Dancer rota and ribbon plan for the village maypole festival."""

import itertools
import random
from collections import OrderedDict

RIBBON_COLOURS = ("red", "white", "blue", "green", "yellow", "violet")
RING_SIZE = 8
MIN_AGE = 7
REHEARSAL_MINUTES = 45
DANCE_FIGURES = ("plait", "spider's web", "barber's pole", "gypsy's tent")


def ribbon_for(position, colours=RIBBON_COLOURS):
    return colours[position % len(colours)]


def split_into_rings(names, ring_size=RING_SIZE):
    rings = []
    for start in range(0, len(names), ring_size):
        rings.append(names[start:start + ring_size])
    return rings


def pair_up(ring):
    inner = ring[0::2]
    outer = ring[1::2]
    return list(itertools.zip_longest(inner, outer))


class Dancer:
    def __init__(self, name, age, school, guardian_phone=None):
        self.name = name
        self.age = age
        self.school = school
        self.guardian_phone = guardian_phone
        self.rehearsals = 0

    def is_eligible(self):
        return self.age >= MIN_AGE

    def needs_guardian(self):
        return self.age < 16 and self.guardian_phone is None

    def attend(self, minutes=REHEARSAL_MINUTES):
        if minutes >= REHEARSAL_MINUTES // 2:
            self.rehearsals += 1
        return self.rehearsals


class Festival:
    def __init__(self, village, year, seed=None):
        self.village = village
        self.year = year
        self.dancers = OrderedDict()
        self.rng = random.Random(seed)

    def register(self, name, age, school, guardian_phone=None):
        if name in self.dancers:
            raise ValueError(f"{name} is already registered")
        dancer = Dancer(name, age, school, guardian_phone)
        self.dancers[name] = dancer
        return dancer

    def eligible_dancers(self, min_rehearsals=2):
        dancers = self.dancers.values()
        return [d for d in dancers if d.is_eligible() and d.rehearsals >= min_rehearsals]

    def missing_contacts(self):
        return sorted(d.name for d in self.dancers.values() if d.needs_guardian())

    def draw_rings(self, shuffle=True):
        names = [d.name for d in self.eligible_dancers()]
        if shuffle:
            self.rng.shuffle(names)
        return split_into_rings(names)

    def ribbon_plan(self):
        plan = {}
        for ring_number, ring in enumerate(self.draw_rings(), start=1):
            for position, name in enumerate(ring):
                plan[name] = (ring_number, ribbon_for(position))
        return plan

    def partners(self):
        return [pair_up(ring) for ring in self.draw_rings(shuffle=False)]

    def programme(self, figures=DANCE_FIGURES):
        rings = self.draw_rings(shuffle=False)
        lines = [f"{self.village} Maypole {self.year}"]
        for figure, ring in zip(itertools.cycle(figures), rings):
            lines.append(figure.title() + ": " + ", ".join(ring))
        return "\n".join(lines)

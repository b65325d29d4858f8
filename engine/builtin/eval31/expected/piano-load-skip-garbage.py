"""Measure a piano's pitch drift and plan a tuner's visit around it."""

import math
from datetime import date

A4_HZ = 440.0
SEMITONE_RATIO = 2 ** (1 / 12)
CENTS_PER_SEMITONE = 100
PITCH_RAISE_LIMIT_CENTS = 15
KEY_COUNT = 88
NOTE_NAMES = ("A", "A#", "B", "C", "C#", "D", "D#", "E", "F", "F#", "G", "G#")


def key_frequency(key_number, reference=A4_HZ):
    return reference * SEMITONE_RATIO ** (key_number - 49)


def key_name(key_number):
    index = (key_number - 1) % 12
    octave = (key_number + 8) // 12
    return "%s%d" % (NOTE_NAMES[index], octave)


def cents_off(measured_hz, target_hz):
    return CENTS_PER_SEMITONE * 12 * math.log2(measured_hz / target_hz)


def parse_reading(text):
    key_text, hz_text = text.split("=")
    return int(key_text), float(hz_text)


class TuningSurvey:
    def __init__(self, piano_id, reference=A4_HZ):
        self.piano_id = piano_id
        self.reference = reference
        self.readings = {}
        self.taken_on = date.today()

    def add_reading(self, key_number, measured_hz):
        if not 1 <= key_number <= KEY_COUNT:
            raise ValueError("no such key: %d" % key_number)
        self.readings[key_number] = measured_hz

    def load_lines(self, lines):
        for line in lines:
            try:
                key_number, measured_hz = parse_reading(line)
            except ValueError:
                continue
            self.add_reading(key_number, measured_hz)
        return len(self.readings)

    def deviations(self):
        result = {}
        for key_number, measured_hz in sorted(self.readings.items()):
            target = key_frequency(key_number, self.reference)
            result[key_number] = round(cents_off(measured_hz, target), 1)
        return result

    def average_drift(self):
        values = list(self.deviations().values())
        if not values:
            return 0.0
        return sum(values) / len(values)

    def worst_keys(self, count=5):
        ranked = sorted(self.deviations().items(), key=lambda pair: abs(pair[1]), reverse=True)
        return [(key_name(key), cents) for key, cents in ranked[:count]]


class TunerVisit:
    def __init__(self, survey, tuner, hourly_rate=60.0):
        self.survey = survey
        self.tuner = tuner
        self.hourly_rate = hourly_rate
        self.passes = 1
        self.notes = []

    def needs_pitch_raise(self):
        return abs(self.survey.average_drift()) > PITCH_RAISE_LIMIT_CENTS

    def plan(self):
        if self.needs_pitch_raise():
            self.passes = 2
            self.notes.append("pitch raise first, fine tuning second")
        worst = self.survey.worst_keys()
        if worst:
            self.notes.append("check " + ", ".join(name for name, _ in worst))
        return self.passes

    def estimated_hours(self):
        return 1.5 * self.passes

    def quote(self):
        hours = self.estimated_hours()
        price = hours * self.hourly_rate
        return "%s for piano %s: %.1f h, %.2f" % (self.tuner, self.survey.piano_id, hours, price)


def visit_from_lines(piano_id, tuner, lines, reference=A4_HZ):
    survey = TuningSurvey(piano_id, reference)
    survey.load_lines(lines)
    visit = TunerVisit(survey, tuner)
    visit.plan()
    return visit

"""Pipe organ tuning sheets: ranks, pipe pitches and cent deviations."""

import math

A4_HZ = 440.0
CENT_TOLERANCE = 3
STOP_FOOTAGES = {"8ft": 1, "4ft": 2, "2ft": 4, "16ft": 0.5}
NOTE_NAMES = ("C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B")


def midi_to_hz(midi_note, a4_hz=A4_HZ):
    return a4_hz * 2 ** ((midi_note - 69) / 12)


def cents_between(measured_hz, target_hz):
    if measured_hz <= 0 or target_hz <= 0:
        raise ValueError("frequencies must be positive")
    return 1200 * math.log2(measured_hz / target_hz)


def note_name(midi_note):
    octave = midi_note // 12 - 1
    return "%s%d" % (NOTE_NAMES[midi_note % 12], octave)


class Pipe:
    def __init__(self, midi_note, material="metal"):
        self.midi_note = midi_note
        self.material = material
        self.measured_hz = None

    def target_hz(self, footage_ratio=1):
        return midi_to_hz(self.midi_note) * footage_ratio

    def deviation(self, footage_ratio=1):
        if self.measured_hz is None:
            return None
        return cents_between(self.measured_hz, self.target_hz(footage_ratio))


class Rank:
    def __init__(self, stop_name, footage, lowest=36, highest=96):
        self.stop_name = stop_name
        self.footage = footage
        self.pipes = [Pipe(n) for n in range(lowest, highest + 1)]

    def ratio(self):
        return STOP_FOOTAGES[self.footage]

    def record(self, midi_note, hz):
        for pipe in self.pipes:
            if pipe.midi_note == midi_note:
                pipe.measured_hz = hz
                return pipe
        raise KeyError(midi_note)

    def out_of_tune(self):
        bad = []
        for pipe in self.pipes:
            dev = pipe.deviation(self.ratio())
            if dev is not None and abs(dev) > CENT_TOLERANCE:
                bad.append((pipe.midi_note, round(dev, 1)))
        return bad

    def measured_fraction(self):
        done = sum(1 for p in self.pipes if p.measured_hz is not None)
        return done / len(self.pipes)


def temperature_correction(hz, celsius, reference_celsius=20.0):
    # flue pipes go sharp by roughly 3 cents per degree
    cents = (celsius - reference_celsius) * 3
    return hz / 2 ** (cents / 1200)


def tuning_sheet(rank, tuner, celsius=20.0):
    rows = ["Stop: %s %s" % (rank.stop_name, rank.footage), "Tuner: " + tuner]
    for midi_note, dev in rank.out_of_tune():
        rows.append("%-4s %+6.1f cents" % (note_name(midi_note), dev))
    progress = rank.measured_fraction()
    rows.append("Measured: %d%%" % round(progress * 100))
    if celsius != 20.0:
        rows.append("Church temperature: %.1f C" % celsius)
    return "\n".join(rows)


def worst_pipe(rank):
    worst = None
    for midi_note, dev in rank.out_of_tune():
        if worst is None or abs(dev) > abs(worst[1]):
            worst = (midi_note, dev)
    return worst


def visit_fee(ranks, hours, callout=65.0):
    per_rank = 18.0
    return round(callout + per_rank * len(ranks) + 42.0 * hours, 2)

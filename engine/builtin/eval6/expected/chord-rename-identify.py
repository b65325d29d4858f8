"""Music theory helpers: note names, scales, chord spelling and naming, chord progressions."""

import json
import logging
from pathlib import Path

logger = logging.getLogger(__name__)

NOTE_NAMES = ("C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B")
FLAT_NAMES = {"Db": "C#", "Eb": "D#", "Gb": "F#", "Ab": "G#", "Bb": "A#"}
SEMITONES = 12
A4_FREQUENCY = 440.0
A4_MIDI = 69

SCALE_STEPS = {
    "major": (2, 2, 1, 2, 2, 2, 1),
    "minor": (2, 1, 2, 2, 1, 2, 2),
    "dorian": (2, 1, 2, 2, 2, 1, 2),
    "mixolydian": (2, 2, 1, 2, 2, 1, 2),
}

CHORD_SHAPES = {
    "maj": (0, 4, 7),
    "m": (0, 3, 7),
    "dim": (0, 3, 6),
    "aug": (0, 4, 8),
    "7": (0, 4, 7, 10),
    "maj7": (0, 4, 7, 11),
    "m7": (0, 3, 7, 10),
}


class UnknownNote(ValueError):
    pass


def pitch_class(name):
    name = FLAT_NAMES.get(name, name)
    if name not in NOTE_NAMES:
        raise UnknownNote(name)
    return NOTE_NAMES.index(name)


def note_name(pc):
    return NOTE_NAMES[pc % SEMITONES]


def transpose(notes, steps, keep_octave=True):
    return [note_name(pitch_class(note) + steps) for note in notes]


def scale(root, mode="major"):
    steps = SCALE_STEPS[mode]
    pc = pitch_class(root)
    notes = [note_name(pc)]
    for step in steps[:-1]:
        pc += step
        notes.append(note_name(pc))
    return notes


def chord(root, quality="maj"):
    base = pitch_class(root)
    return [note_name(base + offset) for offset in CHORD_SHAPES[quality]]


def name_chord(notes):
    pcs = sorted({pitch_class(note) for note in notes})
    for root in pcs:
        shape = tuple(sorted((pc - root) % SEMITONES for pc in pcs))
        for quality, offsets in CHORD_SHAPES.items():
            if shape == offsets:
                return note_name(root) + ("" if quality == "maj" else quality)
    logger.debug("no chord matches %s", notes)
    return None


def frequency(name, octave=4):
    midi = (octave + 1) * SEMITONES + pitch_class(name)
    return A4_FREQUENCY * 2 ** ((midi - A4_MIDI) / SEMITONES)


class Progression:
    def __init__(self, key, mode="major"):
        self.key = key
        self.mode = mode
        self.degrees = []

    def add(self, degree):
        if not 1 <= degree <= 7:
            raise ValueError(f"degree {degree} is not in 1..7")
        self.degrees.append(degree)
        return self

    def chords(self):
        notes = scale(self.key, self.mode)
        result = []
        for degree in self.degrees:
            triad = [notes[(degree - 1 + i) % 7] for i in (0, 2, 4)]
            result.append(name_chord(triad) or notes[degree - 1])
        return result

    def transposed(self, steps):
        copy = Progression(transpose([self.key], steps, keep_octave=False)[0], self.mode)
        copy.degrees = list(self.degrees)
        return copy

    def to_dict(self):
        return {"key": self.key, "mode": self.mode, "degrees": self.degrees}


def save_progressions(progressions, path):
    data = [progression.to_dict() for progression in progressions]
    Path(path).write_text(json.dumps(data, indent=2))


def load_progressions(path):
    result = []
    for entry in json.loads(Path(path).read_text()):
        progression = Progression(entry["key"], entry.get("mode", "major"))
        for degree in entry["degrees"]:
            progression.add(degree)
        result.append(progression)
    logger.info("loaded %d progressions from %s", len(result), path)
    return result

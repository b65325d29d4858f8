"""Tuning records for the pipes of a church organ."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

REFERENCE_A4_HZ = 440.0
CENTS_TOLERANCE = 3.0
NOTE_NAMES = ("C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B")


@dataclass
class Pipe:
    rank: str
    midi_note: int
    footage: str
    measured_hz: float | None = None

    def name(self) -> str:
        octave = self.midi_note // 12 - 1
        return f"{NOTE_NAMES[self.midi_note % 12]}{octave}"


def equal_tempered_hz(midi_note: int, a4: float = REFERENCE_A4_HZ) -> float:
    return a4 * 2 ** ((midi_note - 69) / 12)


def cents_off(measured: float, target: float) -> float:
    return 1200 * math.log2(measured / target)


class TuningSession:
    def __init__(self, organ: str, tuner: str, temperature_c: float) -> None:
        self.organ = organ
        self.tuner = tuner
        self.temperature_c = temperature_c
        self.readings: dict[tuple[str, int], float] = {}

    def measure(self, pipe: Pipe, hz: float) -> float:
        pipe.measured_hz = hz
        self.readings[(pipe.rank, pipe.midi_note)] = hz
        return cents_off(hz, equal_tempered_hz(pipe.midi_note))

    def out_of_tune(self, pipes: list[Pipe]) -> list[Pipe]:
        bad = []
        for pipe in pipes:
            if pipe.measured_hz is None:
                continue
            offset = cents_off(pipe.measured_hz, equal_tempered_hz(pipe.midi_note))
            if abs(offset) > CENTS_TOLERANCE:
                bad.append(pipe)
        return bad

    def summary(self) -> str:
        return f"{self.organ} tuned by {self.tuner} at {self.temperature_c:.1f} C"


def temperature_drift(cents_per_degree, degrees):
    return cents_per_degree * degrees


def ranks_touched(session: TuningSession, rank_filter: str | None = None) -> list[str]:
    ranks = {rank for rank, _ in session.readings}
    if rank_filter is not None:
        ranks = {r for r in ranks if r.startswith(rank_filter)}
    return sorted(ranks)


def load_pipes(path: Path) -> list[Pipe]:
    data = json.loads(path.read_text())
    return [Pipe(d["rank"], int(d["note"]), d.get("footage", "8'")) for d in data]


def save_readings(session: TuningSession, path: Path, indent: int = 2) -> None:
    rows = [{"rank": r, "note": n, "hz": hz} for (r, n), hz in session.readings.items()]
    path.write_text(json.dumps(rows, indent=indent))


def worst_pipes(session: TuningSession, pipes: list[Pipe], count: int = 5) -> list[Pipe]:
    bad = session.out_of_tune(pipes)
    bad.sort(key=lambda p: abs(cents_off(p.measured_hz, equal_tempered_hz(p.midi_note))), reverse=True)
    return bad[:count]


def tuning_card(session: TuningSession, pipes: list[Pipe], colour: bool) -> str:
    lines = [session.summary()]
    for pipe in session.out_of_tune(pipes):
        lines.append(f"  adjust {pipe.rank} {pipe.name()}")
    return "\n".join(lines)


def print_card(session: TuningSession, pipes: list[Pipe]) -> None:
    print(tuning_card(session, pipes, colour=False))


def stop_list(pipes: list[Pipe]) -> dict[str, int]:
    stops: dict[str, int] = {}
    for pipe in pipes:
        stops[pipe.rank] = stops.get(pipe.rank, 0) + 1
    return stops

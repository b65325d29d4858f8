"""Pipe organ maintenance: stops, ranks, cipher reports and tuning rounds."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

PIPES_PER_RANK = 61
REED_TUNING_MINUTES = 2.5
FLUE_TUNING_MINUTES = 1.0
WIND_PRESSURE_MM = 75

STOP_NAME = re.compile(r"^(?P<name>[A-Za-z ]+?)\s+(?P<pitch>\d+(?:\s1/3|\s2/3)?)'$")


@dataclass
class Stop:
    label: str
    division: str
    ranks: int = 1
    is_reed: bool = False
    faulty_pipes: set[int] = field(default_factory=set)

    def pipe_count(self) -> int:
        return self.ranks * PIPES_PER_RANK

    def tuning_minutes(self) -> float:
        per_pipe = REED_TUNING_MINUTES if self.is_reed else FLUE_TUNING_MINUTES
        return self.pipe_count() * per_pipe


@dataclass
class CipherReport:
    stop_label: str
    note: int
    reported: date
    fixed: bool = False


def parse_stop(text: str, division: str) -> Stop:
    match = STOP_NAME.match(text.strip())
    name = match.group("name")
    pitch = match.group("pitch")
    reed = name.split()[-1].lower() in {"trumpet", "oboe", "cornopean", "posaune"}
    return Stop(f"{name} {pitch}'", division, is_reed=reed)


def total_pipes(stops: list[Stop]) -> int:
    return sum(s.pipe_count() for s in stops)


def tuning_plan(stops: list[Stop], minutes_per_day: float = 360.0) -> list[list[str]]:
    days: list[list[str]] = [[]]
    used = 0.0
    for stop in sorted(stops, key=lambda s: (s.division, s.label)):
        needed = stop.tuning_minutes()
        if used + needed > minutes_per_day and days[-1]:
            days.append([])
            used = 0.0
        days[-1].append(stop.label)
        used += needed
    return days


def reeds_only(stops: list[Stop]) -> list[Stop]:
    return [s for s in stops if s.is_reed]


def record_cipher(reports: list[CipherReport], stop: Stop, note: int, when: date) -> CipherReport:
    report = CipherReport(stop.label, note, when)
    reports.append(report)
    stop.faulty_pipes.add(note)
    return report


def open_ciphers(reports: list[CipherReport]) -> list[CipherReport]:
    return [r for r in reports if not r.fixed]


def mark_fixed(reports: list[CipherReport], stops: dict[str, Stop], stop_label: str, note: int) -> bool:
    for report in open_ciphers(reports):
        if report.stop_label == stop_label and report.note == note:
            report.fixed = True
            stops[stop_label].faulty_pipes.discard(note)
            return True
    return False


def division_summary(stops: list[Stop]) -> dict[str, int]:
    summary: dict[str, int] = {}
    for stop in stops:
        summary[stop.division] = summary.get(stop.division, 0) + stop.pipe_count()
    return summary


def wind_ok(measured_mm, tolerance_mm=3):
    return abs(measured_mm - WIND_PRESSURE_MM) <= tolerance_mm


def fault_rate(stops: list[Stop]) -> float:
    faulty = sum(len(s.faulty_pipes) for s in stops)
    return faulty / total_pipes(stops)


def visit_notes(stops: list[Stop], reports: list[CipherReport], organist: str, verbose: bool = False) -> list[str]:
    lines = [f"Visit notes for {organist}"]
    lines.append(f"{len(open_ciphers(reports))} ciphers open")
    for stop in reeds_only(stops):
        lines.append(f"reed {stop.label}: {len(stop.faulty_pipes)} faulty")
    return lines

"""Tuning visits for a pipe organ: ranks, pipes, cents offsets and the tuner's report."""

from __future__ import annotations

from dataclasses import dataclass, field

REFERENCE_PITCH_HZ = 440.0
TOLERANCE_CENTS = 3.0
VISIT_FEE = 180.0
REED_SURCHARGE = 45.0


@dataclass
class Pipe:
    note: str
    frequency_hz: float
    cents_off: float = 0.0
    silent: bool = False


@dataclass
class Rank:
    stop_name: str
    division: str
    is_reed: bool
    pipes: list[Pipe] = field(default_factory=list)

    def sounding_pipes(self) -> list[Pipe]:
        return [pipe for pipe in self.pipes if not pipe.silent]


class TuningVisit:
    def __init__(self, church: str, tuner: str):
        self.church = church
        self.tuner = tuner
        self.ranks_done: list[str] = []
        self.pipes_adjusted = 0
        self.faults: list[str] = []

    def tune_rank(self, rank: Rank) -> int:
        adjusted = 0
        for pipe in rank.sounding_pipes():
            if abs(pipe.cents_off) > TOLERANCE_CENTS:
                pipe.cents_off = 0.0
                adjusted += 1
        self.pipes_adjusted += adjusted
        self.ranks_done.append(rank.stop_name)
        return adjusted

    def note_fault(self, rank: Rank, pipe: Pipe) -> None:
        self.faults.append(f"{rank.stop_name} {pipe.note}: silent")

    def bill(self, ranks: list[Rank]) -> float:
        reeds = sum(1 for rank in ranks if rank.is_reed and rank.stop_name in self.ranks_done)
        return VISIT_FEE + reeds * REED_SURCHARGE


def out_of_tune(rank: Rank) -> list[Pipe]:
    return [pipe for pipe in rank.sounding_pipes() if abs(pipe.cents_off) > TOLERANCE_CENTS]


def worst_pipe(rank: Rank) -> Pipe | None:
    pipes = rank.sounding_pipes()
    if not pipes:
        return None
    return max(pipes, key=lambda pipe: abs(pipe.cents_off))


def silent_pipes(ranks: list[Rank]) -> list[tuple[Rank, Pipe]]:
    found = []
    for rank in ranks:
        for pipe in rank.pipes:
            if pipe.silent:
                found.append((rank, pipe))
    return found


def temperature_drift(cents_per_degree: float, degrees_change: float) -> float:
    return round(cents_per_degree * degrees_change, 1)


def division_summary(ranks: list[Rank], division: str) -> str:
    chosen = [rank for rank in ranks if rank.division == division]
    flat = sum(len(out_of_tune(rank)) for rank in chosen)
    return f"{division}: {len(chosen)} ranks, {flat} pipes out"


def plan_visit(ranks: list[Rank], reeds_only: bool) -> list[Rank]:
    if reeds_only:
        return [rank for rank in ranks if rank.is_reed]
    return sorted(ranks, key=lambda rank: (not rank.is_reed, rank.stop_name))


def carry_out_visit(church: str, tuner: str, ranks: list[Rank], reeds_only: bool) -> TuningVisit:
    visit = TuningVisit(church, tuner)
    for rank in plan_visit(ranks, reeds_only=reeds_only):
        visit.tune_rank(rank)
    for rank, pipe in silent_pipes(ranks):
        visit.note_fault(rank, pipe)
    return visit


def report(visit: TuningVisit, ranks: list[Rank]) -> list[str]:
    lines = [f"{visit.church}, tuned by {visit.tuner}"]
    retuned = visit.pipes_adjusted
    lines.append(f"{len(visit.ranks_done)} ranks, {retuned} pipes adjusted")
    lines.extend(visit.faults)
    drift = temperature_drift(2.5, -8)
    lines.append(f"winter drift: {drift:+} cents")
    lines.append(f"fee: {visit.bill(ranks):.2f}")
    return lines

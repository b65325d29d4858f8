"""Workshop log for repairing mechanical and digital chess clocks."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

BENCH_RATE_PER_HOUR = 38.0
MAX_DRIFT_SECONDS = 4
FLAG_SPRING_PART = "FS-12"
PARTS_MARKUP = 1.2


@dataclass
class ClockPart:
    part_number: str
    description: str
    unit_cost: float


class ChessClock:
    def __init__(self, serial: str, maker: str, digital: bool = False):
        self.serial = serial
        self.maker = maker
        self.digital = digital
        self.drift_seconds = 0
        self.flag_broken = False

    def label(self) -> str:
        kind = "digital" if self.digital else "mechanical"
        return f"{self.maker} {kind} #{self.serial}"


class RepairTicket:
    def __init__(self, clock: ChessClock, opened: date):
        self.clock = clock
        self.opened = opened
        self.parts: list[ClockPart] = []
        self.hours_spent = 0.0
        self.closed = False

    def add_part(self, part: ClockPart) -> None:
        self.parts.append(part)

    def log_hours(self, hours: float) -> None:
        if hours <= 0:
            raise ValueError("hours must be positive")
        self.hours_spent += hours

    def parts_total(self) -> float:
        return sum(part.unit_cost for part in self.parts) * PARTS_MARKUP

    def labour_total(self) -> float:
        return self.hours_spent * BENCH_RATE_PER_HOUR

    def invoice_total(self) -> float:
        return round(self.parts_total() + self.labour_total(), 2)

    def close(self) -> None:
        self.closed = True


def needs_regulation(clock: ChessClock) -> bool:
    return abs(clock.drift_seconds) > MAX_DRIFT_SECONDS


def flag_spring(stock: dict[str, ClockPart]) -> ClockPart | None:
    return stock.get(FLAG_SPRING_PART)


def diagnose(clock: ChessClock) -> list[str]:
    findings = []
    drift = clock.drift_seconds
    if needs_regulation(clock):
        findings.append(f"drifts {drift}s per hour")
    if clock.flag_broken and not clock.digital:
        findings.append("flag does not fall")
    if not findings:
        findings.append("no fault found")
    return findings


def open_ticket(clock: ChessClock, today: date, stock: dict[str, ClockPart]) -> RepairTicket:
    ticket = RepairTicket(clock, today)
    if clock.flag_broken:
        spring = flag_spring(stock)
        if spring is not None:
            ticket.add_part(spring)
    return ticket


def estimate(ticket: RepairTicket, expected_hours: float) -> float:
    labour = expected_hours * BENCH_RATE_PER_HOUR
    return round(ticket.parts_total() + labour, 2)


def days_open(ticket: RepairTicket, today: date) -> int:
    return (today - ticket.opened).days


def overdue_tickets(tickets: list[RepairTicket], today: date, limit_days: int) -> list[RepairTicket]:
    late = []
    for ticket in tickets:
        if not ticket.closed and days_open(ticket, today) > limit_days:
            late.append(ticket)
    return late


def workshop_summary(tickets: list[RepairTicket], today: date) -> str:
    late = overdue_tickets(tickets, today, limit_days=14)
    takings = sum(ticket.invoice_total() for ticket in tickets if ticket.closed)
    return f"{len(tickets)} tickets, {len(late)} overdue, takings {takings:.2f}"

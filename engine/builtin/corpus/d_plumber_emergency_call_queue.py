"""Emergency call queue for a small plumbing and heating firm.

Calls are triaged by severity when they come in. Engineers on call are
dispatched to the most urgent job they can reach soonest, and the
customer is quoted the call-out charge for the time of day.
"""
from __future__ import annotations

import itertools
import logging
import math
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from typing import Dict, List, Optional, Tuple

log = logging.getLogger("plumbing.calls")

CALL_OUT_DAY = 85.0
CALL_OUT_EVENING = 120.0
CALL_OUT_NIGHT = 165.0
HOURLY_AFTER_FIRST = 60.0
TRAVEL_SPEED_KMH = 35.0
RESPONSE_TARGETS = {1: timedelta(hours=1), 2: timedelta(hours=2), 3: timedelta(hours=4), 4: timedelta(hours=24)}
KEYWORDS = {
    "burst": 1, "flood": 1, "gas": 1, "sewage": 1,
    "no heating": 2, "no hot water": 2, "leak": 2,
    "blocked": 3, "drip": 4, "noisy": 4,
}


SEVERITY_NAMES = {1: "critical", 2: "urgent", 3: "soon", 4: "routine"}


@dataclass
class Call:
    reference: str
    customer: str
    postcode: str
    description: str
    received: datetime
    location: Tuple[float, float]
    vulnerable: bool = False
    severity: int = 4
    assigned_to: Optional[str] = None
    arrived: Optional[datetime] = None

    @property
    def target(self) -> datetime:
        return self.received + RESPONSE_TARGETS[self.severity]

    @property
    def severity_name(self) -> str:
        return SEVERITY_NAMES.get(self.severity, "unknown")

    def overdue(self, now: datetime) -> bool:
        return self.arrived is None and now > self.target


@dataclass
class Engineer:
    name: str
    location: Tuple[float, float]
    gas_safe: bool = True
    on_call: bool = True
    current: Optional[str] = None
    completed: List[str] = field(default_factory=list)

    @property
    def free(self) -> bool:
        return self.on_call and self.current is None


def triage(description: str, *, vulnerable: bool = False) -> int:
    """Severity (1 is worst) from the words the customer used, bumped up for vulnerable households."""
    text = description.lower()
    levels = [level for word, level in KEYWORDS.items() if word in text]
    severity = min(levels) if levels else max(SEVERITY_NAMES)
    if vulnerable and severity > 1:
        severity -= 1
    return severity


def distance_km(a: Tuple[float, float], b: Tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def travel_time(a: Tuple[float, float], b: Tuple[float, float],
                speed: float = TRAVEL_SPEED_KMH) -> timedelta:
    return timedelta(hours=distance_km(a, b) / speed)


def call_out_charge(when: datetime) -> float:
    hour = when.time()
    if when.weekday() >= 5 or hour >= time(22, 0) or hour < time(7, 0):
        return CALL_OUT_NIGHT
    if hour >= time(18, 0):
        return CALL_OUT_EVENING
    return CALL_OUT_DAY


def estimate(when: datetime, hours_on_site: float, parts: float = 0.0) -> float:
    extra_hours = max(0.0, math.ceil(hours_on_site * 2) / 2 - 1)
    return round(call_out_charge(when) + extra_hours * HOURLY_AFTER_FIRST + parts, 2)


def customer_text(call: Call, engineer: str, eta: datetime, *, include_charge: bool = True) -> str:
    """SMS sent to the customer once an engineer is on the way."""
    message = f"{engineer} is on the way to {call.postcode}, expected about {eta:%H:%M}."
    if call.severity == 1:
        message += " If you can, turn off the water at the stopcock."
    if include_charge:
        message += f" Call-out charge £{call_out_charge(eta):.0f}."
    return f"[{call.reference}] {message}"


class CallQueue:
    def __init__(self, engineers: List[Engineer]) -> None:
        self.engineers = {e.name: e for e in engineers}
        self.calls: Dict[str, Call] = {}
        self._counter = itertools.count(1)

    def log_call(self, customer: str, postcode: str, description: str,
                 location: Tuple[float, float], *, vulnerable: bool = False,
                 received: Optional[datetime] = None) -> Call:
        received = received or datetime.now()
        reference = f"EM{received:%y%m%d}-{next(self._counter):03d}"
        call = Call(reference, customer, postcode, description, received, location,
                    vulnerable=vulnerable, severity=triage(description, vulnerable=vulnerable))
        self.calls[reference] = call
        log.info("%s logged as %s: %s", reference, call.severity_name, description)
        return call

    def waiting(self) -> List[Call]:
        pending = [c for c in self.calls.values() if c.assigned_to is None]
        return sorted(pending, key=lambda c: (c.severity, c.received))

    def _needs_gas_safe(self, call: Call) -> bool:
        text = call.description.lower()
        return "gas" in text or "boiler" in text

    def best_engineer(self, call: Call) -> Optional[Engineer]:
        candidates = [e for e in self.engineers.values() if e.free]
        if self._needs_gas_safe(call):
            candidates = [e for e in candidates if e.gas_safe]
        if not candidates:
            return None
        return min(candidates, key=lambda e: distance_km(e.location, call.location))

    def dispatch(self, now: Optional[datetime] = None) -> List[Tuple[str, str, str]]:
        """Send free engineers to waiting calls, most urgent first."""
        now = now or datetime.now()
        sent = []
        for call in self.waiting():
            engineer = self.best_engineer(call)
            if engineer is None:
                continue
            call.assigned_to = engineer.name
            engineer.current = call.reference
            eta = now + travel_time(engineer.location, call.location)
            sent.append((engineer.name, call.reference, eta.strftime("%H:%M")))
            if eta > call.target:
                log.warning("%s will miss its %s target", call.reference, call.severity_name)
        return sent

    def arrive(self, reference: str, when: Optional[datetime] = None) -> None:
        call = self.calls[reference]
        call.arrived = when or datetime.now()
        engineer = self.engineers[call.assigned_to]
        engineer.location = call.location

    def complete(self, reference: str) -> None:
        call = self.calls[reference]
        engineer = self.engineers.get(call.assigned_to or "")
        if engineer is None:
            raise ValueError(f"{reference} was never assigned")
        engineer.current = None
        engineer.completed.append(reference)

    def overdue(self, now: Optional[datetime] = None) -> List[str]:
        now = now or datetime.now()
        return [c.reference for c in self.calls.values() if c.overdue(now)]

    def shift_report(self) -> Dict[str, int]:
        report = {name: len(e.completed) for name, e in self.engineers.items()}
        report["unassigned"] = len(self.waiting())
        return report

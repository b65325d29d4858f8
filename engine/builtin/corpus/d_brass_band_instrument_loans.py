"""Instrument loans for the brass band's learners and members.

The band owns most of its instruments. Players sign a loan agreement,
the band insures everything on one policy, and each instrument is
serviced on a cycle that depends on how hard it is played.
"""
import datetime
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

logger = logging.getLogger(__name__)

SERVICE_INTERVAL_MONTHS = {"learner": 6, "member": 12}
LOAN_TERM_DAYS = 365
LEARNER_DEPOSIT = 40.0
INSURANCE_RATE = 0.012
REGISTER_FILE = "instrument_register.json"
SECTIONS = ("cornet", "flugel", "tenor horn", "baritone", "euphonium", "trombone", "bass", "percussion")
CONDITION_GRADES = {"excellent": 5, "good": 4, "fair": 3, "poor": 2, "unplayable": 1}


@dataclass
class Instrument:
    serial: str
    section: str
    maker: str
    value: float
    condition: str = "good"
    last_serviced: Optional[datetime.date] = None
    history: List[str] = field(default_factory=list)

    def __post_init__(self):
        if self.section not in SECTIONS:
            raise ValueError(f"unknown section {self.section!r}")
        if self.condition not in CONDITION_GRADES:
            raise ValueError(f"unknown condition {self.condition!r}")

    @property
    def playable(self) -> bool:
        return self.condition != "unplayable"

    def note(self, text, on=None):
        on = on or datetime.date.today()
        self.history.append(f"{on.isoformat()} {text}")


@dataclass
class Loan:
    serial: str
    player: str
    learner: bool
    issued: datetime.date
    deposit_paid: float = 0.0
    returned: Optional[datetime.date] = None

    @property
    def due(self):
        return self.issued + datetime.timedelta(days=LOAN_TERM_DAYS)

    def is_overdue(self, today=None) -> bool:
        today = today or datetime.date.today()
        return self.returned is None and today > self.due


def loan_letter(loan: Loan, instrument: Instrument) -> str:
    """Text of the agreement the player (or a parent, for learners) signs."""
    lines = [
        f"The band lends {loan.player} a {instrument.maker} {instrument.section}, serial {instrument.serial},",
        f"from {loan.issued:%d %B %Y} until {loan.due:%d %B %Y}.",
        f"It is insured by the band for £{instrument.value:,.2f} and is in {instrument.condition} condition.",
    ]
    if loan.learner:
        lines.append(f"A refundable deposit of £{loan.deposit_paid:.2f} has been paid.")
    return "\n".join(lines)


def _add_months(day, months):
    month = day.month - 1 + months
    year = day.year + month // 12
    month = month % 12 + 1
    return day.replace(year=year, month=month, day=min(day.day, 28))


class Register:
    """The band's instrument register and loan book."""

    def __init__(self, instruments=None):
        self.instruments: Dict[str, Instrument] = {i.serial: i for i in instruments or []}
        self.loans: List[Loan] = []

    def current_loan(self, serial):
        for loan in self.loans:
            if loan.serial == serial and loan.returned is None:
                return loan
        return None

    def available(self, section=None):
        return [i for i in self.instruments.values()
                if i.playable and self.current_loan(i.serial) is None
                and (section is None or i.section == section)]

    def lend(self, serial, player, *, learner=False, deposit=None, today=None) -> Loan:
        instrument = self.instruments[serial]
        if not instrument.playable:
            raise ValueError(f"{serial} is not playable")
        if self.current_loan(serial):
            raise ValueError(f"{serial} is already out")
        if deposit is None:
            deposit = LEARNER_DEPOSIT if learner else 0.0
        loan = Loan(serial, player, learner, today or datetime.date.today(), deposit_paid=deposit)
        self.loans.append(loan)
        instrument.note(f"lent to {player}", on=loan.issued)
        logger.info("%s %s lent to %s", instrument.section, serial, player)
        return loan

    def receive_back(self, serial, condition: str, today=None) -> float:
        """Take an instrument back and return the deposit refund."""
        loan = self.current_loan(serial)
        if loan is None:
            raise KeyError(f"{serial} is not on loan")
        today = today or datetime.date.today()
        loan.returned = today
        instrument = self.instruments[serial]
        drop = CONDITION_GRADES[instrument.condition] - CONDITION_GRADES[condition]
        instrument.condition = condition
        instrument.note(f"returned by {loan.player} in {condition} condition", on=today)
        if drop >= 2:
            return 0.0
        return loan.deposit_paid

    def service_due(self, today=None):
        today = today or datetime.date.today()
        due = []
        for instrument in self.instruments.values():
            loan = self.current_loan(instrument.serial)
            kind = "learner" if loan and loan.learner else "member"
            if instrument.last_serviced is None:
                due.append(instrument.serial)
                continue
            next_service = _add_months(instrument.last_serviced, SERVICE_INTERVAL_MONTHS[kind])
            if next_service <= today:
                due.append(instrument.serial)
        return due

    def insurance_premium(self, rate=INSURANCE_RATE):
        return round(sum(i.value for i in self.instruments.values()) * rate, 2)

    def overdue_loans(self, today=None):
        return [(l.player, l.serial, l.due.isoformat()) for l in self.loans if l.is_overdue(today)]

    def section_counts(self):
        counts = {section: 0 for section in SECTIONS}
        for instrument in self.instruments.values():
            counts[instrument.section] += 1
        return counts

    def save(self, folder: Path, filename=REGISTER_FILE):
        payload = {
            "instruments": [
                {"serial": i.serial, "section": i.section, "maker": i.maker, "value": i.value,
                 "condition": i.condition,
                 "last_serviced": i.last_serviced.isoformat() if i.last_serviced else None,
                 "history": i.history}
                for i in self.instruments.values()
            ],
            "loans": [
                {"serial": l.serial, "player": l.player, "learner": l.learner,
                 "issued": l.issued.isoformat(), "deposit_paid": l.deposit_paid,
                 "returned": l.returned.isoformat() if l.returned else None}
                for l in self.loans
            ],
        }
        path = folder / filename
        path.write_text(json.dumps(payload, indent=2))
        return path

    @classmethod
    def load(cls, folder: Path, filename=REGISTER_FILE):
        path = folder / filename
        if not path.exists():
            return cls()
        payload = json.loads(path.read_text())
        instruments = []
        for raw in payload.get("instruments", []):
            serviced = raw.get("last_serviced")
            instruments.append(Instrument(
                raw["serial"], raw["section"], raw["maker"], raw["value"],
                condition=raw.get("condition", "good").lower(),
                last_serviced=datetime.date.fromisoformat(serviced) if serviced else None,
                history=raw.get("history", []),
            ))
        register = cls(instruments)
        for raw in payload.get("loans", []):
            returned = raw.get("returned")
            register.loans.append(Loan(
                raw["serial"], raw["player"], raw["learner"],
                datetime.date.fromisoformat(raw["issued"]),
                deposit_paid=raw.get("deposit_paid", 0.0),
                returned=datetime.date.fromisoformat(returned) if returned else None,
            ))
        return register

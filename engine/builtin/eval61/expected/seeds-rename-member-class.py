"""Loans of seed packets from a community seed library."""

import datetime
import json
from dataclasses import dataclass, field

LOAN_PERIOD_DAYS = 180
MAX_PACKETS_PER_MEMBER = 6
RETURN_RATIO = 2
VIABILITY_YEARS = {"tomato": 4, "bean": 3, "lettuce": 2, "onion": 1, "squash": 5}


def packet_is_viable(crop, harvested_year, this_year=None):
    this_year = this_year or datetime.date.today().year
    limit = VIABILITY_YEARS.get(crop, 2)
    return this_year - harvested_year <= limit


def due_date(lent_on, period=LOAN_PERIOD_DAYS):
    return lent_on + datetime.timedelta(days=period)


def seeds_owed(packets_taken, ratio=RETURN_RATIO):
    return packets_taken * ratio


@dataclass
class SeedPacket:
    crop: str
    variety: str
    harvested_year: int
    grams: float = 5.0


@dataclass
class Borrower:
    name: str
    email: str
    loans: list = field(default_factory=list)


class SeedLibrary:
    def __init__(self, name, stock=None):
        self.name = name
        self.stock = list(stock or [])
        self.members = {}
        self.history = []

    def join(self, name, email):
        member = Borrower(name, email)
        self.members[name] = member
        return member

    def available(self, crop=None, this_year=None):
        found = []
        for packet in self.stock:
            if crop and packet.crop != crop:
                continue
            if packet_is_viable(packet.crop, packet.harvested_year, this_year=this_year):
                found.append(packet)
        return found

    def lend(self, member_name, crop, lent_on=None):
        member = self.members[member_name]
        if len(member.loans) >= MAX_PACKETS_PER_MEMBER:
            raise RuntimeError(f"{member_name} already holds {len(member.loans)} packets")
        choices = self.available(crop=crop)
        if not choices:
            return None
        packet = choices[0]
        self.stock.remove(packet)
        lent_on = lent_on or datetime.date.today()
        loan = {"packet": packet, "lent_on": lent_on, "due": due_date(lent_on)}
        member.loans.append(loan)
        self.history.append(("lend", member_name, packet.variety))
        return loan

    def record_return(self, member_name, packet):
        member = self.members[member_name]
        self.stock.append(packet)
        for loan in member.loans:
            if loan["packet"].crop == packet.crop:
                member.loans.remove(loan)
                break
        self.history.append(("return", member_name, packet.variety))
        return len(member.loans)

    def overdue(self, today=None):
        today = today or datetime.date.today()
        late = []
        for member in self.members.values():
            for loan in member.loans:
                if loan["due"] < today:
                    late.append((member.name, loan["packet"].variety, loan["due"]))
        return late

    def export(self, path):
        data = {
            "library": self.name,
            "stock": [p.variety for p in self.stock],
            "members": sorted(self.members),
        }
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2)
        return len(data["stock"])


def reminder_text(library, today=None):
    rows = library.overdue(today=today)
    if not rows:
        return "No overdue packets."
    lines = ["Overdue seed packets:"]
    for name, variety, due in rows:
        lines.append(f"- {name}: {variety} (due {due.isoformat()})")
    return "\n".join(lines)

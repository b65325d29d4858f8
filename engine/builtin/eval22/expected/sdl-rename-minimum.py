"""Seed library: lending packets to members and tracking what comes back."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta

LOAN_PERIOD_DAYS = 240
MAX_PACKETS_PER_MEMBER = 6
GERMINATION_THRESHOLD = 0.7
LATE_RETURN_GRACE_DAYS = 30


@dataclass
class SeedVariety:
    code: str
    common_name: str
    family: str
    germination_rate: float
    packets_in_stock: int = 0

    def is_viable(self) -> bool:
        return self.germination_rate >= GERMINATION_THRESHOLD


@dataclass
class Member:
    member_id: str
    name: str
    plot_size_m2: float
    active_loans: list[str] = field(default_factory=list)

    def at_limit(self) -> bool:
        return len(self.active_loans) >= MAX_PACKETS_PER_MEMBER


@dataclass
class Loan:
    variety_code: str
    member_id: str
    lent_on: date
    returned_packets: int = 0

    def due_back(self) -> date:
        return self.lent_on + timedelta(days=LOAN_PERIOD_DAYS)

    def is_late(self, today: date) -> bool:
        return today > self.due_back() + timedelta(days=LATE_RETURN_GRACE_DAYS)


class SeedCatalogue:
    def __init__(self) -> None:
        self.varieties: dict[str, SeedVariety] = {}
        self.loans: list[Loan] = []

    def add_variety(self, variety: SeedVariety) -> None:
        self.varieties[variety.code] = variety

    def lend(self, member: Member, code: str, today: date) -> Loan | None:
        variety = self.varieties.get(code)
        if variety is None or variety.packets_in_stock == 0:
            return None
        if member.at_limit() or not variety.is_viable():
            return None
        variety.packets_in_stock -= 1
        member.active_loans.append(code)
        loan = Loan(code, member.member_id, today)
        self.loans.append(loan)
        return loan

    def record_return(self, loan: Loan, member: Member, packets: int) -> None:
        loan.returned_packets = packets
        self.varieties[loan.variety_code].packets_in_stock += packets
        if loan.variety_code in member.active_loans:
            member.active_loans.remove(loan.variety_code)

    def overdue(self, today: date) -> list[Loan]:
        return [loan for loan in self.loans if loan.returned_packets == 0 and loan.is_late(today)]


def return_ratio(catalogue: SeedCatalogue) -> float:
    finished = [loan for loan in catalogue.loans if loan.returned_packets > 0]
    if not catalogue.loans:
        return 0.0
    return len(finished) / len(catalogue.loans)


def loans_by_family(catalogue: SeedCatalogue) -> dict[str, int]:
    tally: dict[str, int] = defaultdict(int)
    for loan in catalogue.loans:
        family_name = catalogue.varieties[loan.variety_code].family
        tally[family_name] += 1
    return dict(tally)


def packets_for_plot(member: Member, packets_per_m2: float = 0.05) -> int:
    wanted = round(member.plot_size_m2 * packets_per_m2)
    return max(1, min(wanted, MAX_PACKETS_PER_MEMBER))


def restock_list(catalogue: SeedCatalogue, low_mark: int = 3) -> list[str]:
    low = []
    for code, variety in sorted(catalogue.varieties.items()):
        if variety.packets_in_stock < low_mark:
            low.append(f"{code} {variety.common_name}: {variety.packets_in_stock} left")
    return low


def overdue_letters(catalogue: SeedCatalogue, members: dict[str, Member], today: date) -> list[str]:
    letters = []
    for loan in catalogue.overdue(today):
        member = members[loan.member_id]
        variety = catalogue.varieties[loan.variety_code]
        letters.append(
            f"{member.name}: please return seeds of {variety.common_name} "
            f"(due {loan.due_back().isoformat()})"
        )
    return letters


def season_summary(catalogue: SeedCatalogue, today: date) -> str:
    overdue_count = len(catalogue.overdue(today))
    ratio = return_ratio(catalogue)
    return f"{len(catalogue.loans)} loans, {overdue_count} overdue, {ratio:.0%} returned"

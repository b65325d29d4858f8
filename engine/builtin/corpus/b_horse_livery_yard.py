"""Monthly invoicing and yard management for a horse livery yard.

Owners keep horses on full, part or DIY livery. Extras (hay nets,
turnout, rugging, exercise) are logged day by day by yard staff and
billed at the end of the month along with the base livery package.
"""

import json
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import Dict, List, Optional

logger = logging.getLogger("livery")

WEEKLY_RATES: Dict[str, Decimal] = {
    "full": Decimal("165.00"),
    "part": Decimal("110.00"),
    "diy": Decimal("45.00"),
}
EXTRAS: Dict[str, Decimal] = {
    "hay net": Decimal("3.50"),
    "turn out": Decimal("4.00"),
    "bring in": Decimal("4.00"),
    "rug change": Decimal("2.50"),
    "exercise": Decimal("15.00"),
    "farrier hold": Decimal("8.00"),
}
FARRIER_INTERVAL = timedelta(weeks=6)
WORMING_INTERVAL = timedelta(weeks=12)
VAT_RATE = Decimal("0.20")
EXTRAS_LOG = "extras_{month}.json"


class Livery(Enum):
    FULL = "full"
    PART = "part"
    DIY = "diy"

    @property
    def weekly_rate(self) -> Decimal:
        return WEEKLY_RATES[self.value]


@dataclass
class Horse:
    name: str
    owner: str
    livery: Livery
    stable: str
    last_farrier: Optional[date] = None
    last_wormed: Optional[date] = None
    feed: str = "hay only"
    notes: List[str] = field(default_factory=list)

    def farrier_due(self, today: Optional[date] = None) -> bool:
        """Shoes or trim due every six weeks."""
        today = today or date.today()
        return self.last_farrier is None or today - self.last_farrier >= FARRIER_INTERVAL

    def worming_due(self, today: Optional[date] = None) -> bool:
        today = today or date.today()
        return self.last_wormed is None or today - self.last_wormed >= WORMING_INTERVAL


class Yard:
    """The yard's horses and the staff log of extra services."""

    def __init__(self, name: str, stables: int) -> None:
        self.name = name
        self.stables = stables
        self.horses: Dict[str, Horse] = {}
        self.extras: List[Dict[str, str]] = []

    @property
    def vacancies(self) -> int:
        return self.stables - len(self.horses)

    def take_in(self, horse: Horse) -> None:
        if self.vacancies <= 0:
            raise ValueError(f"{self.name} has no free stables")
        if any(h.stable == horse.stable for h in self.horses.values()):
            raise ValueError(f"stable {horse.stable} is already taken")
        self.horses[horse.name] = horse
        logger.info("%s arrived on %s livery", horse.name, horse.livery.value)

    def leave(self, name: str) -> Horse:
        return self.horses.pop(name)

    def log_extra(self, horse_name: str, service: str, on: Optional[date] = None,
                  *, staff: str = "") -> None:
        """Record an extra service; jobs covered by full livery are not billed."""
        if horse_name not in self.horses:
            raise KeyError(f"no horse called {horse_name} on the yard")
        if service not in EXTRAS:
            raise KeyError(f"unknown extra {service!r}")
        horse = self.horses[horse_name]
        if horse.livery is Livery.FULL and service in ("turn out", "bring in", "rug change"):
            return  # included in full livery
        self.extras.append({
            "horse": horse_name,
            "service": service,
            "date": (on or date.today()).isoformat(),
            "staff": staff,
        })

    def extras_for(self, horse_name: str, year: int, month: int) -> Dict[str, int]:
        """Count of each extra logged for a horse in a given month."""
        counts: Dict[str, int] = defaultdict(int)
        for entry in self.extras:
            when = date.fromisoformat(entry["date"])
            if entry["horse"] == horse_name and (when.year, when.month) == (year, month):
                counts[entry["service"]] += 1
        return dict(counts)

    def save_extras(self, folder: Path, year: int, month: int) -> Path:
        path = folder / EXTRAS_LOG.format(month=f"{year}-{month:02d}")
        prefix = f"{year}-{month:02d}"
        month_entries = [e for e in self.extras if e["date"].startswith(prefix)]
        path.write_text(json.dumps(month_entries, indent=2), encoding="utf-8")
        return path


def days_in_month(year: int, month: int) -> int:
    """Number of days in the month."""
    following = date(year + month // 12, month % 12 + 1, 1)
    return (following - date(year, month, 1)).days


def livery_charge(livery: Livery, year: int, month: int, *, days_present: Optional[int] = None) -> Decimal:
    """Pro-rata weekly rate over the days the horse was on the yard."""
    days = days_present if days_present is not None else days_in_month(year, month)
    return (livery.weekly_rate * days / 7).quantize(Decimal("0.01"))


def monthly_invoice(yard: Yard, owner: str, year: int, month: int,
                    vat_registered: bool = True) -> Dict[str, object]:
    """Invoice lines for all of an owner's horses for the month."""
    lines = []
    net = Decimal("0")
    for horse in sorted(yard.horses.values(), key=lambda h: h.name):
        if horse.owner != owner:
            continue
        base = livery_charge(horse.livery, year, month)
        lines.append((f"{horse.name} - {horse.livery.value} livery", base))
        net += base
        for service, count in sorted(yard.extras_for(horse.name, year, month).items()):
            amount = EXTRAS[service] * count
            lines.append((f"{horse.name} - {service} x{count}", amount))
            net += amount
    vat = (net * VAT_RATE).quantize(Decimal("0.01")) if vat_registered else Decimal("0")
    return {
        "owner": owner,
        "period": f"{year}-{month:02d}",
        "lines": [(text, str(amount)) for text, amount in lines],
        "net": str(net),
        "vat": str(vat),
        "total": str(net + vat),
    }


def care_reminders(yard: Yard, today: Optional[date] = None) -> List[str]:
    today = today or date.today()
    reminders = []
    for horse in yard.horses.values():
        if horse.farrier_due(today):
            reminders.append(f"{horse.name}: farrier due (owner {horse.owner})")
        if horse.worming_due(today):
            reminders.append(f"{horse.name}: worm count / wormer due")
    return sorted(reminders)


def feed_board(yard: Yard) -> List[str]:
    """Lines for the whiteboard in the feed room, in stable order."""
    board = []
    for horse in sorted(yard.horses.values(), key=lambda h: h.stable):
        if horse.livery is Livery.DIY:
            board.append(f"{horse.stable:<4} {horse.name:<12} DIY - owner feeds")
            continue
        extra = f" ({horse.notes[-1]})" if horse.notes else ""
        board.append(f"{horse.stable:<4} {horse.name:<12} {horse.feed}{extra}")
    if yard.vacancies:
        board.append(f"{yard.vacancies} stable(s) empty")
    return board

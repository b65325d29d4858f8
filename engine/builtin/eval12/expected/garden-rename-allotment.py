"""Community garden plots: members, plot fees by area, a waiting list, and the spring renewal round."""

import json
import logging
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

FEE_PER_SQUARE_METRE = 1.20
MIN_FEE = 15.00
RENEWAL_MONTH = 3
WAITLIST_FILE = Path("waitlist.json")


@dataclass
class Plot:
    number: int
    width_m: float
    length_m: float
    raised_bed: bool = False
    holder: str | None = None

    def area(self):
        return self.width_m * self.length_m

    def is_free(self):
        return self.holder is None


@dataclass
class Member:
    name: str
    email: str
    joined: date
    plots: list = field(default_factory=list)


class CommunityGarden:
    def __init__(self, plots):
        self.plots = {plot.number: plot for plot in plots}
        self.members = {}
        self.waitlist = []

    def join(self, member):
        self.members[member.name] = member
        free = [plot for plot in self.plots.values() if plot.is_free()]
        if free:
            self.assign(member, free[0])
        else:
            self.waitlist.append(member.name)
            logger.info("%s is number %d on the waiting list", member.name, len(self.waitlist))

    def assign(self, member, plot):
        plot.holder = member.name
        member.plots.append(plot.number)
        logger.info("plot %d goes to %s", plot.number, member.name)

    def release(self, number):
        plot = self.plots[number]
        previous = plot.holder
        plot.holder = None
        if previous in self.members:
            self.members[previous].plots.remove(number)
        if self.waitlist:
            self.assign(self.members[self.waitlist.pop(0)], plot)
        return previous


def yearly_fee(plot, discount=0.0):
    fee = plot.area() * FEE_PER_SQUARE_METRE
    if plot.raised_bed:
        fee += 10
    return round(max(fee, MIN_FEE) * (1 - discount), 2)


def invoices(allotment, discounts=None):
    discounts = discounts or {}
    totals = {}
    for plot in allotment.plots.values():
        if plot.holder is not None:
            fee = yearly_fee(plot, discounts.get(plot.holder, 0.0))
            totals[plot.holder] = totals.get(plot.holder, 0.0) + fee
    return totals


def renewal_reminders(allotment, today, month=RENEWAL_MONTH, days_ahead=14):
    renewal = date(today.year, month, 1)
    if renewal < today:
        renewal = date(today.year + 1, month, 1)
    if renewal - today > timedelta(days=days_ahead):
        return []
    return [member.email for member in allotment.members.values() if member.plots]


def save_waitlist(allotment, path=WAITLIST_FILE):
    Path(path).write_text(json.dumps(allotment.waitlist, indent=2))


def load_waitlist(allotment, path=WAITLIST_FILE):
    names = json.loads(Path(path).read_text())
    allotment.waitlist = [name for name in names if name in allotment.members]
    return len(allotment.waitlist)


def main():
    logging.basicConfig(level=logging.INFO)
    garden = CommunityGarden([Plot(1, 3, 5), Plot(2, 2.5, 4, raised_bed=True)])
    for name in ("Priya", "Jonas", "Elif"):
        garden.join(Member(name, f"{name.lower()}@example.org", date(2024, 2, 1)))
    print(invoices(garden, discounts={"Priya": 0.5}))
    print("fee for plot 2:", yearly_fee(garden.plots[2]))
    print("released:", garden.release(1), "- plot 1 now", garden.plots[1].holder)
    print("remind:", renewal_reminders(garden, date(2024, 2, 20)))
    save_waitlist(garden)


if __name__ == "__main__":
    main()

"""Orders at a film lab: rolls in, developing and scanning, push and pull, prices, due dates, a JSON job sheet."""

import json
import logging
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from enum import Enum
from pathlib import Path

logger = logging.getLogger(__name__)

DEV_PRICES = {"c41": 9.0, "bw": 11.0, "e6": 16.0}
SCAN_PRICES = {"none": 0.0, "standard": 6.0, "large": 12.0, "tiff": 18.0}
PUSH_PULL_FEE = 3.0
RUSH_MULTIPLIER = 1.5
TURNAROUND_DAYS = {"c41": 3, "bw": 5, "e6": 10}
FORMATS = ("35mm", "120", "4x5")
JOB_SHEET = "jobs.json"


class Status(Enum):
    RECEIVED = "received"
    DEVELOPED = "developed"
    READY = "ready"
    COLLECTED = "collected"


@dataclass
class Roll:
    stock: str
    process: str
    film_format: str = "35mm"
    push: int = 0
    scan: str = "standard"

    def price(self):
        total = DEV_PRICES[self.process] + SCAN_PRICES[self.scan]
        if self.push:
            total += PUSH_PULL_FEE * abs(self.push)
        if self.film_format != "35mm":
            total += 2.5
        return total


def business_days_after(start, days, closed=(5, 6)):
    current = start
    while days > 0:
        current += timedelta(days=1)
        if current.weekday() not in closed:
            days -= 1
    return current


@dataclass
class Order:
    number: int
    customer: str
    received: date
    rolls: list[Roll] = field(default_factory=list)
    rush: bool = False
    status: Status = Status.RECEIVED

    def add_roll(self, stock, process, **options):
        if process not in DEV_PRICES:
            raise ValueError(f"we don't run {process}")
        roll = Roll(stock, process, **options)
        if roll.film_format not in FORMATS:
            raise ValueError(f"unsupported format {roll.film_format}")
        self.rolls.append(roll)
        return roll

    def total(self, discount=0.0):
        subtotal = sum(roll.price() for roll in self.rolls)
        if self.rush:
            subtotal *= RUSH_MULTIPLIER
        return round(subtotal * (1 - discount), 2)

    def due_date(self):
        days = max((TURNAROUND_DAYS[roll.process] for roll in self.rolls), default=0)
        if self.rush:
            days = max(1, days // 2)
        return business_days_after(self.received, days)

    def advance(self):
        stages = list(Status)
        position = stages.index(self.status)
        if position + 1 < len(stages):
            self.status = stages[position + 1]
        logger.info("order %d is now %s", self.number, self.status.value)
        return self.status


class Lab:
    def __init__(self, next_number=1000):
        self.next_number = next_number
        self.orders: dict[int, Order] = {}

    def take_order(self, customer, received=None, rush=False):
        order = Order(self.next_number, customer, received or date.today(), rush=rush)
        self.orders[order.number] = order
        self.next_number += 1
        return order

    def overdue(self, today=None):
        today = today or date.today()
        return [o for o in self.orders.values() if o.status is not Status.COLLECTED and o.due_date() < today]


def save_job_sheet(lab, path=JOB_SHEET, indent=2):
    rows = []
    for order in lab.orders.values():
        rows.append(dict(asdict(order), received=order.received.isoformat(), status=order.status.value))
    Path(path).write_text(json.dumps(rows, indent=indent), encoding="utf-8")
    logger.info("saved %d orders to %s", len(rows), path)


def load_job_sheet(path=JOB_SHEET):
    lab = Lab()
    for row in json.loads(Path(path).read_text(encoding="utf-8")):
        received = date.fromisoformat(row["received"])
        order = Order(row["number"], row["customer"], received, rush=row["rush"], status=Status(row["status"]))
        order.rolls = [Roll(**roll) for roll in row["rolls"]]
        lab.orders[order.number] = order
        lab.next_number = max(lab.next_number, order.number + 1)
    return lab


def pickup_slip(order):
    lines = [f"Order {order.number} - {order.customer}", f"due {order.due_date():%a %d %b}"]
    for roll in order.rolls:
        push = f" push {roll.push:+d}" if roll.push else ""
        lines.append(f"  {roll.stock} {roll.film_format} {roll.process}{push}  {roll.price():.2f}")
    lines.append(f"total {order.total():.2f}")
    return "\n".join(lines)

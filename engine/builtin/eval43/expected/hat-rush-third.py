"""Order book for a one-room hat maker: quotes, fittings and the workbench queue."""

import datetime as dt
import math
from collections import defaultdict

FELT_PRICE_PER_GRAM = 0.085
STRAW_PRICE_PER_GRAM = 0.042
RUSH_SURCHARGE = 1.25
MAX_HEAD_SIZE_CM = 64
DEFAULT_LEAD_DAYS = 21
STYLES = ("fedora", "cloche", "boater", "trilby", "bowler")


def material_cost(material, grams, trim_cost=0.0):
    if material == "felt":
        rate = FELT_PRICE_PER_GRAM
    elif material == "straw":
        rate = STRAW_PRICE_PER_GRAM
    else:
        raise ValueError("unknown material: " + material)
    return round(grams * rate + trim_cost, 2)


def quote_price(material, grams, labour_hours, hourly_rate=28.0, rush=False):
    subtotal = material_cost(material, grams) + labour_hours * hourly_rate
    if rush:
        subtotal *= RUSH_SURCHARGE
    return round(subtotal, 2)


def promised_date(placed_on, lead_days=DEFAULT_LEAD_DAYS, rush=False):
    days = math.ceil(lead_days / 3) if rush else lead_days
    return placed_on + dt.timedelta(days=days)


def weekly_summary(bench, today=None):
    today = today or dt.date.today()
    late = bench.overdue(today)
    owed = sum(order.balance_due() for order in bench.queue)
    lines = [f"{bench.maker}: {len(bench.queue)} hats on the bench"]
    for style, count in sorted(bench.load_by_style().items()):
        lines.append(f"  {style:<8} {count}")
    lines.append(f"  overdue: {len(late)}, owed: {owed:.2f}")
    lines.append(f"  about {bench.days_of_work(hours_per_hat=5.5)} working days queued")
    return "\n".join(lines)


class HatOrder:
    def __init__(self, customer, style, head_size_cm, material="felt", grams=110, rush=False):
        if style not in STYLES:
            raise ValueError("we do not block that style")
        if head_size_cm > MAX_HEAD_SIZE_CM:
            raise ValueError("head size is beyond our largest block")
        self.customer = customer
        self.style = style
        self.head_size_cm = head_size_cm
        self.material = material
        self.grams = grams
        self.rush = rush
        self.placed_on = dt.date.today()
        self.fittings = []
        self.deposit_paid = 0.0

    def record_fitting(self, when, notes=""):
        self.fittings.append((when, notes))
        return len(self.fittings)

    def price(self, labour_hours=6.0):
        return quote_price(self.material, self.grams, labour_hours, rush=self.rush)

    def take_deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.deposit_paid += amount
        return self.balance_due()

    def balance_due(self, labour_hours=6.0):
        return round(self.price(labour_hours) - self.deposit_paid, 2)

    def due_on(self):
        return promised_date(self.placed_on, rush=self.rush)


class Workbench:
    def __init__(self, maker, daily_hours=7.5):
        self.maker = maker
        self.daily_hours = daily_hours
        self.queue = []

    def take(self, order):
        self.queue.append(order)
        self.queue.sort(key=lambda o: (not o.rush, o.due_on()))

    def overdue(self, today=None):
        today = today or dt.date.today()
        return [o for o in self.queue if o.due_on() < today]

    def load_by_style(self):
        counts = defaultdict(int)
        for order in self.queue:
            counts[order.style] += 1
        return dict(counts)

    def days_of_work(self, hours_per_hat=6.0):
        total_hours = len(self.queue) * hours_per_hat
        return math.ceil(total_hours / self.daily_hours)

"""Ceramic tile studio: customer orders, glaze batches and the kiln firing schedule."""

import math
from dataclasses import dataclass
from datetime import date, timedelta

TILE_SIZES_MM = {"small": 100, "medium": 150, "large": 200}
WASTAGE_FACTOR = 1.1
KILN_CAPACITY_TILES = 240
FIRING_DAYS = 2
PRICE_PER_TILE = {"small": 3.5, "medium": 5.0, "large": 7.25}


@dataclass
class TileOrder:
    customer: str
    size: str
    glaze: str
    area_m2: float
    placed: date
    deposit_paid: bool = False

    def tile_count(self):
        side_m = TILE_SIZES_MM[self.size] / 1000
        return math.ceil(self.area_m2 / (side_m * side_m) * WASTAGE_FACTOR)

    def price(self):
        return round(self.tile_count() * PRICE_PER_TILE[self.size], 2)


class KilnSchedule:
    def __init__(self, kiln_name, capacity=KILN_CAPACITY_TILES):
        self.kiln_name = kiln_name
        self.capacity = capacity
        self.firings = []
        self.queue = []

    def enqueue(self, order):
        if order.size not in TILE_SIZES_MM:
            raise ValueError("unknown tile size " + order.size)
        self.queue.append(order)

    def plan_firings(self, start):
        firing_day = start
        batch = []
        load = 0
        for order in sorted(self.queue, key=lambda o: o.placed):
            count = order.tile_count()
            if load + count > self.capacity and batch:
                self.firings.append((firing_day, batch))
                firing_day += timedelta(days=FIRING_DAYS)
                batch, load = [], 0
            batch.append(order)
            load += count
        if batch:
            self.firings.append((firing_day, batch))
        self.queue = []
        return len(self.firings)

    def ready_date(self, order):
        for firing_day, batch in self.firings:
            if order in batch:
                return firing_day + timedelta(days=FIRING_DAYS)
        return None


def glaze_batches(orders, group_by="glaze"):
    batches = {}
    for order in orders:
        key = getattr(order, group_by)
        batches.setdefault(key, []).append(order)
    return batches


def balance_due(order, deposit_rate=0.3):
    total = order.price()
    if order.deposit_paid:
        return round(total * (1 - deposit_rate), 2)
    return total


def order_confirmation(order, schedule, studio="Kilnside Tiles"):
    ready = schedule.ready_date(order)
    due = balance_due(order, deposit_rate=0.3)
    lines = [f"{studio} order for {order.customer}"]
    lines.append(f"{order.tile_count()} {order.size} tiles in {order.glaze}")
    lines.append(f"Placed on {order.placed:%d %B %Y}")
    lines.append(f"Balance due: £{due:.2f}")
    if ready:
        lines.append(f"Ready for collection from {ready:%d %B}")
    else:
        lines.append("Not yet scheduled for firing")
    return "\n".join(lines)

"""Order queue for a small vinyl record pressing plant."""

import logging
from collections import deque
from dataclasses import dataclass
from datetime import timedelta

log = logging.getLogger(__name__)

PRESSES = 2
RECORDS_PER_PRESS_HOUR = 110
TEST_PRESSING_DAYS = 10
MINIMUM_RUN = 300


@dataclass
class Order:
    reference: str
    label: str
    title: str
    copies: int
    weight_g: int = 140
    colour: str = "black"
    approved: bool = False


class PressQueue:
    def __init__(self):
        self.waiting = deque()
        self.finished = []

    def submit(self, order):
        if order.copies < MINIMUM_RUN:
            raise ValueError(f"{order.reference}: below the minimum run")
        self.waiting.append(order)

    def approve(self, reference):
        for order in self.waiting:
            if order.reference == reference:
                order.approved = True
                return order
        raise KeyError(reference)

    def next_ready(self):
        for order in self.waiting:
            if order.approved:
                return order
        return None

    def press(self):
        order = self.next_ready()
        if order is None:
            return None
        self.waiting.remove(order)
        self.finished.append(order)
        return order

    def backlog_copies(self):
        return sum(o.copies for o in self.waiting)


def press_hours(order):
    rate = RECORDS_PER_PRESS_HOUR if order.colour == "black" else RECORDS_PER_PRESS_HOUR * 0.8
    return order.copies / rate


def eta(queue, reference, today):
    hours = 0.0
    for order in queue.waiting:
        hours += press_hours(order)
        if order.reference == reference:
            break
    days = hours / (8 * PRESSES)
    return today + timedelta(days=TEST_PRESSING_DAYS + round(days))


def eta_report(queue, today):
    return {o.reference: eta(queue, o.reference, today=today) for o in queue.waiting}


def vinyl_kg(order):
    return order.copies * order.weight_g / 1000


def label_summary(queue, label_name, include_finished):
    mine = [o for o in queue.waiting if o.label == label_name]
    return {o.reference: o.copies for o in mine}


def parse_order(fields):
    reference, label, title, copies = fields[:4]
    order = Order(reference, label, title, int(copies))
    if len(fields) > 4:
        order.colour = fields[4]
    return order


def intake(queue, rows):
    accepted = []
    for fields in rows:
        order = parse_order(fields)
        queue.submit(order)
        accepted.append(order.reference)
        print("accepted", order.reference)
    return accepted


def queue_from_rows(rows):
    queue = PressQueue()
    intake(queue, rows)
    return queue

"""Booking sheet for the launderette on Mill Street.

Customers book washers and dryers by the slot; service washes are done by
staff and charged per bag. At closing the sheet works out the day's takings.
"""

import math
from collections import defaultdict
from datetime import time

SLOT_MINUTES = 45
OPENING = time(7, 30)
CLOSING = time(21, 0)
WASH_PRICE = {"small": 4.20, "large": 6.80, "duvet": 11.50}
DRY_PRICE_PER_10_MIN = 1.00
SERVICE_WASH_BAG = 14.00
LOYALTY_INTERVAL = 10


class Machine:
    def __init__(self, number, kind, drum="small"):
        self.number = number
        self.kind = kind
        self.drum = drum
        self.out_of_order = False

    def label(self):
        prefix = "W" if self.kind == "washer" else "D"
        return prefix + str(self.number).zfill(2)

    def wash_cost(self, extra_rinse=False, rinse_fee=0.60):
        price = WASH_PRICE.get(self.drum, WASH_PRICE["small"])
        if extra_rinse:
            price += rinse_fee
        return round(price, 2)

    def report_fault(self, note=""):
        self.out_of_order = True
        return self.label() + " reported: " + (note or "no details")


class BookingSheet:
    def __init__(self, day, machines):
        self.day = day
        self.machines = {m.label(): m for m in machines}
        self.bookings = defaultdict(list)
        self.visits_by_customer = defaultdict(int)

    def slot_count(self):
        open_minutes = (CLOSING.hour * 60 + CLOSING.minute) - (OPENING.hour * 60 + OPENING.minute)
        return open_minutes // SLOT_MINUTES

    def book(self, label, slot, customer):
        machine = self.machines[label]
        if machine.out_of_order:
            raise ValueError(label + " is out of order")
        if slot in self.bookings[label] or slot >= self.slot_count():
            return False
        self.bookings[label].append(slot)
        self.visits_by_customer[customer] += 1
        return True

    def free_slots(self, label):
        taken = set(self.bookings[label])
        return [s for s in range(self.slot_count()) if s not in taken]


def dry_cost(minutes, round_up=True):
    blocks = minutes / 10
    blocks = math.ceil(blocks) if round_up else math.floor(blocks)
    return round(blocks * DRY_PRICE_PER_10_MIN, 2)


def service_wash_total(bags, customer_visits, weekday, discount=0.1):
    total = bags * SERVICE_WASH_BAG
    if customer_visits and customer_visits % LOYALTY_INTERVAL == 0:
        total -= total * discount
    return round(total, 2)


def daily_takings(sheet, service_bags=None, dryer_minutes=45):
    takings = 0.0
    for label, slots in sheet.bookings.items():
        machine = sheet.machines[label]
        if machine.kind == "washer":
            takings += machine.wash_cost() * len(slots)
        else:
            takings += dry_cost(dryer_minutes, round_up=True) * len(slots)
    for customer, bags in (service_bags or {}).items():
        visits = sheet.visits_by_customer.get(customer, 0)
        takings += service_wash_total(bags, visits, sheet.day.weekday())
    return round(takings, 2)


def closing_summary(sheet, service_bags=None):
    lines = ["Mill Street launderette, " + sheet.day.isoformat()]
    for label in sorted(sheet.machines):
        used = len(sheet.bookings[label])
        lines.append(label + ": " + str(used) + " of " + str(sheet.slot_count()) + " slots")
    broken = [m.label() for m in sheet.machines.values() if m.out_of_order]
    if broken:
        lines.append("out of order: " + ", ".join(broken))
    lines.append("takings: " + format(daily_takings(sheet, service_bags), ".2f"))
    return "\n".join(lines)

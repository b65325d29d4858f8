"""Restoration projects, parts orders and volunteer hours at a tram museum's workshop."""

import csv
from datetime import date, timedelta

WORKSHOP_BAYS = 3
VOLUNTEER_HOUR_VALUE = 12.5
PART_LEAD_DAYS = {"bogie": 120, "controller": 60, "trolley pole": 30, "seat": 14}
STAGES = ("survey", "strip", "repair", "paint", "test", "display")


def stage_index(stage):
    return STAGES.index(stage)


def lead_time(part, urgent=False):
    days = PART_LEAD_DAYS.get(part, 45)
    if urgent:
        days = days // 2
    return days


def volunteer_value(hours, rate=VOLUNTEER_HOUR_VALUE):
    return round(hours * rate, 2)


def read_hours_sheet(path):
    totals = {}
    with open(path, newline="", encoding="utf-8") as sheet:
        for row in csv.DictReader(sheet):
            name = row["volunteer"]
            totals[name] = totals.get(name, 0.0) + float(row["hours"])
    return totals


class PartsOrder:
    def __init__(self, part, supplier, ordered_on, urgent=False):
        self.part = part
        self.supplier = supplier
        self.ordered_on = ordered_on
        self.urgent = urgent
        self.received = False

    def expected_on(self):
        return self.ordered_on + timedelta(days=lead_time(self.part, urgent=self.urgent))

    def mark_received(self):
        self.received = True


class Restoration:
    def __init__(self, fleet_number, built, bay):
        if not 1 <= bay <= WORKSHOP_BAYS:
            raise ValueError(f"bay must be 1 to {WORKSHOP_BAYS}")
        self.fleet_number = fleet_number
        self.built = built
        self.bay = bay
        self.stage = STAGES[0]
        self.orders = []
        self.hours = {}
        self.notes = []

    def advance(self):
        position = stage_index(self.stage)
        if position + 1 < len(STAGES):
            self.stage = STAGES[position + 1]
        return self.stage

    def order_part(self, part, supplier, when=None, urgent=False):
        order = PartsOrder(part, supplier, when or date.today(), urgent=urgent)
        self.orders.append(order)
        return order

    def outstanding_parts(self):
        return [order.part for order in self.orders if not order.received]

    def log_hours(self, volunteer, hours):
        if hours <= 0:
            raise ValueError("hours must be positive")
        self.hours[volunteer] = self.hours.get(volunteer, 0.0) + hours

    def labour_value(self):
        return volunteer_value(sum(self.hours.values()))

    def blocked(self):
        return bool(self.outstanding_parts()) and self.stage == "repair"


def latest_delivery(project):
    pending = [order.expected_on() for order in project.orders if not order.received]
    return max(pending) if pending else None


def import_hours(project, path):
    for volunteer, hours in read_hours_sheet(path).items():
        project.log_hours(volunteer, hours)
    return project.labour_value()


def workshop_summary(projects):
    lines = []
    for project in sorted(projects, key=lambda p: p.bay):
        status = "blocked" if project.blocked() else project.stage
        lines.append(f"Bay {project.bay}: car {project.fleet_number} ({project.built}) - {status}")
        due = latest_delivery(project)
        if due is not None:
            lines.append(f"    parts due by {due:%d %b %Y}")
    return "\n".join(lines)

"""Commission book for a sundial maker's workshop."""

import math
from datetime import date, timedelta

WORKSHOP_LATITUDE = 51.48
BRONZE_PRICE_PER_KG = 38.0
SLATE_PRICE_PER_KG = 6.5
LEAD_TIME_WEEKS = 10
DEPOSIT_RATE = 0.3
MATERIALS = ("bronze", "slate", "stone")


def gnomon_angle(latitude=WORKSHOP_LATITUDE):
    return round(abs(latitude), 2)


def hour_line_angle(hour, latitude=WORKSHOP_LATITUDE):
    hour_angle = math.radians((hour - 12) * 15)
    angle = math.atan(math.sin(math.radians(latitude)) * math.tan(hour_angle))
    return round(math.degrees(angle), 1)


def material_cost(material, weight_kg):
    if material == "bronze":
        rate = BRONZE_PRICE_PER_KG
    elif material == "slate":
        rate = SLATE_PRICE_PER_KG
    else:
        rate = 4.0
    return round(weight_kg * rate, 2)


def dial_plate_weight(diameter_cm, thickness_cm, density=2.7):
    radius = diameter_cm / 2
    volume = math.pi * radius * radius * thickness_cm
    return round(volume * density / 1000, 2)


class Commission:
    def __init__(self, client, material, diameter_cm, thickness_cm=3.0, motto=""):
        self.client = client
        self.material = material
        self.diameter_cm = diameter_cm
        self.thickness_cm = thickness_cm
        self.motto = motto
        self.ordered_date = date.today()
        self.paid = 0.0

    def weight(self):
        return dial_plate_weight(self.diameter_cm, self.thickness_cm)

    def quote(self, labour_hours=12, hourly_rate=28.0):
        engraving = len(self.motto) * 1.5
        materials = material_cost(self.material, self.weight())
        return round(materials + labour_hours * hourly_rate + engraving, 2)

    def deposit(self):
        return round(self.quote() * DEPOSIT_RATE, 2)

    def due_date(self, weeks=LEAD_TIME_WEEKS):
        return self.ordered_date + timedelta(weeks=weeks)

    def record_payment(self, amount):
        if amount <= 0:
            raise ValueError("payment must be positive")
        self.paid += amount
        return self.balance()

    def balance(self):
        return round(self.quote() - self.paid, 2)


class CommissionBook:
    def __init__(self, maker):
        self.maker = maker
        self.commissions = []

    def take(self, client, material, diameter_cm, motto=""):
        if material not in MATERIALS:
            raise ValueError("unknown material: " + material)
        commission = Commission(client, material, diameter_cm, motto=motto)
        self.commissions.append(commission)
        return commission

    def outstanding(self):
        return [c for c in self.commissions if c.balance() > 0]

    def overdue(self, today=None):
        today = today or date.today()
        return [c for c in self.commissions if c.due_date() < today and c.balance() > 0]

    def quote_all(self, labour_hours=12):
        return {c.client: c.quote(labour_hours=labour_hours) for c in self.commissions}

    def hour_lines(self, latitude=WORKSHOP_LATITUDE, first_hour=6, last_hour=18):
        hours = range(first_hour, last_hour + 1)
        return {hour: hour_line_angle(hour, latitude) for hour in hours}

    def takings(self):
        return round(sum(c.paid for c in self.commissions), 2)

    def by_material(self):
        grouped = {}
        for commission in self.commissions:
            grouped.setdefault(commission.material, []).append(commission.client)
        return grouped

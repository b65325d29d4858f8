"""Stock, sizing and hire agreements for a surf-town wetsuit hire shop."""

import datetime as dt
from dataclasses import dataclass, field

DAILY_RATE = {"shortie": 8.0, "3/2": 12.0, "4/3": 15.0, "5/4": 18.0}
SUIT_DEPOSIT = 50.0
LATE_FEE_PER_DAY = 10.0
SIZE_CHART = (
    ("XS", 155, 50),
    ("S", 165, 60),
    ("M", 175, 72),
    ("L", 183, 85),
    ("XL", 190, 97),
)
WATER_TEMP_THICKNESS = ((18, "shortie"), (15, "3/2"), (12, "4/3"))


def size_for(height_cm, weight_kg):
    for label, max_height, max_weight in SIZE_CHART:
        if height_cm <= max_height and weight_kg <= max_weight:
            return label
    return "XXL"


def thickness_for(water_temp_c):
    for min_temp, thickness in WATER_TEMP_THICKNESS:
        if water_temp_c >= min_temp:
            return thickness
    return "5/4"


def hire_cost(thickness, days, multi_day_discount=0.1, with_boots=False):
    cost = DAILY_RATE[thickness] * days
    if days >= 3:
        cost *= 1 - multi_day_discount
    if with_boots:
        cost += 3.0 * days
    return round(cost, 2)


@dataclass
class Wetsuit:
    tag: str
    thickness: str
    size: str
    hires: int = 0
    out: bool = False
    repairs: list = field(default_factory=list)

    def needs_retiring(self, max_hires=150):
        return self.hires >= max_hires or len(self.repairs) > 3


class HireShop:
    def __init__(self, name):
        self.name = name
        self.suits = {}
        self.agreements = {}
        self.takings = 0.0

    def add_suit(self, tag, thickness, size):
        suit = Wetsuit(tag=tag, thickness=thickness, size=size)
        self.suits[tag] = suit
        return suit

    def find_suit(self, thickness, size):
        for suit in self.suits.values():
            if suit.thickness == thickness and suit.size == size and not suit.out:
                return suit
        return None

    def hire_out(self, customer, height_cm, weight_kg, water_temp_c, days=1, start=None):
        size = size_for(height_cm, weight_kg)
        thickness = thickness_for(water_temp_c)
        suit = self.find_suit(thickness, size)
        if suit is None:
            return None
        start = start or dt.date.today()
        due_back = start + dt.timedelta(days=days)
        suit.out = True
        suit.hires += 1
        price = hire_cost(thickness, days)
        self.agreements[suit.tag] = (customer, due_back, price)
        return suit.tag, price + SUIT_DEPOSIT

    def check_in(self, tag, returned_on=None, damaged=False):
        customer, due_back, price = self.agreements.pop(tag)
        suit = self.suits[tag]
        suit.out = False
        returned_on = returned_on or dt.date.today()
        late_days = max(0, (returned_on - due_back).days)
        refund = SUIT_DEPOSIT - late_days * LATE_FEE_PER_DAY
        if damaged:
            suit.repairs.append(returned_on)
            refund = 0.0
        return customer, max(0.0, refund)

    def retire_worn(self):
        worn = [tag for tag, suit in self.suits.items() if suit.needs_retiring()]
        for tag in worn:
            del self.suits[tag]
        return worn

    def summary(self):
        out = sum(1 for suit in self.suits.values() if suit.out)
        return {"shop": self.name, "suits": len(self.suits), "out": out, "takings": self.takings}

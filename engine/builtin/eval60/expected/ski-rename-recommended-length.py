"""Boot and binding fittings for a ski hire shop."""

import math
from collections import defaultdict

MONDO_MIN = 15.0
MONDO_MAX = 33.5
SKIER_TYPE_FACTOR = {"cautious": 0.85, "moderate": 1.0, "aggressive": 1.15}
HIRE_DAY_RATE = 28.0


def mondo_size(foot_length_cm):
    size = math.ceil(foot_length_cm * 2) / 2
    return min(max(size, MONDO_MIN), MONDO_MAX)


def din_setting(weight_kg, height_cm, skier_type="moderate", age=30):
    base = weight_kg / 10 + height_cm / 100
    if age < 10 or age > 50:
        base = base * 0.9
    return round(base * SKIER_TYPE_FACTOR[skier_type], 1)


def ski_length(height_cm, ability="intermediate"):
    offset = {"beginner": -15, "intermediate": -10, "expert": -5}[ability]
    return int(round((height_cm + offset) / 5) * 5)


def hire_cost(days, items=2, discount=0.0):
    cost = days * HIRE_DAY_RATE * items
    if days >= 6:
        cost = cost * 0.85
    return round(cost * (1 - discount), 2)


class Fitting:
    def __init__(self, customer, weight_kg, height_cm, foot_length_cm, ability="intermediate"):
        self.customer = customer
        self.weight_kg = weight_kg
        self.height_cm = height_cm
        self.foot_length_cm = foot_length_cm
        self.ability = ability
        self.boot_size = mondo_size(foot_length_cm)
        self.din = None
        self.signed_waiver = False

    def set_bindings(self, skier_type="moderate", age=30):
        self.din = din_setting(self.weight_kg, self.height_cm, skier_type=skier_type, age=age)
        return self.din

    def ski_length_cm(self):
        return ski_length(self.height_cm, ability=self.ability)

    def sign_waiver(self):
        self.signed_waiver = True

    def ticket(self):
        if self.din is None:
            raise ValueError("bindings not set for " + self.customer)
        return "%s: boot %.1f, ski %d cm, DIN %.1f" % (
            self.customer,
            self.boot_size,
            self.ski_length_cm(),
            self.din,
        )


class HireDesk:
    def __init__(self, shop_name):
        self.shop_name = shop_name
        self.fittings = []
        self.stock = defaultdict(int)

    def add_stock(self, boot_size, count=1):
        self.stock[boot_size] += count

    def fit(self, fitting):
        if self.stock[fitting.boot_size] <= 0:
            return False
        self.stock[fitting.boot_size] -= 1
        self.fittings.append(fitting)
        return True

    def pending_waivers(self):
        return [f.customer for f in self.fittings if not f.signed_waiver]

    def day_takings(self, days=1):
        total = 0.0
        for fitting in self.fittings:
            total += hire_cost(days)
        return total


def open_desk(shop_name, sizes=(24.5, 26.0, 27.5, 29.0), per_size=4):
    desk = HireDesk(shop_name)
    for size in sizes:
        desk.add_stock(size, count=per_size)
    return desk

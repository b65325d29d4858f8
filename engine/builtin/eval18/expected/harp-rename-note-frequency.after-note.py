"""Stringing charts and order book for a harp-making workshop."""

from dataclasses import dataclass
from fractions import Fraction

A4_HZ = 440.0
GUT_DENSITY = 1300
NYLON_DENSITY = 1150
MAX_TENSION_KG = 14.0
SOUNDBOARD_WOODS = ("spruce", "cedar", "maple")


@dataclass
class HarpString:
    number: int
    note: str
    length_mm: float
    gauge_mm: float
    material: str = "nylon"


def pitch_for_offset(semitones_from_a4):
    return A4_HZ * 2 ** (semitones_from_a4 / 12)


def string_tension_kg(string, frequency):
    density = GUT_DENSITY if string.material == "gut" else NYLON_DENSITY
    radius_m = string.gauge_mm / 2000
    mass_per_m = density * 3.14159 * radius_m ** 2
    length_m = string.length_mm / 1000
    newtons = 4 * mass_per_m * (length_m * frequency) ** 2
    return newtons / 9.81


class StringingChart:
    def __init__(self, model, strings=None):
        self.model = model
        self.strings = list(strings or [])

    def add_string(self, string):
        self.strings.append(string)
        self.strings.sort(key=lambda s: s.number)

    def overstressed(self, offsets):
        flagged = []
        for string, offset in zip(self.strings, offsets):
            tension = string_tension_kg(string, pitch_for_offset(offset))
            if tension > MAX_TENSION_KG:
                flagged.append(string.number)
        return flagged

    def total_tension(self, offsets):
        total = 0.0
        for string, offset in zip(self.strings, offsets):
            total += string_tension_kg(string, pitch_for_offset(offset))
        return round(total, 1)


class HarpOrder:
    def __init__(self, customer, model, wood):
        if wood not in SOUNDBOARD_WOODS:
            raise ValueError("unsupported soundboard wood: %s" % wood)
        self.customer = customer
        self.model = model
        self.wood = wood
        self.stage = "ordered"
        self.deposit = Fraction(0)

    def take_deposit(self, amount, price):
        self.deposit += Fraction(amount)
        return self.deposit / price

    def advance(self):
        stages = ["ordered", "carving", "soundboard", "stringing", "regulating", "ready"]
        position = stages.index(self.stage)
        if position + 1 < len(stages):
            self.stage = stages[position + 1]
        return self.stage


class Workshop:
    def __init__(self, name):
        self.name = name
        self.orders = []
        self.charts = {}

    def register_chart(self, chart):
        self.charts[chart.model] = chart

    def new_order(self, customer, model, wood="spruce"):
        if model not in self.charts:
            raise KeyError(f"no stringing chart for {model}")
        order = HarpOrder(customer, model, wood)
        self.orders.append(order)
        return order

    def ready_for_pickup(self):
        return [o.customer for o in self.orders if o.stage == "ready"]

    def string_shopping_list(self, model):
        chart = self.charts[model]
        needed = {}
        for string in chart.strings:
            key = (string.material, string.gauge_mm)
            needed[key] = needed.get(key, 0) + 1
        print("shopping list for", model)
        return needed


def chart_from_rows(model, rows):
    chart = StringingChart(model)
    for number, note, length_mm, gauge_mm, material in rows:
        chart.add_string(HarpString(number, note, length_mm, gauge_mm, material=material))
    return chart

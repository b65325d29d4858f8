"""Convert quantities typed by users between units of length, mass and temperature."""

import math
import re

DEFAULT_PRECISION = 3
BASE_UNITS = {"length": "m", "mass": "kg", "temperature": "C"}

LENGTH_FACTORS = {
    "mm": 0.001,
    "cm": 0.01,
    "m": 1.0,
    "km": 1000.0,
    "in": 0.0254,
    "ft": 0.3048,
    "yd": 0.9144,
    "mi": 1609.344,
}
MASS_FACTORS = {
    "g": 0.001,
    "kg": 1.0,
    "t": 1000.0,
    "oz": 0.028349523125,
    "lb": 0.45359237,
}
TEMPERATURE_UNITS = ("C", "F", "K")

QUANTITY_PATTERN = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*([A-Za-z]+)\s*$")


class UnitError(ValueError):
    pass


def dimension_of(unit):
    if unit in LENGTH_FACTORS:
        return "length"
    if unit in MASS_FACTORS:
        return "mass"
    if unit in TEMPERATURE_UNITS:
        return "temperature"
    raise UnitError(f"unknown unit: {unit}")


def to_celsius(value, unit):
    if unit == "F":
        return (value - 32) * 5 / 9
    if unit == "K":
        return value - 273.15
    return value


def from_celsius(value, unit):
    if unit == "F":
        return value * 9 / 5 + 32
    if unit == "K":
        return value + 273.15
    return value


def convert(value: float, source: str, target: str) -> float:
    """Convert value from the source unit to the target unit of the same dimension."""
    kind = dimension_of(source)
    if dimension_of(target) != kind:
        raise UnitError(f"cannot convert {source} to {target}")
    if kind == "temperature":
        return from_celsius(to_celsius(value, source), target)
    factors = LENGTH_FACTORS if kind == "length" else MASS_FACTORS
    return value * factors[source] / factors[target]


def parse_quantity(text):
    match = QUANTITY_PATTERN.match(text)
    if match is None:
        raise UnitError(f"not a quantity: {text!r}")
    return float(match.group(1)), match.group(2)


def format_quantity(value, unit, precision=DEFAULT_PRECISION):
    rounded = round(value, precision)
    if math.isclose(rounded, round(rounded)):
        return f"{int(round(rounded))} {unit}"
    return f"{rounded:g} {unit}"


class Converter:
    """Converts quantities typed by a user into the units they prefer."""

    def __init__(self, preferred=None, precision=DEFAULT_PRECISION):
        self.preferred = dict(BASE_UNITS)
        self.preferred.update(preferred or {})
        self.precision = precision
        self.conversions = []

    def convert_text(self, text, target=None):
        value, unit = parse_quantity(text)
        target = target or self.preferred[dimension_of(unit)]
        result = convert(value, unit, target)
        self.conversions.append((text, result, target))
        return format_quantity(result, target, self.precision)

    def last(self, count=5):
        return self.conversions[-count:]

    def clear(self):
        self.conversions.clear()


def convert_all(lines, target, precision=DEFAULT_PRECISION, strict=False):
    converter = Converter(precision=precision)
    results = []
    for line in lines:
        if not line.strip():
            continue
        results.append(converter.convert_text(line, target))
    return results

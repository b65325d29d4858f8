"""Resize hand-knitting patterns from a swatch gauge and estimate the yarn to buy."""

import math
import re
from fractions import Fraction

SWATCH_CM = 10.0
METRES_PER_STITCH = 0.025
SKEIN_METRES = 200
EASE_CM = 5.0
FINE_WEIGHTS = ("lace", "fingering")
GAUGE_PATTERN = re.compile(r"(\d+(?:\.\d+)?)\s*sts\s*(?:x|by)\s*(\d+(?:\.\d+)?)\s*rows")


def parse_gauge(text):
    match = GAUGE_PATTERN.search(text.lower())
    if match is None:
        raise ValueError(f"no gauge found in {text!r}")
    return float(match.group(1)), float(match.group(2))


def cast_on(chest_cm, stitches_per_10cm, ease_cm=EASE_CM, multiple=4):
    width = chest_cm + ease_cm
    raw = width * stitches_per_10cm / SWATCH_CM
    return int(math.ceil(raw / multiple) * multiple)


def yarn_needed(stitches, rows, weight="dk", spare=0.1):
    metres = stitches * rows * METRES_PER_STITCH
    if weight in FINE_WEIGHTS:
        metres *= 0.8
    metres *= 1 + spare
    skeins = math.ceil(metres / SKEIN_METRES)
    return round(metres), skeins


class Swatch:
    def __init__(self, stitches, rows, needle_mm, washed=False):
        self.stitches = stitches
        self.rows = rows
        self.needle_mm = needle_mm
        self.washed = washed

    @classmethod
    def from_label(cls, label, needle_mm):
        stitches, rows = parse_gauge(label)
        return cls(stitches, rows, needle_mm)

    def ratio(self):
        return Fraction(round(self.stitches * 2), round(self.rows * 2))

    def matches(self, other, tolerance=0.5):
        close_stitches = abs(self.stitches - other.stitches) <= tolerance
        return close_stitches and abs(self.rows - other.rows) <= tolerance

    def suggest_needle(self, target):
        if self.matches(target):
            return self.needle_mm
        step = 0.5 if self.stitches > target.stitches else -0.5
        return self.needle_mm + step


class Pattern:
    def __init__(self, title, gauge_label, chest_cm, length_cm, weight="dk"):
        self.title = title
        self.gauge = Swatch.from_label(gauge_label, needle_mm=4.0)
        self.chest_cm = chest_cm
        self.length_cm = length_cm
        self.weight = weight
        self.adjustments = []

    def rows_for(self, length_cm):
        return round(length_cm * self.gauge.rows / SWATCH_CM)

    def resize(self, swatch, chest_size_cm=None):
        chest = chest_size_cm or self.chest_cm
        stitches = cast_on(chest, swatch.stitches)
        rows = round(self.length_cm * swatch.rows / SWATCH_CM)
        self.adjustments.append((swatch.needle_mm, stitches, rows))
        return stitches, rows

    def shopping_list(self, swatch, chest_cm=None):
        stitches, rows = self.resize(swatch, chest_size_cm=chest_cm)
        metres, skeins = yarn_needed(stitches * 2, rows, weight=self.weight)
        return {"title": self.title, "metres": metres, "skeins": skeins}

    def needle_advice(self, swatch):
        needle = swatch.suggest_needle(self.gauge)
        if needle == swatch.needle_mm:
            return f"keep your {needle} mm needles"
        return f"try {needle} mm needles"


def compare_sizes(pattern, swatch, chests=(86, 96, 106)):
    table = []
    for chest in chests:
        stitches, rows = pattern.resize(swatch, chest_size_cm=chest)
        table.append(f"{chest} cm: cast on {stitches}, knit {rows} rows")
    return table

"""Pattern library for a bobbin lace maker: prickings, thread counts and working time."""

import math
from dataclasses import dataclass, field

PINS_PER_CM = 4
DEFAULT_THREAD = "linen 80/2"
MINUTES_PER_PIN = 1.5
MAX_BOBBIN_PAIRS = 60


@dataclass
class Pricking:
    name: str
    width_cm: float
    length_cm: float
    ground: str = "torchon"
    tags: list = field(default_factory=list)

    def pin_count(self):
        across = math.ceil(self.width_cm * PINS_PER_CM)
        along = math.ceil(self.length_cm * PINS_PER_CM)
        return across * along


class LacePattern:
    def __init__(self, pricking, pairs, thread=DEFAULT_THREAD):
        if pairs > MAX_BOBBIN_PAIRS:
            raise ValueError(f"{pairs} pairs is more than a pillow can hold")
        self.pricking = pricking
        self.pairs = pairs
        self.thread = thread
        self.notes = []

    def add_note(self, text):
        self.notes.append(text.strip())

    def working_hours(self, skill=1.0):
        minutes = self.pricking.pin_count() * MINUTES_PER_PIN / skill
        return round(minutes / 60, 1)

    def thread_metres(self, wastage=0.15):
        per_pair = self.pricking.length_cm * 2.5 / 100
        return round(self.pairs * per_pair * (1 + wastage), 2)

    def describe(self):
        hours = self.working_hours()
        return (
            f"{self.pricking.name}: {self.pairs} pairs of {self.thread}, "
            f"{self.pricking.ground} ground, about {hours} h"
        )


def parse_pattern_line(line, separator=";"):
    name, width, length, pairs = [part.strip() for part in line.split(separator)]
    pricking = Pricking(name, float(width), float(length))
    return LacePattern(pricking, int(pairs))


def load_library(lines, skip_comments=True, source="catalogue"):
    patterns = []
    for line in lines:
        if skip_comments and line.lstrip().startswith("#"):
            continue
        if not line.strip():
            continue
        patterns.append(parse_pattern_line(line))
    return patterns


def estimate_order(patterns, copies=1, rate=12.0):
    total_hours = 0.0
    total_thread = 0.0
    for pattern in patterns:
        total_hours += pattern.working_hours() * copies
        total_thread += pattern.thread_metres() * copies
    price = total_hours * rate
    return {
        "hours": round(total_hours, 1),
        "thread_m": round(total_thread, 1),
        "price": round(price, 2),
    }


def hardest_patterns(patterns, limit=3):
    ranked = sorted(patterns, key=lambda pattern: pattern.pricking.pin_count(), reverse=True)
    return [pattern.pricking.name for pattern in ranked[:limit]]


if __name__ == "__main__":
    catalogue = [
        "# name; width; length; pairs",
        "Bucks point edging; 2.5; 30; 18",
        "Torchon fan; 6; 12; 24",
    ]
    library = load_library(catalogue)
    for item in library:
        print(item.describe())
    print(estimate_order(library, copies=2))
    print(hardest_patterns(library))

"""A community garden's compost bins: additions of greens and browns, temperature checks, turning and a yearly yield."""

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)

IDEAL_RATIO = 2.5
HOT_ENOUGH_C = 55
TURN_EVERY_DAYS = 7
BIN_LITRES = 400
STATE_FILE = Path("compost.json")


@dataclass
class Addition:
    day: int
    kind: str
    litres: float

    def is_green(self):
        return self.kind == "green"


@dataclass
class CompostBin:
    label: str
    capacity: float = BIN_LITRES
    additions: list[Addition] = field(default_factory=list)
    readings: dict[int, float] = field(default_factory=dict)
    turned_on_day: int = 0

    def volume(self):
        return sum(a.litres for a in self.additions)

    def add(self, day, kind, litres):
        if kind not in ("green", "brown"):
            raise ValueError(f"unknown material {kind!r}")
        if self.volume() + litres > self.capacity:
            raise ValueError(f"bin {self.label} would overflow")
        self.additions.append(Addition(day, kind, litres))

    def browns_per_green(self):
        greens = sum(a.litres for a in self.additions if a.is_green())
        browns = self.volume() - greens
        if greens == 0:
            return float("inf")
        return browns / greens

    def record_temperature(self, day, celsius):
        self.readings[day] = celsius
        logger.debug("bin %s at %.1f C on day %d", self.label, celsius, day)

    def needs_turning(self, today, every=TURN_EVERY_DAYS):
        return today - self.turned_on_day >= every

    def turn(self, today):
        self.turned_on_day = today
        logger.info("turned bin %s", self.label)


def balance_advice(bin_, target=IDEAL_RATIO, tolerance=0.5):
    ratio = bin_.browns_per_green()
    if ratio < target - tolerance:
        return "add browns (leaves, cardboard)"
    if ratio > target + tolerance:
        return "add greens (kitchen scraps, grass)"
    return "balanced"


def hot_days(bin_, threshold=HOT_ENOUGH_C):
    return sorted(day for day, celsius in bin_.readings.items() if celsius >= threshold)


def weekly_report(bins, today):
    lines = []
    for bin_ in bins:
        status = "turn now" if bin_.needs_turning(today) else "ok"
        advice = balance_advice(bin_)
        lines.append(f"{bin_.label}: {bin_.volume():.0f} L, {status}, {advice}")
    return "\n".join(lines)


def yearly_yield(bins, shrink=0.4):
    total = sum(bin_.volume() for bin_ in bins)
    return round(total * shrink, 1)


def save_bins(bins, path=STATE_FILE):
    data = [
        {
            "label": b.label,
            "additions": [[a.day, a.kind, a.litres] for a in b.additions],
            "last_turned": b.turned_on_day,
        }
        for b in bins
    ]
    path.write_text(json.dumps(data))


def load_bins(path=STATE_FILE):
    bins = []
    for item in json.loads(path.read_text()):
        bin_ = CompostBin(item["label"], turned_on_day=item["last_turned"])
        for day, kind, litres in item["additions"]:
            bin_.add(day, kind, litres)
        bins.append(bin_)
    return bins

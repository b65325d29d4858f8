"""Feeding schedule and hydration maths for a bakery's sourdough starters."""

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

log = logging.getLogger(__name__)

FEED_INTERVAL_HOURS = 12
TARGET_HYDRATION = 1.0
PEAK_RISE_RATIO = 2.0
DISCARD_KEEP_GRAMS = 50


@dataclass
class Feeding:
    at: datetime
    flour_g: int
    water_g: int
    flour_type: str = "white"


@dataclass
class Starter:
    name: str
    flour_g: float
    water_g: float
    feedings: list[Feeding] = field(default_factory=list)

    def hydration(self):
        return self.water_g / self.flour_g

    def weight(self):
        return self.flour_g + self.water_g

    def discard_to(self, keep_grams):
        ratio = keep_grams / self.weight()
        self.flour_g *= ratio
        self.water_g *= ratio

    def feed(self, flour_g, water_g, at, flour_type="white"):
        self.flour_g += flour_g
        self.water_g += water_g
        self.feedings.append(Feeding(at, flour_g, water_g, flour_type))

    def last_fed(self):
        return self.feedings[-1].at if self.feedings else None


class FeedingRota:
    def __init__(self, starters):
        self.starters = {s.name: s for s in starters}

    def due(self, now):
        late = []
        for starter in self.starters.values():
            last = starter.last_fed()
            if last is None or now - last >= timedelta(hours=FEED_INTERVAL_HOURS):
                late.append(starter.name)
        return late

    def feed_all(self, now, ratio=1):
        for name in self.due(now):
            starter = self.starters[name]
            starter.discard_to(DISCARD_KEEP_GRAMS)
            grams = DISCARD_KEEP_GRAMS * ratio
            starter.feed(grams, grams * TARGET_HYDRATION, now)
            log.info("fed %s with %d g flour", name, grams)


def bakery_plan(*starters):
    plan = FeedingRota(starters)
    log.info("planning feeds for %d starters", len(starters))
    return plan


def levain_for(dough_flour_g, percent, hydration):
    levain = dough_flour_g * percent / 100
    flour = levain / (1 + hydration)
    return round(flour), round(levain - flour)


def overnight_levain(dough_flour_g):
    return levain_for(dough_flour_g, percent=20, hydration=TARGET_HYDRATION)


def is_peaked(start_height_mm, current_height_mm):
    return current_height_mm >= start_height_mm * PEAK_RISE_RATIO


def flour_used(starter, since):
    return sum(f.flour_g for f in starter.feedings if f.at >= since)


def feeding_log(starter, limit):
    lines = []
    for feeding in starter.feedings[-limit:]:
        amounts = f"{feeding.flour_g} g {feeding.flour_type} + {feeding.water_g} g water"
        lines.append(f"{feeding.at:%a %H:%M}  {amounts}")
    return lines


def weekly_flour(plan, now, flour_type):
    since = now - timedelta(days=7)
    total = 0
    for starter in plan.starters.values():
        total += flour_used(starter, since)
    log.debug("weekly flour since %s", since)
    print(total)
    return total

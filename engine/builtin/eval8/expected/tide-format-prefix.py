"""A tide table for a tidal causeway: high and low waters, heights by the rule of twelfths, safe crossings."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

TWELFTHS = (1, 2, 3, 3, 2, 1)
CAUSEWAY_HEIGHT_M = 2.4
SAFETY_MARGIN_M = 0.5
SPRING_RANGE_M = 4.0
STEP_MINUTES = 15
TABLE_FILE = "tides.json"


@dataclass(frozen=True)
class TideEvent:
    when: datetime
    height_m: float
    high: bool

    def label(self):
        return "HW" if self.high else "LW"


class TideDay:
    def __init__(self, place, events):
        self.place = place
        self.events = sorted(events, key=lambda event: event.when)

    def highs(self):
        return [event for event in self.events if event.high]

    def lows(self):
        return [event for event in self.events if not event.high]

    def range_m(self):
        heights = [event.height_m for event in self.events]
        return round(max(heights) - min(heights), 2)

    def is_spring(self, threshold=SPRING_RANGE_M):
        return self.range_m() >= threshold

    def is_neap(self, threshold=SPRING_RANGE_M):
        return self.range_m() <= threshold * 0.5


def height_between(start, end, moment):
    """The height at moment, between two tide events, by the rule of twelfths."""
    duration = (end.when - start.when).total_seconds()
    fraction = min(max((moment - start.when).total_seconds() / duration, 0.0), 1.0)
    sixths = fraction * 6
    done = 0.0
    for index, share in enumerate(TWELFTHS):
        done += share * min(max(sixths - index, 0.0), 1.0)
    return round(start.height_m + (end.height_m - start.height_m) * done / 12, 2)


def height_at(day, moment):
    for start, end in zip(day.events, day.events[1:]):
        if start.when <= moment <= end.when:
            return height_between(start, end, moment)
    raise ValueError(f"{moment} is outside the table for {day.place}")


def causeway_open(day, moment, margin=SAFETY_MARGIN_M):
    return height_at(day, moment) <= CAUSEWAY_HEIGHT_M - margin


def crossing_windows(day, margin=SAFETY_MARGIN_M, step=STEP_MINUTES):
    windows = []
    start = None
    moment, last = day.events[0].when, day.events[-1].when
    while moment <= last:
        if causeway_open(day, moment, margin=margin):
            if start is None:
                start = moment
        elif start is not None:
            windows.append((start, moment))
            start = None
        moment += timedelta(minutes=step)
    if start is not None:
        windows.append((start, last))
    return windows


def format_windows(windows, prefix="safe to cross "):
    if not windows:
        return "causeway closed all day"
    parts = [f"{start:%H:%M}-{end:%H:%M}" for start, end in windows]
    return prefix + ", ".join(parts)


def day_summary(day):
    lines = [f"{day.place} {day.events[0].when:%a %d %b}"]
    for event in day.events:
        lines.append(f"  {event.label()} {event.when:%H:%M} {event.height_m:4.1f} m")
    kind = "springs" if day.is_spring() else "neaps" if day.is_neap() else "mid-cycle"
    lines.append(f"  range {day.range_m():.1f} m ({kind})")
    lines.append("  " + format_windows(crossing_windows(day)))
    return "\n".join(lines)


def load_table(path, place=None):
    data = json.loads(Path(path).read_text())
    events = []
    for item in data["events"]:
        when = datetime.fromisoformat(item["when"])
        events.append(TideEvent(when, float(item["height"]), item["type"] == "high"))
    events.sort(key=lambda event: event.when)
    logger.debug("%d tide events in %s", len(events), path)
    return TideDay(place or data.get("place", Path(path).stem), events)

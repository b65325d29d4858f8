"""Planning sheet for a public fireworks display.

Covers the firing plan (cues against the music), the safety distances
that follow from the largest shell calibre on site, the net explosive
content held in the magazine, and the crew briefing.
"""
from __future__ import annotations

import json
import logging
import math
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import reduce
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

logger = logging.getLogger("display.plan")

METRES_PER_MM_CALIBRE = 0.75
MIN_SPECTATOR_DISTANCE_M = 25
MAX_WIND_SPEED_MPH = 25
NEC_LIMIT_KG = 2000.0
CUE_LEAD_SECONDS = 0.3
FIRING_PLAN_FILE = "firing_plan.json"


@dataclass(frozen=True)
class Product:
    code: str
    name: str
    kind: str  # shell, cake, mine, roman candle, wheel, fountain
    category: str  # F2, F3 or F4; F4 needs a professional crew
    nec_grams: float
    calibre_mm: int = 0
    duration_s: float = 1.0


@dataclass
class Cue:
    number: int
    at: timedelta
    product: Product
    quantity: int = 1
    position: str = "A"
    note: str = ""

    @property
    def fire_at(self) -> timedelta:
        return self.at - timedelta(seconds=CUE_LEAD_SECONDS)

    @property
    def ends_at(self) -> timedelta:
        return self.at + timedelta(seconds=self.product.duration_s)


@dataclass
class Display:
    title: str
    start: datetime
    site_name: str
    spectator_distance_m: float
    fallout_depth_m: float
    wind_speed_mph: float = 0.0
    wind_towards_crowd: bool = False
    cues: List[Cue] = field(default_factory=list)
    crew: List[str] = field(default_factory=list)

    def add_cue(self, at_seconds: float, product: Product, *, quantity: int = 1,
                position: str = "A", note: str = "") -> Cue:
        cue = Cue(len(self.cues) + 1, timedelta(seconds=at_seconds), product,
                  quantity=quantity, position=position, note=note)
        self.cues.append(cue)
        return cue

    @property
    def running_time(self) -> timedelta:
        if not self.cues:
            return timedelta()
        return max(c.ends_at for c in self.cues)

    def largest_calibre(self) -> int:
        return max((c.product.calibre_mm for c in self.cues), default=0)

    def categories(self) -> Counter:
        return Counter(c.product.category for c in self.cues)

    @property
    def needs_professional_crew(self) -> bool:
        return "F4" in self.categories()


def safety_distance(calibre_mm: int, *, factor: float = METRES_PER_MM_CALIBRE) -> float:
    """Minimum distance from the firing line for a shell of this calibre."""
    if calibre_mm <= 0:
        return float(MIN_SPECTATOR_DISTANCE_M)
    return max(MIN_SPECTATOR_DISTANCE_M, math.ceil(calibre_mm * factor))


def total_nec_kg(cues: Iterable[Cue]) -> float:
    grams = reduce(lambda acc, cue: acc + cue.product.nec_grams * cue.quantity, cues, 0.0)
    return round(grams / 1000, 2)


def site_problems(display: Display, max_wind: float = MAX_WIND_SPEED_MPH) -> List[str]:
    problems: List[str] = []
    required = safety_distance(display.largest_calibre())
    if display.spectator_distance_m < required:
        problems.append(
            f"crowd at {display.spectator_distance_m} m, {display.largest_calibre()} mm shells "
            f"need {required} m"
        )
    if display.fallout_depth_m < required * 0.5:
        problems.append(f"fallout zone only {display.fallout_depth_m} m deep")
    if display.wind_speed_mph > max_wind:
        problems.append(f"wind {display.wind_speed_mph} mph is over the {max_wind} mph limit")
    elif display.wind_towards_crowd and display.wind_speed_mph > max_wind / 2:
        problems.append("wind is blowing fallout towards the crowd")
    nec = total_nec_kg(display.cues)
    if nec > NEC_LIMIT_KG:
        problems.append(f"{nec} kg NEC exceeds the site licence of {NEC_LIMIT_KG} kg")
    if display.needs_professional_crew and len(display.crew) < 2:
        problems.append("F4 product on the plan but fewer than two trained crew")
    return problems


def overlapping_cues(cues: List[Cue], position: Optional[str] = None) -> List[Tuple[int, int]]:
    """Pairs of cues on the same firing position whose effects overlap."""
    chosen = [c for c in cues if position is None or c.position == position]
    chosen.sort(key=lambda c: c.at)
    pairs = []
    for i, first in enumerate(chosen):
        for second in chosen[i + 1:]:
            if second.at >= first.ends_at:
                break
            if second.position == first.position:
                pairs.append((first.number, second.number))
    return pairs


def cue_sheet(display: Display) -> List[str]:
    lines = [f"{display.title} - {display.start:%d %b %Y %H:%M}"]
    for cue in sorted(display.cues, key=lambda c: c.at):
        minutes, seconds = divmod(cue.fire_at.total_seconds(), 60)
        qty = f"{cue.quantity} x " if cue.quantity > 1 else ""
        lines.append(
            f"{cue.number:>3}  {int(minutes):02d}:{seconds:05.2f}  [{cue.position}]  "
            f"{qty}{cue.product.name}" + (f"  ({cue.note})" if cue.note else "")
        )
    lines.append(f"Running time {display.running_time}")
    return lines


def save_plan(display: Display, folder: Path, filename: str = FIRING_PLAN_FILE) -> Path:
    payload: Dict[str, object] = {
        "title": display.title,
        "start": display.start.isoformat(),
        "site": display.site_name,
        "crew": display.crew,
        "cues": [
            {
                "number": c.number,
                "at": c.at.total_seconds(),
                "product": c.product.code,
                "quantity": c.quantity,
                "position": c.position,
                "note": c.note,
            }
            for c in display.cues
        ],
    }
    path = folder / filename
    path.write_text(json.dumps(payload, indent=2))
    logger.info("saved %d cues to %s", len(display.cues), path)
    return path


def load_plan(path: Path, catalogue: Dict[str, Product], *, spectator_distance_m: float,
              fallout_depth_m: float) -> Display:
    payload = json.loads(path.read_text())
    display = Display(payload["title"], datetime.fromisoformat(payload["start"]),
                      payload.get("site", ""), spectator_distance_m, fallout_depth_m,
                      crew=list(payload.get("crew", [])))
    for raw in payload["cues"]:
        product = catalogue.get(raw["product"])
        if product is None:
            logger.warning("cue %s uses unknown product %s, skipped", raw["number"], raw["product"])
            continue
        display.add_cue(raw["at"], product, quantity=raw.get("quantity", 1),
                        position=raw.get("position", "A"), note=raw.get("note", ""))
    return display

"""Borehole drilling logs: strata, water strikes and pump sizing.

Each rig crew fills in a log per borehole as it goes down. The office
uses these to bill by depth, work out casing lengths and suggest a pump.
"""

import json
import logging
import math
import statistics
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path
from typing import Iterator, List, Optional, Tuple

log = logging.getLogger(__name__)

DRILL_RATE_PER_METRE = {"soft": 38.0, "medium": 55.0, "hard": 82.0}
CASING_PRICE_PER_METRE = 24.5
MOBILISATION_FEE = 950.0
MIN_YIELD_LITRES_PER_HOUR = 500
MAX_DEPTH_M = 150
PUMP_SIZES_KW = (0.37, 0.55, 0.75, 1.1, 1.5, 2.2, 3.0)
LOG_SUFFIX = ".borelog.json"


ROCK_HARDNESS = {
    "topsoil": "soft",
    "clay": "soft",
    "sand": "soft",
    "gravel": "medium",
    "chalk": "medium",
    "sandstone": "medium",
    "limestone": "hard",
    "granite": "hard",
}


@dataclass
class Stratum:
    top_m: float
    bottom_m: float
    rock: str
    note: str = ""

    @property
    def thickness(self) -> float:
        return round(self.bottom_m - self.top_m, 2)

    @property
    def hardness(self) -> str:
        return ROCK_HARDNESS.get(self.rock.lower(), "hard")


@dataclass
class WaterStrike:
    depth_m: float
    rest_level_m: float
    yield_lph: int


@dataclass
class BoreholeLog:
    site: str
    borehole_id: str
    started: date
    driller: str
    strata: List[Stratum] = field(default_factory=list)
    strikes: List[WaterStrike] = field(default_factory=list)
    cased_to_m: float = 0.0
    abandoned: bool = False

    @property
    def depth(self) -> float:
        return self.strata[-1].bottom_m if self.strata else 0.0

    def add_stratum(self, bottom_m: float, rock: str, note: str = "") -> Stratum:
        top = self.depth
        if bottom_m <= top:
            raise ValueError(f"stratum bottom {bottom_m} m is above current depth {top} m")
        if bottom_m > MAX_DEPTH_M:
            raise ValueError(f"rig limit is {MAX_DEPTH_M} m")
        stratum = Stratum(top, bottom_m, rock, note)
        self.strata.append(stratum)
        return stratum

    def record_strike(self, rest_level_m: float, yield_lph: int) -> WaterStrike:
        strike = WaterStrike(self.depth, rest_level_m, yield_lph)
        self.strikes.append(strike)
        log.info("%s: water at %.1f m, %d l/h", self.borehole_id, strike.depth_m, yield_lph)
        return strike

    def total_yield(self) -> int:
        return sum(strike.yield_lph for strike in self.strikes)

    def is_productive(self) -> bool:
        return not self.abandoned and self.total_yield() >= MIN_YIELD_LITRES_PER_HOUR

    def metres_by_hardness(self) -> dict:
        metres = {hardness: 0.0 for hardness in DRILL_RATE_PER_METRE}
        for stratum in self.strata:
            metres[stratum.hardness] += stratum.thickness
        return metres

    def iter_depth_bands(self, band_m: float = 10.0) -> Iterator[Tuple[float, List[str]]]:
        top = 0.0
        while top < self.depth:
            bottom = top + band_m
            rocks = [s.rock for s in self.strata if s.top_m < bottom and s.bottom_m > top]
            yield top, rocks
            top = bottom


def drilling_cost(borehole: BoreholeLog, *, include_mobilisation: bool = True) -> float:
    cost = MOBILISATION_FEE if include_mobilisation else 0.0
    for hardness, metres in borehole.metres_by_hardness().items():
        cost += metres * DRILL_RATE_PER_METRE[hardness]
    cost += borehole.cased_to_m * CASING_PRICE_PER_METRE
    return round(cost, 2)


def suggest_casing_depth(borehole: BoreholeLog, margin_m: float = 2.0) -> float:
    """Case through all soft ground plus a margin into the first firm layer."""
    soft_bottom = 0.0
    for stratum in borehole.strata:
        if stratum.hardness == "soft":
            soft_bottom = stratum.bottom_m
        else:
            break
    return min(soft_bottom + margin_m, borehole.depth)


def pump_power_kw(head_m: float, flow_lph: int, efficiency: float = 0.45) -> float:
    gravity = 9.81
    flow_m3s = flow_lph / 1000 / 3600
    return gravity * 1000 * flow_m3s * head_m / efficiency / 1000


def suggest_pump(borehole: BoreholeLog, delivery_head_m: float = 15.0) -> Optional[float]:
    if not borehole.is_productive():
        return None
    deepest_rest = max(strike.rest_level_m for strike in borehole.strikes)
    drawdown = statistics.mean(s.depth_m - s.rest_level_m for s in borehole.strikes) * 0.3
    head = deepest_rest + drawdown + delivery_head_m
    needed = pump_power_kw(head, borehole.total_yield())
    for size in PUMP_SIZES_KW:
        if size >= needed:
            return size
    log.warning("%s needs %.2f kW, larger than any stocked pump", borehole.borehole_id, needed)
    return math.ceil(needed * 10) / 10


def save_log(borehole: BoreholeLog, folder: Path) -> Path:
    path = folder / f"{borehole.borehole_id}{LOG_SUFFIX}"
    payload = asdict(borehole)
    payload["started"] = borehole.started.isoformat()
    path.write_text(json.dumps(payload, indent=2))
    return path


def load_log(path: Path) -> BoreholeLog:
    raw = json.loads(path.read_text())
    borehole = BoreholeLog(
        site=raw["site"],
        borehole_id=raw["borehole_id"],
        started=date.fromisoformat(raw["started"]),
        driller=raw["driller"],
        cased_to_m=raw.get("cased_to_m", 0.0),
        abandoned=raw.get("abandoned", False),
    )
    borehole.strata = [Stratum(**s) for s in raw.get("strata", [])]
    borehole.strikes = [WaterStrike(**w) for w in raw.get("strikes", [])]
    return borehole


def strata_summary(borehole: BoreholeLog) -> str:
    """Plain text log in the layout the client's report uses."""
    lines = [f"Borehole {borehole.borehole_id} at {borehole.site}",
             f"Drilled by {borehole.driller}, started {borehole.started:%d/%m/%Y}"]
    for stratum in borehole.strata:
        row = f"{stratum.top_m:6.1f} - {stratum.bottom_m:6.1f} m  {stratum.rock:<12}"
        lines.append(f"{row} {stratum.note}".rstrip())
    for strike in borehole.strikes:
        lines.append(f"Water struck at {strike.depth_m:.1f} m, rest level {strike.rest_level_m:.1f} m, "
                     f"{strike.yield_lph} l/h")
    lines.append(f"Cased to {borehole.cased_to_m:.1f} m; total depth {borehole.depth:.1f} m")
    return "\n".join(lines)

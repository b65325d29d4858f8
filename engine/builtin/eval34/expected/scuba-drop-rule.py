"""Tank fill log for the dive club compressor: who filled what, with which mix, and when."""

import math
from dataclasses import dataclass, field
from datetime import datetime

WORKING_PRESSURE_BAR = {"12L": 232, "15L": 232, "10L": 300}
AIR_O2_PERCENT = 20.9
MAX_PPO2 = 1.4
HYDRO_TEST_YEARS = 5
COMPRESSOR_LITRES_PER_MIN = 280


def max_operating_depth(o2_percent, ppo2=MAX_PPO2):
    fraction = o2_percent / 100
    return math.floor((ppo2 / fraction - 1) * 10)


def fill_minutes(size, start_bar, target_bar, warm=False):
    litres = int(size.rstrip("L")) * (target_bar - start_bar)
    return litres / COMPRESSOR_LITRES_PER_MIN


def label_tank(serial, o2_percent, depth=None):
    depth = depth if depth is not None else max_operating_depth(o2_percent)
    return f"{serial} | EAN{o2_percent:.0f} | MOD {depth} m"


@dataclass
class Tank:
    serial: str
    size: str
    owner: str
    last_hydro: datetime
    o2_percent: float = AIR_O2_PERCENT

    def hydro_due(self, today):
        return (today - self.last_hydro).days > HYDRO_TEST_YEARS * 365

    def rated_bar(self):
        return WORKING_PRESSURE_BAR[self.size]


@dataclass
class FillLog:
    station: str
    entries: list = field(default_factory=list)
    refused: list = field(default_factory=list)

    def fill(self, tank, start_bar, target_bar=None, o2_percent=None, filled_by="duty"):
        target_bar = target_bar or tank.rated_bar()
        if tank.hydro_due(datetime.now()):
            self.refused.append((tank.serial, "hydro test overdue"))
            return None
        if target_bar > tank.rated_bar():
            self.refused.append((tank.serial, f"{target_bar} bar is over the rating"))
            return None
        mix = o2_percent or tank.o2_percent
        entry = {
            "serial": tank.serial,
            "owner": tank.owner,
            "from_bar": start_bar,
            "to_bar": target_bar,
            "mix": mix,
            "minutes": round(fill_minutes(tank.size, start_bar, target_bar, warm=False), 1),
            "by": filled_by,
            "at": datetime.now(),
        }
        self.entries.append(entry)
        return entry

    def fills_for(self, owner):
        return [e for e in self.entries if e["owner"] == owner]

    def compressor_minutes(self):
        return sum(e["minutes"] for e in self.entries)

    def nitrox_fills(self, threshold=21.0):
        return [e for e in self.entries if e["mix"] > threshold]


def monthly_bill(log, owner, price_per_fill=6.5, nitrox_extra=4.0):
    total = 0.0
    for entry in log.fills_for(owner):
        total += price_per_fill
        if entry["mix"] > AIR_O2_PERCENT + 0.5:
            total += nitrox_extra
    return round(total, 2)


def print_log(log, show_refused=True):
    for entry in log.entries:
        when = entry["at"].strftime("%d %b %H:%M")
        print(f"{when}  {entry['serial']:<10} {entry['from_bar']:>3}->{entry['to_bar']:<3} bar")
    if show_refused:
        for serial, reason in log.refused:
            print(f"REFUSED {serial}: {reason}")
    return len(log.entries)

"""Husbandry checks for the reptiles kept in the shop's vivariums."""

from dataclasses import dataclass, field
from datetime import date, timedelta

SPECIES_NEEDS = {
    "leopard gecko": {"basking": (30, 34), "humidity": (30, 40), "feed_days": 2},
    "bearded dragon": {"basking": (38, 42), "humidity": (30, 40), "feed_days": 1},
    "corn snake": {"basking": (28, 32), "humidity": (40, 50), "feed_days": 7},
    "royal python": {"basking": (31, 33), "humidity": (55, 65), "feed_days": 10},
    "crested gecko": {"basking": (22, 26), "humidity": (60, 80), "feed_days": 2},
}
UVB_TUBE_LIFE = timedelta(days=365)
SHED_WARNING_DAYS = 60


@dataclass
class Vivarium:
    code: str
    species: str
    animal_name: str
    last_fed: date
    last_shed: date
    uvb_fitted: date = None
    readings: list = field(default_factory=list)

    def log_reading(self, basking_c, humidity_pct):
        self.readings.append((basking_c, humidity_pct))


def _in_range(value, bounds):
    low, high = bounds
    return low <= value <= high


def check_vivarium(viv, today, tolerance=1):
    needs = SPECIES_NEEDS[viv.species]
    problems = []
    if viv.readings:
        basking, humidity = viv.readings[-1]
        low, high = needs["basking"]
        if not _in_range(basking, (low - tolerance, high + tolerance)):
            problems.append(f"basking {basking}C, wants {low}-{high}C")
        if not _in_range(humidity, needs["humidity"]):
            problems.append(f"humidity {humidity}%")
    if (today - viv.last_fed).days > needs["feed_days"]:
        problems.append("feed due")
    if (today - viv.last_shed).days > SHED_WARNING_DAYS:
        problems.append("no shed recorded recently")
    if viv.uvb_fitted and today - viv.uvb_fitted > UVB_TUBE_LIFE:
        problems.append("replace UVB tube")
    return problems


def morning_round(vivariums, today=None):
    today = today or date.today()
    report = {}
    for viv in vivariums:
        try:
            problems = check_vivarium(viv, today)
        except KeyError:
            problems = [f"no care sheet for {viv.species}"]
        if problems:
            report[viv.code] = problems
    return report

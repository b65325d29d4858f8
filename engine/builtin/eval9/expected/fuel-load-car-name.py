"""A car's fuel log: fill-ups read from CSV, consumption per 100 km, cost per km, spending by month."""

import csv
import logging
import statistics
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

logger = logging.getLogger(__name__)

LITRES_PER_GALLON = 3.785
KM_PER_MILE = 1.609
TANK_LITRES = 50.0
OUTLIER_FACTOR = 1.5
DATE_FORMAT = "%Y-%m-%d"


@dataclass
class FillUp:
    day: date
    odometer: int
    litres: float
    price_per_litre: float
    full: bool = True

    @property
    def cost(self):
        return round(self.litres * self.price_per_litre, 2)


class FuelLog:
    def __init__(self, vehicle, tank_litres=TANK_LITRES):
        self.vehicle = vehicle
        self.tank_litres = tank_litres
        self.fills: list[FillUp] = []

    def add(self, fill):
        if self.fills and fill.odometer <= self.fills[-1].odometer:
            raise ValueError(f"odometer went backwards on {fill.day}")
        if fill.litres > self.tank_litres * 1.1:
            logger.warning("%.1f litres is more than the tank holds", fill.litres)
        self.fills.append(fill)

    def legs(self):
        """(km, litres) between full fill-ups; a partial fill counts towards the next full one."""
        legs = []
        last_full = None
        pending = 0.0
        for fill in self.fills:
            pending += fill.litres
            if not fill.full:
                continue
            if last_full is not None:
                legs.append((fill.odometer - last_full.odometer, pending))
            last_full = fill
            pending = 0.0
        return legs

    def consumption(self, precision=2):
        legs = self.legs()
        distance = sum(km for km, _ in legs)
        litres = sum(used for _, used in legs)
        if not distance:
            return None
        return round(litres / distance * 100, precision)

    def cost_per_km(self):
        if len(self.fills) < 2:
            return None
        distance = self.fills[-1].odometer - self.fills[0].odometer
        spent = sum(fill.cost for fill in self.fills[1:])
        return round(spent / distance, 3)

    def outliers(self, factor=OUTLIER_FACTOR):
        rates = [litres / km * 100 for km, litres in self.legs() if km]
        if len(rates) < 3:
            return []
        middle = statistics.median(rates)
        return [rate for rate in rates if rate > middle * factor or rate < middle / factor]


def to_mpg(litres_per_100km):
    """US miles per gallon for a consumption in litres per 100 km."""
    if not litres_per_100km:
        return None
    return round(100 / litres_per_100km * LITRES_PER_GALLON / KM_PER_MILE, 1)


def parse_row(row, date_format=DATE_FORMAT):
    return FillUp(
        day=datetime.strptime(row["date"], date_format).date(),
        odometer=int(row["odometer"]),
        litres=float(row["litres"]),
        price_per_litre=float(row["price_per_litre"]),
        full=row.get("full", "yes").strip().lower() in ("yes", "y", "1", "true"),
    )


def load_log(path, car_name="car", delimiter=","):
    log = FuelLog(car_name)
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            log.add(parse_row(row))
    logger.info("read %d fill-ups for %s", len(log.fills), car_name)
    return log


def monthly_spend(log):
    months = {}
    for fill in log.fills:
        key = fill.day.strftime("%Y-%m")
        months[key] = round(months.get(key, 0.0) + fill.cost, 2)
    return months


def export_summary(log, path):
    with Path(path).open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["month", "spent"])
        for month, spent in sorted(monthly_spend(log).items()):
            writer.writerow([month, f"{spent:.2f}"])


def report(log):
    lines = [f"Fuel log for {log.vehicle}: {len(log.fills)} fill-ups"]
    per_100 = log.consumption()
    if per_100 is not None:
        lines.append(f"average {per_100} l/100km ({to_mpg(per_100)} mpg)")
    per_km = log.cost_per_km()
    if per_km is not None:
        lines.append(f"cost {per_km} per km")
    lines.extend(f"unusual leg: {rate:.1f} l/100km" for rate in log.outliers())
    return "\n".join(lines)

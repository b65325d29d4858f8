"""Visit bookings and sweeping certificates for a chimney sweep's round."""

import csv
from collections import defaultdict
from datetime import date, timedelta

BASE_CALLOUT_FEE = 45.00
PRICE_PER_FLUE = 30.00
SOOT_DEPTH_WARNING_MM = 3
SWEEP_INTERVAL_DAYS = 365
FUEL_INTERVALS = {"wood": 180, "coal": 365, "oil": 365, "gas": 730}
CERTIFICATE_HEADER = "Certificate of Chimney Sweeping"


def next_due(last_swept, fuel="wood"):
    days = FUEL_INTERVALS.get(fuel, SWEEP_INTERVAL_DAYS)
    return last_swept + timedelta(days=days)


def quote_price(flues, has_cowl=False, travel_miles=0, mileage_rate=0.45):
    price = BASE_CALLOUT_FEE + PRICE_PER_FLUE * flues
    if has_cowl:
        price += 12.50
    price += travel_miles * mileage_rate
    return round(price, 2)


def soot_verdict(depth_mm, creosote_stage=1, notes=None):
    if creosote_stage >= 3:
        return "stage 3 glaze: advise chemical treatment"
    if depth_mm > SOOT_DEPTH_WARNING_MM:
        return "heavy deposit: sweep more often"
    return "satisfactory"


class Visit:
    def __init__(self, address, visit_date, flues=1, fuel="wood"):
        self.address = address
        self.visit_date = visit_date
        self.flues = flues
        self.fuel = fuel
        self.soot_depths = []
        self.smoke_test_passed = None

    def log_flue(self, depth_mm):
        self.soot_depths.append(depth_mm)

    def record_smoke_test(self, passed):
        self.smoke_test_passed = bool(passed)

    def worst_depth(self):
        return max(self.soot_depths, default=0)

    def invoice_total(self, travel_miles=0, has_cowl=False):
        return quote_price(self.flues, has_cowl=has_cowl, travel_miles=travel_miles)

    def certificate(self, sweep_name, creosote_stage=1):
        verdict = soot_verdict(self.worst_depth(), creosote_stage=creosote_stage, notes=None)
        lines = [
            CERTIFICATE_HEADER,
            f"Address: {self.address}",
            f"Date: {self.visit_date.isoformat()}",
            f"Flues swept: {self.flues}",
            f"Condition: {verdict}",
            f"Next sweep due: {next_due(self.visit_date, self.fuel).isoformat()}",
            f"Swept by: {sweep_name}",
        ]
        if self.smoke_test_passed is not None:
            outcome = "pass" if self.smoke_test_passed else "fail"
            lines.append(f"Smoke test: {outcome}")
        return "\n".join(lines)


class Round:
    def __init__(self, sweep_name, home_town="Hebden Bridge"):
        self.sweep_name = sweep_name
        self.home_town = home_town
        self.visits = []

    def book(self, address, visit_date, flues=1, fuel="wood"):
        visit = Visit(address, visit_date, flues=flues, fuel=fuel)
        self.visits.append(visit)
        return visit

    def due_within(self, today=None, days=30):
        today = today or date.today()
        horizon = today + timedelta(days=days)
        upcoming = []
        for visit in self.visits:
            due = next_due(visit.visit_date, visit.fuel)
            if due <= horizon:
                upcoming.append((due, visit.address))
        upcoming.sort()
        return upcoming

    def takings_by_month(self):
        totals = defaultdict(float)
        for visit in self.visits:
            key = visit.visit_date.strftime("%Y-%m")
            totals[key] += visit.invoice_total()
        return dict(totals)

    def export_csv(self, path):
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["address", "date", "flues", "fuel", "worst_soot_mm"])
            for visit in self.visits:
                row = [visit.address, visit.visit_date.isoformat(), visit.flues, visit.fuel]
                writer.writerow(row + [visit.worst_depth()])

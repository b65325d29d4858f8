"""Planning and costing for tapestry restoration jobs."""

from dataclasses import dataclass, field
from datetime import date, timedelta

HOURLY_RATE = 48.0
MAX_PANEL_WIDTH_CM = 180
HUMIDITY_LIMIT = 55
WOOL_GRADES = ("crewel", "tapestry", "persian")


@dataclass
class DamageArea:
    label: str
    width_cm: float
    height_cm: float
    severity: int = 1

    def area(self):
        return self.width_cm * self.height_cm


@dataclass
class Tapestry:
    title: str
    century: int
    width_cm: float
    height_cm: float
    damage: list = field(default_factory=list)

    def panel_count(self):
        panels = int(self.width_cm // MAX_PANEL_WIDTH_CM)
        if self.width_cm % MAX_PANEL_WIDTH_CM:
            panels += 1
        return panels


def damaged_fraction(tapestry):
    total = tapestry.width_cm * tapestry.height_cm
    if total == 0:
        return 0.0
    damaged = sum(d.area() for d in tapestry.damage)
    return min(damaged / total, 1.0)


def estimate_hours(tapestry, rush=False):
    hours = 0.0
    for spot in tapestry.damage:
        hours += spot.area() / 25 * spot.severity
    if tapestry.century < 17:
        hours *= 1.4
    if rush:
        hours *= 1.25
    return round(hours, 1)


class RestorationJob:
    def __init__(self, tapestry, conservator, start=None):
        self.tapestry = tapestry
        self.conservator = conservator
        self.start = start or date.today()
        self.notes = []
        self.humidity_log = []

    def log_humidity(self, reading):
        self.humidity_log.append(reading)
        if reading > HUMIDITY_LIMIT:
            self.notes.append("humidity too high: %d%%" % reading)

    def mean_humidity(self):
        if not self.humidity_log:
            return None
        return sum(self.humidity_log) / len(self.humidity_log)

    def cost(self, rush=False):
        hours = estimate_hours(self.tapestry, rush=rush)
        return round(hours * HOURLY_RATE, 2)

    def finish_date(self, hours_per_day=6):
        hours = estimate_hours(self.tapestry)
        days = int(hours // hours_per_day) + 1
        return self.start + timedelta(days=days)

    def summary(self):
        lines = [
            "Tapestry: " + self.tapestry.title,
            "Conservator: " + self.conservator,
            "Panels: %d" % self.tapestry.panel_count(),
            "Damaged: %.0f%%" % (damaged_fraction(self.tapestry) * 100),
            "Cost: %.2f" % self.cost(),
            "Finish: " + self.finish_date().isoformat(),
        ]
        avg = self.mean_humidity()
        if avg is not None:
            lines.append("Avg humidity: %.1f" % avg)
        return "\n".join(lines + self.notes)


def choose_wool(severity, century):
    if century < 16:
        return WOOL_GRADES[0]
    if severity >= 3:
        return WOOL_GRADES[2]
    return WOOL_GRADES[1]


def plan_jobs(tapestries, conservator):
    jobs = []
    for piece in tapestries:
        if damaged_fraction(piece) > 0.6:
            continue
        jobs.append(RestorationJob(piece, conservator))
    jobs.sort(key=lambda job: job.cost(), reverse=True)
    return jobs

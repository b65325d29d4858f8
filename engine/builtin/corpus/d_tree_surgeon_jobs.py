"""Quoting and paperwork for a tree surgeon's jobs."""
import datetime
import math

DAY_RATE_CLIMBER = 280.0
DAY_RATE_GROUNDSMAN = 160.0
CHIPPER_DAY_HIRE = 95.0
TIP_FEE_PER_TONNE = 42.0
NESTING_SEASON = (3, 8)
PROTECTED_SPECIES = ("yew", "oak", "beech")


class TreeJob:
    def __init__(self, client, species, height_m, girth_cm, near_building=False, tpo=False):
        self.client = client
        self.species = species.lower()
        self.height_m = height_m
        self.girth_cm = girth_cm
        self.near_building = near_building
        self.tpo = tpo

    @property
    def days(self):
        return crew_days(self.height_m, self.girth_cm, near_building=self.near_building)

    def price(self, remove_waste=True):
        result = quote(self.height_m, self.girth_cm, self.species,
                       near_building=self.near_building, remove_waste=remove_waste, tpo=self.tpo)
        return result["total"]


def crew_days(height_m, girth_cm, near_building=False):
    """Rough working days for one climber and one groundsman."""
    days = 0.25 + height_m / 20 + girth_cm / 400
    if near_building:
        days *= 1.5
    return math.ceil(days * 2) / 2


def arisings_tonnes(height_m, girth_cm, species="oak"):
    density = 0.75 if species in PROTECTED_SPECIES else 0.55
    radius_m = girth_cm / (2 * math.pi) / 100
    volume = math.pi * radius_m ** 2 * height_m * 0.45
    return round(volume * density, 2)


def quote(height_m, girth_cm, species="oak", *, near_building=False, remove_waste=True,
          tpo=False):
    days = crew_days(height_m, girth_cm, near_building=near_building)
    labour = days * (DAY_RATE_CLIMBER + DAY_RATE_GROUNDSMAN)
    plant = math.ceil(days) * CHIPPER_DAY_HIRE
    waste = 0.0
    if remove_waste:
        waste = arisings_tonnes(height_m, girth_cm, species) * TIP_FEE_PER_TONNE
    notes = []
    if tpo:
        notes.append("Tree Preservation Order: council consent needed before work")
    if species.lower() in PROTECTED_SPECIES:
        notes.append(f"{species.title()} - check for bats before felling")
    return {"days": days, "total": round(labour + plant + waste, 2), "notes": notes}


def nesting_warning(work_date: datetime.date) -> str:
    first, last = NESTING_SEASON
    if first <= work_date.month <= last:
        return "Bird nesting season: inspect for active nests before starting"
    return ""


def schedule(jobs, start: datetime.date, skip_weekends=True):
    """Lay jobs end to end from a start date, half days allowed."""
    plan = []
    day = start
    used = 0.0
    for job in jobs:
        name, days = job.client, job.days
        remaining = days
        while remaining > 0:
            if skip_weekends and day.weekday() >= 5:
                day += datetime.timedelta(days=1)
                continue
            chunk = min(remaining, 1 - used)
            plan.append((day, name, chunk))
            remaining -= chunk
            used += chunk
            if used >= 1:
                day += datetime.timedelta(days=1)
                used = 0.0
    return plan

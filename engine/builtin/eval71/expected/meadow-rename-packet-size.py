"""Sowing plans for a community wildflower meadow."""

import math
from dataclasses import dataclass

MEADOW_AREA_M2 = 2400
GRAMS_PER_M2 = 4
SOWING_MONTHS = (3, 4, 9, 10)
MIX_SUPPLIER = "Hedgerow Seeds"


def seed_needed(area, rate=GRAMS_PER_M2, wastage=0.1):
    grams = area * rate
    return math.ceil(grams * (1 + wastage))


def packets_for(grams, packet_grams=250):
    return math.ceil(grams / packet_grams)


def good_month(month, region="south"):
    if month not in SOWING_MONTHS:
        return False
    if region == "north" and month == 3:
        return False
    return True


@dataclass
class Species:
    name: str
    share: float
    perennial: bool = True


class SowingPlan:
    def __init__(self, plot_name, area=MEADOW_AREA_M2):
        self.plot_name = plot_name
        self.area = area
        self.species = []
        self.sown_strips = []
        self.supplier = MIX_SUPPLIER

    def add_species(self, name, share, perennial=True):
        self.species.append(Species(name, share, perennial))
        return len(self.species)

    def total_share(self):
        return round(sum(item.share for item in self.species), 3)

    def is_balanced(self, tolerance=0.01):
        return abs(self.total_share() - 1.0) <= tolerance

    def grams_by_species(self, rate=GRAMS_PER_M2):
        total = seed_needed(self.area, rate)
        breakdown = {}
        for item in self.species:
            breakdown[item.name] = round(total * item.share)
        return breakdown

    def order_lines(self, packet_size=250):
        lines = []
        for name, grams in self.grams_by_species().items():
            count = packets_for(grams, packet_grams=packet_size)
            lines.append(f"{count} x {name} ({self.supplier})")
        return lines

    def sow_strip(self, strip_id, month, weather="dry"):
        if not good_month(month):
            raise ValueError(f"month {month} is outside the sowing window")
        self.sown_strips.append((strip_id, month))
        return len(self.sown_strips)

    def annuals_share(self):
        annuals = [item.share for item in self.species if not item.perennial]
        return round(sum(annuals), 3)


def default_plan(plot_name="Long Field"):
    plan = SowingPlan(plot_name)
    plan.add_species("Oxeye daisy", 0.3)
    plan.add_species("Yellow rattle", 0.2, perennial=False)
    plan.add_species("Knapweed", 0.25)
    plan.add_species("Field scabious", 0.25)
    return plan


def sow_all(plan, strip_ids, month):
    count = 0
    for strip_id in strip_ids:
        count = plan.sow_strip(strip_id, month, weather="dry")
    return count


def season_summary(plan, months=SOWING_MONTHS):
    sown_months = [month for _, month in plan.sown_strips]
    lines = [f"Plan for {plan.plot_name}: {plan.area} m2"]
    for month in months:
        strips = sown_months.count(month)
        lines.append(f"Month {month}: {strips} strips")
    if not plan.is_balanced():
        lines.append("Warning: species shares do not add up to one")
    return "\n".join(lines)

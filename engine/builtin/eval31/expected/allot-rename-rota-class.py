"""Share the watering of allotment plots among members while some of them are on holiday."""

import itertools
from datetime import date, timedelta

WATER_BUTT_LITRES = 200
LITRES_PER_SQUARE_METRE = 5
DRY_SPELL_DAYS = 3
RAIN_SKIP_MM = 4.0
ROTA_TITLE = "Watering rota"


def litres_needed(area_m2, thirsty=False):
    litres = area_m2 * LITRES_PER_SQUARE_METRE
    if thirsty:
        litres *= 1.5
    return round(litres)


def needs_watering(rain_mm_by_day, day):
    dry_days = 0
    for offset in range(1, DRY_SPELL_DAYS + 1):
        if rain_mm_by_day.get(day - timedelta(days=offset), 0.0) < RAIN_SKIP_MM:
            dry_days += 1
    return rain_mm_by_day.get(day, 0.0) < RAIN_SKIP_MM and dry_days >= DRY_SPELL_DAYS - 1


def butts_required(total_litres, butt_size=WATER_BUTT_LITRES):
    full, rest = divmod(total_litres, butt_size)
    return full + (1 if rest else 0)


class Plot:
    def __init__(self, number, holder, area_m2, crops=()):
        self.number = number
        self.holder = holder
        self.area_m2 = area_m2
        self.crops = list(crops)

    def is_thirsty(self):
        return any(crop in ("tomatoes", "courgettes", "beans") for crop in self.crops)

    def daily_litres(self):
        return litres_needed(self.area_m2, thirsty=self.is_thirsty())


class WateringSchedule:
    def __init__(self, plots, members):
        self.plots = {plot.number: plot for plot in plots}
        self.members = list(members)
        self.away = {}
        self.assignments = {}

    def mark_away(self, member, first_day, last_day):
        self.away.setdefault(member, []).append((first_day, last_day))

    def is_available(self, member, day):
        for first_day, last_day in self.away.get(member, []):
            if first_day <= day <= last_day:
                return False
        return True

    def available_members(self, day):
        return [m for m in self.members if self.is_available(m, day)]

    def build(self, start, days, rain_mm_by_day):
        cycle = itertools.cycle(self.members)
        for offset in range(days):
            day = start + timedelta(days=offset)
            if not needs_watering(rain_mm_by_day, day):
                continue
            helpers = self.available_members(day)
            if not helpers:
                self.assignments[day] = None
                continue
            member = next(cycle)
            while member not in helpers:
                member = next(cycle)
            self.assignments[day] = member
        return self.assignments

    def daily_total(self):
        return sum(plot.daily_litres() for plot in self.plots.values())

    def duties_for(self, member):
        return sorted(day for day, who in self.assignments.items() if who == member)

    def render(self):
        total = self.daily_total()
        lines = [ROTA_TITLE, "%d litres a day, %d butts" % (total, butts_required(total))]
        for day in sorted(self.assignments):
            who = self.assignments[day] or "NOBODY - ask the committee"
            lines.append("%s  %s" % (day.strftime("%a %d %b"), who))
        return "\n".join(lines)


def rota_for_fortnight(plots, members, rain_mm_by_day, start=None):
    start = start or date.today()
    rota = WateringSchedule(plots, members)
    rota.build(start, 14, rain_mm_by_day)
    return rota.render()

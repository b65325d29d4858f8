"""Rock pool survey: quadrat counts per pool, per visit, and the season's summary."""

import logging
import statistics
from collections import defaultdict
from datetime import date

log = logging.getLogger(__name__)

QUADRAT_AREA_M2 = 0.25
LOW_TIDE_WINDOW_MIN = 90
INDICATOR_SPECIES = ("beadlet anemone", "shore crab", "common limpet", "edible periwinkle")
ZONES = ("upper", "middle", "lower")
MIN_QUADRATS = 3


class PoolVisit:
    """Counts from one pool on one low tide."""

    def __init__(self, pool_id, zone, visited_on, surveyor="volunteer"):
        if zone not in ZONES:
            raise ValueError(f"unknown shore zone {zone!r}")
        self.pool_id = pool_id
        self.zone = zone
        self.visited_on = visited_on
        self.surveyor = surveyor
        self.quadrats = []
        self.water_temp_c = None

    def add_quadrat(self, counts):
        cleaned = {species.lower(): n for species, n in counts.items() if n > 0}
        self.quadrats.append(cleaned)
        return len(self.quadrats)

    def totals(self):
        summed = defaultdict(int)
        for quadrat in self.quadrats:
            for species, n in quadrat.items():
                summed[species] += n
        return dict(summed)

    def density(self, species):
        if not self.quadrats:
            return 0.0
        area = len(self.quadrats) * QUADRAT_AREA_M2
        return self.totals().get(species, 0) / area


class SurveySeason:
    """All visits for one season on one stretch of shore."""

    def __init__(self, shore_name, year):
        self.shore_name = shore_name
        self.year = year
        self.visits = []

    def record(self, visit):
        if len(visit.quadrats) < MIN_QUADRATS:
            log.warning("pool %s has only %d quadrats", visit.pool_id, len(visit.quadrats))
        self.visits.append(visit)

    def visits_for(self, pool_id):
        return [v for v in self.visits if v.pool_id == pool_id]

    def pools(self):
        return sorted({v.pool_id for v in self.visits})


def richness(visit, threshold=1):
    return sum(1 for n in visit.totals().values() if n >= threshold)


def indicator_densities(visit, species_list=INDICATOR_SPECIES):
    return {species: round(visit.density(species), 2) for species in species_list}


def zone_means(season, species):
    by_zone = defaultdict(list)
    for visit in season.visits:
        by_zone[visit.zone].append(visit.density(species))
    return {zone: sum(values) / len(values) for zone, values in by_zone.items()}


def in_tide_window(visit_minutes, low_tide_minutes, window=LOW_TIDE_WINDOW_MIN):
    return abs(visit_minutes - low_tide_minutes) <= window


def season_table(season, species_list=INDICATOR_SPECIES, sep="\t"):
    header = sep.join(["pool", "zone", "date", "richness"] + list(species_list))
    rows = [header]
    for visit in sorted(season.visits, key=lambda v: (v.pool_id, v.visited_on)):
        densities = indicator_densities(visit, species_list)
        cells = [visit.pool_id, visit.zone, visit.visited_on.isoformat(), str(richness(visit))]
        cells += [f"{densities[s]:.2f}" for s in species_list]
        rows.append(sep.join(cells))
    return "\n".join(rows)


def late_visits(season, cutoff=None):
    if cutoff is None:
        cutoff = date(season.year, 9, 1)
    return [v for v in season.visits if v.visited_on >= cutoff]

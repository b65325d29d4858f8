"""Launch log and crew availability for an inshore and all-weather lifeboat station."""

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

STATION_NAME = "Cromer"
PAGER_RESPONSE_MINUTES = 10
MIN_CREW = {"all-weather": 6, "inshore": 3}
SERVICE_TYPES = ("person in water", "vessel aground", "medical", "search", "animal")
SEA_STATE_LIMITS = {"all-weather": 9, "inshore": 5}

log = logging.getLogger(__name__)


@dataclass
class CrewMember:
    name: str
    role: str
    pager: str
    helm_qualified: bool = False
    on_leave: bool = False


def crew_available(crew, boat_class="all-weather", shift=None):
    ready = [member for member in crew if not member.on_leave]
    has_helm = any(member.helm_qualified for member in ready)
    return has_helm and len(ready) >= MIN_CREW[boat_class]


def can_launch(boat_class: str, sea_state: int, crew: list[CrewMember], override: bool = False) -> bool:
    if sea_state > SEA_STATE_LIMITS[boat_class] and not override:
        log.warning("sea state %s exceeds limit for %s", sea_state, boat_class)
        return False
    return crew_available(crew, boat_class, shift="day")


def response_minutes(paged_at, launched_at):
    return (launched_at - paged_at).total_seconds() / 60


class Launch:
    def __init__(self, boat_class, service, paged_at, crew_names):
        if service not in SERVICE_TYPES:
            raise ValueError(f"unknown service type: {service}")
        self.boat_class = boat_class
        self.service = service
        self.paged_at = paged_at
        self.crew_names = list(crew_names)
        self.launched_at = None
        self.returned_at = None
        self.persons_aided = 0

    def launch(self, when=None):
        self.launched_at = when or datetime.now()
        return response_minutes(self.paged_at, self.launched_at)

    def recover(self, when=None, persons_aided=0):
        self.returned_at = when or datetime.now()
        self.persons_aided = persons_aided

    def duration(self):
        if self.launched_at is None or self.returned_at is None:
            return timedelta(0)
        return self.returned_at - self.launched_at

    def was_prompt(self, limit=PAGER_RESPONSE_MINUTES):
        if self.launched_at is None:
            return False
        return response_minutes(self.paged_at, self.launched_at) <= limit


class LaunchLog:
    def __init__(self, station=STATION_NAME):
        self.station = station
        self.launches = []

    def open_launch(self, boat_class, service, paged_at, crew, sea_state=3, override=False):
        if not can_launch(boat_class, sea_state, crew, override=override):
            return None
        names = [member.name for member in crew if not member.on_leave]
        launch = Launch(boat_class, service, paged_at, names)
        self.launches.append(launch)
        log.info("%s: %s launch for %s", self.station, boat_class, service)
        return launch

    def yearly_summary(self, year):
        launches = [item for item in self.launches if item.paged_at.year == year]
        aided = sum(item.persons_aided for item in launches)
        prompt = sum(1 for item in launches if item.was_prompt())
        hours = sum(item.duration().total_seconds() for item in launches) / 3600
        return {
            "station": self.station,
            "year": year,
            "launches": len(launches),
            "persons_aided": aided,
            "prompt_launches": prompt,
            "sea_hours": round(hours, 1),
        }

    def crew_turnouts(self):
        counts = {}
        for launch in self.launches:
            for name in launch.crew_names:
                counts[name] = counts.get(name, 0) + 1
        return sorted(counts.items(), key=lambda pair: pair[1], reverse=True)

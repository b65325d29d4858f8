"""Race records and training tosses for a pigeon-racing loft."""

import math
from dataclasses import dataclass, field
from datetime import date, datetime

LOFT_LATITUDE = 52.4862
LOFT_LONGITUDE = -1.8904
EARTH_RADIUS_KM = 6371.0
TOSSES_BEFORE_RACING = 5
RING_PREFIX = "GB"


def haversine_km(lat1, lon1, lat2, lon2):
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    dphi = math.radians(lat2 - lat1)
    dlambda = math.radians(lon2 - lon1)
    a = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlambda / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(a))


def velocity_ypm(distance_km, liberated, clocked):
    flying_minutes = (clocked - liberated).total_seconds() / 60
    if flying_minutes <= 0:
        raise ValueError("clock time must follow liberation")
    yards = distance_km * 1093.61
    return yards / flying_minutes


def format_ring(year, number, prefix=RING_PREFIX):
    return f"{prefix}{year % 100:02d}N{number:05d}"


def parse_clock_time(text, race_day, fmt="%H:%M:%S"):
    clock = datetime.strptime(text.strip(), fmt).time()
    return datetime.combine(race_day, clock)


@dataclass
class Bird:
    ring: str
    name: str
    hatched: date
    colour: str = "blue bar"
    tosses: int = 0
    results: list = field(default_factory=list)

    def record_toss(self, count=1):
        self.tosses += count

    def is_race_ready(self):
        return self.tosses >= TOSSES_BEFORE_RACING

    def best_velocity(self):
        if not self.results:
            return 0.0
        return max(velocity for _, velocity in self.results)


class Loft:
    def __init__(self, owner, latitude=LOFT_LATITUDE, longitude=LOFT_LONGITUDE):
        self.owner = owner
        self.latitude = latitude
        self.longitude = longitude
        self.birds = {}

    def add_bird(self, year, number, name, hatched, colour="blue bar"):
        ring = format_ring(year, number)
        bird = Bird(ring=ring, name=name, hatched=hatched, colour=colour)
        self.birds[ring] = bird
        return bird

    def distance_from(self, lat, lon):
        return haversine_km(lat, lon, self.latitude, self.longitude)

    def clock_bird(self, ring, race_point, liberated, clocked):
        bird = self.birds[ring]
        distance = self.distance_from(*race_point)
        velocity = velocity_ypm(distance, liberated, clocked)
        bird.results.append((clocked.date(), round(velocity, 2)))
        return velocity

    def clock_from_text(self, ring, race_point, liberated, text):
        clocked = parse_clock_time(text, liberated.date())
        return self.clock_bird(ring, race_point, liberated, clocked)

    def race_team(self, size=12):
        ready = [bird for bird in self.birds.values() if bird.is_race_ready()]
        ready.sort(key=lambda bird: bird.best_velocity(), reverse=True)
        return ready[:size]

    def summary(self):
        lines = [f"Loft of {self.owner}: {len(self.birds)} birds"]
        for bird in sorted(self.birds.values(), key=lambda b: b.ring):
            status = "ready" if bird.is_race_ready() else "training"
            lines.append(f"  {bird.ring} {bird.name:<12} {status}")
        return "\n".join(lines)

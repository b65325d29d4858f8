"""Race results for a pigeon racing club: velocities, points and prizes."""

import math
from collections import defaultdict

EARTH_RADIUS_KM = 6371.0
MIN_VELOCITY = 600
POINTS_TABLE = (50, 40, 32, 25, 20, 15, 10, 6, 3, 1)
CLOCK_TOLERANCE_S = 90


class Loft:
    def __init__(self, name, owner, lat, lon):
        self.name = name
        self.owner = owner
        self.lat = lat
        self.lon = lon
        self.birds = {}

    def register(self, ring_number, colour):
        self.birds[ring_number] = colour
        return ring_number

    def bird_count(self):
        return len(self.birds)


def great_circle_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(a))


def velocity(distance_km, flight_seconds):
    if flight_seconds <= 0:
        raise ValueError("flight time must be positive")
    return distance_km * 1000 / (flight_seconds / 60)


class RaceResult:
    def __init__(self, race_name, release_lat, release_lon):
        self.race_name = race_name
        self.release_lat = release_lat
        self.release_lon = release_lon
        self.arrivals = []

    def record_arrival(self, loft, ring_number, flight_seconds, drift_seconds=0):
        if abs(drift_seconds) > CLOCK_TOLERANCE_S:
            return False
        distance = great_circle_km(
            self.release_lat, self.release_lon, loft.lat, loft.lon
        )
        speed = velocity(distance, flight_seconds - drift_seconds)
        self.arrivals.append((loft.name, ring_number, speed))
        return True

    def ranked(self):
        qualified = [a for a in self.arrivals if a[2] >= MIN_VELOCITY]
        return sorted(qualified, key=lambda a: a[2], reverse=True)

    def winner(self):
        ranking = self.ranked()
        if not ranking:
            return None
        return ranking[0]

    def points(self):
        totals = defaultdict(int)
        for position, (loft_name, _ring, _speed) in enumerate(self.ranked()):
            if position >= len(POINTS_TABLE):
                break
            totals[loft_name] += POINTS_TABLE[position]
        return dict(totals)


def prize_split(pool, places=3):
    shares = [0.5, 0.3, 0.2][:places]
    scale = sum(shares)
    return [round(pool * share / scale, 2) for share in shares]


def season_table(results):
    standings = defaultdict(int)
    for result in results:
        for loft_name, pts in result.points().items():
            standings[loft_name] += pts
    return sorted(standings.items(), key=lambda item: item[1], reverse=True)


def format_result(result):
    lines = ["Race: " + result.race_name]
    for place, (loft_name, ring, speed) in enumerate(result.ranked(), start=1):
        lines.append("%2d. %-20s %s %8.1f m/min" % (place, loft_name, ring, speed))
    best = result.winner()
    if best is None:
        lines.append("No qualifying birds.")
    return "\n".join(lines)


def race_entry_fee(bird_count, members_discount=False):
    fee = bird_count * 2.5
    if members_discount:
        fee *= 0.8
    return round(fee, 2)

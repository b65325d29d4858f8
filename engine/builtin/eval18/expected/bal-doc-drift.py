"""Launch log for radiosonde weather balloons at a small upper-air station."""

import math
import os
from datetime import datetime, timezone

GAS_LIFT_PER_M3 = 1.1
BURST_DIAMETERS_M = {350: 4.7, 600: 6.0, 800: 7.0, 1200: 8.6}
ASCENT_TARGET_MS = 5.0
PAYLOAD_LIMIT_G = 1500
LOG_DIR = "launch_logs"


class Launch:
    def __init__(self, site, envelope_g, payload_g):
        if payload_g > PAYLOAD_LIMIT_G:
            raise ValueError("payload over the limit for this station")
        self.site = site
        self.envelope_g = envelope_g
        self.payload_g = payload_g
        self.released_at = None
        self.track = []

    def release(self, when=None):
        self.released_at = when or datetime.now(timezone.utc)
        return self.released_at

    def add_fix(self, seconds, altitude_m, lat, lon):
        self.track.append((seconds, altitude_m, lat, lon))

    def max_altitude(self):
        if not self.track:
            return 0.0
        return max(fix[1] for fix in self.track)

    def ascent_rate(self):
        if len(self.track) < 2:
            return 0.0
        first, last = self.track[0], self.track[-1]
        return (last[1] - first[1]) / (last[0] - first[0])


def free_lift_g(gas_m3, envelope_g, payload_g):
    gross = gas_m3 * GAS_LIFT_PER_M3 * 1000
    return gross - envelope_g - payload_g


def gas_for_ascent(envelope_g, payload_g, target_ms=ASCENT_TARGET_MS):
    free_lift = payload_g * (target_ms / 5.0) ** 2 * 0.3
    needed_g = envelope_g + payload_g + free_lift
    return round(needed_g / (GAS_LIFT_PER_M3 * 1000), 2)


def predicted_burst_altitude(envelope_g, gas_m3):
    burst_d = BURST_DIAMETERS_M.get(envelope_g)
    if burst_d is None:
        raise KeyError(f"no burst data for a {envelope_g} g envelope")
    burst_volume = 4 / 3 * math.pi * (burst_d / 2) ** 3
    ratio = burst_volume / gas_m3
    return round(7238.3 * math.log(ratio))


def drift_km(track):
    """Return the straight-line drift in kilometres between the first and last fix."""
    if len(track) < 2:
        return 0.0
    _, _, lat0, lon0 = track[0]
    _, _, lat1, lon1 = track[-1]
    dlat = math.radians(lat1 - lat0)
    dlon = math.radians(lon1 - lon0) * math.cos(math.radians(lat0))
    return 6371 * math.hypot(dlat, dlon)


class StationLog:
    def __init__(self, station_id):
        self.station_id = station_id
        self.launches = []

    def add(self, launch):
        self.launches.append(launch)
        return len(self.launches)

    def highest(self):
        if not self.launches:
            return None
        return max(self.launches, key=lambda item: item.max_altitude())

    def write_summary(self, filename):
        os.makedirs(LOG_DIR, exist_ok=True)
        path = os.path.join(LOG_DIR, filename)
        with open(path, "w") as out:
            for launch in self.launches:
                stamp = launch.released_at.isoformat() if launch.released_at else "not released"
                peak = launch.max_altitude()
                out.write(f"{self.station_id},{stamp},{peak:.0f}\n")
        print("summary written to", path)
        return path


def launch_from_header(header):
    site, envelope, payload = header.split(";")
    return Launch(site.strip(), int(envelope), int(payload))


def parse_fix(line):
    seconds, alt, lat, lon = line.split(",")
    return int(seconds), float(alt), float(lat), float(lon)


def load_track(launch, lines):
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        launch.add_fix(*parse_fix(line))
    return launch.track

"""Launch log for the gliding club's winch and aerotow launches."""

import csv
import datetime as dt
import math
from dataclasses import dataclass

WINCH_FEE = 9.50
AEROTOW_FEE_PER_1000FT = 32.0
MAX_CROSSWIND_KT = 15
LAUNCH_METHODS = ("winch", "aerotow")


def launch_fee(method, tow_height_ft=2000):
    if method == "winch":
        return WINCH_FEE
    if method == "aerotow":
        return round(AEROTOW_FEE_PER_1000FT * tow_height_ft / 1000, 2)
    raise ValueError(f"unknown launch method: {method}")


def crosswind_component(wind_speed_kt, wind_dir, runway_heading):
    offset = math.radians(wind_dir - runway_heading)
    return abs(round(wind_speed_kt * math.sin(offset), 1))


def flight_minutes(takeoff, landing):
    return int((landing - takeoff).total_seconds() // 60)


@dataclass
class Launch:
    pilot: str
    glider: str
    method: str
    takeoff: dt.datetime
    landing: dt.datetime = None
    tow_height_ft: int = 2000
    cable_break: bool = False

    def fee(self):
        if self.cable_break:
            return 0.0
        return launch_fee(self.method, self.tow_height_ft)

    def duration(self):
        if self.landing is None:
            return 0
        return flight_minutes(self.takeoff, self.landing)


class LaunchPoint:
    def __init__(self, airfield, runway_heading, duty_instructor):
        self.airfield = airfield
        self.runway_heading = runway_heading
        self.duty_instructor = duty_instructor
        self.launches = []
        self.wind = (0, runway_heading)

    def set_wind(self, speed_kt, direction):
        self.wind = (speed_kt, direction)

    def flying_allowed(self):
        speed, direction = self.wind
        return crosswind_component(speed, direction, self.runway_heading) <= MAX_CROSSWIND_KT

    def launch(self, pilot, glider, method="winch", tow_height_ft=2000, when=None):
        if method not in LAUNCH_METHODS:
            raise ValueError(f"unknown launch method: {method}")
        if not self.flying_allowed():
            raise RuntimeError("crosswind over the limit")
        takeoff = when or dt.datetime.now()
        entry = Launch(pilot, glider, method, takeoff, tow_height_ft=tow_height_ft)
        self.launches.append(entry)
        return entry

    def land(self, glider, when=None):
        for entry in reversed(self.launches):
            if entry.glider == glider and entry.landing is None:
                entry.landing = when or dt.datetime.now()
                return entry
        raise LookupError(f"{glider} is not airborne")

    def airborne(self, method=None):
        return [entry.glider for entry in self.launches if entry.landing is None]

    def pilot_bill(self, pilot):
        return round(sum(entry.fee() for entry in self.launches if entry.pilot == pilot), 2)

    def end_of_day(self, folder, day=None):
        day = day or dt.date.today()
        path = folder + "/launches-" + day.isoformat() + ".csv"
        count = write_log(self, path, day)
        return count, self.airborne()


def write_log(launch_point, path, day, delimiter=","):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(["pilot", "glider", "method", "takeoff", "minutes", "fee"])
        for entry in launch_point.launches:
            takeoff = entry.takeoff.strftime("%H:%M")
            writer.writerow([entry.pilot, entry.glider, entry.method, takeoff, entry.duration(), entry.fee()])
        handle.flush()
    return len(launch_point.launches)

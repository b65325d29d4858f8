"""Track the dinghy fleet and sessions at a sailing school."""

import itertools
from enum import Enum

MAX_WIND_KNOTS = 18
CREW_PER_CLASS = {"Topper": 1, "Laser": 1, "RS Feva": 2, "Wayfarer": 3}
HOURS_BEFORE_SERVICE = 60
LAUNCH_FEE = 15.0


class Condition(Enum):
    READY = "ready"
    NEEDS_CHECK = "needs check"
    OUT_OF_SERVICE = "out of service"


def wind_ok(wind_knots, gusts_knots=None, limit=MAX_WIND_KNOTS):
    if gusts_knots is not None and gusts_knots > limit + 6:
        return False
    return wind_knots <= limit


def crew_needed(boat_class, default=2):
    return CREW_PER_CLASS.get(boat_class, default)


def pair_students(students, boat_class):
    size = crew_needed(boat_class)
    crews = []
    group = []
    for student in students:
        group.append(student)
        if len(group) == size:
            crews.append(tuple(group))
            group = []
    if group:
        crews.append(tuple(group))
    return crews


class Dinghy:
    def __init__(self, sail_number, boat_class, hours=0.0):
        self.sail_number = sail_number
        self.boat_class = boat_class
        self.hours = hours
        self.condition = Condition.READY
        self.defects = []

    def log_session(self, duration_h):
        self.hours += duration_h
        if self.hours >= HOURS_BEFORE_SERVICE:
            self.condition = Condition.NEEDS_CHECK

    def report_defect(self, description, serious=False):
        self.defects.append(description)
        if serious:
            self.condition = Condition.OUT_OF_SERVICE

    def is_available(self):
        return self.condition is Condition.READY


class SailingSession:
    _ids = itertools.count(1)

    def __init__(self, instructor, wind_knots, gusts_knots=None):
        self.session_id = next(self._ids)
        self.instructor = instructor
        self.wind_knots = wind_knots
        self.gusts_knots = gusts_knots
        self.assignments = {}

    def can_launch(self):
        return wind_ok(self.wind_knots, gusts_knots=self.gusts_knots)

    def assign(self, fleet, students, boat_class):
        if not self.can_launch():
            return []
        boats = [boat for boat in fleet if boat.boat_class == boat_class and boat.is_available()]
        crews = pair_students(students, boat_class)
        for boat, crew in zip(boats, crews):
            self.assignments[boat.sail_number] = crew
        return crews[len(boats):]

    def fees_due(self, fee=LAUNCH_FEE):
        return sum(fee * len(crew) for crew in self.assignments.values())

    def finish(self, fleet, duration_h=1.5):
        for boat in fleet:
            if boat.sail_number in self.assignments:
                boat.log_session(duration_h)
        return self.fees_due()

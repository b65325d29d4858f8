"""Call-out log for the mountain rescue team."""

import json
from datetime import datetime, timedelta

SEVERITY_LEVELS = ("low", "medium", "high", "critical")
MIN_TEAM_SIZE = 4
NIGHT_START_HOUR = 20
NIGHT_END_HOUR = 6
HELI_RANGE_KM = 80.0


def is_night(moment, start_hour=NIGHT_START_HOUR, end_hour=NIGHT_END_HOUR):
    return moment.hour >= start_hour or moment.hour < end_hour


def team_size_for(severity, night=False, casualties=1):
    base = MIN_TEAM_SIZE + SEVERITY_LEVELS.index(severity) * 2
    if night:
        base += 2
    return base + max(0, casualties - 1) * 2


def request_helicopter(distance_km: float, severity: str, weather_ok: bool = True) -> bool:
    if not weather_ok:
        return False
    if severity == "critical":
        return True
    return severity == "high" and distance_km <= HELI_RANGE_KM


def parse_grid_ref(text):
    easting, northing = text.split()
    return int(easting), int(northing)


class Volunteer:
    def __init__(self, name, skills=None, on_call=True):
        self.name = name
        self.skills = set(skills or [])
        self.on_call = on_call
        self.callouts_attended = 0

    def can_lead(self):
        return "team leader" in self.skills and self.on_call

    def attend(self):
        self.callouts_attended += 1
        return self.callouts_attended


class CallOut:
    def __init__(self, reference, location, severity="medium", reported_at=None):
        if severity not in SEVERITY_LEVELS:
            raise ValueError(f"unknown severity {severity}")
        self.reference = reference
        self.location = location
        self.severity = severity
        self.reported_at = reported_at or datetime.now()
        self.team = []
        self.closed_at = None

    def assemble(self, volunteers, casualties=1):
        night = is_night(self.reported_at)
        needed = team_size_for(self.severity, night=night, casualties=casualties)
        available = [v for v in volunteers if v.on_call]
        self.team = available[:needed]
        for member in self.team:
            member.attend()
        return len(self.team) >= needed

    def leader(self):
        for member in self.team:
            if member.can_lead():
                return member
        return None

    def leaders_available(self, volunteers):
        return [v.name for v in volunteers if v.can_lead()]

    def close(self, when=None):
        self.closed_at = when or datetime.now()
        print(f"call-out {self.reference} closed")
        return self.duration()

    def duration(self):
        if self.closed_at is None:
            return timedelta(0)
        return self.closed_at - self.reported_at

    def was_overnight(self):
        if self.closed_at is None:
            return False
        return is_night(self.reported_at) or is_night(self.closed_at)

    def to_json(self):
        return json.dumps({
            "reference": self.reference,
            "location": self.location,
            "severity": self.severity,
            "team": [m.name for m in self.team],
            "heli": request_helicopter(0.0, self.severity),
        })


def open_callout(reference, grid_text, severity="medium"):
    easting, northing = parse_grid_ref(grid_text)
    return CallOut(reference, (easting, northing), severity=severity)

"""Permit checks and harvest logging for a seaweed harvester on the west coast."""

import datetime as dt
import json

SEASON_START_MONTH = 4
SEASON_END_MONTH = 10
MAX_DAILY_TONNES = 2.5
PERMIT_FEE_PER_ZONE = 45.0
ZONE_CODES = ("north-skerry", "kelp-bay", "long-strand", "seal-rocks")
SPECIES = ("kelp", "dulse", "sugar-kelp", "sea-lettuce")


def in_season(day):
    return SEASON_START_MONTH <= day.month <= SEASON_END_MONTH


def permit_fee(zones, discount=0.0):
    unknown = [z for z in zones if z not in ZONE_CODES]
    if unknown:
        raise ValueError("unknown zones: " + ", ".join(unknown))
    fee = len(zones) * PERMIT_FEE_PER_ZONE
    return round(fee * (1 - discount), 2)


class KelpPermit:
    def __init__(self, holder, zones, issued_on=None):
        self.holder = holder
        self.zones = list(zones)
        self.issued_on = issued_on or dt.date.today()
        self.records = []
        self.suspended = False

    def covers(self, zone):
        return zone in self.zones and not self.suspended

    def log_harvest(self, zone, day, tonnes, species="kelp"):
        if not self.covers(zone):
            raise ValueError("permit does not cover zone " + zone)
        if species not in SPECIES:
            raise ValueError("species not licensed: " + species)
        if not in_season(day):
            raise ValueError("harvesting is closed outside the season")
        used = self.tonnes_on(day)
        if used + tonnes > MAX_DAILY_TONNES:
            raise ValueError("daily tonnage limit reached")
        record = {"zone": zone, "day": day, "tonnes": tonnes, "species": species}
        self.records.append(record)
        return record

    def tonnes_on(self, day):
        return sum(r["tonnes"] for r in self.records if r["day"] == day)

    def season_total(self):
        return round(sum(r["tonnes"] for r in self.records), 2)

    def to_dict(self):
        return {
            "holder": self.holder,
            "zones": self.zones,
            "issued_on": self.issued_on.isoformat(),
            "suspended": self.suspended,
            "total": self.season_total(),
        }


class PermitRegister:
    def __init__(self, office="Oban"):
        self.office = office
        self.permits = {}

    def issue(self, holder, zones, returning=False):
        discount = 0.1 if returning else 0.0
        fee = permit_fee(zones, discount=discount)
        permit = KelpPermit(holder, zones)
        self.permits[holder] = permit
        return permit, fee

    def suspend(self, holder):
        permit = self.permits[holder]
        permit.suspended = True
        return permit

    def active_holders(self):
        return sorted(h for h, p in self.permits.items() if not p.suspended)

    def busiest_holder(self):
        if not self.permits:
            return None
        return max(self.permits.values(), key=lambda p: p.season_total()).holder

    def save(self, path):
        data = {h: p.to_dict() for h, p in self.permits.items()}
        with open(path, "w") as handle:
            json.dump(data, handle, indent=2)

    @classmethod
    def load(cls, path, office="Oban"):
        with open(path) as handle:
            data = json.load(handle)
        register = cls(office)
        for holder, entry in data.items():
            issued = dt.date.fromisoformat(entry["issued_on"])
            permit = KelpPermit(holder, entry["zones"], issued)
            permit.suspended = entry["suspended"]
            register.permits[holder] = permit
        return register

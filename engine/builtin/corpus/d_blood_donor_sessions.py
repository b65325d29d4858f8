"""Donor session checks used at the mobile blood donation clinic."""
import datetime
from collections import Counter

MIN_HAEMOGLOBIN_MALE = 135
MIN_HAEMOGLOBIN_FEMALE = 125
MIN_WEIGHT_KG = 50
DONATION_GAP_DAYS = {"male": 84, "female": 112}
SESSION_SLOTS = 48


class Donor:
    def __init__(self, donor_id, sex, weight_kg, last_donation=None):
        self.donor_id = donor_id
        self.sex = sex
        self.weight_kg = weight_kg
        self.last_donation = last_donation
        self.deferrals = []

    def days_since_last(self, today):
        if self.last_donation is None:
            return None
        return (today - self.last_donation).days

    def defer(self, reason):
        self.deferrals.append(reason)

    @property
    def deferred(self):
        return bool(self.deferrals)


def _haemoglobin_floor(sex):
    if sex == "male":
        return MIN_HAEMOGLOBIN_MALE
    return MIN_HAEMOGLOBIN_FEMALE


def screen(donor, haemoglobin, today=None):
    today = today or datetime.date.today()
    if donor.weight_kg < MIN_WEIGHT_KG:
        donor.defer("weight below minimum")
    gap = donor.days_since_last(today)
    required = DONATION_GAP_DAYS.get(donor.sex, 112)
    if gap is not None and gap < required:
        donor.defer(f"last donated {gap} days ago, needs {required}")
    if haemoglobin < _haemoglobin_floor(donor.sex):
        donor.defer(f"haemoglobin {haemoglobin} g/L too low")
    return not donor.deferred


def session_report(donors, readings, today=None, slots=SESSION_SLOTS):
    accepted = []
    reasons = Counter()
    for donor in donors[:slots]:
        reading = readings.get(donor.donor_id)
        if reading is None:
            reasons["no reading"] += 1
            continue
        if screen(donor, reading, today=today):
            accepted.append(donor.donor_id)
        else:
            reasons.update(r.split(" ")[0] for r in donor.deferrals)
    return {"accepted": accepted, "deferred": dict(reasons), "walk_ins_left": slots - len(donors)}

"""Hearing-aid fitting records for the audiology clinic."""

import statistics
from datetime import date, timedelta

FREQUENCIES_HZ = (250, 500, 1000, 2000, 4000, 8000)
MAX_GAIN_DB = 55
HALF_GAIN_FACTOR = 0.5
FOLLOW_UP_DAYS = 14
DEVICE_STYLES = ("BTE", "RIC", "ITE", "CIC")


def pure_tone_average(thresholds, bands=(500, 1000, 2000, 4000)):
    values = [thresholds[f] for f in bands if f in thresholds]
    if not values:
        return 0.0
    return round(statistics.mean(values), 1)


def target_gain(threshold_db, factor=HALF_GAIN_FACTOR, ceiling=MAX_GAIN_DB):
    gain = threshold_db * factor
    if gain < 0:
        gain = 0
    return min(round(gain), ceiling)


def gain_table(thresholds, factor=HALF_GAIN_FACTOR, verbose=False):
    table = {}
    for freq in FREQUENCIES_HZ:
        level = thresholds.get(freq)
        if level is None:
            continue
        table[freq] = target_gain(level, factor=factor)
    return table


def degree_of_loss(pta):
    if pta <= 25:
        return "normal"
    if pta <= 40:
        return "mild"
    if pta <= 70:
        return "moderate"
    if pta <= 90:
        return "severe"
    return "profound"


class Fitting:
    def __init__(self, patient_id, ear, style="RIC", fitted_on=None):
        if style not in DEVICE_STYLES:
            raise ValueError(f"unsupported style {style}")
        self.patient_id = patient_id
        self.ear = ear
        self.style = style
        self.fitted_on = fitted_on or date.today()
        self.thresholds = {}
        self.gains = {}
        self.adjustments = 0

    def add_threshold(self, freq_hz, level_db):
        if freq_hz not in FREQUENCIES_HZ:
            raise ValueError(f"{freq_hz} Hz is not an audiometric frequency")
        self.thresholds[freq_hz] = level_db

    def prescribe(self, factor=HALF_GAIN_FACTOR):
        self.gains = gain_table(self.thresholds, factor=factor, verbose=False)
        return self.gains

    def fine_tune(self, freq_hz, delta_db=2):
        current = self.gains.get(freq_hz, 0)
        self.gains[freq_hz] = max(0, min(current + delta_db, MAX_GAIN_DB))
        self.adjustments += 1
        return self.gains[freq_hz]

    def follow_up_date(self, extra_days=0):
        return self.fitted_on + timedelta(days=FOLLOW_UP_DAYS + extra_days)

    def summary(self):
        pta = pure_tone_average(self.thresholds)
        return {
            "patient": self.patient_id,
            "ear": self.ear,
            "style": self.style,
            "pta": pta,
            "degree": degree_of_loss(pta),
            "adjustments": self.adjustments,
        }


class ClinicSchedule:
    def __init__(self, clinic_name, slots_per_day=8):
        self.clinic_name = clinic_name
        self.slots_per_day = slots_per_day
        self.fittings = []

    def book(self, fitting):
        if len(self.fittings) >= self.slots_per_day:
            raise RuntimeError(f"{self.clinic_name} is fully booked")
        self.fittings.append(fitting)
        return len(self.fittings)

    def rebook_all(self, factor=HALF_GAIN_FACTOR):
        tables = {}
        for fitting in self.fittings:
            tables[fitting.patient_id] = gain_table(fitting.thresholds, factor, verbose=True)
        return tables

    def due_for_follow_up(self, today=None):
        today = today or date.today()
        return [f for f in self.fittings if f.follow_up_date() <= today]

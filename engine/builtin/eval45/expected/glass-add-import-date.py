"""Surveys and restoration quotes for a stained-glass restorer's panels."""

import math
from datetime import date
from enum import Enum

LEAD_PRICE_PER_METRE = 3.8
GLASS_PRICE_PER_SQ_CM = 0.012
SOLDER_JOINT_MINUTES = 2
WORKSHOP_RATE = 42.0
CONDITION_SCORES = {"sound": 0, "bowed": 2, "cracked": 3, "missing": 5}


class Condition(Enum):
    SOUND = "sound"
    BOWED = "bowed"
    CRACKED = "cracked"
    MISSING = "missing"


class Panel:
    def __init__(self, church, window, width_cm, height_cm, pieces=40):
        self.church = church
        self.window = window
        self.width_cm = width_cm
        self.height_cm = height_cm
        self.pieces = pieces
        self.defects = []
        self.surveyed_on = None

    def area_sq_cm(self):
        return self.width_cm * self.height_cm

    def record_defect(self, piece_no, condition=Condition.CRACKED):
        if not 1 <= piece_no <= self.pieces:
            raise ValueError(f"piece {piece_no} is not in this panel")
        self.defects.append((piece_no, condition))
        return len(self.defects)

    def repair_piece(self, piece_no):
        before = len(self.defects)
        self.defects = [d for d in self.defects if d[0] != piece_no]
        return before - len(self.defects)

    def lead_length_m(self):
        per_piece = 2 * math.sqrt(self.area_sq_cm() / self.pieces)
        return round(self.pieces * per_piece / 100, 2)

    def condition_score(self):
        return sum(CONDITION_SCORES[c.value] for _, c in self.defects)

    def defects_by_condition(self):
        counts = {}
        for _, condition in self.defects:
            counts[condition.value] = counts.get(condition.value, 0) + 1
        return counts

    def label(self):
        return f"{self.church}, window {self.window} ({self.width_cm}x{self.height_cm} cm)"


def needs_releading(panel, threshold=12):
    return panel.condition_score() >= threshold or len(panel.defects) > panel.pieces // 4


def restoration_quote(panel, rate=WORKSHOP_RATE, replace_fraction=0.0):
    glass_area = panel.area_sq_cm() * replace_fraction
    glass_cost = glass_area * GLASS_PRICE_PER_SQ_CM
    if needs_releading(panel):
        lead_cost = panel.lead_length_m() * LEAD_PRICE_PER_METRE
        joints = panel.pieces * 2
    else:
        lead_cost = 0.0
        joints = len(panel.defects) * 2
    hours = joints * SOLDER_JOINT_MINUTES / 60
    return round(glass_cost + lead_cost + hours * rate, 2)


def survey_window(panels, rate=WORKSHOP_RATE):
    report = []
    for panel in panels:
        missing = sum(1 for _, c in panel.defects if c is Condition.MISSING)
        fraction = missing / panel.pieces
        quote = restoration_quote(panel, rate=rate, replace_fraction=fraction)
        report.append((panel.window, needs_releading(panel), quote))
    return report


def window_total(panels, rate=WORKSHOP_RATE, vat=0.2):
    rows = survey_window(panels, rate=rate)
    subtotal = sum(quote for _, _, quote in rows)
    releads = sum(1 for _, relead, _ in rows if relead)
    return {"panels": len(rows), "releads": releads, "total": round(subtotal * (1 + vat), 2)}

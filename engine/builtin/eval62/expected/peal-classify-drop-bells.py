"""Peal records for the tower: bands, methods rung, and the peal board entries."""

import datetime
import statistics

STANDARD_PEAL_CHANGES = 5040
QUARTER_PEAL_CHANGES = 1260
MINUTES_PER_THOUSAND = 36
TOWER_BELLS = 8
STAGE_NAMES = {6: "Minor", 7: "Triples", 8: "Major", 10: "Royal", 12: "Maximus"}


class Ringer:
    """A member of a peal band."""

    def __init__(self, name, home_tower, peals_rung=0):
        self.name = name
        self.home_tower = home_tower
        self.peals_rung = peals_rung

    def credit(self, count=1):
        self.peals_rung += count
        return self.peals_rung

    def is_first_peal(self):
        return self.peals_rung == 0


class PealAttempt:
    """One attempt at a peal or quarter, successful or not."""

    def __init__(self, method, changes, rung_on, bells=TOWER_BELLS):
        self.method = method
        self.changes = changes
        self.rung_on = rung_on
        self.bells = bells
        self.band = {}
        self.duration_min = None
        self.scored = False

    def assign(self, bell, ringer):
        if bell < 1 or bell > self.bells:
            raise ValueError(f"no bell {bell} in a tower of {self.bells}")
        self.band[bell] = ringer

    def complete(self, duration_min):
        self.duration_min = duration_min
        self.scored = len(self.band) == self.bells
        if self.scored:
            for ringer in self.band.values():
                ringer.credit()
        return self.scored

    def title(self):
        stage = STAGE_NAMES.get(self.bells, f"{self.bells} bells")
        return f"{self.changes} {self.method} {stage}"


def expected_length(changes, pace=MINUTES_PER_THOUSAND, margin=5):
    return round(changes / 1000 * pace) + margin


def classify(changes):
    if changes >= STANDARD_PEAL_CHANGES:
        return "peal"
    if changes >= QUARTER_PEAL_CHANGES:
        return "quarter"
    return "touch"


def firsts_in_band(attempt):
    return [ringer.name for ringer in attempt.band.values() if ringer.peals_rung == 1]


def board_entry(attempt, tower_name, conductor=None):
    lines = [tower_name, attempt.rung_on.strftime("%A %d %B %Y"), attempt.title()]
    if attempt.duration_min:
        hours, minutes = divmod(attempt.duration_min, 60)
        lines.append(f"in {hours}h {minutes:02d}m")
    for bell in sorted(attempt.band):
        name = attempt.band[bell].name
        if conductor is not None and name == conductor:
            name += " (C)"
        lines.append(f"{bell}  {name}")
    firsts = firsts_in_band(attempt)
    if firsts:
        lines.append("First peal: " + ", ".join(firsts))
    return "\n".join(lines)


def average_speed(attempts, minimum_changes=QUARTER_PEAL_CHANGES):
    paces = [
        attempt.duration_min / attempt.changes * 1000
        for attempt in attempts
        if attempt.scored and attempt.changes >= minimum_changes
    ]
    if not paces:
        return None
    return statistics.mean(paces)


def season_report(attempts, year=None):
    if year is None:
        year = datetime.date.today().year
    rung = [a for a in attempts if a.rung_on.year == year]
    scored = [a for a in rung if a.scored]
    kinds = {}
    for attempt in scored:
        kind = classify(attempt.changes)
        kinds[kind] = kinds.get(kind, 0) + 1
    return {
        "year": year,
        "attempted": len(rung),
        "scored": len(scored),
        "by_kind": kinds,
        "pace": average_speed(scored),
    }

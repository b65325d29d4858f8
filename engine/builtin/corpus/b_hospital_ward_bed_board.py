"""Bed board for a general medical ward.

Tracks which bed each patient is in, expected discharge dates,
isolation needs and cleaning turnaround, and produces the summary the
nurse in charge reads out at the safety huddle.
"""

import logging
from collections import defaultdict, namedtuple
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum
from typing import Optional

log = logging.getLogger("ward.bedboard")

WARD_NAME = "Ward 7 (Acute Medicine)"
BAYS = {"A": 6, "B": 6, "C": 4}
SIDE_ROOMS = 4
DEEP_CLEAN_TIME = timedelta(hours=2)
STANDARD_CLEAN_TIME = timedelta(minutes=45)
LONG_STAY_DAYS = 21
SAFE_STAFFING_RATIO = 8


class BedStatus(Enum):
    OCCUPIED = "occupied"
    AWAITING_CLEAN = "awaiting clean"
    CLEANING = "cleaning"
    READY = "ready"
    CLOSED = "closed"


Patient = namedtuple(
    "Patient",
    "hospital_number surname admitted consultant sex isolation expected_discharge falls_risk",
    defaults=(False, None, False),
)


def length_of_stay(patient, now=None):
    """Whole days since admission."""
    now = now or datetime.now()
    return (now - patient.admitted).days


@dataclass
class Bed:
    """A bed space on the ward and whoever is in it."""
    code: str
    side_room: bool = False
    status: BedStatus = BedStatus.READY
    patient: Optional[Patient] = None
    clean_started: Optional[datetime] = None
    clean_needed: timedelta = field(default=STANDARD_CLEAN_TIME)

    @property
    def bay(self):
        return "SR" if self.side_room else self.code[0]


class BedBoard:
    def __init__(self, ward_name=WARD_NAME):
        self.ward_name = ward_name
        self.beds = {}
        for bay, count in BAYS.items():
            for number in range(1, count + 1):
                code = f"{bay}{number}"
                self.beds[code] = Bed(code)
        for number in range(1, SIDE_ROOMS + 1):
            code = f"SR{number}"
            self.beds[code] = Bed(code, side_room=True)

    def bay_sex(self, bay):
        sexes = {b.patient.sex for b in self.beds.values()
                 if b.bay == bay and b.patient is not None}
        return sexes.pop() if len(sexes) == 1 else None

    def find_bed(self, patient: Patient) -> Optional[Bed]:
        """Pick a ready bed, respecting isolation and single-sex bays."""
        ready = [b for b in self.beds.values() if b.status is BedStatus.READY]
        if patient.isolation:
            rooms = [b for b in ready if b.side_room]
            return rooms[0] if rooms else None
        for bed in ready:
            if bed.side_room:
                continue
            bay_sex = self.bay_sex(bed.bay)
            if bay_sex in (None, patient.sex):
                return bed
        side = [b for b in ready if b.side_room]
        return side[0] if side else None

    def admit(self, patient: Patient, bed_code=None) -> Bed:
        """Put a patient in the given bed, or the best ready bed if none is given."""
        bed = self.beds.get(bed_code) if bed_code else self.find_bed(patient)
        if bed is None or bed.status is not BedStatus.READY:
            raise LookupError(f"no suitable bed for {patient.surname} ({patient.hospital_number})")
        bed.patient = patient
        bed.status = BedStatus.OCCUPIED
        log.info("Admitted %s to %s", patient.hospital_number, bed.code)
        return bed

    def discharge(self, bed_code: str, *, infectious=False) -> Patient:
        """Free a bed; isolation or infectious patients need a deep clean."""
        bed = self.beds[bed_code]
        if bed.patient is None:
            raise ValueError(f"bed {bed_code} is empty")
        patient, bed.patient = bed.patient, None
        bed.status = BedStatus.AWAITING_CLEAN
        bed.clean_needed = DEEP_CLEAN_TIME if (infectious or patient.isolation) else STANDARD_CLEAN_TIME
        return patient

    def start_clean(self, bed_code, now=None):
        bed = self.beds[bed_code]
        if bed.status is BedStatus.AWAITING_CLEAN:
            bed.status = BedStatus.CLEANING
            bed.clean_started = now or datetime.now()

    def release_clean_beds(self, now=None):
        """Mark beds ready once their clean time has elapsed."""
        now = now or datetime.now()
        released = []
        for bed in self.beds.values():
            if bed.status is BedStatus.CLEANING and now - bed.clean_started >= bed.clean_needed:
                bed.status = BedStatus.READY
                bed.clean_started = None
                released.append(bed.code)
        return released

    def move(self, from_code, to_code):
        """Move a patient between beds, e.g. into a side room."""
        source, target = self.beds[from_code], self.beds[to_code]
        if source.patient is None:
            raise ValueError(f"{from_code} has no patient to move")
        if target.status is not BedStatus.READY:
            raise ValueError(f"{to_code} is not ready")
        patient = self.discharge(from_code)
        self.admit(patient, bed_code=to_code)
        return target

    def occupancy(self):
        counts = defaultdict(int)
        for bed in self.beds.values():
            counts[bed.status.value] += 1
        return dict(counts)

    @property
    def occupied_beds(self):
        return [b for b in self.beds.values() if b.status is BedStatus.OCCUPIED]


def expected_discharges(board, within_hours=24, now=None):
    now = now or datetime.now()
    horizon = now + timedelta(hours=within_hours)
    due = []
    for bed in board.occupied_beds:
        when = bed.patient.expected_discharge
        if when is not None and when <= horizon:
            due.append((when, bed.code, bed.patient.surname))
    return sorted(due)


def nurses_required(board: BedBoard, ratio: int = SAFE_STAFFING_RATIO) -> int:
    """Registered nurses needed for the occupied beds.

    One extra nurse for every four patients at risk of falls.
    """
    occupied = len(board.occupied_beds)
    extra = sum(1 for b in board.occupied_beds if b.patient.falls_risk) // 4
    return -(-occupied // ratio) + extra


def huddle_summary(board, now=None):
    """Text read out at the safety huddle."""
    now = now or datetime.now()
    occupancy = board.occupancy()
    long_stayers = [
        f"{b.code} {b.patient.surname} ({length_of_stay(b.patient, now)}d)"
        for b in board.occupied_beds
        if length_of_stay(b.patient, now) >= LONG_STAY_DAYS
    ]
    lines = [
        f"{board.ward_name} - {now:%a %d %b %H:%M}",
        "Beds: " + ", ".join(f"{k} {v}" for k, v in sorted(occupancy.items())),
        f"Nurses required: {nurses_required(board)}",
    ]
    discharges = expected_discharges(board, now=now)
    if discharges:
        lines.append("Expected discharges: " + ", ".join(f"{code} {name}" for _, code, name in discharges))
    if long_stayers:
        lines.append("Long stay review: " + "; ".join(long_stayers))
    isolated = [b.code for b in board.occupied_beds if b.patient.isolation]
    if isolated:
        lines.append("Isolation: " + ", ".join(isolated))
    return "\n".join(lines)

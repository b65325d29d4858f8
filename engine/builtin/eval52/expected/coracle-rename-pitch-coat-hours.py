"""Bookings, materials and pitch rota for a weekend coracle-building course."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta

HAZEL_RODS_PER_FRAME = 28
CALICO_METRES_PER_BOAT = 4.5
MAX_STUDENTS = 8
PITCH_CURE_HOURS = 6
COURSE_FEE = 245.0
DEPOSIT = 50.0


@dataclass
class Student:
    name: str
    weight_kg: float
    paddle_hand: str = "right"
    deposit_paid: bool = False


def frame_diameter(weight_kg, base=1.2, per_kg=0.004):
    """Diameter in metres of a coracle that floats a paddler of this weight."""
    return round(base + per_kg * max(weight_kg - 60, 0), 2)


def calico_needed(diameter, margin=0.15):
    radius = diameter / 2 + margin
    area = math.pi * radius ** 2
    return max(CALICO_METRES_PER_BOAT, round(area * 1.1, 1))


def rods_for_frame(diameter, spacing=0.11):
    circumference = math.pi * diameter
    count = math.ceil(circumference / spacing)
    return max(HAZEL_RODS_PER_FRAME, count)


def boat_materials(weight_kg, margin=0.2):
    """Hazel rods, calico and pitch tins for one student's coracle."""
    diameter = frame_diameter(weight_kg)
    rods = rods_for_frame(diameter)
    calico = calico_needed(diameter, margin=margin)
    tins = 1 if diameter < 1.3 else 2
    return rods, calico, tins


class CourseWeekend:
    def __init__(self, start, tutor, capacity=MAX_STUDENTS):
        self.start = start
        self.tutor = tutor
        self.capacity = capacity
        self.roster = []
        self.pitch_batches = 0

    def enrol(self, student):
        if len(self.roster) >= self.capacity:
            raise ValueError(f"course on {self.start} is full")
        self.roster.append(student)
        return len(self.roster)

    def enrol_from_sheet(self, lines):
        added = 0
        for line in lines:
            if line.strip() and not line.startswith("#"):
                name, weight, hand, paid = [part.strip() for part in line.split(",")]
                self.enrol(Student(name, float(weight), hand or "right", paid.lower() == "yes"))
                added += 1
        return added

    def balance_due(self, student):
        if student.deposit_paid:
            return COURSE_FEE - DEPOSIT
        return COURSE_FEE

    def materials_list(self):
        totals = {"hazel rods": 0, "calico (m)": 0.0, "pitch tins": 0}
        for student in self.roster:
            rods, calico, tins = boat_materials(student.weight_kg)
            totals["hazel rods"] += rods
            totals["calico (m)"] += calico
            totals["pitch tins"] += tins
        totals["calico (m)"] = round(totals["calico (m)"], 1)
        return totals

    def pitch_schedule(self, coats=2):
        self.pitch_batches = math.ceil(len(self.roster) / 4)
        day_two = self.start + timedelta(days=1)
        slots = []
        for batch in range(self.pitch_batches):
            for coat in range(coats):
                hour = 9 + (batch * coats + coat) * PITCH_CURE_HOURS // 2
                slots.append((day_two, hour, batch + 1, coat + 1))
        return slots

    def summary(self):
        materials = self.materials_list()
        lines = [f"Coracle course {self.start:%d %b %Y} with {self.tutor}"]
        lines.append(f"{len(self.roster)}/{self.capacity} students")
        for key, amount in materials.items():
            lines.append(f"  {key}: {amount}")
        if self.pitch_batches:
            lines.append("  pitch batches: " + str(self.pitch_batches))
        return "\n".join(lines)

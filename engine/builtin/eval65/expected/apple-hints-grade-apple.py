"""Grading apples at an orchard packhouse: size, blemishes and class."""

import math
from collections import Counter

GRADE_EXTRA = "Extra"
GRADE_ONE = "Class I"
GRADE_TWO = "Class II"
GRADE_JUICE = "Juice"
MIN_DIAMETER_MM = {"Bramley": 70, "Cox": 55, "Gala": 60, "Egremont Russet": 55}
MAX_BLEMISH_CM2 = {GRADE_EXTRA: 0.25, GRADE_ONE: 1.0, GRADE_TWO: 2.5}
BIN_CAPACITY = 300


class AppleSample:
    def __init__(self, variety, diameter_mm, blemish_cm2=0.0, bruised=False):
        self.variety = variety
        self.diameter_mm = diameter_mm
        self.blemish_cm2 = blemish_cm2
        self.bruised = bruised

    def undersized(self):
        minimum = MIN_DIAMETER_MM.get(self.variety, 55)
        return self.diameter_mm < minimum

    def surface_grade(self):
        for grade in (GRADE_EXTRA, GRADE_ONE, GRADE_TWO):
            if self.blemish_cm2 <= MAX_BLEMISH_CM2[grade]:
                return grade
        return GRADE_JUICE


def grade_apple(sample: AppleSample) -> str:
    if sample.undersized():
        return GRADE_JUICE
    grade = sample.surface_grade()
    if sample.bruised and grade == GRADE_EXTRA:
        grade = GRADE_ONE
    return grade


class GradingLine:
    def __init__(self, name, bin_capacity=BIN_CAPACITY):
        self.name = name
        self.bin_capacity = bin_capacity
        self.counts = Counter()
        self.full_bins = []

    def feed(self, sample):
        grade = grade_apple(sample)
        self.counts[grade] += 1
        if self.counts[grade] % self.bin_capacity == 0:
            self.full_bins.append(grade)
        return grade

    def feed_many(self, samples):
        for sample in samples:
            self.feed(sample)
        return self.counts

    def share_of(self, grade):
        total = sum(self.counts.values())
        if total == 0:
            return 0.0
        return self.counts[grade] / total

    def reset(self):
        self.counts.clear()
        self.full_bins = []


def parse_sample(line, default_variety="Cox"):
    fields = line.split(";")
    variety = fields[0].strip() or default_variety
    diameter = float(fields[1])
    blemish = float(fields[2]) if len(fields) > 2 else 0.0
    bruised = len(fields) > 3 and fields[3].strip().lower() == "yes"
    return AppleSample(variety, diameter, blemish, bruised)


def bins_needed(count, capacity=BIN_CAPACITY):
    return math.ceil(count / capacity)


def shift_report(grader, samples):
    grader.feed_many(samples)
    print("graded", sum(grader.counts.values()), "apples on", grader.name)
    rows = []
    for grade in (GRADE_EXTRA, GRADE_ONE, GRADE_TWO, GRADE_JUICE):
        share = grader.share_of(grade) * 100
        rows.append(f"{grade:<10}{grader.counts[grade]:>6}{share:>7.1f}%")
    rows.append(f"Full bins: {len(grader.full_bins)}")
    return "\n".join(rows)

"""Daily flight sheet for the birds at the Ashcombe falconry centre."""

import statistics
from dataclasses import dataclass
from datetime import date

FLYING_WEIGHT_BAND = 0.05
MAX_FLIGHTS_PER_DAY = 3
REST_DAYS_AFTER_MOULT = 14
DISPLAY_TIMES = ("11:30", "14:00", "16:00")


@dataclass
class WeighIn:
    day: date
    grams: int


def weight_ok(grams, flying_weight, band=FLYING_WEIGHT_BAND):
    low = flying_weight * (1 - band)
    high = flying_weight * (1 + band)
    return low <= grams <= high


def average_weight(weigh_ins, last=7):
    recent = [entry.grams for entry in weigh_ins[-last:]]
    if not recent:
        return None
    return round(statistics.mean(recent))


def flight_note(bird_name, display_time, distance_metres=0, handler=None):
    text = display_time + " " + bird_name
    if distance_metres:
        text += " flew %d m" % distance_metres
    if distance_metres > 250:
        text += " (long flight)"
    if handler:
        text += " with " + handler
    return text


class Bird:
    def __init__(self, name, species, flying_weight, moulting=False):
        self.name = name
        self.species = species
        self.flying_weight = flying_weight
        self.moulting = moulting
        self.weigh_ins = []
        self.flights_today = 0

    def weigh(self, grams, day=None):
        self.weigh_ins.append(WeighIn(day or date.today(), grams))
        return weight_ok(grams, self.flying_weight)

    def can_fly(self, max_flights=MAX_FLIGHTS_PER_DAY):
        if self.moulting or not self.weigh_ins:
            return False
        latest = self.weigh_ins[-1]
        return self.flights_today < max_flights and weight_ok(latest.grams, self.flying_weight)

    def record_flight(self):
        self.flights_today += 1


class FlightSheet:
    def __init__(self, day, handlers):
        self.day = day
        self.handlers = list(handlers)
        self.entries = []

    def plan_display(self, birds, times=DISPLAY_TIMES):
        plan = {}
        fit_birds = [bird for bird in birds if bird.can_fly()]
        for index, slot_time in enumerate(times):
            if not fit_birds:
                break
            bird = fit_birds[index % len(fit_birds)]
            handler = self.handlers[index % len(self.handlers)]
            plan[slot_time] = (bird.name, handler)
        return plan

    def log_flight(self, bird, display_time, distance_m=0, handler=None, weather="dry"):
        if not bird.can_fly():
            return None
        bird.record_flight()
        note = flight_note(bird.name, display_time, distance_metres=distance_m, handler=handler)
        self.entries.append(note)
        return note

    def fly_plan(self, plan, birds_by_name, weather="dry"):
        notes = []
        for slot_time, (name, handler) in plan.items():
            note = self.log_flight(birds_by_name[name], slot_time, handler=handler, weather=weather)
            if note:
                notes.append(note)
        return notes

    def summary(self, birds):
        lines = ["Flight sheet for " + self.day.strftime("%d %b %Y")]
        lines.extend(self.entries)
        for bird in birds:
            average = average_weight(bird.weigh_ins)
            lines.append("%s: %d flights, avg %s g" % (bird.name, bird.flights_today, average))
        return "\n".join(lines)


def reset_day(birds, keep_moulting=True):
    for bird in birds:
        bird.flights_today = 0
        if not keep_moulting:
            bird.moulting = False
    return len(birds)

"""Skate sharpening queue for the ice hockey club's pro shop.

Players drop skates off before practice; the sharpener works through
the queue in order of when the skates are next needed on the ice.
"""
import datetime
import logging
from dataclasses import dataclass, field
from enum import Enum
from typing import List, Optional

log = logging.getLogger("proshop.sharpening")

STANDARD_HOLLOW_INCH = "1/2"
HOLLOW_OPTIONS = ("3/8", "7/16", "1/2", "5/8", "3/4", "1")
MINUTES_PER_PAIR = 8
PRICE_PER_PAIR = 8.00
MEMBER_PRICE = 6.00
STEEL_REPLACE_AFTER = 80


class Profile(Enum):
    STANDARD = "standard"
    QUAD = "quad"
    GOALIE = "goalie flat"


@dataclass
class SkateJob:
    player: str
    jersey: int
    hollow: str = STANDARD_HOLLOW_INCH
    profile: Profile = Profile.STANDARD
    member: bool = True
    needed_by: Optional[datetime.datetime] = None
    dropped_off: datetime.datetime = field(default_factory=datetime.datetime.now)
    done: bool = False

    def price(self) -> float:
        base = MEMBER_PRICE if self.member else PRICE_PER_PAIR
        if self.profile is not Profile.STANDARD:
            base += 4.0
        return base


class SharpeningQueue:
    def __init__(self, steel_count=0):
        self.jobs: List[SkateJob] = []
        self.steel_count = steel_count
        self.sharpened_today = 0

    def drop_off(self, player, jersey, hollow=STANDARD_HOLLOW_INCH, *, needed_by=None,
                 member=True, profile=Profile.STANDARD):
        if hollow not in HOLLOW_OPTIONS:
            raise ValueError(f"hollow {hollow} not available, choose from {', '.join(HOLLOW_OPTIONS)}")
        job = SkateJob(player, jersey, hollow=hollow, profile=profile,
                       member=member, needed_by=needed_by)
        self.jobs.append(job)
        return job

    def ordered(self):
        far_future = datetime.datetime.max
        waiting = [j for j in self.jobs if not j.done]
        return sorted(waiting, key=lambda j: (j.needed_by or far_future, j.dropped_off))

    def next_job(self):
        waiting = self.ordered()
        return waiting[0] if waiting else None

    def finish(self, job):
        job.done = True
        self.sharpened_today += 1
        self.steel_count += 1
        if self.steel_count >= STEEL_REPLACE_AFTER:
            log.warning("wheel has done %d pairs, dress or replace it", self.steel_count)
        return job.price()

    def wait_minutes(self, per_pair=MINUTES_PER_PAIR):
        return len(self.ordered()) * per_pair

    def at_risk(self, now=None):
        """Jobs that will not be ready in time if the queue is worked in order."""
        now = now or datetime.datetime.now()
        late = []
        for position, job in enumerate(self.ordered(), start=1):
            ready_at = now + datetime.timedelta(minutes=position * MINUTES_PER_PAIR)
            if job.needed_by and ready_at > job.needed_by:
                late.append(f"#{job.jersey} {job.player}")
        return late


def takings(jobs: List[SkateJob], day: datetime.date) -> float:
    finished = [j for j in jobs if j.done and j.dropped_off.date() == day]
    return round(sum(j.price() for j in finished), 2)


def hollow_for_weight(weight_kg: float, goalie: bool = False) -> str:
    if goalie:
        return "1"
    if weight_kg < 55:
        return "3/8"
    if weight_kg < 80:
        return STANDARD_HOLLOW_INCH
    return "5/8"

"""Lane bookings for the public pool's lane-swim sessions."""

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum
from typing import Dict, List

LANE_COUNT = 6
SWIMMERS_PER_LANE = 8
SESSION_LENGTH = timedelta(minutes=45)
MEMBER_PRICE = 3.20
GUEST_PRICE = 5.10


class LaneSpeed(Enum):
    SLOW = 1
    MEDIUM = 2
    FAST = 3


@dataclass
class Session:
    starts: datetime
    lane_speeds: Dict[int, LaneSpeed] = field(default_factory=dict)
    bookings: Dict[int, List[str]] = field(default_factory=dict)

    @property
    def ends(self) -> datetime:
        return self.starts + SESSION_LENGTH

    def spaces_left(self, lane: int) -> int:
        return SWIMMERS_PER_LANE - len(self.bookings.get(lane, []))


def default_speeds(lanes: int = LANE_COUNT) -> Dict[int, LaneSpeed]:
    """Slow lanes on one side of the pool, fast lanes on the other."""
    speeds = list(LaneSpeed)
    return {lane: speeds[min(lane * len(speeds) // lanes, len(speeds) - 1)] for lane in range(lanes)}


def book_lane(session: Session, swimmer: str, speed: LaneSpeed, *, member: bool = True) -> float:
    """Put the swimmer in the emptiest lane of their speed; return the price."""
    lanes = [lane for lane, s in session.lane_speeds.items() if s is speed]
    open_lanes = [lane for lane in lanes if session.spaces_left(lane) > 0]
    if not open_lanes:
        raise LookupError(f"no {speed.name.lower()} lane space at {session.starts:%H:%M}")
    lane = max(open_lanes, key=session.spaces_left)
    session.bookings.setdefault(lane, []).append(swimmer)
    return session_price(member=member)


def session_price(member: bool = True, concession: bool = False) -> float:
    price = MEMBER_PRICE if member else GUEST_PRICE
    return round(price * 0.7, 2) if concession else price


def cancel(session: Session, swimmer: str) -> bool:
    for names in session.bookings.values():
        if swimmer in names:
            names.remove(swimmer)
            return True
    return False

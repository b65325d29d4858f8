"""Overnight stabling and morning run-out plans for a tram depot."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

DEPOT_TRACKS = 12
MIN_TURNAROUND_MIN = 10
SERVICE_INTERVAL_KM = 25000
WASH_BAY_COUNT = 2


@dataclass
class Tram:
    fleet_number: int
    odometer_km: int
    last_service_km: int
    low_floor: bool = True

    def km_since_service(self) -> int:
        return self.odometer_km - self.last_service_km

    def needs_service(self) -> bool:
        return self.km_since_service() >= SERVICE_INTERVAL_KM


class StablingPlan:
    def __init__(self, track_count: int = DEPOT_TRACKS, capacity: int = 3) -> None:
        self.track_count = track_count
        self.capacity = capacity
        self.tracks: dict[int, list[Tram]] = defaultdict(list)

    def free_slots(self, track: int) -> int:
        return self.capacity - len(self.tracks[track])

    def stable(self, tram: Tram, track: int) -> None:
        if not 1 <= track <= self.track_count:
            raise ValueError("track number out of range")
        if self.free_slots(track) == 0:
            raise ValueError(f"track {track} is full")
        self.tracks[track].append(tram)

    def first_out(self, track: int) -> Tram | None:
        # Trams leave a dead-end track last in, first out.
        stabled = self.tracks[track]
        return stabled[-1] if stabled else None

    def occupancy(self) -> float:
        used = sum(len(v) for v in self.tracks.values())
        return used / (self.track_count * self.capacity)


def turnaround_ok(arrive_min: int, depart_min: int) -> bool:
    return depart_min - arrive_min >= MIN_TURNAROUND_MIN


def wash_rotation(trams: list[Tram], nights: int = 7) -> dict[int, list[int]]:
    rotation: dict[int, list[int]] = {}
    per_night = WASH_BAY_COUNT
    for night in range(nights):
        start = (night * per_night) % max(len(trams), 1)
        chosen = trams[start:start + per_night]
        rotation[night] = [t.fleet_number for t in chosen]
    return rotation


def fortnight_washes(trams: list[Tram]) -> dict[int, list[int]]:
    return wash_rotation(trams, nights=14)


def service_queue(trams: list[Tram], limit: int = 4) -> list[Tram]:
    due = [t for t in trams if t.needs_service()]
    due.sort(key=lambda t: t.km_since_service(), reverse=True)
    return due[:limit]


def departure_label(route: str, fleet_number: int, depot_code: str) -> str:
    return f"{route}/{fleet_number:03d}"


def run_out_order(plan: StablingPlan, routes: list[str]) -> list[str]:
    order: list[str] = []
    track = 1
    for route in routes:
        while track <= plan.track_count and not plan.tracks[track]:
            track += 1
        if track > plan.track_count:
            break
        tram = plan.tracks[track].pop()
        order.append(departure_label(route, tram.fleet_number, "NTH"))
    return order


def low_floor_share(trams: list[Tram]) -> float:
    if not trams:
        return 0.0
    low = sum(1 for t in trams if t.low_floor)
    return low / len(trams)


def wash_bays_busy(rotation: dict[int, list[int]], night: int) -> bool:
    return len(rotation.get(night, [])) >= WASH_BAY_COUNT

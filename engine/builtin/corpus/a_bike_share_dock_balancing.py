"""Rebalancing plan for a city bike-share scheme.

Docks drift empty in residential areas in the morning and full in the
centre; a van moves bikes between them overnight and at midday. This
module scores docks, pairs surplus with deficit and plans van runs.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Iterable, Optional

VAN_CAPACITY = 20
TARGET_FILL = 0.5
FILL_TOLERANCE = 0.15
EARTH_RADIUS_KM = 6371.0
VAN_SPEED_KMH = 22.0
HANDLING_MINUTES_PER_BIKE = 0.75
SHIFT_MINUTES = 240


class DockState(Enum):
    EMPTY = "empty"
    LOW = "low"
    BALANCED = "balanced"
    HIGH = "high"
    FULL = "full"


@dataclass
class Dock:
    """A docking station and its current bike count."""
    dock_id: str
    name: str
    lat: float
    lon: float
    capacity: int
    bikes: int
    broken_bikes: int = 0
    target_fill: float = TARGET_FILL

    @property
    def free_spaces(self) -> int:
        return self.capacity - self.bikes - self.broken_bikes

    @property
    def fill(self) -> float:
        return self.bikes / self.capacity if self.capacity else 0.0

    @property
    def state(self) -> DockState:
        if self.bikes == 0:
            return DockState.EMPTY
        if self.free_spaces == 0:
            return DockState.FULL
        if self.fill < self.target_fill - FILL_TOLERANCE:
            return DockState.LOW
        if self.fill > self.target_fill + FILL_TOLERANCE:
            return DockState.HIGH
        return DockState.BALANCED

    def imbalance(self) -> int:
        """Bikes above (positive) or below (negative) the target."""
        return self.bikes - round(self.capacity * self.target_fill)

    def distance_to(self, other: "Dock") -> float:
        return self.haversine_km(self.lat, self.lon, other.lat, other.lon)

    @staticmethod
    def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
        phi1, phi2 = math.radians(lat1), math.radians(lat2)
        dphi = phi2 - phi1
        dlambda = math.radians(lon2 - lon1)
        a = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlambda / 2) ** 2
        return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(a))


@dataclass
class Move:
    source: str
    destination: str
    bikes: int
    distance_km: float

    @property
    def minutes(self) -> float:
        return self.driving_minutes(self.distance_km) + 2 * self.bikes * HANDLING_MINUTES_PER_BIKE

    @staticmethod
    def driving_minutes(distance_km: float, speed_kmh: float = VAN_SPEED_KMH) -> float:
        # Streets are not straight lines: pad the crow-flies distance by 30%.
        return distance_km * 1.3 / speed_kmh * 60


def surplus_and_deficit(docks: Iterable[Dock]) -> tuple[list[Dock], list[Dock]]:
    """Split docks into those with bikes to spare and those short of bikes."""
    surplus: list[Dock] = []
    deficit: list[Dock] = []
    for dock in docks:
        if dock.state in (DockState.HIGH, DockState.FULL):
            surplus.append(dock)
        elif dock.state in (DockState.LOW, DockState.EMPTY):
            deficit.append(dock)
    surplus.sort(key=lambda d: d.imbalance(), reverse=True)
    deficit.sort(key=lambda d: d.imbalance())
    return surplus, deficit


def plan_moves(docks: list[Dock], *, van_capacity: int = VAN_CAPACITY) -> list[Move]:
    """Greedy pairing of each fullest dock with its nearest hungry dock."""
    surplus, deficit = surplus_and_deficit(docks)
    spare = {d.dock_id: d.imbalance() for d in surplus}
    need = {d.dock_id: -d.imbalance() for d in deficit}
    moves: list[Move] = []
    for source in surplus:
        while spare[source.dock_id] > 0:
            open_deficit = [d for d in deficit if need[d.dock_id] > 0]
            if not open_deficit:
                return moves
            destination = min(open_deficit, key=source.distance_to)
            bikes = min(spare[source.dock_id], need[destination.dock_id], van_capacity)
            moves.append(Move(source.dock_id, destination.dock_id, bikes, source.distance_to(destination)))
            spare[source.dock_id] -= bikes
            need[destination.dock_id] -= bikes
    return moves


def assign_vans(moves: list[Move], vans: list[str],
                shift_minutes: float = SHIFT_MINUTES) -> tuple[dict[str, list[Move]], list[Move]]:
    """Share moves between vans, biggest first, each to the least busy van it fits."""
    runs: dict[str, list[Move]] = {van: [] for van in vans}
    left_over: list[Move] = []
    for move in sorted(moves, key=lambda m: m.bikes, reverse=True):
        busy = {van: sum(m.minutes for m in planned) for van, planned in runs.items()}
        candidates = [van for van in runs if busy[van] + move.minutes <= shift_minutes]
        if not candidates:
            left_over.append(move)
            continue
        runs[min(candidates, key=busy.get)].append(move)
    return runs, left_over


def apply_moves(docks: list[Dock], moves: Iterable[Move]) -> None:
    by_id = {d.dock_id: d for d in docks}
    for move in moves:
        by_id[move.source].bikes -= move.bikes
        by_id[move.destination].bikes += move.bikes


def network_score(docks: Iterable[Dock]) -> float:
    """Share of docks in the balanced band; 1.0 means nothing to do."""
    docks = list(docks)
    if not docks:
        return 1.0
    balanced = sum(1 for d in docks if d.state is DockState.BALANCED)
    return round(balanced / len(docks), 3)


def load_docks(feed_path: Path, capacities: Optional[dict[str, int]] = None) -> list[Dock]:
    """Read docks from the operator's station-status JSON feed."""
    raw = json.loads(feed_path.read_text())
    docks: list[Dock] = []
    for station in raw.get("data", {}).get("stations", []):
        if not station.get("is_installed", True):
            continue
        capacity = (capacities or {}).get(station["station_id"], station.get("capacity", 0))
        docks.append(Dock(
            dock_id=station["station_id"],
            name=station.get("name", station["station_id"]),
            lat=float(station["lat"]),
            lon=float(station["lon"]),
            capacity=int(capacity),
            bikes=int(station.get("num_bikes_available", 0)),
            broken_bikes=int(station.get("num_bikes_disabled", 0)),
        ))
    return docks


def van_sheet(runs: dict[str, list[Move]], docks: list[Dock]) -> list[str]:
    """Printable run sheet for each van driver."""
    names = {d.dock_id: d.name for d in docks}
    lines: list[str] = []
    for van, planned in sorted(runs.items()):
        total_minutes = sum(m.minutes for m in planned)
        lines.append(f"Van {van}: {len(planned)} moves, {total_minutes:.0f} min")
        for step, move in enumerate(planned, start=1):
            lines.append(f"  {step}. {move.bikes:>2} bikes  {names[move.source]} -> {names[move.destination]}")
    return lines

"""Load planning for a house removals firm.

Estimates cubic volume from an inventory of household items, picks the
smallest van (or combination of vans) that will take the move, and
splits the inventory into loads in room order so the crew can unload
sensibly at the other end.
"""

import logging
import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Dict, Iterable, List, Optional, Tuple

logger = logging.getLogger("removals.loads")

ITEM_VOLUMES_M3: Dict[str, float] = {
    "sofa": 1.6,
    "armchair": 0.7,
    "double bed": 1.8,
    "single bed": 1.0,
    "wardrobe": 1.5,
    "chest of drawers": 0.6,
    "dining table": 1.0,
    "dining chair": 0.2,
    "fridge freezer": 0.9,
    "washing machine": 0.5,
    "box": 0.08,
    "bookcase": 0.7,
}
PACKING_EFFICIENCY = 0.85
CREW_HOURLY_RATE = 32.0
LOADING_MINUTES_PER_M3 = 6
ROOM_ORDER: Tuple[str, ...] = ("garage", "kitchen", "dining", "lounge", "bedroom", "loft")


class Van(Enum):
    """Vans on the fleet: label, internal volume and payload."""
    LUTON = ("Luton", 18.0, 1000)
    SEVEN_POINT_FIVE = ("7.5 tonne", 32.0, 2500)
    PANTECHNICON = ("Pantechnicon", 60.0, 8000)

    def __init__(self, label: str, capacity_m3: float, payload_kg: int) -> None:
        self.label = label
        self.capacity_m3 = capacity_m3
        self.payload_kg = payload_kg

    @property
    def usable_m3(self) -> float:
        return self.capacity_m3 * PACKING_EFFICIENCY


@dataclass
class InventoryLine:
    name: str
    room: str
    quantity: int = 1
    volume_m3: Optional[float] = None
    weight_kg: float = 0.0
    fragile: bool = False

    @property
    def unit_volume(self) -> float:
        """Volume of one item; falls back to the standard item table."""
        if self.volume_m3 is not None:
            return self.volume_m3
        return ITEM_VOLUMES_M3.get(self.name.lower(), 0.3)

    @property
    def total_volume(self) -> float:
        return self.unit_volume * self.quantity


@dataclass
class Load:
    van: Van
    lines: List[InventoryLine] = field(default_factory=list)

    @property
    def volume(self) -> float:
        return sum(line.total_volume for line in self.lines)

    @property
    def weight(self) -> float:
        return sum(line.weight_kg * line.quantity for line in self.lines)

    @property
    def fragile_items(self) -> List[str]:
        return [line.name for line in self.lines if line.fragile]

    def has_room_for(self, line: InventoryLine) -> bool:
        """Whether a line fits by both volume and weight."""
        if self.volume + line.total_volume > self.van.usable_m3:
            return False
        return self.weight + line.weight_kg * line.quantity <= self.van.payload_kg


def total_volume(inventory: Iterable[InventoryLine]) -> float:
    return round(sum(line.total_volume for line in inventory), 2)


def choose_van(volume_m3: float, *, prefer_single_trip: bool = True) -> Tuple[Van, int]:
    """Return the van type and number of trips for a given volume."""
    for van in Van:
        if volume_m3 <= van.usable_m3:
            return van, 1
    largest = Van.PANTECHNICON
    trips = math.ceil(volume_m3 / largest.usable_m3)
    if not prefer_single_trip:
        smaller = Van.SEVEN_POINT_FIVE
        return smaller, math.ceil(volume_m3 / smaller.usable_m3)
    return largest, trips


def _room_rank(room: str) -> int:
    try:
        return ROOM_ORDER.index(room.lower())
    except ValueError:
        return len(ROOM_ORDER)


def plan_loads(inventory: List[InventoryLine], van: Optional[Van] = None) -> List[Load]:
    """Split inventory into loads, loading rooms in a fixed order.

    Fragile items go last so they sit at the back doors.
    """
    if van is None:
        van, _ = choose_van(total_volume(inventory))
    ordered = sorted(inventory, key=lambda line: (line.fragile, _room_rank(line.room)))
    loads: List[Load] = [Load(van)]
    for line in ordered:
        if line.total_volume > van.usable_m3:
            logger.warning("%s (%s) will not fit in a %s", line.name, line.room, van.label)
            continue
        if not loads[-1].has_room_for(line):
            loads.append(Load(van))
        loads[-1].lines.append(line)
    return loads


def estimate_price(inventory: List[InventoryLine], drive_hours: float, crew_size: int = 3,
                   *, packing_service: bool = False) -> Dict[str, float]:
    """Quote for the move: labour for loading, driving and unloading."""
    volume = total_volume(inventory)
    van, trips = choose_van(volume)
    # loading and unloading both take the same crew time
    load_minutes = volume * LOADING_MINUTES_PER_M3 * 3 / max(crew_size, 1)
    load_time = round(load_minutes / 60, 2) * 2
    total_hours = load_time + drive_hours * (2 * trips - 1)
    labour = total_hours * CREW_HOURLY_RATE * crew_size
    packing = volume * 9.5 if packing_service else 0.0
    boxes = sum(line.quantity for line in inventory if line.name.lower() == "box")
    return {
        "volume_m3": volume,
        "van": van.label,
        "trips": trips,
        "hours": round(total_hours, 1),
        "labour": round(labour, 2),
        "packing": round(packing, 2),
        "boxes": boxes,
        "total": round(labour + packing, 2),
    }


def load_sheet(loads: List[Load]) -> str:
    """Printable sheet for the crew listing each load by room."""
    lines = []
    for number, load in enumerate(loads, start=1):
        lines.append(f"Load {number} - {load.van.label} "
                     f"({load.volume:.1f}/{load.van.usable_m3:.1f} m3, {load.weight:.0f} kg)")
        for room in sorted({line.room for line in load.lines}, key=_room_rank):
            names = [f"{l.quantity} x {l.name}" for l in load.lines if l.room == room]
            lines.append(f"  {room.title()}: " + ", ".join(names))
        if load.fragile_items:
            lines.append("  Fragile, load last: " + ", ".join(load.fragile_items))
    return "\n".join(lines)


def access_surcharge(floors: int, *, lift: bool = False, carry_metres: int = 0,
                     parking_permit: bool = False) -> float:
    """Extra crew time for stairs, long carries and suspended bays."""
    surcharge = 0.0
    if floors > 0 and not lift:
        surcharge += floors * 0.5 * CREW_HOURLY_RATE
    if carry_metres > 20:
        surcharge += math.ceil((carry_metres - 20) / 10) * 0.25 * CREW_HOURLY_RATE
    if parking_permit:
        surcharge += 45.0
    return round(surcharge, 2)

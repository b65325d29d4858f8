"""Local delivery rounds for a garden centre.

Customers buy compost, paving and shrubs in store and we deliver them
on set days by postcode area. This module prices deliveries, packs
orders onto the flatbed and the small van, and builds the driver's
round sheet.
"""

from __future__ import annotations

import csv
import logging
import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

logger = logging.getLogger(__name__)

DELIVERY_DAYS: Dict[str, Tuple[int, ...]] = {
    "GL1": (1, 3),
    "GL2": (1, 3),
    "GL3": (2, 4),
    "GL4": (2, 4),
    "GL50": (5,),
    "GL51": (5,),
}
FREE_DELIVERY_THRESHOLD = Decimal("75.00")
DELIVERY_CHARGE = Decimal("9.95")
HEAVY_SURCHARGE_PER_PALLET = Decimal("15.00")
FLATBED_PAYLOAD_KG = 1800
SMALL_VAN_PAYLOAD_KG = 650
ROUND_SHEET = "round_{day}.csv"
POSTCODE_PATTERN = re.compile(r"^([A-Z]{1,2}\d{1,2})\s*(\d[A-Z]{2})$")


@dataclass
class OrderLine:
    """A product on a delivery order."""
    sku: str
    description: str
    quantity: int
    unit_price: Decimal
    unit_weight_kg: float
    palletised: bool = False

    @property
    def subtotal(self) -> Decimal:
        return self.unit_price * self.quantity

    @property
    def weight(self) -> float:
        return self.unit_weight_kg * self.quantity


@dataclass
class DeliveryOrder:
    reference: str
    customer: str
    address: str
    postcode: str
    lines: List[OrderLine] = field(default_factory=list)
    phone: str = ""
    leave_if_out: bool = False
    delivery_date: Optional[date] = None

    @property
    def goods_total(self) -> Decimal:
        return sum((line.subtotal for line in self.lines), Decimal("0"))

    @property
    def weight(self) -> float:
        return sum(line.weight for line in self.lines)

    @property
    def pallets(self) -> int:
        """Number of palletised items (paving, sand, bulk bags)."""
        return sum(line.quantity for line in self.lines if line.palletised)

    @property
    def outward_code(self) -> Optional[str]:
        return outward_code(self.postcode)


def outward_code(postcode: str) -> Optional[str]:
    """First half of a UK postcode, e.g. 'GL51' from 'GL51 9AB'."""
    match = POSTCODE_PATTERN.match(postcode.strip().upper())
    return match.group(1) if match else None


def delivery_charge(order: DeliveryOrder, *, staff_discount: bool = False) -> Decimal:
    """Delivery charge for an order, free over the threshold except for pallets."""
    charge = Decimal("0") if order.goods_total >= FREE_DELIVERY_THRESHOLD else DELIVERY_CHARGE
    charge += HEAVY_SURCHARGE_PER_PALLET * order.pallets
    if staff_discount:
        charge = charge / 2
    return charge.quantize(Decimal("0.01"))


def next_delivery_date(postcode: str, ordered_on: date, cutoff_hour_passed: bool = False) -> Optional[date]:
    """First scheduled day for the area, at least one day after ordering."""
    area = outward_code(postcode)
    weekdays = DELIVERY_DAYS.get(area or "")
    if not weekdays:
        return None
    candidate = ordered_on + timedelta(days=2 if cutoff_hour_passed else 1)
    for _ in range(14):
        if candidate.isoweekday() in weekdays:
            return candidate
        candidate += timedelta(days=1)
    return None


class VehicleLoad:
    """What is going on one vehicle for the round."""
    def __init__(self, name: str, payload_kg: float, takes_pallets: bool = True) -> None:
        self.name = name
        self.payload_kg = payload_kg
        self.takes_pallets = takes_pallets
        self.orders: List[DeliveryOrder] = []

    @property
    def weight(self) -> float:
        return sum(order.weight for order in self.orders)

    def can_take(self, order: DeliveryOrder) -> bool:
        if order.pallets and not self.takes_pallets:
            return False
        return self.weight + order.weight <= self.payload_kg

    def add(self, order: DeliveryOrder) -> bool:
        if not self.can_take(order):
            return False
        self.orders.append(order)
        return True


def pack_vehicles(orders: Iterable[DeliveryOrder]) -> Tuple[List[VehicleLoad], List[DeliveryOrder]]:
    """Heaviest orders first: small van if it fits, otherwise the flatbed.

    Returns the two vehicle loads and any orders that did not fit either.
    """
    flatbed = VehicleLoad("Flatbed", FLATBED_PAYLOAD_KG)
    van = VehicleLoad("Small van", SMALL_VAN_PAYLOAD_KG, takes_pallets=False)
    left_over: List[DeliveryOrder] = []
    for order in sorted(orders, key=lambda o: o.weight, reverse=True):
        if van.add(order) or flatbed.add(order):
            continue
        logger.warning("Order %s (%.0f kg) rolled to next round", order.reference, order.weight)
        left_over.append(order)
    return [flatbed, van], left_over


def group_by_area(orders: Iterable[DeliveryOrder]) -> Dict[str, List[DeliveryOrder]]:
    areas: Dict[str, List[DeliveryOrder]] = defaultdict(list)
    for order in orders:
        areas[order.outward_code or "UNKNOWN"].append(order)
    return dict(sorted(areas.items()))


def write_round_sheet(vehicle: VehicleLoad, day: date, folder: Path) -> Path:
    """Append the vehicle's drops to the day's round sheet CSV."""
    path = folder / ROUND_SHEET.format(day=day.isoformat())
    new_file = not path.exists()
    with path.open("a", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        if new_file:
            writer.writerow(["vehicle", "ref", "customer", "address", "postcode", "phone",
                             "items", "kg", "leave if out"])
        for order in sorted(vehicle.orders, key=lambda o: o.postcode):
            items = "; ".join(f"{l.quantity} x {l.description}" for l in order.lines)
            writer.writerow([vehicle.name, order.reference, order.customer, order.address,
                             order.postcode, order.phone, items, f"{order.weight:.0f}",
                             "yes" if order.leave_if_out else "no"])
    return path


def plan_day(orders: List[DeliveryOrder], day: date, folder: Path) -> Dict[str, object]:
    todays = [o for o in orders if o.delivery_date == day]
    vehicles, rolled = pack_vehicles(todays)
    for vehicle in vehicles:
        if vehicle.orders:
            write_round_sheet(vehicle, day, folder)
    for order in rolled:
        order.delivery_date = next_delivery_date(order.postcode, day)
    return {
        "day": day.isoformat(),
        "orders": len(todays),
        "loads": {v.name: round(v.weight) for v in vehicles},
        "rolled": [o.reference for o in rolled],
        "charges": str(sum((delivery_charge(o) for o in todays), Decimal("0"))),
    }

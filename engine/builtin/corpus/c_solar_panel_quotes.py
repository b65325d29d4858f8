"""Quoting domestic solar PV installations."""

import math
from dataclasses import dataclass
from decimal import Decimal

PANEL_WATTS = 430
PANEL_AREA_M2 = 1.95
PRICE_PER_PANEL = Decimal("185.00")
INVERTER_PRICES = {3.6: Decimal("780"), 5.0: Decimal("1050"), 6.0: Decimal("1290")}
SCAFFOLD_PRICE = Decimal("650")
BATTERY_PRICE_PER_KWH = Decimal("420")
VAT_RATE = Decimal("0")
ORIENTATION_FACTORS = {"S": 1.0, "SE": 0.95, "SW": 0.95, "E": 0.85, "W": 0.85, "N": 0.6}


@dataclass
class Roof:
    width_m: float
    height_m: float
    orientation: str = "S"
    pitch_degrees: int = 35
    storeys: int = 2
    shading: float = 0.0

    def usable_area(self, edge_margin_m=0.4):
        width = max(self.width_m - 2 * edge_margin_m, 0)
        height = max(self.height_m - 2 * edge_margin_m, 0)
        return width * height


def panels_that_fit(roof: Roof) -> int:
    return int(roof.usable_area() // PANEL_AREA_M2)


def annual_generation_kwh(panels, orientation="S", shading=0.0, *, yield_per_kwp=950):
    kwp = panels * PANEL_WATTS / 1000
    factor = ORIENTATION_FACTORS.get(orientation.upper(), 0.8)
    return round(kwp * yield_per_kwp * factor * (1 - shading))


def _inverter_for(kwp):
    for size in sorted(INVERTER_PRICES):
        if kwp <= size * 1.2:
            return size, INVERTER_PRICES[size]
    size = max(INVERTER_PRICES)
    return size, INVERTER_PRICES[size]


class Quote:
    def __init__(self, customer, roof: Roof, panels=None, battery_kwh=0):
        self.customer = customer
        self.roof = roof
        self.panels = panels if panels is not None else panels_that_fit(roof)
        self.battery_kwh = battery_kwh

    @property
    def system_kwp(self) -> float:
        return round(self.panels * PANEL_WATTS / 1000, 2)

    def line_items(self):
        inverter_size, inverter_price = _inverter_for(self.system_kwp)
        items = [
            (f"{self.panels} x {PANEL_WATTS} W panels", PRICE_PER_PANEL * self.panels),
            (f"{inverter_size} kW inverter", inverter_price),
        ]
        if self.roof.storeys >= 2:
            items.append(("Scaffolding", SCAFFOLD_PRICE * (self.roof.storeys - 1)))
        if self.battery_kwh:
            items.append((f"{self.battery_kwh} kWh battery", BATTERY_PRICE_PER_KWH * self.battery_kwh))
        return items

    def total(self, include_vat=True) -> Decimal:
        subtotal = sum((price for _, price in self.line_items()), Decimal("0"))
        if include_vat:
            subtotal += subtotal * VAT_RATE
        return subtotal.quantize(Decimal("0.01"))

    def payback_years(self, unit_rate=0.28, export_rate=0.15, self_use=0.4):
        generated = annual_generation_kwh(self.panels, self.roof.orientation, self.roof.shading)
        if self.battery_kwh:
            self_use = min(self_use + 0.3, 0.85)
        saving = generated * self_use * unit_rate + generated * (1 - self_use) * export_rate
        if saving <= 0:
            return math.inf
        return round(float(self.total()) / saving, 1)

    def summary(self):
        lines = [f"Quote for {self.customer}: {self.system_kwp} kWp"]
        lines += [f"  {label}: £{price:,.2f}" for label, price in self.line_items()]
        lines.append(f"  Total: £{self.total():,.2f}")
        lines.append(f"  Estimated payback: {self.payback_years()} years")
        return "\n".join(lines)

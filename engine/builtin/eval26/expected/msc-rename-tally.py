"""Order and materials tracking for a small mosaic studio."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

TESSERAE_PER_SQ_CM = 1.6
GROUT_KG_PER_SQ_M = 1.8
DEFAULT_GROUT_COLOUR = "charcoal"
WASTE_ALLOWANCE = 0.1


@dataclass
class TileColour:
    name: str
    material: str
    stock_count: int


@dataclass
class Commission:
    client: str
    width_cm: float
    height_cm: float
    palette: list[str] = field(default_factory=list)
    grout_colour: str = DEFAULT_GROUT_COLOUR
    paid_deposit: bool = False

    def area_sq_cm(self) -> float:
        return self.width_cm * self.height_cm


class MaterialStore:
    def __init__(self):
        self.colours: dict[str, TileColour] = {}
        self.grout_kg = 0.0

    def add_colour(self, colour: TileColour) -> None:
        self.colours[colour.name] = colour

    def take_tiles(self, name: str, count: int) -> int:
        colour = self.colours[name]
        taken = min(count, colour.stock_count)
        colour.stock_count -= taken
        return taken

    def low_stock(self, threshold: int) -> list[str]:
        return sorted(name for name, colour in self.colours.items() if colour.stock_count < threshold)


def tesserae_needed(commission: Commission) -> int:
    base = commission.area_sq_cm() * TESSERAE_PER_SQ_CM
    return int(base * (1 + WASTE_ALLOWANCE))


def grout_needed(commission: Commission) -> float:
    area_sq_m = commission.area_sq_cm() / 10000
    return round(area_sq_m * GROUT_KG_PER_SQ_M, 2)


def split_by_colour(commission: Commission, total: int) -> dict[str, int]:
    if not commission.palette:
        return {}
    share = total // len(commission.palette)
    counts = {name: share for name in commission.palette}
    counts[commission.palette[0]] += total - share * len(commission.palette)
    return counts


def reserve_materials(store: MaterialStore, commission: Commission) -> dict[str, int]:
    wanted = split_by_colour(commission, tesserae_needed(commission))
    shortfall = {}
    for name, count in wanted.items():
        taken = store.take_tiles(name, count)
        if taken < count:
            shortfall[name] = count - taken
    store.grout_kg -= grout_needed(commission)
    return shortfall


def popular_colours(commissions: list[Commission], top_n: int) -> list[str]:
    colour_counts = Counter()
    for commission in commissions:
        colour_counts.update(commission.palette)
    return [name for name, _ in colour_counts.most_common(top_n)]


def quote(commission: Commission, rate_per_sq_cm: float) -> float:
    price = commission.area_sq_cm() * rate_per_sq_cm
    if commission.grout_colour != DEFAULT_GROUT_COLOUR:
        price += 25.0
    return round(price, 2)


def deposit_due(commission: Commission, rate_per_sq_cm: float) -> float:
    if commission.paid_deposit:
        return 0.0
    return round(quote(commission, rate_per_sq_cm=rate_per_sq_cm) * 0.3, 2)


def studio_digest(store: MaterialStore, commissions: list[Commission]) -> list[str]:
    lines = [f"{len(commissions)} commissions on the books"]
    for name in store.low_stock(threshold=200):
        lines.append(f"reorder {name}")
    lines.append("popular: " + ", ".join(popular_colours(commissions, top_n=3)))
    return lines

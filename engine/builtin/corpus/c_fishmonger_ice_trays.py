"""Counter display trays and ice for the fishmonger."""

import math
from datetime import datetime, timedelta

ICE_KG_PER_TRAY = 6.0
ICE_TOP_UP_HOURS = 3
MAX_DISPLAY_HOURS = 10
TRAY_SIZES = {"small": 0.2, "standard": 0.35, "large": 0.6}
SHOP_TEMPERATURE_FACTOR = 0.05


class Tray:
    def __init__(self, position, species, size="standard", laid_at=None):
        self.position = position
        self.species = species
        self.size = size
        self.laid_at = laid_at or datetime.now()
        self.last_iced = self.laid_at
        self.stock_kg = 0.0

    def ice_needed(self, shop_temp_c=16):
        base = ICE_KG_PER_TRAY * TRAY_SIZES[self.size] / TRAY_SIZES["standard"]
        warmth = max(shop_temp_c - 12, 0) * SHOP_TEMPERATURE_FACTOR
        return round(base * (1 + warmth), 1)

    def needs_top_up(self, now):
        return now - self.last_iced >= timedelta(hours=ICE_TOP_UP_HOURS)

    def must_clear(self, now):
        return now - self.laid_at >= timedelta(hours=MAX_DISPLAY_HOURS)


def morning_ice(trays, shop_temp_c=16, bag_kg=10):
    total = sum(tray.ice_needed(shop_temp_c) for tray in trays)
    return total, math.ceil(total / bag_kg)


def top_up_round(trays, now, shop_temp_c=16):
    """Trays to re-ice now and how much ice the round needs."""
    due = [tray for tray in trays if tray.needs_top_up(now) and not tray.must_clear(now)]
    for tray in due:
        tray.last_iced = now
    ice = sum(tray.ice_needed(shop_temp_c) / 2 for tray in due)
    return [tray.position for tray in due], round(ice, 1)


def clear_list(trays, now):
    return sorted((t.position, t.species) for t in trays if t.must_clear(now))


def restock(trays, species, kilos, *, size="standard", now=None):
    """Put fresh fish out, reusing a tray of the same species if one is still good."""
    now = now or datetime.now()
    for tray in trays:
        if tray.species == species and not tray.must_clear(now):
            tray.stock_kg += kilos
            return tray
    taken = {tray.position for tray in trays}
    position = next(p for p in range(1, len(trays) + 2) if p not in taken)
    tray = Tray(position, species, size=size, laid_at=now)
    tray.stock_kg = kilos
    trays.append(tray)
    return tray

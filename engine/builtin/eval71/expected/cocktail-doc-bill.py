"""Menu and pricing for a small cocktail bar."""

import json
from decimal import Decimal, ROUND_HALF_UP

BAR_NAME = "The Copper Still"
SERVICE_CHARGE = Decimal("0.125")
HAPPY_HOUR_DISCOUNT = Decimal("0.25")
SPIRIT_MEASURE_ML = 50


def to_price(value):
    return Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def units_of_alcohol(volume_ml, abv):
    return round(volume_ml * abv / 1000, 1)


def happy_hour_price(price, discount=HAPPY_HOUR_DISCOUNT):
    return to_price(price * (1 - discount))


class Cocktail:
    def __init__(self, name, base_spirit, price, abv=0.2):
        self.name = name
        self.base_spirit = base_spirit
        self.price = to_price(price)
        self.abv = abv
        self.garnish = None

    def set_garnish(self, garnish):
        self.garnish = garnish
        return self

    def units(self, volume_ml=SPIRIT_MEASURE_ML * 3):
        return units_of_alcohol(volume_ml, self.abv)

    def menu_line(self):
        line = f"{self.name} ({self.base_spirit}) - £{self.price}"
        if self.garnish:
            line += f", with {self.garnish}"
        return line


class BarMenu:
    def __init__(self, title=BAR_NAME):
        self.title = title
        self.drinks = {}
        self.sold_out = set()

    def add_drink(self, cocktail):
        self.drinks[cocktail.name] = cocktail
        return len(self.drinks)

    def mark_sold_out(self, name):
        self.sold_out.add(name)

    def available(self):
        return [drink for name, drink in self.drinks.items() if name not in self.sold_out]

    def by_spirit(self, spirit):
        matches = []
        for drink in self.available():
            if drink.base_spirit.lower() == spirit.lower():
                matches.append(drink)
        return sorted(matches, key=lambda drink: drink.price)

    def bill(self, names, happy_hour=False):
        """Total the named drinks and add the service charge."""
        total = Decimal("0")
        for name in names:
            drink = self.drinks[name]
            price = happy_hour_price(drink.price) if happy_hour else drink.price
            total += price
        total += total * SERVICE_CHARGE
        return to_price(total)

    def render(self, heading=None):
        lines = [heading or self.title]
        for drink in sorted(self.available(), key=lambda drink: drink.name):
            lines.append(drink.menu_line())
        return "\n".join(lines)


def load_menu(path, title=BAR_NAME):
    with open(path, encoding="utf-8") as handle:
        records = json.load(handle)
    menu = BarMenu(title)
    for record in records:
        drink = Cocktail(record["name"], record["spirit"], record["price"], record.get("abv", 0.2))
        if record.get("garnish"):
            drink.set_garnish(record["garnish"])
        menu.add_drink(drink)
    return menu


def strongest(menu, limit=3):
    ranked = sorted(menu.available(), key=lambda drink: drink.units(), reverse=True)
    return [drink.name for drink in ranked[:limit]]

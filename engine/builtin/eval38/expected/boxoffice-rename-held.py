"""Box office for a small theatre: seat maps, price bands and ticket sales."""

import json
import string
from decimal import ROUND_HALF_UP, Decimal

BOOKING_FEE = Decimal("1.50")
CONCESSION_RATE = Decimal("0.80")
ROWS = string.ascii_uppercase[:12]
SEATS_PER_ROW = 18
PRICE_BANDS = {"stalls": Decimal("32.00"), "circle": Decimal("26.00"), "gods": Decimal("14.00")}


def band_for_row(row):
    index = ROWS.index(row)
    if index < 6:
        return "stalls"
    if index < 10:
        return "circle"
    return "gods"


def ticket_price(row, concession=False, include_fee=True):
    price = PRICE_BANDS[band_for_row(row)]
    if concession:
        price = (price * CONCESSION_RATE).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    if include_fee:
        price += BOOKING_FEE
    return price


def parse_seat(label, strict=True):
    row = label[0].upper()
    number = int(label[1:])
    if row not in ROWS or not 1 <= number <= SEATS_PER_ROW:
        raise ValueError(f"no such seat: {label}")
    return row, number


class Performance:
    def __init__(self, title, date, matinee=False):
        self.title = title
        self.date = date
        self.matinee = matinee
        self.sold = {}
        self.reserved = set()

    def is_free(self, row, number):
        seat = (row, number)
        return seat not in self.sold and seat not in self.reserved

    def hold(self, label):
        seat = parse_seat(label, strict=False)
        if not self.is_free(*seat):
            return False
        self.reserved.add(seat)
        return True

    def release(self, label):
        self.reserved.discard(parse_seat(label))

    def sell(self, label, customer, concession=False):
        row, number = parse_seat(label, strict=True)
        if (row, number) in self.sold:
            raise ValueError(f"{label} is already sold")
        self.reserved.discard((row, number))
        price = ticket_price(row, concession)
        self.sold[(row, number)] = {"customer": customer, "price": price, "concession": concession}
        return price

    def takings(self):
        return sum((sale["price"] for sale in self.sold.values()), Decimal("0"))

    def capacity(self):
        return len(ROWS) * SEATS_PER_ROW

    def occupancy(self):
        return round(len(self.sold) / self.capacity(), 3)


class BoxOffice:
    def __init__(self, venue):
        self.venue = venue
        self.performances = {}

    def schedule(self, title, date, matinee=False):
        key = f"{title}@{date}"
        self.performances[key] = Performance(title, date, matinee)
        return self.performances[key]

    def find(self, title, date):
        return self.performances.get(f"{title}@{date}")

    def sell_seat(self, title, date, label, customer, concession=False):
        performance = self.find(title, date)
        if performance is None:
            raise KeyError(f"{title} is not playing on {date}")
        return performance.sell(label, customer, concession)

    def nightly_report(self, date):
        lines = [f"{self.venue} box office, {date}"]
        for performance in self.performances.values():
            if performance.date != date:
                continue
            sold = len(performance.sold)
            lines.append(f"{performance.title}: {sold} sold, {performance.takings()} taken")
        return "\n".join(lines)

    def export(self, path, indent=2):
        data = {}
        for key, performance in self.performances.items():
            data[key] = {f"{row}{number}": sale for (row, number), sale in performance.sold.items()}
        with open(path, "w") as handle:
            json.dump(data, handle, indent=indent, default=str)
        return len(data)

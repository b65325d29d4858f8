"""Weighbridge tickets for the scrapyard."""

import csv
from decimal import Decimal, ROUND_DOWN

PRICES_PER_TONNE = {
    "copper": Decimal("5850"),
    "brass": Decimal("3400"),
    "aluminium": Decimal("900"),
    "lead": Decimal("1250"),
    "heavy_iron": Decimal("210"),
    "light_iron": Decimal("150"),
}
CONTAMINATION_DEDUCTION = Decimal("0.05")
MINIMUM_NET_KG = 5
TICKET_FILE = "weighbridge_tickets.csv"


def net_weight(gross_kg, tare_kg):
    net = gross_kg - tare_kg
    if net < MINIMUM_NET_KG:
        return 0
    return net


def payout(metal, gross_kg, tare_kg, contaminated=False):
    try:
        price = PRICES_PER_TONNE[metal]
    except KeyError:
        raise ValueError(f"we don't buy {metal!r}")
    kilos = Decimal(net_weight(gross_kg, tare_kg))
    value = price * kilos / Decimal(1000)
    if contaminated:
        value -= value * CONTAMINATION_DEDUCTION
    return value.quantize(Decimal("0.01"), rounding=ROUND_DOWN)


class Ticket:
    def __init__(self, number, vehicle_reg, metal, gross_kg, tare_kg, contaminated=False):
        self.number = number
        self.vehicle_reg = vehicle_reg.upper().replace(" ", "")
        self.metal = metal
        self.gross_kg = gross_kg
        self.tare_kg = tare_kg
        self.contaminated = contaminated

    @property
    def amount(self):
        return payout(self.metal, self.gross_kg, self.tare_kg, contaminated=self.contaminated)

    def as_row(self):
        return [self.number, self.vehicle_reg, self.metal, self.gross_kg,
                self.tare_kg, str(self.amount)]


def write_tickets(tickets, path=TICKET_FILE):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["ticket", "vehicle", "metal", "gross_kg", "tare_kg", "paid"])
        for ticket in tickets:
            writer.writerow(ticket.as_row())
    return len(tickets)


def totals_by_metal(tickets):
    totals = {}
    for ticket in tickets:
        kilos = net_weight(ticket.gross_kg, ticket.tare_kg)
        totals[ticket.metal] = totals.get(ticket.metal, 0) + kilos
    return totals

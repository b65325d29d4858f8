"""Weigh-ins and payouts at a scrapyard weighbridge."""

import math
import uuid
from collections import defaultdict

PRICE_PER_TONNE = {"copper": 5200.0, "brass": 3100.0, "aluminium": 900.0, "steel": 180.0, "lead": 1250.0}
MIN_NET_KG = 5
CONTAMINATION_DEDUCTION = 0.08
CASH_LIMIT = 500.0
SCALE_RESOLUTION_KG = 20


def round_to_scale(weight_kg, resolution=SCALE_RESOLUTION_KG):
    return math.floor(weight_kg / resolution) * resolution


def net_weight(gross_kg, tare_kg, resolution=SCALE_RESOLUTION_KG):
    net = round_to_scale(gross_kg, resolution) - round_to_scale(tare_kg, resolution)
    return max(net, 0)


def payout(metal, net_kg, contaminated=False):
    if net_kg < MIN_NET_KG:
        return 0.0
    rate = PRICE_PER_TONNE.get(metal, 0.0) / 1000
    amount = net_kg * rate
    if contaminated:
        amount *= 1 - CONTAMINATION_DEDUCTION
    return round(amount, 2)


def price_list(metals=None):
    chosen = metals or sorted(PRICE_PER_TONNE)
    return {metal: PRICE_PER_TONNE[metal] for metal in chosen if metal in PRICE_PER_TONNE}


class Ticket:
    def __init__(self, vehicle_reg, metal, gross_kg):
        self.ticket_id = uuid.uuid4().hex[:8]
        self.vehicle_reg = vehicle_reg
        self.metal = metal
        self.gross_kg = gross_kg
        self.tare_kg = None
        self.amount = None

    def complete(self, tare_kg, contaminated=False):
        self.tare_kg = tare_kg
        net = net_weight(self.gross_kg, tare_kg)
        self.amount = payout(self.metal, net, contaminated=contaminated)
        return self.amount

    def is_open(self):
        return self.tare_kg is None


class Weighbridge:
    def __init__(self, site, cash_limit=CASH_LIMIT):
        self.site = site
        self.cash_limit = cash_limit
        self.tickets = {}
        self.totals_kg = defaultdict(float)

    def weigh_in(self, vehicle_reg, metal, gross_kg):
        ticket = Ticket(vehicle_reg, metal, gross_kg)
        self.tickets[ticket.ticket_id] = ticket
        return ticket.ticket_id

    def weigh_out(self, ticket_id, tare_kg, contaminated=False):
        ticket = self.tickets[ticket_id]
        amount = ticket.complete(tare_kg, contaminated=contaminated)
        self.totals_kg[ticket.metal] += net_weight(ticket.gross_kg, tare_kg)
        return amount

    def payment_method(self, amount):
        if amount > self.cash_limit:
            return "bank transfer"
        return "cash"

    def open_tickets(self):
        return [t for t in self.tickets.values() if t.is_open()]

    def total_paid(self):
        return round(sum(t.amount for t in self.tickets.values() if t.amount is not None), 2)

    def day_summary(self):
        lines = [f"{self.site} weighbridge"]
        for metal, kg in sorted(self.totals_kg.items()):
            lines.append(f"{metal}: {kg:.0f} kg")
        lines.append(f"open tickets: {len(self.open_tickets())}")
        lines.append(f"paid out: {self.total_paid():.2f}")
        return "\n".join(lines)

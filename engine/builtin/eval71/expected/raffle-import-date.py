"""Ticket sales and the prize draw for a village fete raffle."""

import random
from collections import Counter
from datetime import date

TICKET_PRICE = 1.0
BOOK_SIZE = 5
BOOK_PRICE = 4.0
DRAW_SEED = None


def price_for(tickets, single=TICKET_PRICE, book=BOOK_PRICE):
    books, loose = divmod(tickets, BOOK_SIZE)
    return round(books * book + loose * single, 2)


def ticket_numbers(start, count):
    return list(range(start, start + count))


def pick_winner(pool, rng=None):
    rng = rng or random.Random(DRAW_SEED)
    return rng.choice(pool)


class Prize:
    def __init__(self, title, donor, value=0.0):
        self.title = title
        self.donor = donor
        self.value = value
        self.winner = None

    def award(self, ticket):
        self.winner = ticket
        return self.title


class Raffle:
    def __init__(self, fete_name, first_ticket=1):
        self.fete_name = fete_name
        self.next_ticket = first_ticket
        self.holders = {}
        self.prizes = []
        self.takings = 0.0

    def sell(self, buyer, tickets=1):
        numbers = ticket_numbers(self.next_ticket, tickets)
        for number in numbers:
            self.holders[number] = buyer
        self.next_ticket += tickets
        self.takings += price_for(tickets)
        return numbers

    def add_prize(self, title, donor, value=0.0):
        prize = Prize(title, donor, value)
        self.prizes.append(prize)
        return prize

    def tickets_sold(self):
        return len(self.holders)

    def top_buyers(self, limit=3):
        tally = Counter(self.holders.values())
        return tally.most_common(limit)

    def draw(self, rng=None):
        rng = rng or random.Random(DRAW_SEED)
        remaining = list(self.holders)
        results = []
        for prize in sorted(self.prizes, key=lambda item: item.value, reverse=True):
            if not remaining:
                break
            ticket = pick_winner(remaining, rng=rng)
            remaining.remove(ticket)
            prize.award(ticket)
            results.append((prize.title, ticket, self.holders[ticket]))
        return results

    def unclaimed(self):
        return [prize.title for prize in self.prizes if prize.winner is None]


def announce(raffle, results, header="And the winners are"):
    lines = [f"{raffle.fete_name}: {header}"]
    for title, ticket, buyer in results:
        lines.append(f"Ticket {ticket} ({buyer}) wins {title}")
    lines.append(f"Raised £{raffle.takings:.2f} from {raffle.tickets_sold()} tickets")
    return "\n".join(lines)


def run_draw(raffle, seed=42):
    rng = random.Random(seed)
    results = raffle.draw(rng=rng)
    return announce(raffle, results)

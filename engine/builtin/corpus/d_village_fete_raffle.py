import random
from itertools import count

TICKET_PRICE = 1.00
BOOK_PRICE = 5.00
TICKETS_PER_BOOK = 5
FIRST_TICKET = 1001
COLOURS = ("pink", "blue", "yellow", "green")


class Raffle:
    def __init__(self, prizes, seed=None):
        # prizes are listed best first, the first drawn ticket picks first
        self.prizes = list(prizes)
        self.tickets = {}
        self.takings = 0.0
        self._numbers = {colour: count(FIRST_TICKET) for colour in COLOURS}
        self._random = random.Random(seed)

    def sell(self, buyer, books=0, singles=0, colour="pink"):
        if colour not in COLOURS:
            raise ValueError(f"no {colour} tickets this year")
        quantity = books * TICKETS_PER_BOOK + singles
        sold = []
        for _ in range(quantity):
            ticket = (colour, next(self._numbers[colour]))
            self.tickets[ticket] = buyer
            sold.append(ticket)
        self.takings += price(books, singles)
        return sold

    def draw(self, one_prize_each=True):
        remaining = list(self.tickets)
        self._random.shuffle(remaining)
        winners = []
        already_won = set()
        for prize in self.prizes:
            while remaining:
                ticket = remaining.pop()
                buyer = self.tickets[ticket]
                if one_prize_each and buyer in already_won:
                    continue
                winners.append((prize, ticket, buyer))
                already_won.add(buyer)
                break
        return winners


def price(books, singles, book_price=BOOK_PRICE, ticket_price=TICKET_PRICE):
    return books * book_price + singles * ticket_price


def announce(winners):
    lines = []
    for prize, (colour, number), buyer in winners:
        lines.append(f"{colour.title()} {number}: {buyer} wins the {prize}")
    return "\n".join(lines) if lines else "No tickets sold"


def tickets_by_buyer(raffle):
    counts = {}
    for buyer in raffle.tickets.values():
        counts[buyer] = counts.get(buyer, 0) + 1
    return sorted(counts.items(), key=lambda pair: pair[1], reverse=True)

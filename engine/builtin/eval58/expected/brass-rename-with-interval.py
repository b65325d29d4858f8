"""Concert planning for a village brass band: programmes, players and the takings."""

import json
from datetime import date
from pathlib import Path

INTERVAL_MINUTES = 20
MAX_PROGRAMME_MINUTES = 110
TICKET_PRICE = 12.50
CONCESSION_PRICE = 8.00
SECTIONS = ("cornets", "horns", "baritones", "euphoniums", "trombones", "basses", "percussion")


class Piece:
    def __init__(self, title, composer, minutes, featured_section=None):
        self.title = title
        self.composer = composer
        self.minutes = minutes
        self.featured_section = featured_section

    def describe(self):
        credit = f"{self.title} ({self.composer})"
        if self.featured_section:
            credit += f", featuring the {self.featured_section}"
        return credit


def programme_length(pieces, include_interval=True):
    total = sum(piece.minutes for piece in pieces)
    if include_interval:
        total += INTERVAL_MINUTES
    return total


def fits_programme(pieces, limit=MAX_PROGRAMME_MINUTES):
    return programme_length(pieces) <= limit


def takings(full_price_sold, concessions_sold, price=TICKET_PRICE):
    return round(full_price_sold * price + concessions_sold * CONCESSION_PRICE, 2)


class Concert:
    def __init__(self, venue, concert_date, pieces=None):
        self.venue = venue
        self.concert_date = concert_date
        self.pieces = list(pieces or [])
        self.players = {}
        self.sales = {"full": 0, "concession": 0}

    def add_piece(self, piece):
        if not fits_programme(self.pieces + [piece]):
            raise ValueError(f"{piece.title} would overrun the programme")
        self.pieces.append(piece)

    def book_player(self, name, section):
        if section not in SECTIONS:
            raise ValueError(f"unknown section: {section}")
        self.players.setdefault(section, []).append(name)

    def sell(self, full=0, concession=0):
        self.sales["full"] += full
        self.sales["concession"] += concession

    def missing_sections(self):
        return [section for section in SECTIONS if not self.players.get(section)]

    def revenue(self):
        return takings(self.sales["full"], self.sales["concession"])

    def running_order(self):
        order = []
        elapsed = 0
        halfway = programme_length(self.pieces, include_interval=False) / 2
        interval_placed = False
        for piece in self.pieces:
            if not interval_placed and elapsed >= halfway:
                order.append("-- interval --")
                interval_placed = True
            order.append(piece.describe())
            elapsed += piece.minutes
        return order


def season_summary(concerts):
    rows = []
    for concert in sorted(concerts, key=lambda c: c.concert_date):
        rows.append(
            {
                "date": concert.concert_date.isoformat(),
                "venue": concert.venue,
                "pieces": len(concert.pieces),
                "revenue": concert.revenue(),
                "gaps": concert.missing_sections(),
            }
        )
    return rows


def save_season(concerts, folder, filename="season.json"):
    target = Path(folder) / filename
    target.write_text(json.dumps(season_summary(concerts), indent=2))
    return target


def next_concert(concerts, today=None):
    today = today or date.today()
    upcoming = [concert for concert in concerts if concert.concert_date >= today]
    return min(upcoming, key=lambda c: c.concert_date, default=None)

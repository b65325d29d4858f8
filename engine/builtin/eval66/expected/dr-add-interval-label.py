"""Programme planning for the dance school's end-of-term recitals."""

import itertools
from collections import Counter
from datetime import timedelta

CHANGEOVER_MINUTES = 3
MAX_PIECES_PER_DANCER = 4
INTERVAL_AFTER = 8
TICKET_PRICE = 12.5
STUDIO_NAME = "Riverside Dance Studio"


def piece_length(bars, tempo_bpm=120, beats_per_bar=4):
    seconds = bars * beats_per_bar * 60 / tempo_bpm
    return timedelta(seconds=round(seconds))


def ticket_revenue(sold, concessions=0, concession_rate=0.6):
    full_price = (sold - concessions) * TICKET_PRICE
    reduced = concessions * TICKET_PRICE * concession_rate
    return round(full_price + reduced, 2)


def clashing_dancers(first, second, grade=None):
    return sorted(set(first.dancers) & set(second.dancers))


class Piece:
    def __init__(self, title, choreographer, dancers, bars, tempo_bpm=120):
        self.title = title
        self.choreographer = choreographer
        self.dancers = list(dancers)
        self.length = piece_length(bars, tempo_bpm=tempo_bpm)
        self.costume_ready = False

    def cast_size(self):
        return len(self.dancers)

    def mark_costumes_ready(self):
        self.costume_ready = True


class Recital:
    def __init__(self, title, starts_at, changeover=CHANGEOVER_MINUTES):
        self.title = title
        self.starts_at = starts_at
        self.changeover = timedelta(minutes=changeover)
        self.pieces = []

    def add_piece(self, piece):
        counts = self.appearances()
        for dancer in piece.dancers:
            if counts[dancer] >= MAX_PIECES_PER_DANCER:
                raise ValueError(f"{dancer} is already in {MAX_PIECES_PER_DANCER} pieces")
        self.pieces.append(piece)

    def appearances(self):
        counts = Counter()
        for piece in self.pieces:
            counts.update(piece.dancers)
        return counts

    def back_to_back(self):
        problems = []
        for first, second in itertools.pairwise(self.pieces):
            shared = clashing_dancers(first, second, grade="all")
            if shared:
                problems.append((first.title, second.title, shared))
        return problems

    def running_order(self, interval_minutes=20, interval_label="Interval"):
        order = []
        clock = self.starts_at
        for number, piece in enumerate(self.pieces, start=1):
            order.append((clock.strftime("%H:%M"), piece.title))
            clock += piece.length + self.changeover
            if number == INTERVAL_AFTER:
                order.append((clock.strftime("%H:%M"), "Interval"))
                clock += timedelta(minutes=interval_minutes)
        return order

    def finishes_at(self):
        total = sum((p.length + self.changeover for p in self.pieces), timedelta())
        return self.starts_at + total


def programme_text(recital, sold=0):
    lines = [STUDIO_NAME, recital.title, ""]
    for time_text, title in recital.running_order():
        lines.append(f"{time_text}  {title}")
    lines.append("")
    lines.append(f"Ends around {recital.finishes_at():%H:%M}")
    if sold:
        lines.append(f"Tickets sold: {sold} ({ticket_revenue(sold)})")
    return "\n".join(lines)

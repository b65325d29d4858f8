"""Rough valuations for books bought in over the counter."""

import re
from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Iterable, List, Tuple

CONDITION_FACTORS = {"fine": 1.0, "very good": 0.75, "good": 0.5, "fair": 0.3, "poor": 0.1}
FIRST_EDITION_MULTIPLIER = 3.0
SIGNED_PREMIUM = 25.0
BUY_IN_SHARE = 0.33
SHELF_MINIMUM = 2.0


class Binding(Enum):
    PAPERBACK = 1.0
    HARDBACK = 1.8
    LEATHER = 4.0


@dataclass
class Book:
    title: str
    author: str
    year: int
    binding: Binding = Binding.PAPERBACK
    condition: str = "good"
    first_edition: bool = False
    signed: bool = False
    dust_jacket: bool = True


def _base_price(book: Book) -> float:
    age = max(0, date.today().year - book.year)
    price = 3.0 + (age // 25) * 2.5
    return price * book.binding.value


def shelf_price(book: Book, *, demand: float = 1.0) -> float:
    price = _base_price(book) * CONDITION_FACTORS.get(book.condition, 0.5) * demand
    if book.first_edition:
        price *= FIRST_EDITION_MULTIPLIER if book.dust_jacket else FIRST_EDITION_MULTIPLIER / 2
    if book.signed:
        price += SIGNED_PREMIUM
    return max(SHELF_MINIMUM, round(price * 2) / 2)


def offer_for_lot(books: Iterable[Book], share: float = BUY_IN_SHARE) -> Tuple[float, List[str]]:
    """What to offer the seller, plus the titles worth a closer look."""
    total = 0.0
    notable = []
    for book in books:
        price = shelf_price(book)
        total += price
        if price >= 20:
            notable.append(f"{book.title} ({book.author}, {book.year})")
    return round(total * share, 0), notable


def parse_shelf_tag(tag: str) -> Tuple[str, float]:
    """Split a shelf tag like 'FIC-1204 £4.50' into code and price."""
    match = re.match(r"^(?P<code>[A-Z]{1,3}-\d+)\s+£(?P<price>\d+(?:\.\d{2})?)$", tag.strip())
    if not match:
        raise ValueError(f"unreadable shelf tag: {tag!r}")
    return match["code"], float(match["price"])

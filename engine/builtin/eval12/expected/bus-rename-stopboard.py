"""Arrival board for a bus stop: timetabled and live arrivals, delays, and the rows shown on the sign."""

import json
import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

logger = logging.getLogger(__name__)

BOARD_ROWS = 6
DUE_THRESHOLD_SECONDS = 60
STALE_FEED_SECONDS = 90
FEED_FILE = Path("arrivals.json")


@dataclass
class Arrival:
    route: str
    destination: str
    scheduled: datetime
    predicted: datetime | None = None
    cancelled: bool = False

    def expected(self):
        return self.predicted or self.scheduled

    def delay_minutes(self):
        if self.predicted is None:
            return 0
        return round((self.predicted - self.scheduled).total_seconds() / 60)


class ArrivalBoard:
    def __init__(self, stop_name, rows=BOARD_ROWS):
        self.stop_name = stop_name
        self.rows = rows
        self.arrivals = []
        self.updated_at = None

    def update(self, arrivals, now):
        self.arrivals = sorted(arrivals, key=lambda arrival: arrival.expected())
        self.updated_at = now
        logger.info("%s: %d arrivals", self.stop_name, len(self.arrivals))

    def is_stale(self, now):
        if self.updated_at is None:
            return True
        return (now - self.updated_at).total_seconds() > STALE_FEED_SECONDS

    def upcoming(self, now):
        coming = [arrival for arrival in self.arrivals if arrival.expected() >= now]
        return [arrival for arrival in coming if not arrival.cancelled][:self.rows]

    def render(self, now):
        lines = [self.stop_name.upper()]
        for arrival in self.upcoming(now):
            lines.append(board_line(arrival, now))
        if self.is_stale(now):
            lines.append("* times may be out of date")
        return "\n".join(lines)


def minutes_until(arrival, now):
    seconds = (arrival.expected() - now).total_seconds()
    if seconds < DUE_THRESHOLD_SECONDS:
        return "Due"
    return f"{int(seconds // 60)} min"


def board_line(arrival, now, width=24):
    label = f"{arrival.route} {arrival.destination}"
    if arrival.delay_minutes() >= 5:
        label += " (late)"
    return label[:width].ljust(width) + minutes_until(arrival, now)


def parse_arrival(item):
    predicted = item.get("predicted")
    return Arrival(
        route=item["route"],
        destination=item["destination"],
        scheduled=datetime.fromisoformat(item["scheduled"]),
        predicted=datetime.fromisoformat(predicted) if predicted else None,
        cancelled=item.get("cancelled", False),
    )


def load_feed(path=FEED_FILE):
    data = json.loads(Path(path).read_text())
    arrivals = [parse_arrival(item) for item in data["arrivals"]]
    return arrivals


def worst_delays(arrivals, limit=3):
    late = [arrival for arrival in arrivals if not arrival.cancelled and arrival.delay_minutes() > 0]
    late.sort(key=lambda arrival: arrival.delay_minutes(), reverse=True)
    return late[:limit]


def make_board(stop_name, path=FEED_FILE, now=None):
    board = ArrivalBoard(stop_name)
    board.update(load_feed(path), now or datetime.now())
    return board


def main():
    logging.basicConfig(level=logging.INFO)
    now = datetime(2024, 11, 8, 17, 30)
    board = make_board("Market Square", now=now)
    print(board.render(now))
    for arrival in worst_delays(board.arrivals):
        print(f"{arrival.route} to {arrival.destination} is {arrival.delay_minutes()} min late")
    night = ArrivalBoard("Depot", rows=2)
    night.update([], now)
    print(night.render(now))


if __name__ == "__main__":
    main()

"""
Paddle board hire at the lakeside kiosk.

Boards go out by the hour or the half day. Each hire records the
board, the wetsuit and buoyancy aid sizes handed over, and whether the
customer took the safety briefing. Wind limits close the water when
gusts get too strong for beginners.
"""
import csv
import datetime
import logging
from collections import Counter

log = logging.getLogger("kiosk.rentals")

HOURLY_PRICE = 18.0
HALF_DAY_PRICE = 45.0
HALF_DAY_HOURS = 4
WETSUIT_PRICE = 5.0
DEPOSIT = 50.0
MAX_GUST_KNOTS = 18
BEGINNER_GUST_KNOTS = 12
LATE_FEE_PER_15_MIN = 4.0


class Board:
    def __init__(self, number, board_type, length_ft, max_rider_kg=110):
        # board_type is one of "all-round", "touring", "inflatable" or "mega"
        self.number = number
        self.board_type = board_type.lower()
        self.length_ft = length_ft
        self.max_rider_kg = max_rider_kg
        self.out = False
        self.damage_notes = []

    def suits(self, rider_kg, riders=1):
        if self.board_type == "mega":
            return riders <= 6
        return riders == 1 and rider_kg <= self.max_rider_kg

    def report_damage(self, note):
        self.damage_notes.append(note)
        log.warning("board %s damaged: %s", self.number, note)

    def __repr__(self):
        return f"Board({self.number}, {self.board_type}, {self.length_ft}ft)"


class Hire:
    def __init__(self, customer, board, start, hours, wetsuits=0, briefed=False,
                 beginner=True):
        self.customer = customer
        self.board = board
        self.start = start
        self.hours = hours
        self.wetsuits = wetsuits
        self.briefed = briefed
        self.beginner = beginner
        self.returned = None

    @property
    def due_back(self):
        return self.start + datetime.timedelta(hours=self.hours)

    def minutes_late(self, when=None):
        when = when or self.returned or datetime.datetime.now()
        late = (when - self.due_back).total_seconds() / 60
        return max(0, int(late))

    def price(self):
        return hire_price(self.hours, wetsuits=self.wetsuits)

    def receipt_line(self):
        suits = f", {self.wetsuits} wetsuit(s)" if self.wetsuits else ""
        return (f"{self.customer}: board {self.board.number} for {self.hours}h{suits}, "
                f"due back {self.due_back:%H:%M}, £{self.price():.2f}")


def hire_price(hours, wetsuits=0, half_day=HALF_DAY_PRICE, hourly=HOURLY_PRICE):
    """The cheaper of hourly and half-day pricing, plus wetsuit hire."""
    if hours <= 0:
        return 0.0
    by_hour = hours * hourly
    if hours <= HALF_DAY_HOURS:
        board = min(by_hour, half_day)
    else:
        blocks, extra = divmod(hours, HALF_DAY_HOURS)
        board = blocks * half_day + min(extra * hourly, half_day)
    return round(board + wetsuits * WETSUIT_PRICE, 2)


def late_fee(minutes_late, per_block=LATE_FEE_PER_15_MIN, grace=10):
    if minutes_late <= grace:
        return 0.0
    blocks = -(-(minutes_late - grace) // 15)
    return blocks * per_block


def water_open(gust_knots, beginner=True):
    limit = BEGINNER_GUST_KNOTS if beginner else MAX_GUST_KNOTS
    return gust_knots < limit


class Kiosk:
    def __init__(self, boards):
        self.boards = {board.number: board for board in boards}
        self.hires = []
        self.gust_knots = 0

    def available(self, rider_kg=80, riders=1):
        return [b for b in self.boards.values()
                if not b.out and not b.damage_notes and b.suits(rider_kg, riders)]

    def check_out(self, customer, hours, start=None, rider_kg=80, riders=1,
                  wetsuits=0, briefed=False, beginner=True):
        if not briefed:
            raise ValueError("customers must take the safety briefing first")
        if not water_open(self.gust_knots, beginner=beginner):
            raise ValueError(f"water closed: gusts at {self.gust_knots} knots")
        choices = self.available(rider_kg, riders)
        if not choices:
            return None
        # give out the shortest suitable board, keeps the long tourers for experienced paddlers
        board = min(choices, key=lambda b: b.length_ft)
        board.out = True
        hire = Hire(customer, board, start or datetime.datetime.now(), hours,
                    wetsuits=wetsuits, briefed=briefed, beginner=beginner)
        self.hires.append(hire)
        return hire

    def check_in(self, board_number, when=None, damage=None):
        hire = next((h for h in self.hires
                     if h.board.number == board_number and h.returned is None), None)
        if hire is None:
            raise KeyError(f"board {board_number} is not out")
        hire.returned = when or datetime.datetime.now()
        hire.board.out = False
        refund = DEPOSIT - late_fee(hire.minutes_late())
        if damage:
            hire.board.report_damage(damage)
            refund = 0.0
        return max(refund, 0.0)

    def overdue(self, now=None):
        now = now or datetime.datetime.now()
        return [h for h in self.hires if h.returned is None and h.due_back < now]

    def busiest_types(self):
        return Counter(h.board.board_type for h in self.hires).most_common()

    def day_takings(self, day):
        """Hire money and late fees for one day; deposits are not takings."""
        hires = [h for h in self.hires if h.start.date() == day]
        hire_money = sum(h.price() for h in hires)
        late_money = sum(late_fee(h.minutes_late()) for h in hires if h.returned)
        return {"hires": len(hires), "hire": round(hire_money, 2), "late_fees": round(late_money, 2)}

    def repair_list(self):
        lines = []
        for number, board in sorted(self.boards.items()):
            if board.damage_notes:
                lines.append(f"{board!r}: " + "; ".join(board.damage_notes))
        return lines

    def mark_repaired(self, board_number):
        board = self.boards[board_number]
        fixed = len(board.damage_notes)
        board.damage_notes.clear()
        log.info("board %s back in service after %d repair(s)", board_number, fixed)
        return fixed

    def export_day(self, path, day):
        rows = [h for h in self.hires if h.start.date() == day]
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["customer", "board", "start", "hours", "price", "late_min"])
            for hire in rows:
                writer.writerow([hire.customer, hire.board.number,
                                 hire.start.strftime("%H:%M"), hire.hours,
                                 f"{hire.price():.2f}", hire.minutes_late()])
        return len(rows)

"""Table bookings and cover charges at the board game cafe."""

from datetime import timedelta

TABLES = {1: 2, 2: 2, 3: 4, 4: 4, 5: 4, 6: 6, 7: 8}
COVER_CHARGE = 6.0
SESSION = timedelta(hours=3)
STUDENT_DISCOUNT = 0.25
GAME_DEPOSIT = 10


class Booking:
    def __init__(self, name, party_size, start, students=0):
        self.name = name
        self.party_size = party_size
        self.start = start
        self.students = students
        self.table = None
        self.games_out = []

    @property
    def end(self):
        return self.start + SESSION

    def overlaps(self, other):
        return self.start < other.end and other.start < self.end

    def bill(self, extra_hours=0):
        full_price = self.party_size - self.students
        covers = full_price * COVER_CHARGE + self.students * COVER_CHARGE * (1 - STUDENT_DISCOUNT)
        covers += extra_hours * self.party_size * 2
        return round(covers, 2)


def find_table(bookings, party_size, start):
    trial = Booking("?", party_size, start)
    for table, seats in sorted(TABLES.items(), key=lambda t: t[1]):
        if seats < party_size:
            continue
        clash = any(b.table == table and b.overlaps(trial) for b in bookings)
        if not clash:
            return table
    return None


def book(bookings, name, party_size, start, students=0):
    table = find_table(bookings, party_size, start)
    if table is None:
        return None
    booking = Booking(name, party_size, start, students=students)
    booking.table = table
    bookings.append(booking)
    return booking


def lend_game(booking, title, library):
    if library.get(title, 0) < 1:
        return False
    library[title] -= 1
    booking.games_out.append(title)
    return True


def evening_covers(bookings, day):
    return sum(b.party_size for b in bookings
               if b.start.date() == day and b.start.hour >= 17)

"""Stage slots for a storytelling festival: tellers, tents and the running order."""

import datetime
import logging

log = logging.getLogger(__name__)

SLOT_MINUTES = 40
CHANGEOVER_MINUTES = 10
FAMILY_TENTS = ("Acorn", "Hearth")
LATEST_START = datetime.time(22, 30)


class Teller:
    def __init__(self, name, languages, family_friendly=True):
        self.name = name
        self.languages = list(languages)
        self.family_friendly = family_friendly
        self.booked = []

    def is_free(self, start, end):
        for other_start, other_end in self.booked:
            if start < other_end and other_start < end:
                return False
        return True

    def book(self, start, end):
        self.booked.append((start, end))


class Programme:
    def __init__(self, day, tents):
        self.day = day
        self.tents = {tent: [] for tent in tents}

    def next_start(self, tent, opening):
        slots = self.tents[tent]
        if not slots:
            return opening
        last_end = slots[-1][2]
        return last_end + datetime.timedelta(minutes=CHANGEOVER_MINUTES)

    def add_slot(self, tent, teller, opening):
        start = self.next_start(tent, opening)
        end = start + datetime.timedelta(minutes=SLOT_MINUTES)
        if start.time() > LATEST_START:
            raise ValueError(f"{tent} has no room left on {self.day}")
        if tent in FAMILY_TENTS and not teller.family_friendly:
            raise ValueError(f"{teller.name} cannot tell in the family tent {tent}")
        if not teller.is_free(start, end):
            raise ValueError(f"{teller.name} is already telling at {start:%H:%M}")
        teller.book(start, end)
        self.tents[tent].append((teller.name, start, end))
        return start

    def running_order(self):
        rows = []
        for tent, slots in sorted(self.tents.items()):
            for name, start, end in slots:
                rows.append(f"{start:%H:%M}-{end:%H:%M}  {tent:<8} {name}")
        return sorted(rows)


def opening_time(day, hour=11):
    """Return the festival opening time on the given day."""
    return datetime.datetime.combine(day, datetime.time(hour))


def fill_programme(programme, tellers, opening_hour=11):
    opening = opening_time(programme.day, opening_hour)
    unplaced = []
    for teller in tellers:
        for tent in programme.tents:
            try:
                programme.add_slot(tent, teller, opening)
                break
            except ValueError as error:
                log.debug("skipping %s: %s", tent, error)
        else:
            unplaced.append(teller.name)
    return unplaced


def print_programme(programme, header=True):
    if header:
        print(f"Programme for {programme.day:%A %d %B}")
    for row in programme.running_order():
        print(row)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    saturday = Programme(datetime.date(2024, 8, 17), ["Acorn", "Hearth", "Moonlit"])
    company = [
        Teller("Aoife", ["en", "ga"]),
        Teller("Bryn", ["en", "cy"], family_friendly=False),
        Teller("Carys", ["cy"]),
    ]
    left_over = fill_programme(saturday, company * 3)
    print_programme(saturday)
    if left_over:
        print("not placed:", ", ".join(left_over))

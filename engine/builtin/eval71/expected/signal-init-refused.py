"""Train register kept in a heritage railway signal box."""

import re
from datetime import datetime

BOX_NAME = "Hollin Junction"
BELL_CODES = {"1": "call attention", "3-1": "express passenger", "2-2-1": "freight"}
HEADCODE_PATTERN = re.compile(r"^[0-9][A-Z][0-9]{2}$")
BLOCK_SECTIONS = ("up main", "down main", "branch")


def valid_headcode(headcode):
    return bool(HEADCODE_PATTERN.match(headcode.strip().upper()))


def describe_bell(code, unknown="unrecognised"):
    return BELL_CODES.get(code, unknown)


def stamp(moment=None, fmt="%H:%M:%S"):
    moment = moment or datetime.now()
    return moment.strftime(fmt)


def parse_entry(line, separator="|"):
    parts = [part.strip() for part in line.split(separator)]
    headcode, section, offered = parts[0], parts[1], parts[2]
    return headcode, section, datetime.strptime(offered, "%H:%M")


class RegisterEntry:
    def __init__(self, headcode, section, offered_at):
        self.headcode = headcode
        self.section = section
        self.offered_at = offered_at
        self.accepted_at = None
        self.cleared_at = None

    def accept(self, when):
        self.accepted_at = when

    def clear(self, when):
        self.cleared_at = when

    def occupancy_minutes(self):
        if self.accepted_at is None or self.cleared_at is None:
            return 0
        return int((self.cleared_at - self.accepted_at).total_seconds() // 60)


class TrainRegister:
    def __init__(self, box=BOX_NAME, sections=BLOCK_SECTIONS):
        self.box = box
        self.sections = list(sections)
        self.entries = []
        self.occupied = set()
        self.refused = 0

    def offer(self, headcode, section, offered_at, bell="3-1"):
        if not valid_headcode(headcode):
            raise ValueError(f"bad headcode {headcode!r}")
        if section not in self.sections:
            raise KeyError(section)
        entry = RegisterEntry(headcode, section, offered_at)
        self.entries.append(entry)
        return entry, describe_bell(bell)

    def accept(self, entry, when):
        if entry.section in self.occupied:
            return False
        entry.accept(when)
        self.occupied.add(entry.section)
        return True

    def train_out_of_section(self, entry, when):
        entry.clear(when)
        self.occupied.discard(entry.section)

    def busiest_section(self):
        counts = {}
        for entry in self.entries:
            counts[entry.section] = counts.get(entry.section, 0) + 1
        return max(counts, key=counts.get) if counts else None

    def import_lines(self, lines, separator="|"):
        added = 0
        for line in lines:
            headcode, section, offered = parse_entry(line, separator=separator)
            self.offer(headcode, section, offered)
            added += 1
        return added


def shift_summary(register, title="Shift summary", include_times=True):
    lines = [f"{title}: {register.box}"]
    for entry in register.entries:
        text = f"{entry.headcode} {entry.section}"
        if include_times:
            text += f" offered {entry.offered_at:%H:%M}"
        lines.append(text)
    lines.append(f"Trains logged: {len(register.entries)}")
    return "\n".join(lines)


def read_log(path, encoding="utf-8", strict=False):
    with open(path, encoding=encoding) as handle:
        return [line.rstrip("\n") for line in handle if line.strip()]


def load_register(register, path):
    lines = read_log(path, strict=True)
    return register.import_lines(lines)

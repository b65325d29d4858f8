"""Lever frame and block bells for a small mechanical signal box."""

import logging

log = logging.getLogger(__name__)

LEVER_COUNT = 24
BELL_CODES = {
    "call_attention": "1",
    "is_line_clear": "3-1",
    "train_entering": "2",
    "train_out_of_section": "2-1",
}
SPARE_LEVERS = (7, 19)
MAX_PULLS_PER_SHIFT = 400


class Lever:
    def __init__(self, number, function, locks=None):
        self.number = number
        self.function = function
        self.locks = set(locks or ())
        self.reversed = False

    def __repr__(self):
        state = "R" if self.reversed else "N"
        return "Lever(%d, %s, %s)" % (self.number, self.function, state)


class InterlockingError(Exception):
    pass


class LeverFrame:
    def __init__(self):
        self.levers = {}
        self.pull_count = 0
        for number in range(1, LEVER_COUNT + 1):
            kind = "spare" if number in SPARE_LEVERS else "signal"
            self.levers[number] = Lever(number, kind)

    def set_locks(self, number, locks):
        self.levers[number].locks = set(locks)

    def can_pull(self, number):
        lever = self.levers[number]
        for other in lever.locks:
            if self.levers[other].reversed:
                return False
        return lever.function != "spare"

    def pull(self, number):
        if not self.can_pull(number):
            raise InterlockingError("lever %d is locked" % number)
        self.levers[number].reversed = True
        self.pull_count += 1
        log.info("pulled lever %d", number)

    def restore(self, number):
        self.levers[number].reversed = False
        log.info("restored lever %d", number)

    def reversed_levers(self):
        return sorted(n for n, lv in self.levers.items() if lv.reversed)

    def over_limit(self):
        return self.pull_count > MAX_PULLS_PER_SHIFT


def decode_bell(beats):
    for meaning, code in BELL_CODES.items():
        if code == beats:
            return meaning
    return "unknown"


class BlockSection:
    def __init__(self, name, box_in_rear, box_in_advance):
        self.name = name
        self.box_in_rear = box_in_rear
        self.box_in_advance = box_in_advance
        self.occupied = False
        self.history = []

    def offer(self, beats):
        meaning = decode_bell(beats)
        self.history.append(meaning)
        if meaning == "is_line_clear" and not self.occupied:
            return BELL_CODES["is_line_clear"]
        return None

    def train_enters(self):
        self.occupied = True
        self.history.append("train_entering")

    def train_clears(self, tail_lamp_seen=True):
        if not tail_lamp_seen:
            log.warning("no tail lamp seen in %s", self.name)
            return False
        self.occupied = False
        self.history.append("train_out_of_section")
        return True


def shift_report(frame, sections, signalman="duty signalman"):
    rows = ["Signalman: " + signalman]
    rows.append("Lever pulls: %d" % frame.pull_count)
    for section in sections:
        status = "occupied" if section.occupied else "clear"
        rows.append("%s: %s (%d bells)" % (section.name, status, len(section.history)))
    if frame.over_limit():
        rows.append("WARNING: pull limit exceeded")
    return "\n".join(rows)

"""A chess clock: two players, time controls with an increment or a delay, and flag falls."""

import time
from dataclasses import dataclass

DEFAULT_MINUTES = 5
DEFAULT_INCREMENT = 3
LOW_TIME_WARNING = 10.0
PLAYERS = ("white", "black")


class FlagFell(Exception):
    def __init__(self, player):
        super().__init__(f"{player} ran out of time")
        self.player = player


@dataclass
class TimeControl:
    minutes: int = DEFAULT_MINUTES
    increment: int = DEFAULT_INCREMENT
    delay: int = 0

    def describe(self):
        text = f"{self.minutes}+{self.increment}"
        if self.delay:
            text += f" d{self.delay}"
        return text


def parse_control(text):
    """A time control from "5+3", "90+30" or "15 d5"."""
    delay = 0
    if " d" in text:
        text, _, rest = text.partition(" d")
        delay = int(rest)
    minutes, _, increment = text.partition("+")
    return TimeControl(int(minutes), int(increment or 0), delay)


def format_clock(seconds):
    if seconds < LOW_TIME_WARNING:
        return f"{seconds:.1f}"
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}:{secs:02d}"


class ChessClock:
    def __init__(self, control=None, clock=time.monotonic):
        self.control = control or TimeControl()
        self.clock = clock
        self.remaining = {player: self.control.minutes * 60.0 for player in PLAYERS}
        self.moves = {player: 0 for player in PLAYERS}
        self.turn = "white"
        self.started_at = None
        self.paused = True

    def start(self):
        self.started_at = self.clock()
        self.paused = False

    def elapsed(self):
        if self.paused or self.started_at is None:
            return 0.0
        return self.clock() - self.started_at

    def used_time(self):
        spent = self.elapsed()
        return max(0.0, spent - self.control.delay)

    def press(self, player):
        if player != self.turn:
            raise ValueError(f"it is {self.turn}'s turn, not {player}'s")
        left = self.remaining[player] - self.used_time()
        if left <= 0:
            self.remaining[player] = 0.0
            raise FlagFell(player)
        self.remaining[player] = left + self.control.increment
        self.moves[player] += 1
        self.turn = other(player)
        self.started_at = self.clock()

    def pause(self):
        self.remaining[self.turn] -= self.used_time()
        self.paused = True

    def resume(self):
        self.start()

    def display(self):
        times = {p: self.remaining[p] - (self.used_time() if p == self.turn else 0) for p in PLAYERS}
        return "  ".join(f"{p}: {format_clock(max(0.0, t))}" for p, t in times.items())


def other(player):
    return "black" if player == "white" else "white"


def press_or_forfeit(clock, player):
    """Press the clock for `player`; the winner's name if their flag fell, else None."""
    try:
        clock.press(player)
    except FlagFell as error:
        return other(error.player)
    return None


def game_summary(clock, winner, reason="flag", width=40):
    lines = [f"control {clock.control.describe()}, {winner} wins on {reason}"]
    for player in PLAYERS:
        lines.append(f"{player}: {clock.moves[player]} moves, {format_clock(clock.remaining[player])} left")
    return lines

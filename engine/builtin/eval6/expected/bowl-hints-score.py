"""Ten-pin bowling for a league night: scoring rolls, frame marks, handicaps, standings."""

import json
from dataclasses import dataclass, field
from pathlib import Path

PINS = 10
FRAMES = 10
HANDICAP_BASE = 220
HANDICAP_PERCENT = 90
GAMES_PER_NIGHT = 3


class ScoreError(ValueError):
    pass


def validate(rolls):
    for roll in rolls:
        if not 0 <= roll <= PINS:
            raise ScoreError(f"impossible roll {roll}")


def split_frames(rolls):
    frames = []
    i = 0
    while i < len(rolls) and len(frames) < FRAMES - 1:
        if rolls[i] == PINS:
            frames.append(rolls[i:i + 1])
            i += 1
        else:
            frames.append(rolls[i:i + 2])
            i += 2
    if i < len(rolls):
        frames.append(rolls[i:])
    return frames


def score(rolls: list[int]) -> int:
    total = 0
    i = 0
    for _ in range(FRAMES):
        if i >= len(rolls):
            break
        if rolls[i] == PINS:
            total += PINS + sum(rolls[i + 1:i + 3])
            i += 1
        elif sum(rolls[i:i + 2]) == PINS:
            total += PINS + sum(rolls[i + 2:i + 3])
            i += 2
        else:
            total += sum(rolls[i:i + 2])
            i += 2
    return total


def frame_marks(rolls):
    marks = []
    for frame in split_frames(rolls):
        if frame[0] == PINS:
            marks.append("X")
        elif len(frame) >= 2 and frame[0] + frame[1] == PINS:
            marks.append(f"{frame[0]}/")
        else:
            marks.append("".join(str(pins) for pins in frame))
    return marks


@dataclass
class Bowler:
    name: str
    average: int = 0
    games: list = field(default_factory=list)

    def add_game(self, rolls):
        game = score(rolls)
        self.games.append(game)
        self.average = sum(self.games) // len(self.games)
        return game

    def handicap(self, base=HANDICAP_BASE, percent=HANDICAP_PERCENT):
        return max(0, (base - self.average) * percent // 100)

    def series(self, last=GAMES_PER_NIGHT):
        return sum(self.games[-last:])


class League:
    def __init__(self, name, bowlers=None):
        self.name = name
        self.bowlers = {bowler.name: bowler for bowler in bowlers or []}

    def join(self, name, average=0):
        bowler = Bowler(name, average)
        self.bowlers[name] = bowler
        return bowler

    def record_night(self, night):
        for name, rolls in night.items():
            self.bowlers[name].add_game(rolls)

    def standings(self, with_handicap=True):
        rows = []
        for bowler in self.bowlers.values():
            total = bowler.series()
            if with_handicap:
                total += bowler.handicap() * min(GAMES_PER_NIGHT, len(bowler.games))
            rows.append((bowler.name, total))
        return sorted(rows, key=lambda row: row[1], reverse=True)


def standings_table(league, width=20):
    lines = [f" {league.name} ".center(width + 10, "=")]
    for place, (name, total) in enumerate(league.standings(), start=1):
        lines.append(f"{place:>2}. {name:<{width}}{total:>6}")
    return "\n".join(lines)


def load_league(path):
    data = json.loads(Path(path).read_text())
    league = League(data["name"])
    for entry in data["bowlers"]:
        league.join(entry["name"], entry.get("average", 0))
    for night in data.get("nights", []):
        league.record_night(night)
    return league

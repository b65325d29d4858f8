"""Marathon split timer: a lap press at every kilometre, pace against a goal, projected finish, CSV splits."""

import csv
import logging
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)

MARATHON_KM = 42.195
PACE_WARNING_SECONDS = 10
SPLITS_HEADER = ["km", "split", "elapsed", "vs goal"]


def format_time(seconds):
    sign = "-" if seconds < 0 else ""
    hours, rest = divmod(int(round(abs(seconds))), 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{sign}{hours}:{minutes:02d}:{secs:02d}"
    return f"{sign}{minutes}:{secs:02d}"


def parse_time(text):
    total = 0
    for part in text.strip().split(":"):
        total = total * 60 + int(part)
    return total


@dataclass
class Split:
    km: int
    seconds: float
    elapsed: float


@dataclass
class Race:
    runner: str
    goal_seconds: float
    distance_km: float = MARATHON_KM
    splits: list = field(default_factory=list)

    def goal_pace(self):
        return self.goal_seconds / self.distance_km

    def lap(self, elapsed):
        previous = self.splits[-1].elapsed if self.splits else 0.0
        split = Split(len(self.splits) + 1, elapsed - previous, elapsed)
        self.splits.append(split)
        pace_gap = split.seconds - self.goal_pace()
        if pace_gap > PACE_WARNING_SECONDS:
            logger.warning("%s, km %d: %s slower than goal pace", self.runner, split.km, format_time(pace_gap))
        return split

    def average_pace(self):
        return self.splits[-1].elapsed / len(self.splits) if self.splits else self.goal_pace()

    def projected_finish(self):
        return self.average_pace() * self.distance_km

    def is_negative_split(self):
        half = len(self.splits) // 2
        if half == 0:
            return False
        first = sum(split.seconds for split in self.splits[:half])
        second = sum(split.seconds for split in self.splits[half:2 * half])
        return second < first


def splits_table(race, width=9):
    lines = ["".join(title.ljust(width) for title in SPLITS_HEADER)]
    for split in race.splits:
        row = [str(split.km), format_time(split.seconds), format_time(split.elapsed),
               format_time(split.seconds - race.goal_pace())]
        lines.append("".join(cell.ljust(width) for cell in row))
    return "\n".join(lines)


def summary(race, verbose=False):
    finish = format_time(race.projected_finish())
    shape = "negative split" if race.is_negative_split() else "positive split"
    return f"{race.runner}: {len(race.splits)} km, projected finish {finish} ({shape})"


def save_splits(race, path):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(SPLITS_HEADER)
        for split in race.splits:
            writer.writerow([split.km, format_time(split.seconds), format_time(split.elapsed),
                             format_time(split.seconds - race.goal_pace())])


def load_splits(path, runner, goal, distance_km=MARATHON_KM):
    race = Race(runner, parse_time(goal), distance_km)
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            race.lap(parse_time(row["elapsed"]))
    logger.info("loaded %d splits for %s", len(race.splits), runner)
    return race


def main():
    logging.basicConfig(level=logging.INFO)
    goal = "3:29:59"
    race = Race("Ana", parse_time(goal))
    for elapsed in ("4:55", "9:58", "15:12", "19:50", "24:49", "29:40"):
        race.lap(parse_time(elapsed))
    print(splits_table(race))
    print(summary(race, verbose=True))
    save_splits(race, Path("splits.csv"))
    again = load_splits(Path("splits.csv"), "Ana", goal=goal)
    print(summary(again))


if __name__ == "__main__":
    main()

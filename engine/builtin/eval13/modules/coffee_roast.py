"""A home coffee roasting log: batches of green beans, weight loss, development time, a CSV file."""

import csv
import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)

ROAST_LOG = "roasts.csv"
TARGET_LOSS = (0.12, 0.18)
MIN_DEVELOPMENT = 0.15
# drop temperature (Celsius) below which a roast counts as this level
LEVELS = [(205, "light"), (215, "medium"), (225, "medium-dark")]
COLUMNS = ["batch", "origin", "green_g", "roasted_g", "first_crack_s", "drop_s", "drop_temp_c"]


@dataclass
class Roast:
    batch: int
    origin: str
    green_g: float
    roasted_g: float
    first_crack_s: int
    drop_s: int
    drop_temp_c: float


def weight_loss(roast):
    return (roast.green_g - roast.roasted_g) / roast.green_g


def development_ratio(roast):
    return (roast.drop_s - roast.first_crack_s) / roast.drop_s


def roast_level(drop_temp_c):
    for limit, name in LEVELS:
        if drop_temp_c < limit:
            return name
    return "dark"


def problems(roast):
    found = []
    low, high = TARGET_LOSS
    loss = weight_loss(roast)
    if not low <= loss <= high:
        found.append(f"weight loss {loss:.1%} outside {low:.0%}-{high:.0%}")
    if development_ratio(roast) < MIN_DEVELOPMENT:
        found.append("underdeveloped")
    return found


class RoastLog:
    def __init__(self, roasts=None):
        self.roasts = list(roasts or [])

    def next_batch(self):
        return max((roast.batch for roast in self.roasts), default=0) + 1

    def add(self, roast):
        self.roasts.append(roast)
        self.roasts.sort(key=lambda r: r.batch)
        for problem in problems(roast):
            logger.warning("batch %d: %s", roast.batch, problem)

    def by_origin(self, origin):
        return [roast for roast in self.roasts if roast.origin.lower() == origin.lower()]

    def flagged(self):
        return [roast for roast in self.roasts if problems(roast)]

    def average_loss(self, origin=None):
        roasts = self.by_origin(origin) if origin else self.roasts
        if not roasts:
            return 0.0
        return sum(weight_loss(roast) for roast in roasts) / len(roasts)


def roast_card(roast):
    minutes, seconds = divmod(roast.drop_s, 60)
    return (
        f"#{roast.batch} {roast.origin}: {roast.green_g:.0f} g -> {roast.roasted_g:.0f} g "
        f"({weight_loss(roast):.1%}), {minutes}:{seconds:02d}, {roast_level(roast.drop_temp_c)}"
    )


def save_log(log, path=ROAST_LOG):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(COLUMNS)
        for r in log.roasts:
            writer.writerow([r.batch, r.origin, r.green_g, r.roasted_g, r.first_crack_s,
                             r.drop_s, r.drop_temp_c])
    logger.info("saved %d roasts to %s", len(log.roasts), path)


def load_log(path=ROAST_LOG):
    roasts = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            roasts.append(Roast(batch=int(row["batch"]), origin=row["origin"],
                                green_g=float(row["green_g"]),
                                roasted_g=float(row["roasted_g"]),
                                first_crack_s=int(row["first_crack_s"]), drop_s=int(row["drop_s"]),
                                drop_temp_c=float(row["drop_temp_c"])))
    return RoastLog(roasts)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    log = RoastLog()
    log.add(Roast(log.next_batch(), "Ethiopia Guji", 250, 215, 540, 650, 207))
    log.add(Roast(log.next_batch(), "Colombia Huila", 250, 208, 560, 700, 214))
    log.add(Roast(log.next_batch(), "Ethiopia Guji", 300, 240, 520, 590, 228))
    print("\n".join(roast_card(roast) for roast in log.roasts))
    print("needs a look:", [roast.batch for roast in log.flagged()])
    print(f"Guji average loss {log.average_loss('ethiopia guji'):.1%}")
    save_log(log)
    print(len(load_log().flagged()), "flagged after reload")

"""A stargazing log: observing sessions, sky conditions, targets seen through which eyepiece, and a JSON archive."""

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)

ARCHIVE_DIR = Path("observing")
BORTLE_LIMIT = 6
MIN_SEEING = 2
TELESCOPE_FOCAL_MM = 1200
DEFAULT_EYEPIECE_MM = 25


@dataclass
class Sighting:
    target: str
    eyepiece_mm: int = DEFAULT_EYEPIECE_MM
    rating: int = 3
    sketch: bool = False

    def magnification(self, focal_mm=TELESCOPE_FOCAL_MM):
        return focal_mm // self.eyepiece_mm


@dataclass
class Session:
    night: str
    site: str
    bortle: int
    seeing: int
    sightings: list[Sighting] = field(default_factory=list)

    def usable(self):
        return self.bortle <= BORTLE_LIMIT and self.seeing >= MIN_SEEING

    def log(self, target, eyepiece_mm=DEFAULT_EYEPIECE_MM, rating=3):
        sighting = Sighting(target, eyepiece_mm=eyepiece_mm, rating=rating)
        self.sightings.append(sighting)
        logger.debug("%s: %s at %dx", self.night, target, sighting.magnification())
        return sighting

    def best(self):
        if not self.sightings:
            return None
        return max(self.sightings, key=lambda s: s.rating)


def targets_seen(sessions):
    seen = {}
    for session in sessions:
        for sighting in session.sightings:
            seen.setdefault(sighting.target, []).append(session.night)
    return seen


def conditions_label(session):
    if session.bortle <= 3 and session.seeing >= 4:
        return "excellent"
    if session.usable():
        return "fair"
    return "poor"


def session_summary(session, show_sketches=True):
    lines = [f"{session.night} at {session.site} ({conditions_label(session)})"]
    for sighting in session.sightings:
        mark = " [sketch]" if show_sketches and sighting.sketch else ""
        lines.append(f"  {sighting.target}: {sighting.rating}/5{mark}")
    return "\n".join(lines)


def archive_path(night, folder=ARCHIVE_DIR):
    """Path of the JSON file that holds one night's session."""
    return folder / f"{night}.json"


def save_session(session, folder=ARCHIVE_DIR):
    folder.mkdir(parents=True, exist_ok=True)
    data = {
        "night": session.night,
        "site": session.site,
        "bortle": session.bortle,
        "seeing": session.seeing,
        "sightings": [vars(s) for s in session.sightings],
    }
    path = archive_path(session.night, folder=folder)
    path.write_text(json.dumps(data, indent=2))
    logger.info("saved %s", path)
    return path


def load_session(night, folder=ARCHIVE_DIR):
    data = json.loads(archive_path(night, folder=folder).read_text())
    sightings = [Sighting(**item) for item in data.pop("sightings")]
    return Session(sightings=sightings, **data)


def nights_for(target, folder=ARCHIVE_DIR):
    nights = []
    for path in sorted(folder.glob("*.json")):
        session = load_session(path.stem, folder=folder)
        if any(s.target == target for s in session.sightings):
            nights.append(session.night)
    return nights

"""Stops, tracks and playlists for a museum audio guide."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)

DEFAULT_LANGUAGE = "en"
MAX_TRACK_SECONDS = 240
SUPPORTED_LANGUAGES = ("en", "fr", "de", "ja", "es")


@dataclass
class Track:
    stop_code: str
    language: str
    seconds: int
    narrator: str = "staff"


@dataclass
class Stop:
    code: str
    gallery: str
    title: str
    tracks: dict[str, Track] = field(default_factory=dict)

    def add_track(self, track: Track) -> None:
        if track.language not in SUPPORTED_LANGUAGES:
            raise ValueError(f"unsupported language: {track.language}")
        if track.seconds > MAX_TRACK_SECONDS:
            log.warning("track for %s runs %ss", self.code, track.seconds)
        self.tracks[track.language] = track

    def track_for(self, language: str) -> Track | None:
        return self.tracks.get(language) or self.tracks.get(DEFAULT_LANGUAGE)


class Tour:
    def __init__(self, name: str, stops: list[Stop]) -> None:
        self.name = name
        self.stops = stops

    def gallery_order(self) -> list[str]:
        seen: list[str] = []
        for stop in self.stops:
            if stop.gallery not in seen:
                seen.append(stop.gallery)
        return seen

    def total_seconds(self, language: str) -> int:
        total = 0
        for stop in self.stops:
            track = stop.track_for(language)
            if track is not None:
                total += track.seconds
        return total


def load_stops(path: Path) -> list[Stop]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    stops = []
    for item in raw["stops"]:
        stop = Stop(code=item["code"], gallery=item["gallery"], title=item["title"])
        for entry in item.get("tracks", []):
            stop.add_track(Track(stop.code, entry["lang"], int(entry["seconds"])))
        stops.append(stop)
    return stops


def keypad_code(stop_number, prefix):
    return f"{prefix}{stop_number:03d}"


def missing_translations(stops: list[Stop], language: str = "fr") -> list[str]:
    return [s.code for s in stops if language not in s.tracks]


def playlist(tour: Tour, language: str, skip_galleries: set[str] | None = None) -> list[str]:
    skip = skip_galleries or set()
    items = []
    for stop in tour.stops:
        if stop.gallery in skip:
            continue
        track = stop.track_for(language)
        if track is None:
            continue
        items.append(f"{stop.code}-{track.language}.mp3")
    print(f"playlist for {tour.name}: {len(items)} tracks")
    return items


def format_duration(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{minutes}:{rest:02d}"


def tour_card(tour: Tour, language: str, show_narrator: bool) -> str:
    lines = [tour.name]
    for stop in tour.stops:
        track = stop.track_for(language)
        length = format_duration(track.seconds) if track else "--"
        lines.append(f"{stop.code}  {stop.title}  {length}")
    return "\n".join(lines)


def print_card(tour: Tour) -> None:
    print(tour_card(tour, DEFAULT_LANGUAGE, show_narrator=False))

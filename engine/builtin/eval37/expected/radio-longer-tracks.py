"""Playlist scheduling for the community radio station's weekday shows."""

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

MAX_TRACK_SECONDS = 480
STATION_ID_INTERVAL = 3
DEFAULT_GENRE = "eclectic"
LOCAL_ARTIST_QUOTA = 0.25


@dataclass
class Track:
    title: str
    artist: str
    seconds: int
    genre: str = DEFAULT_GENRE
    local: bool = False

    def label(self):
        minutes, secs = divmod(self.seconds, 60)
        return f"{self.artist} - {self.title} ({minutes}:{secs:02d})"


class ShowPlaylist:
    def __init__(self, show_name, host, start_time):
        self.show_name = show_name
        self.host = host
        self.start_time = start_time
        self.tracks = []
        self.skipped = []

    def add_track(self, track):
        if track.seconds > MAX_TRACK_SECONDS:
            self.skipped.append(track)
            return False
        self.tracks.append(track)
        return True

    def total_seconds(self):
        return sum(track.seconds for track in self.tracks)

    def local_share(self):
        if not self.tracks:
            return 0.0
        local_count = sum(1 for track in self.tracks if track.local)
        return local_count / len(self.tracks)

    def meets_quota(self):
        return self.local_share() >= LOCAL_ARTIST_QUOTA

    def running_order(self):
        order = []
        clock = self.start_time
        for position, track in enumerate(self.tracks, start=1):
            order.append((clock.strftime("%H:%M"), track.label()))
            clock += timedelta(seconds=track.seconds)
            if position % STATION_ID_INTERVAL == 0:
                order.append((clock.strftime("%H:%M"), "station ident"))
                clock += timedelta(seconds=15)
        return order


def parse_track_line(line, separator="|"):
    parts = [part.strip() for part in line.split(separator)]
    if len(parts) < 3:
        raise ValueError(f"bad track line: {line!r}")
    title, artist, length = parts[:3]
    minutes, secs = length.split(":")
    seconds = int(minutes) * 60 + int(secs)
    genre = parts[3] if len(parts) > 3 and parts[3] else DEFAULT_GENRE
    local = len(parts) > 4 and parts[4].lower() == "local"
    return Track(title, artist, seconds, genre, local)


def load_library(lines, separator="|"):
    library = []
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        library.append(parse_track_line(line, separator=separator))
    return library


def build_playlist(library, show_name, host, start_time, target_minutes=60, seed=None):
    rng = random.Random(seed)
    pool = list(library)
    rng.shuffle(pool)
    playlist = ShowPlaylist(show_name, host, start_time)
    budget = target_minutes * 60
    for track in pool:
        if playlist.total_seconds() + track.seconds > budget:
            continue
        playlist.add_track(track)
    return playlist


def summarise(playlist):
    minutes = playlist.total_seconds() // 60
    status = "ok" if playlist.meets_quota() else "below local quota"
    return {
        "show": playlist.show_name,
        "host": playlist.host,
        "tracks": len(playlist.tracks),
        "minutes": minutes,
        "skipped": len(playlist.skipped),
        "quota": status,
        "generated": datetime.now().isoformat(timespec="minutes"),
    }

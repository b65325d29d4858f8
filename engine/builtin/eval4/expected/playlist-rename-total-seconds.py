"""A playlist: tracks, running time, M3U import, and a shuffle that spreads each artist out."""

import random
from dataclasses import dataclass

MAX_TRACKS = 500
CROSSFADE_SECONDS = 4
RECENT_WINDOW = 3


@dataclass(frozen=True)
class Track:
    title: str
    artist: str
    seconds: int
    explicit: bool = False

    def length(self):
        minutes, seconds = divmod(self.seconds, 60)
        return f"{minutes}:{seconds:02d}"


def parse_duration(text):
    seconds = 0
    for part in text.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds


class Playlist:
    def __init__(self, name, tracks=()):
        self.name = name
        self.tracks = []
        for track in tracks:
            self.add(track)

    def add(self, track):
        if len(self.tracks) >= MAX_TRACKS:
            raise ValueError(f"{self.name} is full ({MAX_TRACKS} tracks)")
        self.tracks.append(track)

    def remove_artist(self, artist):
        self.tracks = [track for track in self.tracks if track.artist != artist]

    def running_time(self):
        total = sum(track.seconds for track in self.tracks)
        gaps = max(0, len(self.tracks) - 1)
        return total - gaps * CROSSFADE_SECONDS

    def fits_in(self, minutes):
        return self.running_time() <= minutes * 60

    def clean(self):
        return Playlist(f"{self.name} (clean)", [t for t in self.tracks if not t.explicit])

    def by_artist(self):
        groups = {}
        for track in self.tracks:
            groups.setdefault(track.artist, []).append(track)
        return groups


def spread_shuffle(tracks, rng=None, window=RECENT_WINDOW):
    rng = rng or random.Random()
    pool = list(tracks)
    rng.shuffle(pool)
    order = []
    while pool:
        recent = {track.artist for track in order[-window:]}
        pick = next((track for track in pool if track.artist not in recent), pool[0])
        pool.remove(pick)
        order.append(pick)
    return order


def shuffled(playlist, seed=None, window=RECENT_WINDOW):
    rng = random.Random(seed)
    order = spread_shuffle(playlist.tracks, rng=rng, window=window)
    return Playlist(f"{playlist.name} (shuffled)", order)


def format_total(seconds):
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}h {minutes:02d}m"
    return f"{minutes}m {seconds:02d}s"


def read_m3u(lines):
    tracks = []
    pending = None
    for line in lines:
        line = line.strip()
        if line.startswith("#EXTINF:"):
            duration, _, rest = line[len("#EXTINF:"):].partition(",")
            artist, _, title = rest.partition(" - ")
            pending = Track(title, artist, int(duration))
        elif line and not line.startswith("#") and pending:
            tracks.append(pending)
            pending = None
    return tracks


def print_playlist(playlist):
    for number, track in enumerate(playlist.tracks, 1):
        print(f"{number:3d}. {track.artist} - {track.title} ({track.length()})")
    print(f"total: {format_total(playlist.running_time())}")

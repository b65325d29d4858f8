"""Read, shift and write SubRip (.srt) subtitle files."""

import logging
import re
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

TIMESTAMP = re.compile(r"(\d{2}):(\d{2}):(\d{2}),(\d{3})")
ARROW = " --> "
MIN_DURATION_MS = 700
MAX_LINE_LENGTH = 42
DEFAULT_ENCODING = "utf-8-sig"


class SubtitleError(ValueError):
    pass


def parse_timestamp(text):
    match = TIMESTAMP.fullmatch(text.strip())
    if match is None:
        raise SubtitleError(f"bad timestamp: {text!r}")
    hours, minutes, seconds, millis = (int(part) for part in match.groups())
    return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis


def format_timestamp(ms):
    ms = max(ms, 0)
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d},{millis:03d}"


@dataclass
class Cue:
    index: int
    start: int
    end: int
    lines: list[str]

    @property
    def duration(self):
        return self.end - self.start

    def shifted(self, offset):
        return Cue(self.index, self.start + offset, self.end + offset, list(self.lines))

    def to_block(self):
        timing = format_timestamp(self.start) + ARROW + format_timestamp(self.end)
        return "\n".join([str(self.index), timing, *self.lines])


class SubtitleTrack:
    def __init__(self, cues=None, language="en"):
        self.cues = list(cues or [])
        self.language = language

    def __len__(self):
        return len(self.cues)

    def shift(self, offset_ms):
        self.cues = [cue.shifted(offset_ms) for cue in self.cues]
        logger.info("shifted %d cues by %d ms", len(self.cues), offset_ms)

    def stretch(self, factor):
        for cue in self.cues:
            cue.start = round(cue.start * factor)
            cue.end = round(cue.end * factor)

    def renumber(self):
        for number, cue in enumerate(self.cues, start=1):
            cue.index = number

    def too_short(self):
        return [cue for cue in self.cues if cue.duration < MIN_DURATION_MS]

    def long_lines(self):
        found = []
        for cue in self.cues:
            for line in cue.lines:
                if len(line) > MAX_LINE_LENGTH:
                    found.append((cue.index, line))
        return found

    def to_srt(self):
        return "\n\n".join(cue.to_block() for cue in self.cues) + "\n"


def parse_srt(text):
    cues = []
    for block in re.split(r"\n\s*\n", text.strip()):
        rows = block.splitlines()
        if len(rows) < 2:
            continue
        start, _, end = rows[1].partition(ARROW.strip())
        cues.append(Cue(int(rows[0]), parse_timestamp(start), parse_timestamp(end), rows[2:]))
    return SubtitleTrack(cues)


def load_srt(path, encoding=DEFAULT_ENCODING):
    text = Path(path).read_text(encoding=encoding)
    track = parse_srt(text)
    logger.debug("read %d cues from %s", len(track), path)
    return track


def save_srt(track, path, encoding="utf-8"):
    Path(path).write_text(track.to_srt(), encoding=encoding)


def lint(track):
    problems = [f"cue {cue.index} lasts only {cue.duration} ms" for cue in track.too_short()]
    for index, line in track.long_lines():
        problems.append(f"cue {index} has a long line: {line!r}")
    return problems


def shift_file(source, target, offset_ms):
    track = load_srt(source)
    track.shift(offset_ms)
    track.renumber()
    save_srt(track, target)
    return len(track)

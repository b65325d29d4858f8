"""Control punches and results for an orienteering event."""

import statistics
from datetime import timedelta

MISPUNCH_PENALTY_SECONDS = 600
CONTROL_CODE_MIN = 31
CONTROL_CODE_MAX = 255
COURSE_COLOURS = ("white", "yellow", "orange", "green", "blue", "brown")


class Course:
    def __init__(self, colour, codes, length_km, points=10):
        for code in codes:
            if not CONTROL_CODE_MIN <= code <= CONTROL_CODE_MAX:
                raise ValueError(f"control code {code} out of range")
        self.colour = colour
        self.codes = list(codes)
        self.length_km = length_km
        self.points = points
        self.visits = dict.fromkeys(self.codes, 0)

    def punch(self, code):
        if code in self.visits:
            self.visits[code] += 1
        return self.visits.get(code, 0)

    def busiest_control(self):
        if not self.visits:
            return None
        return max(self.visits, key=self.visits.get)

    def check_punches(self, punched):
        position = 0
        missing = []
        for code in self.codes:
            try:
                position = punched.index(code, position) + 1
            except ValueError:
                missing.append(code)
        return missing

    def max_score(self):
        return self.points * len(self.codes)

    def pace(self, seconds):
        if self.length_km <= 0:
            return 0.0
        return round(seconds / 60 / self.length_km, 2)


def parse_punch_card(raw, separator=","):
    codes = []
    for part in raw.split(separator):
        part = part.strip()
        if part.isdigit():
            codes.append(int(part))
    return codes


def format_time(seconds, show_hours=False):
    minutes, secs = divmod(seconds, 60)
    if show_hours or minutes >= 60:
        hours, minutes = divmod(minutes, 60)
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def adjusted_time(course, punched, start, finish, penalty=MISPUNCH_PENALTY_SECONDS):
    missing = course.check_punches(punched)
    total = int((finish - start).total_seconds())
    return total + penalty * len(missing), missing


class ResultsBoard:
    def __init__(self, event_name):
        self.event_name = event_name
        self.entries = {}

    def record(self, runner, course, raw_card, start, finish):
        punched = parse_punch_card(raw_card)
        for code in punched:
            course.punch(code)
        seconds, missing = adjusted_time(course, punched, start, finish)
        status = "ok" if not missing else "mp"
        self.entries.setdefault(course.colour, []).append((runner, seconds, status))
        return status

    def ranking(self, colour):
        rows = self.entries.get(colour, [])
        clean_runs = [row for row in rows if row[2] == "ok"]
        return sorted(clean_runs, key=lambda row: row[1])

    def winning_margin(self, colour):
        ranked = self.ranking(colour)
        if len(ranked) < 2:
            return timedelta(0)
        return timedelta(seconds=ranked[1][1] - ranked[0][1])

    def median_time(self, colour):
        times = [row[1] for row in self.ranking(colour)]
        if not times:
            return None
        return statistics.median(times)


def results_text(board, course):
    lines = [f"{board.event_name}: {course.colour} course ({course.length_km} km)"]
    for place, (runner, seconds, _status) in enumerate(board.ranking(course.colour), start=1):
        pace = course.pace(seconds)
        lines.append(f"{place:>3}. {runner:<24} {format_time(seconds)}  {pace} min/km")
    return "\n".join(lines)

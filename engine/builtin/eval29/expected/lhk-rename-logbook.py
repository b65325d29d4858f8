"""Watch log for a lighthouse keeper: lamp hours, fog signals and weather."""

from datetime import datetime, timedelta

LAMP_LIFE_HOURS = 2000
FOG_VISIBILITY_NM = 2.0
BEAUFORT_GALE = 8
WATCH_LENGTH_HOURS = 4


class WatchEntry:
    def __init__(self, keeper, start, visibility_nm, wind_force, remarks=""):
        self.keeper = keeper
        self.start = start
        self.visibility_nm = visibility_nm
        self.wind_force = wind_force
        self.remarks = remarks

    @property
    def end(self):
        return self.start + timedelta(hours=WATCH_LENGTH_HOURS)

    def foggy(self):
        return self.visibility_nm < FOG_VISIBILITY_NM

    def gale(self):
        return self.wind_force >= BEAUFORT_GALE


class Lamp:
    def __init__(self, serial, installed_hours=0):
        self.serial = serial
        self.burn_hours = installed_hours
        self.failures = 0

    def burn(self, hours):
        self.burn_hours += hours

    def remaining_life(self):
        return max(LAMP_LIFE_HOURS - self.burn_hours, 0)

    def needs_replacing(self):
        return self.remaining_life() < 100 or self.failures > 2


class WatchLog:
    def __init__(self, station):
        self.station = station
        self.entries = []
        self.lamp = None

    def fit_lamp(self, lamp):
        self.lamp = lamp

    def add_watch(self, entry):
        self.entries.append(entry)
        if self.lamp is not None:
            self.lamp.burn(WATCH_LENGTH_HOURS)

    def fog_hours(self):
        foggy = [e for e in self.entries if e.foggy()]
        return len(foggy) * WATCH_LENGTH_HOURS

    def gales_between(self, start, end):
        count = 0
        for entry in self.entries:
            if start <= entry.start < end and entry.gale():
                count += 1
        return count

    def keepers(self):
        return sorted({e.keeper for e in self.entries})


def fog_signal_pattern(visibility_nm):
    if visibility_nm < 0.5:
        return "two blasts every 60 seconds"
    if visibility_nm < FOG_VISIBILITY_NM:
        return "one blast every 30 seconds"
    return "silent"


def parse_entry(line):
    keeper, stamp, vis, wind = line.split("|")
    start = datetime.strptime(stamp.strip(), "%Y-%m-%d %H:%M")
    return WatchEntry(keeper.strip(), start, float(vis), int(wind))


def monthly_summary(logbook, month_label, include_keepers=True):
    lines = ["%s - %s" % (logbook.station, month_label)]
    lines.append("Watches logged: %d" % len(logbook.entries))
    lines.append("Fog hours: %d" % logbook.fog_hours())
    gales = sum(1 for e in logbook.entries if e.gale())
    lines.append("Gale watches: %d" % gales)
    if include_keepers:
        lines.append("Keepers: " + ", ".join(logbook.keepers()))
    lamp = logbook.lamp
    if lamp is not None and lamp.needs_replacing():
        lines.append("Lamp %s due for replacement" % lamp.serial)
    return "\n".join(lines)


def rota(keepers, first_start, watches):
    schedule = []
    for index in range(watches):
        keeper = keepers[index % len(keepers)]
        start = first_start + timedelta(hours=index * WATCH_LENGTH_HOURS)
        schedule.append((keeper, start))
    return schedule

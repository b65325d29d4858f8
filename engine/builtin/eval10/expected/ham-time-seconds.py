"""A ham radio contact log: QSOs, band lookup, dupe checks, contest points and an ADIF export."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

logger = logging.getLogger(__name__)

BANDS = {
    "160m": (1.8, 2.0),
    "80m": (3.5, 4.0),
    "40m": (7.0, 7.3),
    "30m": (10.1, 10.15),
    "20m": (14.0, 14.35),
    "15m": (21.0, 21.45),
    "10m": (28.0, 29.7),
}
CALLSIGN_RE = re.compile(r"^[A-Z0-9]{1,3}[0-9][A-Z0-9]{0,3}[A-Z](/[A-Z0-9]+)?$")
MODE_POINTS = {"CW": 3, "FT8": 2, "SSB": 1}
DEFAULT_RST = {"CW": "599", "SSB": "59", "FT8": "-10"}
DUPE_WINDOW_MINUTES = 30
ADIF_HEADER = "Contact log exported for ADIF 3.1"


def band_for(frequency_mhz):
    for band, (low, high) in BANDS.items():
        if low <= frequency_mhz <= high:
            return band
    return None


def normalize_call(callsign):
    call = callsign.strip().upper()
    if not CALLSIGN_RE.match(call):
        raise ValueError(f"not a callsign: {callsign!r}")
    return call


@dataclass
class Contact:
    callsign: str
    frequency_mhz: float
    mode: str
    time_utc: datetime
    rst_sent: str = ""
    rst_received: str = ""

    def __post_init__(self):
        self.callsign = normalize_call(self.callsign)
        self.mode = self.mode.upper()
        if not self.rst_sent:
            self.rst_sent = DEFAULT_RST.get(self.mode, "59")

    @property
    def band(self):
        return band_for(self.frequency_mhz)

    def points(self):
        return MODE_POINTS.get(self.mode, 1)


class Logbook:
    def __init__(self, operator, grid="FN31"):
        self.operator = normalize_call(operator)
        self.grid = grid
        self.contacts: list[Contact] = []

    def is_dupe(self, contact, window_minutes=DUPE_WINDOW_MINUTES):
        for earlier in self.contacts:
            same = (earlier.callsign, earlier.band, earlier.mode) == (contact.callsign, contact.band, contact.mode)
            gap = abs((contact.time_utc - earlier.time_utc).total_seconds()) / 60
            if same and gap < window_minutes:
                return True
        return False

    def add(self, contact):
        if contact.band is None:
            raise ValueError(f"{contact.frequency_mhz} MHz is outside the band plan")
        if self.is_dupe(contact):
            logger.info("dupe: %s on %s", contact.callsign, contact.band)
            return False
        self.contacts.append(contact)
        return True

    def recent(self, now, minutes=30):
        since = now - timedelta(minutes=minutes)
        return [contact for contact in self.contacts if contact.time_utc >= since]

    def score(self):
        points = sum(contact.points() for contact in self.contacts)
        multipliers = {(contact.band, contact.callsign[:2]) for contact in self.contacts}
        return points * max(len(multipliers), 1)


def adif_field(name, value):
    text = str(value)
    return f"<{name}:{len(text)}>{text}"


def to_adif(logbook: Logbook) -> str:
    lines = [ADIF_HEADER, adif_field("PROGRAMID", "hamlog"), adif_field("OPERATOR", logbook.operator), "<EOH>"]
    for contact in logbook.contacts:
        parts = [
            adif_field("CALL", contact.callsign),
            adif_field("QSO_DATE", contact.time_utc.strftime("%Y%m%d")),
            adif_field("TIME_ON", contact.time_utc.strftime("%H%M%S")),
            adif_field("BAND", contact.band),
            adif_field("FREQ", f"{contact.frequency_mhz:.3f}"),
            adif_field("MODE", contact.mode),
            adif_field("RST_SENT", contact.rst_sent),
            adif_field("RST_RCVD", contact.rst_received),
        ]
        lines.append(" ".join(parts) + " <EOR>")
    return "\n".join(lines) + "\n"


def save_adif(logbook: Logbook, path) -> None:
    path = Path(path)
    path.write_text(to_adif(logbook))
    logger.info("wrote %d contacts to %s", len(logbook.contacts), path)


def parse_line(line, now=None):
    """One quick-entry line: CALL FREQ MODE and an optional received report."""
    fields = line.split()
    callsign, frequency, mode = fields[:3]
    contact = Contact(callsign, float(frequency), mode, now or datetime.now(timezone.utc))
    if len(fields) > 3:
        contact.rst_received = fields[3]
    return contact

"""Pricing and logging for emergency locksmith call-outs."""

import json
from dataclasses import asdict, dataclass
from datetime import datetime, time
from pathlib import Path

CALL_OUT_FEE = 65.0
HOURLY_LABOUR = 48.0
OUT_OF_HOURS_MULTIPLIER = 1.5
WORKING_HOURS = (time(8, 0), time(18, 0))
MILEAGE_RATE = 0.45
FREE_MILES = 10
JOB_LOG = "callouts.jsonl"


@dataclass
class CallOut:
    """A single job as logged by the engineer."""
    customer: str
    postcode: str
    when: datetime
    job_type: str = "lockout"
    labour_hours: float = 0.5
    miles: float = 0
    parts: float = 0.0

    def total(self) -> float:
        return quote(self.when, self.labour_hours, self.miles, self.parts,
                     lockout=self.job_type == "lockout")


def is_out_of_hours(when: datetime) -> bool:
    """Evenings, nights and weekends are charged at the higher rate."""
    if when.weekday() >= 5:
        return True
    start, end = WORKING_HOURS
    return not (start <= when.time() < end)


def travel_charge(miles, free_miles=FREE_MILES):
    chargeable = max(0, miles - free_miles)
    return round(chargeable * MILEAGE_RATE, 2)


def quote(when: datetime, labour_hours: float, miles: float = 0, parts=0.0, *, lockout=False) -> float:
    """Total price for a call-out including labour, travel and parts."""
    fee = CALL_OUT_FEE + labour_hours * HOURLY_LABOUR
    if is_out_of_hours(when):
        fee *= OUT_OF_HOURS_MULTIPLIER
    if lockout and labour_hours < 0.5:
        # non-destructive entry usually quick; minimum half hour charged
        fee = max(fee, CALL_OUT_FEE + 0.5 * HOURLY_LABOUR)
    return round(fee + travel_charge(miles) + parts, 2)


def log_call_out(folder, call_out: CallOut):
    entry = asdict(call_out)
    entry["postcode"] = call_out.postcode.upper().replace(" ", "")
    entry["when"] = call_out.when.isoformat(timespec="minutes")
    entry["total"] = call_out.total()
    path = Path(folder) / JOB_LOG
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(entry) + "\n")
    return entry


def monthly_summary(folder, year: int, month: int) -> dict:
    """Job count and takings for one month from the call-out log."""
    path = Path(folder) / JOB_LOG
    totals = {"jobs": 0, "takings": 0.0, "out_of_hours": 0}
    if not path.exists():
        return totals
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
            when = datetime.fromisoformat(entry["when"])
        except (ValueError, KeyError):
            continue
        if (when.year, when.month) != (year, month):
            continue
        totals["jobs"] += 1
        totals["takings"] += entry.get("total", 0.0)
        totals["out_of_hours"] += is_out_of_hours(when)
    totals["takings"] = round(totals["takings"], 2)
    return totals

"""Payroll hours: timesheet punches, rounding, overtime and a weekly pay stub per employee."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

logger = logging.getLogger(__name__)

ROUND_TO_MINUTES = 15
WEEKLY_OVERTIME_HOURS = 40
OVERTIME_MULTIPLIER = Decimal("1.5")
NIGHT_START = time(22, 0)
NIGHT_DIFFERENTIAL = Decimal("1.25")
UNPAID_BREAK_AFTER_HOURS = 6
BREAK_MINUTES = 30


def round_punch(moment, step=ROUND_TO_MINUTES):
    minutes = moment.hour * 60 + moment.minute + moment.second / 60
    rounded = int((minutes + step / 2) // step * step)
    midnight = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    return midnight + timedelta(minutes=rounded)


@dataclass
class Shift:
    clock_in: datetime
    clock_out: datetime

    def hours(self, *, rounded=True):
        start, end = self.clock_in, self.clock_out
        if rounded:
            start, end = round_punch(start), round_punch(end)
        worked = (end - start).total_seconds() / 3600
        if worked > UNPAID_BREAK_AFTER_HOURS:
            worked -= BREAK_MINUTES / 60
        return round(worked, 2)

    def night_hours(self):
        """Hours worked after NIGHT_START on the day the shift began."""
        night = datetime.combine(self.clock_in.date(), NIGHT_START, self.clock_in.tzinfo)
        if self.clock_out <= night:
            return 0.0
        return round((self.clock_out - max(night, self.clock_in)).total_seconds() / 3600, 2)


@dataclass
class Employee:
    employee_id: str
    name: str
    hourly_rate: Decimal
    shifts: list[Shift] = field(default_factory=list)

    def punch(self, clock_in, clock_out):
        if clock_out <= clock_in:
            raise ValueError(f"{self.name}: clock-out before clock-in")
        self.shifts.append(Shift(clock_in, clock_out))

    def shifts_in_week(self, week_start):
        week_end = week_start + timedelta(days=7)
        return [shift for shift in self.shifts if week_start <= shift.clock_in < week_end]

    def week_hours(self, week_start):
        return round(sum(shift.hours() for shift in self.shifts_in_week(week_start)), 2)

    def split_overtime(self, week_start):
        total = self.week_hours(week_start)
        regular = min(total, WEEKLY_OVERTIME_HOURS)
        return regular, round(max(total - WEEKLY_OVERTIME_HOURS, 0), 2)


def money(amount):
    return Decimal(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def gross_pay(employee, week_start):
    regular, overtime = employee.split_overtime(week_start)
    rate = employee.hourly_rate
    night = sum(shift.night_hours() for shift in employee.shifts_in_week(week_start))
    pay = Decimal(str(regular)) * rate + Decimal(str(overtime)) * rate * OVERTIME_MULTIPLIER
    pay += Decimal(str(night)) * NIGHT_DIFFERENTIAL
    return money(pay)


def pay_stub(employee, week_start, *, currency="$"):
    regular, overtime = employee.split_overtime(week_start)
    lines = [
        f"Pay stub for {employee.name} ({employee.employee_id})",
        f"Week of {week_start:%Y-%m-%d}",
        f"Regular hours: {regular:.2f}",
        f"Overtime hours: {overtime:.2f}",
        f"Gross pay: {currency}{gross_pay(employee, week_start)}",
    ]
    return "\n".join(lines)


def export_week(employees, week_start, path: Path):
    rows = []
    for employee in employees:
        regular, overtime = employee.split_overtime(week_start)
        rows.append({
            "id": employee.employee_id,
            "regular": regular,
            "overtime": overtime,
            "gross": str(gross_pay(employee, week_start)),
        })
    document = {"week": week_start.date().isoformat(), "employees": rows}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=2))
    logger.info("exported %d employees for the week of %s", len(rows), week_start.date())
    return rows


def load_punches(path: Path, employees):
    by_id = {employee.employee_id: employee for employee in employees}
    for record in json.loads(path.read_text()):
        employee = by_id[record["id"]]
        employee.punch(datetime.fromisoformat(record["in"]), datetime.fromisoformat(record["out"]))
    return by_id

"""Dates for billing: business days, month ranges, and lenient parsing."""

import calendar
from datetime import date, datetime, timedelta

DATE_FORMATS = ("%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y", "%b %d, %Y")
WEEKEND = (5, 6)
GRACE_DAYS = 14


def parse_date(text):
    text = text.strip()
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ValueError(f"unrecognised date: {text!r}")


def is_business_day(day, holidays=()):
    return day.weekday() not in WEEKEND and day not in holidays


def add_business_days(start, days, holidays=()):
    current = start
    remaining = days
    while remaining > 0:
        current += timedelta(days=1)
        if is_business_day(current, holidays):
            remaining -= 1
    return current


def business_days_between(start, end, holidays=()):
    if end < start:
        start, end = end, start
    count = 0
    current = start
    while current < end:
        if is_business_day(current, holidays):
            count += 1
        current += timedelta(days=1)
    return count


def month_bounds(year, month):
    last_day = calendar.monthrange(year, month)[1]
    return date(year, month, 1), date(year, month, last_day)


def next_month(day):
    if day.month == 12:
        return date(day.year + 1, 1, 1)
    return date(day.year, day.month + 1, 1)


def due_date(invoice_day, net_days=30):
    due = invoice_day + timedelta(days=net_days)
    while not is_business_day(due):
        due += timedelta(days=1)
    return due


def is_overdue(invoice_day, today, net_days=30):
    return today > due_date(invoice_day, net_days) + timedelta(days=GRACE_DAYS)


def quarter_of(day):
    return (day.month - 1) // 3 + 1


def format_range(start, end):
    if start.year == end.year and start.month == end.month:
        return f"{start.day}-{end.day} {start:%b %Y}"
    if start.year == end.year:
        return f"{start:%d %b} - {end:%d %b %Y}"
    return f"{start:%d %b %Y} - {end:%d %b %Y}"

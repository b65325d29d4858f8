"""Accounts receivable aging: open invoices sorted into buckets by how late they are."""

from __future__ import annotations

import csv
import logging
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

logger = logging.getLogger(__name__)

BUCKET_EDGES = (30, 60, 90)
LATE_FEE_RATE = 0.015
MIN_REMINDER_BALANCE = 25.00
PAYMENT_TERMS_DAYS = 30
CURRENCY = "USD"


@dataclass
class Payment:
    amount: float
    received: date
    reference: str = ""


@dataclass
class Invoice:
    number: str
    customer: str
    issued: date
    total: float
    terms_days: int = PAYMENT_TERMS_DAYS
    payments: list[Payment] = field(default_factory=list)

    @property
    def due(self) -> date:
        return self.issued + timedelta(days=self.terms_days)

    def balance(self) -> float:
        paid = sum(payment.amount for payment in self.payments)
        return round(self.total - paid, 2)

    def days_overdue(self, today: date) -> int:
        return max((today - self.due).days, 0)

    def apply_payment(self, amount: float, received: date, reference: str = "") -> None:
        if amount <= 0:
            raise ValueError(f"payment must be positive, got {amount}")
        if amount > self.balance():
            logger.warning("overpayment on %s: %.2f > %.2f", self.number, amount, self.balance())
        self.payments.append(Payment(amount, received, reference))


def bucket_label(days, edges=BUCKET_EDGES):
    """The aging bucket a number of days overdue falls in."""
    if days == 0:
        return "current"
    low = 1
    for edge in edges:
        if days <= edge:
            return f"{low}-{edge}"
        low = edge + 1
    return f"over {edges[-1]}"


def aging_report(invoices, today, *, include_paid=False):
    """Open balance per customer and bucket."""
    report: dict[str, dict[str, float]] = {}
    for invoice in invoices:
        balance = invoice.balance()
        if balance <= 0 and not include_paid:
            continue
        label = bucket_label(invoice.days_overdue(today))
        row = report.setdefault(invoice.customer, {})
        row[label] = round(row.get(label, 0.0) + balance, 2)
    return report


def top_debtors(report, limit=10):
    totals = {customer: sum(row.values()) for customer, row in report.items()}
    ranked = sorted(totals.items(), key=lambda item: item[1], reverse=True)
    return ranked[:limit]


def late_fee(invoice, today, rate=LATE_FEE_RATE, grace_days=10):
    overdue = invoice.days_overdue(today)
    if overdue <= grace_days:
        return 0.0
    months = overdue // 30 + 1
    return round(invoice.balance() * rate * months, 2)


def needs_reminder(invoice, today, *, minimum=MIN_REMINDER_BALANCE):
    return invoice.balance() >= minimum and invoice.days_overdue(today) > 0


def reminder_text(invoice, today):
    fee = late_fee(invoice, today)
    lines = [
        f"Dear {invoice.customer},",
        f"Invoice {invoice.number} was due on {invoice.due:%d %b %Y}.",
        f"The open balance is {invoice.balance():.2f} {CURRENCY}.",
    ]
    if fee:
        lines.append(f"A late fee of {fee:.2f} {CURRENCY} applies.")
    lines.append("Please pay at your earliest convenience.")
    return "\n".join(lines)


def reminders(invoices, today):
    return [reminder_text(invoice, today) for invoice in invoices if needs_reminder(invoice, today)]


def load_invoices(path: Path) -> list[Invoice]:
    invoices = []
    with path.open(newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                issued = date.fromisoformat(row["issued"])
            except ValueError as error:
                raise ValueError(f"{path}: bad issue date {row['issued']!r}") from error
            invoice = Invoice(row["number"], row["customer"], issued, float(row["total"]))
            if row.get("paid"):
                invoice.apply_payment(float(row["paid"]), issued, "opening")
            invoices.append(invoice)
    logger.info("loaded %d invoices from %s", len(invoices), path)
    return invoices


def write_report(report, path: Path, edges=BUCKET_EDGES) -> None:
    labels = ["current"] + [bucket_label(edge, edges) for edge in edges] + [f"over {edges[-1]}"]
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["customer", *labels])
        for customer, row in sorted(report.items()):
            writer.writerow([customer, *(f"{row.get(label, 0.0):.2f}" for label in labels)])

"""Monthly sales report: read order rows, total them by region and product, write CSV."""

import csv
import io
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

CURRENCY = "EUR"
TAX_RATE = Decimal("0.21")
COLUMNS = ["region", "product", "orders", "net", "tax", "gross"]


def parse_amount(text):
    cleaned = text.replace(CURRENCY, "").replace(",", "").strip()
    return Decimal(cleaned)


def round_cents(value):
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def read_orders(lines):
    reader = csv.DictReader(lines)
    orders = []
    for row in reader:
        if row.get("status") == "cancelled":
            continue
        orders.append({
            "region": row["region"].strip() or "unknown",
            "product": row["sku"].strip(),
            "amount": parse_amount(row["amount"]),
        })
    return orders


def summarize(orders):
    totals = defaultdict(lambda: {"orders": 0, "net": Decimal(0)})
    for order in orders:
        key = (order["region"], order["product"])
        totals[key]["orders"] += 1
        totals[key]["net"] += order["amount"]
    rows = []
    for (region, product), total in sorted(totals.items()):
        tax = round_cents(total["net"] * TAX_RATE)
        net = round_cents(total["net"])
        rows.append({
            "region": region,
            "product": product,
            "orders": total["orders"],
            "net": net,
            "tax": tax,
            "gross": net + tax,
        })
    return rows


def top_products(rows, limit=5):
    by_product = defaultdict(Decimal)
    for row in rows:
        by_product[row["product"]] += row["gross"]
    ranked = sorted(by_product.items(), key=lambda item: item[1], reverse=True)
    return ranked[:limit]


def write_report(rows, out):
    writer = csv.DictWriter(out, fieldnames=COLUMNS)
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
    grand = sum((row["gross"] for row in rows), Decimal(0))
    writer.writerow({"region": "TOTAL", "gross": grand})
    return grand


def report_text(lines):
    rows = summarize(read_orders(lines))
    buffer = io.StringIO()
    write_report(rows, buffer)
    return buffer.getvalue()


def monthly_file_name(year, month, prefix="sales"):
    return f"{prefix}-{year:04d}-{month:02d}.csv"


def growth_percent(previous, current):
    if previous == 0:
        return None
    return round((current - previous) / previous * 100, 1)

"""The life cycle of a customer order as a small state machine."""

import enum
import logging
from datetime import datetime, timezone

log = logging.getLogger(__name__)

MAX_DELIVERY_ATTEMPTS = 3


class OrderStatus(enum.Enum):
    PENDING = "pending"
    PAID = "paid"
    PACKED = "packed"
    SHIPPED = "shipped"
    DELIVERED = "delivered"
    CANCELLED = "cancelled"
    RETURNED = "returned"


TRANSITIONS = {
    OrderStatus.PENDING: {OrderStatus.PAID, OrderStatus.CANCELLED},
    OrderStatus.PAID: {OrderStatus.PACKED, OrderStatus.CANCELLED},
    OrderStatus.PACKED: {OrderStatus.SHIPPED},
    OrderStatus.SHIPPED: {OrderStatus.DELIVERED, OrderStatus.RETURNED},
    OrderStatus.DELIVERED: {OrderStatus.RETURNED},
    OrderStatus.CANCELLED: set(),
    OrderStatus.RETURNED: set(),
}


class InvalidTransition(Exception):
    pass


class Order:
    def __init__(self, order_id, customer, total):
        self.order_id = order_id
        self.customer = customer
        self.total = total
        self.status = OrderStatus.PENDING
        self.history = []
        self.delivery_attempts = 0

    def can_move_to(self, status):
        return status in TRANSITIONS[self.status]

    def move_to(self, status, reason=""):
        if not self.can_move_to(status):
            raise InvalidTransition(f"{self.status.value} -> {status.value}")
        stamp = datetime.now(timezone.utc)
        self.history.append((stamp, self.status, status, reason))
        log.info("order %s: %s -> %s", self.order_id, self.status.value, status.value)
        self.status = status

    def pay(self, amount):
        if amount < self.total:
            raise ValueError("payment does not cover the order total")
        self.move_to(OrderStatus.PAID)

    def ship(self, carrier):
        if self.status is OrderStatus.PAID:
            self.move_to(OrderStatus.PACKED, "packed automatically")
        self.move_to(OrderStatus.SHIPPED, f"handed to {carrier}")

    def record_failed_delivery(self):
        self.delivery_attempts += 1
        if self.delivery_attempts >= MAX_DELIVERY_ATTEMPTS:
            self.move_to(OrderStatus.RETURNED, "too many failed deliveries")

    def cancel(self, reason="customer request"):
        self.move_to(OrderStatus.CANCELLED, reason)

    def is_final(self):
        """True when no further transition is possible."""
        return not TRANSITIONS[self.status]


def replay(order_id, customer, total, steps):
    order = Order(order_id, customer, total)
    for status_name in steps:
        order.move_to(OrderStatus(status_name))
    return order


def summarize_history(order):
    lines = []
    for stamp, before, after, reason in order.history:
        line = f"{stamp:%Y-%m-%d %H:%M} {before.value} -> {after.value}"
        if reason:
            line += f" ({reason})"
        lines.append(line)
    return lines

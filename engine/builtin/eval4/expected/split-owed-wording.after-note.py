"""Shared expenses in a group: who paid what, who owes whom, and the payments that settle it."""

from collections import defaultdict
from dataclasses import dataclass, field

CURRENCY = "EUR"


@dataclass
class Expense:
    description: str
    amount_cents: int
    paid_by: str
    shared_by: list[str]
    weights: dict[str, int] = field(default_factory=dict)

    def share_of(self, person):
        """The part of this expense that `person` owes, in cents."""
        if person not in self.shared_by:
            return 0
        total_weight = sum(self.weights.get(name, 1) for name in self.shared_by)
        return self.amount_cents * self.weights.get(person, 1) // total_weight


def parse_amount(text):
    text = text.strip().replace(",", ".")
    if "." in text:
        whole, cents = text.split(".", 1)
        return int(whole) * 100 + int(cents.ljust(2, "0")[:2])
    return int(text) * 100


def format_cents(cents, currency=CURRENCY):
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d} {currency}"


class Group:
    def __init__(self, name, members):
        self.name = name
        self.members = list(members)
        self.expenses = []

    def add_expense(self, description, amount, paid_by, shared_by=None):
        if paid_by not in self.members:
            raise ValueError(f"{paid_by} is not in {self.name}")
        people = list(shared_by or self.members)
        expense = Expense(description, parse_amount(amount), paid_by, people)
        self.expenses.append(expense)
        return expense

    def balances(self):
        """What each member is owed (positive) or owes (negative), in cents."""
        net = defaultdict(int)
        for expense in self.expenses:
            net[expense.paid_by] += expense.amount_cents
            for person in expense.shared_by:
                net[person] -= expense.share_of(person)
        return {member: net[member] for member in self.members}

    def total_spent(self):
        return sum(expense.amount_cents for expense in self.expenses)

    def spent_by(self, person):
        return sum(e.amount_cents for e in self.expenses if e.paid_by == person)


def settle(balances, min_transfer=50):
    debtors = sorted((balance, name) for name, balance in balances.items() if balance < 0)
    creditors = sorted(((balance, name) for name, balance in balances.items() if balance > 0), reverse=True)
    transfers = []
    i = j = 0
    while i < len(debtors) and j < len(creditors):
        owed, debtor = debtors[i]
        due, creditor = creditors[j]
        amount = min(-owed, due)
        if amount >= min_transfer:
            transfers.append((debtor, creditor, amount))
        debtors[i] = (owed + amount, debtor)
        creditors[j] = (due - amount, creditor)
        if debtors[i][0] == 0:
            i += 1
        if creditors[j][0] == 0:
            j += 1
    return transfers


def read_expenses(group, lines):
    """Expenses from lines like "dinner; 84,50; ann; ann bob cem"."""
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        description, amount, paid_by, *rest = [part.strip() for part in line.split(";")]
        shared_by = rest[0].split() if rest else None
        group.add_expense(description, amount, paid_by, shared_by)


def summary(group):
    lines = [f"{group.name}: {format_cents(group.total_spent())} in {len(group.expenses)} expenses"]
    for member, amount in group.balances().items():
        state = "is due" if amount > 0 else "owes"
        lines.append(f"  {member} {state} {format_cents(abs(amount))}")
    for debtor, creditor, amount in settle(group.balances()):
        lines.append(f"  {debtor} -> {creditor}: {format_cents(amount)}")
    return "\n".join(lines)

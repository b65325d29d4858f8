"""Office print quotas: pages per person each month, colour counted extra, jobs refused over quota, a monthly CSV."""

import csv
import logging
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

MONTHLY_PAGES = 500
COLOUR_WEIGHT = 3
DUPLEX_DISCOUNT = 0.5
WARN_AT = 0.9
USAGE_FILE = Path("print_usage.csv")


@dataclass
class PrintJob:
    user: str
    pages: int
    colour: bool = False
    duplex: bool = False

    def cost(self):
        units = self.pages * (COLOUR_WEIGHT if self.colour else 1)
        if self.duplex:
            units = units * DUPLEX_DISCOUNT
        return int(round(units))


class Account:
    def __init__(self, user, quota=MONTHLY_PAGES):
        self.user = user
        self.quota = quota
        self.used = 0
        self.refused = 0

    def remaining(self):
        return max(0, self.quota - self.used)

    def near_limit(self, warn_at=WARN_AT):
        return self.used >= self.quota * warn_at

    def charge(self, job):
        cost = job.cost()
        if cost > self.remaining():
            self.refused += 1
            logger.warning("refused %d units for %s", cost, self.user)
            return False
        self.used += cost
        return True


class PrintServer:
    def __init__(self, quota=MONTHLY_PAGES):
        self.quota = quota
        self.accounts = {}

    def account(self, user):
        if user not in self.accounts:
            self.accounts[user] = Account(user, quota=self.quota)
        return self.accounts[user]

    def submit(self, job):
        account = self.account(job.user)
        accepted = account.charge(job)
        if accepted and account.near_limit():
            logger.info("%s is close to the monthly limit", job.user)
        return accepted

    def reset_month(self):
        for account in self.accounts.values():
            account.used = 0
            account.refused = 0


def top_users(server, count=5):
    ranked = sorted(server.accounts.values(), key=lambda a: a.used, reverse=True)
    return [(a.user, a.used) for a in ranked[:count]]


def job_from_line(line, separator=";"):
    user, pages, flags = line.split(separator)
    flags = flags.strip().lower()
    return PrintJob(user.strip(), int(pages), colour="c" in flags, duplex="d" in flags)


def replay_log(server, lines):
    accepted = 0
    for line in lines:
        if not line.strip():
            continue
        if server.submit(job_from_line(line)):
            accepted += 1
    return accepted


def write_usage(server, path=USAGE_FILE, month=""):
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["month", "user", "used", "quota", "refused"])
        for account in server.accounts.values():
            writer.writerow([month, account.user, account.used, account.quota, account.refused])
    return path

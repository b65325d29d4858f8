"""Retry HTTP requests with exponential backoff and jitter."""

import json
import random
import time
import urllib.error
import urllib.request

RETRY_STATUSES = (429, 500, 502, 503, 504)
DEFAULT_ATTEMPTS = 5
USER_AGENT = "inventory-sync/2.1"


class RetryError(Exception):
    """Every attempt failed; the last error is in __cause__."""

    def __init__(self, url, attempts):
        super().__init__(f"{url}: gave up after {attempts} attempts")
        self.url = url
        self.attempts = attempts


def backoff_delay(attempt, base=0.5, cap=30.0):
    delay = min(cap, base * 2 ** attempt)
    return delay / 2 + random.uniform(0, delay / 2)


def should_retry(error):
    if isinstance(error, urllib.error.HTTPError):
        return error.code in RETRY_STATUSES
    return isinstance(error, (urllib.error.URLError, TimeoutError, ConnectionResetError))


def retry_after_seconds(error):
    if not isinstance(error, urllib.error.HTTPError):
        return None
    header = error.headers.get("Retry-After")
    if header is None or not header.isdigit():
        return None
    return int(header)


def build_request(url, payload=None, headers=None):
    data = None
    all_headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    if headers:
        all_headers.update(headers)
    if payload is not None:
        data = json.dumps(payload).encode("utf-8")
        all_headers["Content-Type"] = "application/json"
    method = "POST" if data is not None else "GET"
    return urllib.request.Request(url, data=data, headers=all_headers, method=method)


def fetch_json(url, payload=None, attempts=DEFAULT_ATTEMPTS, timeout_s=10, sleep=time.sleep):
    request = build_request(url, payload)
    last_error = None
    for attempt in range(attempts):
        try:
            with urllib.request.urlopen(request, timeout=timeout_s) as response:
                body = response.read()
            return json.loads(body.decode("utf-8"))
        except Exception as error:
            if not should_retry(error):
                raise
            last_error = error
        wait = retry_after_seconds(last_error)
        if wait is None:
            wait = backoff_delay(attempt)
        sleep(wait)
    raise RetryError(url, attempts) from last_error


class RetryBudget:
    """Limits how many retries a client may spend in a sliding minute."""

    def __init__(self, per_minute=20, clock=time.monotonic):
        self.per_minute = per_minute
        self.clock = clock
        self.spent = []

    def _prune(self):
        cutoff = self.clock() - 60
        self.spent = [stamp for stamp in self.spent if stamp > cutoff]

    def can_retry(self):
        self._prune()
        return len(self.spent) < self.per_minute

    def record(self):
        self.spent.append(self.clock())

    def remaining(self):
        self._prune()
        return max(0, self.per_minute - len(self.spent))

"""Rate limiting for API clients: a token bucket and a fixed-window counter."""

import time
from dataclasses import dataclass

BURST_SIZE = 10
REFILL_PER_SECOND = 2.5
WINDOW_SECONDS = 60


class RateLimited(Exception):
    def __init__(self, retry_in):
        super().__init__(f"rate limited; retry in {retry_in:.2f}s")
        self.retry_in = retry_in


class TokenBucket:
    def __init__(self, capacity=BURST_SIZE, refill_rate=REFILL_PER_SECOND, clock=time.monotonic):
        self.capacity = capacity
        self.refill_rate = refill_rate
        self.clock = clock
        self.tokens = float(capacity)
        self.last_refill = clock()

    def refill(self):
        now = self.clock()
        elapsed = now - self.last_refill
        self.tokens = min(self.capacity, self.tokens + elapsed * self.refill_rate)
        self.last_refill = now

    def try_acquire(self, cost=1):
        self.refill()
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False

    def wait_time(self, cost=1):
        self.refill()
        missing = cost - self.tokens
        return max(0.0, missing / self.refill_rate)

    def acquire(self, cost=1, sleep=time.sleep):
        while not self.try_acquire(cost):
            sleep(self.wait_time(cost))


@dataclass
class WindowCounter:
    limit: int
    window: float = WINDOW_SECONDS
    started: float = 0.0
    count: int = 0

    def hit(self, now):
        if now - self.started >= self.window:
            self.started = now
            self.count = 0
        if self.count >= self.limit:
            raise RateLimited(self.started + self.window - now)
        self.count += 1


class ClientLimiter:
    """One token bucket per client key, created on first use."""

    def __init__(self, capacity=BURST_SIZE, refill_rate=REFILL_PER_SECOND):
        self.capacity = capacity
        self.refill_rate = refill_rate
        self.buckets = {}

    def bucket_for(self, client_key):
        bucket = self.buckets.get(client_key)
        if bucket is None:
            bucket = TokenBucket(self.capacity, self.refill_rate)
            self.buckets[client_key] = bucket
        return bucket

    def allow(self, client_key, cost=1):
        return self.bucket_for(client_key).try_acquire(cost)

    def forget_idle(self, idle_seconds=600):
        now = time.monotonic()
        idle = [key for key, bucket in self.buckets.items() if now - bucket.last_refill > idle_seconds]
        for key in idle:
            del self.buckets[key]
        return len(idle)

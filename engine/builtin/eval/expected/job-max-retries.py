"""A priority queue of background jobs with retries, deadlines and a worker loop."""

import heapq
import itertools
import logging
import time
import traceback
from dataclasses import dataclass, field

logger = logging.getLogger("jobs")

DEFAULT_PRIORITY = 5
MAX_RETRIES = 5
RETRY_DELAY = 2.0
POLL_INTERVAL = 0.25


class JobFailed(Exception):
    """A job raised on its last allowed attempt."""


@dataclass(order=True)
class Job:
    run_at: float
    priority: int
    sequence: int
    name: str = field(compare=False)
    func: object = field(compare=False)
    args: tuple = field(default=(), compare=False)
    attempts: int = field(default=0, compare=False)
    deadline: float = field(default=None, compare=False)


class JobQueue:
    def __init__(self, clock=time.time):
        self.clock = clock
        self.heap = []
        self.counter = itertools.count()
        self.finished = []
        self.failed = []

    def submit(self, name, func, *args, priority=DEFAULT_PRIORITY, delay=0.0, timeout=None):
        now = self.clock()
        deadline = now + delay + timeout if timeout is not None else None
        job = Job(now + delay, priority, next(self.counter), name, func, args, 0, deadline)
        heapq.heappush(self.heap, job)
        logger.debug("queued %s (priority %d)", name, priority)
        return job

    def __len__(self):
        return len(self.heap)

    def next_ready(self):
        if not self.heap:
            return None
        job = self.heap[0]
        if job.run_at > self.clock():
            return None
        return heapq.heappop(self.heap)

    def expired(self, job):
        return job.deadline is not None and self.clock() > job.deadline

    def reschedule(self, job):
        job.attempts += 1
        job.run_at = self.clock() + RETRY_DELAY * job.attempts
        job.sequence = next(self.counter)
        heapq.heappush(self.heap, job)

    def run_one(self, job):
        if self.expired(job):
            logger.warning("dropping %s: past its deadline", job.name)
            self.failed.append((job.name, "deadline"))
            return False
        try:
            result = job.func(*job.args)
        except Exception as error:
            if job.attempts + 1 >= MAX_RETRIES:
                self.failed.append((job.name, traceback.format_exc()))
                logger.error("%s failed for good: %s", job.name, error)
                return False
            logger.info("%s failed, retrying: %s", job.name, error)
            self.reschedule(job)
            return False
        self.finished.append((job.name, result))
        return True

    def drain(self, budget=None):
        started = self.clock()
        done = 0
        while self.heap:
            if budget is not None and self.clock() - started > budget:
                break
            job = self.next_ready()
            if job is None:
                time.sleep(POLL_INTERVAL)
                continue
            if self.run_one(job):
                done += 1
        return done

    def pending_names(self):
        return [job.name for job in sorted(self.heap)]


def run_with_retries(func, *args, retries=MAX_RETRIES, delay=RETRY_DELAY):
    last = None
    for attempt in range(retries):
        try:
            return func(*args)
        except Exception as error:
            last = error
            logger.info("attempt %d of %d failed: %s", attempt + 1, retries, error)
            time.sleep(delay)
    raise JobFailed(str(last)) from last


def report(queue):
    lines = [f"finished: {len(queue.finished)}", f"failed: {len(queue.failed)}"]
    for name, reason in queue.failed:
        first_line = reason.strip().splitlines()[-1] if reason else ""
        lines.append(f"  {name}: {first_line}")
    lines.append(f"still queued: {len(queue)}")
    return "\n".join(lines)

"""An in-memory cache whose entries expire after a time to live."""

import threading
import time
from collections import OrderedDict

DEFAULT_TTL = 300
MAX_ENTRIES = 1024

_MISSING = object()


class CacheStats:
    def __init__(self):
        self.hits = 0
        self.misses = 0
        self.evictions = 0

    def hit_rate(self):
        total = self.hits + self.misses
        return self.hits / total if total else 0.0


class TTLCache:
    """A least-recently-used cache whose entries also expire after ``ttl`` seconds."""

    def __init__(self, ttl=DEFAULT_TTL, max_entries=MAX_ENTRIES, clock=time.monotonic):
        self.ttl = ttl
        self.max_entries = max_entries
        self.clock = clock
        self.entries = OrderedDict()
        self.lock = threading.Lock()
        self.stats = CacheStats()

    def get(self, key, default=None):
        with self.lock:
            entry = self.entries.get(key, _MISSING)
            if entry is _MISSING:
                self.stats.misses += 1
                return default
            value, expires_at = entry
            if expires_at <= self.clock():
                del self.entries[key]
                self.stats.misses += 1
                return default
            self.entries.move_to_end(key)
            self.stats.hits += 1
            return value

    def put(self, key, value, ttl=None):
        lifetime = self.ttl if ttl is None else ttl
        with self.lock:
            self.entries[key] = (value, self.clock() + lifetime)
            self.entries.move_to_end(key)
            while len(self.entries) > self.max_entries:
                self.entries.popitem(last=False)
                self.stats.evictions += 1

    def delete(self, key):
        with self.lock:
            return self.entries.pop(key, _MISSING) is not _MISSING

    def evict_expired(self):
        now = self.clock()
        with self.lock:
            stale = [key for key, (_, expires_at) in self.entries.items() if expires_at <= now]
            for key in stale:
                del self.entries[key]
        return len(stale)

    def __len__(self):
        return len(self.entries)

    def __contains__(self, key):
        return self.get(key, _MISSING) is not _MISSING


def cached(cache, key_func=None):
    def decorate(func):
        def wrapper(*args, **kwargs):
            if key_func is not None:
                key = key_func(*args, **kwargs)
            else:
                key = (func.__name__, args, tuple(sorted(kwargs.items())))
            value = cache.get(key, _MISSING)
            if value is _MISSING:
                value = func(*args, **kwargs)
                cache.put(key, value)
            return value

        wrapper.__wrapped__ = func
        return wrapper

    return decorate

"""Bounds on what one client may ask of the server: request rates per
link or address, and how much of a request body is read."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rate:
    """At most `count` requests in `seconds`, as a token bucket: a burst of `count`, then one
    every `seconds / count`."""

    count: int
    seconds: float


@dataclass
class Limiter:
    """Token buckets by key (a link's hash, a client's address), the least recently used
    forgotten beyond `keys`, so a flood of new keys cannot fill the memory. `clock` is
    monotonic seconds (time.monotonic; tests pass their own)."""

    rate: Rate
    keys: int = 10_000
    clock: Callable[[], float] = time.monotonic
    _buckets: OrderedDict[str, tuple[float, float]] = field(default_factory=OrderedDict)

    def allow(self, key: str) -> float:
        """0 when a request under `key` may go ahead now (and count it), else the seconds to wait."""
        now = self.clock()
        per_second = self.rate.count / self.rate.seconds
        tokens, then = self._buckets.pop(key, (float(self.rate.count), now))
        tokens = min(float(self.rate.count), tokens + (now - then) * per_second)
        if tokens >= 1:
            self._remember(key, tokens - 1, now)
            return 0.0
        self._remember(key, tokens, now)
        return (1 - tokens) / per_second

    def _remember(self, key: str, tokens: float, now: float) -> None:
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)


class TooLarge(Exception):
    """A request body over the limit: answered 413, never read further."""

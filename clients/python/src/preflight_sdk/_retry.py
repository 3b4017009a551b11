"""When to send a request again: the same rules as the TypeScript SDK (docs/sdk.md).

429 and 503 mean the service did nothing, so any request may be sent again: after Retry-After when
the service says (plus up to one base delay of jitter, so clients told the same second do not return
together), else after exponential backoff with full jitter. A Retry-After longer than max_delay ends
the call with the error instead.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Callable, Optional

RETRY_STATUSES = (429, 503)


@dataclass(frozen=True)
class RetryPolicy:
    #: Retries after the first attempt; 0 turns retrying off.
    max_retries: int = 3
    #: Backoff of the first retry in seconds; it doubles each time.
    base_delay: float = 0.5
    #: No wait is longer, in seconds.
    max_delay: float = 30.0


def retry_after_seconds(value: Optional[str], now: Optional[float] = None) -> Optional[int]:
    """Seconds from a Retry-After value (delta-seconds or an HTTP date); None if absent or unreadable."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    if value.isdigit():
        return int(value)
    try:
        at = parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0, int(-(-(at - (now if now is not None else time.time())) // 1)))


def retry_delay(attempt: int, retry_after: Optional[int], policy: RetryPolicy, rand: Callable[[], float] = random.random) -> Optional[float]:
    """Seconds before retry number ``attempt`` (0 for the first); None when told to wait too long."""
    if retry_after is not None:
        return None if retry_after > policy.max_delay else retry_after + rand() * policy.base_delay
    return rand() * min(policy.max_delay, policy.base_delay * 2.0**attempt)

"""Retries and timeouts against real local servers that misbehave on purpose."""
from __future__ import annotations

import asyncio
import time

import pytest

from conftest import Answer
from preflight_sdk import AsyncClient, Client, PreflightError, PreflightTimeoutError, RetryPolicy, retry_delay

OK: Answer = (200, {}, {"preflight_id": "pf_1", "decision": "ALLOWED", "summary": "ok", "detected": [], "masked_content": "hi", "policy_version": "1.0", "created_at": "2026-11-28T00:00:00Z"})
LIMITED: Answer = (429, {"retry-after": "1"}, {"detail": "Rate limit reached.", "code": "rate_limited", "retry_after": 1})


def test_waits_retry_after_on_429_then_succeeds(scripted) -> None:
    url, hits = scripted([LIMITED, OK])
    with Client(url, "k") as pf:
        assert pf.check_text("hi", "AI_TOOL")["decision"] == "ALLOWED"
    assert len(hits) == 2 and hits[1] - hits[0] >= 0.99


def test_async_client_retries_the_same_way(scripted) -> None:
    url, hits = scripted([LIMITED, OK])

    async def call() -> str:
        async with AsyncClient(url, "k") as pf:
            return (await pf.check_text("hi", "AI_TOOL"))["decision"]

    assert asyncio.run(call()) == "ALLOWED"
    assert len(hits) == 2 and hits[1] - hits[0] >= 0.99


def test_backs_off_on_503_and_gives_up_after_max_retries(scripted) -> None:
    url, hits = scripted([(503, {}, {"detail": "Store unavailable.", "code": "store_unavailable"})])
    with Client(url, "k", max_retries=2, base_delay=0.02) as pf, pytest.raises(PreflightError) as caught:
        pf.check_text("hi", "AI_TOOL")
    assert (caught.value.status, caught.value.code, caught.value.detail) == (503, "store_unavailable", "Store unavailable.")
    assert len(hits) == 3


def test_no_retry_when_turned_off_or_told_to_wait_too_long(scripted) -> None:
    url, hits = scripted([LIMITED, OK])
    with Client(url, "k", max_retries=0) as pf, pytest.raises(PreflightError) as caught:
        pf.check_text("hi", "AI_TOOL")
    assert (caught.value.status, caught.value.retry_after) == (429, 1)
    url, hits = scripted([(429, {"retry-after": "120"}, {"detail": "Later.", "code": "rate_limited"}), OK])
    started = time.monotonic()
    with Client(url, "k") as pf, pytest.raises(PreflightError):
        pf.check_text("hi", "AI_TOOL")
    assert time.monotonic() - started < 1 and len(hits) == 1


def test_times_out_an_attempt_without_an_answer(scripted) -> None:
    url, _ = scripted([(0, {}, {})])
    with Client(url, "k", timeout=0.2, max_retries=0) as pf, pytest.raises(PreflightTimeoutError):
        pf.check_text("hi", "AI_TOOL")


def test_full_jitter_backoff_is_bounded() -> None:
    policy = RetryPolicy(max_retries=5, base_delay=0.1, max_delay=1.0)
    assert retry_delay(3, None, policy, lambda: 0.999) == pytest.approx(0.7992)
    assert retry_delay(10, None, policy, lambda: 0.5) == 0.5
    assert retry_delay(0, 2, RetryPolicy(max_delay=5.0, base_delay=0.1), lambda: 0.5) == pytest.approx(2.05)
    assert retry_delay(0, 120, policy) is None

"""AsyncClient against the real service: the same calls, awaited."""
from __future__ import annotations

import asyncio
from typing import Dict, List

from conftest import BASE_URL, eventually
from preflight_sdk import AsyncClient, Client, PendingCheck, PreflightError

SSN = "123-45-6789"


def test_async_client_covers_checks_files_audit_and_license(org: Dict[str, str]) -> None:
    async def scenario() -> None:
        async with AsyncClient(BASE_URL, org["api_key"]) as pf:
            texts = await asyncio.gather(*(pf.check_text(f"SSN {SSN} #{i}", "CUSTOMER") for i in range(3)))
            assert {t["masked_content"] for t in texts} == {"SSN [SSN] #0", "SSN [SSN] #1", "SSN [SSN] #2"}
            seen: List[PendingCheck] = []
            result = await pf.check_file(f"SSN {SSN}\n".encode(), "AI_TOOL", filename="a.txt", on_progress=seen.append, poll_interval=0.1)
            assert seen and (await pf.download_masked_file(result)).content == b"SSN [SSN]\n"
            try:
                await pf.check_text("", "AI_TOOL")
                raise AssertionError("an empty text was accepted")
            except PreflightError as err:
                assert (err.status, err.code) == (422, "validation_error")
            with Client(BASE_URL, org["api_key"]) as sync:
                assert eventually(lambda: sync.audit_page()["total"] == 4)
            assert len([item async for item in pf.audit(limit=3)]) == 4
            license = await pf.validate_license(org["license_key"])
            assert license["claims"]["org_id"] == org["org_id"]

    asyncio.run(scenario())

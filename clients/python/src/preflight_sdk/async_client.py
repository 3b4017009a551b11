"""The asynchronous client (httpx.AsyncClient): the methods of Client (client.py), awaited."""
from __future__ import annotations

import asyncio
import time
from typing import Any, AsyncIterator, Callable, Dict, Optional, Union, cast

import httpx

from ._base import BaseClient, FileInput, MaskedFile, Request, checked_license, error_of, is_pending, masked_file_of
from ._license import token_key_id, verify_token
from ._retry import RETRY_STATUSES, retry_after_seconds, retry_delay
from .errors import LicenseError, PreflightConnectionError, PreflightTimeoutError
from .client import ProgressCallback
from .types import (
    AnalyticsTimeseries,
    AuditItem,
    AuditPage,
    CheckResult,
    Destination,
    DetectionBreakdown,
    FileCheckResult,
    OrgAnalytics,
    PendingCheck,
    Period,
    TextCheckResult,
    ValidatedLicense,
)



class AsyncClient(BaseClient):
    """``AsyncClient(base_url, api_key, admin_token, timeout=30, max_retries=3)``; use it in ``async with`` or aclose() it."""

    _http: httpx.AsyncClient

    def _open(self) -> None:
        self._http = httpx.AsyncClient(base_url=self.base_url)

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def check_text(self, text: str, destination: Destination, *, org_id: Optional[str] = None, policy_id: Optional[str] = None, v1_alias: bool = False) -> TextCheckResult:
        """POST /api/preflight/text (or its /v1 alias): the decision, what was found, and the masked text."""
        return cast(TextCheckResult, await self._json(self._text(text, destination, org_id, policy_id, v1_alias)))

    async def submit_file(self, file: FileInput, destination: Destination, *, filename: Optional[str] = None, org_id: Optional[str] = None, policy_id: Optional[str] = None) -> Union[FileCheckResult, PendingCheck]:
        """POST /api/preflight: the result if the check finished within the service's wait, else the pending check."""
        return cast(Union[FileCheckResult, PendingCheck], await self._json(self._file(file, destination, filename, org_id, policy_id)))

    async def check_file(
        self,
        file: FileInput,
        destination: Destination,
        *,
        filename: Optional[str] = None,
        org_id: Optional[str] = None,
        policy_id: Optional[str] = None,
        on_progress: Optional[ProgressCallback] = None,
        wait_timeout: float = 600.0,
        poll_interval: float = 1.0,
    ) -> FileCheckResult:
        """Uploads a file and waits for its result, calling on_progress with each pending answer."""
        first = await self.submit_file(file, destination, filename=filename, org_id=org_id, policy_id=policy_id)
        if not is_pending(cast(Dict[str, Any], first)):
            return cast(FileCheckResult, first)
        return await self.wait_for_check(first["preflight_id"], on_progress=on_progress, wait_timeout=wait_timeout, poll_interval=poll_interval, first=cast(PendingCheck, first))

    async def get_check(self, preflight_id: str) -> Union[CheckResult, PendingCheck]:
        """GET /api/preflight/{id}: a finished check (content and samples are not kept) or a pending file check."""
        return cast(Union[CheckResult, PendingCheck], await self._json(self._check(preflight_id)))

    async def wait_for_check(self, preflight_id: str, *, on_progress: Optional[ProgressCallback] = None, wait_timeout: float = 600.0, poll_interval: float = 1.0, first: Optional[PendingCheck] = None) -> FileCheckResult:
        """Polls a file check until it is done, after Retry-After when the service sends one."""
        deadline = time.monotonic() + wait_timeout
        pending, wait = first, None
        while True:
            if pending is not None:
                if on_progress:
                    on_progress(pending)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise PreflightTimeoutError(f"file check {preflight_id} still pending after {wait_timeout} s", preflight_id)
                await asyncio.sleep(min(wait if wait is not None else poll_interval, left))
            res = await self._ok(self._check(preflight_id))
            body = res.json()
            if not is_pending(body):
                return cast(FileCheckResult, body)
            pending, wait = cast(PendingCheck, body), retry_after_seconds(res.headers.get("retry-after"))

    async def download_masked_file(self, check: Union[str, FileCheckResult]) -> MaskedFile:
        """GET /api/preflight/{id}/masked-file: the masked copy, in the checked file's own format."""
        return masked_file_of(await self._ok(self._masked(cast(Any, check))))

    async def audit_page(self, **query: Any) -> AuditPage:
        """GET /api/audit: one page (limit, offset, org_id, search, from_, to, decision, destination, policy_id, source, cursor)."""
        return cast(AuditPage, await self._json(self._audit(query)))

    async def audit(self, **query: Any) -> AsyncIterator[AuditItem]:
        """Every audit record matching the query, newest first, page after page by cursor."""
        cursor = None
        while True:
            page = await self.audit_page(**{**query, "cursor": cursor})
            for item in page["items"]:
                yield item
            cursor = page["next_cursor"]
            if cursor is None:
                return

    async def analytics_summary(self, org_id: str, period: Period = "30d") -> OrgAnalytics:
        return cast(OrgAnalytics, await self._json(self._analytics(org_id, "", period)))

    async def analytics_timeseries(self, org_id: str, period: Period = "30d") -> AnalyticsTimeseries:
        return cast(AnalyticsTimeseries, await self._json(self._analytics(org_id, "/timeseries", period)))

    async def analytics_detections(self, org_id: str, period: Period = "30d") -> DetectionBreakdown:
        return cast(DetectionBreakdown, await self._json(self._analytics(org_id, "/detections", period)))

    async def validate_license(self, license_key: str, *, public_key: Optional[str] = None) -> ValidatedLicense:
        """GET /v1/license/validate, then the token verified offline (pin public_key to trust no key fetched)."""
        res = await self._send(self._license(license_key))
        if res.is_error:
            err = error_of(res)
            raise LicenseError(err.status, err.code, err.detail, err.retry_after)
        body = res.json()
        token = body["jwt_token"]
        return cast(ValidatedLicense, checked_license(body, verify_token(token, public_key or await self.public_key(token_key_id(token)))))

    async def verify_license_token(self, token: str, *, public_key: Optional[str] = None) -> Dict[str, object]:
        """The verified claims of a license token: offline once the public key is known."""
        return verify_token(token, public_key or await self.public_key(token_key_id(token)))

    async def public_key(self, key_id: Optional[str] = None) -> str:
        """The service's token key (PEM), fetched once per key id."""
        if key_id not in self._public_keys:
            served = await self._json(Request("GET", "/v1/license/public-key", {}))
            self._public_keys[served["key_id"]] = self._public_keys[key_id] = served["public_key"]
        return self._public_keys[key_id]

    async def _json(self, req: Request) -> Any:
        return (await self._ok(req)).json()

    async def _ok(self, req: Request) -> httpx.Response:
        res = await self._send(req)
        if res.is_error:
            raise error_of(res)
        return res

    async def _send(self, req: Request) -> httpx.Response:
        """The response of the first attempt that is not 429/503, or of the last one."""
        attempt = 0
        while True:
            res = await self._attempt(req)
            if res.status_code not in RETRY_STATUSES or attempt >= self.retry.max_retries:
                return res
            delay = retry_delay(attempt, retry_after_seconds(res.headers.get("retry-after")), self.retry)
            if delay is None:
                return res
            await asyncio.sleep(delay)
            attempt += 1

    async def _attempt(self, req: Request) -> httpx.Response:
        try:
            return await self._http.request(req.method, req.path, headers=req.headers, params=req.params, json=req.json, data=req.data, files=req.files, timeout=self.timeout)
        except httpx.TimeoutException as err:
            raise PreflightTimeoutError(f"{req.method} {req.path}: no answer within {self.timeout} s") from err
        except httpx.TransportError as err:
            raise PreflightConnectionError(f"cannot reach {self.base_url} ({err})") from err

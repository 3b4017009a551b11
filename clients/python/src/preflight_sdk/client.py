"""The synchronous client (httpx.Client). AsyncClient (async_client.py) has the same methods."""
from __future__ import annotations

import time
from typing import Any, Callable, Dict, Iterator, Optional, Union, cast

import httpx

from ._base import BaseClient, FileInput, MaskedFile, Request, checked_license, error_of, is_pending, masked_file_of
from ._license import token_key_id, verify_token
from ._retry import RETRY_STATUSES, retry_after_seconds, retry_delay
from .errors import LicenseError, PreflightConnectionError, PreflightTimeoutError
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

ProgressCallback = Callable[[PendingCheck], None]


class Client(BaseClient):
    """``Client(base_url, api_key, admin_token, timeout=30, max_retries=3)``; use it in a ``with`` block or close() it."""

    _http: httpx.Client

    def _open(self) -> None:
        self._http = httpx.Client(base_url=self.base_url)

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def check_text(self, text: str, destination: Destination, *, org_id: Optional[str] = None, policy_id: Optional[str] = None, v1_alias: bool = False) -> TextCheckResult:
        """POST /api/preflight/text (or its /v1 alias): the decision, what was found, and the masked text."""
        return cast(TextCheckResult, self._json(self._text(text, destination, org_id, policy_id, v1_alias)))

    def submit_file(self, file: FileInput, destination: Destination, *, filename: Optional[str] = None, org_id: Optional[str] = None, policy_id: Optional[str] = None) -> Union[FileCheckResult, PendingCheck]:
        """POST /api/preflight: the result if the check finished within the service's wait, else the pending check."""
        return cast(Union[FileCheckResult, PendingCheck], self._json(self._file(file, destination, filename, org_id, policy_id)))

    def check_file(
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
        first = self.submit_file(file, destination, filename=filename, org_id=org_id, policy_id=policy_id)
        if not is_pending(cast(Dict[str, Any], first)):
            return cast(FileCheckResult, first)
        return self.wait_for_check(first["preflight_id"], on_progress=on_progress, wait_timeout=wait_timeout, poll_interval=poll_interval, first=cast(PendingCheck, first))

    def get_check(self, preflight_id: str) -> Union[CheckResult, PendingCheck]:
        """GET /api/preflight/{id}: a finished check (content and samples are not kept) or a pending file check."""
        return cast(Union[CheckResult, PendingCheck], self._json(self._check(preflight_id)))

    def wait_for_check(self, preflight_id: str, *, on_progress: Optional[ProgressCallback] = None, wait_timeout: float = 600.0, poll_interval: float = 1.0, first: Optional[PendingCheck] = None) -> FileCheckResult:
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
                time.sleep(min(wait if wait is not None else poll_interval, left))
            res = self._ok(self._check(preflight_id))
            body = res.json()
            if not is_pending(body):
                return cast(FileCheckResult, body)
            pending, wait = cast(PendingCheck, body), retry_after_seconds(res.headers.get("retry-after"))

    def download_masked_file(self, check: Union[str, FileCheckResult]) -> MaskedFile:
        """GET /api/preflight/{id}/masked-file: the masked copy, in the checked file's own format."""
        return masked_file_of(self._ok(self._masked(cast(Any, check))))

    def audit_page(self, **query: Any) -> AuditPage:
        """GET /api/audit: one page (limit, offset, org_id, search, from_, to, decision, destination, policy_id, source, cursor)."""
        return cast(AuditPage, self._json(self._audit(query)))

    def audit(self, **query: Any) -> Iterator[AuditItem]:
        """Every audit record matching the query, newest first, page after page by cursor."""
        cursor = None
        while True:
            page = self.audit_page(**{**query, "cursor": cursor})
            yield from page["items"]
            cursor = page["next_cursor"]
            if cursor is None:
                return

    def analytics_summary(self, org_id: str, period: Period = "30d") -> OrgAnalytics:
        return cast(OrgAnalytics, self._json(self._analytics(org_id, "", period)))

    def analytics_timeseries(self, org_id: str, period: Period = "30d") -> AnalyticsTimeseries:
        return cast(AnalyticsTimeseries, self._json(self._analytics(org_id, "/timeseries", period)))

    def analytics_detections(self, org_id: str, period: Period = "30d") -> DetectionBreakdown:
        return cast(DetectionBreakdown, self._json(self._analytics(org_id, "/detections", period)))

    def validate_license(self, license_key: str, *, public_key: Optional[str] = None) -> ValidatedLicense:
        """GET /v1/license/validate, then the token verified offline (pin public_key to trust no key fetched)."""
        res = self._send(self._license(license_key))
        if res.is_error:
            err = error_of(res)
            raise LicenseError(err.status, err.code, err.detail, err.retry_after)
        body = res.json()
        token = body["jwt_token"]
        return cast(ValidatedLicense, checked_license(body, verify_token(token, public_key or self.public_key(token_key_id(token)))))

    def verify_license_token(self, token: str, *, public_key: Optional[str] = None) -> Dict[str, object]:
        """The verified claims of a license token: offline once the public key is known."""
        return verify_token(token, public_key or self.public_key(token_key_id(token)))

    def public_key(self, key_id: Optional[str] = None) -> str:
        """The service's token key (PEM), fetched once per key id."""
        if key_id not in self._public_keys:
            served = self._json(Request("GET", "/v1/license/public-key", {}))
            self._public_keys[served["key_id"]] = self._public_keys[key_id] = served["public_key"]
        return self._public_keys[key_id]

    def _json(self, req: Request) -> Any:
        return self._ok(req).json()

    def _ok(self, req: Request) -> httpx.Response:
        res = self._send(req)
        if res.is_error:
            raise error_of(res)
        return res

    def _send(self, req: Request) -> httpx.Response:
        """The response of the first attempt that is not 429/503, or of the last one."""
        attempt = 0
        while True:
            res = self._attempt(req)
            if res.status_code not in RETRY_STATUSES or attempt >= self.retry.max_retries:
                return res
            delay = retry_delay(attempt, retry_after_seconds(res.headers.get("retry-after")), self.retry)
            if delay is None:
                return res
            time.sleep(delay)
            attempt += 1

    def _attempt(self, req: Request) -> httpx.Response:
        try:
            return self._http.request(req.method, req.path, headers=req.headers, params=req.params, json=req.json, data=req.data, files=req.files, timeout=self.timeout)
        except httpx.TimeoutException as err:
            raise PreflightTimeoutError(f"{req.method} {req.path}: no answer within {self.timeout} s") from err
        except httpx.TransportError as err:
            raise PreflightConnectionError(f"cannot reach {self.base_url} ({err})") from err

"""What a call can end in besides its answer."""
from __future__ import annotations

from typing import Optional


class PreflightError(Exception):
    """The service answered with an error status: its ``{detail, code}`` body, as sent."""

    def __init__(self, status: int, code: str, detail: str, retry_after: Optional[int] = None) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        #: Stable machine-readable code (docs/errors.md); ``http_<status>`` if the body had none.
        self.code = code
        #: The service's explanation, for a person.
        self.detail = detail
        #: Seconds the service asked to wait (Retry-After), on 429 and 503.
        self.retry_after = retry_after


class LicenseError(PreflightError):
    """The service refused the license key: 401 (unknown, malformed) or 403 (revoked, expired)."""


class PreflightTimeoutError(Exception):
    """No answer within the timeout, or a file check still pending when waiting ended."""

    def __init__(self, message: str, preflight_id: Optional[str] = None) -> None:
        super().__init__(message)
        self.preflight_id = preflight_id


class PreflightConnectionError(Exception):
    """The service could not be reached: nothing is known to have been done."""


class LicenseTokenError(Exception):
    """A license token failed offline verification (signature, issuer, expiry or claims)."""

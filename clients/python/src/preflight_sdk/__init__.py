"""Python client of the Preflight DLP service (docs/sdk.md): sync Client and async AsyncClient."""
from ._base import FileInput, MaskedFile
from ._retry import RetryPolicy, retry_delay
from .async_client import AsyncClient
from .client import Client, ProgressCallback
from .errors import LicenseError, LicenseTokenError, PreflightConnectionError, PreflightError, PreflightTimeoutError
from .types import (
    AnalyticsTimeseries,
    AuditItem,
    AuditPage,
    Decision,
    Destination,
    Detection,
    DetectionBreakdown,
    FileCheckResult,
    OrgAnalytics,
    PendingCheck,
    Period,
    TextCheckResult,
    ValidatedLicense,
)

__all__ = [
    "AnalyticsTimeseries",
    "AsyncClient",
    "AuditItem",
    "AuditPage",
    "Client",
    "Decision",
    "Destination",
    "Detection",
    "DetectionBreakdown",
    "FileCheckResult",
    "FileInput",
    "LicenseError",
    "LicenseTokenError",
    "MaskedFile",
    "OrgAnalytics",
    "PendingCheck",
    "Period",
    "PreflightConnectionError",
    "PreflightError",
    "PreflightTimeoutError",
    "ProgressCallback",
    "RetryPolicy",
    "TextCheckResult",
    "ValidatedLicense",
    "retry_delay",
]

"""The service's answers, as TypedDicts: the JSON as sent, with its fields typed.

They mirror packages/sdk/src/types.ts, which tsc holds equal to the service's zod schemas.
"""
from __future__ import annotations

from typing import Dict, List, Literal, Optional, TypedDict, Union

Destination = Literal["AI_TOOL", "VENDOR", "CUSTOMER"]
Decision = Literal["ALLOWED", "ALLOWED_WITH_MASKING", "BLOCKED"]
Period = Literal["7d", "30d", "90d"]


class Detection(TypedDict):
    type: str
    count: int
    #: A partially hidden example of the match; None when blocked content is not sampled.
    sample: Optional[str]


class TextCheckResult(TypedDict):
    preflight_id: str
    decision: Decision
    summary: str
    detected: List[Detection]
    #: None when BLOCKED, and on a check read back by id (content is never kept).
    masked_content: Optional[str]
    policy_version: str
    created_at: str


class FileCheckResult(TypedDict):
    preflight_id: str
    decision: Decision
    summary: str
    detected: List[Detection]
    #: Download of the masked file in its own format; None when BLOCKED.
    masked_file_url: Optional[str]
    policy_version: str
    created_at: str


class _PendingBase(TypedDict):
    preflight_id: str
    status: Literal["pending"]


class PendingCheck(_PendingBase, total=False):
    #: How far the check has got (stage, pages done of total), when the service says.
    progress: Dict[str, object]


class CheckMetadata(TypedDict, total=False):
    #: The calling application.
    app: str
    #: An opaque reference to the end user (an id, not a name or an email).
    user_ref: str
    tags: List[str]


class _AuditItemBase(TypedDict):
    preflight_id: str
    created_at: str
    destination: str
    decision: str
    summary: str
    policy_version: str
    policy_name: str
    org_id: str
    org_name: str


class AuditItem(_AuditItemBase, total=False):
    #: The X-Request-Id of the check (absent from records made before it was kept).
    request_id: str
    metadata: CheckMetadata


class AuditPage(TypedDict):
    items: List[AuditItem]
    limit: int
    offset: int
    total: int
    total_exact: bool
    #: Pass as cursor to go on after this page; None when there is nothing further.
    next_cursor: Optional[str]


class OrgAnalytics(TypedDict):
    org_id: str
    org_name: str
    total_checks: int
    bytes_protected: int
    allowed: int
    masked: int
    blocked: int
    safe_share_rate: float
    prevented_exposures: int
    from_date: str
    to_date: str


class TimeseriesDay(TypedDict):
    date: str
    checks_total: int
    allowed: int
    masked: int
    blocked: int
    bytes_processed: int


class AnalyticsTimeseries(TypedDict):
    org_id: str
    period: Period
    data: List[TimeseriesDay]


class DetectionCount(TypedDict):
    type: str
    label: str
    count: int
    percentage: float


class DetectionBreakdown(TypedDict):
    org_id: str
    total_detections: int
    types: List[DetectionCount]
    from_date: str
    to_date: str


class LicenseValidation(TypedDict):
    valid: bool
    expires: str
    org_id: str
    policy_version: str
    policy_config: Dict[str, object]
    policy_groups: List[str]
    default_policy_group: str
    jwt_token: str


class ValidatedLicense(LicenseValidation):
    #: The verified claims of jwt_token (sub is the license id).
    claims: Dict[str, object]


CheckResult = Union[TextCheckResult, FileCheckResult]

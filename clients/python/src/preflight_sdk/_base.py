"""What the sync and async clients share: settings, credentials, and each call as a request to send."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import IO, Any, Dict, Optional, Tuple, Union

import httpx

from ._retry import RetryPolicy, retry_after_seconds
from .errors import PreflightError
from .types import Destination

#: bytes, a path, or an open binary file (read whole: a retry sends it again).
FileInput = Union[bytes, str, "os.PathLike[str]", IO[bytes]]


@dataclass
class Request:
    method: str
    path: str
    headers: Dict[str, str]
    params: Dict[str, Any] = field(default_factory=dict)
    json: Optional[Dict[str, Any]] = None
    data: Optional[Dict[str, str]] = None
    files: Optional[Dict[str, Tuple[str, bytes]]] = None


@dataclass(frozen=True)
class MaskedFile:
    content: bytes
    content_type: str
    #: From Content-Disposition, e.g. ``pf_…-masked.pdf``.
    filename: Optional[str]


def error_of(res: httpx.Response) -> PreflightError:
    """The API's ``{detail, code}`` body as a PreflightError (a body that is not one still gives status and text)."""
    detail, code = res.text[:500] or res.reason_phrase or f"HTTP {res.status_code}", f"http_{res.status_code}"
    try:
        body = res.json()
    except ValueError:
        body = None
    if isinstance(body, dict):
        detail = body["detail"] if isinstance(body.get("detail"), str) else detail
        code = body["code"] if isinstance(body.get("code"), str) else code
    return PreflightError(res.status_code, code, detail, retry_after_seconds(res.headers.get("retry-after")))


def masked_file_of(res: httpx.Response) -> MaskedFile:
    found = re.search(r'filename="([^"]+)"', res.headers.get("content-disposition", ""))
    return MaskedFile(res.content, res.headers.get("content-type", "application/octet-stream"), found.group(1) if found else None)


def is_pending(body: Dict[str, Any]) -> bool:
    return body.get("status") == "pending"


def read_file(file: FileInput, filename: Optional[str]) -> Tuple[str, bytes]:
    if isinstance(file, bytes):
        return filename or "upload", file
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as f:
            return filename or os.path.basename(os.fspath(file)), f.read()
    return filename or os.path.basename(str(getattr(file, "name", "upload"))), file.read()


def _drop_none(values: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


class BaseClient:
    """Settings from arguments, else the environment: PREFLIGHT_URL, PREFLIGHT_API_KEY, PREFLIGHT_ADMIN_TOKEN."""

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        admin_token: Optional[str] = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 3,
        base_delay: float = 0.5,
        max_delay: float = 30.0,
    ) -> None:
        self.base_url = (base_url or os.environ.get("PREFLIGHT_URL") or "http://127.0.0.1:8080").rstrip("/")
        self.api_key = api_key or os.environ.get("PREFLIGHT_API_KEY")
        self.admin_token = admin_token or os.environ.get("PREFLIGHT_ADMIN_TOKEN")
        #: Per attempt, in seconds.
        self.timeout = timeout
        self.retry = RetryPolicy(max_retries, base_delay, max_delay)
        self._public_keys: Dict[Optional[str], str] = {}
        self._open()

    def _open(self) -> None:
        """Makes the HTTP client: httpx.Client or httpx.AsyncClient."""
        raise NotImplementedError

    def _key(self) -> Dict[str, str]:
        if not self.api_key:
            raise PreflightError(401, "missing_api_key", "This call needs a policy API key: pass api_key or set PREFLIGHT_API_KEY.")
        return {"x-service-api-key": self.api_key}

    def _admin(self) -> Dict[str, str]:
        if not self.admin_token:
            raise PreflightError(401, "missing_credentials", "This call needs the admin token: pass admin_token or set PREFLIGHT_ADMIN_TOKEN.")
        return {"authorization": f"Bearer {self.admin_token}"}

    def _reader(self) -> Dict[str, str]:
        """Reads take the admin token when there is one (any organization), else the policy key (its own)."""
        return self._admin() if self.admin_token else self._key()

    def _text(self, text: str, destination: Destination, org_id: Optional[str], policy_id: Optional[str], v1_alias: bool) -> Request:
        body = _drop_none({"text": text, "destination": destination, "org_id": org_id, "policy_id": policy_id})
        return Request("POST", "/v1/preflight/text" if v1_alias else "/api/preflight/text", self._key(), json=body)

    def _file(self, file: FileInput, destination: Destination, filename: Optional[str], org_id: Optional[str], policy_id: Optional[str]) -> Request:
        fields = _drop_none({"destination": destination, "org_id": org_id, "policy_id": policy_id})
        return Request("POST", "/api/preflight", self._key(), data=fields, files={"file": read_file(file, filename)})

    def _check(self, preflight_id: str) -> Request:
        return Request("GET", f"/api/preflight/{preflight_id}", self._reader())

    def _masked(self, check: Union[str, Dict[str, Any]]) -> Request:
        preflight_id = check if isinstance(check, str) else check["preflight_id"]
        return Request("GET", f"/api/preflight/{preflight_id}/masked-file", {**self._reader(), "accept": "*/*"})

    def _audit(self, query: Dict[str, Any]) -> Request:
        # `from` is a Python keyword: callers write from_.
        params = {("from" if k == "from_" else k): v for k, v in query.items()}
        return Request("GET", "/api/audit", self._reader(), params=_drop_none(params))

    def _analytics(self, org_id: str, suffix: str, period: str) -> Request:
        return Request("GET", f"/api/orgs/{org_id}/analytics{suffix}", self._admin(), params={"period": period})

    @staticmethod
    def _license(license_key: str) -> Request:
        return Request("GET", "/v1/license/validate", {"authorization": f"Bearer {license_key}"})


def checked_license(body: Dict[str, Any], claims: Dict[str, object]) -> Dict[str, Any]:
    """The validation answer with its verified claims; the body is only as trustworthy as the token."""
    if claims.get("org_id") != body.get("org_id") or claims.get("policy_version") != body.get("policy_version"):
        raise PreflightError(502, "license_mismatch", "The license token does not match the validation result.")
    return {**body, "claims": claims}

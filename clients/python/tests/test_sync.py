"""Client against the real service."""
from __future__ import annotations

import os
from typing import Dict, List

import pytest

from conftest import ADMIN_TOKEN, BASE_URL, eventually
from preflight_sdk import Client, LicenseError, LicenseTokenError, PendingCheck, PreflightError

SSN = "123-45-6789"
EMAIL = "john.smith@example.com"


def test_text_check_masks_on_the_api_path_and_the_v1_alias(org: Dict[str, str]) -> None:
    with Client(BASE_URL, org["api_key"]) as pf:
        for v1_alias in (False, True):
            result = pf.check_text(f"Mail {EMAIL}, SSN {SSN}", "AI_TOOL", v1_alias=v1_alias)
            assert result["decision"] == "ALLOWED_WITH_MASKING"
            assert result["masked_content"] == "Mail [EMAIL], SSN [SSN]"
            assert sorted(d["type"] for d in result["detected"]) == ["EMAIL", "SSN"]


def test_file_check_reports_progress_and_serves_the_masked_copy(org: Dict[str, str], tmp_path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(f"Customer SSN {SSN}, mail {EMAIL}\n")
    seen: List[PendingCheck] = []
    with Client(BASE_URL, org["api_key"]) as pf:
        result = pf.check_file(path, "AI_TOOL", on_progress=seen.append, poll_interval=0.1)
        assert result["decision"] == "ALLOWED_WITH_MASKING"
        assert seen and all(p["status"] == "pending" and p["preflight_id"] == result["preflight_id"] for p in seen)
        masked = pf.download_masked_file(result)
        assert masked.content == b"Customer SSN [SSN], mail [EMAIL]\n"
        assert masked.content_type.startswith("text/plain")
        assert masked.filename == f"{result['preflight_id']}-masked.txt"
        again = pf.get_check(result["preflight_id"])
        assert "status" not in again and again["decision"] == "ALLOWED_WITH_MASKING"


def test_pdf_check_runs_to_completion(org: Dict[str, str]) -> None:
    with Client(BASE_URL, org["api_key"]) as pf, open(os.environ["PREFLIGHT_TEST_PDF"], "rb") as pdf:
        result = pf.check_file(pdf, "AI_TOOL", poll_interval=0.1)
        assert "SSN" in [d["type"] for d in result["detected"]]
        masked = pf.download_masked_file(result["preflight_id"])
        assert masked.content_type == "application/pdf" and masked.content.startswith(b"%PDF-")


def test_error_carries_status_code_and_detail(org: Dict[str, str]) -> None:
    with Client(BASE_URL, org["api_key"]) as pf:
        with pytest.raises(PreflightError) as caught:
            pf.check_text("hello", "MARS")  # type: ignore[arg-type]
        assert (caught.value.status, caught.value.code) == (422, "validation_error")
        assert "destination" in caught.value.detail
    with Client(BASE_URL, "svc_sk_" + "A" * 43) as unknown, pytest.raises(PreflightError) as caught:
        unknown.check_text("hello", "AI_TOOL")
    assert (caught.value.status, caught.value.code) == (401, "invalid_api_key")


def test_audit_iterates_across_pages_by_cursor(org: Dict[str, str]) -> None:
    with Client(BASE_URL, org["api_key"]) as pf:
        ids = [pf.check_text(f"note {i} for {EMAIL}", "VENDOR")["preflight_id"] for i in range(5)]
        assert eventually(lambda: pf.audit_page(limit=1)["total"] == 5)
        first = pf.audit_page(limit=2)
        assert len(first["items"]) == 2 and first["next_cursor"] is not None
        assert [item["preflight_id"] for item in pf.audit(limit=2)] == ids[::-1]
        assert pf.audit_page(from_="2000-01-01", to="2000-01-02")["total"] == 0
    with Client(BASE_URL, admin_token=ADMIN_TOKEN) as admin:
        assert sorted(i["preflight_id"] for i in admin.audit(org_id=org["org_id"], decision="MASK", limit=3)) == sorted(ids)


def test_analytics_with_the_admin_token(org: Dict[str, str]) -> None:
    with Client(BASE_URL, org["api_key"]) as pf:
        pf.check_text(f"SSN {SSN}", "AI_TOOL")
        with pytest.raises(PreflightError) as caught:
            pf.analytics_summary(org["org_id"])
        assert caught.value.code == "missing_credentials"
    with Client(BASE_URL, admin_token=ADMIN_TOKEN) as admin:
        summary = eventually(lambda: (s := admin.analytics_summary(org["org_id"], "7d"))["total_checks"] == 1 and s)
        assert summary and summary["masked"] == 1
        assert len(admin.analytics_timeseries(org["org_id"], "7d")["data"]) == 7
        assert [t["type"] for t in admin.analytics_detections(org["slug"])["types"]] == ["SSN"]


def test_license_validated_and_its_token_verified_offline(org: Dict[str, str]) -> None:
    with Client(BASE_URL) as pf:
        license = pf.validate_license(org["license_key"])
        assert license["valid"] and license["org_id"] == org["org_id"]
        assert license["claims"]["org_id"] == org["org_id"] and license["claims"]["license_type"] == "trial"
        header, payload, signature = license["jwt_token"].split(".")
        with pytest.raises(LicenseTokenError):
            pf.verify_license_token(f"{header}.{payload[:-4]}AAAA.{signature}")
        with pytest.raises(LicenseError) as caught:
            pf.validate_license("svc_lic_" + "A" * 43)
        assert (caught.value.status, caught.value.code) == (401, "invalid_license_key")

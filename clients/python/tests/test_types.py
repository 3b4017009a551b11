"""The TypedDicts hold the fields the service documents: each against its schema in /openapi.json."""
from __future__ import annotations

from typing import Any, Dict

import httpx
import pytest

from conftest import BASE_URL
from preflight_sdk import types

SCHEMAS: Dict[str, Any] = {
    "TextCheckResult": types.TextCheckResult,
    "FileCheckResult": types.FileCheckResult,
    "PendingCheck": types.PendingCheck,
    "AuditPage": types.AuditPage,
    "OrgAnalytics": types.OrgAnalytics,
    "AnalyticsTimeseries": types.AnalyticsTimeseries,
    "DetectionBreakdown": types.DetectionBreakdown,
}


@pytest.fixture(scope="module")
def components() -> Dict[str, Any]:
    schemas: Dict[str, Any] = httpx.get(f"{BASE_URL}/openapi.json").json()["components"]["schemas"]
    return schemas


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_typed_dict_matches_the_documented_schema(name: str, components: Dict[str, Any]) -> None:
    schema, typed = components[name], SCHEMAS[name]
    # PendingCheck's progress is optional in the SDK, so it reads services from before and after it was added.
    assert set(typed.__required_keys__) == set(schema.get("required", [])) - {"progress"}
    assert set(typed.__annotations__) - set(schema["properties"]) <= set(typed.__optional_keys__)
    assert set(schema["properties"]) <= set(typed.__annotations__)


def test_nested_shapes_match(components: Dict[str, Any]) -> None:
    def fields(schema: Dict[str, Any]) -> set[str]:
        return set(schema["items"]["properties"])

    assert fields(components["TextCheckResult"]["properties"]["detected"]) == set(types.Detection.__annotations__)
    assert fields(components["AuditPage"]["properties"]["items"]) == set(types.AuditItem.__annotations__)
    assert fields(components["AnalyticsTimeseries"]["properties"]["data"]) == set(types.TimeseriesDay.__annotations__)
    assert fields(components["DetectionBreakdown"]["properties"]["types"]) == set(types.DetectionCount.__annotations__)

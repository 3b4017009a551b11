"""The Python SDK's tests run against a real Preflight service: test/sdk/python.test.ts starts one and
sets PREFLIGHT_URL, PREFLIGHT_TEST_ADMIN_TOKEN and PREFLIGHT_TEST_PDF (a PDF holding an SSN)."""
from __future__ import annotations

import json
import os
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, Iterator, List, Tuple

import httpx
import pytest

BASE_URL = os.environ["PREFLIGHT_URL"]
# Not PREFLIGHT_ADMIN_TOKEN: the SDK would take that as every client's default.
ADMIN_TOKEN = os.environ["PREFLIGHT_TEST_ADMIN_TOKEN"]


@pytest.fixture
def org() -> Dict[str, str]:
    """A new organization with its default policy: org_id, slug, api_key, license_key."""
    slug = f"py-{uuid.uuid4().hex[:12]}"
    admin = {"authorization": f"Bearer {ADMIN_TOKEN}"}
    settings = {"admin_email": "admin@example.com", "primary_color": "#112233"}
    created = httpx.post(f"{BASE_URL}/api/organizations", headers=admin, json={"name": slug, "slug": slug, "settings": settings})
    created.raise_for_status()
    body = created.json()
    policies = httpx.get(f"{BASE_URL}/api/orgs/{body['org_id']}/policies", headers=admin).json()
    return {"org_id": body["org_id"], "slug": slug, "api_key": policies[0]["api_key"], "license_key": body["license_key"]}


def eventually(probe: Callable[[], Any], timeout: float = 20.0) -> Any:
    """probe()'s first truthy answer (audit records and analytics arrive once the journal is drained)."""
    deadline = time.monotonic() + timeout
    while True:
        answer = probe()
        if answer or time.monotonic() > deadline:
            return answer
        time.sleep(0.2)


Answer = Tuple[int, Dict[str, str], Dict[str, Any]]


@pytest.fixture
def scripted() -> Iterator[Callable[[List[Answer]], Tuple[str, List[float]]]]:
    """A real local HTTP server answering each request with the next answer (the last one repeats)."""
    servers: List[ThreadingHTTPServer] = []

    def start(answers: List[Answer]) -> Tuple[str, List[float]]:
        hits: List[float] = []

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                self.rfile.read(int(self.headers.get("content-length") or 0))
                hits.append(time.monotonic())
                status, headers, body = answers[min(len(hits), len(answers)) - 1]
                if status == 0:  # never answer
                    time.sleep(5)
                    return
                data = json.dumps(body).encode()
                self.send_response(status)
                for name, value in {"content-type": "application/json", "content-length": str(len(data)), **headers}.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _answer

            def log_message(self, *_: Any) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}", hits

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()

"""The server's perimeter in process: the seed flag, limits, the Origin check, security
headers, private tables."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from koudiandian.server import create_app  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.support.server_util import deadline, recv  # noqa: E402, F401

ONE_PERSON = {"seats": ["human", "greedy", "greedy", "greedy"]}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:", bot_delay=0)) as c:
        yield c


def test_a_seed_is_refused_unless_the_server_allows_seeds(client: TestClient) -> None:
    r = client.post("/tables", json={**ONE_PERSON, "seed": 12345})
    assert r.status_code == 400
    assert r.json()["error"] == "InvalidArgumentError"
    assert "seed" in r.json()["message"] and "--allow-seeds" in r.json()["message"]
    assert client.get("/tables").json()["tables"] == []
    assert client.post("/tables", json=ONE_PERSON).status_code == 201  # no seed: fine
    with TestClient(create_app(":memory:", bot_delay=0, allow_seeds=True)) as seeded:
        r = seeded.post("/tables", json={**ONE_PERSON, "seed": 12345})
        assert r.status_code == 201, r.text

"""A trained policy registered on the game server (``--bot NAME=policy:PATH``): seated by
name, played in the server's process (no child process, no limits of its own)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("starlette")

from koudiandian.errors import InvalidArgumentError  # noqa: E402
from koudiandian.rl.policy import PolicyBot  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.botregistry import BotRegistry, bots_of_options  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.rl.test_policy import random_policy  # noqa: E402
from tests.support.server_util import stored_matches  # noqa: E402


def _over(client: TestClient, tid: str) -> dict[str, Any] | None:
    state: dict[str, Any] = client.get(f"/tables/{tid}").json()
    return state if state["over"] else None


def test_a_registered_policy_plays_a_table_to_its_end(sqlite_db: str, tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    random_policy("v3", 2).save(path)
    bots = bots_of_options([f"net=policy:{path}"])
    assert bots == {"net": f"policy:{path}"}
    registry = BotRegistry(bots)
    assert registry.in_process("net") and isinstance(registry.policy_bot("net", 1), PolicyBot)
    assert "trained policy" in registry.describe()[0]
    app = create_app(sqlite_db, bot_delay=0, claim_wait=0, allow_seeds=True, bots=bots)
    with TestClient(app) as client:
        seats = ["net", "greedy", "net", "random"]
        made = client.post("/tables", json={"seats": seats, "seed": 3, "match": 2}).json()
        end = time.monotonic() + 30
        while (state := _over(client, made["id"])) is None:
            assert time.monotonic() < end, "the table did not end"
            time.sleep(0.05)
        assert [s["kind"] for s in state["seats"]] == seats
        assert [s["fallback"] for s in state["seats"]] == [None] * 4
    assert stored_matches(sqlite_db)[made["id"]].is_over


def test_a_policy_takes_no_limits_and_needs_its_file(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    random_policy("v1", 1).save(path)
    with pytest.raises(InvalidArgumentError, match="no limits"):
        bots_of_options([f"net=policy:{path}"], ["net=2"])
    with pytest.raises(InvalidArgumentError, match="no policy file"):
        BotRegistry({"net": f"policy:{tmp_path / 'missing.npz'}"})
    assert np.load(path)["scale"].shape == (random_policy("v1", 1).scale.shape[0],)

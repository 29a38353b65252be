"""A table's creator cannot make the server read a file: a seat is a built-in bot's or a
registered bot's name, never ``policy:PATH``; and the operator's policy file is read when
the server starts, so a bad one stops the start rather than a table's hand."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("starlette")

from koudiandian.errors import ArrayError, InvalidArgumentError  # noqa: E402
from koudiandian.rl.policy import Policy  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from koudiandian.server.botregistry import BotRegistry  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from tests.rl.test_policy import random_policy  # noqa: E402


def test_a_creator_cannot_name_a_policy_file(sqlite_db: str, tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    random_policy("v3", 2).save(path)
    app = create_app(sqlite_db, bot_delay=0, claim_wait=0, bots={"net": f"policy:{path}"})
    with TestClient(app) as client:
        for kind in (f"policy:{path}", f"POLICY:{path}", "policy:/etc/passwd", "policy:net"):
            r = client.post("/tables", json={"seats": ["human", kind, "greedy", "greedy"]})
            assert r.status_code == 400, kind
            assert r.json()["error"] == "InvalidArgumentError"
            assert "is neither 'human' nor a bot" in r.json()["message"]


def test_a_bad_policy_file_stops_the_registry_naming_the_bot(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.npz"
    corrupt.write_bytes(b"PK\x03\x04 not a zip")
    with pytest.raises(InvalidArgumentError, match=r"bot 'net': cannot read the policy file"):
        BotRegistry({"net": f"policy:{corrupt}"})
    wrong = tmp_path / "wrong.npz"
    good = random_policy("v3", 2)
    np.savez(wrong, W0=good.layers[0][0][:10], b0=good.layers[0][1], meta=np.array(
        '{"version": "v3", "action_space": 2}'
    ))  # fmt: skip
    with pytest.raises(ArrayError, match=r"bot 'net': layer 0"):
        BotRegistry({"net": f"policy:{wrong}"})
    good.save(tmp_path / "good.npz")
    registry = BotRegistry({"net": f"policy:{tmp_path / 'good.npz'}"})
    (tmp_path / "good.npz").unlink()  # read already: the server plays on
    assert isinstance(registry.policy_bot("net", 1).policy, Policy)  # type: ignore[attr-defined]

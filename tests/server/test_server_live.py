"""Bad input against a real server (uvicorn, as ``koudiandian serve`` runs it): a frame too
large for the server, a client that vanishes without closing, while other tables play on."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets_sync = pytest.importorskip("websockets.sync.client")
from websockets.exceptions import ConnectionClosed  # noqa: E402

from tests.support.server_util import act_message, choose, free_port, recv, server_process  # noqa: E402


def _post(port: int, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/tables",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def _state(port: int, tid: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/tables/{tid}", timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def _connect(port: int, tid: str, token: str) -> Any:
    url = f"ws://127.0.0.1:{port}/tables/{tid}/ws?token={token}"
    return websockets_sync.connect(url, max_size=None).__enter__()


def _until_to_act(ws: Any) -> dict[str, Any] | None:
    while True:
        m = recv(ws)
        if m["type"] == "match_end":
            return None
        if m["type"] == "view" and m["view"]["legal_actions"]:
            return m["view"]  # type: ignore[no-any-return]


def _act(ws: Any, view: dict[str, Any]) -> None:
    action = choose(view["legal_actions"], view["drawn"])
    ws.send(json.dumps(act_message(view, action)))


def test_oversized_frames_and_vanished_clients_change_nothing(db: str) -> None:
    port = free_port()
    with server_process(db, port, "--bot-delay", "0", "--claim-wait", "0", "--allow-seeds"):
        a = _post(
            port, {"private": False, "seats": ["human", "greedy", "greedy", "greedy"], "seed": 41}
        )
        b = _post(
            port, {"private": False, "seats": ["human", "greedy", "greedy", "greedy"], "seed": 42}
        )
        wa = _connect(port, a["id"], a["tokens"][0])
        view = _until_to_act(wa)
        assert view is not None
        before = _state(port, a["id"])
        # Over 4 KiB: an error, the socket stays open.
        wa.send(json.dumps(act_message(view, "x" * 5000)))
        reply = recv(wa)
        assert reply["type"] == "error" and reply["error"] == "ProtocolError"
        assert "5" in reply["message"] and "4096" in reply["message"]
        # Over 64 KiB: uvicorn closes the socket (1009, message too big).
        wa.send("y" * 100_000)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                recv(wa)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert _state(port, a["id"]) == {**before, "seats": _state(port, a["id"])["seats"]}
        # A client of table B acts, then vanishes without a closing handshake.
        wb = _connect(port, b["id"], b["tokens"][0])
        view_b = _until_to_act(wb)
        assert view_b is not None
        _act(wb, view_b)
        wb.socket.close()  # the TCP connection, under the WebSocket
        # Table A plays on, to its end, from a new socket.
        wa = _connect(port, a["id"], a["tokens"][0])
        while (view := _until_to_act(wa)) is not None:
            _act(wa, view)
        assert _state(port, a["id"])["over"]
        state_b = _state(port, b["id"])
        assert not state_b["over"] and state_b["actions"] >= 1
        assert state_b["seats"][0]["connected"] == 0  # the server noticed it had gone
        # and B's seat can come back to it
        wb = _connect(port, b["id"], b["tokens"][0])
        assert _until_to_act(wb) is not None
        wb.close()
        wa.close()

"""Bad input at every route and the socket: lone surrogates, digits that are not ASCII,
deep nesting, and random and mutated messages (a bounded fuzz). Each gets the documented
JSON error (or error message and close code); none a 500 or an unexplained close."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

import koudiandian  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from koudiandian import Action, KoudiandianError, Rules, Tile  # noqa: E402
from koudiandian.errors import IllegalActionError, InvalidRulesError, InvalidTileError  # noqa: E402
from koudiandian.server import create_app  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tests.support.server_util import choose, deadline, recv  # noqa: E402, F401

_ERRORS = {
    name
    for name in dir(koudiandian.errors)
    if isinstance(getattr(koudiandian.errors, name), type)
    and issubclass(getattr(koudiandian.errors, name), KoudiandianError)
}
_TYPES = {"hello", "event", "view", "match_end", "error", "pong"}
_DEEP = "[" * 4000 + "]" * 4000


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0, allow_seeds=True)) as c:
        yield c


def _finished_table(client: TestClient) -> tuple[str, str]:
    r = client.post("/tables", json={"seats": ["greedy"] * 4, "seed": 3})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    while not client.get(f"/tables/{tid}").json()["over"]:
        pass
    r = client.post("/tables", json={"seed": 4, "private": False})
    return tid, r.json()["tokens"][0]


def _json_error(r: Any, status: int = 400) -> dict[str, Any]:
    assert r.status_code == status, (r.status_code, r.text[:200])
    body = r.json()
    assert body["error"] in _ERRORS and body["message"], body
    return body  # type: ignore[no-any-return]


# -- the engine's parsers reached from the server -------------------------------------------


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: Action.parse("discard \ud800"), InvalidTileError),
        (lambda: Action.parse("\ud800"), IllegalActionError),
        (lambda: Action.parse("pao ²"), IllegalActionError),
        (lambda: Action.parse("pao ١"), IllegalActionError),
        (lambda: Action.parse("pao +1"), IllegalActionError),
        (lambda: Tile.parse("\ud800"), InvalidTileError),
        (lambda: Rules.parse("\ud800"), InvalidRulesError),
        (lambda: Rules.parse("taiyuan,\ud800"), InvalidRulesError),
        (lambda: Rules.preset("\ud800"), InvalidRulesError),
        (lambda: Rules(profile="\ud800"), InvalidRulesError),
        (lambda: Rules.options("\ud800"), InvalidRulesError),
        (lambda: Rules().get("\ud800"), InvalidRulesError),
        (lambda: Rules.from_dict({"profile": "taiyuan", "\ud800": True}), InvalidRulesError),
        (lambda: Rules.from_dict({"profile": "\ud800"}), InvalidRulesError),
        (lambda: Rules.from_dict({"profile": "taiyuan", "wildcards": "\ud800"}), InvalidRulesError),
        (lambda: Rules().replace(**{"\ud800": True}), InvalidRulesError),
    ],
)
def test_lone_surrogates_and_other_digits_raise_the_parsers_own_errors(
    call: Any, error: type[Exception]
) -> None:
    with pytest.raises(error) as raised:
        call()
    str(raised.value).encode()  # the message itself is UTF-8 text


def test_a_bid_is_ascii_digits() -> None:
    assert Action.parse("pao 2") == Action("pao", 2)


# -- HTTP ----------------------------------------------------------------------------------


def test_bad_unicode_digits_and_nesting_over_http_get_json_errors(client: TestClient) -> None:
    tid, _ = _finished_table(client)
    assert client.get(f"/tables/{tid}/hands/0").status_code == 200
    for hand in ("²", "١", "%ED%A0%80", "+0", " 0", "0x1", "1" * 30):
        _json_error(client.get(f"/tables/{tid}/hands/{hand}"))
        _json_error(client.get(f"/tables/{tid}/hands/{hand}/replay"))
    log = client.get(f"/tables/{tid}/hands/0").json()
    for hand in ("²", "١", "-1", "+0"):
        _json_error(client.post(f"/replay?hand={quote(hand)}", json=log))
    bodies: list[Any] = [
        _DEEP,
        '{"rules": ' + _DEEP + "}",
        '{"rules": "\\ud800"}',
        '{"rules": {"preset": "\\ud800"}}',
        '{"rules": {"preset": "taiyuan", "options": {"\\ud800": true}}}',
        '{"rules": {"preset": "taiyuan", "options": {"wildcards": "\\ud800"}}}',
        '{"rules": {"profile": "taiyuan", "\\ud800": true}}',
        '{"seats": ["\\ud800", "greedy", "greedy", "greedy"]}',
        '{"\\ud800": 1}',
    ]
    for body in bodies:
        _json_error(client.post("/tables", content=body.encode()))
        _json_error(client.post("/replay", content=body.encode()))
    _json_error(client.post("/replay", content=b'{"events": ' + _DEEP.encode() + b"}"))
    _json_error(client.post("/replay", content=(_DEEP + "\n").encode()))
    assert tid in [t["id"] for t in client.get("/tables").json()["tables"]]


# -- the socket ----------------------------------------------------------------------------


def _to_act(ws: Any) -> dict[str, Any]:
    while True:
        m = recv(ws)
        assert m["type"] in _TYPES
        if m["type"] == "view" and m["view"]["legal_actions"]:
            return m["view"]  # type: ignore[no-any-return]


def _answer(ws: Any, text: str | bytes) -> list[dict[str, Any]]:
    """Send ``text``, then a ping; every message up to the pong (the socket must stay)."""
    if isinstance(text, bytes):
        ws.send_bytes(text)
    else:
        ws.send_text(text)
    ws.send_text('{"type": "ping"}')
    got = []
    while True:
        m = recv(ws)
        assert m["type"] in _TYPES, m
        if m["type"] == "error":
            assert m["error"] in _ERRORS and m["message"], m
            m["message"].encode()
        if m["type"] == "pong":
            return got
        got.append(m)


def test_unicode_and_nesting_on_the_socket_get_an_error_and_keep_it(client: TestClient) -> None:
    _, token = _finished_table(client)
    tid = next(t["id"] for t in client.get("/tables").json()["tables"] if not t["over"])
    with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
        view = _to_act(ws)
        before = client.get(f"/tables/{tid}").json()
        prefix = f'{{"type": "action", "decision": {view["decision"]}, "action": '
        for text, error in [
            (prefix + '"discard \\ud800"}', "IllegalActionError"),
            (prefix + '"pao \u00b2"}', "IllegalActionError"),
            (prefix + '"\\ud800"}', "IllegalActionError"),
            ('{"type": "\\ud800"}', "ProtocolError"),
            (prefix + '{"kind": "\\ud800"}}', "IllegalActionError"),
            ('{"type": "action", "decision": "\\ud800", "action": "pass"}', "ProtocolError"),
            (prefix + "[" * 900 + "]" * 900 + "}", "ProtocolError"),
            (_DEEP[:2000] + _DEEP[-2000:], "ProtocolError"),
            ("[" * 4090, "ProtocolError"),
        ]:
            got = _answer(ws, text)
            assert [m["error"] for m in got if m["type"] == "error"] == [error], (text[:60], got)
        assert client.get(f"/tables/{tid}").json() == before


@pytest.mark.parametrize("query", ["since=²", "hand=²", "since=١", "hand=%ED%A0%80", "since=+1"])
def test_bad_resume_numbers_close_the_socket_with_an_error(client: TestClient, query: str) -> None:
    tid, _ = _finished_table(client)
    with client.websocket_connect(f"/tables/{tid}/ws?{query}") as ws:
        m = recv(ws)
        assert m["type"] == "error" and m["error"] == "ProtocolError", m
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
        assert closed.value.code == 1008


# -- the fuzz -----------------------------------------------------------------------------

_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | _text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=12,
)
_numbers = st.one_of(
    st.integers(-5, 10**12).map(str), _text, st.sampled_from(["²", "١", "٣", "+1", "1e3", " 7"])
)


def _mutated(valid: dict[str, Any]) -> Any:
    return st.builds(
        lambda key, value: {**valid, key: value},
        st.sampled_from([*valid, "type", "action", "decision", "kind", "tile"]),
        _json_values | st.sampled_from(["discard \ud800", "pao ²", "pao ١", "discard 7z"]),
    )


_messages = st.one_of(
    _json_values.map(lambda v: json.dumps(v)),
    _text,
    st.binary(max_size=40),
    st.integers(1, 5000).map(lambda n: "[" * n + "]" * n),
    _mutated({"type": "action", "decision": 1, "action": "discard 1m"}).map(json.dumps),
    _mutated({"type": "action", "decision": 1, "action": {"kind": "pao", "tile": 1}}).map(
        json.dumps
    ),
)
_FUZZ = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def test_fuzz_the_socket(client: TestClient) -> None:
    _, token = _finished_table(client)
    tid = next(t["id"] for t in client.get("/tables").json()["tables"] if not t["over"])
    with client.websocket_connect(f"/tables/{tid}/ws?token={token}") as ws:
        _to_act(ws)

        @_FUZZ
        @given(_messages)
        def fuzz(text: str | bytes) -> None:
            _answer(ws, text)

        fuzz()


def test_fuzz_the_routes(client: TestClient) -> None:
    tid, token = _finished_table(client)

    @_FUZZ
    @given(
        st.sampled_from(["tables", "hands", "replay_hand", "post_replay", "ws"]),
        _numbers,
        _messages,
        st.sampled_from(["token", "hand", "since", "views", "x"]),
    )
    def fuzz(route: str, number: str, body: str | bytes, param: str) -> None:
        n = quote(number, safe="", errors="surrogatepass")
        if route == "tables":
            r = client.post(
                "/tables",
                content=body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass"),
            )
            assert r.status_code in (201, 400), r.text[:200]
            if r.status_code == 400:
                _json_error(r)
        elif route == "hands":
            for url in (
                f"/tables/{tid}/hands/{n}",
                f"/tables/{n}",
                f"/tables/{tid}/hands/{n}/replay",
            ):
                r = client.get(url)
                assert r.status_code in (200, 400, 404), (url, r.text[:200])
                if r.status_code != 200:
                    _json_error(r, r.status_code)
        elif route in ("replay_hand", "post_replay"):
            content = body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass")
            r = client.post(f"/replay?hand={n}", content=content)
            assert r.status_code in (200, 400), r.text[:200]
            if r.status_code == 400:
                _json_error(r)
        else:
            with client.websocket_connect(f"/tables/{tid}/ws?{param}={n}") as ws:
                m = recv(ws)
                if m["type"] == "error":
                    assert m["error"] in _ERRORS
                    with pytest.raises(WebSocketDisconnect) as closed:
                        recv(ws)
                    assert closed.value.code in (4401, 1008)
                else:
                    assert m["type"] == "hello"

    fuzz()

"""docs/events.md is the event log's schema: it must name every event type and field that
``rust/game/event.rs`` declares, and every type a played hand logs; and it shows how each
event reads, the table of ``koudiandian/eventtexts.py`` that the terminal and the browser
render (every declared type in it, every logged event a line)."""

from __future__ import annotations

import os
import re
import typing

import pytest
from koudiandian import Game, Rules, events
from koudiandian.bots import GreedyBot
from koudiandian.eventlines import event_line
from koudiandian.eventtexts import EVENT_TEXTS, WIN_KINDS

from tests.support import ROOT

DOC = ROOT / "docs" / "events.md"
SOURCE = ROOT / "rust" / "game" / "event.rs"


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _declared() -> dict[str, set[str]]:
    """Each event type of ``event.rs`` (snake_case) with its fields."""
    text = SOURCE.read_text(encoding="utf-8")
    structs = {
        m.group(1): set(re.findall(r"pub (\w+):", m.group(2)))
        for m in re.finditer(r"pub struct (\w+) \{(.*?)\n\}", text, flags=re.S)
    }
    body = re.search(r"pub enum Event \{(.*?)\n\}", text, flags=re.S)
    assert body is not None, "no enum Event in event.rs"
    out: dict[str, set[str]] = {}
    for m in re.finditer(
        r"^    (\w+)(?:\(Box<(\w+)>\),| \{(.*?)^    \},)", body.group(1), re.M | re.S
    ):
        name, boxed, fields = m.groups()
        out[_snake(name)] = (
            structs[boxed] if boxed else set(re.findall(r"^\s+(\w+): ", fields, re.M))
        )
    return out


def _documented() -> dict[str, str]:
    """Each ``### `type` `` section of the doc, with its text."""
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^### `(\w+)`\n", text, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def test_event_rs_is_parsed() -> None:
    declared = _declared()
    assert {"start_hand", "draw", "discard", "win", "end_hand"} <= set(declared)
    assert declared["discard"] == {"seat", "tile", "declare", "auto"}
    assert "wall" in declared["start_hand"] and "hands" in declared["end_hand"]


@pytest.mark.parametrize("event_type", sorted(_declared()))
def test_every_declared_event_and_field_is_documented(event_type: str) -> None:
    sections = _documented()
    assert event_type in sections, f"docs/events.md has no section for {event_type!r}"
    for field in sorted(_declared()[event_type]):
        assert f"| `{field}` |" in sections[event_type], (
            f"docs/events.md does not describe field {field!r} of {event_type!r}"
        )


def test_the_doc_names_no_event_that_does_not_exist() -> None:
    assert set(_documented()) == set(_declared())


@pytest.mark.parametrize("preset", ["taiyuan", "hebei", "changsha", "guobiao", "sichuan", "tiny"])
def test_logged_events_have_the_documented_fields(preset: str) -> None:
    declared = _declared()
    for seed in range(5):
        game = Game(Rules.preset(preset), seed=seed)
        bots = [GreedyBot() for _ in range(4)]
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        for event in game.events:
            fields = set(event) - {"type"}
            optional = {
                "answer": {"tile"},
                "start_hand": {"dice", "prevalent_wind", "exchange_direction"},
            }.get(event["type"], set())
            assert declared[event["type"]] - optional <= fields <= declared[event["type"]]


def test_the_typed_dicts_name_the_declared_fields() -> None:
    """``koudiandian.events`` has one TypedDict per declared event, with its fields (and the
    seat log's ``hand`` and ``wall_size`` in ``start_hand``)."""
    declared = _declared()
    typed = {}
    for name in events.__all__:
        cls = getattr(events, name)
        if name == "Event":
            continue
        hints = typing.get_type_hints(cls)
        (tag,) = typing.get_args(hints["type"])
        typed[tag] = set(hints) - {"type"}
    assert set(typed) == set(declared)
    extras = {"start_hand": {"hand", "wall_size"}}
    for tag, fields in declared.items():
        assert typed[tag] == fields | extras.get(tag, set()), tag
    members = {typing.get_type_hints(c)["type"] for c in typing.get_args(events.Event)}
    assert {typing.get_args(m)[0] for m in members} == set(declared)


# -- how events read: the table of koudiandian/eventtexts.py ------------------------------

#: The generated part of docs/events.md, between these lines.
BEGIN = "<!-- generated from koudiandian/eventtexts.py: KDD_WRITE_DOCS=1 pytest tests/engine/test_events_doc.py -->\n"
END = "<!-- end of the generated table -->\n"

#: The placeholders the renderers fill (eventlines.py, tiles.js's fillEvent).
PLACEHOLDERS = {
    "who", "verb", "tile", "claimed", "hun", "meld", "from", "kind", "action", "dice",
    "pao", "wins", "dealer", "wildcards", "deltas", "chinese", "tiles", "hand", "to",
    "suit", "transfers", "verdict",
}  # fmt: skip


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _event_table() -> str:
    """The table as Markdown: one row per event type, one more per variant and hidden form."""
    rows = [
        "| event | 中文 | reads (the verb: you, seat N) | notes |",
        "| --- | --- | --- | --- |",
    ]
    for kind, text in EVENT_TEXTS.items():
        forms = [(f"`{kind}`", text)]
        forms += [
            (f"`{kind}` with `{f}`", {**text, **o}) for f, o in text.get("variants", {}).items()
        ]
        if "hidden" in text:
            forms.append((f"`{kind}`, tile hidden", {**text, **text["hidden"]}))
        for name, form in forms:
            verb = " / ".join(form.get("verb", [])) or "-"
            notes = "; ".join(
                f"`{f}`: ({n.get('chinese', '') + ' ' if n.get('chinese') else ''}{n['english']})"
                for f, n in form.get("notes", {}).items()
            )
            rows.append(
                f"| {name} | {form['chinese']} | `{_cell(form['english'])}` ({verb}) | {notes or '-'} |"
            )
    kinds = ", ".join(f"`{k}` {v['chinese']} {v['english']}" for k, v in WIN_KINDS.items())
    return "\n".join(rows) + f"\n\nA win's `{{kind}}`: {kinds}.\n"


def test_every_event_type_reads_and_only_those() -> None:
    assert set(EVENT_TEXTS) == set(_declared())
    for kind, text in EVENT_TEXTS.items():
        forms = [text, *text.get("variants", {}).values(), text.get("hidden", {})]
        for form in forms:
            used = set(re.findall(r"\{(\w+)\}", form.get("english", "")))
            assert used <= PLACEHOLDERS, (kind, used - PLACEHOLDERS)
        if "{verb}" in text["english"]:
            assert len(text["verb"]) == 2, kind


@pytest.mark.parametrize("preset", ["taiyuan", "hebei", "changsha", "guobiao", "sichuan", "tiny"])
def test_every_logged_event_reads_as_a_line(preset: str) -> None:
    """Every event of played hands, in the full log and in a seat's, is a line with every
    placeholder filled, in the second person for the seat's own."""
    for seed in range(3):
        game = Game(Rules.preset(preset), seed=seed)
        bots = [GreedyBot() for _ in range(4)]
        while not game.is_over:
            seat = game.to_act[0]
            game.step(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        for me, log in ((None, game.events), (1, game.events_for(1))):
            for event in log:
                line = event_line(event, me, "mpsz")
                assert "{" not in line and "?" not in line and "None" not in line, line
                if (
                    event.get("seat") == 1
                    and me == 1
                    and "{who}" in EVENT_TEXTS[event["type"]]["english"]
                ):
                    assert "you" in line, line


def test_the_doc_shows_the_table_of_event_texts() -> None:
    """docs/events.md's "How events read" is the table rendered; KDD_WRITE_DOCS=1 writes it."""
    text = DOC.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "docs/events.md has no generated table of event texts"
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    wanted = head + BEGIN + _event_table() + END + tail
    if os.environ.get("KDD_WRITE_DOCS"):
        DOC.write_text(wanted, encoding="utf-8")
    assert text == wanted, "docs/events.md's table of event texts is stale: KDD_WRITE_DOCS=1"

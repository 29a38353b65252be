"""How each event reads: one table that the terminal (``koudiandian play``, ``koudiandian
replay --verbose``), the browser table (``GET /names``, drawn by ``static/tiles.js``) and
the docs (``docs/events.md``, "How events read") all render. Data only: the renderers are
:mod:`koudiandian.eventlines` and ``describeEvent`` in ``tiles.js``.

For each event type (``docs/events.md``):

- ``chinese``: the word a table shows for it (摸, 打, 碰); the browser leads with it, after
  the seat.
- ``verb``: the English verb, in the second and the third person (``["draw", "draws"]``):
  "you draw", "seat 2 draws".
- ``english``: the line, a template. Its placeholders, each filled from the event by the
  renderer (a tile as text in the terminal, as a picture in the browser):

  ``{who}`` the event's ``seat`` ("seat 2", or "you" for the seat the terminal plays);
  ``{verb}`` the verb in the person of ``{who}``; ``{tile}``, ``{claimed}``, ``{hun}`` the
  event's tile fields; ``{tiles}``, ``{hand}`` its lists of tiles; ``{to}`` the seat an
  exchange goes to; ``{suit}`` a void suit's letter (m p s); ``{transfers}`` a payment's
  transfers, each "payer → payee: amount (reason)", the reason in words in the terminal
  ("暗杠, concealed kong"); ``{meld}`` the meld a claim makes (a pong's or a kong's kind, a
  chow's run); ``{from}`` " from <seat>" when the event has a ``from`` seat, else nothing;
  ``{kind}`` the win's kind (:data:`WIN_KINDS`); ``{action}`` an answer's action;
  ``{dice}``, ``{pao}``, ``{wins}``, ``{dealer}``, ``{wildcards}``, ``{verdict}`` those
  fields; ``{deltas}`` the settlement's deltas; ``{chinese}`` the word above, always
  written `` ({chinese})`` after the English term it glosses (a renderer that leads with
  the word leaves it out).
- ``variants``: ``{field: overrides}``, applied in order for each field the event holds
  true (a ``discard`` with ``declare``: 报听).
- ``hidden``: overrides for an event whose ``tile`` (or ``tiles``) is hidden (``null`` in
  another seat's log).
- ``notes``: ``{field: {"english", "chinese"?}}``, each said in brackets after the line when
  the event holds the field true (a ``replacement`` draw).
"""

from __future__ import annotations

from typing import Any

__all__ = ["EVENT_TEXTS", "WIN_KINDS"]

#: Each event type's texts (see the module's doc), in the order of ``docs/events.md``.
EVENT_TEXTS: dict[str, dict[str, Any]] = {
    "start_hand": {
        "chinese": "开局",
        "english": "deal: dealer {dealer}, wildcards {wildcards}",
    },
    "bid": {
        "chinese": "跑",
        "verb": ["bid", "bids"],
        "english": "{who} {verb} {pao} ({chinese})",
    },
    "flower": {
        "chinese": "花",
        "verb": ["set", "sets"],
        "english": "{who} {verb} aside the flower {tile}",
    },
    "indicator": {
        "chinese": "翻",
        "english": "the indicator is {tile}: the 混 (wildcard) is {hun}",
    },
    "exchange": {
        "chinese": "换三张",
        "verb": ["pass", "passes"],
        "english": "{who} {verb} {tiles} to {to} ({chinese})",
        "hidden": {"english": "{who} {verb} tiles to {to} ({chinese})"},
    },
    "void": {
        "chinese": "定缺",
        "verb": ["declare", "declares"],
        "english": "{who} {verb} {suit} void ({chinese})",
    },
    "draw": {
        "chinese": "摸",
        "verb": ["draw", "draws"],
        "english": "{who} {verb} {tile}",
        "hidden": {"english": "{who} {verb} a tile"},
        "notes": {"replacement": {"chinese": "补", "english": "replacement"}},
    },
    "discard": {
        "chinese": "打",
        "verb": ["discard", "discards"],
        "english": "{who} {verb} {tile}",
        "variants": {
            "declare": {
                "chinese": "报听",
                "verb": ["declare", "declares"],
                "english": "{who} {verb} ready ({chinese}), discarding {tile}",
            }
        },
        "notes": {"auto": {"english": "automatic: the hand is locked after 报听"}},
    },
    "concealed_kong": {
        "chinese": "暗杠",
        "verb": ["make", "makes"],
        "english": "{who} {verb} a concealed kong ({chinese}) of {tile}",
        "hidden": {"english": "{who} {verb} a concealed kong ({chinese})"},
    },
    "added_kong": {
        "chinese": "补杠",
        "verb": ["make", "makes"],
        "english": "{who} {verb} an added kong ({chinese}) of {tile}",
    },
    "dice_kong": {
        "chinese": "杠",
        "verb": ["make", "makes"],
        "english": "{who} {verb} a kong with dice ({chinese}) of {tile}{from}",
        "hidden": {"english": "{who} {verb} a concealed kong with dice ({chinese})"},
    },
    "dice": {
        "chinese": "骰",
        "verb": ["roll", "rolls"],
        "english": "{who} {verb} {dice}",
    },
    "opening_win": {
        "chinese": "起手胡",
        "verb": ["declare", "declares"],
        "english": "{who} {verb} opening wins ({chinese}): {wins}",
    },
    "haidi": {
        "chinese": "海底",
        "verb": ["refuse", "refuses"],
        "english": "{who} {verb} the last tile ({chinese})",
        "variants": {"take": {"verb": ["take", "takes"]}},
    },
    "bird": {
        "chinese": "扎鸟",
        "english": "the bird {tile} hits {who}",
    },
    "answer": {
        "chinese": "应",
        "verb": ["answer", "answers"],
        "english": "{who} {verb} {action}",
    },
    "pong": {
        "chinese": "碰",
        "verb": ["pong", "pongs"],
        "english": "{who} {verb} {meld}{from}",
    },
    "kong": {
        "chinese": "杠",
        "verb": ["kong", "kongs"],
        "english": "{who} {verb} {meld}{from}",
    },
    "chow": {
        "chinese": "吃",
        "verb": ["chow", "chows"],
        "english": "{who} {verb} {meld} with {claimed}{from}",
    },
    "win": {
        "chinese": "胡",
        "verb": ["win", "wins"],
        "english": "{who} {verb} ({kind}) with {tile}{from}!",
        "notes": {"auto": {"english": "automatic: 有胡必胡"}},
    },
    "leave": {
        "chinese": "离场",
        "verb": ["leave", "leaves"],
        "english": "{who} {verb} the hand ({chinese}), showing {hand}",
    },
    "pay": {
        "chinese": "付",
        "english": "paid as played: {transfers}",
    },
    "verdict": {
        "chinese": "判罚",
        "verb": ["are", "is"],
        "english": "{who} {verb} judged {verdict} ({chinese}): the hand ends",
    },
    "end_hand": {
        "chinese": "终局",
        "english": "the hand ends: deltas {deltas}",
    },
}

#: How a win was made (``win.kind``, ``result.win_kind``): its Chinese and English names.
WIN_KINDS: dict[str, dict[str, str]] = {
    "self_draw": {"chinese": "自摸", "english": "self-draw"},
    "discard": {"chinese": "点炮", "english": "on a discard"},
    "robbed_kong": {"chinese": "抢杠", "english": "robbing a kong"},
}

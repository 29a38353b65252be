"""An exec bot's answer is read as every action is (``action.read_action``): the same shapes
the server and ``Game.step`` take, and the same refusals."""

from __future__ import annotations

from typing import Any

import pytest
from koudiandian import Action
from koudiandian.action import read_action
from koudiandian.errors import IllegalActionError
from koudiandian.pipeprotocol import answer_action, answer_parts


@pytest.mark.parametrize(
    "written",
    ["discard 5m", {"kind": "discard", "tile": 4}, {"kind": "pass"}, {"kind": 0, "tile": 4}],
)
def test_an_answer_names_the_action_read_action_names(written: Any) -> None:
    assert answer_action(written) == read_action(written)
    assert isinstance(answer_action(written), Action)


def test_an_answer_object_with_another_key_is_refused_as_the_server_refuses_it() -> None:
    with pytest.raises(IllegalActionError, match=r"\{'kind', 'tile'\}"):
        answer_action({"kind": "discard", "tile": 4, "x": 1})


@pytest.mark.parametrize("written", [7, None, ["discard 5m"]])
def test_an_answer_of_another_type_is_no_answer(written: Any) -> None:
    with pytest.raises(ValueError, match="object or text"):
        answer_action(written)


def test_an_answer_line_gives_its_decision_and_action() -> None:
    assert answer_parts('{"decision": 3, "action": "pass"}', 2) == (3, "pass")
    assert answer_parts("discard 5m", 2) == (2, "discard 5m")

"""A policy file is untrusted input: it is never unpickled, a FIFO or a directory is never
opened, a header that claims terabytes allocates nothing, weights of text, complex numbers
or dates and meta nested too deep are refused with a :class:`KoudiandianError`; and weights
that overflow never make the policy choose an illegal action."""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path

import numpy as np
import pytest
from koudiandian.errors import ArrayError, InvalidArgumentError
from koudiandian.rl.encoding import OBS_SHAPES
from koudiandian.rl.policy import Policy, PolicyBot

PLANES, WIDTH = OBS_SHAPES["v3"]
INPUTS = PLANES * WIDTH
META = np.array(json.dumps({"version": "v3", "action_space": 2}))


def saved(path: Path, **arrays: object) -> Path:
    np.savez(path, **arrays)  # type: ignore[arg-type]
    return path


def test_a_fifo_is_refused_without_being_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "net.npz"
    os.mkfifo(fifo)  # opening it for reading would block until a writer comes
    with pytest.raises(InvalidArgumentError, match="not a regular file"):
        Policy.load(fifo)
    with pytest.raises(InvalidArgumentError, match="not a regular file"):
        PolicyBot(str(fifo))


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError, match="not a regular file"):
        Policy.load(tmp_path)


def test_a_header_claiming_terabytes_is_refused_before_allocating(tmp_path: Path) -> None:
    path = tmp_path / "bomb.npz"
    with zipfile.ZipFile(path, "w") as z:
        buffer = io.BytesIO()
        header = {"descr": "<f4", "fortran_order": False, "shape": (INPUTS, 10**12)}
        np.lib.format.write_array_header_1_0(buffer, header)
        z.writestr("W0.npy", buffer.getvalue())
        buffer = io.BytesIO()
        np.lib.format.write_array(buffer, META)
        z.writestr("meta.npy", buffer.getvalue())
    with pytest.raises(InvalidArgumentError, match="more than"):
        Policy.load(path)


@pytest.mark.parametrize(
    "weights",
    [
        np.full((INPUTS, 252), "a"),
        np.zeros((INPUTS, 252), complex),
        np.zeros((INPUTS, 252), "datetime64[s]"),
    ],
    ids=["text", "complex", "dates"],
)
def test_weights_that_are_no_real_numbers_are_refused(tmp_path: Path, weights: object) -> None:
    path = saved(tmp_path / "w.npz", W0=weights, b0=np.zeros(252), meta=META)
    with pytest.raises(ArrayError, match="layer 0's W"):
        Policy.load(path)


def test_meta_nested_too_deep_is_refused(tmp_path: Path) -> None:
    deep = np.array("[" * 100_000 + "]" * 100_000)
    path = saved(tmp_path / "m.npz", W0=np.zeros((INPUTS, 252)), b0=np.zeros(252), meta=deep)
    with pytest.raises(InvalidArgumentError, match="holds no policy's meta"):
        Policy.load(path)


def test_a_pickled_array_is_never_unpickled(tmp_path: Path) -> None:
    npy = tmp_path / "W0.npy"
    np.save(npy, np.array([print], dtype=object), allow_pickle=True)
    path = tmp_path / "pickled.npz"
    with zipfile.ZipFile(path, "w") as z:
        z.write(npy, "W0.npy")
    with pytest.raises(InvalidArgumentError, match="allow_pickle"):
        Policy.load(path)


def test_overflowing_logits_still_choose_a_legal_action() -> None:
    # finite weights whose logits overflow to -inf (or inf - inf = NaN) for every action
    layers = [(np.full((INPUTS, 252), -3e38, np.float32), np.zeros(252, np.float32))]
    policy = Policy(layers, version="v3", action_space=2)
    obs = np.full((3, PLANES, WIDTH), 255, np.uint8)
    mask = np.zeros((3, 252), bool)
    mask[0, 100] = mask[1, 7] = mask[1, 251] = mask[2, 251] = True
    chosen = policy(obs, mask)
    assert mask[np.arange(3), chosen].all()
    mixed = [
        (np.full((INPUTS, 2), 3e38, np.float32), np.zeros(2, np.float32)),
        (np.array([[1.0] * 252, [-1.0] * 252], np.float32), np.zeros(252, np.float32)),
    ]  # inf - inf: NaN logits
    chosen = Policy(mixed, version="v3", action_space=2)(obs, mask)
    assert mask[np.arange(3), chosen].all()


def test_a_policy_path_cut_at_a_space_or_comma_says_so(tmp_path: Path) -> None:
    from koudiandian.cli.options import bots_of
    from koudiandian.errors import KoudiandianError

    path = tmp_path / "my net.npz"
    Policy([(np.zeros((INPUTS, 252)), np.zeros(252))], version="v3", action_space=2).save(path)
    for words in ([f"policy:{path},greedy,greedy,greedy"], [f"policy:{path},greedy,greedy"]):
        with pytest.raises(KoudiandianError, match="cut at a comma or space"):
            bots_of(words, ["greedy"] * 4, 4)
    # the prefix in any case, the path as given (its case kept)
    (tmp_path / "Net.npz").write_bytes(path.read_bytes())
    assert (
        bots_of([f"POLICY:{tmp_path}/Net.npz"], ["greedy"], 4) == [f"POLICY:{tmp_path}/Net.npz"] * 4
    )


def test_meta_that_is_no_json_is_refused_when_the_policy_is_made() -> None:
    layers = [(np.zeros((INPUTS, 252)), np.zeros(252))]
    for meta in ({"x": object()}, {"x": float("nan")}, {"x": {1, 2}}):
        with pytest.raises(InvalidArgumentError, match="meta must hold JSON values"):
            Policy(layers, version="v3", action_space=2, meta=meta)

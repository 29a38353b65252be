"""A trained policy network as a bot, in NumPy alone: :class:`Policy`, a ReLU multi-layer
perceptron over the flattened observation (``docs/observation.md``) stored in an ``.npz``
file, and :class:`PolicyBot`, the :class:`~koudiandian.bots.Bot` that plays its masked argmax.
A bot named ``policy:PATH`` (:func:`koudiandian.simulate`, the ladder, ``koudiandian play``,
the command line's ``--bots``, the game server's ``--bot NAME=policy:PATH``) is a
:class:`PolicyBot` of the file ``PATH``.

The file (``Policy.save`` writes it, ``examples/bc_expert.py`` trains one):

- ``W0, b0, W1, b1, ...`` float32: layer ``i`` maps ``x`` to ``x @ W{i} + b{i}``, with a
  ReLU after every layer but the last; ``W0`` has ``planes * 34`` rows, the last layer one
  column per action of the action space;
- ``scale`` float32 ``(planes * 34,)``: the observation (``uint8``) is multiplied by it,
  entry by entry, before the first layer;
- ``meta``: a JSON object as text: ``version`` (the observation's), ``action_space``, and
  anything else the trainer recorded (its seed, the rules it was trained under...).
"""

from __future__ import annotations

import json
import os
import stat
import zipfile
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..action import Action
from ..bots import POLICY_PREFIX, is_policy
from ..errors import ArgumentTypeError, ArrayError, InvalidArgumentError
from ..view import SeatView
from .actions import _NUMBER_OF_CODE, ACTION_SPACES, DEFAULT_ACTION_SPACE, check_action_space
from .encoding import DEFAULT_VERSION, OBS_SHAPES, check_version, encode

__all__ = ["POLICY_PREFIX", "Policy", "PolicyBot", "PolicyFactory", "is_policy"]

Floats = npt.NDArray[np.float32]


class Policy:
    """A ReLU multi-layer perceptron from a seat's observation to one logit per action.

    ``layers``: the ``(W, b)`` pairs, ``W`` float32 ``(inputs, outputs)`` and ``b``
    ``(outputs,)``, each layer's inputs the previous one's outputs, the first's
    ``planes * 34`` of ``OBS_SHAPES[version]`` and the last's outputs the size of
    ``action_space``; ``scale``: what the observation is multiplied by (``(planes * 34,)``,
    default ones); ``meta``: more to store with it (JSON values). Shapes that do not chain
    are :class:`ArrayError`, an unknown version or space :class:`InvalidArgumentError`."""

    def __init__(
        self,
        layers: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]],
        *,
        scale: npt.ArrayLike | None = None,
        version: str = DEFAULT_VERSION,
        action_space: int = DEFAULT_ACTION_SPACE,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        #: The observation's encoding version.
        self.version: str = check_version(version)
        #: The action space the logits number.
        self.action_space: int = check_action_space(action_space)
        #: ``(planes, 34)`` of the observation.
        self.obs_shape: tuple[int, int] = OBS_SHAPES[version]
        #: How many actions (logits) there are.
        self.n_actions: int = ACTION_SPACES[self.action_space]
        inputs = self.obs_shape[0] * self.obs_shape[1]
        self.layers: list[tuple[Floats, Floats]] = _checked_layers(layers, inputs, self.n_actions)
        self.scale: Floats = _checked_scale(scale, inputs)
        #: What the trainer stored with the weights (JSON values), ``version`` and
        #: ``action_space`` among them.
        self.meta: dict[str, Any] = {
            **dict(meta or {}),
            "version": version,
            "action_space": self.action_space,
        }
        try:  # now, not when the policy is saved
            json.dumps(self.meta, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as e:
            raise InvalidArgumentError(f"meta must hold JSON values only: {e}") from None

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Policy:
        """The policy stored at ``path`` (an ``.npz`` as :meth:`save` writes it). Raises
        :class:`InvalidArgumentError` for a file that cannot be read or holds no policy,
        :class:`ArrayError` for weights whose shapes do not chain."""
        if not isinstance(path, str | os.PathLike):
            raise ArgumentTypeError(f"a policy file's path is a str or a path, got {path!r}")
        try:
            # a FIFO or a device would block or never end: a regular file only
            if not stat.S_ISREG(os.stat(path).st_mode):
                raise ValueError("not a regular file")
            _check_sizes(path)  # before anything is allocated for an array
            with np.load(os.fspath(path), allow_pickle=False) as data:
                arrays = {k: data[k] for k in data.files}
        except (OSError, ValueError, EOFError, zipfile.BadZipFile) as e:
            raise InvalidArgumentError(f"cannot read the policy file {str(path)!r}: {e}") from None
        try:
            meta = json.loads(str(arrays.pop("meta")[()]))
            if not isinstance(meta, dict):
                raise ValueError("not a JSON object")
        except (KeyError, ValueError, RecursionError) as e:
            raise InvalidArgumentError(f"{str(path)!r} holds no policy's meta ({e})") from None
        n = sum(1 for k in arrays if k.startswith("W"))
        try:
            layers = [(arrays[f"W{i}"], arrays[f"b{i}"]) for i in range(n)]
        except KeyError as e:
            raise InvalidArgumentError(f"{str(path)!r} lacks the array {e}") from None
        version = meta.pop("version", None)
        action_space = meta.pop("action_space", None)
        if not isinstance(version, str) or not isinstance(action_space, int):
            raise InvalidArgumentError(f"{str(path)!r}: meta names no version and action space")
        return cls(
            layers,
            scale=arrays.get("scale"),
            version=version,
            action_space=action_space,
            meta=meta,
        )

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the policy to ``path`` (an ``.npz``; NumPy adds the suffix if missing)."""
        arrays: dict[str, Any] = {"scale": self.scale, "meta": np.array(json.dumps(self.meta))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"W{i}"], arrays[f"b{i}"] = w, b
        np.savez(os.fspath(path), **arrays)

    def logits(self, obs: npt.ArrayLike) -> Floats:
        """float32 ``(k, n_actions)``: the logits of each of ``k`` observations (``obs``
        ``(k, planes, 34)`` or one ``(planes, 34)``, giving ``(n_actions,)``). Raises
        :class:`ArrayError` for another shape."""
        x = np.asarray(obs)
        one = x.shape == self.obs_shape
        if not one and (x.ndim != 3 or x.shape[1:] != self.obs_shape):
            raise ArrayError(
                f"observations must be (k, {self.obs_shape[0]}, 34) or "
                f"{self.obs_shape}, got {x.shape}"
            )
        h = self._forward(x.reshape(-1, self.scale.shape[0]))
        return h[0] if one else h

    def _forward(self, x: npt.NDArray[Any]) -> Floats:
        h: Floats = x.astype(np.float32) * self.scale
        last = len(self.layers) - 1
        with np.errstate(over="ignore", invalid="ignore"):  # (inf or NaN: see __call__)
            for i, (w, b) in enumerate(self.layers):
                h = h @ w
                h += b
                if i < last:
                    np.maximum(h, 0.0, out=h)
        return h

    def __call__(self, obs: npt.ArrayLike, mask: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """int64 ``(k,)``: each row's legal action of highest logit (the lowest number on a
        tie): the opponent protocol of the vector environment. ``mask`` bool
        ``(k, n_actions)``, each row with at least one legal action (else
        :class:`ArrayError`)."""
        m = np.asarray(mask, dtype=bool)
        logits = self.logits(obs)
        if m.shape != logits.shape or m.ndim != 2:
            raise ArrayError(f"mask must be (k, {self.n_actions}) bool, got {m.shape}")
        if not m.any(axis=1).all():
            raise ArrayError("every row of the mask needs a legal action")
        # logits that overflowed (weights finite but huge) are no reason for an illegal
        # action: NaN or -inf legal logits still beat the illegal actions' -inf
        lowest = float(np.finfo(np.float32).min)
        finite = np.nan_to_num(logits, nan=lowest, neginf=lowest)
        out: npt.NDArray[np.int64] = np.where(m, finite, -np.inf).argmax(axis=1).astype(np.int64)
        return out

    def choose(self, obs: npt.NDArray[np.uint8], numbers: Sequence[int]) -> int:
        """The index in ``numbers`` (action numbers of the space, not empty) of the one of
        highest logit for the single observation ``obs`` (the first on a tie)."""
        logits = self._forward(obs.reshape(1, -1))[0]
        return int(np.argmax(logits[list(numbers)]))

    def __repr__(self) -> str:
        sizes = [self.scale.shape[0], *(w.shape[1] for w, _ in self.layers)]
        return (
            f"<Policy {'-'.join(map(str, sizes))} version={self.version!r} "
            f"action_space={self.action_space}>"
        )


def _checked_layers(
    layers: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]], inputs: int, outputs: int
) -> list[tuple[Floats, Floats]]:
    """``layers`` as C-contiguous float32 pairs, once their shapes are seen to chain from
    ``inputs`` to ``outputs``; :class:`ArrayError` naming the first that does not."""
    if isinstance(layers, str | bytes) or not isinstance(layers, Sequence) or not layers:
        raise ArgumentTypeError("layers must be a non-empty list of (W, b) pairs")
    out = []
    width = inputs
    for i, pair in enumerate(layers):
        try:
            w_in, b_in = pair
        except (TypeError, ValueError):
            raise ArgumentTypeError(f"layer {i} must be a pair (W, b)") from None
        w, b = _floats(w_in, f"layer {i}'s W"), _floats(b_in, f"layer {i}'s b")
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise ArrayError(
                f"layer {i}: W must be ({width}, m) and b (m,), got W {w.shape} and b {b.shape}"
            )
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise ArrayError(f"layer {i} holds a value that is not finite")
        out.append((w, b))
        width = w.shape[1]
    if width != outputs:
        raise ArrayError(f"the last layer gives {width} logits; the action space has {outputs}")
    return out


def _floats(values: npt.ArrayLike, what: str) -> Floats:
    """``values`` as a C-contiguous float32 array, from real numbers only (no text, complex
    numbers, dates, objects: :class:`ArrayError` naming ``what``)."""
    try:
        a = np.asarray(values)
    except (ValueError, TypeError) as e:
        raise ArrayError(f"{what} is no array of numbers ({e})") from None
    if a.dtype.kind not in "fiub":
        raise ArrayError(f"{what} must hold real numbers, got dtype {a.dtype}")
    out: Floats = np.ascontiguousarray(a, dtype=np.float32)
    return out


#: The most bytes a policy file's arrays may take once read (1 GiB: 268 million weights).
MAX_POLICY_BYTES = 1 << 30


def _check_sizes(path: str | os.PathLike[str]) -> None:
    """ValueError unless the ``.npy`` headers of the archive at ``path`` claim at most
    :data:`MAX_POLICY_BYTES` in all (read from the headers alone: nothing is allocated)."""
    total = 0
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            with z.open(name) as member:
                version = np.lib.format.read_magic(member)
                if version == (1, 0):
                    shape, _, dtype = np.lib.format.read_array_header_1_0(member)
                else:
                    shape, _, dtype = np.lib.format.read_array_header_2_0(member)
            total += int(np.prod(shape, dtype=object)) * dtype.itemsize
            if total > MAX_POLICY_BYTES:
                raise ValueError(
                    f"its arrays would take more than {MAX_POLICY_BYTES} bytes ({name}: {shape})"
                )


def _checked_scale(scale: npt.ArrayLike | None, inputs: int) -> Floats:
    """``scale`` as float32 ``(inputs,)`` (ones when ``None``); :class:`ArrayError` else."""
    if scale is None:
        return np.ones(inputs, dtype=np.float32)
    s = _floats(scale, "scale")
    if s.shape != (inputs,) or not np.isfinite(s).all():
        raise ArrayError(f"scale must be ({inputs},) finite floats, got {s.shape}")
    return s


class PolicyBot:
    """A :class:`~koudiandian.bots.Bot` that plays ``policy``'s legal action of highest logit
    (a :class:`Policy`, or the path of its file). Deterministic: ``seed`` is accepted for a
    uniform bot factory and ignored. ``name`` names it in summaries (default
    ``policy:PATH`` when loaded from a file, else ``"policy"``).

    In a simulation (a view of a live game) the observation is encoded straight from the
    game, else from the :class:`SeatView`'s dict; the same array either way. Its choice is
    always one of ``legal_actions``: a decision whose legal actions the policy's action
    space does not number (a decision before play under action space 1) gets the first."""

    def __init__(
        self,
        policy: Policy | str | os.PathLike[str],
        seed: int | None = None,
        *,
        name: str | None = None,
    ) -> None:
        del seed
        if isinstance(policy, Policy):
            self.policy = policy
            default = "policy"
        elif isinstance(policy, str | os.PathLike):
            self.policy = Policy.load(policy)
            default = POLICY_PREFIX + os.fspath(policy)
        else:
            raise ArgumentTypeError(f"a PolicyBot needs a Policy or a path, got {policy!r}")
        #: The bot's name in summaries.
        self.name: str = name if name is not None else default
        self._limit = self.policy.n_actions

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        """The policy's choice among ``legal_actions`` for the seat whose ``view`` it is."""
        numbers = []
        index = []
        for i, action in enumerate(legal_actions):
            a = _NUMBER_OF_CODE.get(action.code)
            if a is not None and a < self._limit:
                numbers.append(a)
                index.append(i)
        if len(numbers) <= 1:
            return legal_actions[index[0] if index else 0]
        return legal_actions[index[self.policy.choose(self._observe(view), numbers)]]

    def _observe(self, view: SeatView) -> npt.NDArray[np.uint8]:
        version = self.policy.version
        game = getattr(view, "live_game", None)  # a simulation's view of a live game
        if game is not None:
            return encode(game, view.live_seat, version=version)  # type: ignore[attr-defined]
        return encode(view, version=version)


class PolicyFactory:
    """The bot factory of ``policy:PATH``: the file is read once, at the first hand (so a
    pickled factory sent to a worker process reads it there), and every hand's bot shares
    it. Raises :class:`InvalidArgumentError` for a name that is not ``policy:PATH`` or a path
    that is no file."""

    def __init__(self, name: str) -> None:
        if not is_policy(name) or not name[len(POLICY_PREFIX) :].strip():
            raise InvalidArgumentError(f"a policy bot is named policy:PATH, got {name!r}")
        #: The file's path.
        self.path: str = name[len(POLICY_PREFIX) :].strip()
        if not os.path.isfile(self.path):
            raise InvalidArgumentError(f"{name!r}: no policy file {self.path!r}")
        #: The bot's name.
        self.name: str = POLICY_PREFIX + self.path
        self._policy: Policy | None = None

    def load(self) -> Policy:
        """The policy of the file (read on the first call). Raises as :meth:`Policy.load`."""
        if self._policy is None:
            self._policy = Policy.load(self.path)
        return self._policy

    def __call__(self, seed: int) -> PolicyBot:
        return PolicyBot(self.load(), seed, name=self.name)

    def __getstate__(self) -> dict[str, Any]:
        return {"path": self.path, "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.path, self.name, self._policy = state["path"], state["name"], None

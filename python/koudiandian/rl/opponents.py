"""A learner's opponents: the built-in bots' names (played inside Rust), the learner's seat,
and opponents played by a batch policy on a raw :class:`~koudiandian.rl.VecEnv` with
``opponents="external"``: one call of the policy per round for every table whose asked seat
is not its learner, until every table is at its learner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import ArrayError, IllegalActionError, InvalidArgumentError
from .vec import VecEnv

__all__ = [
    "BUILT_IN",
    "BatchPolicy",
    "check_learner_seat",
    "first_outside",
    "legal_rows",
    "play_policy",
]

#: The built-in opponents, played inside Rust (the single and the vector environment's
#: ``opponents``).
BUILT_IN = ("greedy", "expert", "random")

#: A batch policy: ``policy(obs uint8 (k, *obs_shape), mask bool (k, n)) -> int array (k,)``,
#: one legal action number per row (:class:`koudiandian.rl.policy.Policy` is one).
BatchPolicy = Callable[[npt.NDArray[np.uint8], npt.NDArray[np.bool_]], Any]


def check_learner_seat(seat: object) -> int | None:
    """``seat`` if it is ``None`` (the learner's seat drawn for each hand) or a seat 0–3;
    else :class:`InvalidArgumentError` naming it."""
    if seat is not None and (isinstance(seat, bool) or seat not in (0, 1, 2, 3)):
        raise InvalidArgumentError(f"seat must be None or 0–3, got {seat!r}")
    return None if seat is None else int(seat)  # type: ignore[call-overload, unused-ignore]


def play_policy(
    env: VecEnv, policy: BatchPolicy, ended: npt.NDArray[np.bool_] | None = None
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_], dict[int, npt.NDArray[np.uint8]]]:
    """Let ``policy`` play every seat of ``env`` (an ``"external"`` env) that is not its
    table's learner, round by round, until each table asks its learner; the tables at their
    learner are left as they are (``active``).

    Returns ``(reward, terminated, final)``: each table's learner reward summed over the
    rounds, whether a hand of it ended, and for each table whose hand ended (and not
    already in ``ended``) the learner's final observation of the first such hand.
    Raises :class:`ArrayError` for a policy answer of another shape, not of integers or
    outside the space, and :class:`~koudiandian.IllegalActionError` for an illegal action
    (naming the table); the tables already played in earlier rounds stay played (the
    vector env then needs a reset)."""
    n = env.num_envs
    reward = np.zeros(n, np.float64)
    terminated = np.zeros(n, bool)
    final: dict[int, npt.NDArray[np.uint8]] = {}
    done = np.zeros(n, bool) if ended is None else ended.copy()
    obs, mask, seat = env.rows()
    actions = np.zeros(n, np.int64)
    while True:
        asked = seat != env.learners
        if not asked.any():
            return reward, terminated, final
        rows = np.flatnonzero(asked)
        chosen = np.asarray(policy(obs[rows], mask[rows]))
        if chosen.shape != (len(rows),) or chosen.dtype.kind not in "iu":
            raise ArrayError(
                f"the opponents' policy must return an integer array of shape ({len(rows)},), "
                f"got {chosen.dtype} {chosen.shape}"
            )
        _check_answer(chosen, mask[rows], rows)
        actions[:] = 0
        actions[rows] = chosen
        _, r, t, _, _, _ = env.step(actions, active=asked)
        reward += r
        terminated |= t
        for i in np.flatnonzero(t & ~done):
            final[int(i)] = env.final_obs[i].copy()
        done |= t


def _check_answer(
    chosen: npt.NDArray[Any], mask: npt.NDArray[np.bool_], rows: npt.NDArray[np.intp]
) -> None:
    """:class:`ArrayError` for an action outside the space, :class:`IllegalActionError` for
    one masked out: each naming the table and the policy (before anything is played)."""
    n = mask.shape[1]
    k = first_outside(chosen, n)
    if k is not None:
        raise ArrayError(
            f"env {int(rows[k])}: the opponents' policy chose {int(chosen[k])}, outside the "
            f"action space 0..{n - 1}"
        )
    legal = legal_rows(chosen, mask)
    if not legal.all():
        k = int(np.flatnonzero(~legal)[0])
        raise IllegalActionError(
            f"env {int(rows[k])}: the opponents' policy chose {int(chosen[k])}, which is masked "
            f"out (legal: {np.flatnonzero(mask[k]).tolist()[:20]})"
        )


def first_outside(actions: npt.NDArray[Any], n: int) -> int | None:
    """The first row whose action number is outside the space ``0..n - 1``, if any."""
    outside = (actions < 0) | (actions >= n)
    return int(np.flatnonzero(outside)[0]) if outside.any() else None


def legal_rows(actions: npt.NDArray[Any], mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """Whether each row's action (inside the space) is legal by its row of ``mask``."""
    legal: npt.NDArray[np.bool_] = mask[np.arange(len(actions)), actions]
    return legal

"""Bots: anything with ``act(view, legal_actions) -> Action`` can play a seat.

The bot protocol (:class:`Bot`, a :class:`typing.Protocol`; a bot need not subclass it):

- ``act(view, legal_actions)`` is called whenever the bot's seat must decide: on its turn
  (discard, 报听, kong, self-draw win), when it may answer another seat's discard (win,
  kong, pong, chow, pass) or added kong (rob it or pass), and for a 跑 bid in profiles
  with bids. A seat with no choice is not asked: the engine makes forced moves itself (a
  declared seat's discard of its draw).
- ``view`` is the seat's :class:`SeatView`: its own tiles (``hand``, the ``drawn`` tile),
  everything public (melds, discards, declarations, wall count, wildcards, scores), its
  ``winning_tiles`` when ready, and nothing hidden. ``view.phase`` says which kind of
  decision it is and ``view.claim_tile`` the tile being claimed.
- ``legal_actions`` is a non-empty sequence of :class:`Action`; ``act`` must return one of
  them (else ``Game.step`` raises :class:`IllegalActionError` and the game is left as it
  was). :meth:`Action.parse` and ``str(action)`` convert actions to and from text.
- ``act`` must not keep a reference to the view beyond the call (a simulation's view is a
  lazy proxy, computed when first used, so a bot that never reads it costs nothing).
- A bot may be stateful. :func:`koudiandian.simulate` takes, for each seat:

  - a *bot factory*, ``factory(seed) -> bot`` (a bot class whose ``__init__`` takes a
    seed is one), called for every hand with a seed drawn from the hand's, so a bot sees
    one hand at a time; a bot that draws random numbers should draw them from that seed
    so that a seeded simulation repeats, however it is split;
  - a class or function that takes no argument (``MyBot``), called for every hand
    without a seed: a fresh bot each hand, which a seeded run repeats only if the bot
    draws no random numbers of its own;
  - a *bot instance* (``GreedyBot()``, ``MyBot()``): that one object plays every hand of
    its seat, and every seat it is given for (``bots=MyBot()`` gives it all four). It is
    never rebuilt or reseeded, so what it keeps carries over from hand to hand and from
    run to run. With ``workers=n > 1`` or ``backend="ray"`` each chunk of hands gets a
    pickled copy of it as it was when :func:`~koudiandian.simulate` was called, so its
    state does not come back, and a stateful or random instance makes a run whose result
    depends on how it is split: give a factory for a run that repeats. A
    :class:`GreedyBot` instance holds nothing and plays as ``"greedy"`` (inside Rust).

  With ``simulate(workers=n > 1)`` the factories and instances must be picklable
  (defined at module level). A class or factory that takes neither a seed nor nothing,
  a factory that returns something without ``act``, or something that is none of these
  is an :class:`ArgumentTypeError` naming it.

The bots here: :class:`RandomBot` (uniform over the legal actions), :class:`GreedyBot`
(a one-step greedy player whose policy runs in the Rust core), :class:`ExpertBot` (plays
for expected value and defends, in the Rust core) and :class:`SearchBot` (rollouts over the
expert's candidates, in the Rust core). ``simulate`` and the command line know them as
``"random"``, ``"greedy"``, ``"expert"`` and ``"search"`` (with its settings,
``"search:400:expert"``); :func:`builtin_factory` reads the names.
"""

from __future__ import annotations

import functools
import operator
import secrets
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from . import _core
from .action import Action, action_from_code
from .errors import ArgumentTypeError, InvalidArgumentError
from .view import SeatView

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "Bot",
    "RandomBot",
    "GreedyBot",
    "ExpertBot",
    "SearchBot",
    "BOTS",
    "POLICY_PREFIX",
    "builtin_factory",
    "is_policy",
]


@runtime_checkable
class Bot(Protocol):
    """Plays one seat: returns one of ``legal_actions`` for the seat whose ``view`` it is."""

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        """The seat's decision: one of ``legal_actions`` (never empty), chosen from
        ``view``, all that the seat may know. The bot must not keep ``view`` after it
        returns."""
        ...


class RandomBot:
    """Uniform over the legal actions, from its own seeded generator: the core's
    xoshiro256** (``seed`` an int, taken mod 2**64; ``None`` draws one), the generator the
    same bot uses when :func:`koudiandian.simulate` plays it inside Rust, so that both
    loops make the same choices."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = _seeded_rng(seed)

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``, drawn uniformly from the bot's generator."""
        return legal_actions[self._rng.below(len(legal_actions))]


def _seeded_rng(seed: int | None) -> _core.Rng:
    """The core's generator seeded with ``seed`` (an int, taken mod 2**64; ``None`` draws
    one); :class:`ArgumentTypeError` for anything else."""
    if seed is None:
        seed = secrets.randbits(64)
    if isinstance(seed, bool):
        raise ArgumentTypeError(f"a bot's seed must be an int or None, got {seed!r}")
    try:
        seed = operator.index(seed)  # ints, and integer types like NumPy's
    except TypeError:
        raise ArgumentTypeError(f"a bot's seed must be an int or None, got {seed!r}") from None
    return _core.Rng(seed % 2**64)


def _core_policy(
    view: SeatView,
    legal_actions: Sequence[Action],
    live: str,
    choice: Callable[[Any, Any, list[int]], int],
) -> Action:
    """A Rust policy's choice among ``legal_actions``: straight from a simulation's live
    game when the view has the method ``live``, else ``choice`` on the view alone (the first
    legal action, should the policy's choice not be among them)."""
    fast = getattr(view, live, None)  # a simulation's view of a live game
    if fast is not None:
        code = fast()
    else:
        code = choice(view.to_dict(), view.rules, [a.code for a in legal_actions])
    action = action_from_code(code)
    return action if action in legal_actions else legal_actions[0]


class GreedyBot:
    """A one-step greedy player: wins whenever it may; discards to the lowest shanten, then
    the most live winning tiles (of those it has not seen), then the highest-value wait;
    declares ready (报听) as soon as it can, with its best declarable discard; kongs and
    pongs when that does not raise its shanten; once declared, makes every kong it is
    offered. The policy runs in the Rust core (``rust/bots/greedy/``) on what the view shows.
    Deterministic: ``seed`` is accepted for a uniform bot factory and ignored."""

    def __init__(self, seed: int | None = None) -> None:
        del seed

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        """The greedy policy's choice among ``legal_actions`` for the seat whose ``view`` it
        is (the first legal action, should the policy's choice not be among them)."""
        return _core_policy(view, legal_actions, "greedy_action", _core.greedy_choice)


class ExpertBot:
    """A strong player (``rust/bots/expert/``; ``docs/bots.md``): discards by expected value
    (the live winning tiles times what each win pays under the profile's own scoring, or
    the shanten and the live tiles that lower it), declares 报听 with its best declarable
    discard, claims only to get nearer to ready, and defends against a seat that declared
    or shows three open melds (safe kinds, 筋, honours all seen), folding when far from
    ready. It sees only the seat's view. Deterministic: ``seed`` is accepted for a uniform
    bot factory and ignored."""

    def __init__(self, seed: int | None = None) -> None:
        del seed

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        """The expert policy's choice among ``legal_actions`` for the seat whose ``view`` it
        is (the first legal action, should the policy's choice not be among them)."""
        return _core_policy(view, legal_actions, "expert_action", _core.expert_choice)


class SearchBot:
    """Determinised rollouts (``rust/bots/search.rs``; ``docs/bots.md``): for each decision
    with a real choice, the expert's best few candidates are played out to the hand's end
    in worlds that deal anew every tile the seat cannot see, with ``greedy`` (or ``expert``)
    policies in every seat; the expert's choice stands unless another candidate beats it
    by more than two standard errors. ``name`` gives the settings as the command line does:
    ``"search"`` (256 rollouts a decision, greedy rollouts, one thread),
    ``"search:N"``, ``"search:Tms"`` (a time a decision, not repeatable), ``":expert"``,
    ``":threads=K"``. The worlds of each decision are dealt from the next number of the
    bot's generator, seeded with ``seed`` as :class:`RandomBot`'s is, so a seeded bot
    repeats its choices on any number of threads.

    A search needs the game itself, not only the seat's view: it plays where the engine
    holds the game (:func:`koudiandian.simulate`, the ladder, ``koudiandian play``), or
    through :meth:`choose` for code that holds a :class:`~koudiandian.Game`. Its ``act``
    given a plain :class:`SeatView` raises :class:`InvalidArgumentError`."""

    def __init__(self, seed: int | None = None, name: str = "search") -> None:
        if not isinstance(name, str):
            raise ArgumentTypeError(f"a search bot's name must be a str, got {name!r}")
        #: The bot's settings, spelled as :func:`builtin_factory` reads them.
        self.name: str = _core.bot_name(name)
        if not (self.name == "search" or self.name.startswith("search:")):
            raise InvalidArgumentError(f"{name!r} is not a search bot (search[:...])")
        self._rng = _seeded_rng(seed)

    def act(self, view: SeatView, legal_actions: Sequence[Action]) -> Action:
        """The search's choice for the seat of ``view``, a view of a live game (as
        :func:`koudiandian.simulate` and ``koudiandian play`` give)."""
        game = getattr(view, "live_game", None)
        if game is None:
            raise InvalidArgumentError(
                "SearchBot plays from the game itself, and this view holds none: call "
                "SearchBot.choose(game, seat), or play it through simulate or the ladder"
            )
        action = self.choose(game, view.live_seat)  # type: ignore[attr-defined]
        return action if action in legal_actions else legal_actions[0]

    def choose(self, game: Game, seat: int) -> Action:
        """The search's choice for ``seat``, which must be to act in ``game`` (else
        :class:`NotYourTurnError`). The game is left as it was."""
        return action_from_code(game.engine.search_action(seat, self.name, self._rng.next_u64()))


#: The built-in bots of a small, fixed cost a decision, by name, as the command line spells
#: them: the ones a game server's table may seat. ``search``, whose decisions cost its
#: budget, is read by :func:`builtin_factory`.
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
}

#: What a bot's name may be, for error messages and help texts.
KNOWN_BOTS = (
    "random, greedy, expert, search[:N|:Tms][:greedy|:expert][:threads=K], policy:PATH, "
    "exec:COMMAND"
)

#: How a bot's name says it is a trained policy's file (``policy:PATH``, a
#: :class:`koudiandian.rl.policy.PolicyBot`; the path keeps its case).
POLICY_PREFIX = "policy:"


def is_policy(spec: object) -> bool:
    """Whether ``spec`` is a policy bot's name, ``policy:PATH``."""
    return isinstance(spec, str) and spec[: len(POLICY_PREFIX)].lower() == POLICY_PREFIX


def builtin_factory(name: str) -> Callable[[int], Bot]:
    """The factory (called with a bot seed) of the built-in bot ``name``: a name of
    :data:`BOTS`, or a search with its settings (``search``, ``search:400:expert``).
    :class:`InvalidArgumentError` for any other name, or naming a search's bad setting."""
    if name in BOTS:
        return BOTS[name]
    if name == "search" or name.startswith("search:"):
        return functools.partial(SearchBot, name=_core.bot_name(name))
    raise InvalidArgumentError(f"unknown bot {name!r}; known: {KNOWN_BOTS}")

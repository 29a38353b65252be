"""``ready_discards`` against a slow reference, for every profile (issue 22, item 2).

A discard is ready (听牌) when some drawn tile then completes the hand: a natural tile, or a
wildcard (docs/rules.md §6; ``ready_discards`` lists a discard ready only through a drawn
wildcard). The reference discards each distinct tile of a random hand and asks ``is_win``
of the hand after it with each of the 34 kinds and each wildcard kind added (a kind the
seat already holds four of cannot be drawn); it also checks that ``winning_tiles`` of the
hand after the discard are exactly the natural kinds ``is_win`` accepts. The hands are
built near complete (four groups and a pair, a few tiles exchanged), so that most have
ready discards.
"""

from __future__ import annotations

from collections import Counter

import koudiandian as kd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from koudiandian import Meld, MeldKind, Rules, Tile

# Each profile's preset, as the rule contracts describe its tiles and melds (written from
# RULES*.md, not read from the engine): whether honors are in play, whether a hand may hold
# wildcards (taiyuan's 耗子, hebei's 混), whether chows are melded.
PROFILES = {
    "taiyuan": {"honors": True, "wildcards": True, "chow": False},
    "queyimen": {"honors": False, "wildcards": False, "chow": False},
    "hebei": {"honors": True, "wildcards": True, "chow": True},
    "changsha": {"honors": False, "wildcards": False, "chow": True},
}


@st.composite
def positions(draw: st.DrawFn, profile: str) -> tuple[list[Tile], list[Meld], list[Tile]]:
    """A 3n+2 hand of the profile's tiles with 0–2 declared melds and, where the profile has
    wildcards, 0–2 wildcard kinds: four groups and a pair, then 0–3 tiles exchanged."""
    spec = PROFILES[profile]
    kinds = 34 if spec["honors"] else 27
    held: Counter[int] = Counter()

    def room(k: int, n: int) -> bool:
        return held[k] + n <= 4

    def group(runs: bool = True) -> list[int]:
        for _ in range(20):
            k = draw(st.integers(0, kinds - 1))
            run = runs and k < 27 and k % 9 <= 6 and draw(st.booleans())
            ks = [k, k + 1, k + 2] if run else [k, k, k]
            if all(room(x, ks.count(x)) for x in set(ks)):
                held.update(ks)
                return ks
        return []

    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 2))):
        ks = group(runs=spec["chow"])
        if not ks:
            break
        if ks[0] != ks[1]:
            melds.append(Meld.of(MeldKind.CHOW, ks[0]))
        elif room(ks[0], 1) and draw(st.booleans()):
            held[ks[0]] += 1
            kind = draw(st.sampled_from([MeldKind.KONG, MeldKind.CONCEALED_KONG]))
            melds.append(Meld.of(kind, ks[0]))
        else:
            melds.append(Meld.of(MeldKind.PONG, ks[0]))
    concealed: list[int] = []
    size = 14 - 3 * len(melds)
    while len(concealed) < size - 2:
        ks = group()
        if not ks:
            break
        concealed += ks
    while len(concealed) < size - 2:  # no room for a group: single tiles
        k = next(k for k in range(kinds) if room(k, 1))
        held[k] += 1
        concealed.append(k)
    pair = next(
        (k for k in draw(st.permutations(range(kinds))) if room(k, 2)),
        0,
    )
    held[pair] += 2
    concealed += [pair, pair]
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, size - 1))
        k = draw(st.integers(0, kinds - 1))
        if room(k, 1):
            held[concealed[i]] -= 1
            held[k] += 1
            concealed[i] = k
    wildcards: list[Tile] = []
    if spec["wildcards"] and draw(st.booleans()):
        n = draw(st.integers(1, 2))
        picked = draw(st.lists(st.integers(0, kinds - 1), min_size=n, max_size=n, unique=True))
        melded = {m.tile for m in melds} | {
            m.tile + i for m in melds if m.kind == MeldKind.CHOW for i in (1, 2)
        }
        wildcards = [Tile(k) for k in picked if k not in melded]
    return [Tile(k) for k in concealed], melds, wildcards


def held_count(tiles: list[Tile], melds: list[Meld], kind: int) -> int:
    """Tiles of ``kind`` the seat holds, concealed and in its melds."""
    n = sum(1 for t in tiles if t == kind)
    for m in melds:
        if m.kind == MeldKind.CHOW:
            n += m.tile <= kind <= m.tile + 2
        elif m.tile == kind:
            n += m.kind.size
    return n


def reference_ready_discards(
    tiles: list[Tile], melds: list[Meld], wildcards: list[Tile], rules: Rules
) -> dict[Tile, list[Tile]]:
    """Each discard after which some drawable tile completes the hand, with the natural
    winning tiles then: by ``is_win`` of every kind added, checked against ``winning_tiles``."""
    kw = {"melds": melds, "wildcards": wildcards, "rules": rules}
    kinds = 34 if PROFILES[rules.profile]["honors"] else 27
    out: dict[Tile, list[Tile]] = {}
    for d in sorted(set(tiles)):
        rest = list(tiles)
        rest.remove(d)
        drawable = [Tile(k) for k in range(kinds) if held_count(rest, melds, k) < 4]
        natural = [t for t in drawable if t not in wildcards and kd.is_win([*rest, t], **kw)]
        assert kd.winning_tiles(rest, **kw) == natural, (rest, melds, wildcards, rules.profile)
        by_wildcard = any(kd.is_win([*rest, w], **kw) for w in wildcards if w in drawable)
        if natural or by_wildcard:
            out[d] = natural
    return out


@pytest.mark.parametrize("profile", list(PROFILES))
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_ready_discards_agree_with_is_win_and_winning_tiles(profile: str, data: st.DataObject):
    tiles, melds, wildcards = data.draw(positions(profile))
    rules = Rules.preset(profile)
    try:
        got = kd.ready_discards(tiles, melds=melds, wildcards=wildcards, rules=rules)
    except kd.KoudiandianError:
        # A position the engine refuses (a wildcard kind the profile does not allow) is
        # refused by the reference's calls alike.
        with pytest.raises(kd.KoudiandianError):
            kd.shanten(tiles, melds=melds, wildcards=wildcards, rules=rules)
        return
    want = reference_ready_discards(tiles, melds, wildcards, rules)
    assert {r.discard: list(r.winning_tiles) for r in got} == want
    assert [r.discard for r in got] == sorted(want)


def test_changsha_ready_discard_of_the_issue():
    """issue 22: discarding 1p leaves 123m456m789m 2p333p, which waits on 2p (a 2-5-8 pair)."""
    rules = Rules.preset("changsha")
    got = kd.ready_discards("123m456m789m123p33p", rules=rules)
    assert [(r.discard, r.winning_tiles) for r in got] == [(Tile.P1, (Tile.P2,))]

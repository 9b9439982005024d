"""What the table knows a seat lacks, and a redeal for the search that respects it.

A seat that draws (or passes) because nothing it holds may be played shows everyone that
its hand holds none of the cards that would have fitted then. The knowledge is a set of
cards (`LackState.lacks`, per seat) and outlives the turn: the cards it was about stay in
the hand until played. Each card the seat draws afterwards may be one of them, so the
state counts those (`LackState.lacks_free`): the hand holds at most that many lacked cards.
A new proof replaces the old knowledge; a new deal forgets it all.

`deal_around` is the search's side: after the hidden cards are dealt anew at random, a seat
holding more lacked cards than it may swaps the extra ones for hidden cards that fit both
places. Games whose knowledge is kept otherwise (Page One's suits) pass it in as card sets.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from games.engine import Game, State


@dataclass(kw_only=True)
class LackState(State):
    lacks: list[list[str]] = field(default_factory=list)    # per seat, cards everyone saw it lack...
    lacks_free: list[int] = field(default_factory=list)     # ...except this many, drawn since, that may be some
    # (both empty in states saved before they existed: then nothing is known until the next deal)


def forget_lacks(s: LackState) -> None:
    """A new deal: nothing is known about any hand."""
    s.lacks = [[] for _ in range(s.players)]
    s.lacks_free = [0] * s.players


def saw_lacking(s: LackState, seat: int, cards: Iterable[str]) -> None:
    """Everyone saw that ``seat`` holds none of ``cards`` (it could not play any of them)."""
    if s.lacks:
        s.lacks[seat] = sorted(set(cards))
        s.lacks_free[seat] = 0


def drew_unseen(s: LackState, seat: int, n: int) -> None:
    """``seat`` drew ``n`` cards the others did not see: any of them may be a lacked card."""
    if s.lacks and s.lacks[seat]:
        s.lacks_free[seat] += n


def played_seen(s: LackState, seat: int, codes: Iterable[str]) -> None:
    """``seat`` played ``codes``: a lacked card among them was one of those drawn since."""
    if s.lacks and s.lacks[seat]:
        for code in codes:
            if code in s.lacks[seat] and s.lacks_free[seat]:
                s.lacks_free[seat] -= 1


def deal_lacks_around(game: Game, twin: LackState, seat: int | None, rng: random.Random) -> None:
    """`deal_around` with the knowledge kept in a `LackState`."""
    if twin.lacks:
        deal_around(game, twin, seat, [set(x) for x in twin.lacks], twin.lacks_free, rng)


def deal_around(game: Game, twin: State, seat: int | None, lacks: Sequence[Collection[str]],
                free: Sequence[int], rng: random.Random) -> None:
    """In ``twin``, just dealt anew for ``seat``, give no other hand ``i`` more than ``free[i]``
    cards of ``lacks[i]``: each extra one (chosen at random) swaps with a random card hidden
    from ``seat`` that hand ``i`` may hold, in a place that may hold the card (the stock, or a
    hand not known to lack it)."""
    hands: list[list[str]] = twin.hands  # type: ignore[attr-defined]
    owner = {id(h): i for i, h in enumerate(hands)}
    places = [(z.cards, lacks[owner[id(z.cards)]] if id(z.cards) in owner else ())
              for z in game.zones(twin) if z.visible_to not in ("all", seat)]
    for other, lacked in enumerate(lacks):
        if other == seat or not lacked:
            continue
        hand = hands[other]
        held = [k for k, code in enumerate(hand) if code in lacked]
        if len(held) <= free[other]:
            continue
        rng.shuffle(held)
        for k in held[free[other]:]:
            code = hand[k]
            fits = [(cards, j) for cards, no in places if cards is not hand
                    for j, c in enumerate(cards) if c not in lacked and code not in no]
            if fits:
                cards, j = fits[rng.randrange(len(fits))]
                hand[k], cards[j] = cards[j], code

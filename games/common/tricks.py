"""Trick play shared by the trick-taking games: following suit, and who wins a trick.

A trick is either a list of ``(seat, card)`` pairs in the order played, or (for
the games that store less) the list of cards with the seat that led; `pairs`
turns the second into the first. Rank orders are tuples of ranks from lowest to
highest (`ACES_HIGH` by default); a game with its own order (Calabrasella's
3, 2, A, K, …) passes its tuple. A trump of ``None`` or ``""`` means no trump.

`legal_play` adds a suit that may not be led while the hand holds another (Trex's
King of Hearts) and a forced discard of scoring cards when void; `scoring_cards_out`
tells a game when a hand can stop early because no scoring card is left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from games import cards as C

ACES_HIGH: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, C.JACK, C.QUEEN, C.KING, C.ACE)
ACES_LOW: tuple[int, ...] = (C.ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, C.JACK, C.QUEEN, C.KING)
# 3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4, lowest first: Calabrasella (and Tressette's family).
THREE_TWO_ACE: tuple[int, ...] = (4, 5, 6, 7, C.JACK, C.QUEEN, C.KING, C.ACE, 2, 3)
CALABRASELLA = THREE_TWO_ACE


@cache
def strength(order: tuple[int, ...] = ACES_HIGH) -> dict[int, int]:
    """Rank → its power in ``order`` (0 for the lowest); ranks not in the order get -1."""
    return {rank: i for i, rank in enumerate(order)}


def power(code: str, order: tuple[int, ...] = ACES_HIGH) -> int:
    return strength(order).get(C.rank(code), -1)


def legal_follow(hand: Sequence[str], led_suit: str | None) -> list[str]:
    """The cards of ``hand`` that may be played: the led suit if the hand holds
    any, otherwise every card (also when leading, ``led_suit`` None)."""
    if led_suit:
        follow = [code for code in hand if C.suit(code) == led_suit]
        if follow:
            return follow
    return list(hand)


def led_suit(cards: Sequence[str]) -> str | None:
    """The suit led in a trick given as cards in the order played (None when empty)."""
    return C.suit(cards[0]) if cards else None


def beats(code: str, best: str, trump: str | None, order: tuple[int, ...] = ACES_HIGH) -> bool:
    """Whether ``code``, played after ``best`` (the card winning the trick so
    far), takes the lead: a higher card of the same suit, or a trump on a non-trump."""
    a, b = C.card(code), C.card(best)
    if a.suit == b.suit:
        ranks = strength(order)
        return ranks.get(a.rank, -1) > ranks.get(b.rank, -1)
    return bool(trump) and a.suit == trump


def winning_index(cards: Sequence[str], trump: str | None = None, order: tuple[int, ...] = ACES_HIGH) -> int:
    """Index, in play order, of the card winning ``cards`` (a whole or partial trick):
    the highest trump if any was played, otherwise the highest card of the led suit."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump, order):
            best = i
    return best


def trick_winner(trick: Sequence[tuple[int, str]], trump: str | None = None,
                 order: tuple[int, ...] = ACES_HIGH) -> int:
    """The seat winning ``trick``, a list of ``(seat, card)`` pairs in play order.
    In most games that seat leads the next trick."""
    return trick[winning_index([code for _, code in trick], trump, order)][0]


next_leader = trick_winner


def pairs(leader: int, cards: Sequence[str], players: int, direction: int = 1) -> list[tuple[int, str]]:
    """A trick stored as its cards and the seat that led, as ``(seat, card)`` pairs."""
    return [((leader + direction * i) % players, code) for i, code in enumerate(cards)]


def seat_to_play(leader: int, played: int, players: int, direction: int = 1) -> int:
    """Whose turn it is once ``played`` cards lie in a trick led by ``leader``."""
    return (leader + direction * played) % players


# --- highest regardless of suit, with ties re-played (Mattis phase 1) ------------------------

def top_rank_seats(plays: Sequence[tuple[int, str]], order: tuple[int, ...] = ACES_HIGH) -> list[int]:
    """The seats, in play order, whose card has the highest rank among ``plays`` (``(seat, card)``
    pairs), whatever the suits: one seat wins the trick; several are tied and play again."""
    if not plays:
        return []
    top = max(power(code, order) for _, code in plays)
    return [seat for seat, code in plays if power(code, order) == top]


def tie_replay(tied: Sequence[int], can_play: Sequence[bool]) -> tuple[list[int], int | None]:
    """Who re-plays a tie among ``tied`` (in turn order), given per seat whether it can still
    play a card: ``(seats to play again, None)``, or ``([], winner)`` when the tie is decided
    without playing: the only one who can continue wins at once, and when nobody can the
    earliest tied seat wins."""
    able = [seat for seat in tied if can_play[seat]]
    if len(able) > 1:
        return able, None
    return [], able[0] if able else tied[0]


# --- special trumps and races (Envite) ------------------------------------------------------
# Some games make cards trumps that are not of the trump suit (Envite's 3♣, Q♣, J♦, 5♦, 2♦, A♦
# above the trump suit's own ranks): such a card belongs to the trump suit for following and
# wins above every trump of its printed rank. `TrumpLadder` reads a trick that way.

@dataclass(frozen=True)
class TrumpLadder:
    """The ranking of one hand: ``plain`` ranks low → high for the non-trump suits, ``trumps``
    ranks low → high for the trump suit, and ``specials`` card codes low → high that rank above
    every trump and count as the trump suit whatever their printed suit."""

    trump: str
    plain: tuple[int, ...]
    trumps: tuple[int, ...]
    specials: tuple[str, ...] = ()

    def suit_of(self, code: str) -> str:
        """The suit ``code`` belongs to this hand (the trump suit for a special trump)."""
        return self.trump if code in self.specials else C.suit(code)

    def is_trump(self, code: str) -> bool:
        return self.suit_of(code) == self.trump

    def power(self, code: str) -> int:
        """The card's place within its effective suit (specials on top of the trumps)."""
        if code in self.specials:
            return len(self.trumps) + self.specials.index(code)
        order = self.trumps if C.suit(code) == self.trump else self.plain
        return strength(order).get(C.rank(code), -1)

    def beats(self, code: str, best: str) -> bool:
        """Whether ``code`` played after ``best`` (the card winning so far) takes the lead."""
        mine, theirs = self.suit_of(code), self.suit_of(best)
        if mine == theirs:
            return self.power(code) > self.power(best)
        return mine == self.trump

    def winning_index(self, cards: Sequence[str]) -> int:
        best = 0
        for i in range(1, len(cards)):
            if self.beats(cards[i], cards[best]):
                best = i
        return best

    def legal_follow(self, hand: Sequence[str], led: str | None) -> list[str]:
        """The cards of ``hand`` that may be played to a trick whose first card is ``led`` (None
        when leading): the led card's effective suit when held, otherwise any card."""
        if led:
            suit = self.suit_of(led)
            follow = [code for code in hand if self.suit_of(code) == suit]
            if follow:
                return follow
        return list(hand)


def first_to(tricks: Sequence[int], need: int = 2) -> int | None:
    """The side (index into ``tricks``, tricks won per side) that has taken ``need`` tricks, the
    race that ends an Envite hand at once; None while nobody has."""
    for side, won in enumerate(tricks):
        if won >= need:
            return side
    return None


# --- lead restrictions, forced discards and early end (Trex) ------------------------------------

def legal_lead(hand: Sequence[str], barred: Iterable[str] = ()) -> list[str]:
    """The cards of ``hand`` that may lead a trick when the suits in ``barred`` may not be
    led unless the hand holds nothing else (Trex's King of Hearts bars hearts)."""
    barred = set(barred)
    allowed = [code for code in hand if C.suit(code) not in barred]
    return allowed or list(hand)


def legal_play(hand: Sequence[str], trick: Sequence[str], *, barred_lead: Iterable[str] = (),
               must_shed: Callable[[str], bool] | None = None) -> list[str]:
    """The cards of ``hand`` that may go on ``trick`` (its cards in play order, empty when
    leading): a lead respects ``barred_lead`` (`legal_lead`); a follower follows suit when
    able; a follower who cannot, and holds cards for which ``must_shed`` is true, must play
    one of those (a forced discard of scoring cards)."""
    if not trick:
        return legal_lead(hand, barred_lead)
    cards = legal_follow(hand, led_suit(trick))
    if must_shed is not None and not any(C.suit(code) == led_suit(trick) for code in hand):
        shed = [code for code in cards if must_shed(code)]
        if shed:
            return shed
    return cards


def scoring_cards_out(hands: Iterable[Iterable[str]], scoring: Callable[[str], bool]) -> bool:
    """Whether any card for which ``scoring`` is true is still in a hand: when none is, a
    hand played for those cards can stop early (nothing more can score)."""
    return any(scoring(code) for hand in hands for code in hand)

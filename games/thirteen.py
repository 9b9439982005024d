"""Thirteen (Tiến lên): climb with singles, sets, runs and chops; first out of cards wins.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/thirteen.md``; [rec] marks our own):

* Combinations: single, pair, triple, four of a kind, sequence of 3 to 12 cards and runs
  of 3 or more pairs (no 2s in either; the ace is only high). Everything is ranked by its
  highest card, suits breaking ties (♠ < ♣ < ♦ < ♥); shared classifier in
  `games.common.climbing`.
* Chops (option ``chops``): ``text`` (default) lets four of a kind or three or more pairs
  in a row go over any play that is not a chop; ``twos`` only over sets of 2s; ``standard``
  follows the ladder: a quad or 3 pairs in a row over a single 2, 4 pairs in a row also
  over a pair of 2s, 5 or more also over three 2s [rec: a longer run also beats what a
  shorter one beats]. In every mode a chop beats another chop only when it is the same
  kind and length and higher.
* Knocking: a player who passes stays out until the table clears; when everyone else has
  knocked, the last player to play leads anything and everyone is back in.
* The first hand is led by the holder of 3♠; if nobody was dealt it, by the holder of the
  lowest card dealt. That first play must include the card. Later hands (option
  ``next_lead``): the last winner leads freely (default [rec]: the text lists it first) or
  the lowest card again.
* Players and deal: one deck for 2–6 players, two decks for 7–12 (option ``decks``).
  Hands are min(13, cards ÷ players): 10 for 5 players and 8 for 6 with one deck. The rest
  are set aside face down. With two decks the second deck's copy of a card is the higher
  one (written with a ², e.g. 5♥²) [text: the higher back].
* Hand end (option ``hand_end``): ``first_out`` (default) ends the hand when the first
  player runs out; ``places`` plays on for every place. If a player goes out with a play
  nobody beats, the next player to their left who still holds cards leads [decision 5].
* Instant wins (option ``instant_win``): a hand holding the 2s of all four suits, or the
  3s of all four suits, is redealt (default), wins the hand at once (the others all tie
  for last place), or is ignored.
* Scoring (option ``scoring``): ``places`` (default) gives n−1 points for first place, n−2
  for second … 0 for last; when the hand ends at the first player out, everyone else gets
  0; the match ends when someone has ``target`` points (5). ``wins`` counts hands won,
  ``hands_to_win`` (1: a single hand) deciding the match. The highest total wins, ties
  share the win [rec].
* Hand sizes are public; the played cards stay face up for everyone to see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games import cards as C
from games.common import climbing as K
from games.common.climb_game import ClimbGame
from games.engine import BadOption, Event, Game, Move, PileView, SeatView, View, Zone
from games.options import Options, option
from games.text import AndList, Seat, Text, text_data, texts

T, N = texts("thirteen")
_RULES = {mode: K.thirteen_rules(mode) for mode in ("text", "twos", "standard")}
MAX_REDEALS = 50


@dataclass(frozen=True)
class ThirteenOptions(Options):
    decks: int = option(0, choices=(0, 1, 2), help=T("0 = one deck for up to 6 players, two decks for 7 to 12"))
    chops: str = option("text", choices=("text", "twos", "standard"),
                        help=T("text: chops go over anything but a chop; twos: only over 2s; "
                               "standard: the 2s ladder (quad/3 pairs > one 2, 4 pairs > two 2s, 5 pairs > three 2s)"))
    hand_end: str = option("first_out", choices=("first_out", "places"),
                           help=T("end the hand when the first player is out, or play on for every place"))
    next_lead: str = option("winner", choices=("winner", "lowest"),
                            help=T("who leads later hands: the last winner, or the holder of the lowest card"))
    instant_win: str = option("redeal", choices=("redeal", "win", "ignore"),
                              help=T("a hand with all four 2s or all four 3s: redeal, win at once, or play on"))
    scoring: str = option("places", choices=("places", "wins"),
                          help=T("places: n-1 points for 1st … 0 for last; wins: count hands won"))
    target: int = option(5, min=1, max=100, only_with=("scoring", "places"),
                         help=T("the match ends when someone has this many points"))
    hands_to_win: int = option(1, min=1, max=20, only_with=("scoring", "wins"),
                               help=T("hands needed to win the match"))

    def goal(self) -> int:
        return self.target if self.scoring == "places" else self.hands_to_win

    def deck_count(self, players: int) -> int:
        return self.decks or (1 if players <= 6 else 2)

    def check(self, players: int) -> None:
        if self.decks == 1 and players > 6:
            raise BadOption(T("option 'decks': one deck is enough for at most 6 players; use 2 (or 0 for automatic)"))

    def hand_size(self, players: int) -> int:
        return min(13, 52 * self.deck_count(players) // players)


@dataclass(kw_only=True)
class ThirteenState(K.ClimbState):
    unused: list[str] = field(default_factory=list)    # set aside, face down
    last_winner: int = -1


def instant_winner(hands: list[list[str]]) -> tuple[int, Text] | None:
    """The seat holding the 2s (first) or the 3s of all four suits, and which."""
    for rank, name in ((2, T("all four 2s")), (3, T("all four 3s"))):
        for seat, hand in enumerate(hands):
            if len({C.SUIT[c] for c in hand if C.RANK[c] == rank}) == 4:
                return seat, name
    return None


CHOPS_TEXT = {"text": T("Chops go over any play but a chop"),
              "twos": T("Chops go over 2s only"),
              "standard": T("Chops go over 2s: a quad or 3 pairs in a row over one 2, 4 pairs over two, "
                            "5 pairs over three")}
HAND_END_TEXT = {"first_out": T("the hand ends when someone goes out"),
                 "places": T("the others play on for places")}


class Thirteen(ClimbGame, Game[ThirteenState]):
    key = "thirteen"
    title = T("Thirteen")
    # other names players search for (/play)
    aliases = ('tien len', 'tiến lên', '13', 'killer', 'bai tien len')
    knocks = True
    seats = range(2, 13)
    Options = ThirteenOptions
    State = ThirteenState
    summary = T("Vietnamese climbing game: beat the last play with a higher one of its kind; first out wins.")
    rules = T(
        "Cards rank 3 (lowest) up to king, ace and then 2 (highest); between equal ranks the suit "
        "decides, spades lowest, then clubs, diamonds and hearts. Everyone gets up to 13 cards. With 7 or "
        "more players two packs are used: every card then comes twice, and the second pack's copy (marked "
        "², as 5♥²) ranks just above the first.\n"
        "Whoever holds the lowest card (normally the 3 of spades) opens, and that first play must use it. "
        "You may play a single card, a pair, three or four of a kind, a sequence of three or more cards "
        "in a row (2s never count in a sequence), or three or more pairs in a row. The next player must "
        "put down the same kind of play with the same number of cards and a higher top card, or knock. "
        "Knocking keeps you out until the table is cleared.\n"
        "Once everybody else has knocked, the last player to play starts afresh with anything they like. "
        "Four of a kind and runs of three or more pairs are chops: on your turn they can go over any "
        "other play (admins may limit them to beating 2s) and only a bigger chop of the same shape beats "
        "them.\n"
        "The first to get rid of every card wins the hand; optionally the rest play on for places. "
        "Place points (or hand wins) add up over a match."
    )

    # -- helpers
    def score_unit(self, s: ThirteenState) -> tuple[str, str]:
        return (T("hand won"), T("hands won")) if s.options["scoring"] == "wins" else (T("point"), T("points"))

    def rules_of(self, s: ThirteenState) -> K.Rules:
        return _RULES[s.options["chops"]]

    # -- dealing
    def _deal(self, s: ThirteenState) -> list[Event]:
        o: ThirteenOptions = self.options_of(s)
        power = self.rules_of(s).power
        size = o.hand_size(s.players)
        events: list[Event] = []
        for attempt in range(MAX_REDEALS + 1):
            deck = C.french_deck(decks=o.deck_count(s.players))
            s.rng().shuffle(deck)
            s.hands = [sorted(deck[i * size:(i + 1) * size], key=power.__getitem__) for i in range(s.players)]
            s.unused = deck[s.players * size:]
            lucky = instant_winner(s.hands)
            if o.instant_win != "redeal" or lucky is None or attempt == MAX_REDEALS:
                break
            events.append(Event(T("{seat} was dealt {cards}: the cards are shuffled and dealt again.",
                                  seat=Seat(lucky[0]), cards=lucky[1])))
        K.new_hand(s)
        events.insert(0, Event(T("Hand {hand}: {seat} deals {n} cards each.", hand=s.hand_no, seat=Seat(s.dealer),
                                 n=size)))
        lucky = instant_winner(s.hands)
        if o.instant_win == "win" and lucky is not None:
            events.append(Event(T("{seat} holds {cards} and wins the hand at once!", seat=Seat(lucky[0]),
                                  cards=lucky[1])))
            s.finished = [lucky[0]]
            return events + self._end_hand(s)
        winner_leads = s.hand_no > 1 and o.next_lead == "winner" and s.last_winner >= 0
        return events + K.open_lead(s, power, by_winner=winner_leads)

    # -- playing
    def play(self, s: ThirteenState, seat: int, move: Move) -> list[Event]:
        if move.kind == "pass":
            return self._pass(s, seat)
        events = self._lay(s, seat, self._reading(s, seat, move))
        if not s.hands[seat]:
            s.finished.append(seat)
            place = len(s.finished)
            out = T("{seat} is out of cards!", seat=Seat(seat)) if place == 1 else \
                T("{seat} is out of cards: place {n}.", seat=Seat(seat), n=place)
            events.append(Event(out))
            o: ThirteenOptions = self.options_of(s)
            if o.hand_end == "first_out" or sum(1 for h in s.hands if h) <= 1:
                return events + self._end_hand(s)
        return events + self._step(s, seat)

    def _end_hand(self, s: ThirteenState) -> list[Event]:
        o: ThirteenOptions = self.options_of(s)
        n = s.players
        order = list(s.finished)
        if o.hand_end == "places" and len(order) == n - 1:
            order += [i for i in range(n) if i not in order]
        gained = [0] * n
        if o.scoring == "places":
            for place, seat in enumerate(order):
                gained[seat] = n - 1 - place
        else:
            gained[order[0]] = 1
        for i in range(n):
            s.scores[i] += gained[i]
        s.last_winner = order[0]
        gains = AndList(tuple(T("{seat} +{n}", seat=Seat(i), n=gained[i])
                              for i in sorted(range(n), key=lambda i: -gained[i])))
        s.last_result = text_data(T("Hand {hand}: {gains}", hand=s.hand_no, gains=gains))
        events = [Event(T("Hand {hand}: {gains}.", hand=s.hand_no, gains=gains))]
        return events + self._next_hand(s, max(s.scores) >= o.goal())

    # -- what people see
    def view(self, s: ThirteenState, seat: int | None) -> View:
        o: ThirteenOptions = self.options_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            if i in s.finished:
                notes.append(T("out, place {n}", n=s.finished.index(i) + 1))
            elif s.passed and s.passed[i] and s.table:
                notes.append(T("knocked"))
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        if o.scoring == "places":
            match = T("Match: place points to {n}", n=o.target)
        elif o.hands_to_win > 1:
            match = T("Match: first to win {n} hands", n=o.hands_to_win)
        else:
            match = T("Match: a single hand")
        facts = [match, T("{chops}; {hand_end}", chops=CHOPS_TEXT[o.chops], hand_end=HAND_END_TEXT[o.hand_end])]
        return self._view(s, seat, seats, facts, [PileView(T("Set aside"), [], len(s.unused))])

    def zones(self, s: ThirteenState) -> list[Zone]:
        return self._round_zones(s) + [Zone("unused", s.unused, "none")]

    # -- computer players
    def hand_progress(self, s: ThirteenState) -> list[float]:
        n = s.players
        return [float(2 * n - s.finished.index(i)) if i in s.finished else -float(len(h))
                for i, h in enumerate(s.hands)]


GAME = Thirteen()

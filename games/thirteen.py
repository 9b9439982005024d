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
from games.common.match import first_dealer, next_dealer
from games.engine import (
    BadOption,
    Choice,
    Event,
    Game,
    Move,
    Outcome,
    PileView,
    Prompt,
    SeatView,
    View,
    Zone,
    placings_from,
)
from games.options import Options, option

PASS = K.PASS_MOVE
_RULES = {mode: K.thirteen_rules(mode) for mode in ("text", "twos", "standard")}
MAX_REDEALS = 50


@dataclass(frozen=True)
class ThirteenOptions(Options):
    decks: int = option(0, choices=(0, 1, 2), help="0 = one deck for up to 6 players, two decks for 7 to 12")
    chops: str = option("text", choices=("text", "twos", "standard"),
                        help="text: chops go over anything but a chop; twos: only over 2s; "
                             "standard: the 2s ladder (quad/3 pairs > one 2, 4 pairs > two 2s, 5 pairs > three 2s)")
    hand_end: str = option("first_out", choices=("first_out", "places"),
                           help="end the hand when the first player is out, or play on for every place")
    next_lead: str = option("winner", choices=("winner", "lowest"),
                            help="who leads later hands: the last winner, or the holder of the lowest card")
    instant_win: str = option("redeal", choices=("redeal", "win", "ignore"),
                              help="a hand with all four 2s or all four 3s: redeal, win at once, or play on")
    scoring: str = option("places", choices=("places", "wins"),
                          help="places: n-1 points for 1st … 0 for last; wins: count hands won")
    target: int = option(5, min=1, max=100,
                         help="with scoring=places: the match ends when someone has this many points")
    hands_to_win: int = option(1, min=1, max=20, help="with scoring=wins: hands needed to win the match")

    def goal(self) -> int:
        return self.target if self.scoring == "places" else self.hands_to_win

    def deck_count(self, players: int) -> int:
        return self.decks or (1 if players <= 6 else 2)

    def check(self, players: int) -> None:
        if self.decks == 1 and players > 6:
            raise BadOption("option 'decks': one deck is enough for at most 6 players; use 2 (or 0 for automatic)")

    def hand_size(self, players: int) -> int:
        return min(13, 52 * self.deck_count(players) // players)


@dataclass(kw_only=True)
class ThirteenState(K.ClimbState):
    unused: list[str] = field(default_factory=list)    # set aside, face down
    last_winner: int = -1


def instant_winner(hands: list[list[str]]) -> tuple[int, str] | None:
    """The seat holding the 2s (first) or the 3s of all four suits, and which."""
    for rank, name in ((2, "all four 2s"), (3, "all four 3s")):
        for seat, hand in enumerate(hands):
            if len({C.SUIT[c] for c in hand if C.RANK[c] == rank}) == 4:
                return seat, name
    return None


class Thirteen(K.CardSelection, Game[ThirteenState]):
    key = "thirteen"
    title = "Thirteen"
    seats = range(2, 13)
    Options = ThirteenOptions
    State = ThirteenState
    summary = "Vietnamese climbing game: beat the last play with a higher one of its kind; first out wins."
    rules = (
        "Cards rank 3 (lowest) up to king, ace and then 2 (highest); between equal ranks the suit "
        "decides, spades lowest, then clubs, diamonds and hearts. Everyone gets up to 13 cards.\n"
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
    def rules_of(self, s: ThirteenState) -> K.Rules:
        return _RULES[s.options["chops"]]

    def _active(self, s: ThirteenState) -> list[int]:
        return [len(h) for h in s.hands]

    # -- dealing
    def setup(self, players: int, options: ThirteenOptions, seed: int) -> ThirteenState:
        s = ThirteenState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

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
            events.append(Event(f"{{p{lucky[0]}}} was dealt {lucky[1]}: the cards are shuffled and dealt again."))
        s.hand_no += 1
        K.clear_table(s)
        s.played, s.finished = [], []
        events.insert(0, Event(f"Hand {s.hand_no}: {{p{s.dealer}}} deals {size} cards each."))
        lucky = instant_winner(s.hands)
        if o.instant_win == "win" and lucky is not None:
            events.append(Event(f"{{p{lucky[0]}}} holds {lucky[1]} and wins the hand at once!"))
            s.finished = [lucky[0]]
            return events + self._end_hand(s)
        winner_leads = s.hand_no > 1 and o.next_lead == "winner" and s.last_winner >= 0
        return events + K.open_lead(s, power, by_winner=winner_leads)

    # -- legality

    def refuse(self, s: ThirteenState, seat: int, move: Move) -> str | None:
        if move.kind == "pass":
            if move.args or move.params:
                return "To knock, just say 'pass'."
            return None if s.table else "You lead: play any combination (you cannot knock on an empty table)."
        if move.kind != "play":
            return f"'{move}' is not a move in Thirteen: play cards (e.g. 'play 3S 3H as=pair') or pass."
        _combo, reason = K.refuse_play(self.rules_of(s), s.hands[seat], s, move, self._opening_text(s, seat))
        return reason

    def _opening_text(self, s: ThirteenState, seat: int) -> str:
        return K.card_label(s.opening) if s.opening in s.hands[seat] else "the lowest card"

    # -- playing
    def play(self, s: ThirteenState, seat: int, move: Move) -> list[Event]:
        if move.kind == "pass":
            s.passed[seat] = True
            events = [Event(f"{{p{seat}}} knocks.")]
            return events + self._step(s, seat)
        rules = self.rules_of(s)
        combo = self._legal(s, seat).combos.get(move) or K.refuse_play(rules, s.hands[seat], s, move)[0]
        K.lay(s, seat, combo, knock=True)
        events = [Event(f"{{p{seat}}} plays {K.describe_combo(combo)}.")]
        if not s.hands[seat]:
            s.finished.append(seat)
            place = len(s.finished)
            events.append(Event(f"{{p{seat}}} is out of cards" + ("!" if place == 1 else f": place {place}.")))
            o: ThirteenOptions = self.options_of(s)
            if o.hand_end == "first_out" or sum(1 for h in s.hands if h) <= 1:
                return events + self._end_hand(s)
        return events + self._step(s, seat)

    def _step(self, s: ThirteenState, seat: int) -> list[Event]:
        leader = K.step_on(s, seat, self._active(s))
        if leader is None:
            return []
        return [Event(f"Everyone else knocked: {{p{leader}}} leads anything.")]

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
        s.last_result = f"Hand {s.hand_no}: " + ", ".join(
            f"{{p{i}}} +{gained[i]}" for i in sorted(range(n), key=lambda i: -gained[i]))
        events = [Event(s.last_result + ".")]
        if max(s.scores) >= o.goal():
            s.over = True
            return events + [Event(self.outcome(s).summary)]
        s.dealer = next_dealer(s.dealer, n)
        return events + self._deal(s)

    # -- what people see
    def instruction(self, s: ThirteenState, seat: int) -> str:
        if not s.table:
            if s.opening:
                return f"You open the hand: play any combination that includes {K.card_label(s.opening)}."
            return "Your lead: play any combination."
        table = K.table_combo(s, self.rules_of(s))
        return f"Beat {K.describe_combo(table)} (by {{p{s.table_by}}}) or knock."

    def prompt(self, s: ThirteenState, seat: int) -> Prompt:
        if seat not in self.to_move(s):
            return Prompt(self.waiting_text(s))
        return Prompt(self.instruction(s, seat), tuple(Choice(m, p) for m, p in self._choices(s, seat)))

    def _choices(self, s: ThirteenState, seat: int) -> tuple:
        legal = self._legal(s, seat)
        pairs = [(m, legal.combos[m]) for m in legal.moves] + ([(PASS, None)] if s.table else [])
        return K.prompt_choices(self.rules_of(s), pairs, "Knock (pass)")

    def describe(self, s: ThirteenState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        return dict(self._choices(s, seat)).get(move, (("Your move", str(move)),))

    def view(self, s: ThirteenState, seat: int | None) -> View:
        o: ThirteenOptions = self.options_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = ["dealer"] if i == s.dealer else []
            if i in s.finished:
                notes.append(f"out, place {s.finished.index(i) + 1}")
            elif s.passed and s.passed[i] and s.table:
                notes.append("knocked")
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        goal = f"place points to {o.target}" if o.scoring == "places" else f"first to win {o.hands_to_win} hands"
        facts = [f"Match: {goal}" if o.goal() > 1 or o.scoring == "places" else "Match: a single hand",
                 f"Chops: {o.chops}; hand ends: {o.hand_end.replace('_', ' ')}"]
        if s.table:
            table = K.table_combo(s, self.rules_of(s))
            facts.append(f"To beat: {K.describe_combo(table)} by {{p{s.table_by}}}")
        elif s.opening:
            mine = seat is not None and s.opening in s.hands[seat]
            facts.append(f"Opening play: must include {K.card_label(s.opening) if mine else 'the lowest card'}")
        if s.last_result:
            facts.append(s.last_result)
        if s.over:
            status = self.outcome(s).summary
        else:
            status = f"Hand {s.hand_no}. {{p{s.turn}}} to {'play' if s.table else 'lead'}."
        hand = list(s.hands[seat]) if seat is not None else []
        return View(
            game=self.key, seat=seat, hand=hand, seats=seats,
            piles=[PileView("Table", list(s.table), len(s.table), s.table_by if s.table else None),
                   PileView("Played", list(s.played), len(s.played)),
                   PileView("Set aside", [], len(s.unused))],
            status=status, facts=facts, to_move=sorted(self.to_move(s)),
            over=s.over, result=self.outcome(s).summary if s.over else None,
        )

    def zones(self, s: ThirteenState) -> list[Zone]:
        return ([Zone(f"hand {i}", h, i) for i, h in enumerate(s.hands)]
                + [Zone("table", s.table, "all"), Zone("played", s.played, "all"),
                   Zone("unused", s.unused, "none")])

    def outcome(self, s: ThirteenState) -> Outcome | None:
        if not s.over:
            return None
        best = max(s.scores)
        winners = [i for i, x in enumerate(s.scores) if x == best]
        names = " and ".join(f"{{p{i}}}" for i in winners)
        return Outcome(placings_from(s.scores), [float(x) for x in s.scores], winners,
                       f"{names} {'wins' if len(winners) == 1 else 'share the win'} with {best}!")

    # -- computer players
    def hand_progress(self, s: ThirteenState) -> list[float]:
        n = s.players
        return [float(2 * n - s.finished.index(i)) if i in s.finished else -float(len(h))
                for i, h in enumerate(s.hands)]

    def rollout_move(self, s, seat, moves, rng):
        danger = any(0 < len(h) <= 2 for i, h in enumerate(s.hands) if i != seat)
        return K.rollout_pick(self.rules_of(s), s.hands[seat], self._legal(s, seat), bool(s.table), rng, danger)


GAME = Thirteen()

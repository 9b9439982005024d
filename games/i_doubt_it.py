"""I Doubt It (Cheat): play cards face down claiming the rank in turn, and doubt the liars.

Choices where the rules file leaves room (decisions in ``shared/rules/i_doubt_it.md``;
[rec] marks our own):

* The claimed rank runs A, 2, … K, then A again, one step per declaration, through
  the whole hand (also after a challenge). The first player of a hand, the dealer's
  left, claims aces. The claimed count is always the number of cards really played;
  only the rank can be a lie, and a play is a lie when any of its cards is not of
  the claimed rank.
* Building a play (P6, by rank) takes a few small steps, each one move:
  ``true n=t`` lays t cards of the claimed rank (asked only when the seat holds
  some; suits never count, so which ones does not matter: the first in hand order),
  ``false n=b`` adds b bluff cards of other ranks (0 lays the play at once), then
  ``bluff R n=k`` picks them by rank and count (R never the claimed rank); the
  cards go down as soon as the last bluff card is picked, or at once when no room
  or no other card is left. Every possible play has exactly one way to be built,
  no step offers more than 14 answers whatever the hand size, and ``clear`` (at
  most 3 times a turn [rec], so a turn always ends) takes the chosen cards back to
  start again. The chosen cards are seen only by their owner; the others see the
  seat's card count unchanged until the cards are laid down.
* A play holds 1 up to ``max_cards`` cards (0 = the copies of a rank: 4, or 8 with
  two decks).
* The cards played lie in the pile face down, seen by nobody (not even the one who
  played them: no view or event names them) until a challenge turns the last play
  over.
* Doubting is a reaction window (``games.common.window``) opened by every
  declaration, open to every other seat still in the hand; answers are sealed. It
  lasts ``challenge_max`` seconds (`window_seconds`, the front end's timer answers
  "pass" for whoever has not answered) and closes early once everyone has answered.
  The next player cannot declare before the window has closed, so challenges always
  come before the succeeding declaration, and nobody can cut the window short by
  declaring: the rules' minimum time (``challenge_min``, kept in the window's data
  for a front end that would let the next declaration close it) is thus always
  given.
* Several doubters: the one nearest the declarer's left makes the challenge
  (``challengers=nearest_right``: nearest the declarer's right).
* A challenge reveals only the last play. The loser takes the whole pile: the
  revealed cards stay known to everyone (shown face up in the loser's hand) until
  the loser starts building their next play, the rest of the pile is seen only by
  the loser.
* After a challenge play goes on with the player after the declarer
  (``after_challenge=picker``: whoever picked up the pile plays next). The rank
  still advances by one.
* A player whose last cards are not doubted, or are doubted but true, goes out
  when the window closes and wins the hand. With ``places`` the others play on
  for the remaining places (seats that are out neither play nor doubt) until one
  is left.
* To guarantee an end [rec], a hand stops after ``play_limit`` declarations (by
  default 1000 per deck divided by the players: 334 for three, 100 for ten, about
  twice what a hand of fair play takes); the fewest cards then wins (a tie shares
  the win; with ``places`` the remaining places go by fewest cards).
* Computer players: the playout policy plays every true card it holds, else one
  bluff card of the rank it will need last; it doubts claims its own cards prove
  false and every last play (it wins anyway if true; with ``places``, where the pile
  costs a place, only often), and otherwise more often the more unseen copies a
  claim needs. Once the match is over the search's reward no longer ranks the
  losers by the cards they hold. The search keeps to that rule of thumb unless one standard
  error sure of a better move (``heuristic_trust``): its playouts imagine the others
  doubting like the rule of thumb, and left to itself it bluffed with several cards
  where players who doubt more (random ones) caught it; trusting the rule of thumb it
  won more against both random and heuristic players (benchmarks/RESULTS.md).
  `playout_plies` asks the search for playouts of about six
  plays (8 plies per player): with the search's default of 200 plies a playout's
  result hardly depends on the move searched and the search plays no better than
  chance (it needs ``games.ai.search`` to honour the hook).
* All cards are dealt, one at a time from the dealer's left, so the first seats may
  hold one card more. The first dealer is drawn at random; the deal passes left.
* Match: one hand by default; ``hands_to_win`` N plays until someone has won N
  hands (tied winners each count a win). ``places`` ranks everyone in the order
  they go out and is for single-hand matches only.
* Player range: ``min_players`` / ``max_players`` narrow the 3–10 seats an admin
  allows; ``decks`` 2 doubles the pack for bigger hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from games import cards as C
from games.common.match import first_dealer, next_dealer
from games.common.window import PASS, answer, complete, open_window, pending, ranked, reaction_id
from games.engine import (
    BadOption,
    Event,
    Game,
    IllegalMove,
    Move,
    Outcome,
    PileView,
    SeatView,
    State,
    View,
    Zone,
    placings_from,
)
from games.options import Options, option
from games.playout import next_deal
from games.text import AndList, Cards, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("i_doubt_it")

DOUBT = "doubt"
MAX_CLEARS = 3
DOUBT_BASE = 0.15          # how often playout players doubt a claim that looks plausible
LAST_PLAY_DOUBT = 0.6      # and a player's last cards when ``places`` plays on (else always)
RANKS = tuple(range(1, 14))
SINGULAR = {1: T("Ace"), 2: T("Two"), 3: T("Three"), 4: T("Four"), 5: T("Five"), 6: T("Six"), 7: T("Seven"),
            8: T("Eight"), 9: T("Nine"), 10: T("Ten"), 11: T("Jack"), 12: T("Queen"), 13: T("King")}
PLURAL = {1: T("Aces"), 2: T("Twos"), 3: T("Threes"), 4: T("Fours"), 5: T("Fives"), 6: T("Sixes"), 7: T("Sevens"),
          8: T("Eights"), 9: T("Nines"), 10: T("Tens"), 11: T("Jacks"), 12: T("Queens"), 13: T("Kings")}
CLAIMS = {
    1: lambda n: N("{n} Ace", "{n} Aces", n), 2: lambda n: N("{n} Two", "{n} Twos", n),
    3: lambda n: N("{n} Three", "{n} Threes", n), 4: lambda n: N("{n} Four", "{n} Fours", n),
    5: lambda n: N("{n} Five", "{n} Fives", n), 6: lambda n: N("{n} Six", "{n} Sixes", n),
    7: lambda n: N("{n} Seven", "{n} Sevens", n), 8: lambda n: N("{n} Eight", "{n} Eights", n),
    9: lambda n: N("{n} Nine", "{n} Nines", n), 10: lambda n: N("{n} Ten", "{n} Tens", n),
    11: lambda n: N("{n} Jack", "{n} Jacks", n), 12: lambda n: N("{n} Queen", "{n} Queens", n),
    13: lambda n: N("{n} King", "{n} Kings", n),
}
PLACES = {1: T("1st place"), 2: T("2nd place"), 3: T("3rd place"), 4: T("4th place"), 5: T("5th place"),
          6: T("6th place"), 7: T("7th place"), 8: T("8th place"), 9: T("9th place"), 10: T("10th place")}
RANK_OF_CODE = {code: r for r, code in C.RANK_CODES.items()}
START_AGAIN = T("Start again (take the cards back)")

_DOUBT_MOVES = [Move(DOUBT), Move(PASS)]
_CLEAR = Move("clear")
_TRUE = [Move("true", (), (("n", str(n)),)) for n in range(9)]
_FALSE = [Move("false", (), (("n", str(n)),)) for n in range(9)]
_BLUFF = {(r, n): Move("bluff", (C.RANK_CODES[r],), (("n", str(n)),)) for r in RANKS for n in range(1, 9)}
CHOOSE_TRUE, CHOOSE_FALSE, PICK_FALSE = 0, 1, 2     # the stages of building a play


def claim_text(rank: int, count: int) -> Text:
    """``claim_text(7, 2)`` → ``"2 Sevens"``; one card reads ``"1 Seven"``."""
    return CLAIMS[rank](count)


def revealed_text(rank: int, cards: list[str], lie: bool) -> Text:
    """What a challenge turned over: ``The 2 Sevens were 7♠ K♣: a lie!``."""
    shown = Cards(tuple(cards))
    if len(cards) == 1:
        if lie:
            return T("The {rank} was {cards}: a lie!", rank=SINGULAR[rank], cards=shown)
        return T("The {rank} was {cards}: the truth!", rank=SINGULAR[rank], cards=shown)
    claim = claim_text(rank, len(cards))
    if lie:
        return T("The {claim} were {cards}: a lie!", claim=claim, cards=shown)
    return T("The {claim} were {cards}: the truth!", claim=claim, cards=shown)


def challenge_text(reveal: dict) -> Text:
    """The last challenge's claim and verdict, for the table's facts: ``{p0}'s Seven was a lie``."""
    declarer, lie = Seat(reveal["declarer"]), reveal["lie"]
    if "rank" in reveal and len(reveal["cards"]) == 1:
        rank = SINGULAR[reveal["rank"]]
        if lie:
            return T("{seat}'s {rank} was a lie", seat=declarer, rank=rank)
        return T("{seat}'s {rank} was true", seat=declarer, rank=rank)
    # a state saved by an older version keeps the claim as English words
    claim = claim_text(reveal["rank"], len(reveal["cards"])) if "rank" in reveal else reveal["claim"]
    if lie:
        return T("{seat}'s {claim} were a lie", seat=declarer, claim=claim)
    return T("{seat}'s {claim} were true", seat=declarer, claim=claim)


@cache
def hand_key(code: str) -> tuple[int, int, int]:
    """Hands are kept in rank order (suits do not matter in this game)."""
    c = C.card(code)
    return (c.rank, C.SUITS.index(c.suit), c.copy)


def next_rank(rank: int) -> int:
    return rank % 13 + 1


LIMIT_NEAR_ROUNDS = 3   # the table says how many plays are left once fewer rounds than this remain


@dataclass(frozen=True)
class IDoubtItOptions(Options):
    decks: int = option(1, choices=(1, 2), help=T("packs shuffled together (two for bigger hands)"))
    max_cards: int = option(0, choices=(0, 1, 2, 3, 4, 5, 6, 7, 8),
                            help=T("most cards in one play; 0 = the copies of a rank (4, or 8 with two decks)"))
    challenge_min: int = option(5, min=0, max=60, help=T("seconds a doubt window stays open at least"))
    challenge_max: int = option(20, min=5, max=300, help=T("seconds after which a doubt window closes"))
    challengers: str = option("nearest_left", choices=("nearest_left", "nearest_right"),
                              help=T("when several doubt at once, who challenges: the nearest to the "
                                   "declarer's left, or to their right"))
    after_challenge: str = option("next", choices=("next", "picker"),
                                  help=T("after a challenge, the next player plays on, or whoever took the pile"))
    places: bool = option(False, help=T("play on after the first player is out, for every place"))
    hands_to_win: int = option(1, min=1, max=10, only_with=("places", False),
                               help=T("hands a player must win to take the match"))
    play_limit: int = option(0, min=0, max=2000,
                             help=T("a hand stops after this many plays and the fewest cards wins; "
                                  "0 = 1000 per deck divided by the number of players"))
    min_players: int = option(3, min=3, max=10, help=T("fewest players the table may start with"))
    max_players: int = option(10, min=3, max=10, help=T("most players the table may start with"))

    def limit(self) -> int:
        """The most cards in one play."""
        return self.max_cards or 4 * self.decks

    def plays(self, players: int) -> int:
        """The plays after which a hand stops."""
        return self.play_limit or -(-1000 * self.decks // players)

    def check(self, players: int) -> None:
        if self.max_cards > 4 * self.decks:
            raise BadOption(N("option 'max_cards': a rank has only {copies} copies with {n} deck",
                              "option 'max_cards': a rank has only {copies} copies with {n} decks",
                              self.decks, copies=4 * self.decks))
        if self.challenge_min > self.challenge_max:
            raise BadOption(T("option 'challenge_min' must not be longer than 'challenge_max'"))
        if self.min_players > self.max_players:
            raise BadOption(T("option 'min_players' must not be above 'max_players'"))
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                raise BadOption(T("options 'min_players'/'max_players': this table allows exactly {n} players "
                                  "(got {players})", n=self.min_players, players=players))
            raise BadOption(T("options 'min_players'/'max_players': this table allows {low}–{high} players "
                              "(got {players})", low=self.min_players, high=self.max_players, players=players))


@dataclass(kw_only=True)
class IDoubtItState(State):
    hands: list[list[str]] = field(default_factory=list)   # what each seat holds unseen by the others
    shown: list[list[str]] = field(default_factory=list)   # held cards everyone saw revealed
    draft: list[str] = field(default_factory=list)         # the play being built by the seat to move
    stage: int = CHOOSE_TRUE   # how far the seat to move is in building its play
    bluffs: int = 0            # bluff cards still to pick (stage PICK_FALSE)
    pile: list[str] = field(default_factory=list)          # face down, the last play on top (at the end)
    turn: int = 0
    rank: int = 1              # the rank the next declaration claims
    claim: dict = field(default_factory=dict)   # the last declaration: seat, rank, count
    window: dict = field(default_factory=dict)  # the open doubt window, {} when none
    serial: int = 0
    declarations: int = 0      # this hand
    clears: int = 0            # draft take-backs this turn
    out: list[int] = field(default_factory=list)   # seats out of cards this hand, in order
    reveal: dict = field(default_factory=dict)  # the last challenge: seat that took the pile, cards, lie
    last_result: str | dict = ""   # text_data of the last hand's result


class IDoubtIt(Game[IDoubtItState]):
    key = "i_doubt_it"
    title = T("I Doubt It")
    # other names players search for (/play)
    aliases = ('cheat', 'bullshit', 'bs', 'dubito', 'mentiroso', 'ダウト', '吹牛')
    seats = range(3, 11)
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    Options = IDoubtItOptions
    State = IDoubtItState
    summary = T("Play cards face down claiming the rank in turn; bluff, and call out the bluffers.")
    rules = T(
        "The whole pack is dealt out. Players take turns putting one or more cards face down "
        "on a pile while announcing how many they put and that they are all of the rank whose "
        "turn it is: aces first, then twos, threes and so on to kings, then aces again. The "
        "count must be honest, the rank need not be.\n"
        "After each announcement every other player may say \"I doubt it!\" before the next "
        "player announces. Then the last cards played are turned over. If any of them is not "
        "of the announced rank, the player who laid them takes the whole pile into their hand; "
        "if they were all genuine, the doubter takes the pile instead. When several doubt at "
        "once, the one sitting nearest the player's left challenges.\n"
        "Get rid of all your cards to win: your last play must survive (or escape) any doubt. "
        "To play, say how many genuine cards you put down, then how many bluff cards, then pick "
        "the bluff cards rank by rank."
    )

    # -- dealing
    def setup(self, players: int, options: IDoubtItOptions, seed: int) -> IDoubtItState:
        s = IDoubtItState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

    def _deal(self, s: IDoubtItState) -> list[Event]:
        o: IDoubtItOptions = self.options_of(s)
        deck = C.french_deck(decks=o.decks)
        s.rng().shuffle(deck)
        s.hands = [[] for _ in range(s.players)]
        for i, code in enumerate(deck):
            s.hands[(s.dealer + 1 + i) % s.players].append(code)
        for h in s.hands:
            h.sort(key=hand_key)
        s.shown = [[] for _ in range(s.players)]
        s.draft, s.pile, s.out = [], [], []
        s.claim, s.window, s.reveal = {}, {}, {}
        s.rank, s.declarations = 1, 0
        s.turn = (s.dealer + 1) % s.players
        self._begin_turn(s)
        s.hand_no += 1
        return [Event(T("Hand {n}: {dealer} dealt out the pack; {seat} starts with aces.",
                        n=s.hand_no, dealer=Seat(s.dealer), seat=Seat(s.turn)))]

    # -- helpers
    def held(self, s: IDoubtItState, seat: int) -> int:
        """All the cards a seat holds, its draft included."""
        return len(s.hands[seat]) + len(s.shown[seat]) + (len(s.draft) if seat == s.turn else 0)

    def active(self, s: IDoubtItState) -> list[int]:
        return [i for i in range(s.players) if i not in s.out]

    def _next_active(self, s: IDoubtItState, seat: int) -> int:
        for step in range(1, s.players + 1):
            nxt = (seat + step) % s.players
            if nxt not in s.out:
                return nxt
        return seat

    def _rank_counts(self, s: IDoubtItState, seat: int) -> list[int]:
        """Cards held per rank (index 1..13), the draft left out."""
        counts = [0] * 14
        rank = C.RANK
        for c in s.hands[seat]:
            counts[rank[c]] += 1
        for c in s.shown[seat]:
            counts[rank[c]] += 1
        return counts

    # -- legality
    def to_move(self, s: IDoubtItState) -> frozenset[int]:
        if s.over:
            return frozenset()
        if s.window:
            return pending(s.window)
        return frozenset((s.turn,))

    def reaction(self, s: IDoubtItState) -> str | None:
        return reaction_id(s.window) if s.window and not s.over else None

    def window_seconds(self, s: IDoubtItState) -> int | None:
        return s.options["challenge_max"] if s.window and not s.over else None

    def timeout_move(self, s: IDoubtItState, seat: int) -> Move | None:
        return Move(PASS) if s.window and seat in pending(s.window) else None

    def moves(self, s: IDoubtItState, seat: int) -> list[Move]:
        if s.over:
            return []
        if s.window:
            return list(_DOUBT_MOVES) if seat in pending(s.window) else []
        if seat != s.turn:
            return []
        counts = self._rank_counts(s, seat)
        limit = s.options["max_cards"] or 4 * s.options["decks"]
        true = counts[s.rank]
        if s.stage == CHOOSE_TRUE:
            others = sum(counts) - true
            return _TRUE[min(true, limit):(None if others else 0):-1]
        out = []
        if s.stage == CHOOSE_FALSE:
            others = sum(counts) - true
            out = _FALSE[(0 if s.draft else 1):min(others, limit - len(s.draft)) + 1]
        else:
            out = [_BLUFF[r, n] for r in RANKS if r != s.rank for n in range(1, min(counts[r], s.bluffs) + 1)]
        if s.draft or s.stage == PICK_FALSE:
            if s.clears < MAX_CLEARS:
                out.append(_CLEAR)
        return out

    def apply(self, s: IDoubtItState, seat: int, move: Move | str) -> list[Event]:
        """Clearer refusals for doubts that come too late or from the declarer."""
        if isinstance(move, str):
            move = Move.parse(move)
        if not s.over and move.kind in (DOUBT, PASS) and seat not in self.to_move(s) and 0 <= seat < s.players:
            if s.window and seat == s.window["opener"]:
                raise IllegalMove(T("You cannot doubt your own claim."))
            if s.window and str(seat) in s.window["answers"]:
                raise IllegalMove(T("You have already answered this claim."))
            if seat in s.out:
                raise IllegalMove(T("You are out of this hand: you can no longer doubt."))
            raise IllegalMove(T("There is no claim to doubt now: the chance passed when the window closed."))
        return super().apply(s, seat, move)

    def refuse(self, s: IDoubtItState, seat: int, move: Move) -> str | None:
        legal = self.moves(s, seat)
        if move in legal:
            return None
        if s.window:
            return T("A claim is waiting for answers: say 'doubt' or 'pass'.")
        o: IDoubtItOptions = self.options_of(s)
        if move.kind in (DOUBT, PASS):
            return T("There is no claim to doubt now: it is your turn to play.")
        counts = self._rank_counts(s, seat)
        n_text = move.param("n", "")
        n = int(n_text) if n_text.isdigit() else -1
        if move.kind in ("true", "false") and (move.args or n < 0 or [k for k, _ in move.params] != ["n"]):
            return T("Say how many cards with n=, e.g. '{move}'.", move=f"{move.kind} n=1")
        if move.kind == "true":
            if s.stage != CHOOSE_TRUE:
                return T("You have already chosen your true cards: {hint}", hint=self._stage_hint(s))
            if n > counts[s.rank]:
                return T("You hold only {n} of the claimed {ranks}.", n=counts[s.rank], ranks=PLURAL[s.rank])
            if n > o.limit():
                return T("A play holds at most {n} cards.", n=o.limit())
            return T("You hold no other cards to bluff with: play at least one true card.")
        if move.kind == "false":
            if s.stage != CHOOSE_FALSE:
                return self._stage_hint(s)
            if n + len(s.draft) > o.limit():
                return T("A play holds at most {n} cards (you have {chosen} chosen).", n=o.limit(), chosen=len(s.draft))
            if not n and not s.draft:
                return T("Play at least one card.")
            return T("You hold only {n} cards of other ranks than {ranks}.", n=sum(counts) - counts[s.rank],
                     ranks=PLURAL[s.rank])
        if move.kind == "bluff":
            if s.stage != PICK_FALSE:
                return self._stage_hint(s)
            if len(move.args) != 1 or move.args[0].upper() not in RANK_OF_CODE:
                return T("Say which rank to bluff with, e.g. 'bluff K n=1' (ranks A, 2…10, J, Q, K).")
            rank = RANK_OF_CODE[move.args[0].upper()]
            if n < 1 or [k for k, _ in move.params] != ["n"]:
                return T("Say how many cards of that rank with n=, e.g. 'bluff K n=1'.")
            if rank == s.rank:
                return T("{ranks} are the claimed rank, not a bluff: count them as true cards.", ranks=PLURAL[rank])
            if n > counts[rank]:
                return T("You hold only {cards}.", cards=claim_text(rank, counts[rank]))
            if n > s.bluffs:
                return N("You have only {n} bluff card left to pick.", "You have only {n} bluff cards left to pick.",
                         s.bluffs)
            return T("Write the move as it is offered, e.g. '{move}'.", move=f"bluff {C.RANK_CODES[rank]} n={n}")
        if move.kind == "clear":
            if move.args or move.params:
                return T("To take your chosen cards back, just say 'clear'.")
            if not s.draft and s.stage != PICK_FALSE:
                return T("You have not chosen any cards to take back.")
            return T("You may take your cards back at most {n} times a turn: {hint}", n=MAX_CLEARS,
                     hint=self._stage_hint(s))
        return T("'{move}' is not a move in I Doubt It.", move=str(move))

    # -- playing
    def play(self, s: IDoubtItState, seat: int, move: Move) -> list[Event]:
        if move.kind in (DOUBT, PASS):
            answer(s.window, seat, move.kind)
            # no event: who has answered shows as a seat note, so the Recent log keeps the claim
            return self._close(s) if complete(s.window) else []
        if move.kind == "clear":
            s.hands[seat] += s.draft
            s.hands[seat].sort(key=hand_key)
            s.draft = []
            s.clears += 1
            self._begin_turn(s)
            return [Event(T("You took your chosen cards back."), to=seat)]
        self._reveal_over(s, seat)
        hand = s.hands[seat]
        n = int(move.param("n"))
        limit = self.options_of(s).limit()
        if move.kind == "true":
            picked = [c for c in hand if C.RANK[c] == s.rank][:n]
            s.stage = CHOOSE_FALSE
            others = len(hand) - sum(1 for c in hand if C.RANK[c] == s.rank)
            done = n == limit or not others
        elif move.kind == "false":
            picked = []
            s.stage, s.bluffs = PICK_FALSE, n
            done = not n
        else:
            rank = RANK_OF_CODE[move.args[0]]
            picked = [c for c in hand if C.RANK[c] == rank][:n]
            s.bluffs -= n
            done = not s.bluffs
        for c in picked:
            hand.remove(c)
        s.draft += picked
        if done:
            return self._declare(s, seat)
        return []     # the prompt and the "Your play so far" pile say where the play stands

    def _begin_turn(self, s: IDoubtItState) -> None:
        """The seat to move starts building a play: with cards of the claimed rank it
        first says how many of them it lays, without any it goes straight to bluffing."""
        seat = s.turn
        held = any(C.RANK[c] == s.rank for c in s.hands[seat]) or any(C.RANK[c] == s.rank for c in s.shown[seat])
        s.stage = CHOOSE_TRUE if held else CHOOSE_FALSE
        s.bluffs = 0

    def _stage_hint(self, s: IDoubtItState) -> Text:
        """The next building step in move syntax, for refusals (which only the terminal shows)."""
        if s.stage == CHOOSE_TRUE:
            return T("Say how many {ranks} you lay, e.g. 'true n=1'.", ranks=PLURAL[s.rank])
        if s.stage == CHOOSE_FALSE:
            return T("Say how many bluff cards you add, e.g. 'false n=1' ('false n=0' lays the cards now).")
        return N("Pick {n} more bluff card by rank, e.g. 'bluff K n=1'.",
                 "Pick {n} more bluff cards by rank, e.g. 'bluff K n=1'.", s.bluffs)

    def _reveal_over(self, s: IDoubtItState, seat: int) -> None:
        """Revealed cards the seat picked up stop being public once it starts a play."""
        if s.shown[seat]:
            s.hands[seat] += s.shown[seat]
            s.hands[seat].sort(key=hand_key)
            s.shown[seat] = []

    def _declare(self, s: IDoubtItState, seat: int) -> list[Event]:
        o: IDoubtItOptions = self.options_of(s)
        count = len(s.draft)
        s.pile += s.draft
        s.draft = []
        s.clears = s.bluffs = 0
        s.claim = {"seat": seat, "rank": s.rank, "count": count}
        s.declarations += 1
        s.rank = next_rank(s.rank)
        s.serial += 1
        others = [i for i in self.active(s) if i != seat]
        s.window = open_window("doubt", others, seat, s.serial,
                               min_seconds=o.challenge_min, max_seconds=o.challenge_max)
        claim = claim_text(s.claim["rank"], count)
        if self.held(s, seat):
            return [Event(N("{seat} lays {n} card face down: \"{claim}!\"",
                            "{seat} lays {n} cards face down: \"{claim}!\"", count, seat=Seat(seat), claim=claim))]
        return [Event(N("{seat} lays {n} card face down: \"{claim}!\" Those were their last cards.",
                        "{seat} lays {n} cards face down: \"{claim}!\" Those were their last cards.",
                        count, seat=Seat(seat), claim=claim))]

    def _doubters(self, s: IDoubtItState) -> list[int]:
        seats = [seat for seat, _ in ranked(s.window, s.players)]
        if self.options_of(s).challengers == "nearest_right":
            opener = s.window["opener"]
            seats.sort(key=lambda x: (opener - x - 1) % s.players)
        return seats

    def _close(self, s: IDoubtItState) -> list[Event]:
        o: IDoubtItOptions = self.options_of(s)
        declarer, rank, count = s.claim["seat"], s.claim["rank"], s.claim["count"]
        doubters = self._doubters(s)
        s.window = {}
        events: list[Event] = []
        loser = None
        lie = False
        if not doubters:
            events.append(Event(T("Nobody doubts {seat}.", seat=Seat(declarer))))
        else:
            challenger = doubters[0]
            revealed = s.pile[-count:]
            rest = s.pile[:-count]
            lie = any(C.RANK[c] != rank for c in revealed)
            loser = declarer if lie else challenger
            who = self._challenge(doubters, declarer, o.challengers)
            pile = N("{seat} takes the pile ({n} card).", "{seat} takes the pile ({n} cards).", len(s.pile),
                     seat=Seat(loser))
            events.append(Event(T("{doubt} {reveal} {pile}", doubt=who, reveal=revealed_text(rank, revealed, lie),
                                  pile=pile)))
            s.shown[loser] += revealed
            s.hands[loser] += rest
            s.hands[loser].sort(key=hand_key)
            s.pile = []
            s.reveal = {"seat": loser, "cards": list(revealed), "lie": lie, "rank": rank, "declarer": declarer}
            if rest:
                events.append(Event(T("From the pile you also took {cards}.",
                                      cards=Cards(tuple(sorted(rest, key=hand_key)))), to=loser))
        if not lie and not self.held(s, declarer):
            events.append(Event(T("{seat} is out of cards!", seat=Seat(declarer))))
            s.out.append(declarer)
            if not o.places:
                return events + self._end_hand(s, [declarer])
            s.scores[declarer] = s.players - len(s.out)
            if len(self.active(s)) == 1:
                return events + self._end_hand(s, None)
        if s.declarations >= o.plays(s.players):
            events.append(Event(T("The hand reaches its limit of {n} plays.", n=o.plays(s.players))))
            return events + self._end_hand(s, None)
        if o.after_challenge == "picker" and loser is not None:
            s.turn = loser
        else:
            s.turn = self._next_active(s, declarer)
        s.clears = 0
        self._begin_turn(s)
        events.append(Event(T("{seat} plays {ranks} next.", seat=Seat(s.turn), ranks=PLURAL[s.rank])))
        return events

    @staticmethod
    def _challenge(doubters: list[int], declarer: int, challengers: str) -> Text:
        """Who doubted and who of them challenges: ``{p1} doubts it!``."""
        if len(doubters) == 1:
            return T("{seat} doubts it!", seat=Seat(doubters[0]))
        if challengers == "nearest_left":
            return T("{seats} doubt it; {seat}, nearest the left of {declarer}, challenges.",
                     seats=Seats(tuple(doubters)), seat=Seat(doubters[0]), declarer=Seat(declarer))
        return T("{seats} doubt it; {seat}, nearest the right of {declarer}, challenges.",
                 seats=Seats(tuple(doubters)), seat=Seat(doubters[0]), declarer=Seat(declarer))

    def _end_hand(self, s: IDoubtItState, winners: list[int] | None) -> list[Event]:
        """End the hand: ``winners`` went out; None ranks the seats still in by fewest cards."""
        o: IDoubtItOptions = self.options_of(s)
        events: list[Event] = []
        if o.places:
            left = self.active(s)
            placed = len(s.out)
            for i in left:
                behind = sum(1 for j in left if self.held(s, j) < self.held(s, i))
                s.scores[i] = s.players - (placed + 1 + behind)
            ranking = sorted(enumerate(placings_from(s.scores)), key=lambda x: x[1])
            places = AndList(tuple(T("{seat} {n}", seat=Seat(i), n=place) for i, place in ranking))
            s.last_result = text_data(T("Places: {places}", places=places))
            events.append(Event(T("Places: {places}.", places=places)))
            s.over = True
            events.append(Event(self.outcome(s).summary))
            return events
        if winners is None:
            fewest = min(self.held(s, i) for i in range(s.players))
            winners = [i for i in range(s.players) if self.held(s, i) == fewest]
            if len(winners) == 1:
                events.append(Event(T("{seat} has the fewest cards ({n}).", seat=Seat(winners[0]), n=fewest)))
            else:
                events.append(Event(T("{seats} have the fewest cards ({n}).", seats=Seats(tuple(winners)), n=fewest)))
        for i in winners:
            s.scores[i] += 1
        s.last_result = text_data(T("Hand won by {seats}", seats=Seats(tuple(winners))))
        events.append(Event(T("Hand won by {seats}.", seats=Seats(tuple(winners)))))
        if max(s.scores) >= o.hands_to_win:
            s.over = True
            events.append(Event(self.outcome(s).summary))
            return events
        s.dealer = next_dealer(s.dealer, s.players)
        return events + next_deal(s, self._deal)

    # -- what people see
    def instruction(self, s: IDoubtItState, seat: int) -> Text:
        if s.window:
            c = s.claim
            return T("{seat} claims {claim}. Do you doubt it? (Your answer stays secret until everyone has "
                     "answered.)", seat=Seat(c["seat"]), claim=claim_text(c["rank"], c["count"]))
        counts = self._rank_counts(s, seat)
        limit = min(self.options_of(s).limit(), self.held(s, seat))
        ranks = PLURAL[s.rank]
        if s.stage == CHOOSE_TRUE:
            if limit == 1:
                return T("Your turn: claim {ranks}. You hold {held} of them; lay 1 card face down. First, how many "
                         "true {ranks}? (Bluff cards come next.)", ranks=ranks, held=counts[s.rank])
            return T("Your turn: claim {ranks}. You hold {held} of them; lay 1–{n} cards face down. First, how "
                     "many true {ranks}? (Bluff cards come next.)", ranks=ranks, held=counts[s.rank], n=limit)
        if s.stage == CHOOSE_FALSE and not s.draft:
            if limit == 1:
                return T("Your turn: claim {ranks}. You hold none, so you must bluff with 1 card.", ranks=ranks)
            return T("Your turn: claim {ranks}. You hold none, so you must bluff: how many cards do you lay "
                     "(1–{n})?", ranks=ranks, n=limit)
        if s.stage == CHOOSE_FALSE:
            return T("Your play so far: {cards}. Add bluff cards of other ranks, or lay these down now as "
                     "{claim}.", cards=Cards(tuple(s.draft)), claim=claim_text(s.rank, len(s.draft)))
        claim = claim_text(s.rank, len(s.draft) + s.bluffs)
        if not s.draft:
            return N("Your play so far: no true cards. Pick {n} more bluff card, rank by rank; the play will be "
                     "claimed as {claim}.",
                     "Your play so far: no true cards. Pick {n} more bluff cards, rank by rank; the play will be "
                     "claimed as {claim}.", s.bluffs, claim=claim)
        return N("Your play so far: {cards}. Pick {n} more bluff card, rank by rank; the play will be claimed "
                 "as {claim}.",
                 "Your play so far: {cards}. Pick {n} more bluff cards, rank by rank; the play will be claimed "
                 "as {claim}.", s.bluffs, cards=Cards(tuple(s.draft)), claim=claim)

    def describe(self, s: IDoubtItState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind in (DOUBT, PASS):
            c = s.claim
            q = T("The claim: {claim}", claim=claim_text(c["rank"], c["count"]))
            return ((q, T("I doubt it!") if move.kind == DOUBT else T("Pass (let it stand)")),)
        counts = self._rank_counts(s, seat)
        if s.stage == CHOOSE_TRUE:
            n = int(move.param("n"))
            held = counts[s.rank]
            q = (T("You hold {claim}: how many do you lay?", claim=claim_text(s.rank, 1)) if held == 1
                 else T("How many of your {n} {ranks} do you lay?", n=held, ranks=PLURAL[s.rank]))
            return ((q, str(n) if n else T("None: bluff only")),)
        if s.stage == CHOOSE_FALSE:
            q = (T("How many bluff cards (other ranks) do you add?") if s.draft
                 else T("You hold no {ranks}: how many cards do you bluff with?", ranks=PLURAL[s.rank]))
            if move.kind == "clear":
                return ((q, START_AGAIN),)
            n = int(move.param("n"))
            return ((q, str(n) if n else T("None: lay {claim} now", claim=claim_text(s.rank, len(s.draft)))),)
        q = T("Pick a bluff card ({n} to go)", n=s.bluffs)
        if move.kind == "clear":
            return ((q, START_AGAIN),)
        rank, n = RANK_OF_CODE[move.args[0]], int(move.param("n"))
        step = (q, T("{ranks} ({n} held)", ranks=PLURAL[rank], n=counts[rank]))
        if min(counts[rank], s.bluffs) == 1:
            return (step,)
        return (step, (T("How many {ranks}?", ranks=PLURAL[rank]), str(n)))

    def _facts(self, s: IDoubtItState, seat: int | None) -> list[str]:
        o: IDoubtItOptions = self.options_of(s)
        facts = []
        if o.hands_to_win > 1:
            facts.append(T("Match: first to win {n} hands", n=o.hands_to_win))
        elif o.places:
            facts.append(T("Match: one hand, played on for every place"))
        if s.claim and not s.window:   # while the window is open the status says the claim
            c = s.claim
            facts.append(T("Last claim: {seat} said {claim}", seat=Seat(c["seat"]),
                           claim=claim_text(c["rank"], c["count"])))
        if s.reveal:
            facts.append(self._last_challenge(s))
        if seat is not None and seat == s.turn and s.draft and not s.window:
            facts.append(T("Your play so far: {cards}", cards=Cards(tuple(s.draft))))
        if s.stage == PICK_FALSE and not s.window and seat == s.turn:
            facts.append(T("Bluff cards still to pick: {n}", n=s.bluffs))
        left = o.plays(s.players) - s.declarations
        if left <= LIMIT_NEAR_ROUNDS * s.players:
            facts.append(N("The hand stops after {n} more play; then the fewest cards wins",
                           "The hand stops after {n} more plays; then the fewest cards wins", left))
        if s.last_result:
            facts.append(text_from(s.last_result))
        return facts

    @staticmethod
    def _last_challenge(s: IDoubtItState) -> Text:
        """The last challenge, and the revealed cards its loser still shows."""
        r = s.reveal
        still = [c for c in r["cards"] if c in s.shown[r["seat"]]]
        challenge, taker = challenge_text(r), Seat(r["seat"])
        if not still:
            return T("Last challenge: {challenge}; {seat} took the pile", challenge=challenge, seat=taker)
        return N("Last challenge: {challenge}; {seat} took the pile (the revealed card {cards} is still in that "
                 "hand)",
                 "Last challenge: {challenge}; {seat} took the pile (the revealed cards {cards} are still in "
                 "that hand)", len(still), challenge=challenge, seat=taker, cards=Cards(tuple(still)))

    def score_unit(self, s: IDoubtItState) -> tuple[str, str]:
        return (T("point"), T("points")) if s.options["places"] else (T("hand won"), T("hands won"))

    def view(self, s: IDoubtItState, seat: int | None) -> View:
        seats = []
        for i in range(s.players):
            notes = [T("dealer")] if i == s.dealer else []
            if i in s.out:
                notes.append(T("out, {place}", place=PLACES[s.out.index(i) + 1]))
            if s.window and str(i) in s.window["answers"]:
                notes.append(T("has answered"))
            if s.shown[i]:
                notes.append(T("shows {cards}", cards=Cards(tuple(s.shown[i]))))
            seats.append(SeatView(i, self.held(s, i), s.scores[i], notes))
        if s.over:
            status = self.outcome(s).summary
        elif s.window:
            c = s.claim
            status = T("Hand {n}. {seat} claims {claim}: anyone may doubt it.", n=s.hand_no, seat=Seat(c["seat"]),
                       claim=claim_text(c["rank"], c["count"]))
        else:
            status = T("Hand {n}. {seat} to play {ranks}.", n=s.hand_no, seat=Seat(s.turn), ranks=PLURAL[s.rank])
        hand = sorted(s.hands[seat] + s.shown[seat], key=hand_key) if seat is not None else []
        piles = [PileView(T("Pile (face down)"), [], len(s.pile))]
        if seat is not None and seat == s.turn and s.draft:
            piles.append(PileView(T("Your play so far"), list(s.draft), len(s.draft), owner=seat))
        return View(game=self.key, seat=seat, hand=hand, seats=seats, piles=piles, status=status,
                    facts=self._facts(s, seat), to_move=sorted(self.to_move(s)),
                    over=s.over, result=self.outcome(s).summary if s.over else None)

    def zones(self, s: IDoubtItState) -> list[Zone]:
        return ([Zone(f"hand {i}", h, i) for i, h in enumerate(s.hands)]
                + [Zone(f"shown {i}", h, "all") for i, h in enumerate(s.shown)]
                + [Zone("draft", s.draft, s.turn), Zone("pile", s.pile, "none")])

    def outcome(self, s: IDoubtItState) -> Outcome | None:
        if not s.over:
            return None
        placings = placings_from(s.scores)
        winners = [i for i, p in enumerate(placings) if p == 1]
        summary = (T("{seat} wins!", seat=Seat(winners[0])) if len(winners) == 1
                   else T("{seats} share the win!", seats=Seats(tuple(winners))))
        return Outcome(placings, [float(x) for x in s.scores], winners, summary)

    # -- computer players
    def playout_plies(self, s: IDoubtItState) -> int:
        """How far a search playout should look: about six plays (a play takes a move or two
        to build and one answer per other seat). What a play or a doubt changes shows at
        once, while big piles swing the card counts long after, so longer playouts only
        add noise (see the module docstring)."""
        return 8 * len(self.active(s))

    def determinize(self, s: IDoubtItState, seat: int | None, rng) -> IDoubtItState:
        """The unseen cards dealt anew, but a claim still open to doubt stays as true as players
        make it (see `_tell_the_truth_where_possible`). Dealt purely at random, the claimed cards
        would match only by chance, and the search would take nearly every claim for a lie."""
        twin = super().determinize(s, seat, rng)
        if twin.window and twin.claim["seat"] != seat:
            self._tell_the_truth_where_possible(twin, seat)
        return twin

    def _tell_the_truth_where_possible(self, s: IDoubtItState, seat: int | None) -> None:
        """Make the open claim's cards true where players would have: a declarer holding cards of
        the claimed rank lays them, and only a single card is a bluff (as in `rollout_move`), so a
        claim of several cards takes the missing ones from anywhere ``seat`` cannot see. A claim
        stays a lie only where too few copies are left unseen."""
        declarer, rank, count = s.claim["seat"], s.claim["rank"], s.claim["count"]
        places = [s.hands[declarer]]
        if count > 1:
            places += [h for i, h in enumerate(s.hands) if i not in (seat, declarer)]
            places.append(s.pile)
        top = len(s.pile) - count
        sources = [(place, i) for place in places
                   for i in range(len(place)) if C.RANK[place[i]] == rank and (place is not s.pile or i < top)]
        for i in range(top, len(s.pile)):
            if not sources:
                break
            if C.RANK[s.pile[i]] != rank:
                place, at = sources.pop(0)
                place[at], s.pile[i] = s.pile[i], place[at]
        for place in places:
            if place is not s.pile:
                place.sort(key=hand_key)

    def hand_progress(self, s: IDoubtItState) -> list[float]:
        """Fewer cards is better; cards laid down under an open doubt window still count
        for their owner, so a playout cut in the middle of a challenge is judged fairly.
        Once the match is over the cards held no longer count: the losers lost alike (with
        ``places`` the places say who came closer). Counted, they made doubting a last play
        that turns out true, which costs nothing then, look like a loss of a dozen cards."""
        if s.over:
            return [0.0] * s.players
        out = [-float(self.held(s, i)) for i in range(s.players)]
        if s.window:
            out[s.claim["seat"]] -= s.claim["count"]
        return out

    def rollout_move(self, s, seat, moves, rng):
        """Doubt a claim the cards one sees make impossible, and a last play (with ``places``
        only often: there the pile costs a place); otherwise
        doubt more often the more of the unseen copies a claim needs and the fewer cards
        the declarer has left. Play every true card; without one, bluff one card of the
        rank whose turn comes back last."""
        if s.window:
            c = s.claim
            rank, count, declarer = c["rank"], c["count"], c["seat"]
            left = self.held(s, declarer)
            if not left:   # a last play wins if true whatever one does: doubting it costs nothing but a place
                doubt = not s.options["places"] or rng.random() < LAST_PLAY_DOUBT
                return _DOUBT_MOVES[0] if doubt else _DOUBT_MOVES[1]
            of_rank = C.RANK
            seen = sum(1 for x in s.hands[seat] if of_rank[x] == rank)
            for shown in s.shown:
                seen += sum(1 for x in shown if of_rank[x] == rank)
            unseen = 4 * s.options["decks"] - seen
            if count > unseen:
                return _DOUBT_MOVES[0]
            tight = count / unseen
            p = DOUBT_BASE + 0.5 * tight * tight + (0.3 if left <= 2 else 0.0)
            return _DOUBT_MOVES[0] if rng.random() < p else _DOUBT_MOVES[1]
        counts = self._rank_counts(s, seat)
        if s.stage == CHOOSE_TRUE:
            return moves[0]                          # every true card (up to the limit)
        if s.stage == CHOOSE_FALSE:
            return _FALSE[0] if s.draft else _FALSE[1]
        far = max((r for r in RANKS if counts[r] and r != s.rank), key=lambda r: (self._wait(s, r), rng.random()))
        return _BLUFF[far, 1]

    def _wait(self, s: IDoubtItState, rank: int) -> int:
        """How many of its own turns until the seat to move must claim ``rank`` again
        (13 when never, e.g. a rank the cycle skips for this seat)."""
        step = len(self.active(s))
        for k in range(1, 14):
            if (s.rank - 1 + k * step) % 13 == rank - 1:
                return k
        return 13


GAME = IDoubtIt()

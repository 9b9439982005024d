"""Dingo: discard and pass to shape a six-card hand, then hunt the diamond rabbits with the
black wolves.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/dingo.md``; [rec] marks our own):

* Four players. The diamonds 2–K are the rabbits, face up with the 2 on top; the other 40
  cards (the A♦ among them) are dealt 10 each. The first dealer is drawn at random, then the
  deal passes left (option ``games``, Clarification 7).
* The exchange runs as a script (games/common/phases.py), each round from the dealer round
  to the left: discard, pass left, discard, pass across, discard, pass right, discard. A
  passed card reaches its receiver at once, so a player sees what they got before their own
  pass exactly where the text's order makes it (everyone in the first round; the players
  across from and right of the dealer in the second; only the dealer's right in the third).
  Aces may be passed (any card may, Clarification 4) but never discarded; hearts may be
  discarded, which kills their hunt. Discards lie squared, only the top card showing; each
  is announced once (Clarification 6).
* Hunts 2..K: the dingo's holder plays it at once; the three players after them are asked
  in turn, each may play one wolf (never both, decision 3) or pass; everyone is asked even
  without a wolf (Clarification 5). Once both wolves are played or lie in the discards the
  hunt ends: nothing is left to hide [rec]. The second wolf takes the rabbit; the first goes
  to the dingo's player with the dingo. No wolf: the rabbit escapes and the dingo is a penalty.
* The ace hunt: the three players after the A♥'s holder, then the holder, may each play
  one or both black aces; the A♦ is played by its holder as soon as both black aces are
  down at their turn, with the wolves they play then (Clarification 1). Wolves score for
  their players; the A♥ scores when any wolf was played (Clarification 2); an A♦ not
  played is a penalty (worth 3 there).
* Scoring: A♦ 10 (3 as a penalty), other aces 3, 10s and court cards 2, 9 and below 1;
  score pile minus penalty pile. One game: ties go to the highest rabbit in the score pile
  (A♦ above K♦ … 2♦), else they share the win (Clarification 3). Several games: the totals
  add up, a tie for the highest total is shared (Clarification 7).
* Computer players keep wolves for hunts they can win, pass and discard hearts whose hunts
  they would lose, and play a wolf when it takes the rabbit (the second wolf, or when the
  other wolf cannot follow). Their guesses at hidden hands keep the cards they passed with
  the players they passed them to, until those players pass again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games import cards as C
from games.common.match import first_dealer, next_dealer
from games.common.phases import ACROSS, LEFT, RIGHT, Script, Step, pass_step
from games.common.table import hand_zones, table_view
from games.engine import Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone, placings_from
from games.options import Options, option
from games.playout import next_deal
from games.text import AndList, Card, Cards, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("dingo")

PLAYERS = 4
HAND = 10
DISCARD, PASS, HUNT, ACE_HUNT = "discard", "pass", "hunt", "ace"
BLACK = ("S", "C")
RABBIT_ACE = "AD"
DINGO_ACE = "AH"
WOLF_ACES = ("AS", "AC")

DISCARD_STEP = Step(DISCARD, (0, 1, 2, 3))
SCRIPT = Script(
    (DISCARD_STEP, pass_step(LEFT, PLAYERS), DISCARD_STEP, pass_step(ACROSS, PLAYERS), DISCARD_STEP,
     pass_step(RIGHT, PLAYERS), DISCARD_STEP)
    + tuple(Step(HUNT, (1, 2, 3), arg=str(r)) for r in range(2, 14))
    + (Step(ACE_HUNT, (1, 2, 3, 0), arg="1"),),
    PLAYERS)
EXCHANGE_STEPS = 7


def points(code: str, penalty: bool = False) -> int:
    """A card's value in a score pile, or in a penalty pile (the A♦ is worth less there)."""
    if code == RABBIT_ACE:
        return 3 if penalty else 10
    r = C.RANK[code]
    return 3 if r == C.ACE else 2 if r >= 10 else 1


def rabbit_rank(code: str) -> int:
    """How high a rabbit ranks for the tie-break (A♦ highest); 0 for any other card."""
    if C.suit(code) != "D":
        return 0
    return 14 if C.RANK[code] == C.ACE else C.RANK[code]


def wolves_of(rank: int) -> tuple[str, str]:
    return C.make(rank, "S"), C.make(rank, "C")


def dingo_of(rank: int) -> str:
    return C.make(rank, "H")


@dataclass(frozen=True)
class DingoOptions(Options):
    games: int = option(1, min=1, max=10,
                        help=T("games in the match: the deal passes left, scores add up and the highest total "
                               "wins"))


@dataclass(kw_only=True)
class DingoState(State):
    hands: list[list[str]] = field(default_factory=list)
    rabbits: list[str] = field(default_factory=list)     # the rabbit pile, top first
    escaped: list[str] = field(default_factory=list)     # rabbits nobody caught
    discards: list[str] = field(default_factory=list)    # oldest first; only the last shows
    hunt: list[str] = field(default_factory=list)        # the current hunt's cards, dingo first
    hunters: list[int] = field(default_factory=list)     # who played each card of ``hunt``
    won: list[list[str]] = field(default_factory=list)   # score piles
    penalty: list[list[str]] = field(default_factory=list)
    cursor: dict = field(default_factory=dict)           # games.common.phases.Cursor
    passes: list[list] = field(default_factory=list)     # [giver, receiver, card, step] this game, in play order
    winners: list[int] = field(default_factory=list)     # set when the match is over
    last_result: str | dict = ""


def _hand_key(code: str) -> tuple[int, int]:
    return C.SUITS.index(C.suit(code)), 14 if C.RANK[code] == C.ACE else C.RANK[code]


def _sort(hand: list[str]) -> None:
    hand.sort(key=_hand_key)


class Dingo(Game[DingoState]):
    key = "dingo"
    title = T("Dingo")
    aliases = ("dingo",)
    seats = range(PLAYERS, PLAYERS + 1)
    Options = DingoOptions
    State = DingoState
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    summary = T("Shape your hand by discards and passes, then hunt the diamond rabbits with black wolves.")
    rules = T(
        "The twelve diamonds from 2 to king are the rabbits: they lie face up in a pile, the 2 on top. The other "
        "forty cards, the ace of diamonds among them, are dealt ten to each of the four players.\n"
        "Before the hunts everyone gets rid of four cards and swaps three. Going round from the dealer, each player "
        "discards one card face up (never an ace); then each, from the dealer round, hands a card to the left. "
        "Discard again, then hand a card across; discard again, then hand a card to the right; a last discard "
        "leaves six cards each. Only the top discard stays visible.\n"
        "Then the rabbits are hunted, 2 first. The heart of the rabbit's rank is the dingo: whoever holds it must "
        "play it. The three players after them may each play one black card of that rank, a wolf, or pass. "
        "With one wolf, its player takes the wolf and the rabbit and the dingo's player keeps the dingo. With two, "
        "the second wolf takes the rabbit and the dingo's player keeps the dingo and the first wolf. With no "
        "wolf the rabbit escapes and the dingo is a penalty. A discarded dingo lets the rabbit escape.\n"
        "Last comes the ace hunt: after the ace of hearts, each player in turn, ending with its holder, may play "
        "one or both black aces, which score for whoever plays them. The holder of the ace of diamonds must play "
        "it as soon as both black aces are down at their turn; otherwise it is a penalty. The ace of hearts "
        "scores if any black ace was played.\n"
        "Cards count: ace of diamonds 10 (3 as a penalty), other aces 3, tens and court cards 2, the rest 1. "
        "Your score is your score pile less your penalty pile. A tie goes to whoever caught the highest rabbit."
    )

    # -- dealing
    def setup(self, players: int, options: DingoOptions, seed: int) -> DingoState:
        s = DingoState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

    def _deal(self, s: DingoState) -> list[Event]:
        deck = [c for c in C.french_deck() if C.suit(c) != "D" or c == RABBIT_ACE]
        s.rng().shuffle(deck)
        s.hands = [deck[i * HAND:(i + 1) * HAND] for i in range(s.players)]
        for hand in s.hands:
            _sort(hand)
        s.rabbits = [C.make(r, "D") for r in range(2, 14)]
        s.escaped, s.discards, s.hunt, s.hunters, s.passes = [], [], [], [], []
        s.won = [[] for _ in range(s.players)]
        s.penalty = [[] for _ in range(s.players)]
        s.cursor = dict(SCRIPT.start(s.dealer))
        s.hand_no += 1
        return [Event(T("Game {n} of {total}: {dealer} deals ten cards each.", n=s.hand_no,
                        total=self.options_of(s).games, dealer=Seat(s.dealer)))]

    # -- whose turn, and what they may do
    def step(self, s: DingoState) -> Step | None:
        return SCRIPT.step(s.cursor)  # type: ignore[arg-type]

    def to_move(self, s: DingoState) -> frozenset[int]:
        return frozenset() if s.over else frozenset(SCRIPT.actors(s.cursor))  # type: ignore[arg-type]

    def moves(self, s: DingoState, seat: int) -> list[Move]:
        if seat not in self.to_move(s):
            return []
        step = self.step(s)
        hand = s.hands[seat]
        if step.kind == DISCARD:
            return [Move("discard", (c,)) for c in hand if C.RANK[c] != C.ACE]
        if step.kind == PASS:
            return [Move("give", (c,)) for c in hand]
        if step.kind == HUNT:
            wolves = [c for c in wolves_of(int(step.arg)) if c in hand]
            return [Move("wolf", (c,)) for c in wolves] + [Move("pass")]
        return self._ace_moves(s, seat)

    def _ace_moves(self, s: DingoState, seat: int) -> list[Move]:
        hand = s.hands[seat]
        if RABBIT_ACE in hand and all(w in s.hunt for w in WOLF_ACES):
            return [Move("play", (RABBIT_ACE,))]
        wolves = [w for w in WOLF_ACES if w in hand]
        plays = [Move("wolf", (w,)) for w in wolves]
        if len(wolves) == 2:
            plays.append(Move("wolf", tuple(wolves)))
        return plays + [Move("pass")]

    def refuse(self, s: DingoState, seat: int, move: Move) -> Text | None:
        if move in self.moves(s, seat):
            return None
        step = self.step(s)
        if move.args and not all(C.is_card(a) and C.card(a).code in s.hands[seat] for a in move.args):
            return T("You do not hold that card.")
        if step.kind == DISCARD:
            if move.kind == "discard" and move.args and C.RANK[move.args[0]] == C.ACE:
                return T("Aces may not be discarded.")
            return T("Discard one card that is not an ace, e.g. 'discard 7S'.")
        if step.kind == PASS:
            return T("Pass one card of your hand, e.g. 'give 7S'.")
        if step.kind == ACE_HUNT and RABBIT_ACE in s.hands[seat] and all(w in s.hunt for w in WOLF_ACES):
            return T("Both black aces are down: you must play the ace of diamonds.")
        return T("Play a black card of the rank hunted (a wolf) or pass.")

    # -- playing
    def play(self, s: DingoState, seat: int, move: Move) -> list[Event]:
        if move.kind == "discard":
            events = self._discard(s, seat, move.args[0])
        elif move.kind == "give":
            events = self._give(s, seat, move.args[0])
        elif move.kind == "pass":
            events = [Event(T("{seat} passes.", seat=Seat(seat)))]
        else:
            events = self._hunt_cards(s, seat, list(move.args))
        return events + self._advance(s, seat)

    def _discard(self, s: DingoState, seat: int, code: str) -> list[Event]:
        s.hands[seat].remove(code)
        s.discards.append(code)
        return [Event(T("{seat} discards {card}.", seat=Seat(seat), card=Card(code)))]

    def _give(self, s: DingoState, seat: int, code: str) -> list[Event]:
        to = SCRIPT.receiver(s.cursor, seat)  # type: ignore[arg-type]
        s.hands[seat].remove(code)
        s.hands[to].append(code)
        _sort(s.hands[to])
        s.passes.append([seat, to, code, s.cursor["step"]])
        return [Event(T("{seat} passes a card to {to}.", seat=Seat(seat), to=Seat(to))),
                Event(T("{seat} passes you {card}.", seat=Seat(seat), card=Card(code)), to=to)]

    def _hunt_cards(self, s: DingoState, seat: int, cards: list[str]) -> list[Event]:
        if self.step(s).kind == ACE_HUNT and RABBIT_ACE in s.hands[seat] \
                and all(w in s.hunt or w in cards for w in WOLF_ACES) and RABBIT_ACE not in cards:
            cards.append(RABBIT_ACE)    # Clarification 1: played with the wolves that free it
        for code in cards:
            s.hands[seat].remove(code)
            s.hunt.append(code)
            s.hunters.append(seat)
        if cards == [RABBIT_ACE]:
            return [Event(T("{seat} plays the rabbit {card}.", seat=Seat(seat), card=Card(RABBIT_ACE)))]
        if RABBIT_ACE in cards:
            return [Event(T("{seat} plays {cards}, then the rabbit {card}.", seat=Seat(seat),
                            cards=Cards(tuple(cards[:-1])), card=Card(RABBIT_ACE)))]
        return [Event(T("{seat} plays the wolf {cards}.", seat=Seat(seat), cards=Cards(tuple(cards))))]

    def _advance(self, s: DingoState, seat: int) -> list[Event]:
        """``seat`` has acted: the next seat is asked, or the step (a hunt: after resolving it) ends."""
        ended = SCRIPT.act(s.cursor, seat)  # type: ignore[arg-type]
        if not ended and s.hunt and self._nothing_left(s):
            SCRIPT.end_step(s.cursor)  # type: ignore[arg-type]
            ended = True
        events = self._resolve(s) if ended and s.hunt else []
        return events + self._next_steps(s)

    def _nothing_left(self, s: DingoState) -> bool:
        """Whether every card the running hunt could still see is played or discarded (public)."""
        step = self.step(s)
        if step.kind == ACE_HUNT:
            return all(c in s.hunt for c in (*WOLF_ACES, RABBIT_ACE))
        return all(w in s.hunt or w in s.discards for w in wolves_of(int(step.arg)))

    def _next_steps(self, s: DingoState) -> list[Event]:
        """Start the hunts that come up (the dingo played by its holder), passing over those
        whose dingo was discarded or whose wolves are all gone, and end the game after the last."""
        events: list[Event] = []
        while (step := self.step(s)) is not None:
            if step.kind not in (HUNT, ACE_HUNT) or s.hunt:
                return events
            rank = int(step.arg)
            dingo = dingo_of(rank)
            holder = next((i for i, h in enumerate(s.hands) if dingo in h), None)
            if holder is None:
                rabbit = s.rabbits.pop(0)
                s.escaped.append(rabbit)
                s.last_result = text_data(T("Nobody holds the dingo {dingo}: the rabbit {rabbit} escapes.",
                                            dingo=Card(dingo), rabbit=Card(rabbit)))
                events.append(Event(text_from(s.last_result)))
                SCRIPT.end_step(s.cursor)  # type: ignore[arg-type]
                continue
            SCRIPT.begin(s.cursor, holder)  # type: ignore[arg-type]
            s.hands[holder].remove(dingo)
            s.hunt, s.hunters = [dingo], [holder]
            if step.kind == HUNT:
                events.append(Event(T("The hunt for {rabbit}: {seat} plays the dingo {dingo}.",
                                      rabbit=Card(s.rabbits[0]), seat=Seat(holder), dingo=Card(dingo))))
            else:
                events.append(Event(T("The ace hunt: {seat} plays the dingo {dingo}.", seat=Seat(holder),
                                      dingo=Card(dingo))))
            if not self._nothing_left(s):
                return events
            SCRIPT.end_step(s.cursor)  # type: ignore[arg-type]
            events += self._resolve(s)
        return events + self._end_game(s)

    def _resolve(self, s: DingoState) -> list[Event]:
        """Share out the hunt just ended."""
        if C.RANK[s.hunt[0]] == C.ACE:
            text = self._resolve_ace_hunt(s)
        else:
            text = self._resolve_hunt(s)
        s.hunt, s.hunters = [], []
        s.last_result = text_data(text)
        return [Event(text)]

    def _resolve_hunt(self, s: DingoState) -> Text:
        dingo, player = s.hunt[0], s.hunters[0]
        rabbit = s.rabbits.pop(0)
        if len(s.hunt) == 1:
            s.escaped.append(rabbit)
            s.penalty[player].append(dingo)
            return T("No wolf: the rabbit {rabbit} escapes and the dingo {dingo} is a penalty for {seat}.",
                     rabbit=Card(rabbit), dingo=Card(dingo), seat=Seat(player))
        catcher = s.hunters[-1]
        s.won[catcher] += [s.hunt[-1], rabbit]
        s.won[player] += s.hunt[:-1]
        return T("{catcher} catches the rabbit {rabbit}; {seat} keeps {cards}.", catcher=Seat(catcher),
                 rabbit=Card(rabbit), seat=Seat(player), cards=Cards(tuple(s.hunt[:-1])))

    def _resolve_ace_hunt(self, s: DingoState) -> Text:
        player = s.hunters[0]
        wolves = len([c for c in s.hunt if c in WOLF_ACES])
        for code, seat in zip(s.hunt[1:], s.hunters[1:], strict=True):
            s.won[seat].append(code)
        (s.won if wolves else s.penalty)[player].append(DINGO_ACE)
        holder = next((i for i, h in enumerate(s.hands) if RABBIT_ACE in h), None)
        if holder is not None:
            s.hands[holder].remove(RABBIT_ACE)
            s.penalty[holder].append(RABBIT_ACE)
            if wolves:
                return T("The ace hunt is over: {seat} could not play the rabbit {card}, a penalty.",
                         seat=Seat(holder), card=Card(RABBIT_ACE))
            return T("No wolf in the ace hunt: {dingo} and {card} are penalties for {seats}.",
                     dingo=Card(DINGO_ACE), card=Card(RABBIT_ACE), seats=Seats(tuple(sorted({player, holder}))))
        catcher = s.hunters[s.hunt.index(RABBIT_ACE)]
        return T("The ace hunt is over: {seat} caught the rabbit {card}.", seat=Seat(catcher), card=Card(RABBIT_ACE))

    def _end_game(self, s: DingoState) -> list[Event]:
        results = self.game_points(s)
        for i, pts in enumerate(results):
            s.scores[i] += pts
        lines = [T("{seat} {points}", seat=Seat(i), points=f"{pts:+d}") for i, pts in enumerate(results)]
        detail = T("Game {n}: {scores}.", n=s.hand_no, scores=AndList(tuple(lines)))
        events = [Event(detail)]
        s.last_result = text_data(detail)
        games = self.options_of(s).games
        if s.hand_no < games:
            s.dealer = next_dealer(s.dealer, s.players)
            return events + next_deal(s, self._deal)
        s.winners = self._match_winners(s, games)
        s.over = True
        return events + [Event(self.outcome(s).summary)]

    def game_points(self, s: DingoState) -> list[int]:
        """Each seat's score pile less its penalty pile."""
        return [sum(points(c) for c in won) - sum(points(c, penalty=True) for c in pen)
                for won, pen in zip(s.won, s.penalty, strict=True)]

    def _match_winners(self, s: DingoState, games: int) -> list[int]:
        top = max(s.scores)
        tied = [i for i, x in enumerate(s.scores) if x == top]
        if games > 1 or len(tied) == 1:
            return tied
        best = {i: max((rabbit_rank(c) for c in s.won[i]), default=0) for i in tied}
        high = max(best.values())
        return [i for i in tied if best[i] == high] if high else tied

    # -- what people see
    def instruction(self, s: DingoState, seat: int) -> Text:
        step = self.step(s)
        if step.kind == DISCARD:
            return T("Discard a card face up (not an ace): discard {n} of 4.", n=self._round(s))
        if step.kind == PASS:
            return T("Pass a card to {to}: any card, aces included.",
                     to=Seat(SCRIPT.receiver(s.cursor, seat)))  # type: ignore[arg-type]
        moves = self.moves(s, seat)
        if moves[0].kind == "play":
            return T("Both black aces are down: play the rabbit {card}.", card=Card(RABBIT_ACE))
        if moves[0].kind == "pass":
            return T("You have no wolf to play in this hunt: pass.")
        return T("Play a wolf or pass. The second wolf takes the rabbit.")

    def _round(self, s: DingoState) -> int:
        return s.cursor["step"] // 2 + 1

    def describe(self, s: DingoState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "discard":
            return ((T("Discard a card"), T("{card}", card=Card(move.args[0]))),)
        if move.kind == "give":
            return ((T("Pass a card"), T("{card}", card=Card(move.args[0]))),)
        if move.kind == "pass":
            return ((T("Hunt"), T("Pass")),)
        if move.kind == "play":
            return ((T("Hunt"), T("Play the rabbit {card}", card=Card(RABBIT_ACE))),)
        return ((T("Hunt"), T("Play wolf {cards}", cards=Cards(move.args))),)

    def _status(self, s: DingoState) -> Text:
        if s.over:
            return self.outcome(s).summary
        step = self.step(s)
        (seat,) = self.to_move(s)
        if step.kind == DISCARD:
            return T("Discard {n} of 4: {seat} to discard.", n=self._round(s), seat=Seat(seat))
        if step.kind == PASS:
            return T("Pass {n} of 3: {seat} to pass a card to {to}.", n=(s.cursor["step"] + 1) // 2, seat=Seat(seat),
                     to=Seat(SCRIPT.receiver(s.cursor, seat)))  # type: ignore[arg-type]
        if step.kind == ACE_HUNT:
            return T("The ace hunt: {seat} may play black aces.", seat=Seat(seat))
        return T("The hunt for {rabbit}: {seat} may play a wolf.", rabbit=Card(s.rabbits[0]), seat=Seat(seat))

    def view(self, s: DingoState, seat: int | None) -> View:
        running = self.game_points(s)
        games = self.options_of(s).games
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            if games > 1:
                notes.append(T("match total {n}", n=s.scores[i] + (0 if s.over else running[i])))
            seats.append(SeatView(i, len(hand), running[i], notes))
        piles = [PileView(T("Rabbits"), s.rabbits[:1], len(s.rabbits)),
                 PileView(T("Hunt"), list(s.hunt), len(s.hunt)),
                 PileView(T("Discards"), s.discards[-1:], len(s.discards)),
                 PileView(T("Escaped rabbits"), list(s.escaped), len(s.escaped))]
        piles += [PileView(T("Score pile of {seat}", seat=Seat(i)), list(w), len(w), i)
                  for i, w in enumerate(s.won) if w]
        piles += [PileView(T("Penalty pile of {seat}", seat=Seat(i)), list(p), len(p), i)
                  for i, p in enumerate(s.penalty) if p]
        facts = [T("Game {n} of {total}", n=s.hand_no, total=games)]
        if s.last_result:
            facts.append(text_from(s.last_result))
        return table_view(self, s, seat, seats=seats, piles=piles, status=self._status(s), facts=facts)

    def zones(self, s: DingoState) -> list[Zone]:
        return (hand_zones(s.hands)
                + [Zone("rabbits", s.rabbits, "all"), Zone("escaped", s.escaped, "all"),
                   Zone("discards", s.discards, "all"), Zone("hunt", s.hunt, "all")]
                + [Zone(f"won {i}", w, "all") for i, w in enumerate(s.won)]
                + [Zone(f"penalty {i}", p, "all") for i, p in enumerate(s.penalty)])

    def outcome(self, s: DingoState) -> Outcome | None:
        if not s.over:
            return None
        standing = self.standing(s)
        best = s.scores[s.winners[0]]
        if len(s.winners) > 1:
            summary = N("{seats} share the win with {n} point!", "{seats} share the win with {n} points!", best,
                        seats=Seats(tuple(s.winners)))
        elif s.scores.count(best) > 1:
            summary = N("{seat} wins with {n} point, holding the highest rabbit of those tied!",
                        "{seat} wins with {n} points, holding the highest rabbit of those tied!", best,
                        seat=Seat(s.winners[0]))
        else:
            summary = N("{seat} wins with {n} point!", "{seat} wins with {n} points!", best,
                        seat=Seat(s.winners[0]))
        return Outcome(placings_from(standing), [float(x) for x in s.scores], list(s.winners), summary)

    # -- computer players
    def standing(self, s: DingoState) -> list[float]:
        return [x + (0.5 if i in s.winners else 0.0) for i, x in enumerate(s.scores)]

    def hand_progress(self, s: DingoState) -> list[float]:
        return [float(x) for x in self.game_points(s)]

    def determinize(self, s: DingoState, seat: int | None, rng: random.Random) -> DingoState:
        """Deal the unseen cards anew, but a card ``seat`` passed stays with the player it went to,
        as long as that player has not passed a card since."""
        twin = super().determinize(s, seat, rng)
        if seat is None:
            return twin
        shown = {c for z in self.zones(s) if z.visible_to == "all" for c in z.cards}
        pinned = {}
        for k, (giver, to, code, _) in enumerate(s.passes):
            if giver == seat and code not in shown and code not in s.hands[seat] \
                    and not any(g == to for g, *_ in s.passes[k + 1:]):
                pinned[code] = to
        for code, to in pinned.items():
            if code in twin.hands[to]:
                continue
            holder = next(i for i, h in enumerate(twin.hands) if code in h)
            swap = [c for c in twin.hands[to] if c not in pinned]
            other = swap[rng.randrange(len(swap))]
            twin.hands[to][twin.hands[to].index(other)] = code
            twin.hands[holder][twin.hands[holder].index(code)] = other
        for i in range(s.players):
            if i != seat:
                _sort(twin.hands[i])
        return twin

    def rollout_move(self, s: DingoState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        return self.heuristic_move(s, seat, moves, rng)

    def heuristic_move(self, s: DingoState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Discard and pass the cards worth least to keep; play a wolf when it takes the rabbit."""
        kind = moves[0].kind
        if kind in ("discard", "give"):
            return min(moves, key=lambda m: (keep_value(s.hands[seat], s.discards, m.args[0]), rng.random()))
        if len(moves) == 1:
            return moves[0]
        if self.step(s).kind == ACE_HUNT:
            return max(moves, key=lambda m: len(m.args))
        wolf = next(m for m in moves if m.kind == "wolf")
        return wolf if self._wolf_wins(s, seat, wolf.args[0]) else Move("pass")

    def _wolf_wins(self, s: DingoState, seat: int, wolf: str) -> bool:
        """Whether a wolf played now takes the rabbit, as far as ``seat`` can tell: a wolf is down
        already, or the other wolf cannot follow (it is ours, discarded, or nobody is left to ask)."""
        if len(s.hunt) > 1:
            return True
        other = next(w for w in wolves_of(C.RANK[wolf]) if w != wolf)
        after = SCRIPT.asked_after(s.cursor, seat)  # type: ignore[arg-type]
        return other in s.hands[seat] or other in s.discards or not after


def keep_value(hand: list[str], discards: list[str], code: str) -> float:
    """How much ``code`` is worth keeping in ``hand`` (low: discard or pass it first)."""
    rank, suit = C.RANK[code], C.suit(code)
    if code == RABBIT_ACE:
        return 8.0 if any(w in hand for w in WOLF_ACES) else -2.0
    if rank == C.ACE:
        return 6.0 if code in WOLF_ACES else 1.0
    wolves = wolves_of(rank)
    if suit == "H":
        # a dingo scores only if someone else plays a wolf: not when we hold them or they are gone
        others_may = sum(1 for w in wolves if w not in hand and w not in discards)
        return points(code) * (0.5 if others_may else -2.0)
    if dingo_of(rank) in hand or dingo_of(rank) in discards:
        return -1.0      # a wolf that cannot hunt
    return 1.0 + points(code) + points(C.make(rank, "D"))


GAME = Dingo()

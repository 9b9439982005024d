"""Pirate: a two-player race, each player turning their own deck and building ships.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/pirate.md``; [rec] marks our own):

* Two 52-card decks, one per seat: seat 0's cards have no copy suffix, seat 1's are
  copy 1 (``"AS.1"``), so every card stays distinct when a claim moves it across.
* The cut (Clarification 1): each seat cuts a random card of its own deck; ranks
  compare with the ace low, suits do not count, equal ranks cut again. The lower
  card's seat is *low*: it lays aces as keels on a suit's first ship and builds up,
  the other seat lays kings and builds down; on a suit's second ship the roles swap.
* Ticks (Decision "tick mode", Clarification 2): every tick each seat with cards
  turns one card from its stock onto its waste (an empty stock is the waste turned
  over, unshuffled). Only the card just turned may be played. A tick is a reaction
  window both seats answer: **Play** / **Claim** / **Hold** (the last pressed counts,
  Clarification 5; each may be pressed once a tick, so Hold after Play is a change of
  mind but the buttons cannot be toggled for ever), **Auto** toggles the seat's standing autopilot, and **Done**
  ends the seat's say in this tick; the front end's clock says Done for a seat when
  the tick's time (option ``tick_seconds``) runs out, so a tick lasts its seconds
  unless every human is done early (shared convention 5), and a computer seat is
  done at once. Without a press, autopilot on plays or claims what fits.
* All of a tick is checked against the position at its start and applied together;
  keels are laid whatever was pressed (Clarification 4); a ship complete after the
  tick goes to the seat that put a card on it, or sinks when both did (Clarification 3).
* Claims (Clarification 6): a seat whose stock and waste are empty watches and may
  claim the card the other seat turned this tick if it extends a half it started.
* Winning (Clarification 7): ⌊(8 − sunk) / 2⌋ + 1 ships wins at once; when all
  eight ships are finished, or at a stalemate (Clarification 8), more ships wins and
  equal ships is a draw.
* The computer player [rec] plays like the autopilot but misses a fifth of its chances
  (its reaction is slower than a tick now and then); playouts use the autopilot itself.
  The levels differ by reaction: a weaker level's slip is one more chance let go.
* Idle tables [rec]: after ``IDLE_TICKS`` ticks in a row without a press of Play,
  Claim or Auto (nobody at the table, or both players only watching their autopilots;
  Hold does not count, as the computer's missed chances are Holds), the race pauses;
  either player's **Go on** resumes it.
* Mode ``auto`` (Clarification 10): both seats on autopilot, nobody presses. The race
  is decided by the seed alone (the autopilots have no choice to make), and it is shown
  as a replay: each step is a window of ``REPLAY_SECONDS`` that plays ``REPLAY_TICKS``
  ticks when it closes, on the front end's clock (a player's **Next** shows the next
  step at once, when every player pressed it). The result is recorded when the replay
  reaches the end [rec: recording it before it is shown would tell the players who won].
  The table lists each ship's end with its tick.
* Match (Clarification 11): one game by default, its result the match's (a draw
  included); ``match_wins`` N plays games until a seat has won N, a drawn game
  counting for nobody.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games import cards as C
from games.engine import Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone, placings_from
from games.options import Options, option
from games.text import Card, Cards, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("pirate")

SHIPS = 8
IDLE_TICKS = 20          # ticks every seat let run out without a press before the race pauses
PLAY, CLAIM, HOLD, AUTO, DONE, GO_ON = (Move("play"), Move("claim"), Move("hold"), Move("auto"), Move("done"),
                                        Move("go_on"))
PRESSES = ("play", "claim", "hold")
COMPUTER_MISSES = 0.2   # the computer player's reaction: the share of its chances it is too slow for
REPLAY_TICKS, REPLAY_SECONDS = 5, 2    # mode auto: ticks per step of the replay, and seconds per step


@dataclass(frozen=True)
class PirateOptions(Options):
    mode: str = option("tick", choices=("tick", "auto"),
                       help=T("tick: both players race, a card each per tick; auto: both autopilots race and the "
                              "table shows the race as a replay"))
    tick_seconds: int = option(3, min=2, max=5, help=T("seconds per tick: each player turns one card per tick"))
    autopilot: bool = option(True, help=T("each player starts with autopilot on: it plays every card that fits "
                                          "unless the player holds it"))
    match_wins: int = option(1, min=1, max=5, help=T("play games until someone has won this many"))


@dataclass(kw_only=True)
class PirateState(State):
    stock: list[list[str]] = field(default_factory=list)     # per seat; top is the last card
    waste: list[list[str]] = field(default_factory=list)     # per seat; top is the last card
    low: int = 0                                             # the low seat (aces up on a suit's first ship)
    cut: list[str] = field(default_factory=list)             # the cut cards that chose it, per seat
    halves: dict[str, list[list[str]]] = field(default_factory=dict)   # suit: each seat's half of its ship
    ship_no: dict[str, int] = field(default_factory=dict)   # suit: ships finished (2: none left)
    won: list[list[str]] = field(default_factory=list)       # per seat: the cards of the ships it captured
    sunk: list[str] = field(default_factory=list)
    ships: list[int] = field(default_factory=list)           # ships captured this game, per seat
    ships_sunk: int = 0
    tick: int = 0
    turned: list[str] = field(default_factory=list)          # per seat: the card turned this tick ("" none)
    pressed: dict[str, str] = field(default_factory=dict)    # seat: its last press this tick
    used: list[str] = field(default_factory=list)            # "seat:press" pressed this tick (once each)
    toggled: list[int] = field(default_factory=list)         # seats that pressed Auto this tick
    done: list[int] = field(default_factory=list)            # seats done with this tick
    auto: list[bool] = field(default_factory=list)
    quiet: int = 0                                           # ticks in a row with no card played
    idle: int = 0                                            # ticks in a row without Play, Claim or Auto
    paused: bool = False
    news: Any = ""                                           # text_data: what the last tick did
    last_result: Any = ""                                    # text_data: how the last game ended
    story: list = field(default_factory=list)                # mode auto: text_data of each ship's end


def rank(code: str) -> int:
    return C.RANK[code]


class Pirate(Game[PirateState]):
    key = "pirate"
    title = T("Pirate")
    aliases = ("pirate ship", "pirates", "pirat", "pirata")
    seats = range(2, 3)
    Options = PirateOptions
    State = PirateState
    summary = T("A two-player race: turn your own deck and build ships of a suit from ace to king.")
    rules = T(
        "Each player has their own deck. A cut picks the low player, who builds suits upwards from the ace; "
        "the high player builds downwards from the king. There are no turns: the bot runs the game in ticks, "
        "and every tick both players turn the next card of their stock onto their waste pile at the same "
        "moment. When the stock is used up, the waste becomes the stock again, in the same order.\n"
        "An ace (for the low player) or a king (for the high player) is laid at once as the keel of a ship, "
        "facing the other player's keel of that suit. The card you just turned may go on your own half of "
        "a ship if it is that half's next card: press **Play**, or leave it to the autopilot, which plays "
        "every card that fits unless you press **Hold**. **Auto** switches your autopilot off or on.\n"
        "When the two halves of a suit hold all thirteen cards, the ship goes to whoever put a card on it in "
        "that tick; if both players did, it sinks. The next ship of that suit is built the other way round: "
        "the high player lays the ace and the low player the king.\n"
        "Once your stock and waste are empty, you watch: press **Claim** to take a card the other player "
        "just turned if it is the next card of a half you started.\n"
        "The first to capture more than half of the ships still possible wins (5 of 8, 4 after a sinking). "
        "If all ships are finished, or a whole round of the decks passes without a card played, more ships "
        "wins."
    )

    # -- dealing
    def setup(self, players: int, options: PirateOptions, seed: int) -> PirateState:
        s = PirateState(players=players, seed=seed, options=options.to_dict(), scores=[0, 0])
        self._new_game(s)
        return s

    def _new_game(self, s: PirateState) -> list[Event]:
        s.hand_no += 1
        rng = s.rng()
        decks = [[C.make(r, suit, seat) for suit in C.SUITS for r in range(1, 14)] for seat in range(2)]
        while True:
            cut = [rng.choice(deck) for deck in decks]
            if rank(cut[0]) != rank(cut[1]):
                break
        s.cut = cut
        s.low = 0 if rank(cut[0]) < rank(cut[1]) else 1
        for deck in decks:
            rng.shuffle(deck)
        s.stock, s.waste = decks, [[], []]
        s.halves = {suit: [[], []] for suit in C.SUITS}
        s.ship_no = {suit: 0 for suit in C.SUITS}
        s.won, s.sunk, s.ships, s.ships_sunk = [[], []], [], [0, 0], 0
        s.auto = [bool(self.options_of(s).autopilot) or self.replaying(s)] * 2
        s.quiet = s.idle = 0
        s.paused = False
        s.news = ""
        event = Event(T("Game {game}: {seat} cut {card} and {other} cut {other_card}; {low} is low and builds "
                        "up from the aces.", game=s.hand_no, seat=Seat(0), card=Card(cut[0]), other=Seat(1),
                        other_card=Card(cut[1]), low=Seat(s.low)))
        self._open_tick(s)
        return [event]

    # -- the position
    def up_seat(self, s: PirateState, suit: str) -> int:
        """The seat building ``suit``'s ship up from the ace (the low seat on a suit's first ship)."""
        return s.low if s.ship_no[suit] == 0 else 1 - s.low

    def next_rank(self, s: PirateState, suit: str, seat: int) -> int | None:
        """The rank that goes next on ``seat``'s half of ``suit``'s ship; None when no ship is left."""
        if s.ship_no[suit] >= 2:
            return None
        built = len(s.halves[suit][seat])
        return built + 1 if self.up_seat(s, suit) == seat else 13 - built

    def fits(self, s: PirateState, seat: int, code: str) -> bool:
        return bool(code) and self.next_rank(s, C.SUIT[code], seat) == rank(code)

    def is_keel(self, s: PirateState, seat: int, code: str) -> bool:
        return self.fits(s, seat, code) and not s.halves[C.SUIT[code]][seat]

    def replaying(self, s: PirateState) -> bool:
        """Mode auto: the autopilots race and the players watch the replay."""
        return s.options.get("mode") == "auto"

    def watching(self, s: PirateState, seat: int) -> bool:
        """A seat whose stock and waste are both empty watches the other's cards (and may claim)."""
        return not s.stock[seat] and not s.waste[seat]

    def playable(self, s: PirateState, seat: int) -> bool:
        """The seat's card turned this tick goes on its own started half (a keel needs no press)."""
        code = s.turned[seat]
        return self.fits(s, seat, code) and not self.is_keel(s, seat, code)

    def claimable(self, s: PirateState, seat: int) -> bool:
        """Clarification 6: a watching seat may claim the card just turned by the other seat if it is
        the next card of a half the watcher started (never a keel)."""
        code = s.turned[1 - seat]
        return self.watching(s, seat) and self.fits(s, seat, code) and bool(s.halves[C.SUIT[code]][seat])

    def complete(self, s: PirateState, suit: str) -> bool:
        """Clarification 3: the halves hold every rank of the suit between them."""
        up = self.up_seat(s, suit)
        top = len(s.halves[suit][up])
        bottom = 14 - len(s.halves[suit][1 - up])
        return top + 1 >= bottom

    # -- ticks
    def _open_tick(self, s: PirateState) -> None:
        """Each seat still holding cards turns its next one."""
        s.tick += 1
        s.pressed, s.used, s.toggled, s.done = {}, [], [], []
        s.turned = ["", ""]
        for seat in range(2):
            if not s.stock[seat] and s.waste[seat]:
                s.stock[seat] = s.waste[seat][::-1]
                s.waste[seat] = []
            if s.stock[seat]:
                s.waste[seat].append(s.stock[seat].pop())
                s.turned[seat] = s.waste[seat][-1]

    def to_move(self, s: PirateState) -> frozenset[int]:
        if s.over:
            return frozenset()
        return frozenset(seat for seat in range(2) if seat not in s.done)

    def moves(self, s: PirateState, seat: int) -> list[Move]:
        if s.over or seat in s.done:
            return []
        if s.paused:
            return [GO_ON]
        if self.replaying(s):
            return [DONE]
        out = []
        used = {u.split(":")[1] for u in s.used if u.startswith(f"{seat}:")}
        can_play, can_claim = self.playable(s, seat), self.claimable(s, seat)
        for move, offered in ((PLAY, can_play), (CLAIM, can_claim), (HOLD, can_play or can_claim)):
            if offered and move.kind not in used:
                out.append(move)
        if seat not in s.toggled:
            out.append(AUTO)
        out.append(DONE)
        return out

    def play(self, s: PirateState, seat: int, move: Move) -> list[Event]:
        if move.kind == "go_on":
            s.paused, s.idle = False, 0
            self._open_tick(s)
            return [Event(T("{seat} goes on with the race.", seat=Seat(seat)))]
        if move.kind == "auto":
            s.auto[seat] = not s.auto[seat]
            s.toggled.append(seat)
            return []
        if move.kind in PRESSES:
            s.pressed[str(seat)] = move.kind
            s.used.append(f"{seat}:{move.kind}")
            return []
        s.done.append(seat)
        if len(s.done) < 2:
            return []
        if not self.replaying(s):
            return self._end_tick(s)
        events: list[Event] = []
        for _ in range(REPLAY_TICKS):
            game = s.hand_no
            events += self._end_tick(s)
            if s.over or s.hand_no != game:
                break
        return events

    def timeout_move(self, s: PirateState, seat: int) -> Move | None:
        """The tick's time ran out: the seat is done (its press, or its autopilot, decides). A paused race
        waits for a player (a turn timer, if the server set one, counts against them)."""
        return None if s.paused else DONE

    def reaction(self, s: PirateState) -> str | None:
        return None if s.over or s.paused else f"tick:{s.hand_no}:{s.tick}"

    def window_starts_when_shown(self, s: PirateState) -> bool:
        """Clarification 9: a tick's window starts once the table showing its cards has gone out."""
        return True

    def window_seconds(self, s: PirateState) -> int | None:
        return REPLAY_SECONDS if self.replaying(s) else int(self.options_of(s).tick_seconds)

    def _choice(self, s: PirateState, seat: int) -> str:
        """What the seat does this tick (Clarification 5): its last press, else its autopilot."""
        pressed = s.pressed.get(str(seat))
        if pressed:
            return pressed
        return "auto" if s.auto[seat] else "hold"

    def _end_tick(self, s: PirateState) -> list[Event]:
        """Clarification 2: every play, keel and claim is checked against the position at the start of
        the tick, then all are applied together."""
        placed: list[tuple[int, int, str]] = []   # (seat that put it, half's seat, card)
        for seat in range(2):
            choice = self._choice(s, seat)
            code = s.turned[seat]
            if self.fits(s, seat, code) and (self.is_keel(s, seat, code) or choice in ("play", "auto")):
                placed.append((seat, seat, code))
            if self.claimable(s, seat) and choice in ("claim", "auto"):
                placed.append((seat, seat, s.turned[1 - seat]))
        # Hold is left out: the computer player's missed chances are Holds, and a computer must not keep
        # a race going that its human opponent walked away from
        nobody_pressed = not any(p in ("play", "claim") for p in s.pressed.values()) and not s.toggled
        events = self._place(s, placed)
        s.quiet = 0 if placed else s.quiet + 1
        s.idle = s.idle + 1 if nobody_pressed else 0
        game = s.hand_no
        events += self._check_end(s)
        if s.over or s.hand_no != game:
            return events
        if s.idle >= IDLE_TICKS and not self.replaying(s):
            s.paused, s.done, s.turned = True, [], ["", ""]
            events.append(Event(T("The race is paused: nobody pressed anything for a while. "
                                  "Press Go on to go on.")))
        else:
            self._open_tick(s)
        return events

    def _place(self, s: PirateState, placed: list[tuple[int, int, str]]) -> list[Event]:
        """Put the tick's cards on their halves; settle the ships that are complete (Clarification 3)."""
        putters: dict[str, set[int]] = {}
        cards_placed: set[str] = set()
        for putter, half, code in placed:
            suit = C.SUIT[code]
            putters.setdefault(suit, set()).add(putter)
            if code in cards_placed:
                continue   # claimed and played at once: it joins the ship, which sinks (both put a card on it)
            cards_placed.add(code)
            owner = 0 if code in s.waste[0] else 1
            s.waste[owner].remove(code)
            s.halves[suit][half].append(code)
        events = []
        news = []
        for suit, seats in sorted(putters.items()):
            if not self.complete(s, suit):
                continue
            cards = s.halves[suit][0] + s.halves[suit][1]
            if len(seats) == 2:
                s.sunk += cards
                s.ships_sunk += 1
                line = T("Both players joined the {suit} ship at once: it sinks.", suit=C.SUIT_SYMBOLS[suit])
            else:
                (captor,) = seats
                s.won[captor] += cards
                s.ships[captor] += 1
                line = T("{seat} captures the {suit} ship.", seat=Seat(captor), suit=C.SUIT_SYMBOLS[suit])
            s.halves[suit] = [[], []]
            s.ship_no[suit] += 1
            events.append(Event(line))
            news.append(line)
            if self.replaying(s):
                s.story.append(text_data(T("Game {game}, tick {tick}: {event}", game=s.hand_no, tick=s.tick,
                                           event=line)))
        s.news = text_data(news[-1]) if news else ""
        return events

    def target(self, s: PirateState) -> int:
        """Clarification 7: more than half of the ships still possible."""
        return (SHIPS - s.ships_sunk) // 2 + 1

    def stalemate_limit(self, s: PirateState) -> int:
        """Clarification 8: the most cards a seat still turning holds (stock and waste)."""
        return max((len(s.stock[i]) + len(s.waste[i]) for i in range(2) if not self.watching(s, i)), default=0)

    def _check_end(self, s: PirateState) -> list[Event]:
        leader = next((i for i in range(2) if s.ships[i] >= self.target(s)), None)
        if leader is not None:
            result = N("{seat} wins the game with {n} ship.", "{seat} wins the game with {n} ships.",
                       s.ships[leader], seat=Seat(leader))
        elif sum(s.ship_no.values()) >= SHIPS:
            result = self._compare(s, T("All ships are finished."))
        elif s.quiet >= self.stalemate_limit(s):
            result = self._compare(s, T("A whole round of the decks passed without a card played."))
        else:
            return []
        return self._finish_game(s, result)

    def _compare(self, s: PirateState, why: Text) -> Text:
        if s.ships[0] == s.ships[1]:
            return N("{why} Equal ships ({n} each): the game is a draw.",
                     "{why} Equal ships ({n} each): the game is a draw.", s.ships[0], why=why)
        leader = 0 if s.ships[0] > s.ships[1] else 1
        return N("{why} {seat} wins the game with {n} ship against {other}.",
                 "{why} {seat} wins the game with {n} ships against {other}.", s.ships[leader], why=why,
                 seat=Seat(leader), other=s.ships[1 - leader])

    def game_winner(self, s: PirateState) -> int | None:
        if s.ships[0] == s.ships[1]:
            return None
        return 0 if s.ships[0] > s.ships[1] else 1

    def _finish_game(self, s: PirateState, result: Text) -> list[Event]:
        winner = self.game_winner(s)
        if winner is not None:
            s.scores[winner] += 1
        s.last_result = text_data(result)
        events = [Event(result)]
        o: PirateOptions = self.options_of(s)
        if o.match_wins == 1 or max(s.scores) >= o.match_wins:
            s.over = True
            s.turned, s.done = ["", ""], []
            return events
        return events + self._new_game(s)

    # -- what players see
    def instruction(self, s: PirateState, seat: int) -> str:
        if s.paused:
            return T("The race is paused. Press Go on to go on.")
        if self.replaying(s):
            return N("The autopilots race: the replay shows {n} tick per step. Press Next to see the next step now.",
                     "The autopilots race: the replay shows {n} ticks per step. Press Next to see the next step "
                     "now.", REPLAY_TICKS)
        turned = s.turned[seat]
        auto = T("Autopilot is on.") if s.auto[seat] else T("Autopilot is off.")
        if self.claimable(s, seat):
            return T("You are watching: {card} fits your ship. Claim it, or hold. {auto}",
                     card=Card(s.turned[1 - seat]), auto=auto)
        if self.playable(s, seat):
            return T("Your {card} fits your ship: play it, or hold it. {auto}", card=Card(turned), auto=auto)
        if self.watching(s, seat):
            return T("You are watching: nothing to claim this tick. {auto}", auto=auto)
        if turned:
            return T("You turned {card}: nothing to do this tick. {auto}", card=Card(turned), auto=auto)
        return T("Nothing to do this tick. {auto}", auto=auto)

    def describe(self, s: PirateState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        labels = {"play": T("Play"), "claim": T("Claim"), "hold": T("Hold"),
                  "done": T("Next") if self.replaying(s) else T("Done"),
                  "go_on": T("Go on"),
                  "auto": T("Autopilot off") if s.auto[seat] else T("Autopilot on")}
        return ((T("This tick"), labels[move.kind]),)

    def score_unit(self, s: PirateState) -> tuple[str, str]:
        if self.options_of(s).match_wins > 1:
            return (T("game won"), T("games won"))
        return (T("ship"), T("ships"))

    def ship_text(self, s: PirateState, suit: str) -> Text:
        if s.ship_no[suit] >= 2:
            return T("{suit}: no ships left", suit=C.SUIT_SYMBOLS[suit])
        up = self.up_seat(s, suit)
        rising, falling = s.halves[suit][up], s.halves[suit][1 - up]
        return T("{suit} ship {n}: {seat} {up} … {down} {other}", suit=C.SUIT_SYMBOLS[suit], n=s.ship_no[suit] + 1,
                 seat=Seat(up), up=Cards(tuple(rising)) if rising else "—",
                 down=Cards(tuple(reversed(falling))) if falling else "—", other=Seat(1 - up))

    def view(self, s: PirateState, seat: int | None) -> View:
        o: PirateOptions = self.options_of(s)
        seats = []
        for i in range(2):
            notes = [T("low: builds up from the aces") if i == s.low else T("high: builds down from the kings"),
                     N("{n} card left", "{n} cards left", len(s.stock[i]) + len(s.waste[i]))]
            if self.watching(s, i) and not s.over:
                notes.append(T("watching"))
            if not s.auto[i]:
                notes.append(T("autopilot off"))
            if i in s.done and not s.over:
                notes.append(T("done"))
            score = s.scores[i] if o.match_wins > 1 else s.ships[i]
            seats.append(SeatView(i, 0, score, notes))
        facts = [self.ship_text(s, suit) for suit in C.SUITS]
        facts.append(T("Ships: {seat} {n}, {other} {m}, sunk {sunk}; {target} wins.", seat=Seat(0), n=s.ships[0],
                       other=Seat(1), m=s.ships[1], sunk=s.ships_sunk, target=self.target(s)))
        if o.match_wins > 1:
            facts.append(N("Match: first to win {n} game", "Match: first to win {n} games", o.match_wins))
        if s.news:
            facts.append(text_from(s.news))
        facts += [text_from(line) for line in s.story]
        if s.last_result and s.over:
            facts.append(text_from(s.last_result))
        piles = []
        for i in range(2):
            piles.append(PileView(T("Stock ({seat})", seat=Seat(i)), [], len(s.stock[i]), owner=i))
            piles.append(PileView(T("Waste ({seat})", seat=Seat(i)), s.waste[i][-1:], len(s.waste[i]), owner=i))
        if s.over:
            status = self.outcome(s).summary
        elif s.paused:
            status = T("Game {game}: the race is paused.", game=s.hand_no)
        else:
            status = T("Game {game}, tick {tick}: {seat} turned {card}, {other} turned {other_card}.",
                       game=s.hand_no, tick=s.tick, seat=Seat(0), card=self._turned_text(s, 0), other=Seat(1),
                       other_card=self._turned_text(s, 1))
        return View(game=self.key, seat=seat, hand=[], seats=seats, piles=piles, status=status, facts=facts,
                    to_move=sorted(self.to_move(s)), over=s.over,
                    result=self.outcome(s).summary if s.over else None)

    @staticmethod
    def _turned_text(s: PirateState, seat: int) -> Any:
        return Card(s.turned[seat]) if s.turned[seat] else T("nothing")

    def zones(self, s: PirateState) -> list[Zone]:
        out = []
        for i in range(2):
            out += [Zone(f"stock {i}", s.stock[i], "none"), Zone(f"waste {i}", s.waste[i], "all"),
                    Zone(f"won {i}", s.won[i], "all")]
        for suit in C.SUITS:
            for i in range(2):
                out.append(Zone(f"ship {suit} {i}", s.halves[suit][i], "all"))
        out.append(Zone("sunk", s.sunk, "all"))
        return out

    def outcome(self, s: PirateState) -> Outcome | None:
        if not s.over:
            return None
        result = text_from(s.last_result)
        if self.options_of(s).match_wins == 1:
            winner = self.game_winner(s)
            winners = [0, 1] if winner is None else [winner]
            return Outcome(placings_from(s.ships), [float(x) for x in s.ships], winners, result)
        best = max(s.scores)
        winners = [i for i in range(2) if s.scores[i] == best]
        summary = N("{result} {seats} wins the match with {n} game won.",
                    "{result} {seats} wins the match with {n} games won.", best, result=result,
                    seats=Seats(tuple(winners)))
        return Outcome(placings_from(s.scores), [float(x) for x in s.scores], winners, summary)

    # -- computer players
    def standing(self, s: PirateState) -> list[float]:
        return [10.0 * s.scores[i] + s.ships[i] for i in range(2)]

    def hand_progress(self, s: PirateState) -> list[float]:
        return [s.ships[i] + sum(len(h[i]) for h in s.halves.values()) / 100 for i in range(2)]

    def heuristic_decides(self, s: PirateState, seat: int) -> bool:
        """A tick's only choice is to put the turned card on or not, and a card left on the waste is buried
        until the deck comes round again: putting it on is what a search finds, at a cost of hundreds of
        ticks per playout. The computer is the autopilot with a reaction delay (`heuristic_move`)."""
        return True

    def heuristic_move(self, s, seat, moves, rng):
        """The computer player: like the autopilot, but its reaction is slower than a tick now and then
        (it lets COMPUTER_MISSES of its chances to play or claim go by)."""
        if GO_ON in moves or DONE not in moves or str(seat) in s.pressed:
            return GO_ON if GO_ON in moves else DONE
        chance = next((m for m in (PLAY, CLAIM) if m in moves), None)
        if chance is not None and rng.random() < COMPUTER_MISSES:
            return HOLD
        return self.rollout_move(s, seat, moves, rng)

    def slip_moves(self, s, seat, move, moves):
        """A weaker computer's slip is a slow reaction: it lets the tick's chance go by (Hold) where it would
        have played or claimed, or left it to its autopilot."""
        slow = move in (PLAY, CLAIM, DONE) and HOLD in moves and str(seat) not in s.pressed
        return [HOLD] if slow else [move]

    def rollout_move(self, s, seat, moves, rng):
        """Leave the tick to the autopilot, which plays and claims every card that fits (without it: press
        Play or Claim, then be done)."""
        if GO_ON in moves:
            return GO_ON
        if not s.auto[seat]:
            return next((m for m in (PLAY, CLAIM) if m in moves), DONE)
        return DONE


GAME = Pirate()

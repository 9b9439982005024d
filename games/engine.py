"""The protocol every game implements, and the data it speaks.

A game is a stateless object (one per game, see `games.registry`) whose methods
take a `State`. States are dataclasses holding only JSON-native values (cards as
codes, seats as indexes), so they round-trip exactly through JSON and can be
replayed from their seed and the move log.

The front ends (Discord, the terminal) only ever use `to_move`, `prompt`,
`apply`, `view` and `outcome`; computer players use `moves`, `apply`,
`determinize` and `standing`.
"""

from __future__ import annotations

import json
import marshal
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Generic, Literal, TypeVar

from games import cards as C
from games.jsontext import dumps
from games.localize import render as render_text
from games.options import BadOption, Options
from games.text import AndList, Seats, Text, texts

T, N = texts("engine")

__all__ = [
    "BadOption", "Choice", "Event", "Game", "IllegalMove", "Move", "Options", "Outcome",
    "PileView", "Prompt", "SeatView", "State", "View", "Zone",
]


class IllegalMove(Exception):
    """A refused move. ``str(error)`` is a sentence a player can read."""


# --- moves ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Move:
    """A move as plain data. Its text form is short and stable, e.g.
    ``"play 8S suit=H"``, ``"bid 3"``, ``"play 7D take=3C+4H"``: the kind, then
    positional arguments (cards, numbers), then ``name=value`` parameters."""

    kind: str
    args: tuple[str, ...] = ()
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, kind: str, *args: Any, **params: Any) -> Move:
        return cls(kind, tuple(str(a) for a in args),
                   tuple(sorted((k, str(v)) for k, v in params.items() if v is not None)))

    @classmethod
    def parse(cls, text: str) -> Move:
        words = text.split()
        if not words:
            raise IllegalMove(T("That move is empty."))
        args, params = [], []
        for word in words[1:]:
            name, eq, value = word.partition("=")
            if eq:
                if not name or not value:
                    raise IllegalMove(T("'{word}' is not a valid part of a move.", word=word))
                params.append((name, value))
            else:
                args.append(word)
        return cls(words[0], tuple(args), tuple(sorted(params)))

    def param(self, name: str, default: str | None = None) -> str | None:
        for key, value in self.params:
            if key == name:
                return value
        return default

    @property
    def arg(self) -> str | None:
        return self.args[0] if self.args else None

    def __str__(self) -> str:
        return " ".join([self.kind, *self.args, *(f"{k}={v}" for k, v in self.params)])


def stamped(move: Move, now: float) -> Move:
    """``move`` carrying the wall clock in whole seconds as ``at=`` (for games with `Game.clock_moves`)."""
    return Move(move.kind, move.args, tuple(sorted((*(p for p in move.params if p[0] != "at"), ("at", str(int(now)))))))


# --- what a move tells the table -------------------------------------------------------

def and_list(words: Sequence[Any]) -> Text:
    """``A``, ``A and B``, ``A, B and C``, joined in the reader's language (the words may be
    texts, cards, seats...; new code passes an `AndList` as a parameter instead)."""
    return T("{items}", items=AndList(tuple(words)))


def _many_key(many: str) -> tuple:
    """What two events' ``many`` are compared by: a plural `Text` without its ``n``."""
    if isinstance(many, Text):
        return (many.domain, many.msgid, many.plural,
                tuple(sorted((k, repr(v)) for k, v in many.params.items() if k != "n")))
    return (many,)


@dataclass(frozen=True, slots=True)
class Event:
    """A line for the table log. ``{p0}``…``{p9}`` stand for seat names. With
    ``to`` set, only that seat may see the line (e.g. which card it drew). With ``many``
    set, consecutive events with the same ``many`` are told as one line: ``many`` with
    ``{n}`` the sum of their ``count`` ("{p1} draws {n} cards." after four single draws;
    a plural `Text` has its ``n`` set)."""

    text: str
    to: int | None = None
    count: int = 1
    many: str = ""

    def joined(self, later: Event) -> Event | None:
        """This event and the ``later`` one as one line, or None when they are not the same kind."""
        if not self.many or _many_key(later.many) != _many_key(self.many) or later.to != self.to:
            return None
        n = self.count + later.count
        if isinstance(self.many, Text):
            text = self.many.with_params(n=n)
            return Event(text, self.to, n, text)
        return Event(self.many.replace("{n}", str(n)), self.to, n, self.many)

    def render(self, names: Sequence[str], language: str = "en") -> str:
        """The text in ``language`` with each seat placeholder replaced in one pass: a name
        that itself reads ``{p0}`` is shown as it is, never replaced again."""
        return render_text(self.text, language, names)

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or self.to == seat


# --- prompts: how a person builds a move ------------------------------------------------

@dataclass(frozen=True, slots=True)
class Choice:
    """One legal move and the path of (question, answer) steps that builds it,
    e.g. ``(("Play a card", "8♠"), ("Name a suit", "♥"))``."""

    move: Move
    path: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Step:
    question: str
    answers: list[tuple[str, Move | None]]  # label, and the move when this answer completes one


@dataclass(frozen=True)
class Prompt:
    """What a seat is asked now. ``choices`` form a tree: the front end shows the
    answers to the first question as buttons or a select, then the next question
    under the chosen answer, and so on until a move is complete."""

    text: str
    choices: tuple[Choice, ...] = ()

    def step(self, chosen: Sequence[str] = ()) -> Step | None:
        depth = len(chosen)
        question = ""
        answers: dict[str, Move | None] = {}
        for c in self.choices:
            if len(c.path) <= depth or any(c.path[i][1] != chosen[i] for i in range(depth)):
                continue
            q, label = c.path[depth]
            question = question or q
            done = len(c.path) == depth + 1
            if label not in answers or done:
                answers[label] = c.move if done else answers.get(label)
        if not answers:
            return None
        return Step(question, list(answers.items()))


@dataclass(frozen=True)
class SelectionWords:
    """How a game's multi-select of cards (`Game.selectable`) asks for its move, as texts: the
    menu's placeholder, the label of the button that makes the move, and the question under the
    hand (which may name the cards chosen so far)."""

    placeholder: str
    button: str
    question: str


# --- views: what a seat may see -----------------------------------------------------------

@dataclass
class SeatView:
    seat: int
    cards: int                       # cards in hand
    score: float | int | None = None
    notes: list[str] = field(default_factory=list)   # e.g. "dealer", "bid 3", "2 tricks"


@dataclass
class PileView:
    name: str
    cards: list[str]                 # the visible cards, oldest first
    count: int                       # all cards in the pile, face-down ones included
    owner: int | None = None
    # COLUMN: a tableau column (a solitaire's), pictured downward, its face-down cards first; the game writes
    # its columns in words itself (a board in its facts), so text front ends leave such piles out
    layout: str = "spread"


COLUMN = "column"


@dataclass
class View:
    game: str
    seat: int | None
    hand: list[str]
    seats: list[SeatView]
    piles: list[PileView]
    status: str
    facts: list[str] = field(default_factory=list)
    to_move: list[int] = field(default_factory=list)
    over: bool = False
    result: str | None = None
    private: list[str] = field(default_factory=list)   # lines only this seat may read (a team's signals)

    def to_dict(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d["seats"] = [dict(x.__dict__) for x in self.seats]
        d["piles"] = [dict(x.__dict__) for x in self.piles]
        return d


@dataclass
class Zone:
    """A place cards lie in a state, with who may see them: ``"all"``, ``"none"``
    or one seat. ``cards`` is the state's own list, so helpers can refill it."""

    name: str
    cards: list[str]
    visible_to: Literal["all", "none"] | int


@dataclass(frozen=True)
class Outcome:
    placings: list[int]              # per seat: 1 = first; tied seats share a placing
    scores: list[float]              # final match scores as the game counts them
    winners: list[int]
    summary: str


def placings_from(standing: Sequence[float]) -> list[int]:
    """Competition ranking, higher standing first: [5, 9, 5] → [2, 1, 2]."""
    return [1 + sum(1 for other in standing if other > mine) for mine in standing]


# --- states -------------------------------------------------------------------------------

@dataclass(kw_only=True)
class State:
    """Fields every game state has. Subclasses add their own, JSON-native only
    (lists, not tuples; string keys in dicts)."""

    players: int
    seed: int
    options: dict[str, Any]
    rng_n: int = 0
    dealer: int = 0
    hand_no: int = 0
    scores: list[int] = field(default_factory=list)
    over: bool = False

    def to_json(self) -> str:
        return dumps(self.__dict__)

    @classmethod
    def from_json(cls, text: str) -> State:
        return cls(**json.loads(text))

    def clone(self) -> State:
        twin = object.__new__(type(self))
        twin.__dict__ = marshal.loads(marshal.dumps(self.__dict__))
        return twin

    def rng(self) -> random.Random:
        """A fresh generator for the next random event; replays draw the same numbers."""
        self.rng_n += 1
        return random.Random(f"{self.seed}:{self.rng_n}")


S = TypeVar("S", bound=State)


def reseeded(twin: S, rng: random.Random) -> S:
    """``twin`` (a search's copy of a state) with a seed drawn from ``rng``, so its future random
    events are its own and not a foretelling of the real game's."""
    twin.seed = rng.getrandbits(32)
    return twin


@lru_cache(maxsize=512)
def _parse_options(cls: type[Options], items: tuple) -> Options:
    return cls(**dict(items))


POINTS = (T("point"), T("points"))


def players_text(seats: range) -> Text:
    """How many players a game takes: "4 players", "2–6 players", "2 or 4 players" (Diloti)."""
    low, high = seats[0], seats[-1]
    if low == high:
        return N("{n} player", "{n} players", low)
    if len(seats) == 2 and seats.step > 1:
        return T("{low} or {high} players", low=low, high=high)
    return T("{low}–{high} players", low=low, high=high)   # the unit of most games' scores (`Game.score_unit`)


class Game(Generic[S]):
    """Base class of every game. Subclasses set the class attributes and
    implement the methods that raise `NotImplementedError`."""

    key: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[range]
    Options: ClassVar[type[Options]]
    State: ClassVar[type[State]]
    aliases: ClassVar[tuple[str, ...]] = ()   # other names players know the game by, for search
    summary: ClassVar[str] = ""      # one line for menus
    rules: ClassVar[str] = ""        # the rules in our own words, for /rules
    # how many standard errors surer the search must be of another move to overrule
    # `heuristic_move` (games/ai/search.py); 0: the search's most visited move plays
    heuristic_trust: ClassVar[float] = 0.0
    computers: ClassVar[bool] = True   # whether computer players may take seats (False: a solitaire such as Spider)
    clock_moves: ClassVar[bool] = False   # whether a member's moves carry the wall clock as ``at=<seconds>``
    _last_options: tuple[dict[str, Any], Options] | None = None   # options_of's last parse

    # -- life cycle
    def start(self, players: int, options: dict[str, Any] | Options | None = None, seed: int = 0) -> S:
        if players not in self.seats:
            raise BadOption(T("{game} is for {players} (got {n})", game=self.title, players=players_text(self.seats),
                              n=players))
        opts = options if isinstance(options, Options) else self.Options.parse(options, players)
        opts.validate(players)
        return self.setup(players, opts, seed)

    def setup(self, players: int, options: Options, seed: int) -> S:
        raise NotImplementedError

    def options_of(self, s: S) -> Options:
        # Playouts ask this several times a move with the same options: comparing them with the
        # last ones parsed is about ten times cheaper than sorting them into the shared cache's key.
        last = self._last_options
        if last is not None and last[0] == s.options:
            return last[1]
        parsed = _parse_options(self.Options, tuple(sorted(s.options.items())))
        self._last_options = (dict(s.options), parsed)
        return parsed

    # -- turns
    def to_move(self, s: S) -> frozenset[int]:
        raise NotImplementedError

    def moves(self, s: S, seat: int) -> list[Move]:
        raise NotImplementedError

    def refuse(self, s: S, seat: int, move: Move) -> str | None:
        """Why ``move`` is illegal for ``seat`` now, or None when it is legal.
        Games override this to give precise reasons; legality is still decided
        by `moves` unless a game overrides that too."""
        if move in self.moves(s, seat):
            return None
        return T("'{move}' is not a legal move now.", move=str(move))

    def apply(self, s: S, seat: int, move: Move | str) -> list[Event]:
        """Play ``move`` for ``seat``, changing ``s`` in place. An illegal move
        raises `IllegalMove` and leaves ``s`` untouched."""
        if isinstance(move, str):
            move = Move.parse(move)
        if s.over:
            raise IllegalMove(T("This game is over."))
        if seat not in self.to_move(s):
            raise IllegalMove(T("It is not your turn."))
        reason = self.refuse(s, seat, move)
        if reason:
            raise IllegalMove(reason)
        return self.play(s, seat, move)

    def play(self, s: S, seat: int, move: Move) -> list[Event]:
        """Carry out a move already known to be legal."""
        raise NotImplementedError

    # -- what people see
    def prompt(self, s: S, seat: int) -> Prompt:
        if seat not in self.to_move(s):
            return Prompt(self.waiting_text(s))
        return Prompt(self.instruction(s, seat), self.choices(s, seat, self.moves(s, seat)))

    def choices(self, s: S, seat: int, moves: list[Move]) -> tuple[Choice, ...]:
        """Each of ``moves`` with the steps that build it. A game whose questions depend on
        the whole list (say, "Play or draw" only when a draw is among them) works them out
        here once instead of in every `describe`."""
        return tuple(Choice(m, self.describe(s, seat, m)) for m in moves)

    def instruction(self, s: S, seat: int) -> str:
        return T("Your move.")

    def waiting_text(self, s: S) -> str:
        if s.over:
            return T("The game is over.")
        return T("Waiting for {seats}.", seats=Seats(tuple(sorted(self.to_move(s)))))

    def score_unit(self, s: S) -> tuple[str, str]:
        """What the seats' scores count, singular and plural (texts): a seat line reads "12 points",
        "1 hand won", "3 tokens" (`games.common.table.score_text`)."""
        return POINTS

    def card_text(self, code: str) -> str:
        """A card as players read it in the hand and the piles (games where two copies of a
        card differ mark them)."""
        return C.text(code)

    def describe(self, s: S, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        return ((T("Your move"), str(move)),)

    def hand_text(self, codes: Sequence[str]) -> str | None:
        """A hand as one text when the game groups it (Canasta: "7 ×3, K ×2, Joker ×4", suits not
        mattering), or None (the default): the front end shows the cards one by one."""
        return None

    # -- choosing cards in one go (P4: a multi-select of the hand, then Play)
    def selectable(self, s: S, seat: int) -> list[str] | None:
        """The cards ``seat`` may pick from in one multi-select to make its move now, or None
        when the step-by-step prompt is the only way (the default)."""
        return None

    def moves_for(self, s: S, seat: int, cards: Sequence[str]) -> list[Move]:
        """The legal moves that play exactly ``cards`` (several when they can be read in more
        than one way)."""
        want = sorted(cards)
        return [m for m in self.moves(s, seat) if m.kind == "play" and sorted(m.args) == want]

    def selection_words(self, s: S, seat: int, chosen: Sequence[str]) -> SelectionWords | None:
        """The words of the multi-select when its move is not playing cards (say, a discard), with
        ``chosen`` the cards selected so far; None (the default): the front end's own, "Select
        the cards to play" and "Play selected"."""
        return None

    def why_not(self, s: S, seat: int, cards: Sequence[str]) -> str:
        """Why no legal move plays exactly ``cards``, for the player."""
        return self.refuse(s, seat, Move("play", tuple(cards))) or T("Those cards are not a play you can make now.")

    # -- building a move from parts (P7: a hand card, then table targets; the fishing games)
    def targets(self, s: S, seat: int, card: str) -> list[tuple[str, str]] | None:
        """The table items ``card`` may be combined with, as (id, label) pairs for a multi-select (a
        loose card's id is its code, a pile's an id the game chooses, e.g. "b1"; the label a Text), or
        None when this game has no composed moves (the default)."""
        return None

    def compose(self, s: S, seat: int, card: str, targets: Sequence[str]) -> list[Move]:
        """The legal moves that play ``card`` with exactly ``targets`` (several when the selection
        reads more than one way: capture them, or build 9 with them)."""
        return []

    def why_not_composed(self, s: S, seat: int, card: str, targets: Sequence[str]) -> str:
        """Why no legal move plays ``card`` with ``targets``, for the player."""
        return T("That card and that selection are not a move you can make now.")

    def preview(self, s: S, seat: int, move: Move) -> str:
        """One line saying what ``move`` does, for the confirm step and the suggested moves."""
        return self.describe(s, seat, move)[-1][1]

    def parse_typed(self, s: S, seat: int, text: str) -> Move:
        """The move a player typed in the Type move box; raises `IllegalMove` with a reason the
        player can act on."""
        move = Move.parse(text)
        reason = self.refuse(s, seat, move)
        if reason:
            raise IllegalMove(reason)
        return move

    def typed_example(self, s: S, seat: int) -> str | None:
        """An example for the Type move box (a Text), or None: no Type move for this game (the default)."""
        return None

    def view(self, s: S, seat: int | None) -> View:
        raise NotImplementedError

    def zones(self, s: S) -> list[Zone]:
        """Every card of the state, by where it lies and who may see it."""
        raise NotImplementedError

    def outcome(self, s: S) -> Outcome | None:
        raise NotImplementedError

    # -- for computer players
    def standing(self, s: S) -> list[float]:
        """The match standing per seat, higher is better (search rewards compare it)."""
        return [float(x) for x in s.scores]

    def search_rewards(self, before: Sequence[float], s: S) -> list[float] | None:
        """Each seat's search reward in [0, 1] for a playout that started at standing ``before``
        and stopped at ``s``, or None (the default) for `games.ai.search.rank_rewards`. Ranks say who
        gained more, not by how much: a team game whose hands are worth different stakes (Envite)
        values the gain itself here, or its search raises every hand as high as it goes."""
        return None

    def hand_progress(self, s: S) -> list[float]:
        """How well each seat is doing in the hand, higher is better; ranks the seats when a
        search playout is cut short, and breaks ties in `standing` when one ends the match in
        its hand (the losers of a one-hand match by how close they came). Games override this."""
        return [0.0] * s.players

    def determinize(self, s: S, seat: int | None, rng: random.Random) -> S:
        """A copy of ``s`` in which every card ``seat`` cannot see is dealt anew at
        random among the places it cannot see, keeping each place's size. What the
        seat can see, and the order of its own cards, stay as they are. The copy has a seed of its
        own, so the random events still to come (a reshuffled stock, a redeal) are not the real
        game's: an override that does not start from this method draws one too (`reseeded`)."""
        twin = reseeded(s.clone(), rng)
        hidden = [z for z in self.zones(twin) if z.visible_to != "all" and z.visible_to != seat]
        pool = sorted(c for z in hidden for c in z.cards)
        rng.shuffle(pool)
        at = 0
        for z in hidden:
            z.cards[:] = pool[at:at + len(z.cards)]
            at += len(z.cards)
        return twin

    # -- hooks a front end may use (solitaires, daily deals)
    def hint(self, s: S, seat: int) -> str | None:
        """A suggested move for ``seat`` in words (a Text), or None: this game gives no hints (the default).
        Asking changes nothing in the state."""
        return None

    def starts_alone(self, options: dict[str, Any]) -> bool:
        """Whether /play starts this game at once for the member alone, without a lobby (solitaires)."""
        return False

    def daily_seed(self, options: dict[str, Any], day: Any) -> int | None:
        """The seed of the day's shared deal when ``options`` ask for the daily deal, else None."""
        return None

    def result_scores(self, s: S) -> list[dict[str, Any]] | None:
        """Per seat, the game's own result for the leaderboard ({"won", "score", "moves", "seconds"}, and
        optionally "board": a text as `text_data` naming the ranking it belongs to, where results of
        different boards must not rank together), or None: ranked by placings only (the default)."""
        return None

    # -- timing (the front end owns the clock)
    def reaction(self, s: S) -> str | None:
        """The id of the reaction window open now (see `games.common.window`), or None in
        ordinary play. While it stays the same, every seat in it shares one deadline."""
        return None

    def window_seconds(self, s: S) -> int | None:
        """How long the open reaction window lasts, when the game's options say (None: the
        front end's default)."""
        return None

    def window_starts_when_shown(self, s: S) -> bool:
        """Whether the open reaction window's time starts only once the table showing it has gone out
        (a real-time game's tick: a slow or rate-limited message edit then delays the game instead of
        shortening the players' window). False (the default): it starts when the window opens."""
        return False

    def idle_limit(self, s: S) -> int | None:
        """Seconds a running table with no deadline may sit untouched before the front end closes it,
        when the game's rules say (a solitaire board nobody has touched yet), or None (the default):
        the front end's own limit."""
        return None

    def deadline(self, s: S, seat: int) -> int | None:
        """When ``seat``'s time runs out by the game's own rules (wall-clock seconds, the clock that stamps
        `clock_moves`; a board's idle limit, a race's end), or None (the default): only the front end's turn
        timer applies. When it passes, the front end plays `deadline_move` for the seat, stamped with the time."""
        return None

    def deadline_move(self, s: S, seat: int) -> Move | None:
        """The move made for ``seat`` when the game's own deadline (`deadline`) has passed (Spider: time up
        ends the board), or None: as when the turn timer runs out (`timeout_move`, else a computer's choice).
        Unlike a `timeout_move`, it does not make the seat's move optional: the seat is still waited for."""
        return None

    def timeout_move(self, s: S, seat: int) -> Move | None:
        """The move made for ``seat`` when its time runs out and the answer is fixed by the
        rules (passing in a reaction window); None lets the seat's computer player choose."""
        return None

    def playout_plies(self, s: S) -> int | None:
        """The longest search playout worth running from ``s`` (None: the player's own limit).
        Games whose far future is mostly noise (bluffing) cut playouts short."""
        return None

    def heuristic_decides(self, s: S, seat: int) -> bool:
        """Whether ``seat``'s move now is left to `heuristic_move` without a search: a move that only
        informs (Envite's signals), whose choices playouts cannot tell apart. The search's imagined
        moves follow it too: it never branches where the rule of thumb decides."""
        return False

    def slip_moves(self, s: S, seat: int, move: Move, moves: list[Move]) -> list[Move]:
        """What a weaker computer may play instead of its rule of thumb's ``move`` when it slips: by default
        the legal ``moves`` of the same sort (another card, another bid), never a move that would look like a
        glitch. In a game whose only choice is when to act (a race's reaction), a slip is acting too late."""
        return [m for m in moves if m.kind == move.kind]

    def search_moves(self, s: S, seat: int, moves: list[Move]) -> list[Move]:
        """The moves the search weighs for ``seat`` among its legal ``moves`` (all of them, by default):
        a game leaves out those never worth a playout where it lets the search decide only part of a
        choice (Canasta: which card to discard, the melds being the rule of thumb's)."""
        return moves

    def rollout_move(self, s: S, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """The move a cheap playout policy picks; random unless a game knows better."""
        return moves[rng.randrange(len(moves))]

    def rollout_play(self, s: S, seat: int, rng: random.Random) -> None:
        """One step of a search playout for ``seat``: by default the move `rollout_move` picks. A game
        whose turn is many small moves (a rummy draft) may play a whole turn here at once, by the
        rules, without listing every move on the way."""
        self.play(s, seat, self.rollout_move(s, seat, self.moves(s, seat), rng))

    def heuristic_move(self, s: S, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """The move a casual but sensible player makes (the heuristic baseline player): the
        game's rule of thumb, by default its `rollout_move`. It may read only what ``seat``
        sees (its own hand, public piles, counts, calls), never another hand or the stock,
        so two deals that look the same to the seat give the same move."""
        return self.rollout_move(s, seat, moves, rng)

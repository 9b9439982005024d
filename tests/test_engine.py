"""The game protocol and its data (games/engine.py, games/options.py)."""

import random
from dataclasses import dataclass

import pytest

from games.common.table import seat_names, winners_text
from games.crazy_eights import GAME, CrazyEightsOptions, CrazyEightsState
from games.engine import (
    BadOption,
    Choice,
    Event,
    Game,
    IllegalMove,
    Move,
    Options,
    Prompt,
    State,
    placings_from,
)
from games.localize import render
from games.options import option

# --- moves ------------------------------------------------------------------------------

@pytest.mark.parametrize("move", [
    Move.of("draw"),
    Move.of("pass"),
    Move.of("bid", 3),
    Move.of("play", "8S", suit="H"),
    Move.of("play", "7D", take="3C+4H"),
    Move.of("play", "10D.1", suit="C", note="x"),
    Move.of("swap", "2C", "3D", "4H"),
])
def test_move_text_form_round_trips(move):
    assert Move.parse(str(move)) == move
    assert str(Move.parse(str(move))) == str(move)


def test_move_text_form_is_kind_then_arguments_then_sorted_parameters():
    assert str(Move.of("play", "8S", suit="H")) == "play 8S suit=H"
    assert str(Move.of("play", "7D", z="1", a="2")) == "play 7D a=2 z=1"
    assert str(Move.of("bid", 0)) == "bid 0"


def test_move_parameters_do_not_depend_on_their_order():
    a = Move.parse("play 7D take=3C+4H suit=S")
    b = Move.parse("play take=3C+4H 7D suit=S")
    c = Move.parse("play suit=S 7D take=3C+4H")
    assert a == b == c == Move.of("play", "7D", take="3C+4H", suit="S")
    assert a.param("take") == "3C+4H" and a.param("suit") == "S" and a.param("x") is None
    assert a.param("x", "none") == "none" and a.arg == "7D"


def test_move_arguments_keep_their_order():
    assert Move.parse("swap 2C 3D").args == ("2C", "3D")
    assert Move.parse("swap 3D 2C") != Move.parse("swap 2C 3D")


def test_move_of_drops_parameters_given_as_none_and_stringifies_values():
    assert Move.of("play", "8S", suit=None) == Move("play", ("8S",))
    assert Move.of("bid", 3, level=2) == Move("bid", ("3",), (("level", "2"),))
    assert Move.of("pass").arg is None


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_move_parse_refuses_empty_text(text):
    with pytest.raises(IllegalMove, match="empty"):
        Move.parse(text)


@pytest.mark.parametrize("text", ["play 8S suit=", "play 8S =H", "play ="])
def test_move_parse_refuses_malformed_parameters_naming_the_bad_part(text):
    bad = text.split()[-1]
    with pytest.raises(IllegalMove) as err:
        Move.parse(text)
    assert f"'{bad}'" in str(err.value)


def test_move_parse_splits_on_any_whitespace():
    assert Move.parse("  play   8S\tsuit=H ") == Move.of("play", "8S", suit="H")


# --- events -----------------------------------------------------------------------------

def test_event_render_substitutes_seat_names():
    e = Event("{p0} passes to {p2}; {p0} waits.")
    assert e.render(["Ann", "Bob", "Cy"]) == "Ann passes to Cy; Ann waits."


def test_event_render_handles_ten_seats_without_confusing_p1_and_p10():
    names = [f"N{i}" for i in range(10)]
    assert Event("{p1} {p9}").render(names) == "N1 N9"
    assert Event("{p1}").render(names[:2]) == "N1"


def test_event_render_shows_a_name_that_looks_like_a_placeholder_as_it_is():
    """A player named "{p0}" is shown by that name, never replaced by seat 0's name (impersonation)."""
    assert Event("{p1} plays; {p0} waits.").render(["Ann", "{p0}"]) == "{p0} plays; Ann waits."
    assert Event("{p0} and {p1}").render(["{p1}", "{p0}"]) == "{p1} and {p0}"


def test_event_render_leaves_text_without_placeholders_alone():
    assert Event("The stock was shuffled.").render(["Ann", "Bob"]) == "The stock was shuffled."


def test_public_events_are_visible_to_everyone_and_private_ones_only_to_their_seat():
    public, private = Event("{p0} drew a card."), Event("You drew 4♥.", to=1)
    assert all(public.visible_to(seat) for seat in (0, 1, 2, None))
    assert private.visible_to(1)
    assert not private.visible_to(0) and not private.visible_to(2) and not private.visible_to(None)


# --- prompts ----------------------------------------------------------------------------

def _tree():
    return Prompt("Your turn.", (
        Choice(Move.of("play", "5H"), (("Play", "5♥"),)),
        Choice(Move.of("play", "8S", suit="H"), (("Play", "8♠"), ("Suit", "♥"))),
        Choice(Move.of("play", "8S", suit="C"), (("Play", "8♠"), ("Suit", "♣"))),
        Choice(Move.of("play", "8D", suit="H"), (("Play", "8♦"), ("Suit", "♥"))),
        Choice(Move.of("draw"), (("Play", "Draw"),)),
    ))


def test_prompt_first_step_lists_each_first_answer_once_in_order():
    step = _tree().step()
    assert step.question == "Play"
    assert step.answers == [("5♥", Move.of("play", "5H")), ("8♠", None), ("8♦", None), ("Draw", Move("draw"))]


def test_prompt_second_step_lists_the_answers_under_the_chosen_first_answer():
    step = _tree().step(["8♠"])
    assert step.question == "Suit"
    assert step.answers == [("♥", Move.of("play", "8S", suit="H")), ("♣", Move.of("play", "8S", suit="C"))]
    assert _tree().step(["8♦"]).answers == [("♥", Move.of("play", "8D", suit="H"))]


def test_prompt_has_no_further_step_after_a_completed_move_or_an_unknown_answer():
    assert _tree().step(["5♥"]) is None
    assert _tree().step(["8♠", "♥"]) is None
    assert _tree().step(["9♣"]) is None
    assert Prompt("Waiting.").step() is None


def test_game_prompt_builds_choices_from_moves_and_waiting_players_get_none():
    s = GAME.start(3, {}, seed=2)
    seat = next(iter(GAME.to_move(s)))
    prompt = GAME.prompt(s, seat)
    assert [c.move for c in prompt.choices] == GAME.moves(s, seat)
    other = (seat + 1) % 3
    waiting = GAME.prompt(s, other)
    assert waiting.choices == () and waiting.text == f"Waiting for {{p{seat}}}."


# --- placings ---------------------------------------------------------------------------

@pytest.mark.parametrize(("standing", "placings"), [
    ([5, 9, 5], [2, 1, 2]),
    ([3, 2, 1], [1, 2, 3]),
    ([7, 7, 7], [1, 1, 1]),
    ([1, 4, 4, 0], [3, 1, 1, 4]),
    ([-10.0, -3.0, -10.0], [2, 1, 2]),
])
def test_placings_share_a_placing_on_ties_and_skip_the_places_used(standing, placings):
    assert placings_from(standing) == placings


# --- options ----------------------------------------------------------------------------

@dataclass(frozen=True)
class DemoOptions(Options):
    target: int = option(11, min=1, max=50, help="points to win")
    jokers: bool = option(False, help="use jokers")
    mode: str = option("a", choices=("a", "b"), help="a mode")


@pytest.mark.parametrize(("given", "field", "expected"), [
    ({"target": "21"}, "target", 21),
    ({"target": " 7 "}, "target", 7),
    ({"target": 30}, "target", 30),
    ({"jokers": "yes"}, "jokers", True),
    ({"jokers": "On"}, "jokers", True),
    ({"jokers": "1"}, "jokers", True),
    ({"jokers": "no"}, "jokers", False),
    ({"jokers": "false"}, "jokers", False),
    ({"jokers": True}, "jokers", True),
    ({"mode": " b "}, "mode", "b"),
])
def test_options_parse_coerces_text_to_the_field_type(given, field, expected):
    opts = DemoOptions.parse(given)
    assert getattr(opts, field) == expected and type(getattr(opts, field)) is type(expected)


def test_options_parse_coerces_text_for_options_declared_with_postponed_annotations():
    opts = CrazyEightsOptions.parse({"hand_size": "7", "jokers": "2", "draw": "one_then_pass"})
    assert opts.hand_size == 7 and opts.jokers == 2 and opts.draw == "one_then_pass"


def test_options_defaults_apply_to_what_is_not_given():
    assert DemoOptions.parse() == DemoOptions(11, False, "a")
    assert DemoOptions.parse({}).to_dict() == {"target": 11, "jokers": False, "mode": "a"}


@pytest.mark.parametrize(("given", "named", "says"), [
    ({"target": "lots"}, "target", "whole number"),
    ({"target": True}, "target", "whole number"),
    ({"target": 0}, "target", "between 1 and 50"),
    ({"target": "51"}, "target", "between 1 and 50"),
    ({"jokers": "maybe"}, "jokers", "yes or no"),
    ({"mode": "c"}, "mode", "one of a, b"),
])
def test_bad_option_values_name_the_option_and_what_it_accepts(given, named, says):
    with pytest.raises(BadOption) as err:
        DemoOptions.parse(given)
    assert f"'{named}'" in str(err.value) and says in str(err.value)


def test_unknown_option_names_the_option_and_lists_the_known_ones():
    with pytest.raises(BadOption) as err:
        DemoOptions.parse({"colour": "red"})
    message = str(err.value)
    assert "'colour'" in message and "target, jokers, mode" in message


def test_describe_lists_every_option_with_its_default_and_allowed_values():
    info = {i.name: i for i in DemoOptions.describe()}
    assert list(info) == ["target", "jokers", "mode"]
    assert info["target"].default == 11 and info["target"].allowed == "1–50"
    assert info["jokers"].allowed == "yes / no" and info["mode"].allowed == "a / b"
    assert info["target"].help == "points to win"


# --- starting a game ----------------------------------------------------------------------

@pytest.mark.parametrize("players", [0, 1, 9, 20])
def test_game_start_refuses_a_player_count_outside_the_game_s_range(players):
    with pytest.raises(BadOption) as err:
        GAME.start(players, {}, seed=1)
    assert str(err.value) == f"Crazy Eights is for 2–8 players (got {players})"


def test_game_start_accepts_options_given_as_an_options_object_and_still_checks_them():
    s = GAME.start(3, CrazyEightsOptions(hand_size=6), seed=1)
    assert [len(h) for h in s.hands] == [6, 6, 6]
    with pytest.raises(BadOption, match="decks"):
        GAME.start(6, CrazyEightsOptions(decks=1), seed=1)
    with pytest.raises(BadOption, match="hand_size"):
        GAME.start(3, CrazyEightsOptions(hand_size=99), seed=1)


def test_each_table_plays_by_its_own_options_even_when_tables_take_turns():
    # two tables of one game with different house rules, moved alternately (options_of keeps
    # the last options it parsed): each must keep its own, also after its options change
    strict = GAME.start(2, {"draw": "one_then_pass"}, seed=1)
    loose = GAME.start(2, {}, seed=1)
    for _ in range(2):
        assert GAME.options_of(strict).draw == "one_then_pass"
        assert GAME.options_of(loose).draw == "until_playable"
    loose.options["draw"] = "one_then_pass"
    assert GAME.options_of(loose).draw == "one_then_pass"


def test_apply_refuses_moves_once_the_game_is_over():
    s = GAME.start(2, {}, seed=1)
    s.over = True
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(s, s.turn, "draw")


def test_base_refuse_names_the_move():
    class Tiny(Game):
        def moves(self, s, seat):
            return [Move("go")]

    assert Tiny().refuse(None, 0, Move("go")) is None
    assert Tiny().refuse(None, 0, Move("stop")) == "'stop' is not a legal move now."


# --- states -------------------------------------------------------------------------------

def test_state_clone_is_independent_of_the_original():
    s = GAME.start(3, {}, seed=4)
    before = s.to_json()
    twin = s.clone()
    assert type(twin) is CrazyEightsState and twin == s and twin is not s
    twin.hands[0].pop()
    twin.stock.clear()
    twin.scores[1] = 99
    twin.options["jokers"] = 2
    twin.turn = (twin.turn + 1) % 3
    assert s.to_json() == before
    assert s.hands[0] is not twin.hands[0] and s.options is not twin.options


def test_base_state_round_trips_through_json():
    s = State(players=2, seed=5, options={"a": [1, 2]}, scores=[3, 4])
    twin = State.from_json(s.to_json())
    assert twin == s
    twin.options["a"].append(3)
    assert s.options == {"a": [1, 2]}


def test_rng_counter_advances_and_the_same_count_gives_the_same_numbers():
    a = State(players=2, seed=42, options={})
    b = State(players=2, seed=42, options={})
    first = [a.rng().random() for _ in range(3)]
    assert a.rng_n == 3
    assert [b.rng().random() for _ in range(3)] == first
    assert len(set(first)) == 3, "each call draws from a new stream"
    c = State(players=2, seed=43, options={})
    assert c.rng().random() != first[0]


def test_rng_continues_the_same_way_after_a_json_round_trip():
    a = State(players=2, seed=7, options={})
    a.rng()
    twin = State.from_json(a.to_json())
    assert twin.rng().random() == a.rng().random()


def test_a_game_replayed_from_its_seed_and_moves_is_identical():
    def replay(seed, moves=None):
        s = GAME.start(4, {"jokers": 2, "hands_to_win": 3}, seed)
        rng = random.Random(99)
        log = []
        for i in range(300):
            if s.over:
                break
            seat = next(iter(GAME.to_move(s)))
            move = moves[i] if moves else rng.choice(GAME.moves(s, seat))
            log.append(move)
            GAME.apply(s, seat, move)
        return s, log

    first, log = replay(11)
    again, _ = replay(11, log)
    assert again.to_json() == first.to_json()
    assert first.hand_no > 1 and first.rng_n > 2, "the replay covered re-deals and draws"
    other, _ = replay(12, None)
    assert other.to_json() != first.to_json()


def test_names_in_a_line_read_as_english_lists_in_every_game():
    """One way of listing players for all games: "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    names = ["Ann", "Bob", "Cy"]
    assert Event(seat_names([0])).render(names) == "Ann"
    assert Event(seat_names([2, 0])).render(names) == "Cy and Ann"
    assert Event(seat_names([0, 1, 2])).render(names) == "Ann, Bob and Cy"
    assert Event(winners_text([1])).render(names) == "Bob wins"
    assert Event(winners_text([0, 1, 2])).render(names) == "Ann, Bob and Cy share the win"


def test_waiting_text_lists_everyone_awaited_as_an_english_list():
    class EveryoneMoves(type(GAME)):
        def to_move(self, s):
            return frozenset(range(s.players))

    s = GAME.start(3, {}, seed=1)
    assert Event(EveryoneMoves().waiting_text(s)).render(["Ann", "Bob", "Cy"]) == "Waiting for Ann, Bob and Cy."


def test_events_of_the_same_kind_join_into_one_line_with_their_counts_added():
    from games.common.table import draws
    one, two = draws(1), draws(1, 2)
    assert (one.text, two.text) == ("{p1} draws a card.", "{p1} draws 2 cards.")
    joined = one.joined(two)
    assert (joined.text, joined.count, joined.to) == ("{p1} draws 3 cards.", 3, None)
    assert render(joined.text, "es") == "{p1} roba 3 cartas.", "the joined line is the plural message, n set"
    assert joined.joined(draws(1)).text == "{p1} draws 4 cards."
    assert one.joined(draws(0)) is None, "another seat's draw is another line"
    assert Event("{p1} passes.").joined(Event("{p1} passes.")) is None, "only events that say how to join do"


def test_a_game_for_two_or_four_says_so_and_refuses_three():
    """Diloti is for 2 players or 4 in partnerships: its player count reads "2 or 4 players", not
    "2–4", and three players are refused with that count (in the reader's language too)."""
    from games.engine import BadOption, players_text
    from games.localize import render
    from games.registry import GAMES

    diloti = GAMES["diloti"]
    assert players_text(diloti.seats) == "2 or 4 players"
    assert render(players_text(diloti.seats), "es") == "2 o 4 jugadores"
    assert players_text(range(2, 7)) == "2–6 players" and players_text(range(3, 4)) == "3 players"
    with pytest.raises(BadOption, match="Diloti is for 2 or 4 players"):
        diloti.start(3, {}, 1)

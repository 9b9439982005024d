"""Options that only count with another's value (`option(..., only_with=...)`): two contradictory
choices are refused naming both, server defaults give way to what a member chose, and /rules'
help says when an option counts."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, check_option, reset_option
from games.crazy_eights import CrazyEightsOptions
from games.dou_dizhu import DouDizhuOptions
from games.i_doubt_it import IDoubtItOptions
from games.jack_change_it import JackChangeItOptions
from games.last_one import LastOneOptions
from games.oh_hell import OhHellOptions
from games.options import BadOption
from games.page_one import PageOneOptions
from games.registry import GAMES
from games.thirteen import ThirteenOptions

CONTRADICTIONS = [
    (CrazyEightsOptions, {"scoring": "penalty", "hands_to_win": "3"},
     "option 'hands_to_win' only counts with scoring=wins; you chose scoring=penalty"),
    (JackChangeItOptions, {"scoring": "wins", "penalty_target": "50"},
     "option 'penalty_target' only counts with scoring=penalty; you chose scoring=wins"),
    (PageOneOptions, {"scoring": "penalty", "hands_to_win": "2"},
     "option 'hands_to_win' only counts with scoring=wins; you chose scoring=penalty"),
    (ThirteenOptions, {"scoring": "wins", "target": "9"},
     "option 'target' only counts with scoring=places; you chose scoring=wins"),
    (ThirteenOptions, {"scoring": "places", "hands_to_win": "3"},
     "option 'hands_to_win' only counts with scoring=wins; you chose scoring=places"),
    (OhHellOptions, {"schedule": "down_up", "fixed_hands": "5"},
     "option 'fixed_hands' only counts with schedule=fixed; you chose schedule=down_up"),
    (IDoubtItOptions, {"places": "yes", "hands_to_win": "3"},
     "option 'hands_to_win' only counts with places=no; you chose places=yes"),
    (LastOneOptions, {"hand_size": "6", "allow_nine": "yes"},
     "option 'allow_nine' only counts with hand_size=0; you chose hand_size=6"),
]


@pytest.mark.parametrize(("options", "values", "reason"), CONTRADICTIONS)
def test_two_contradictory_choices_are_refused_naming_both(options, values, reason):
    with pytest.raises(BadOption) as refused:
        options.parse(values)
    assert str(refused.value) == reason


def test_a_choice_the_game_default_makes_meaningless_says_what_to_add():
    with pytest.raises(BadOption, match="penalty_target' only counts with scoring=penalty; scoring is wins "
                                        "unless you choose scoring=penalty"):
        CrazyEightsOptions.parse({"penalty_target": "50"})
    assert CrazyEightsOptions.parse({"penalty_target": "50", "scoring": "penalty"}).match().target == 50


def test_a_choice_equal_to_the_game_default_changes_nothing_and_passes():
    """A table's full option set (as a rematch passes it on) always parses again."""
    opts = CrazyEightsOptions.parse({"scoring": "penalty", "penalty_target": "50"})
    assert CrazyEightsOptions.parse({k: str(v) for k, v in opts.to_dict().items()}) == opts


def test_a_server_default_gives_way_to_what_the_member_chose():
    # the member's scoring=penalty drops the server's hands_to_win=3
    opts = CrazyEightsOptions.parse({"scoring": "penalty"}, defaults={"hands_to_win": "3"})
    assert (opts.scoring, opts.hands_to_win) == ("penalty", 1)
    # the member's hands_to_win=3 drops the server's scoring=penalty
    opts = CrazyEightsOptions.parse({"hands_to_win": "3"}, defaults={"scoring": "penalty", "penalty_target": "50"})
    assert (opts.scoring, opts.hands_to_win, opts.penalty_target) == ("wins", 3, 100)
    # defaults that do not clash are kept
    opts = CrazyEightsOptions.parse({"hands_to_win": "3"}, defaults={"jokers": "2", "scoring": "wins"})
    assert (opts.jokers, opts.hands_to_win) == (2, 3)


def test_server_defaults_that_contradict_each_other_never_stop_a_table():
    opts = CrazyEightsOptions.parse({}, defaults={"scoring": "penalty", "hands_to_win": "3"})
    assert (opts.scoring, opts.hands_to_win) == ("penalty", 1)


def test_config_takes_the_newest_default_and_drops_those_it_contradicts():
    assert check_option("crazy_eights", "scoring", "penalty", {"hands_to_win": "3"}) == {"scoring": "penalty"}
    assert check_option("crazy_eights", "hands_to_win", "3", {"scoring": "penalty"}) == {"hands_to_win": "3"}
    with pytest.raises(ConfigError, match="penalty_target' only counts with scoring=penalty"):
        check_option("crazy_eights", "penalty_target", "50", {})
    # resetting scoring to the game's own drops the penalty_target that only counted with it
    assert reset_option("crazy_eights", "scoring", {"scoring": "penalty", "penalty_target": "50"}) == {}


def test_the_help_of_every_dependent_option_names_its_condition():
    dependent = {(g.key, i.name): i.help for g in GAMES.values() for i in g.Options.describe() if i.only_with}
    assert dependent[("crazy_eights", "hands_to_win")] == "only with scoring=wins: hands needed to win the match"
    assert len(dependent) == 16
    for help in dependent.values():
        condition = help.removeprefix("only with ").split(":")[0]
        assert help.startswith("only with ") and help.count(condition) == 1, "the condition is said once"


def test_dou_dizhu_quad_kickers_counts_whatever_the_kickers_option():
    """Issue 13, item 14: each kicker option does what its help says whatever the other is set to,
    so quad_kickers is not tied to kickers=strict."""
    parsed = DouDizhuOptions.parse({"kickers": "relaxed", "quad_kickers": "pair_ok"})
    assert (parsed.kickers, parsed.quad_kickers) == ("relaxed", "pair_ok")

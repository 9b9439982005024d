"""Dou Dizhu: the rules in shared/rules/dou_dizhu.md, one rule per test."""

import random
from collections import Counter
from functools import partial

import pytest

from games import cards as C
from games.dou_dizhu import BID, GAME, PLAY
from games.engine import Move
from games.text import text_from
from tests import climbing_states
from tests.playthrough import assert_events_private, assert_no_leak, assert_refused
from tests.table_helpers import move_texts

PACK = Counter(C.french_deck(jokers=2))


def playing(hands, *, landlord=0, turn=None, bid=1, shown=None, **kw):
    """A state in the play phase with the given hands (codes) and, with ``on``, that play
    on the table by ``by`` (`tests.climbing_states.round_state`; ``as_`` picks its reading).
    The rest of the pack counts as played earlier."""
    s = climbing_states.round_state(GAME, hands, turn=landlord if turn is None else turn, **kw)
    s.phase, s.landlord, s.high_bid, s.high_bidder = PLAY, landlord, bid, landlord
    s.shown = [list(x.split()) for x in shown] if shown else [[], [], []]
    s.widow, s.widow_shown = [], []
    s.bombs, s.plays_made = 0, [1, 1, 1]
    s.played = climbing_states.rest_of(PACK, s, *s.shown)
    climbing_states.assert_every_card_in_a_zone(GAME, s, PACK)
    return s


plays = partial(move_texts, GAME)
refused = partial(assert_refused, GAME)


def bids(s, *moves):
    for move in moves:
        GAME.apply(s, s.turn, move)


# --- the deal and the face-up card -------------------------------------------------------------

def test_deal_17_each_and_3_face_down_and_the_face_up_cards_holder_bids_first():
    s = GAME.start(3, {}, seed=4)
    assert [len(h) + len(k) for h, k in zip(s.hands, s.shown, strict=True)] == [17] * 3 and len(s.widow) == 3
    assert s.shown[s.first_bidder] == [s.faceup] and s.turn == s.first_bidder and s.phase == BID
    zones = {z.name: z for z in GAME.zones(s)}
    assert zones[f"known {s.first_bidder}"].visible_to == "all" and zones["widow"].visible_to == "none"
    for seat in (None, 0, 1, 2):
        view = GAME.view(s, seat)
        assert_no_leak(GAME, s, seat, view)
        shown = [c for p in view.piles for c in p.cards] + view.hand
        assert shown.count(s.faceup) == 1, "the face-up card is shown to everyone, once"
        assert not any(C.text(s.faceup) in f for f in view.facts)


# --- the auction -------------------------------------------------------------------------------

def test_bids_are_1_2_or_3_each_higher_than_the_last_or_pass():
    s = GAME.start(3, {}, seed=4)
    assert plays(s) == ["bid 1", "bid 2", "bid 3", "pass"]
    bids(s, "bid 2")
    assert plays(s) == ["bid 3", "pass"]
    assert "more than 2" in refused(s, s.turn, "bid 1")
    assert "Bid 1, 2 or 3" in refused(s, s.turn, "bid 4")
    assert "auction is on" in refused(s, s.turn, "play 3S as=single")


def test_a_bid_of_3_ends_the_auction_at_once():
    s = GAME.start(3, {}, seed=4)
    first = s.turn
    bids(s, "pass", "bid 3")
    assert s.phase == PLAY and s.landlord == (first + 1) % 3 and s.high_bid == 3 and s.turn == s.landlord


def test_two_passes_after_a_bid_end_the_auction_and_a_player_who_passed_may_bid_again():
    s = GAME.start(3, {}, seed=4)
    a, b, c = s.turn, (s.turn + 1) % 3, (s.turn + 2) % 3
    bids(s, "pass", "bid 1", "pass")
    assert s.phase == BID and s.turn == a, "one pass after the bid is not enough"
    bids(s, "bid 2")                      # a passed earlier and comes back in
    assert s.high_bidder == a and s.turn == b
    bids(s, "pass", "pass")
    assert s.phase == PLAY and s.landlord == a and s.high_bid == 2
    assert [text_from(b) for b in s.bids] == [f"{{p{a}}} pass", f"{{p{b}}} 1", f"{{p{c}}} pass", f"{{p{a}}} 2",
                      f"{{p{b}}} pass", f"{{p{c}}} pass"]


def test_if_nobody_bids_the_cards_are_dealt_again_with_a_new_face_up_card():
    s = GAME.start(3, {"deals": 3}, seed=4)
    before = (s.faceup, [list(h) for h in s.hands])
    bids(s, "pass", "pass", "pass")
    assert s.hand_no == 2 and s.phase == BID and (s.faceup, s.hands) != before
    assert s.scores == [100, 100, 100]


def test_a_thrown_in_deal_counts_towards_the_match():
    s = GAME.start(3, {"deals": 1}, seed=4)
    bids(s, "pass", "pass", "pass")
    assert s.over and GAME.outcome(s).winners == [0, 1, 2]


def test_the_widow_is_shown_to_everyone_and_taken_by_the_landlord():
    s = GAME.start(3, {}, seed=4)
    widow = list(s.widow)
    events = []
    for move in ("bid 1", "pass", "pass"):
        events += GAME.apply(s, s.turn, move)
    lord = s.landlord
    assert len(s.hands[lord]) + len(s.shown[lord]) == 20 and s.widow == []
    assert set(widow) <= set(s.shown[lord]) and s.widow_shown == widow
    assert any("The widow" in e.text and e.to is None for e in events)
    other = (lord + 1) % 3
    view = GAME.view(s, other)
    assert_no_leak(GAME, s, other, view)
    assert any(p.name == f"Known cards of {{p{lord}}}" and set(widow) <= set(p.cards) for p in view.piles)
    onlookers = GAME.view(s, None)
    assert [c for p in onlookers.piles for c in p.cards].count(widow[0]) == 1, "the widow is listed once"
    assert not any(C.text(widow[0]) in f for f in onlookers.facts) and "Widow" not in [p.name for p in view.piles]


def test_with_widow_reveal_off_only_the_landlord_sees_the_widow():
    s = GAME.start(3, {"widow_reveal": False}, seed=4)
    widow = list(s.widow)
    events = []
    for move in ("bid 1", "pass", "pass"):
        events += GAME.apply(s, s.turn, move)
    lord = s.landlord
    assert set(widow) <= set(s.hands[lord]) and s.widow_shown == []
    private = [e for e in events if C.text(widow[0]) in e.text]
    assert private and all(e.to == lord for e in private)
    assert_events_private(GAME, s, [e for e in events if e.to is None])
    for seat in (None, 0, 1, 2):
        assert_no_leak(GAME, s, seat, GAME.view(s, seat))


# --- play ---------------------------------------------------------------------------------------

def test_the_landlord_leads_anything_and_may_not_pass_on_an_empty_table():
    s = playing(["3S 3H 3D 4S", "5S", "6S"])
    assert plays(s) == ["play 3S as=single", "play 4S as=single", "play 3S 3H as=pair", "play 3S 3H 3D as=triple",
                        "play 3S 3H 3D 4S as=trio1"]
    assert "cannot pass" in refused(s, 0, "pass")


def test_the_next_play_must_match_kind_and_size_and_kickers_do_not_count():
    s = playing(["7S 7H 7D 5S 5H 4C", "3S", "6S"], turn=0, on="4S 4H 4D AS", by=2)
    assert plays(s) == ["play 4C 7S 7H 7D as=trio1", "play 5S 7S 7H 7D as=trio1", "pass"]
    why = refused(s, 0, "play 7S 7H 7D 5S 5H as=trio2")
    assert "trips + single" in why and "4♠ 4♥ 4♦" in why, "the refusal names the kind to match"


def test_airplanes_with_one_different_kicker_per_trip():
    s = playing(["3S 3H 3D 4S 4H 4D 9C JD 9H", "5S", "6S"])
    found = plays(s)
    assert "play 3S 3H 3D 4S 4H 4D 9H JD as=plane1" in found
    assert "play 3S 3H 3D 4S 4H 4D 9H 9C as=plane1" not in found, "text: 3-3-3-4-4-4-9-9 is not valid"
    assert "play 3S 3H 3D 4S 4H 4D 9H 9C as=plane2" not in found
    assert "not a combination" in refused(s, 0, "play 3S 3H 3D 4S 4H 4D 9H 9C as=plane1")


def test_2s_and_jokers_never_join_a_run_but_may_be_kickers():
    s = playing(["KS KH KD AS AH AD 2S JKR 10C JC QC", "5S", "6S"])
    found = plays(s)
    assert "play KS KH KD AS AH AD 2S JKR as=plane1" in found
    assert not any("2S" in m and "straight" in m for m in found)
    assert "play 10C JC QC KS AS as=straight" in found


def test_both_jokers_are_never_kickers_together():
    s = playing(["3S 3H 3D 4S 4H 4D JKB JKR", "5S", "6S"])
    assert "play 3S 3H 3D 4S 4H 4D JKB JKR as=plane1" not in plays(s)
    assert "play JKB JKR as=rocket" in plays(s)


def test_four_of_a_kind_with_two_singles_or_two_pairs_and_the_option_for_a_pair():
    s = playing(["5S 5H 5D 5C 8S 8H KC KD", "3S", "6S"])
    found = plays(s)
    assert "play 5S 5H 5D 5C 8S KD as=quad1" in found and "play 5S 5H 5D 5C 8S 8H KD KC as=quad2" in found
    assert "play 5S 5H 5D 5C 8S 8H as=quad1" not in found
    s = playing(["5S 5H 5D 5C 8S 8H KC KD", "3S", "6S"], opts={"quad_kickers": "pair_ok"})
    assert "play 5S 5H 5D 5C 8S 8H as=quad1" in plays(s)


def test_a_bomb_beats_any_other_play_and_only_a_higher_bomb_or_the_rocket_beats_a_bomb():
    s = playing(["4S 4H 4D 4C 9S", "3S", "6S"], turn=0, on="10S JS QS KS AS", by=1)
    assert plays(s) == ["play 4S 4H 4D 4C as=bomb", "pass"]
    s = playing(["4S 4H 4D 4C JKB JKR", "3S", "6S"], turn=0, on="5S 5H 5D 5C", by=1)
    assert plays(s) == ["play JKB JKR as=rocket", "pass"]
    s = playing(["2S 2H 2D 2C 9S", "3S", "6S"], turn=0, on="JKB JKR", by=1)
    assert plays(s) == ["pass"], "nothing beats the rocket"


def test_passing_does_not_keep_you_out_and_two_passes_give_a_free_lead():
    s = playing(["5S 9S QS", "6S 10S", "7S JS"], landlord=0)
    GAME.apply(s, 0, "play 5S as=single")
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "play 7S as=single")
    GAME.apply(s, 0, "play 9S as=single")
    assert s.turn == 1 and "play 10S as=single" in plays(s)
    GAME.apply(s, 1, "pass")
    events = GAME.apply(s, 2, "pass")
    assert "leads anything" in events[-1].text and s.turn == 0 and not s.table


def test_suits_do_not_matter_one_card_set_per_play_and_other_suits_are_redirected():
    s = playing(["3S 3H 3D 9C", "5S", "6S"])
    assert "play 3S 3H as=pair" in plays(s) and "play 3H 3D as=pair" not in plays(s)
    assert "written 'play 3S 3H as=pair'" in refused(s, 0, "play 3H 3D as=pair")


def test_known_cards_are_played_like_any_other():
    s = playing(["3S 9C", "5S", "6S"], shown=["4H", "", ""])
    assert "play 4H as=single" in plays(s)
    GAME.apply(s, 0, "play 4H as=single")
    assert s.shown[0] == [] and s.table == ["4H"]


# --- settlement ---------------------------------------------------------------------------------

def test_when_the_landlord_goes_out_each_peasant_pays_the_bid():
    s = playing(["9S", "5S 6S", "7S 8S"], landlord=0, bid=2)
    events = GAME.apply(s, 0, "play 9S as=single")
    assert s.scores == [104, 98, 98]
    assert any("landlord wins" in e.text for e in events)


def test_when_a_peasant_goes_out_the_landlord_pays_each_peasant():
    s = playing(["9S 10S", "5S", "7S 8S"], landlord=0, turn=1, bid=3)
    GAME.apply(s, 1, "play 5S as=single")
    assert s.scores == [94, 103, 103]


def test_every_bomb_or_rocket_doubles_the_payment():
    s = playing(["4S 4H 4D 4C 9S", "5S 6S", "JKB JKR 7S"], landlord=0, turn=2, bid=1)
    GAME.apply(s, 2, "play JKB JKR as=rocket")
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 1, "pass")
    GAME.apply(s, 2, "play 7S as=single")
    assert s.scores == [96, 102, 102], "one rocket: ×2, paid to both peasants"
    s = playing(["4S 4H 4D 4C", "5S 6S", "JKB JKR 7S"], landlord=0, turn=0, bid=1)
    s.bombs = 1
    GAME.apply(s, 0, "play 4S 4H 4D 4C as=bomb")
    assert s.scores == [108, 96, 96], "two bombs: ×4, paid by both peasants"


def test_the_stake_fact_and_the_match_fact_pluralise_bombs_and_deals():
    """'(1 bomb or rocket)', '(2 bombs or rockets)', 'Match: 1 deal', never '1 deals'."""
    s = playing(["4S 4H 4D 4C 9S", "5S 6S", "JKB JKR 7S"], landlord=0, turn=2, bid=1, opts={"deals": 1})
    facts = GAME.view(s, None).facts
    assert any(f.startswith("Match: 1 deal,") for f in facts)
    assert any(f.endswith("stake ×1 (0 bombs or rockets)") for f in facts)
    GAME.apply(s, 2, "play JKB JKR as=rocket")
    assert any(f.endswith("stake ×2 (1 bomb or rocket)") for f in GAME.view(s, None).facts)
    s.bombs = 2
    assert any(f.endswith("stake ×4 (2 bombs or rockets)") for f in GAME.view(s, None).facts)
    assert any(f.startswith("Match: 3 deals") for f in GAME.view(GAME.start(3, {}, seed=1), None).facts)


def test_bomb_multiplier_is_an_option():
    s = playing(["4S 4H 4D 4C", "5S 6S", "7S"], landlord=0, bid=1, opts={"bomb_multiplier": 3})
    GAME.apply(s, 0, "play 4S 4H 4D 4C as=bomb")
    assert s.scores == [106, 97, 97]


def test_spring_option_doubles_when_the_losers_never_played():
    s = playing(["9S", "5S 6S", "7S 8S"], landlord=0, bid=1, opts={"spring": True})
    s.plays_made = [3, 0, 0]
    GAME.apply(s, 0, "play 9S as=single")
    assert s.scores == [104, 98, 98]
    s = playing(["9S", "5S 6S", "7S 8S"], landlord=0, bid=1)
    s.plays_made = [3, 0, 0]
    GAME.apply(s, 0, "play 9S as=single")
    assert s.scores == [102, 99, 99], "spring is off by default"
    s = playing(["9S 10S", "5S", "7S 8S"], landlord=0, turn=1, bid=1, opts={"spring": True})
    s.plays_made = [1, 2, 0]
    GAME.apply(s, 1, "play 5S as=single")
    assert s.scores == [96, 102, 102], "the landlord played only the first lead"


def test_stake_multiplies_the_bid():
    s = playing(["9S", "5S 6S", "7S 8S"], landlord=0, bid=2, opts={"stake": 5})
    GAME.apply(s, 0, "play 9S as=single")
    assert s.scores == [120, 90, 90]


# --- the match ------------------------------------------------------------------------------------

def test_the_match_lasts_the_set_number_of_deals_and_the_most_chips_win():
    s = playing(["9S", "5S 6S", "7S 8S"], landlord=0, bid=1, opts={"deals": 1})
    GAME.apply(s, 0, "play 9S as=single")
    assert s.over and GAME.outcome(s).winners == [0] and GAME.outcome(s).placings == [1, 2, 2]
    s = playing(["9S", "5S 6S", "7S 8S"], landlord=0, bid=1, opts={"deals": 2})
    GAME.apply(s, 0, "play 9S as=single")
    assert not s.over and s.phase == BID and s.hand_no == 2


def test_the_match_ends_early_when_a_stack_runs_out_unless_chips_are_off():
    s = playing(["9S", "5S 6S", "7S 8S"], landlord=0, bid=3, scores=[100, 3, 50])
    GAME.apply(s, 0, "play 9S as=single")
    assert s.over and s.scores == [106, 0, 47]
    s = playing(["9S", "5S 6S", "7S 8S"], landlord=0, bid=3, opts={"chips": 0})
    assert s.scores == [0, 0, 0]
    GAME.apply(s, 0, "play 9S as=single")
    assert not s.over and s.scores == [6, -3, -3]


# --- relaxed kickers and the prompt ---------------------------------------------------------------

def test_relaxed_kickers_offer_every_reading_of_an_airplane_and_name_the_main_rank():
    """Relaxed kickers: 333444555666 is a bare airplane, 333-444-555 + 6, 6, 6 or 444-555-666
    + 3, 3, 3; a play names which (top=), the multi-select offers each, the prompt tells them apart."""
    s = playing(["3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D", "3C", "6C"], opts={"kickers": "relaxed"})
    twelve = "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D"
    assert [str(m) for m in GAME.moves_for(s, 0, twelve.split())] == [
        f"play {twelve} as=plane", f"play {twelve} as=plane1 top=5", f"play {twelve} as=plane1 top=6"]
    assert "more than one way" in refused(s, 0, f"play {twelve} as=plane1")
    paths = {str(c.move): c.path for c in GAME.prompt(s, 0).choices}
    assert paths[f"play {twelve} as=plane1 top=5"][-1] == ("Which run?", "3–5")
    assert paths[f"play {twelve} as=plane1 top=6"][-1] == ("Which run?", "4–6")


KICKER_SETTINGS = [{"kickers": k, "quad_kickers": q} for k in ("strict", "relaxed") for q in ("distinct", "pair_ok")]


def _setting_id(opts: dict) -> str:
    return f"{opts['kickers']}-{opts['quad_kickers']}"


def _kinds_offered(s, seat: int, cards: str) -> dict[str, list[str]]:
    """What the three ways of choosing a play offer for exactly ``cards``: the moves, the
    multi-select's readings (`moves_for`) and the step-by-step prompt's first answers."""
    want = sorted(cards.split())
    return {"moves": [str(m) for m in GAME.moves(s, seat) if sorted(m.args) == want],
            "moves_for": [str(m) for m in GAME.moves_for(s, seat, want)],
            "prompt": [c.path[0][1] for c in GAME.prompt(s, seat).choices if sorted(c.move.args) == want]}


@pytest.mark.parametrize("opts", KICKER_SETTINGS, ids=_setting_id)
def test_clarification_a_bare_quad_is_only_a_bomb_and_every_bomb_counts_for_the_doubling(opts):
    """Clarification: a bare quad is always and only a bomb, whatever the kicker options,
    never trips + single; so playing it doubles the payment."""
    s = playing(["4S 4H 4D 4C", "5S 6S", "7S 8S"], landlord=0, turn=0, on="3S 3H 3D 9S", by=2, opts=opts,
                scores=[100, 100, 100])
    bomb = "play 4S 4H 4D 4C as=bomb"
    assert plays(s) == [bomb, "pass"]
    assert _kinds_offered(s, 0, "4S 4H 4D 4C") == {"moves": [bomb], "moves_for": [bomb], "prompt": ["Bomb"]}
    assert "read as as=bomb" in refused(s, 0, "play 4S 4H 4D 4C as=trio1")
    GAME.apply(s, 0, bomb)
    assert s.scores == [104, 98, 98] and "1 bomb" in text_from(s.last_result)


@pytest.mark.parametrize("opts", KICKER_SETTINGS, ids=_setting_id)
def test_clarification_44445555_is_never_quad_with_pairs_only_the_airplane_with_wings_under_relaxed(opts):
    """Clarification: quad + two pairs needs pairs of two different ranks in every setting;
    under relaxed kickers 4-4-4-4-5-5-5-5 reads only as airplane 444-555 + 4, 5."""
    s = playing(["4S 4H 4D 4C 5S 5H 5D 5C 9S", "3S", "6S"], opts=opts)
    eight = "4S 4H 4D 4C 5S 5H 5D 5C"
    offered = _kinds_offered(s, 0, eight)
    if opts["kickers"] == "relaxed":
        plane = f"play {eight} as=plane1 top=5"
        assert offered == {"moves": [plane], "moves_for": [plane], "prompt": ["Airplane + singles"]}
        assert "read as as=plane1" in refused(s, 0, f"play {eight} as=quad2")
    else:
        assert offered == {"moves": [], "moves_for": [], "prompt": []}
        assert "not a combination" in refused(s, 0, f"play {eight} as=quad2")
    assert not any(c.move.param("as") == "quad2" for c in GAME.prompt(s, 0).choices)


@pytest.mark.parametrize("kickers", ["strict", "relaxed"])
def test_quad_kickers_distinct_refuses_a_pair_as_the_two_singles_and_pair_ok_allows_it_under_either_kicker_rule(
        kickers):
    """Option quad_kickers: "distinct: the two singles with four of a kind differ in rank;
    pair_ok: they may be a pair", whatever the kickers option says."""
    six = "5S 5H 5D 5C 8S 8H"
    s = playing([six + " 9S", "3S", "6S"], opts={"kickers": kickers, "quad_kickers": "distinct"})
    assert _kinds_offered(s, 0, six) == {"moves": [], "moves_for": [], "prompt": []}
    assert "not a combination" in refused(s, 0, f"play {six} as=quad1")
    assert "play 5S 5H 5D 5C 8S 9S as=quad1" in plays(s)
    s = playing([six + " 9S", "3S", "6S"], opts={"kickers": kickers, "quad_kickers": "pair_ok"})
    quad = f"play {six} as=quad1"
    assert _kinds_offered(s, 0, six) == {"moves": [quad], "moves_for": [quad], "prompt": ["Four + two singles"]}
    GAME.apply(s, 0, quad)
    assert s.table_as == "quad1"


@pytest.mark.parametrize("opts", KICKER_SETTINGS, ids=_setting_id)
def test_quad_with_two_pairs_of_two_other_ranks_is_a_play_in_every_setting(opts):
    """Rules text: four of a kind + two pairs (5-5-5-5-8-8-K-K), in every kicker setting."""
    s = playing(["5S 5H 5D 5C 8S 8H KS KH", "3S", "6S"], opts=opts)
    assert "play 5S 5H 5D 5C 8S 8H KS KH as=quad2" in plays(s)


def test_option_help_says_what_each_kicker_option_does():
    """The help an admin reads names what each option governs (the tests above check it holds)."""
    info = {i.name: i for i in GAME.Options.describe()}
    assert "airplane" in info["kickers"].help
    assert "four of a kind" in info["quad_kickers"].help and "pair_ok" in info["quad_kickers"].help


def test_prompt_for_an_airplane_asks_the_run_then_the_kickers():
    s = playing(["3S 3H 3D 4S 4H 4D 5C 7C 9C JC KC AC 2C JKR", "5S", "6S"])
    prompt = GAME.prompt(s, 0)
    first = [a for a, _ in prompt.step(()).answers]
    assert first[:4] == ["Single", "Pair", "Trips", "Airplane"] and "Airplane + singles" in first
    assert len(first) <= 25
    step = prompt.step(("Airplane + singles",))
    assert step.question == "Which run?" and [a for a, _ in step.answers] == ["3–4"]
    step = prompt.step(("Airplane + singles", "3–4"))
    assert step.question in ("Which kickers?", "Including which kicker?") and len(step.answers) <= 25


def test_bid_prompt_lists_the_bids_and_pass():
    s = GAME.start(3, {}, seed=4)
    step = GAME.prompt(s, s.turn).step(())
    assert step.question == "Your bid" and [a for a, _ in step.answers] == ["1", "2", "3", "Pass"]


# --- computer players ---------------------------------------------------------------------------------

def test_hand_progress_scores_the_peasants_by_their_best_hand():
    s = playing(["3S 4S 5S 6S", "7S", "8S 9S 10S"], landlord=0)
    assert GAME.hand_progress(s) == [-4.0, -1.0, -1.0]


def test_rollout_peasant_does_not_beat_its_partner():
    s = playing(["3S 4S 5S 6S 8C 9C 10C", "7S 3C", "8S 9S 10S QS KS"], landlord=0, turn=2, on="6C", by=1)
    picks = Counter(str(GAME.rollout_move(s, 2, GAME.moves(s, 2), random.Random(n))) for n in range(40))
    assert picks["pass"] >= 30


def test_rollout_bids_are_legal():
    s = GAME.start(3, {}, seed=9)
    for n in range(20):
        assert GAME.rollout_move(s, s.turn, GAME.moves(s, s.turn), random.Random(n)) in GAME.moves(s, s.turn)


def test_a_random_match_ends_and_keeps_the_chip_total():
    s = GAME.start(3, {"deals": 5}, seed=12)
    rng = random.Random(3)
    while not s.over:
        moves = GAME.moves(s, s.turn)
        GAME.apply(s, s.turn, moves[rng.randrange(len(moves))])
    assert sum(s.scores) == 300


@pytest.mark.parametrize("move", ["bid 2 now", "play", "play 3S ZZ as=pair", "draw"])
def test_malformed_moves_are_refused_with_a_reason(move):
    s = GAME.start(3, {}, seed=4)
    if move.startswith("play"):
        for m in ("bid 3",):
            GAME.apply(s, s.turn, m)
    assert refused(s, s.turn, move)


def test_moves_are_offered_only_to_the_seat_to_play():
    s = GAME.start(3, {}, seed=4)
    other = (s.turn + 1) % 3
    assert GAME.moves(s, other) == [] and "not your turn" in refused(s, other, Move("pass"))


def test_a_bid_a_rocket_and_the_result_read_in_chinese_as_斗地主():
    """A Chinese reader sees the game as 斗地主: a bid as 叫2分 (and in the auction's fact), the rocket as
    王炸 doubling the stake, and the peasants' win paid by the landlord, with the bombs counted."""
    from games.localize import render

    names = ["甲", "乙", "丙"]
    assert render(GAME.title, "zh_CN") == "斗地主"
    s = GAME.start(3, {}, seed=4)
    (bid,) = GAME.apply(s, 0, "bid 2")
    assert render(bid.text, "zh_CN", names) == "甲 叫2分。"
    assert "叫分：甲 2分" in [render(f, "zh_CN", names) for f in GAME.view(s, None).facts]

    s = playing(["4S 4H 4D 4C 9S", "5S 6S", "JKB JKR 7S"], landlord=0, turn=2, bid=1)
    lines = [render(e.text, "zh_CN", names) for e in GAME.apply(s, 2, "play JKB JKR as=rocket")]
    assert lines[:2] == ["丙 出了王炸 小王 🃏 大王 🃏。", "王炸！倍数乘以2。"]
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 1, "pass")
    lines = [render(e.text, "zh_CN", names) for e in GAME.apply(s, 2, "play 7S as=single")]
    assert "丙 出完了牌：农民赢了！" in lines
    assert "第1局：地主 甲 付给每个农民 2 筹码（叫1分和1个炸弹）。" in lines
    assert render(text_from(s.last_result), "zh_CN", names) == "第1局：地主 甲 付给每个农民 2 筹码（叫1分和1个炸弹）"

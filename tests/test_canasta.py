"""Canasta: the rules in shared/rules/canasta.md, every Decision and Clarification by name."""

import random
from collections import Counter

from games import cards as C
from games.ai.search import SearchPlayer
from games.canasta import BLACK_THREE, GAME, RULES, CanastaState, value
from games.cli import render_view
from games.common import melds as M
from games.engine import Move
from games.localize import render
from games.playout import playouts
from tests.playthrough import assert_refused

DECK = Counter(C.french_deck(jokers=2, decks=2))
NAMES = ["Ann", "Bob", "Cy", "Di"]


def table(hands, *, discard=("10S.1",), turn=0, phase="draw", melds=None, red3s=None, stock=None, options=None,
          scores=None) -> CanastaState:
    """A state with the given hands, discard pile (top last), side melds ({rank: cards} per side) and red
    3s; the cards named nowhere make the stock (or, with ``stock`` given, lie under the discard pile)."""
    players = len(hands)
    s = GAME.start(players, options or {}, 3)
    s.melds = [{str(r): list(c) for r, c in side.items()} for side in (melds or ({}, {}))]
    s.red3s = [list(x) for x in (red3s or ([], []))]
    named = Counter(c for h in hands for c in h) + Counter(discard)
    named += Counter(c for side in s.melds for cards in side.values() for c in cards)
    named += Counter(c for r in s.red3s for c in r)
    rest = list((DECK - named).elements())
    rest = [c for c in rest if not (C.RANK[c] == 3 and C.SUIT[c] in "HD")] + \
        [c for c in rest if C.RANK[c] == 3 and C.SUIT[c] in "HD"]     # red 3s deep in the stock
    rest.reverse()
    hands = [list(h) for h in hands]
    s.discard = list(discard)
    if stock is None:
        s.stock = rest
    else:   # the other cards lie under the pile, but wild cards and red 3s (the last hand holds them)
        s.stock = list(stock)
        under = list((Counter(rest) - Counter(stock)).elements())
        hot = [c for c in under if C.RANK[c] in (0, 2) or (C.RANK[c] == 3 and C.SUIT[c] in "HD")]
        hands[-1] += hot
        s.discard = [c for c in under if c not in hot] + s.discard
    s.hands = [sorted(h, key=C.sort_key) for h in hands]
    s.turn, s.phase, s.draft, s.taking, s.asked, s.window, s.last_turn = turn, phase, [], False, "", {}, False
    s.fresh = not s.melds[turn % 2]
    s.dealer = (turn - 1) % players
    if scores is not None:
        s.scores = list(scores)
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    return s


def en(text) -> str:
    return render(text, "en", NAMES)


def play(s, seat, move):
    return GAME.apply(s, seat, Move.parse(move) if isinstance(move, str) else move)


def kinds(s, seat=None):
    return {m.kind for m in GAME.moves(s, s.turn if seat is None else seat)}


KINGS7 = ["KS", "KH", "KD", "KC", "KS.1", "KH.1", "KD.1"]
NINES = ["9S", "9H", "9D"]


def test_decision_1_the_rest_of_the_pile_does_not_count_toward_the_minimum() -> None:
    """Decision 1: a take opens with the upcard and the hand cards only; the aces under it do not count."""
    s = table([["5S", "5H", "8C", "9D", "JH"], ["6C", "7C"]], discard=("AS", "AH", "AD", "5C"))
    play(s, 0, "take 5S 5H")
    assert "commit" not in kinds(s)
    assert "needs 50 points to open: 15 so far" in en(GAME.commit_refusal(s, 0))
    assert "Needs 50 to open: 15 so far." in en(GAME.prompt(s, 0).text)
    play(s, 0, "clear")
    assert s.phase == "draw" and s.discard[-1] == "5C" and len(s.hands[0]) == 5


def test_decision_2_pile_frozen_only_by_wilds_and_red_threes_unless_the_option() -> None:
    """Decision 2: a side without melds may take an unfrozen pile with a natural and a wild card; with
    ``frozen_until_meld`` it needs a natural pair."""
    hands = [["QS", "2C", "AS", "AH", "AD", "KC"], ["6C", "7C"]]
    s = table(hands, discard=("4C", "QD"))
    assert Move("take", ("QS", "2C")) in GAME.moves(s, 0)
    s = table(hands, discard=("4C", "QD"), options={"frozen_until_meld": True})
    assert not [m for m in GAME.moves(s, 0) if m.kind == "take"]


def test_decision_3_clarification_10_red_threes_negative_without_a_meld() -> None:
    """Clarification 10: a side that melded nothing counts its red 3s against it; option: always positive."""
    for option, sign in (("negative", -1), ("positive", 1)):
        s = table([["4S"], ["6C"], ["5H"], ["7C"]], melds=({4: ["4H", "4D", "4C"], 13: KINGS7}, {}),
                  red3s=([], ["3H", "3D"]), phase="meld", options={"red_threes": option})
        s.fresh = False
        play(s, 0, "discard 4S")
        assert s.scores[1] == sign * 200 - 10


def test_decision_4_clarification_6_black_threes_only_when_going_out() -> None:
    """Clarification 6: three black 3s go into the draft but commit only in a going-out commit."""
    s = table([["3S", "3C", "3S.1", "9C", "8D", "8H"], ["6C"], ["7C"], ["8C"]], phase="meld",
              melds=({13: KINGS7}, {}))
    s.fresh = False
    play(s, 0, "add 3S 3C 3S.1 r=3")
    assert "Black 3s are melded only when going out." in en(GAME.commit_refusal(s, 0))
    s = table([["3S", "3C", "3S.1", "9C"], ["6C"], ["7C"], ["8C"]], phase="meld", melds=({13: KINGS7}, {}))
    s.fresh = False
    play(s, 0, "add 3S 3C 3S.1 r=3")
    play(s, 0, "commit")
    assert sorted(s.melds[0]["3"]) == ["3C", "3S", "3S.1"] and s.hands[0] == ["9C"]
    play(s, 0, "discard 9C")
    assert s.hand_no == 2    # went out


def test_decision_5_clarification_8_empty_stock_take_or_end() -> None:
    """Clarification 8: with the stock empty a player may only take the pile or end the hand; forced_take
    removes the choice when the upcard matches the side's meld."""
    s = table([["9C", "5D", "6D"], ["6C", "7C"]], discard=("9D.1",), stock=(), melds=({9: NINES}, {}))
    assert kinds(s) == {"take", "end"}
    play(s, 0, "end")
    assert s.hand_no == 2
    s = table([["9C", "5D", "6D"], ["6C", "7C"]], discard=("9D.1",), stock=(), melds=({9: NINES}, {}),
              options={"forced_take": True})
    assert kinds(s) == {"take"}
    assert "must take it" in assert_refused(GAME, s, 0, Move("end"))


def test_decision_6_clarification_4_concealed_going_out_after_a_draw_needs_no_minimum() -> None:
    """Clarification 4: going out after a stock draw is exempt from the minimum (a canasta made then)."""
    hand = ["4S", "4H", "4D", "4C", "4S.1", "4H.1", "4D.1", "5C"]
    s = table([hand[:-1], ["6C"], ["7C"], ["8C"]], stock=("5C",), scores=[3500] * 4)
    play(s, 0, "draw")
    play(s, 0, "add 4S 4H 4D 4C 4S.1 4H.1 4D.1 r=4")
    assert "commit" in kinds(s)
    play(s, 0, "commit")
    events = play(s, 0, "discard 5C")
    assert s.hand_no == 2 and any("goes out concealed" in en(e.text) for e in events)
    assert s.scores[0] == 3500 + 35 + 500 + 200 - 5     # melded 35, natural canasta, concealed; partner's 7♣


def test_clarification_4_a_pile_take_always_needs_the_minimum() -> None:
    """Clarification 4: a take that would go out still needs the minimum (here 120 at 3000 points)."""
    s = table([["4S", "4H", "4D", "4C", "4S.1", "4H.1"], ["6C"], ["7C"], ["8C"]], discard=("4D.1",),
              scores=[3000, 0, 3000, 0])
    play(s, 0, "take 4S 4H")
    play(s, 0, "add 4D 4C 4S.1 4H.1 r=4")
    assert "needs 120 points to open: 35 so far" in en(GAME.commit_refusal(s, 0))


def minimum_in(option: str | None, score: int, hand_no: int) -> int:
    s = table([["4S"], ["6C"], ["7C"], ["8C"]], scores=[score] * 4,
              options={"minimums": option} if option else None)
    s.hand_no = hand_no
    return GAME.minimum(s, 0)


def test_option_minimums_score_by_default_hand_by_the_hands_number_flat_fifty() -> None:
    """Option ``minimums`` (the rules file's "minimum table" option): ``score`` (default) is the rules text's
    table by the side's score, whatever the hand; ``hand`` is 50, 90, 120, then 150 from the fourth hand on,
    whatever the score; ``flat`` is 50 in every hand at any score."""
    assert [minimum_in(None, score, 5) for score in (-5, 0, 1495, 1500, 2995, 3000, 4995)] == \
        [15, 50, 50, 90, 90, 120, 120]
    assert [minimum_in("hand", 3000, n) for n in range(1, 7)] == [50, 90, 120, 150, 150, 150]
    assert [minimum_in("hand", -500, 1), minimum_in("hand", -500, 3)] == [50, 120]
    assert [minimum_in("flat", score, n) for score, n in ((-5, 1), (0, 2), (3000, 4), (4500, 9))] == [50] * 4
    assert "These values are the defaults: options may change the opening minimums" in en(GAME.rules)


def test_option_minimums_hand_clarification_4_a_take_in_the_fourth_hand_needs_150() -> None:
    """Option ``minimums: hand`` with Clarification 4: in the fourth hand a side at 0 points needs 150 to open
    with a pile take (by score it would need 50)."""
    s = table([["KS", "KH", "KD", "KC", "AS", "AH", "AD", "9C", "8D"], ["6C"], ["7C"], ["8C"]], discard=("KS.1",),
              options={"minimums": "hand"})
    s.hand_no = 4
    play(s, 0, "take KS KH")
    play(s, 0, "add KD KC r=13")
    play(s, 0, "add AS AH AD r=1")
    assert "needs 150 points to open: 110 so far" in en(GAME.commit_refusal(s, 0))
    s = table([["KS", "KH", "KD", "KC", "AS", "AH", "AD", "9C", "8D"], ["6C"], ["7C"], ["8C"]], discard=("KS.1",))
    s.hand_no = 4
    play(s, 0, "take KS KH")
    play(s, 0, "add KD KC r=13")
    play(s, 0, "add AS AH AD r=1")
    assert GAME.commit_refusal(s, 0) is None


def test_option_minimums_flat_clarification_4_going_out_after_a_draw_stays_exempt() -> None:
    """Option ``minimums: flat`` keeps Clarification 4's exemption: a concealed going out after a stock draw
    needs no minimum, while the same cards without going out need 50."""
    hand = ["4S", "4H", "4D", "4C", "4S.1", "4H.1", "4D.1"]
    s = table([hand, ["6C"], ["7C"], ["8C"]], stock=("5C",), options={"minimums": "flat"})
    play(s, 0, "draw")
    play(s, 0, "add 4S 4H 4D 4C 4S.1 4H.1 4D.1 r=4")
    assert GAME.commit_refusal(s, 0) is None
    s = table([hand + ["9S", "9H"], ["6C"], ["7C"], ["8C"]], stock=("5C",), options={"minimums": "flat"})
    play(s, 0, "draw")
    play(s, 0, "add 4S 4H 4D 4C 4S.1 4H.1 4D.1 r=4")
    assert "needs 50 points to open: 35 so far" in en(GAME.commit_refusal(s, 0))


def test_decision_7_clarification_11_red_threes_on_the_deal_go_down_and_the_dealers_left_starts() -> None:
    """Clarification 11: no red 3 stays in a dealt hand; each laid one was replaced; the dealer's left starts."""
    for seed in range(30):
        s = GAME.start(4, {}, seed)
        assert not any(C.RANK[c] == 3 and C.SUIT[c] in "HD" for h in s.hands for c in h)
        assert [len(h) for h in s.hands] == [11] * 4
        assert s.turn == (s.dealer + 1) % 4
        assert len(s.stock) + len(s.discard) + sum(map(len, s.red3s)) == 108 - 44
        if any(s.red3s):
            break
    else:
        raise AssertionError("no deal with a red 3 in 30 seeds")


def test_decision_8_match_ends_at_the_target_higher_side_wins_a_tie_plays_on() -> None:
    """Decision 8: at 5000 or more the higher side wins; an exact tie plays another hand."""
    s = table([["4S"], ["6C", "7C"], [], []], melds=({4: ["4H", "4D", "4C"], 13: KINGS7}, {}), phase="meld",
              scores=[4900, 4900, 4900, 4900])
    s.fresh = False
    play(s, 0, "discard 4S")
    assert s.over and GAME.outcome(s).winners == [0, 2]
    gain = 15 + 70 + 500 + 100
    s = table([["4S"], ["6C", "7C"], [], []], melds=({4: ["4H", "4D", "4C"], 13: KINGS7}, {}), phase="meld",
              scores=[4400, 4400 + gain + 10, 4400, 4400 + gain + 10])
    s.fresh = False
    play(s, 0, "discard 4S")
    assert s.scores[0] == s.scores[1] >= 5000 and not s.over and s.hand_no == 2      # a tie: another hand


def test_decision_9_ask_partner_only_when_a_way_out_exists() -> None:
    """Decision 9: Ask partner is offered only when the going-out checker finds a way out."""
    melds = ({13: KINGS7}, {})
    s = table([["9S", "9H", "9D", "5C"], ["6C"], ["7C"], ["8C"]], phase="meld", melds=melds)
    assert "ask" in kinds(s)
    s = table([["9S", "9H", "5D", "5C"], ["6C"], ["7C"], ["8C"]], phase="meld", melds=melds)
    assert "ask" not in kinds(s)


def test_decision_10_minimum_counts_card_values_only() -> None:
    """Decision 10: red 3s and bonuses do not count toward the minimum: three aces and a 2 make 80."""
    s = table([["AS", "AH", "AD", "2C", "5C", "6D"], ["6C"]], phase="meld", red3s=(["3H"], []))
    play(s, 0, "add AS AH AD 2C r=1")
    assert GAME.draft_points(s) == 80 and "commit" in kinds(s)


def test_clarification_1_frozen_pile_with_the_rank_already_melded_joins_the_meld() -> None:
    s = table([["9C", "9S.1", "5D", "6D"], ["6C"]], discard=("JKR", "9D.1"), melds=({9: NINES}, {}))
    takes = [m for m in GAME.moves(s, 0) if m.kind == "take"]
    assert takes == [Move("take", ("9S.1", "9C"))] or takes == [Move("take", ("9C", "9S.1"))]
    play(s, 0, takes[0])
    play(s, 0, "commit")
    assert len(s.melds[0]["9"]) == 6 and "JKR" in s.hands[0] and not s.discard


def test_clarification_2_wild_or_black_three_on_top_blocks_the_pile() -> None:
    for top in ("2C", "JKB", "3S"):
        s = table([[top.replace("2C", "2D").replace("JKB", "JKR").replace("3S", "3C"), "5D", "6D"], ["6C"]],
                  discard=("8C", top), melds=({9: NINES}, {}))
        assert kinds(s) == {"draw"}
        assert "Nobody may take the pile" in assert_refused(GAME, s, 0, Move("take"))
    s = table([["8S", "5D", "6D"], ["6C"]], discard=("2C", "8C"), melds=({8: ["8H", "8D", "8H.1"]}, {}))
    assert not [m for m in GAME.moves(s, 0) if m.kind == "take"]       # covered wild: still frozen


def test_clarification_3_keep_a_card_when_not_going_out() -> None:
    s = table([["9C", "9S.1", "5D"], ["6C"]], phase="meld", melds=({9: NINES}, {}))
    s.fresh = False
    play(s, 0, "add 9C 9S.1 r=9")
    assert "Keep a card" in en(GAME.commit_refusal(s, 0))
    play(s, 0, "undo")
    play(s, 0, "add 9C r=9")
    assert "commit" in kinds(s)


def test_clarification_5_concealed_bonus_replaces_the_hundred() -> None:
    """Clarification 5: the side had nothing melded before this turn: 200, finishing with a discard or not."""
    s = table([["4S", "4H", "4D", "4C", "4S.1", "4H.1", "4D.1", "JS", "JH", "JD"], ["6C"], [], []], phase="meld")
    play(s, 0, "add 4S 4H 4D 4C 4S.1 4H.1 4D.1 r=4")
    play(s, 0, "add JS JH JD r=11")
    events = play(s, 0, "commit")
    assert any("goes out concealed" in en(e.text) for e in events)
    assert s.scores[0] == 35 + 30 + 500 + 200


def test_clarification_7_may_i_go_out_answer_binds() -> None:
    """Clarification 7: the partner answers in a window; after No the player may not go out this turn,
    after Yes they must; the question comes once a turn; the timeout answers the option's default."""
    melds = ({13: KINGS7}, {})
    s = table([["9S", "9H", "9D", "5C"], ["6C"], ["7C"], ["8C"]], phase="meld", melds=melds)
    s.fresh = False
    play(s, 0, "ask")
    assert GAME.to_move(s) == frozenset({2}) and GAME.reaction(s)
    assert GAME.timeout_move(s, 2) == Move("yes")
    play(s, 2, "no")
    assert s.asked == "no" and "ask" not in kinds(s)
    play(s, 0, "add 9S 9H 9D r=9")
    assert "Keep a card" in en(GAME.commit_refusal(s, 0))
    s = table([["9S", "9H", "9D", "9C", "5C"], ["6C"], ["7C"], ["8C"]], phase="meld", melds=melds)
    s.fresh = False
    play(s, 0, "ask")
    play(s, 2, "yes")
    assert not [m for m in GAME.moves(s, 0) if m.kind == "discard"]     # must go out: no plain discard
    play(s, 0, "add 9S 9H 9D 9C r=9")
    play(s, 0, "commit")
    play(s, 0, "discard 5C")
    assert s.hand_no == 2
    s2 = table([["9S", "9H", "9D", "5C"], ["6C"]], phase="meld", melds=melds)
    assert "ask" not in kinds(s2)                                       # no question with two players
    s3 = table([["9S", "9H", "9D", "5C"], ["6C"], ["7C"], ["8C"]], phase="meld", melds=melds,
               options={"ask_default": False})
    play(s3, 0, "ask")
    assert GAME.timeout_move(s3, 2) == Move("no")


def test_clarification_9_nobody_out_no_going_out_bonus() -> None:
    s = table([["9C", "5D"], ["6C", "7C"]], discard=("8D",), stock=(), melds=({9: NINES}, {}))
    held = value(s.hands[1])
    play(s, 0, "end")
    assert s.scores == [30 - 15, -held]      # melds 30, 9♣ and 5♦ in hand; nobody gets a going-out bonus


def test_clarification_12_two_player_draw_two_red_threes_replaced() -> None:
    s = table([["9C", "5D"], ["6C", "7C"]], stock=("8C", "4D", "3H", "JS"))
    play(s, 0, "draw")
    assert sorted(s.hands[0]) == sorted(["9C", "5D", "JS", "4D"]) and s.red3s[0] == ["3H"] and s.stock == ["8C"]
    s = table([["9C", "5D"], ["6C", "7C"]], stock=("8C",))
    play(s, 0, "draw")
    assert "8C" in s.hands[0] and not s.stock


def test_red_three_as_last_stock_card_ends_the_hand_without_a_discard() -> None:
    s = table([["9C", "5D", "6D"], ["6C", "7C"], ["8C"], ["4D"]], stock=("3H",), melds=({9: NINES}, {}))
    play(s, 0, "draw")
    assert s.last_turn and not [m for m in GAME.moves(s, 0) if m.kind == "discard"] and "end" in kinds(s)
    play(s, 0, "add 9C r=9")
    play(s, 0, "commit")
    play(s, 0, "end")
    assert s.hand_no == 2


def test_scoring_canastas_red_threes_and_going_out() -> None:
    """500 a natural canasta, 300 a mixed one, 800 for all four red 3s, 100 for going out, minus hands."""
    mixed = ["QS", "QH", "QD", "QC", "QS.1", "2C", "JKR"]
    s = table([["4S"], ["6C", "7C"], ["AS"], ["8D"]], phase="meld",
              melds=({13: KINGS7, 12: mixed, 4: ["4H", "4D", "4C"]}, {}), red3s=(["3H", "3D", "3H.1", "3D.1"], []))
    s.fresh = False
    play(s, 0, "discard 4S")
    assert s.scores[0] == 70 + 120 + 15 + 500 + 300 + 800 + 100 - 20


def test_pile_starts_frozen_when_the_upcard_is_wild() -> None:
    """The deal turns cards until the upcard is not wild or a red 3; such cards stay in the pile, frozen."""
    for seed in range(60):
        s = GAME.start(4, {}, seed)
        if len(s.discard) > 1:
            assert GAME.frozen(s, s.turn)
            assert not (C.RANK[s.discard[-1]] in (0, 2) or s.discard[-1].startswith(("3H", "3D")))
            return
    raise AssertionError("no deal with a turned wild upcard in 60 seeds")


def test_the_draft_is_private_and_survives_a_json_round_trip() -> None:
    """The draft is the mover's alone: the others' view is the same as without one (what a search may
    imagine for them), and a JSON round trip keeps it."""
    s = table([["9C", "9S.1", "9H", "5D", "KC"], ["6C"], ["7C"], ["8C"]], phase="meld")
    play(s, 0, "add 9C 9S.1 9H r=9")
    again = type(s).from_json(s.to_json())
    assert again.draft == s.draft
    mine, theirs = GAME.view(again, 0), GAME.view(again, 1)
    assert mine.private and "9♣" in en(mine.private[0]) and "is melding" in en(mine.status)
    assert not theirs.private and "to meld and discard" in en(theirs.status)
    assert theirs == GAME.view(GAME.determinize(again, 1, random.Random(1)), 1)


def test_the_terminal_shows_the_draft_to_its_player_only_and_the_hand_grouped() -> None:
    """The CLI front end, like the Discord panel: the mover reads the draft's melds (private lines), the
    others do not; a hand reads by rank groups ("9 ×3") as in Discord."""
    s = table([["9C", "9S.1", "9H", "5D", "KC"], ["6C"], ["7C"], ["8C"]], phase="meld")
    play(s, 0, "add 9C 9S.1 9H r=9")
    mine = render_view(GAME, GAME.view(s, 0), NAMES)
    theirs = render_view(GAME, GAME.view(s, 1), NAMES)
    assert "🔒 Draft: 9♣" in mine and "as a new meld" in mine
    assert "Draft" not in theirs and "🔒" not in theirs
    assert "Your hand: K ×1, 9 ×3, 5 ×1" in mine     # drafted cards stay in the hand until the commit


def test_add_path_is_rank_naturals_wilds_within_discord_limits_at_the_largest_hand() -> None:
    """Input: rank, then naturals, then wild cards, each step at most 25 answers, with a 60-card hand."""
    deck = [c for c in C.french_deck(jokers=2, decks=2) if not (C.RANK[c] == 3 and C.SUIT[c] in "HD")]
    hand = sorted(deck[:60], key=C.sort_key)
    s = table([hand, [deck[60]]], phase="meld", melds=({13: ["KS.1", "KH.1", "KD.1"]}, {}))
    prompt = GAME.prompt(s, 0)
    top = prompt.step(())
    assert len(top.answers) <= 20
    add = next(label for label, _ in top.answers if label == "Add to the draft")
    ranks = prompt.step((add,))
    assert 1 < len(ranks.answers) <= 14
    naturals = prompt.step((add, ranks.answers[0][0]))
    assert len(naturals.answers) <= 25
    wilds = prompt.step((add, ranks.answers[0][0], naturals.answers[-1][0]))
    assert len(wilds.answers) <= 10
    assert "×" in en(GAME.hand_text(s.hands[0]))


def test_hand_text_groups_by_rank() -> None:
    assert en(GAME.hand_text(["7S", "7H", "7D", "KS", "KH", "2C", "JKR", "3S"])) == \
        "K ×2, 7 ×3, Black 3 ×1, 2 ×1, Joker ×1"


def test_red_threes_taken_with_the_pile_go_down_without_a_replacement() -> None:
    """Red 3s found in the discard pile are laid down with the side's others, and not replaced."""
    s = table([["9C", "9S.1", "5D", "6D"], ["6C"], ["7C"], ["8C"]], discard=("3H", "4S", "9D.1"),
              melds=({4: ["4H", "4D", "4C"]}, {}))
    stock = len(s.stock)
    play(s, 0, GAME.moves(s, 0)[-1])
    play(s, 0, "commit")
    assert s.red3s[0] == ["3H"] and "3H" not in s.hands[0] and "4S" in s.hands[0] and len(s.stock) == stock


def test_an_imagined_deal_gives_nobody_a_red_three() -> None:
    """The search's imagined deals keep red 3s out of the hands (they are laid down at once)."""
    for seed in range(40):
        s = GAME.start(4, {}, seed)
        twin = GAME.determinize(s, 0, random.Random(seed))
        assert not any(C.RANK[c] == 3 and C.SUIT[c] in "HD" for h in twin.hands for c in h)
        assert twin.hands[0] == s.hands[0] and Counter(c for z in GAME.zones(twin) for c in z.cards) == DECK


def test_a_discard_may_name_any_copy_of_the_offered_card() -> None:
    """Suits do not matter: "discard 9C" is accepted when the offered discard of 9s names another 9 (a player
    typing their card, or a computer's copy, is not refused)."""
    s = table([["9S", "9C", "5D", "6D"], ["6C", "7C"]], phase="meld")
    assert Move("discard", ("9C",)) not in GAME.moves(s, 0)
    play(s, 0, "discard 9C")
    assert s.discard[-1] == "9C" and sorted(s.hands[0]) == ["5D", "6D", "9S"]


def _melds_valid(s: CanastaState) -> bool:
    return all(M.is_closing_set(cards, RULES) if int(rank) == BLACK_THREE else M.is_set(cards, RULES)
               for side in s.melds for rank, cards in side.items())


def test_a_playout_turn_keeps_to_the_rules() -> None:
    """The search's quick playout turns (a whole turn at once) keep every card, lay only valid melds
    (two naturals, at most three wild cards), open a side only with its minimum, keep a card unless
    going out, and pass the turn on."""
    turns = opened = outs = 0
    for seed in range(12):
        s = GAME.start(4, {"hands": 1}, seed)
        rng = random.Random(seed)
        with playouts():
            while not s.over:
                seat = min(GAME.to_move(s))
                side, hand_no, had = seat % 2, s.hand_no, dict(s.melds[seat % 2])
                quick = not (s.window or s.draft or not s.stock or s.last_turn)
                minimum = GAME.minimum(s, seat)
                GAME.rollout_play(s, seat, rng)
                assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
                assert _melds_valid(s)
                if s.over or s.hand_no != hand_no:
                    outs += 1
                    continue
                if quick and not s.last_turn:
                    turns += 1
                    assert s.turn != seat and s.phase == "draw" and len(s.hands[seat]) >= 1
                    if not had and s.melds[side]:
                        opened += 1
                        assert sum(value(c) for c in s.melds[side].values()) >= minimum
    assert turns > 300 and opened >= 12 and outs >= 6


def test_the_search_weighs_the_discard_and_follows_the_rule_of_thumb_in_melding() -> None:
    """Once the rule of thumb would discard, the computer searches which card to let go (playouts run, a
    discard comes out); while it melds, its draft follows the rule of thumb without a search."""
    s = table([["9S.1", "9C", "KD", "5D", "6C", "4H"], ["6C.1", "7C"], ["8H"], ["JC"]], phase="meld",
              melds=({9: ["9H", "9D", "9S"]}, {}))
    player = SearchPlayer(iterations=40, seconds=None, seed=1)
    move = player.choose(GAME, s, 0)
    assert move.kind == "add" and player.last_iterations == 0
    play(s, 0, move)
    while s.draft:
        play(s, 0, player.choose(GAME, s, 0))
    assert len(s.melds[0]["9"]) == 5 and "9C" in s.melds[0]["9"]
    move = player.choose(GAME, s, 0)
    assert move.kind == "discard" and player.last_iterations == 40

"""Triple Play: the rules in shared/rules/triple_play.md, every Decision and Clarification by name."""

import random
from collections import Counter

from games import cards as C
from games.common import melds as M
from games.engine import Move
from games.localize import render
from games.triple_play import GAME, RULES, TriplePlayState, book_complete, value
from tests.playthrough import assert_refused

DECK = Counter(C.french_deck(jokers=2, decks=6))
NAMES = ["Ann", "Bob", "Cy", "Di"]


def plain(rest: list[str]) -> list[str]:
    return [c for c in rest if C.RANK[c] not in (0, 2, 3)]


def table(hands, *, discard=("10S.1",), turn=0, phase="draw", melds=None, closed=None, stage=None, knees=None,
          feet=None, red3s=None, stock=None, options=None, hand_no=1) -> TriplePlayState:
    """A state with the given hands, discard pile (top last), open melds ({rank: cards} per side), closed
    canastas ([(rank, cards)] per side), stages, knees and feet (default: plain cards); the cards named
    nowhere make the stock (given ``stock``: the rest lies under the discard pile)."""
    s = GAME.start(4, options or {}, 3)
    s.melds = [{str(r): list(c) for r, c in side.items()} for side in (melds or ({}, {}))]
    s.closed = [[[r, list(c)] for r, c in side] for side in (closed or ([], []))]
    s.red3s = [list(x) for x in (red3s or ([], []))]
    s.stage = list(stage or [0, 0, 0, 0])
    named = Counter(c for h in hands for c in h) + Counter(discard) + Counter(stock or ())
    named += Counter(c for side in s.melds for cards in side.values() for c in cards)
    named += Counter(c for side in s.closed for _, cards in side for c in cards)
    named += Counter(c for r in s.red3s for c in r)
    for piles in (knees, feet):
        named += Counter(c for pile in piles or () for c in pile)
    rest = sorted((DECK - named).elements(), key=lambda c: (C.RANK[c] == 3 and C.SUIT[c] in "HD", c), reverse=True)
    if knees is None:
        knees = [[] if s.stage[i] else [rest.pop(rest.index(c)) for c in plain(rest)[:13]] for i in range(4)]
    if feet is None:
        feet = [[] if s.stage[i] == 2 else [rest.pop(rest.index(c)) for c in plain(rest)[:11]] for i in range(4)]
    s.knees, s.feet = [list(k) for k in knees], [list(f) for f in feet]
    s.discard = list(discard)
    if stock is None:
        s.stock = rest
    else:
        s.stock, s.discard = list(stock), rest + s.discard
    s.hands = [sorted(h, key=C.sort_key) for h in hands]
    s.turn, s.phase, s.draft, s.taking, s.took, s.asked, s.window = turn, phase, [], False, False, "", {}
    s.hand_no, s.dealer = hand_no, (turn - 1) % 4
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK
    return s


def en(text) -> str:
    return render(text, "en", NAMES)


def play(s, seat, move):
    return GAME.apply(s, seat, Move.parse(move) if isinstance(move, str) else move)


def kinds(s, seat=None):
    return {m.kind for m in GAME.moves(s, s.turn if seat is None else seat)}


def copies(code: str, n: int, start: int = 0) -> list[str]:
    """``n`` copies of a card from different packs: "KS", "KS.1", …"""
    return [code if k == 0 else f"{code}.{k}" for k in range(start, start + n)]


def of_rank(rank: str, n: int, skip: int = 0) -> list[str]:
    """``n`` cards of a rank ("K", "JK" for jokers) over the suits and packs, after the first ``skip``."""
    codes = [f"JK{c}" for c in "RB"] if rank == "JK" else [rank + s for s in "SHDC"]
    every = [code if k == 0 else f"{code}.{k}" for k in range(6) for code in codes]
    return every[skip:skip + n]


KINGS7 = copies("KS", 6) + ["KH"]
FIVES7, SEVENS7 = copies("5S", 6) + ["5H"], copies("7S", 6) + ["7H"]
WILD7 = copies("JKR", 6) + ["2S"]
QUEENS_MIXED = copies("QS", 6) + ["2H"]
BOOK = [(5, FIVES7), (7, SEVENS7), (0, WILD7), (13, KINGS7), (12, QUEENS_MIXED)]
HANDS4 = [["4S"], ["6C"], ["4H"], ["6D"]]


# --- the deal --------------------------------------------------------------------------------------------

def test_decision_deck_and_deal_six_packs_hand_15_knee_13_foot_11_unseen() -> None:
    """Decision "Deck and deal": 324 cards; 15 in hand, a knee of 13 and a foot of 11 that nobody sees."""
    s = GAME.start(4, {}, 7)
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK and len(DECK) == 324
    assert [len(k) for k in s.knees] == [13] * 4 and [len(f) for f in s.feet] == [11] * 4
    assert all(len(h) == 15 for h in s.hands)           # red 3s laid down were replaced
    view = GAME.view(s, 0)
    seen = set(view.hand) | {c for p in view.piles for c in p.cards}
    assert not seen & (set(s.knees[0]) | set(s.feet[0]))
    assert any("knee of 13 cards" in en(n) for n in view.seats[0].notes)


def test_decision_upcard_a_joker_2_red_3_5_or_7_is_buried() -> None:
    """Decision "Upcard": the first upcard is never a joker, 2, red 3, 5 or 7 (buried, another turned)."""
    tops = [GAME.start(4, {}, seed).discard for seed in range(40)]
    assert all(len(pile) == 1 for pile in tops)
    assert all(C.RANK[p[0]] not in (0, 2, 5, 7) and not (C.RANK[p[0]] == 3 and C.SUIT[p[0]] in "HD") for p in tops)


# --- red 3s ------------------------------------------------------------------------------------------------

def test_decision_red_threes_replaced_before_the_knee_clarification_6_not_after() -> None:
    """Decision "Red 3s" and Clarification 6: a red 3 drawn from the hand goes down and is replaced; after
    the knee it goes down without a replacement."""
    s = table([["4S", "9C"], *HANDS4[1:]], stock=("8D", "8H", "3H", "9D"))
    play(s, 0, "draw")
    assert s.red3s[0] == ["3H"] and sorted(s.hands[0]) == sorted(["4S", "9C", "9D", "8H"])
    s = table([["4S", "9C"], *HANDS4[1:]], stock=("8D", "8H", "3H", "9D"), stage=[1, 0, 0, 0])
    play(s, 0, "draw")
    assert s.red3s[0] == ["3H"] and sorted(s.hands[0]) == sorted(["4S", "9C", "9D"])


# --- drawing and taking the pile ------------------------------------------------------------------------

def test_decision_drawing_two_from_the_stock() -> None:
    """Decision "Drawing": a stock draw brings two cards."""
    s = table([["4S", "9C"], *HANDS4[1:]], stock=("8D", "8H", "9D"))
    play(s, 0, "draw")
    assert len(s.hands[0]) == 4 and s.stock == ["8D"]


def test_decision_2_the_pile_needs_a_natural_pair_relaxed_allows_a_wild() -> None:
    """Decision 2: taking the pile needs a natural pair of the upcard's rank; option ``pile_pickup`` relaxed
    also allows a natural and a wild card (never for 5s or 7s)."""
    hands = [["QS", "2C", "AS", "AH", "AD", "KC"], *HANDS4[1:]]
    s = table(hands, discard=("4C", "QD"))
    assert "take" not in kinds(s)
    assert "natural pair" in assert_refused(GAME, s, 0, Move("take", ("QS", "2C")))
    s = table(hands, discard=("4C", "QD"), options={"pile_pickup": "relaxed"})
    assert Move("take", ("QS", "2C")) in GAME.moves(s, 0)
    s = table([["5S", "2C", "AS"], *HANDS4[1:]], discard=("4C", "5D"), options={"pile_pickup": "relaxed"})
    assert "take" not in kinds(s)


def test_rules_text_a_wild_upcard_needs_two_of_its_own_rank_a_black_three_blocks() -> None:
    """Rules text (Decision "Drawing"): under a 2 you need two 2s (jokers do not do), under a black 3 nobody
    takes the pile."""
    s = table([["2C", "JKR", "JKB", "AS"], *HANDS4[1:]], discard=("4C", "2D"))
    assert "take" not in kinds(s)
    s = table([["2C", "2H", "AS"], *HANDS4[1:]], discard=("4C", "2D"))
    assert "take" in kinds(s) and GAME.refuse(s, 0, Move("take", ("2C", "2H"))) is None
    s = table([["3S.1", "3C.1", "AS"], *HANDS4[1:]], discard=("4C", "3S"))
    assert "take" not in kinds(s)
    assert "black 3" in assert_refused(GAME, s, 0, Move("take", ("3S.1", "3C.1")))


def test_decision_4_clarification_4_a_take_opens_with_the_upcard_and_hand_cards_only() -> None:
    """Decision 4 and Clarification 4: the opening minimum counts the upcard, the pair and melds laid with them,
    never the rest of the pile."""
    s = table([["9S", "9H", "KS", "KH", "KD", "8C"], *HANDS4[1:]], discard=("AS", "AH", "AD", "9D"))
    play(s, 0, "take 9S 9H")
    assert "commit" not in kinds(s)
    assert "needs 50 points to open: 30 so far" in en(GAME.commit_refusal(s, 0))
    play(s, 0, "add KS KH KD r=13")
    play(s, 0, "commit")
    assert sorted(s.melds[0]["9"]) == ["9D", "9H", "9S"] and {"AS", "AH", "AD"} <= set(s.hands[0])


def test_decision_discarding_a_take_ends_with_a_knock_not_a_discard() -> None:
    """Decision "Discarding": after taking the pile there is no discard; the turn ends with a knock and the
    next player must draw."""
    s = table([["9S", "9H", "KS", "KH", "KD", "8C"], *HANDS4[1:]], discard=("AS", "9D"),
              melds=({4: copies("4D", 3)}, {}))
    play(s, 0, "take 9S 9H")
    play(s, 0, "commit")
    assert "discard" not in kinds(s) and "knock" in kinds(s)
    assert "knock" in assert_refused(GAME, s, 0, Move("discard", ("8C",)))
    play(s, 0, "knock")
    assert s.turn == 1 and not s.discard and kinds(s) == {"draw"}


def test_clarification_3_a_take_onto_an_open_meld_fills_it_to_seven_the_rest_stays() -> None:
    """Clarification 3: with an open meld of six, the upcard closes it; the pair, still required, stays in
    hand."""
    six = copies("9C", 6)
    s = table([["9S", "9H", "8C"], *HANDS4[1:]], discard=("AS", "9D"), melds=({9: six}, {}))
    play(s, 0, "take 9S 9H")
    play(s, 0, "commit")
    assert not s.melds[0].get("9") and [r for r, _ in s.closed[0]] == [9]
    assert {"9S", "9H", "AS"} <= set(s.hands[0])


# --- melds ---------------------------------------------------------------------------------------------------

def test_decision_melds_wild_quota_one_up_to_five_two_in_six_or_seven() -> None:
    """Decision "Melds": at most one wild card in three to five cards, two in six or seven."""
    assert M.is_set(["KS", "KH", "2C"], RULES) and not M.is_set(["KS", "KH", "2C", "JKR"], RULES)
    assert not M.is_set(["KS", "KH", "KD", "2C", "JKR"], RULES)
    assert M.is_set(["KS", "KH", "KD", "KC", "2C", "JKR"], RULES)
    assert not M.is_set(["KS", "KH", "KD", "KC", "2C", "JKR", "2D"], RULES)
    assert not M.is_set(copies("KS", 8), RULES)


def test_decision_melds_fives_and_sevens_take_no_wild_card() -> None:
    """Decision "Melds": 5s and 7s never hold a wild card; the draft offers none with them."""
    assert not M.is_set(["5S", "5H", "2C"], RULES) and not M.is_set(["7S", "7H", "7D", "JKR"], RULES)
    s = table([["7S", "7H", "7D", "2C", "JKR", "9C"], *HANDS4[1:]], phase="meld")
    adds = [m for m in GAME.moves(s, 0) if m.kind == "add" and m.param("r") == "7"]
    assert adds and all(not RULES.is_wild(c) for m in adds for c in m.args)


def test_decision_9_clarification_11_all_wild_melds_of_three_to_seven_one_open() -> None:
    """Decision 9 and Clarification 11: 3 to 7 wild cards, 2s and jokers mixed, meld alone, exempt from the
    quota; they make the wild canasta, and a side has one open wild meld."""
    assert M.is_set(["2C", "JKR", "2D"], RULES) and M.is_set(WILD7, RULES) and not M.is_set(["2C", "JKR"], RULES)
    assert M.canasta_kind(WILD7, RULES) == M.WILD
    s = table([["2C", "JKR", "2D", "JKB", "9C"], *HANDS4[1:]], phase="meld", melds=({0: ["2H", "2S", "JKR.1"]}, {}))
    targets = {m.param("r") for m in GAME.moves(s, 0) if m.kind == "add"}
    assert targets == {"0"}                # onto the open wild meld, not a second one
    play(s, 0, "add 2C 2D JKR JKB r=0")
    play(s, 0, "commit")
    assert s.closed[0][0][0] == 0 and not s.melds[0]


def test_decision_5_clarification_11_a_canasta_closes_at_seven_and_a_new_meld_starts() -> None:
    """Decision 5: a canasta is exactly seven cards and closed; more of the rank start a new meld (only one
    incomplete meld per rank)."""
    kings = of_rank("K", 12)
    s = table([kings[:10] + ["9C", "8D"], *HANDS4[1:]], phase="meld", melds=({4: copies("4D", 3)}, {}))
    adds = [m for m in GAME.moves(s, 0) if m.kind == "add" and m.param("r") == "13"]
    assert max(len(m.args) for m in adds) == 7
    play(s, 0, Move("add", tuple(kings[:7]), (("r", "13"),)))
    play(s, 0, Move("add", tuple(kings[7:10]), (("r", "13"),)))
    play(s, 0, "commit")
    assert [r for r, _ in s.closed[0]] == [13] and len(s.melds[0]["13"]) == 3
    s.hands[0] += kings[10:]
    s.stock = [c for c in s.stock if c not in kings[10:]]
    biggest = max(len(m.args) for m in GAME.moves(s, 0) if m.kind == "add" and m.param("r") == "13")
    assert biggest == 2              # onto the open meld of three: no second open meld of kings


def test_decision_minimums_by_deal_50_90_120_150_then_150() -> None:
    """Decision "Minimums by deal" and Clarification 12: 50, 90, 120, 150, and 150 after the fourth."""
    needs = [GAME.minimum(table([["4S"], ["6C"], ["4H"], ["6D"]], hand_no=n), 0) for n in range(1, 7)]
    assert needs == [50, 90, 120, 150, 150, 150]


def test_option_minimums_score_by_the_sides_score_flat_fifty_deal_by_default() -> None:
    """Option ``minimums`` (the rules file's "minimum table" option): ``deal`` (default, Clarification 12) goes by
    the deal whatever the score; ``score`` by the side's score before the deal: below 2500 50, from 2500 90,
    from 5000 120, from 10000 150, whatever the deal; ``flat`` 50 in every deal."""
    def need(option: str | None, score: int, deal: int) -> int:
        s = table(HANDS4, hand_no=deal, options={"minimums": option} if option else None)
        s.scores = [score] * 4
        return GAME.minimum(s, 0)

    assert [need(None, 12000, n) for n in (1, 2, 5)] == [50, 90, 150]
    assert [need("score", score, 4) for score in (-300, 0, 2495, 2500, 4995, 5000, 9995, 10000)] == \
        [50, 50, 50, 90, 90, 120, 120, 150]
    assert [need("flat", score, n) for score, n in ((0, 1), (6000, 3), (12000, 6))] == [50, 50, 50]
    assert "These values are the defaults: options may change the opening minimums" in en(GAME.rules)


def test_option_minimums_score_clarification_4_the_first_commit_needs_the_sides_table() -> None:
    """Option ``minimums: score`` with Clarification 4: in the first deal a side at 5000 points (after earlier
    matches' deals) needs 120 to open, and the table shows it."""
    s = table([["KS", "KH", "KD", "AS", "AH", "AD", "8C", "9C"], *HANDS4[1:]], phase="meld",
              options={"minimums": "score"})
    s.scores = [5000, 0, 5000, 0]
    play(s, 0, "add KS KH KD r=13")
    play(s, 0, "add AS AH AD r=1")
    assert "needs 120 points to open: 90 so far" in en(GAME.commit_refusal(s, 0))
    assert any("the first melds need 120" in en(f) for f in GAME.view(s, 0).facts)


# --- knee and foot --------------------------------------------------------------------------------------

def test_decision_knee_first_canasta_picks_up_the_knee_at_once_partner_next_turn() -> None:
    """Decision "Knee and foot" and Clarification 8: the player completing the side's first canasta picks up
    the knee at once and plays on; the partner's knee joins their hand at the start of their next turn."""
    s = table([KINGS7 + ["9C", "8D"], ["6C", "6H"], ["4H", "4D"], ["6D", "6S"]], phase="meld",
              melds=({4: copies("4C", 3)}, {}), stock=("JD", "JH", "QD", "QH", "10D", "10H"))
    play(s, 0, Move("add", tuple(KINGS7), (("r", "13"),)))
    play(s, 0, "commit")
    assert s.stage[0] == 1 and len(s.hands[0]) == 2 + 13 and not s.knees[0] and s.turn == 0
    play(s, 0, "discard 9C")
    assert s.stage[2] == 0
    play(s, 1, "draw")
    play(s, 1, "discard 6C")
    assert s.turn == 2 and s.stage[2] == 1 and len(s.hands[2]) == 2 + 13 and s.phase == "draw"


def test_decision_3_clarification_8_manual_knee_is_a_button_on_the_partners_turns() -> None:
    """Decision 3 and Clarification 8, ``knee: manual``: the partner gets a Pick up knee move on their turns
    (no reminder, no penalty) and plays from the hand until they press it."""
    s = table([["4S", "4H"], ["6C", "6H"], ["9H", "9D"], ["6D", "6S"]], turn=2, closed=([(13, KINGS7)], []),
              stage=[1, 0, 0, 0], options={"knee": "manual"})
    assert "knee" in kinds(s) and s.stage[2] == 0
    play(s, 2, "draw")
    assert "knee" in kinds(s)
    play(s, 2, "knee")
    assert s.stage[2] == 1 and len(s.hands[2]) == 4 + 13 and "knee" not in kinds(s)
    assert "not yours" in assert_refused(GAME, s, 2, Move("knee"))


def test_decision_6_clarification_7_melding_the_last_card_picks_up_the_next_pile_at_once() -> None:
    """Decision 6 and Clarification 7: a hand melded out picks up the next pile in the same turn (the knee even
    before the side's first canasta), then the foot."""
    s = table([["9S", "9H", "9D"], *HANDS4[1:]], phase="meld", melds=({4: copies("4C", 3)}, {}))
    play(s, 0, "add 9S 9H 9D r=9")
    play(s, 0, "commit")
    assert s.stage[0] == 1 and len(s.hands[0]) == 13 and s.turn == 0 and s.phase == "meld"
    s = table([["9S", "9H", "9D"], *HANDS4[1:]], phase="meld", melds=({4: copies("4C", 3)}, {}), stage=[1, 0, 0, 0])
    play(s, 0, "add 9S 9H 9D r=9")
    play(s, 0, "commit")
    assert s.stage[0] == 2 and len(s.hands[0]) == 11 and s.turn == 0


def test_clarification_7_a_last_card_discarded_picks_up_at_the_next_turn() -> None:
    """Clarification 7: when the last card goes as a discard, the next pile is picked up at the start of the
    player's next turn."""
    s = table([["9S"], ["6C", "6H"], ["4H", "4D"], ["6D", "6S"]], phase="meld", stage=[1, 0, 0, 0])
    play(s, 0, "discard 9S")
    assert s.hands[0] == [] and s.stage[0] == 1 and s.turn == 1
    for seat in (1, 2, 3):
        play(s, seat, "draw")
        play(s, seat, Move("discard", (s.hands[seat][0],)))
    assert s.turn == 0 and s.stage[0] == 2 and len(s.hands[0]) == 11


# --- going out -------------------------------------------------------------------------------------------------

def test_clarification_2_the_basic_book_needs_five_different_canastas() -> None:
    """Clarification 2: clean 5s, clean 7s, wild, any other clean (a second 5s or 7s does) and a mixed one of a
    natural rank; a wild canasta is neither clean nor dirty."""
    assert book_complete(BOOK)
    assert not book_complete([c for c in BOOK if c[0] != 12])
    assert book_complete([(5, FIVES7), (7, SEVENS7), (0, WILD7), (7, copies("7D", 7)), (12, QUEENS_MIXED)])
    assert not book_complete([(5, FIVES7), (7, SEVENS7), (0, WILD7), (0, copies("JKB", 7)), (12, QUEENS_MIXED)])


def test_clarifications_9_10_going_out_on_the_foot_with_the_book_after_asking() -> None:
    """Clarifications 9 and 10: on the foot with the book complete a player asks; after yes they go out by
    discarding their last card, and the side scores 200 for it."""
    s = table([["9S", "9H", "9D", "4C"], ["6C"], ["4H"], ["6D"]], phase="meld", closed=(BOOK, []),
              stage=[2, 0, 2, 0], knees=[[], [], [], []], feet=[[], [], [], []])
    assert "discard" in kinds(s) and "ask" in kinds(s)
    assert not any(m.kind == "discard" and len(s.hands[0]) == 1 for m in GAME.moves(s, 0))
    play(s, 0, "ask")
    assert GAME.to_move(s) == frozenset({2})
    play(s, 2, "yes")
    assert "discard" not in kinds(s)            # after yes: meld down, then the last card goes
    assert "keep a way to go out" not in en(GAME.instruction(s, 0))
    play(s, 0, "add 9S 9H 9D r=9")
    play(s, 0, "commit")
    events = play(s, 0, "discard 4C")
    assert any("goes out" in en(e.text) for e in events) and s.over is False and s.hand_no == 2
    melded = sum(value(c) for _, c in BOOK) + 3 * 10
    assert s.scores[0] == melded + 3000 + 5000 + 2500 + 500 + 300 + 200 - 5


def test_clarification_9_on_the_foot_without_the_book_a_card_is_kept() -> None:
    """Clarification 9: on the foot without the book, a commit leaving no card, or only the card the discard
    would take, is refused; the last card is never discarded."""
    s = table([["9S", "9H", "9D", "4C"], *HANDS4[1:]], phase="meld", closed=([(13, KINGS7)], []), stage=[2, 0, 0, 0])
    play(s, 0, "add 9S 9H 9D r=9")
    assert "Keep two cards" in en(GAME.commit_refusal(s, 0)) and "commit" not in kinds(s)
    s = table([["4C"], *HANDS4[1:]], phase="meld", closed=([(13, KINGS7)], []), stage=[2, 0, 0, 0])
    assert "discard" not in kinds(s)


def test_decision_7_clarification_10_no_blocks_going_out_for_the_turn() -> None:
    """Decision 7 and Clarification 10: the partner's no is binding for the turn; the question is asked once."""
    s = table([["9S", "9H", "9D", "4C"], ["6C"], ["4H"], ["6D"]], phase="meld", closed=(BOOK, []),
              stage=[2, 0, 0, 0])
    play(s, 0, "ask")
    play(s, 2, "no")
    assert s.asked == "no" and "ask" not in kinds(s)
    play(s, 0, "add 9S 9H 9D r=9")
    assert "commit" not in kinds(s)             # it would leave the one card the discard takes


def test_decision_7_an_unanswered_question_is_answered_by_the_default() -> None:
    """Decision 7: the partner has ``ask_timeout`` seconds; the default answer is yes (option ``ask_default``)."""
    s = table([["9S", "9H", "9D", "4C"], ["6C"], ["4H"], ["6D"]], phase="meld", closed=(BOOK, []),
              stage=[2, 0, 0, 0], options={"ask_default": False})
    play(s, 0, "ask")
    assert GAME.window_seconds(s) == 60 and GAME.timeout_move(s, 2) == Move("no")


# --- the end of a deal and scoring ------------------------------------------------------------------------

def test_decision_1_clarification_5_an_empty_stock_ends_the_deal_without_a_going_out_bonus() -> None:
    """Decision 1 and Clarification 5: with one card left a player draws it and plays on; a turn beginning on an
    empty stock ends the deal unless the pile can be taken."""
    s = table([["9S", "4D"], ["6C", "6H"], ["4H", "4C"], ["6D", "6S"]], stock=("KD",))
    play(s, 0, "draw")
    assert len(s.hands[0]) == 3 and not s.stock and s.phase == "meld"
    events = play(s, 0, "discard 9S")
    assert s.hand_no == 2 and any("cannot take the pile" in en(e.text) for e in events)
    s = table([["9S", "4D"], ["6C", "9H", "9D"], ["4H", "4C"], ["6D", "6S"]], stock=("KD",))
    play(s, 0, "draw")
    play(s, 0, "discard 9S")
    assert s.hand_no == 1 and kinds(s) == {"take", "end"}


def test_option_stock_out_reshuffle_changes_clarification_5_the_discards_make_a_new_stock() -> None:
    """Option ``stock_out: reshuffle`` (Decision 1 / Clarification 5 by default): a player on an empty stock who
    cannot take the pile draws two from the discards but the top card, shuffled into a new stock, instead
    of ending the deal."""
    hands = [["9S", "4D"], ["6C", "6H"], ["4H", "4C"], ["6D", "6S"]]
    s = table(hands, stock=("KD", "QD"))
    play(s, 0, "draw")
    play(s, 0, "discard 9S")
    assert s.hand_no == 2                       # by default the deal ends (Clarification 5)
    s = table(hands, stock=("KD", "QD"), options={"stock_out": "reshuffle"})
    play(s, 0, "draw")
    play(s, 0, "discard 9S")
    assert s.hand_no == 1 and s.turn == 1 and kinds(s) == {"draw"}
    top, under = s.discard[-1], len(s.discard) - 1
    events = play(s, 1, "draw")
    assert s.hand_no == 1 and s.discard == [top] and len(s.stock) == under - 2 and len(s.hands[1]) == 4
    assert any("discards are shuffled into a new stock" in en(e.text) for e in events)


def test_option_stock_out_reshuffle_a_pile_that_can_be_taken_may_still_be_taken() -> None:
    """Option ``stock_out: reshuffle``: with the stock empty the pile may be taken as usual, or the player draws
    from the reshuffled stock; "end the deal" is no longer offered."""
    s = table([["9S", "9H", "4D"], ["6C", "6H"], ["4H", "4C"], ["6D", "6S"]], discard=("AS", "9D"), stock=(),
              options={"stock_out": "reshuffle"})
    assert kinds(s) == {"draw", "take"}
    assert "Your turn: draw two cards" in en(GAME.instruction(s, 0))


def test_option_stock_out_reshuffle_the_second_card_of_a_draw_and_nothing_left_ends_the_deal() -> None:
    """Option ``stock_out: reshuffle``: a draw of two with one card left takes it and one from the reshuffled
    discards; after a take and a knock nothing is left to shuffle, so the deal ends without a going-out bonus."""
    hands = [["9S", "4D"], ["6C", "6H"], ["4H", "4C"], ["6D", "6S"]]
    s = table(hands, stock=("KD",), options={"stock_out": "reshuffle"})
    top = s.discard[-1]
    play(s, 0, "draw")
    assert len(s.hands[0]) == 4 and "KD" in s.hands[0] and s.discard == [top] and s.stock
    s = table([["9S", "9H", "KS", "KH", "KD", "8C", "8D"], *HANDS4[1:]], discard=("AS", "9D"), stock=(),
              options={"stock_out": "reshuffle"})
    play(s, 0, "take 9S 9H")
    play(s, 0, "add KS KH KD r=13")
    play(s, 0, "commit")
    events = play(s, 0, "knock")
    assert s.hand_no == 2 and any("cannot take the pile: the deal ends" in en(e.text) for e in events)
    assert sum("going out 0," in en(e.text) for e in events) == 2


def test_options_bonus_and_penalty_values_change_clarification_1_and_the_score_line_shows_them() -> None:
    """Options ``sevens_bonus``, ``fives_bonus``, ``wild_bonus``, ``out_bonus`` and ``red_three_penalty`` (the
    rules file's "bonus and penalty values" option) change Clarification 1's canasta bonuses, the going-out
    bonus and the cost of a red 3 left in a knee or foot; the line the players read shows the values."""
    def score(options: dict) -> tuple[int, str]:
        s = table([["3S"], ["6C"], ["4H"], ["6D"]], closed=(BOOK, []), red3s=(["3H"], []),
                  knees=[["3D.1", "KC"], [], [], []], feet=[[], [], [], []], stage=[1, 2, 2, 2], options=options)
        total, line = GAME.side_score(s, 0, 0, False)
        return total, en(line)

    melded = sum(value(c) for _, c in BOOK)
    base, line = score({})
    assert base == melded + 5000 + 3000 + 2500 + 500 + 300 + 100 + 200 - 100 - 500 - 10 - 5
    assert "canastas 11300" in line and "going out 200" in line and "left over −615" in line
    total, line = score({"sevens_bonus": 1500, "fives_bonus": 1000, "wild_bonus": 2000, "out_bonus": 500,
                         "red_three_penalty": 100})
    assert total == melded + 1500 + 1000 + 2000 + 500 + 300 + 100 + 500 - 100 - 100 - 10 - 5
    assert "canastas 5300" in line and "going out 500" in line and "left over −215" in line


def test_clarification_1_one_bonus_per_canasta_and_the_penalties() -> None:
    """Clarification 1 and Decision "Scoring": 7s 5000, 5s 3000, wild 2500, clean 500, dirty 300, one each;
    red 3s 100 (300 more for seven); cards left, knees and feet deducted, black 3s 100, hidden red 3s 500."""
    s = table([["3S"], ["6C"], ["4H"], ["6D"]], closed=(BOOK, []), red3s=(copies("3H", 6) + ["3D"], []),
              knees=[["3D.1", "KC"], [], [], []], feet=[[], [], [], []], stage=[1, 2, 2, 2])
    total, _ = GAME.side_score(s, 0, None, False)
    melded = sum(value(c) for _, c in BOOK)
    assert total == melded + 3000 + 5000 + 2500 + 500 + 300 + 700 + 300 - 100 - 500 - 10 - 5


def test_decision_8_red_threes_score_without_melds() -> None:
    """Decision 8: red 3s laid down score 100 each even for a side that melded nothing."""
    s = table([["4S"], ["6C"], ["4H"], ["6D"]], red3s=(["3H", "3D"], []), knees=[[]] * 4, feet=[[]] * 4,
              stage=[2] * 4)
    assert GAME.side_score(s, 0, None, False)[0] == 200 - 10


def test_clarification_12_the_match_is_four_deals_level_sides_share() -> None:
    """Winner and Clarification 12: the match ends after ``deals`` deals, highest side winning; level sides
    draw (both win)."""
    bare = {"knees": [[]] * 4, "feet": [[]] * 4, "stage": [2] * 4}
    s = table([["4S"], ["4C"], ["4H"], ["4D"]], stock=(), hand_no=4, **bare)
    play(s, 0, "end")
    assert s.over and GAME.outcome(s).winners == [0, 1, 2, 3]
    s = table([["4S"], ["4C"], ["4H"], ["4D"]], stock=(), hand_no=1, **bare)
    play(s, 0, "end")
    assert not s.over and s.hand_no == 2


def test_table_message_shows_melds_canastas_book_and_piles() -> None:
    """Decisions' hardest input: the table shows each open meld, the canastas, a book tracker and the knee and
    foot counts; the panel groups a 60-card hand by rank."""
    s = table([of_rank("K", 20) + of_rank("4", 20, 4) + of_rank("JK", 12) + of_rank("9", 8), *HANDS4[1:]],
              closed=(BOOK[:2], []), melds=({8: copies("8S", 4) + ["2C"]}, {}))
    v = GAME.view(s, 0)
    names = [en(p.name) for p in v.piles]
    assert "8 ×5 (1 wild)" in names and "2 canastas: 5 clean, 7 clean" in names
    assert any("Book of Ann and Cy: clean 5s ✓, clean 7s ✓, wild ✗" in en(f) for f in v.facts)
    assert en(GAME.hand_text(s.hands[0])) == "K ×20, 9 ×8, 4 ×20, Joker ×12"


def test_random_deals_end_and_conserve_cards() -> None:
    """Shared properties at this size: a deal of random play ends with the 324 cards all there."""
    rng = random.Random(1)
    s = GAME.start(4, {"deals": 1, "knee": "manual"}, 11)
    while not s.over:
        seat = min(GAME.to_move(s))
        moves = GAME.moves(s, seat)
        GAME.apply(s, seat, moves[rng.randrange(len(moves))])
    assert Counter(c for z in GAME.zones(s) for c in z.cards) == DECK


def test_options_bonus_values_steer_the_computer_toward_the_canasta_they_pay_most_for() -> None:
    """Options ``sevens_bonus`` and ``fives_bonus``: a computer holding three 7s and three 5s (worth the same
    melded) starts with the rank whose canasta the table's options pay more for."""
    def first_meld(options: dict) -> int:
        s = table([copies("7S", 3) + copies("5S", 3) + ["9C", "JD", "QH", "8C"], *HANDS4[1:]], phase="meld",
                  melds=({13: copies("KS", 3)}, {}), options=options)
        move = GAME.heuristic_move(s, 0, GAME.moves(s, 0), random.Random(0))
        assert move.kind == "add", move
        return int(move.param("r"))

    assert first_meld({"sevens_bonus": 1500}) == 5
    assert first_meld({"fives_bonus": 1000}) == 7

"""I Doubt It: the rules in shared/rules/i_doubt_it.md, one rule per test."""

import json
import random
from collections import Counter

import pytest

from games import cards as C
from games import registry
from games.ai import SearchPlayer
from games.common.window import reaction_id
from games.engine import BadOption, IllegalMove, Move
from games.i_doubt_it import CHOOSE_FALSE, CHOOSE_TRUE, GAME, PICK_FALSE, IDoubtItOptions, claim_text
from tests.playthrough import assert_events_private, assert_no_leak, assert_refused, play_random


def table(hands, *, turn=0, rank=1, pile=None, options=None, dealer=None, seed=7):
    """A state with the given hands (the seat ``turn`` to play, claiming ``rank``).
    Without ``pile``, every card not in a hand lies face down in the pile, so the
    pack is accounted for; with ``pile`` (last play at the end) it is taken as given."""
    players = len(hands)
    s = GAME.start(players, options or {}, seed)
    s.hands = [list(h) for h in hands]
    s.shown = [[] for _ in hands]
    if pile is None:
        used = {c for h in hands for c in h}
        s.pile = [c for c in C.french_deck(decks=s.options["decks"]) if c not in used]
    else:
        s.pile = list(pile)
    s.turn, s.rank = turn, rank
    s.dealer = (turn - 1) % players if dealer is None else dealer
    s.draft, s.claim, s.window, s.out, s.reveal, s.clears = [], {}, {}, [], {}, 0
    GAME._begin_turn(s)
    return s


def refused(s, seat, move):
    return assert_refused(GAME, s, seat, move)


def moves(s, seat):
    return [str(m) for m in GAME.moves(s, seat)]


def declare(s, seat, *cards):
    """Lay a play given as ``"7 n=2"``-style rank groups: the groups of the claimed rank
    are the true cards, the others the bluffs. Returns the events of the building moves."""
    true = sum(int(c.split("n=")[1]) for c in cards if C.RANK_BY_CODE[c.split()[0]] == s.rank)
    bluffs = [c for c in cards if C.RANK_BY_CODE[c.split()[0]] != s.rank]
    claims = s.declarations
    events = []
    if s.stage == CHOOSE_TRUE:
        events += GAME.apply(s, seat, f"true n={true}")
    if s.declarations == claims:
        events += GAME.apply(s, seat, f"false n={sum(int(c.split('n=')[1]) for c in bluffs)}")
    for c in bluffs:
        events += GAME.apply(s, seat, f"bluff {c}")
    assert s.declarations == claims + 1 and s.window
    return events


def answer_all(s, answers):
    """Answer the open window: ``answers`` maps seat → 'doubt'; everyone else passes.
    Returns every event, the closing ones last."""
    events = []
    for seat in sorted(GAME.to_move(s)):
        events += GAME.apply(s, seat, answers.get(seat, "pass"))
    return events


def texts(events):
    return " | ".join(e.text for e in events if e.to is None)


# --- dealing and the claim sequence ------------------------------------------------------------

def test_the_whole_pack_is_dealt_as_evenly_as_it_goes_starting_left_of_the_dealer():
    for players in (3, 4, 5, 7, 10):
        s = GAME.start(players, {}, seed=players)
        sizes = [len(h) for h in s.hands]
        assert sum(sizes) == 52 and max(sizes) - min(sizes) <= 1
        first = (s.dealer + 1) % players
        assert len(s.hands[first]) == max(sizes), "extra cards go to the first seats dealt to"
        assert s.turn == first and s.rank == C.ACE, "the dealer's left starts, claiming aces"
        assert Counter(c for z in GAME.zones(s) for c in z.cards) == Counter(C.french_deck())


def test_two_decks_deal_104_cards_and_allow_plays_of_up_to_eight():
    s = GAME.start(3, {"decks": 2}, seed=1)
    assert sum(len(h) for h in s.hands) == 104
    assert IDoubtItOptions.parse({"decks": 2}).limit() == 8
    assert IDoubtItOptions.parse({}).limit() == 4


def test_the_claimed_rank_runs_ace_to_king_then_ace_again():
    s = table([["KS", "2H"], ["AS", "3D"], ["5C", "9C"]], turn=0, rank=13)
    declare(s, 0, "K n=1")
    assert s.claim == {"seat": 0, "rank": 13, "count": 1}
    answer_all(s, {})
    assert s.rank == C.ACE and s.turn == 1
    declare(s, 1, "3 n=1")
    assert s.claim["rank"] == C.ACE
    answer_all(s, {})
    assert s.rank == 2 and s.turn == 2


def test_the_claim_counts_the_cards_really_played():
    s = table([["7S", "7H", "3D", "KC"], ["2C"], ["4C"]], rank=7)
    events = declare(s, 0, "7 n=2", "K n=1")
    assert s.claim["count"] == 3 and "3 Sevens" in texts(events)
    assert claim_text(6, 1) == "1 Six" and claim_text(6, 2) == "2 Sixes"


# --- building a play (P6: by rank) -----------------------------------------------------------

def test_a_play_starts_with_how_many_true_cards_then_how_many_bluffs():
    s = table([["3S", "7S", "7H", "7D", "KC", "KD"], ["2C"], ["4C"]], rank=7)
    assert s.stage == CHOOSE_TRUE
    assert moves(s, 0) == ["true n=3", "true n=2", "true n=1", "true n=0"]
    step = GAME.prompt(s, 0).step()
    assert step.question == "How many of your 3 Sevens do you lay?"
    assert [label for label, _ in step.answers] == ["3", "2", "1", "None: bluff only"]
    GAME.apply(s, 0, "true n=2")
    assert s.stage == CHOOSE_FALSE and s.draft == ["7S", "7H"], "which Seven goes does not matter: the first ones"
    assert moves(s, 0) == ["false n=0", "false n=1", "false n=2", "clear"], "a play holds at most 4 cards"
    labels = [label for label, _ in GAME.prompt(s, 0).step().answers]
    assert labels == ["None: lay 2 Sevens now", "1", "2", "Start again (take the cards back)"]
    GAME.apply(s, 0, "false n=0")
    assert s.claim == {"seat": 0, "rank": 7, "count": 2} and s.pile[-2:] == ["7S", "7H"]


def test_bluff_cards_are_picked_by_rank_then_count_never_of_the_claimed_rank():
    s = table([["3S", "7S", "KC", "KD", "QH"], ["2C"], ["4C"]], rank=7)
    GAME.apply(s, 0, "true n=1")
    GAME.apply(s, 0, "false n=3")
    assert s.stage == PICK_FALSE and s.bluffs == 3
    assert moves(s, 0) == ["bluff 3 n=1", "bluff Q n=1", "bluff K n=1", "bluff K n=2", "clear"]
    prompt = GAME.prompt(s, 0)
    first = prompt.step()
    assert first.question == "Pick a bluff card (3 to go)"
    assert [label for label, _ in first.answers] == ["Threes (1 held)", "Queens (1 held)", "Kings (2 held)",
                                                     "Start again (take the cards back)"]
    assert first.answers[0][1] == Move.parse("bluff 3 n=1"), "a single card needs no count step"
    second = prompt.step(["Kings (2 held)"])
    assert second.question == "How many Kings?" and [label for label, _ in second.answers] == ["1", "2"]
    GAME.apply(s, 0, "bluff K n=2")
    assert s.bluffs == 1 and not s.window
    assert moves(s, 0) == ["bluff 3 n=1", "bluff Q n=1", "clear"]
    events = GAME.apply(s, 0, "bluff Q n=1")
    assert s.window and s.claim == {"seat": 0, "rank": 7, "count": 4} and sorted(s.pile[-4:]) == [
        "7S", "KC", "KD", "QH"]
    assert "4 Sevens" in texts(events)


def test_without_a_card_of_the_claimed_rank_the_play_starts_with_the_bluff_count():
    s = table([["3S", "KC", "KD"], ["2C"], ["4C"]], rank=7)
    assert s.stage == CHOOSE_FALSE and moves(s, 0) == ["false n=1", "false n=2", "false n=3"]
    assert GAME.prompt(s, 0).step().question == "You hold no Sevens: how many cards do you bluff with?"
    assert "at least one card" in refused(s, 0, "false n=0")
    assert "true cards" in refused(s, 0, "true n=1")


def test_the_play_goes_down_at_once_when_no_room_or_no_other_card_is_left():
    s = table([["7S", "7H", "7D", "7C", "KC"], ["2C"], ["4C"]], rank=7)
    GAME.apply(s, 0, "true n=4")
    assert s.window and s.claim["count"] == 4, "four cards fill a play"
    s2 = table([["7S", "7H"], ["2C"], ["4C"]], rank=7)
    assert moves(s2, 0) == ["true n=2", "true n=1"], "nothing to bluff with: at least one true card"
    GAME.apply(s2, 0, "true n=1")
    assert s2.window and s2.claim["count"] == 1


def test_option_max_cards_caps_a_play():
    s = table([["7S", "7H", "7D", "KC", "QC"], ["2C"], ["4C"]], rank=7, options={"max_cards": 2})
    assert moves(s, 0) == ["true n=2", "true n=1", "true n=0"]
    GAME.apply(s, 0, "true n=1")
    assert moves(s, 0) == ["false n=0", "false n=1", "clear"]
    assert "at most 2 cards" in refused(s, 0, "false n=2")


def test_two_decks_allow_eight_cards_in_a_play():
    s = table([["7S", "7H", "7D", "7C", "7S.1", "7H.1", "KC", "QC", "JC"], ["2C"], ["4C"]], rank=7,
              options={"decks": 2})
    assert moves(s, 0)[0] == "true n=6"
    GAME.apply(s, 0, "true n=6")
    assert moves(s, 0) == ["false n=0", "false n=1", "false n=2", "clear"]


def test_chosen_cards_can_be_taken_back_but_only_three_times_a_turn():
    s = table([["7S", "KC"], ["2C"], ["4C"]], rank=7)
    for _ in range(3):
        GAME.apply(s, 0, "true n=1")
        GAME.apply(s, 0, "false n=1")
        GAME.apply(s, 0, "clear")
        assert s.draft == [] and s.stage == CHOOSE_TRUE and sorted(s.hands[0]) == ["7S", "KC"]
    GAME.apply(s, 0, "true n=1")
    assert moves(s, 0) == ["false n=0", "false n=1"]
    assert "at most 3 times" in refused(s, 0, "clear")


def test_the_prompt_stays_usable_with_a_huge_hand():
    """Hands can exceed 25 cards: every step offers at most ~25 answers."""
    deck = C.french_deck(decks=2)
    s = table([deck[:90], deck[90:97], deck[97:]], rank=5, options={"decks": 2})
    assert len(s.hands[0]) == 90
    for build in ([], ["true n=2"], ["true n=2", "false n=6"], ["true n=0", "false n=8", "bluff K n=3"]):
        t = s.clone()
        for m in build:
            GAME.apply(t, 0, m)
        prompt = GAME.prompt(t, 0)
        assert [c.move for c in prompt.choices] == GAME.moves(t, 0)
        first = prompt.step()
        assert len(first.answers) <= 25
        for label, _ in first.answers:
            nxt = prompt.step([label])
            assert nxt is None or len(nxt.answers) <= 25


def test_a_refused_build_says_why():
    s = table([["7S", "KC"], ["2C"], ["4C"]], rank=7)
    assert "hold only 1 of the claimed Sevens" in refused(s, 0, "true n=2")
    assert "n=" in refused(s, 0, "true n=zero")
    assert "how many Sevens you lay" in refused(s, 0, "false n=1")
    assert "not chosen any cards" in refused(s, 0, "clear")
    assert "no claim to doubt" in refused(s, 0, "doubt")
    assert "not a move" in refused(s, 0, "frobnicate")
    assert "not your turn" in refused(s, 1, "true n=1")
    GAME.apply(s, 0, "true n=0")
    assert "hold only 1 cards of other ranks" in refused(s, 0, "false n=2")
    GAME.apply(s, 0, "false n=1")
    assert "hold only 1 King" in refused(s, 0, "bluff K n=2")
    assert "claimed rank, not a bluff" in refused(s, 0, "bluff 7 n=1")
    assert "Say which rank" in refused(s, 0, "bluff X n=1")
    assert "already chosen your true cards" in refused(s, 0, "true n=1")


def test_texts_for_a_single_card_read_in_the_singular():
    """Agreement when the count is 1: 'lay 1 card', 'You hold 1 Ace', never '1–1 cards' or '1 Aces'."""
    s = table([["AS", "KC"], ["2C"], ["4C"]], rank=C.ACE, options={"max_cards": 1})
    prompt = GAME.prompt(s, 0)
    assert "lay 1 card face down" in prompt.text and "1–1" not in prompt.text
    assert prompt.step().question == "You hold 1 Ace: how many do you lay?"
    s2 = table([["KC"], ["2C"], ["4C"]], rank=C.ACE)
    text = GAME.prompt(s2, 0).text
    assert "you must bluff with 1 card" in text and "1–1" not in text


def test_building_a_play_adds_no_private_line_with_terminal_move_syntax():
    """The buttons and the prompt guide a play; no private 'e.g. false n=1' line repeats (or
    contradicts) the prompt."""
    s = table([["7S", "KC", "QD", "2H"], ["2C"], ["4C"]], rank=7)
    events = GAME.apply(s, 0, "true n=1") + GAME.apply(s, 0, "false n=2") + GAME.apply(s, 0, "bluff K n=1")
    assert events == []
    assert not s.window and "Your play so far: 7♠ K♣" in GAME.prompt(s, 0).text
    assert "e.g." not in GAME.prompt(s, 0).text and "n=" not in GAME.prompt(s, 0).text


# --- hidden cards -------------------------------------------------------------------------------

def test_cards_played_are_seen_by_nobody_until_a_challenge_reveals_them():
    s = table([["7S", "9H", "KC"], ["2C", "3C"], ["4C", "5C"]], rank=7, pile=[])
    seen = {z.name: z.visible_to for z in GAME.zones(s)}
    assert seen["pile"] == "none"
    events = declare(s, 0, "7 n=1", "9 n=1")
    assert sorted(s.pile) == ["7S", "9H"]
    public = [e for e in events if e.to is None]
    for seat in (None, 0, 1, 2):
        blob = json.dumps(GAME.view(s, seat).to_dict(), ensure_ascii=False)
        assert "9H" not in blob and "9♥" not in blob and "7S" not in blob and "7♠" not in blob
        assert_no_leak(GAME, s, seat, GAME.view(s, seat))
        if seat is not None:
            p = GAME.prompt(s, seat)
            assert "9♥" not in p.text and all("9♥" not in label for c in p.choices for _, label in c.path)
    assert all("9♥" not in e.text and "7♠" not in e.text for e in public)
    events = answer_all(s, {})
    assert all("9♥" not in e.text for e in events), "a play nobody doubts stays hidden"
    assert_no_leak(GAME, s, 1, GAME.view(s, 1))


def test_chosen_cards_are_seen_only_by_their_owner_and_counts_do_not_move_until_the_play():
    s = table([["7S", "9H", "KC"], ["2C", "3C"], ["4C", "5C"]], rank=7)
    events = GAME.apply(s, 0, "true n=1")
    assert all(e.to == 0 for e in events)
    assert GAME.view(s, 1).seats[0].cards == 3 and "7S" not in json.dumps(GAME.view(s, 1).to_dict())
    assert [p.cards for p in GAME.view(s, 0).piles if p.owner == 0] == [["7S"]]
    assert {z.name: z.visible_to for z in GAME.zones(s)}["draft"] == 0
    assert_events_private(GAME, s, events)


# --- the doubt window --------------------------------------------------------------------------

def test_a_play_opens_a_window_to_every_other_seat_and_answers_are_sealed():
    s = table([["7S", "KC"], ["2C"], ["4C"], ["6C"]], rank=7)
    declare(s, 0, "K n=1")
    assert GAME.to_move(s) == {1, 2, 3}, "every other seat, the declarer excepted"
    assert GAME.reaction(s) == reaction_id(s.window) and GAME.reaction(s)
    for seat in (1, 2, 3):
        assert moves(s, seat) == ["doubt", "pass"]
        assert GAME.timeout_move(s, seat) == Move("pass")
    assert len({GAME.prompt(s, seat) for seat in (1, 2, 3)}) == 1, "everyone is asked the same"
    twin = s.clone()
    events = GAME.apply(s, 2, "doubt")
    assert events == GAME.apply(twin, 2, "pass") == [], "no log line: it would push the claim out of Recent"
    assert GAME.to_move(s) == GAME.to_move(twin) == {1, 3}
    view = GAME.view(s, None)
    assert "has answered" in view.seats[2].notes, "who has answered shows as a seat note instead"
    assert not any("has answered" in n for i in (0, 1, 3) for n in view.seats[i].notes)
    assert view.to_move == [1, 3], "the seats still awaited"
    for seat in (None, 0, 1, 2, 3):
        assert GAME.view(s, seat) == GAME.view(twin, seat), "a doubt looks exactly like a pass until the end"
    for seat in (1, 3):
        assert GAME.prompt(s, seat) == GAME.prompt(twin, seat)


def test_the_window_closes_as_soon_as_every_seat_has_passed():
    s = table([["7S", "KC"], ["2C"], ["4C"]], rank=7)
    declare(s, 0, "K n=1")
    GAME.apply(s, 1, "pass")
    assert GAME.reaction(s) is not None
    events = GAME.apply(s, 2, "pass")
    assert GAME.reaction(s) is None and s.window == {}
    assert "Nobody doubts {p0}" in texts(events)
    assert s.turn == 1 and s.rank == 8 and "KC" in s.pile, "the pile stays; the next player claims the next rank"


def test_a_late_answer_an_own_doubt_and_a_second_answer_are_refused():
    s = table([["7S", "KC"], ["2C"], ["4C"]], rank=7)
    declare(s, 0, "K n=1")
    assert "your own claim" in refused(s, 0, "doubt")
    GAME.apply(s, 1, "pass")
    assert "already answered" in refused(s, 1, "doubt")
    GAME.apply(s, 2, "pass")
    assert "chance passed" in refused(s, 2, "doubt")
    assert "your turn to play" in refused(s, 1, "pass"), "the next player now plays instead"


def test_a_lie_doubted_sends_the_whole_pile_to_the_liar_and_reveals_only_the_last_play():
    s = table([["7S", "KC", "2D"], ["2C"], ["4C"]], rank=7, pile=["9D", "9S"])
    declare(s, 0, "7 n=1", "K n=1")
    events = answer_all(s, {1: "doubt"})
    assert "{p1} doubts it!" in texts(events) and "a lie" in texts(events)
    assert "7♠ K♣" in texts(events) and "9♦" not in texts(events), "only the last play is turned over"
    assert s.pile == [] and sorted(s.hands[0] + s.shown[0]) == sorted(["2D", "9D", "9S", "7S", "KC"])
    assert sorted(s.shown[0]) == ["7S", "KC"], "the revealed cards stay known to all"
    assert [e.to for e in events if "9♦" in e.text] == [0], "the rest is told to the taker only"
    assert s.reveal["lie"] and s.reveal["seat"] == 0
    assert_events_private(GAME, s, events)
    for seat in (None, 0, 1, 2):
        assert_no_leak(GAME, s, seat, GAME.view(s, seat))


def test_a_challenge_of_one_card_reads_in_the_singular():
    """'The Seven was 7♠: the truth!' and 'Cy's Seven was true', not 'The 1 Seven were'."""
    s = table([["7S", "2D"], ["2C"], ["4C"]], rank=7, pile=[])
    declare(s, 0, "7 n=1")
    events = answer_all(s, {1: "doubt"})
    assert "{p1} doubts it! The Seven was 7♠: the truth! {p1} takes the pile (1 card)." in texts(events)
    assert ("Last challenge: {p0}'s Seven was true; {p1} took the pile "
            "(the revealed card 7♠ is still in that hand)") in GAME.view(s, None).facts
    s2 = table([["7S", "KC", "2D"], ["2C"], ["4C"]], rank=7, pile=[])
    declare(s2, 0, "7 n=1", "K n=1")
    events = answer_all(s2, {1: "doubt"})
    assert "The 2 Sevens were 7♠ K♣: a lie!" in texts(events)
    assert any(f.startswith("Last challenge: {p0}'s 2 Sevens were a lie;") and "cards 7♠ K♣ are still" in f
               for f in GAME.view(s2, None).facts)


def test_a_true_claim_doubted_sends_the_pile_to_the_doubter():
    s = table([["7S", "7H", "2D"], ["2C"], ["4C"]], rank=7, pile=["9D"])
    declare(s, 0, "7 n=2")
    events = answer_all(s, {2: "doubt"})
    assert "the truth" in texts(events)
    assert sorted(s.hands[2] + s.shown[2]) == ["4C", "7H", "7S", "9D"] and s.hands[0] == ["2D"]
    assert s.turn == 1, "play goes on with the player after the declarer"


def test_several_doubters_the_one_nearest_the_declarers_left_challenges():
    s = table([["7S", "2D"], ["2C"], ["4C", "7H"], ["5C"], ["6C"]], rank=7, turn=2, pile=[])
    declare(s, 2, "7 n=1")
    # seats 0 and 4 doubt; from seat 2 the order to the left is 3, 4, 0, 1: seat 4 challenges
    events = answer_all(s, {0: "doubt", 4: "doubt"})
    assert "{p4} and {p0} doubt it; {p4}" in texts(events)
    assert "7H" in s.shown[4], "a true claim: the challenger takes the pile"


def test_several_doubters_are_ranked_by_seat_not_by_the_order_of_the_answers():
    for order in ([4, 0, 1, 3], [0, 3, 1, 4], [1, 4, 3, 0]):
        s = table([["2D"], ["2C"], ["8H", "3S"], ["5C"], ["6C"]], rank=7, turn=2, pile=[])
        declare(s, 2, "8 n=1")
        events = []
        for seat in order:
            events += GAME.apply(s, seat, "doubt" if seat in (0, 1) else "pass")
        # from seat 2 the order to the left is 3, 4, 0, 1: seat 0 challenges whoever answered first
        assert "{p0} and {p1} doubt it; {p0}, nearest the left of {p2}" in texts(events)
        assert s.shown[2] == ["8H"], "the liar takes it back"


def test_option_nearest_right_gives_the_challenge_to_the_seat_nearest_the_right():
    s = table([["2D"], ["2C"], ["7H", "3S"], ["5C"], ["6C"]], rank=7, turn=2, pile=[],
              options={"challengers": "nearest_right"})
    declare(s, 2, "7 n=1")
    events = answer_all(s, {0: "doubt", 3: "doubt", 4: "doubt"})
    # to the right of seat 2: 1, 0, 4, 3
    assert "{p0}, {p4} and {p3} doubt it; {p0}, nearest the right" in texts(events)
    assert s.shown[0] == ["7H"]


def test_option_picker_plays_next_after_a_challenge():
    s = table([["9S", "2D"], ["2C", "3C"], ["4C", "5C"]], rank=7, pile=[], options={"after_challenge": "picker"})
    declare(s, 0, "9 n=1")
    answer_all(s, {2: "doubt"})
    assert s.turn == 0 and s.rank == 8, "the liar took the pile and plays the next rank"
    s2 = table([["7S", "2D"], ["2C", "3C"], ["4C", "5C"]], rank=7, pile=[], options={"after_challenge": "picker"})
    declare(s2, 0, "7 n=1")
    answer_all(s2, {2: "doubt"})
    assert s2.turn == 2
    s3 = table([["7S", "2D"], ["2C", "3C"], ["4C", "5C"]], rank=7, pile=[], options={"after_challenge": "picker"})
    declare(s3, 0, "7 n=1")
    answer_all(s3, {})
    assert s3.turn == 1, "without a challenge play simply moves on"


def test_revealed_cards_stay_public_until_their_holder_starts_a_play():
    s = table([["9S", "2D"], ["2C", "3C"], ["4C", "5C"]], rank=7, pile=[])
    declare(s, 0, "9 n=1")
    answer_all(s, {1: "doubt"})
    assert s.shown[0] == ["9S"] and "shows 9♠" in GAME.view(s, 2).seats[0].notes
    assert {z.name: z.visible_to for z in GAME.zones(s)}["shown 0"] == "all"
    declare(s, 1, "2 n=1")
    answer_all(s, {})
    declare(s, 2, "4 n=1")
    answer_all(s, {})
    assert s.shown[0] == ["9S"]
    GAME.apply(s, 0, "false n=1")
    assert s.shown[0] == [] and "9S" in s.hands[0], "back among the private cards once it starts a play"
    assert not any("9♠" in f for f in GAME.view(s, 1).facts)


# --- going out, winning, the match ----------------------------------------------------------------

def test_a_last_play_not_doubted_wins_when_the_window_closes():
    s = table([["7S"], ["2C", "3C"], ["4C", "5C"]], rank=7)
    events = declare(s, 0, "7 n=1")
    assert "last cards" in texts(events) and not s.over
    events = answer_all(s, {})
    assert s.over and GAME.outcome(s).winners == [0] and s.scores == [1, 0, 0]
    assert "{p0} is out of cards!" in texts(events)
    assert GAME.to_move(s) == frozenset() and GAME.reaction(s) is None


def test_a_last_play_doubted_but_true_still_wins():
    s = table([["7S"], ["2C", "3C"], ["4C", "5C"]], rank=7)
    declare(s, 0, "7 n=1")
    answer_all(s, {1: "doubt"})
    assert s.over and GAME.outcome(s).winners == [0]


def test_a_last_play_caught_lying_takes_the_pile_and_play_goes_on():
    s = table([["8S"], ["2C", "3C"], ["4C", "5C"]], rank=7)
    declare(s, 0, "8 n=1")
    answer_all(s, {2: "doubt"})
    assert not s.over and GAME.held(s, 0) > 1 and s.turn == 1


def test_option_places_plays_on_for_every_place():
    s = table([["7S"], ["2C", "3C"], ["4C", "5C", "6C"], ["9D", "9C"]], rank=7, pile=[], options={"places": True})
    declare(s, 0, "7 n=1")
    answer_all(s, {})
    assert not s.over and s.out == [0] and s.turn == 1 and s.scores[0] == 3
    declare(s, 1, "2 n=1")
    assert GAME.to_move(s) == {2, 3}, "a seat that is out no longer doubts"
    assert "out of this hand" in refused(s, 0, "doubt")
    answer_all(s, {})
    declare(s, 2, "4 n=1")
    answer_all(s, {})
    declare(s, 3, "9 n=1")
    answer_all(s, {})
    assert s.turn == 1, "seats out of the hand are skipped"
    declare(s, 1, "3 n=1")
    answer_all(s, {})
    assert s.out == [0, 1] and not s.over
    declare(s, 2, "5 n=1", "6 n=1")
    answer_all(s, {})
    assert s.over and s.out == [0, 1, 2]
    out = GAME.outcome(s)
    assert out.placings == [1, 2, 3, 4] and out.winners == [0]
    notes = [GAME.view(s, None).seats[i].notes for i in range(4)]
    assert "out, 1st place" in notes[0] and "out, 2nd place" in notes[1] and "out, 3rd place" in notes[2], \
        "places as English ordinals, not 'out (1.)'"


def test_option_hands_to_win_deals_again_with_the_deal_passing_left():
    s = table([["7S"], ["2C", "3C"], ["4C", "5C"]], rank=7, options={"hands_to_win": 2}, dealer=2)
    declare(s, 0, "7 n=1")
    events = answer_all(s, {})
    assert not s.over and s.scores == [1, 0, 0] and s.hand_no == 2
    assert s.dealer == 0 and s.turn == 1 and s.rank == C.ACE and sum(len(h) for h in s.hands) == 52
    assert "Hand won by {p0}" in texts(events)


def test_places_needs_a_single_hand_match_and_other_option_checks():
    with pytest.raises(BadOption, match="places"):
        IDoubtItOptions.parse({"places": True, "hands_to_win": 3}, 4)
    with pytest.raises(BadOption, match="max_cards"):
        IDoubtItOptions.parse({"max_cards": 6}, 4)
    assert IDoubtItOptions.parse({"max_cards": 6, "decks": 2}, 4).limit() == 6
    with pytest.raises(BadOption, match="challenge_min"):
        IDoubtItOptions.parse({"challenge_min": 30, "challenge_max": 10}, 4)
    with pytest.raises(BadOption, match="allows 3–5 players"):
        GAME.start(6, {"max_players": 5})
    with pytest.raises(BadOption, match="allows exactly 3 players"):   # not "3–3 players"
        GAME.start(5, {"max_players": 3})
    with pytest.raises(BadOption, match="min_players"):
        IDoubtItOptions.parse({"min_players": 6, "max_players": 5}, 5)
    GAME.start(5, {"min_players": 4, "max_players": 5})


def test_the_window_carries_its_minimum_and_maximum_time_for_the_front_end():
    s = table([["7S", "KC"], ["2C"], ["4C"]], rank=7, options={"challenge_min": 3, "challenge_max": 30})
    assert GAME.window_seconds(s) is None
    declare(s, 0, "K n=1")
    assert s.window["data"] == {"min_seconds": 3, "max_seconds": 30}
    assert GAME.window_seconds(s) == 30, "the front end's timer closes the window after the maximum"


def test_a_hand_that_runs_too_long_stops_and_the_fewest_cards_win():
    s = table([["7S", "8S", "9S"], ["2C", "3C"], ["4C", "5C", "6C"]], rank=7, options={"play_limit": 50})
    s.declarations = 49
    declare(s, 0, "7 n=1")
    events = answer_all(s, {})
    assert "limit of 50 plays" in texts(events)
    assert s.over and s.scores == [1, 1, 0] and GAME.outcome(s).winners == [0, 1]
    assert IDoubtItOptions.parse({}).plays(3) == 334 and IDoubtItOptions.parse({}).plays(10) == 100
    assert IDoubtItOptions.parse({"decks": 2}).plays(4) == 500


def test_places_at_the_limit_ranks_the_seats_still_in_by_fewest_cards():
    s = table([["7S"], ["2C", "3C"], ["4C", "5C", "6C"], ["9D", "9C"]], rank=7, pile=[],
              options={"places": True, "play_limit": 60})
    s.declarations = 58
    declare(s, 0, "7 n=1")
    answer_all(s, {})
    declare(s, 1, "2 n=1")
    answer_all(s, {})
    assert s.over
    assert [GAME.held(s, i) for i in range(4)] == [0, 1, 3, 2]
    assert GAME.outcome(s).placings == [1, 2, 4, 3], "seat 0 went out; the others by fewest cards"


# --- computer players -----------------------------------------------------------------------------

def test_determinize_keeps_the_own_hand_and_draft_and_redeals_the_pile():
    s = table([["7S", "9H", "KC"], ["2C", "3C"], ["4C", "5C"]], rank=7)
    declare(s, 0, "9 n=1")
    answer_all(s, {})
    GAME.apply(s, 1, "false n=1")
    GAME.apply(s, 1, "bluff 3 n=1")
    GAME.apply(s, 2, "pass")
    GAME.apply(s, 0, "pass")
    GAME.apply(s, 2, "false n=2")
    GAME.apply(s, 2, "bluff 5 n=1")
    d = GAME.determinize(s, 2, random.Random(3))
    assert d.hands[2] == s.hands[2] and d.draft == s.draft == ["5C"]
    assert sorted(d.pile + d.hands[0] + d.hands[1]) == sorted(s.pile + s.hands[0] + s.hands[1])
    assert d.pile != s.pile or d.hands[0] != s.hands[0], "the pile is dealt anew"


def test_a_redeal_keeps_a_claim_true_where_the_declarer_could_have_told_the_truth():
    """Players tell the truth when they hold the cards: in the search's redeals, a claim still open
    to doubt is a lie only where the declarer's redealt hand holds no card of the claimed rank left
    to put there, so doubting is not taken for a sure win."""
    s = table([["7S", "9H", "KC", "QD"], ["2C", "3C", "4D", "5D", "6D"], ["4C", "5C", "8D", "JD"]],
              rank=7, turn=1, pile=["AS", "AH", "2H", "3H", "4H", "5H", "6H", "7H", "7D", "7C", "JH"])
    declare(s, 1, "2 n=1")
    true_claims = 0
    for n in range(200):
        d = GAME.determinize(s, 0, random.Random(n))
        claimed = d.pile[-1]
        held = [c for c in d.hands[1] if C.RANK[c] == 7]
        assert C.RANK[claimed] == 7 or not held, (claimed, d.hands[1])
        true_claims += C.RANK[claimed] == 7
        assert sorted(d.pile + d.hands[1] + d.hands[2]) == sorted(s.pile + s.hands[1] + s.hands[2])
        assert len(d.hands[1]) == len(s.hands[1]) and d.hands[0] == s.hands[0]
    assert true_claims > 80   # the declarer holds one of the three unseen sevens in about 60 % of the deals


def test_a_redeal_keeps_a_claim_of_several_cards_true_while_enough_copies_are_unseen():
    """Players bluff with a single card (as the playout policy does): in the search's redeals a
    claim of two or more cards is true whenever the unseen cards hold enough copies, and a lie
    only where they cannot (here the searching seat holds two of the four sevens)."""
    s = table([["7S", "7H", "KC", "QD"], ["2C", "3C", "4D", "5D", "6D"], ["4C", "5C", "8D", "JD"]],
              rank=7, turn=1, pile=["AS", "AH", "2H", "3H", "4H", "5H", "6H", "7D", "8H", "7C", "JH"])
    declare(s, 1, "2 n=1", "3 n=1")
    for n in range(50):
        d = GAME.determinize(s, 0, random.Random(n))
        assert [C.RANK[c] for c in d.pile[-2:]] == [7, 7]
        assert sorted(d.pile + d.hands[1] + d.hands[2]) == sorted(s.pile + s.hands[1] + s.hands[2])
        assert [len(h) for h in d.hands] == [len(h) for h in s.hands] and d.hands[0] == s.hands[0]
    declare_three = table([["7S", "7H", "KC"], ["2C", "3C", "4D", "5D"], ["4C", "5C"]],
                          rank=7, turn=1, pile=["AS", "7D", "7C"])
    declare(declare_three, 1, "2 n=1", "3 n=1", "4 n=1")
    d = GAME.determinize(declare_three, 0, random.Random(1))
    assert sorted(C.RANK[c] for c in d.pile[-3:]) != [7, 7, 7], "only two sevens are unseen: a lie"


def test_the_playout_policy_doubts_a_claim_it_knows_is_false():
    s = table([["7S", "7H", "7D", "7C"], ["KC", "3C"], ["4C", "5C"]], rank=7, turn=1)
    declare(s, 1, "K n=1")
    # seat 0 holds all four sevens: a claim of one more cannot be true
    assert all(GAME.rollout_move(s, 0, GAME.moves(s, 0), random.Random(n)) == Move("doubt") for n in range(20))


def test_the_playout_policy_plays_every_true_card_or_one_bluff_it_needs_last():
    s = table([["7S", "7H", "2C"], ["KC", "3C"], ["4C", "5C"]], rank=7)
    rng = random.Random(1)
    assert GAME.rollout_move(s, 0, GAME.moves(s, 0), rng) == Move.parse("true n=2")
    GAME.apply(s, 0, "true n=2")
    assert GAME.rollout_move(s, 0, GAME.moves(s, 0), rng) == Move.parse("false n=0")
    s2 = table([["AS", "8C", "KD"], ["KC", "3C"], ["4C", "5C"]], rank=7)
    assert GAME.rollout_move(s2, 0, GAME.moves(s2, 0), rng) == Move.parse("false n=1")
    GAME.apply(s2, 0, "false n=1")
    # seat 0 claims 7, then 10 (3 seats later), K, 3, 6, 9, Q, 2, 5, 8, J, A, 4: aces come last
    assert GAME.rollout_move(s2, 0, GAME.moves(s2, 0), rng) == Move.parse("bluff A n=1")


def test_the_playout_policy_always_doubts_a_last_play_unless_places_make_the_pile_cost_a_place():
    """A last play not doubted, or doubted but true, wins the hand: doubting it costs nothing, and catching a
    lie is the only way to stop it. With places the pile costs a place, so there it is only often doubted."""
    for options, always in (({}, True), ({"places": True}, False)):
        s = table([["7S"], ["2C", "3C"], ["4C", "5C"]], rank=7, options=options)
        declare(s, 0, "7 n=1")
        answers = {GAME.rollout_move(s, 1, GAME.moves(s, 1), random.Random(n)) for n in range(40)}
        assert answers == ({Move("doubt")} if always else {Move("doubt"), Move("pass")})


def test_a_search_player_doubts_a_last_play_that_may_be_a_bluff():
    """Seen from seat 1, seat 0's last card may be any of the 46 unseen: mostly not a 7."""
    s = table([["9S"], ["2C", "3C", "JD"], ["4C", "5C", "QH"]], rank=7)
    declare(s, 0, "9 n=1")
    for seed in range(3):
        assert SearchPlayer(iterations=200, seconds=None, seed=seed).choose(GAME, s, 1) == Move("doubt")


def test_search_playouts_are_asked_to_stay_short():
    assert GAME.playout_plies(table([["7S"], ["2C"], ["4C"]])) == 24
    assert GAME.playout_plies(GAME.start(10, {}, 1)) == 80


def test_progress_counts_cards_still_under_doubt_for_their_owner():
    s = table([["7S", "7H", "2C"], ["KC", "3C"], ["4C", "5C"]], rank=7)
    GAME.apply(s, 0, "true n=2")
    GAME.apply(s, 0, "false n=0")
    assert GAME.hand_progress(s) == [-3.0, -2.0, -2.0]
    answer_all(s, {})
    assert GAME.hand_progress(s) == [-1.0, -2.0, -2.0]


def test_once_the_match_is_won_the_cards_the_losers_hold_no_longer_count_for_the_search():
    """A one-hand match: whoever goes out wins and the others lose alike, with two cards or with the pile."""
    s = table([["7S"], ["2C", "3C"], ["4C", "5C"]], rank=7)
    declare(s, 0, "7 n=1")
    answer_all(s, {1: "doubt"})
    assert s.over and GAME.held(s, 1) > GAME.held(s, 2)
    assert GAME.hand_progress(s) == [0.0, 0.0, 0.0]


# --- whole games ----------------------------------------------------------------------------------

def test_the_game_is_registered_and_random_games_end_with_every_option():
    assert registry.get("i_doubt_it") is GAME
    for n, opts in enumerate([{}, {"decks": 2}, {"places": True}, {"after_challenge": "picker"},
                              {"challengers": "nearest_right", "max_cards": 1}, {"hands_to_win": 2}]):
        run = play_random(GAME, 3 + n % 4, opts, seed=n)
        assert run.final.over and GAME.outcome(run.final).winners


def test_illegal_moves_leave_the_state_untouched():
    s = table([["7S", "KC"], ["2C"], ["4C"]], rank=7)
    with pytest.raises(IllegalMove):
        GAME.apply(s, 1, "pass")
    assert s.window == {}


def test_the_play_limit_is_told_only_when_it_is_near_and_in_words():
    s = GAME.start(3, {"play_limit": 12}, seed=1)
    assert not any("play" in f.lower() for f in GAME.view(s, None).facts), "four rounds away: not worth a line"
    s.declarations = 4
    facts = GAME.view(s, None).facts
    assert "The hand stops after 8 more plays; then the fewest cards wins" in facts
    s.declarations = 11
    assert "The hand stops after 1 more play; then the fewest cards wins" in GAME.view(s, None).facts


def test_an_open_claim_is_said_by_the_status_only():
    s = GAME.start(3, {}, seed=1)
    seat = s.turn
    while not s.window:
        GAME.apply(s, seat, GAME.moves(s, seat)[-1])
    view = GAME.view(s, None)
    assert "claims" in view.status and not any("claim" in f.lower() for f in view.facts)


def test_a_doubted_bluff_reads_in_italian_with_dubito_and_the_italian_rank_names():
    """A played challenge in Italian (the game's name there is Dubito): the declaration, the
    doubt, the revealed cards and who takes the pile, with seat names filled in, and the table's
    facts; the same events in Japanese say ダウト."""
    from games.engine import Event
    from games.localize import render

    s = table([["7S", "KC", "2D"], ["2C"], ["4C"]], rank=7, pile=["9D", "9S"])
    events = declare(s, 0, "7 n=1", "K n=1") + answer_all(s, {1: "doubt"})
    names = ["Anna", "Bruno", "Carla"]

    def italian(text):
        return Event(render(text, "it")).render(names)

    public = [italian(e.text) for e in events if e.to is None]
    assert public == [
        "Anna mette giù 2 carte coperte: «2 sette!»",
        "Bruno dice: Dubito! Aveva detto 2 sette: erano 7♠ K♣, una bugia! Anna prende il mazzo (4 carte).",
        "Ora Bruno gioca otto.",
    ]
    assert italian(GAME.title) == "Dubito"
    assert "Ultima sfida: Anna aveva detto 2 sette: bugia; Anna ha preso il mazzo (le carte scoperte 7♠ K♣ " \
           "sono ancora in quella mano)" in [italian(f) for f in GAME.view(s, None).facts]
    doubt = next(e.text for e in events if "doubts it" in e.text)
    assert Event(render(doubt, "ja")).render(names).startswith("Brunoがダウト！「7が2枚」の正体は7♠ K♣：ウソでした！")

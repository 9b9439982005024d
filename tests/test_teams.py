"""games/common/teams.py: alternating teams, captains, the dummy place, team-private events."""

import random

from games.common.teams import Teams, controller, team_events


def test_seven_players_team_b_gets_the_dummy_at_the_last_place_of_the_alternation():
    """Clarification 8 (Envite): the short team takes the dummy, seated last in the alternation."""
    teams = Teams(7)
    assert teams.places == 8
    assert teams.members(0) == [0, 2, 4, 6] and teams.members(1) == [1, 3, 5]
    assert teams.dummies() == [7] and teams.team_of(7) == 1


def test_an_even_count_has_no_dummy_and_teams_alternate():
    teams = Teams(6)
    assert teams.dummies() == [] and [teams.team_of(p) for p in range(6)] == [0, 1, 0, 1, 0, 1]


def test_the_dummy_is_played_by_its_teams_captain():
    teams = Teams(5)
    captains = teams.draw_captains(random.Random(1))
    assert captains[0] in teams.members(0) and captains[1] in teams.members(1)
    assert controller(teams, captains, 5) == captains[1]
    assert controller(teams, captains, 2) == 2


def test_a_team_message_is_one_event_per_teammate_and_nobody_else_reads_it():
    events = team_events("secret", Teams(6).members(1))
    assert [e.to for e in events] == [1, 3, 5]
    assert not any(e.visible_to(0) for e in events)


def test_team_scores_show_on_every_members_seat():
    assert Teams(5).spread([7, 3]) == [7, 3, 7, 3, 7]

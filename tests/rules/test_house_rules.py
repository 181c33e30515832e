"""Scenario tests for the house rules (docs/house_rules.md): every power on any rank and every
table option, from worked examples. Rulings are cited by their number there."""

from __future__ import annotations

import random

import pytest

from palace_tui.rules import Game, IllegalMove, Move, Rules
from palace_tui.rules.saving import from_dict, to_dict

PALACE = Rules.preset("palace")


def table(rules: Rules, *hands: str, pile: str = "", stock: str = "", turn: int = 0, **extra) -> Game:
    names = ["Ann", "Ben", "Cy", "Dee"]
    blind = ["AH", "AS", "AD", "AC"]  # a face-down card each, so nobody goes out by accident
    seats = [{"name": names[i], "hand": h, "face_down": blind[i]} for i, h in enumerate(hands)]
    return Game.from_position(rules, seats=seats, pile=pile, stock=stock, turn=turn, **extra)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# ----------------------------------------------------------------- skip (rulings 1-7)


def test_a_skip_card_makes_the_next_player_miss_a_turn():
    g = table(PALACE.replace(eight="skip"), "8S 4C", "9D", "KD", pile="5H")
    events = g.play(Move.play("8S"))
    assert g.turn == 2
    assert [(e.kind, e.seat) for e in events if e.kind == "skipped"] == [("skipped", 1)]


def test_a_skip_card_is_played_by_rank():
    g = table(PALACE.replace(eight="skip"), "8S 4C", "9D", "KD", pile="9H")
    with pytest.raises(IllegalMove, match="can't go on a 9"):
        g.play(Move.play("8S"))


def test_skips_one_skips_one_player_however_many_cards():
    g = table(PALACE.replace(eight="skip"), "8S 8D 4C", "9D", "KD", "QD", pile="5H")
    g.play(Move.play("8S 8D"))
    assert g.turn == 2


def test_skips_each_counts_round_the_table_past_the_mover():
    rules = PALACE.replace(eight="skip", skips="each")
    g = table(rules, "8S 8D 4C", "9D", "KD", "QD", pile="5H")
    g.play(Move.play("8S 8D"))
    assert g.turn == 3  # Ben and Cy miss their turns
    g = table(rules, "8S 8D 8C 4C", "9D", "KD", pile="5H")
    events = g.play(Move.play("8S 8D 8C"))
    assert [e.seat for e in events if e.kind == "skipped"] == [1, 2, 0]
    assert g.turn == 1  # Ben, Cy and Ann herself skipped: Ben is next


def test_with_two_players_a_skip_means_the_mover_plays_again_on_the_pile():
    g = table(PALACE.replace(eight="skip"), "8S 4C", "9D", pile="5H")
    g.play(Move.play("8S"))
    assert g.turn == 0 and [c.code for c in g.pile] == ["5H", "8S"]


def test_a_skip_that_clears_the_pile_skips_nobody():
    g = table(PALACE.replace(eight="skip"), "8S 4C", "9D", "KD", pile="8H 8D 8C")
    events = g.play(Move.play("8S"))
    assert "skipped" not in kinds(events) and g.turn == 0 and not g.pile


def test_a_skip_that_is_the_last_card_still_skips():
    rules = PALACE.replace(eight="skip")
    seats = [{"name": "Ann", "hand": "8S"}, {"name": "Ben", "hand": "9D"}, {"name": "Cy", "hand": "KD"}]
    g = Game.from_position(rules, seats=seats, pile="5H")
    g.play(Move.play("8S"))
    assert g.seats[0].out and g.turn == 2


def test_a_see_through_card_on_a_skip_card_does_not_skip_again():
    rules = PALACE.replace(eight="skip", three="invisible")
    g = table(rules, "3S 4C", "9D", "KD", pile="5H 8C")
    events = g.play(Move.play("3S"))
    assert "skipped" not in kinds(events) and g.turn == 1 and g.requirement() == 8


# ----------------------------------------------------------------- low on any rank (rulings 8-9)


def test_any_rank_may_be_low():
    g = table(PALACE.replace(five="low"), "4C 6D 2S TH", "9D", pile="5H")
    assert {m.code() for m in g.legal_moves()} == {"play 4C", "play 2S", "play TH", "take"}
    with pytest.raises(IllegalMove, match="while fives are low"):
        g.play(Move.play("6D"))


def test_low_binds_ten_keeps_a_ten_off_a_low_card_below_it():
    rules = PALACE.replace(seven="low", low_binds_ten=True)
    g = table(rules, "4C TH", "9D", pile="7H")
    assert [m.code() for m in g.legal_moves()] == ["play 4C", "take"]
    g = table(PALACE.replace(jack="low", low_binds_ten=True), "4C TH QS", "9D", pile="JH")
    assert "play TH" in [m.code() for m in g.legal_moves()]  # a 10 obeys a low jack


def test_a_lower_ordinary_card_starts_the_climb_from_itself():
    g = table(PALACE.replace(seven="low"), "5C 6D", "9D 6S", pile="7H")
    g.play(Move.play("5C"))
    assert "play 9D" in [m.code() for m in g.legal_moves()]


# ----------------------------------------------------------------- other powers on any rank (ruling 10)


def test_reverse_and_see_through_and_clear_and_reset_on_other_ranks():
    g = table(PALACE.replace(nine="reverse"), "9C 4C", "5D", "6D", pile="KH")
    g.play(Move.play("9C"))  # a reversing card goes on anything
    assert g.direction == -1 and g.turn == 2
    g = table(PALACE.replace(three="invisible"), "3C 4C", "5D", pile="6H")
    g.play(Move.play("3C"))
    assert g.requirement() == 6
    g = table(PALACE.replace(three="clear"), "3C 4C", "5D", pile="KH QH")
    events = g.play(Move.play("3C"))
    assert not g.pile and g.turn == 0 and [e.reason for e in events if e.kind == "cleared"] == ["clear"]
    g = table(PALACE.replace(king="reset"), "KC 4C", "5D", pile="QH")
    g.play(Move.play("KC"))
    assert g.is_legal(Move.play("5D"))


def test_a_ten_or_a_two_without_its_power_ranks_by_its_number():
    g = table(PALACE.replace(ten="normal"), "TC 4C", "JD", pile="9H")
    g.play(Move.play("TC"))
    assert g.pile and g.requirement() == 10 and g.is_legal(Move.play("JD"))
    g = table(PALACE.replace(ten="normal"), "TC 4C", "5D", pile="JH")
    with pytest.raises(IllegalMove):
        g.play(Move.play("TC"))
    g = table(PALACE.replace(two="normal"), "2C 4C", "5D", pile="3H")
    assert [m.code() for m in g.legal_moves()] == ["play 4C", "take"]


# ----------------------------------------------------------------- burn=N (ruling 11)


def test_burn_three_clears_on_three_of_a_kind():
    g = table(PALACE.replace(burn=3), "5C 4C", "9D", pile="5H 5D")
    events = g.play(Move.play("5C"))
    assert not g.pile and g.turn == 0 and [e.reason for e in events if e.kind == "cleared"] == ["three"]


# ----------------------------------------------------------------- must play (ruling 12)


def test_must_play_takes_the_pile_only_when_nothing_goes():
    rules = PALACE.replace(must_play=True)
    g = table(rules, "4C 9C", "9D", pile="5H")
    assert "take" not in [m.code() for m in g.legal_moves()]
    with pytest.raises(IllegalMove, match="must play if you can"):
        g.play(Move.take())
    g = table(rules, "4C", "9D", pile="5H")
    assert [m.code() for m in g.legal_moves()] == ["take"]


# ----------------------------------------------------------------- play a drawn card (ruling 13)


def test_a_drawn_match_may_be_played_at_once_or_declined():
    rules = PALACE.replace(play_drawn=True)
    g = table(rules, "6C 4C 9S", "9D", pile="5H", stock="KD 6D")  # the stock's top is its last card
    events = g.play(Move.play("6C"))
    assert g.turn == 0 and g.drawn_offer() == (6, 1)
    assert all("6D" not in repr(e) for e in events), "which card was drawn stays the mover's secret"
    assert [m.code() for m in g.legal_moves()] == ["play 6D", "done"]
    with pytest.raises(IllegalMove, match="You drew another 6"):
        g.play(Move.play("9S"))
    g2 = g.copy()
    g.play(Move.done())
    assert g.turn == 1 and g.drawn_offer() is None
    g2.play(Move.play("6D"))
    assert [c.code for c in g2.pile] == ["5H", "6C", "6D"] and g2.turn == 1


def test_a_skip_then_its_drawn_match_skips_twice():
    rules = PALACE.replace(play_drawn=True, eight="skip")
    g = table(rules, "8C 4C 9S", "9D", "QD", "JD", pile="5H", stock="KD 8D")
    g.play(Move.play("8C"))
    g.play(Move.play("8D"))
    assert g.turn == 3


def test_no_offer_after_a_clear():
    rules = PALACE.replace(play_drawn=True)
    g = table(rules, "TC 4C 9S", "9D", pile="5H", stock="KD TD")
    g.play(Move.play("TC"))
    assert g.drawn_offer() is None and g.turn == 0


# ----------------------------------------------------------------- chance (ruling 14)


def test_the_chance_card_is_played_when_it_goes():
    rules = PALACE.replace(chance=True, eight="skip")
    g = table(rules, "4C 3C", "9D", "KD", pile="5H", stock="2D 8S")
    assert "chance" in [m.code() for m in g.legal_moves()]
    events = g.play(Move.chance())
    assert kinds(events) == ["chance", "played", "skipped"]
    assert g.pile[-1].code == "8S" and g.turn == 2 and g.seats[0].hand_count == 2


def test_a_failed_chance_card_goes_on_the_pile_and_is_taken_with_it():
    g = table(PALACE.replace(chance=True), "4C 3C", "9D", pile="KH", stock="2D 5S")
    events = g.play(Move.chance())
    assert kinds(events) == ["chance", "took"] and events[0].reason == "failed"
    assert sorted(c.code for c in g.seats[0].hand) == ["3C", "4C", "5S", "KH"] and g.turn == 1


def test_no_chance_without_the_rule_an_empty_stock_or_with_must_play_and_a_card_that_goes():
    with pytest.raises(IllegalMove, match="no chance card"):
        table(PALACE, "4C", "9D", pile="KH", stock="2D").play(Move.chance())
    with pytest.raises(IllegalMove, match="stock"):
        table(PALACE.replace(chance=True), "4C", "9D", pile="KH").play(Move.chance())
    with pytest.raises(IllegalMove, match="must play"):
        table(PALACE.replace(chance=True, must_play=True), "AC", "9D", pile="KH", stock="2D").play(Move.chance())


# ----------------------------------------------------------------- burn-in (rulings 15-16)


def test_burn_in_out_of_turn_clears_and_the_claimer_leads():
    rules = PALACE.replace(burn_in=True)
    g = table(rules, "7C 4C", "9D 5D", "7S 6S", pile="7H 7D")
    g.play(Move.play("7C"))
    assert g.burn_in_open() == (7, 1)
    with pytest.raises(IllegalMove, match="Ann played those cards"):
        g.burn_in(0)
    with pytest.raises(IllegalMove, match="Ben holds no 7"):
        g.burn_in(1)
    assert g.turn == 1 and len(g.pile) == 3, "a false claim changes nothing"
    events = g.burn_in(2)
    assert kinds(events)[:3] == ["burned_in", "played", "cleared"]
    assert not g.pile and g.turn == 2 and g.burn_in_open() is None


def test_the_burn_in_window_closes_at_the_next_move_and_when_the_cards_are_all_seen():
    rules = PALACE.replace(burn_in=True)
    g = table(rules, "7C 4C", "9D 5D", "7S 6S", pile="7H 7D")
    g.play(Move.play("7C"))
    g.play(Move.play("9D"))
    assert g.burn_in_open() is None
    with pytest.raises(IllegalMove, match="Nobody can burn in"):
        g.burn_in(2)
    seats = [
        {"name": "Ann", "hand": "7C 4C"},
        {"name": "Ben", "hand": "9D", "face_up": "7S"},
        {"name": "Cy", "hand": "5D"},
    ]
    g = Game.from_position(rules, seats=seats, pile="7H 7D")
    g.play(Move.play("7C"))
    assert g.burn_in_open() is None, "the fourth 7 is face up: nobody can hold it"


def test_burn_in_is_a_move_with_a_code():
    rules = PALACE.replace(burn_in=True)
    g = table(rules, "7C 4C", "9D 5D", "7S 6S", pile="7H 7D")
    g.play(Move.play("7C"))
    g.play(Move.from_code("burn-in 2"))
    assert not g.pile and g.turn == 2


# ----------------------------------------------------------------- refusals and old files


@pytest.mark.parametrize(
    "changes,words",
    [
        ({"burn": 5}, "burn=5 needs 5 of one rank on the pile, but 1 pack holds only 4 of each"),
        ({"skips": "each"}, "no rank skips"),
        ({"low_binds_ten": True}, "no rank is low"),
        ({"low_binds_ten": True, "seven": "low", "ten": "normal"}, "the ten is normal"),
    ],
)
def test_combinations_that_mean_nothing_are_refused_in_one_sentence(changes, words):
    with pytest.raises(ValueError, match=words):
        PALACE.replace(**changes)


def test_an_old_save_without_the_house_options_loads_with_their_defaults():
    g = Game.deal(PALACE, ["Ann", "Ben"], seed=4)
    data = to_dict(g)
    assert "two" not in data["rules"] and "burn" not in data["rules"], "defaults are not written"
    assert from_dict(data) == g and from_dict(data).rules == PALACE
    house = PALACE.replace(eight="skip", burn=3)
    assert to_dict(Game.deal(house, ["Ann", "Ben"], seed=4))["rules"]["eight"] == "skip"


def test_a_pending_drawn_match_survives_a_save_and_a_position_code():
    rules = PALACE.replace(play_drawn=True)
    g = table(rules, "6C 4C 9S", "9D", pile="5H", stock="KD 6D")
    g.play(Move.play("6C"))
    assert from_dict(to_dict(g)).drawn_offer() == (6, 1)
    assert "drawn=6,1,0" in g.code() and Game.from_code(g.code()) == g


def test_rules_lines_read_back_and_leave_default_house_options_out():
    line = PALACE.replace(three="see-through", eight="skip", must_play=True).line()
    assert line.endswith("three=see-through must_play=true") and " two=" not in line
    assert Rules.from_line(line) == PALACE.replace(three="see-through", eight="skip", must_play=True)
    assert Rules.from_line("palace eight=skip") == PALACE.replace(eight="skip")


# ----------------------------------------------------------------- game files


def test_a_game_file_writes_and_reads_done_chance_and_burn_in():
    from palace_tui.rules.cards import shuffled_deck
    from palace_tui.rules.gamefile import GameRecord, SeatInfo, format_game, parse_game, replay

    rules = PALACE.replace(play_drawn=True, chance=True, burn_in=True, eight="skip")
    seen = set()
    for seed in range(60):
        record = GameRecord(
            rules, [SeatInfo("Ann"), SeatInfo("Ben"), SeatInfo("Cy")], seed, 0, shuffled_deck(1, False, seed)[::-1]
        )
        game = replay(record).game
        rng = random.Random(seed)
        while game.phase != "over" and len(record.moves) < 2000:
            window = game.burn_in_open()
            claim = next(
                (
                    i
                    for i, s in enumerate(game.seats)
                    if window
                    and i != game.pile_owner
                    and s.place is None
                    and s.count_in_hand(window.rank) >= window.missing
                ),
                None,
            )
            move = Move.burn_in(claim) if claim is not None else rng.choice(game.legal_moves())
            game.play(move)
            record.moves.append(move)
            seen.add(move.kind)
        record.abandoned = game.phase != "over"
        text = format_game(record)
        assert parse_game(text) == record
        if {"done", "chance", "burn-in"} <= seen:
            break
    assert {"done", "chance", "burn-in"} <= seen


def test_a_game_file_written_before_the_house_rules_still_reads():
    from pathlib import Path

    from palace_tui.rules.gamefile import parse_game

    # Written by the release before the house rules (a preset, and seven=low eight=invisible with jokers).
    old = sorted((Path(__file__).parent / "data").glob("before_house_rules_*.palace"))
    assert len(old) == 2
    for path in old:
        text = path.read_text()
        assert "two=" not in text and "burn=" not in text
        record = parse_game(text)
        assert record.rules.power(2).resets and record.rules.burn == 4 and record.moves
    house = parse_game(old[0].read_text()).rules
    assert (house.power(7), house.power(8)) == ("low", "see-through")  # "invisible" is read as today's name


# ----------------------------------------------------------------- computers and the lab


def test_computers_burn_in_when_they_hold_the_card_and_only_then():
    from palace_tui.ai import claim_burn_in, make_player

    rules = PALACE.replace(burn_in=True)
    g = table(rules, "7C 4C", "9D 5D", "7S 6S", pile="7H 7D")
    g.play(Move.play("7C"))
    players = {i: make_player(level, seed=1) for i, level in enumerate(("easy", "normal", "random"))}
    events = claim_burn_in(g, players)
    assert [(e.kind, e.seat) for e in events][:1] == [("burned_in", 2)] and g.turn == 2
    g = table(rules, "7C 4C", "9D 5D", "8S 6S", pile="7H 7D")
    g.play(Move.play("7C"))
    assert claim_burn_in(g, players) == [] and g.turn == 1


def test_simulate_takes_a_rules_line(capsys):
    import json

    from palace_tui.cli.simulate import main

    line = "palace three=invisible eight=skip skips=each must_play=true chance=true play_drawn=true burn_in=true"
    assert main(["--rules", line, "--games", "6", "--ai", "random,easy,normal", "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 6 and out["rules"]["eight"] == "skip" and out["rules"]["burn_in"] is True
    assert main(["--rules", "palace eight=sometimes", "--games", "1"]) == 2
    assert "eight" in capsys.readouterr().err


HOUSE_SETS = [
    "palace eight=skip three=invisible skips=each nine=reverse",
    "shithead seven=low low_binds_ten=true must_play=true chance=true",
    "first-out play_drawn=true burn=3 burn_in=true ten=normal two=normal king=clear",
    "palace eight=skip three=invisible ten=not-on-picture seven=low low_binds_ten=true must_play=true "
    "chance=true play_drawn=true burn_in=true",
]


@pytest.mark.slow
@pytest.mark.parametrize("line", HOUSE_SETS)
def test_every_level_and_the_coach_play_only_legal_moves_under_house_rules(line):
    from palace_tui.ai import claim_burn_in, make_player
    from palace_tui.ai.coach import advise

    rules = Rules.from_line(line)
    for seed in range(2):
        game = Game.deal(rules, ["Ann", "Ben", "Cy", "Dee"][: min(4, rules.max_players)], seed=seed)
        levels = ("hard", "normal", "easy", "random")
        players = {i: make_player(levels[i], seed=seed, work=2000) for i in range(len(game.seats))}
        while game.phase != "over" and game.moves < 2000:
            if game.phase == "play" and game.moves % 10 == 0:
                advice = advise(game, game.turn, work=2000)
                assert game.is_legal(advice.move) and advice.reason.endswith("."), advice
            move = players[game.turn].choose(game)
            assert game.is_legal(move), (move, game.code())
            events = game.play(move)
            for p in players.values():
                if hasattr(p, "observe"):
                    p.observe(events)
            if game.phase == "play":
                claim_burn_in(game, players)
        assert game.phase == "over"

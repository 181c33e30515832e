"""Cards, options, presets and invalid combinations (RULES.md: Options, Presets)."""

import pytest

from palace_tui.rules import OPTIONS, PRESETS, Card, Game, Rules

# ----------------------------------------------------------------- Card.parse


@pytest.mark.parametrize(
    "text,rank,suit,shown",
    [
        ("7H", 7, "H", "7♥"),
        ("7♥", 7, "H", "7♥"),
        ("7h", 7, "H", "7♥"),
        ("10D", 10, "D", "10♦"),
        ("TD", 10, "D", "10♦"),
        ("10♦", 10, "D", "10♦"),
        ("AS", 14, "S", "A♠"),
        ("A♠", 14, "S", "A♠"),
        ("KC", 13, "C", "K♣"),
        ("QH", 12, "H", "Q♥"),
        ("JD", 11, "D", "J♦"),
        ("2C", 2, "C", "2♣"),
        ("3♣", 3, "C", "3♣"),
        ("JK", 15, "", "JK"),
        ("jk", 15, "", "JK"),
    ],
)
def test_card_parse_forms(text, rank, suit, shown):
    c = Card.parse(text)
    assert (c.rank, c.suit, str(c)) == (rank, suit, shown)


def test_card_parse_forms_are_the_same_card():
    assert Card.parse("7H") == Card.parse("7♥")
    assert Card.parse("10D") == Card.parse("TD")
    assert Card.parse("7H") != Card.parse("7D")


@pytest.mark.parametrize("bad", ["", "7", "1H", "11H", "7X", "ZZ", "10", "QQ", "JKS", "H7", "0S"])
def test_card_parse_bad_input_raises_value_error(bad):
    with pytest.raises(ValueError) as info:
        Card.parse(bad)
    assert "card" in str(info.value).lower()


def test_card_str_is_rank_then_suit_symbol():
    assert [str(Card.parse(t)) for t in ("9C", "TH", "QS", "AD")] == ["9♣", "10♥", "Q♠", "A♦"]


# ----------------------------------------------------------------- options


def test_every_option_default_is_listed_first():
    r = Rules()
    for name, values in OPTIONS.items():
        assert getattr(r, name) == values[0]


def test_option_names_and_values_are_those_of_rules_md():
    """RULES.md's options keep their values (the house rules add to the rank options'); the
    house rules' options follow them (docs/house_rules.md)."""
    powers = ("normal", "reset", "clear", "see-through", "low", "skip", "reverse")
    for name, values in RULES_MD_OPTIONS.items():  # every value RULES.md names, its default first
        assert set(values) <= set(OPTIONS[name]) and OPTIONS[name][0] == values[0], name
        if name not in ("ten", "seven", "eight"):
            assert OPTIONS[name] == values, name
    assert set(OPTIONS["ten"]) == {"anything", "not-on-picture", *powers} - {"clear"}
    for name in ("two", "three", "four", "five", "six", "seven", "eight", "nine", "jack", "queen", "king", "ace"):
        assert sorted(OPTIONS[name]) == sorted(powers), name


def test_every_rank_lists_its_powers_in_one_order_after_its_default():
    """The same ↓ presses from the top of a rank's list pick the same power on every rank but the
    2 and the 10 (whose defaults come first); saved lines name values, so they read the same."""
    order = ("normal", "reset", "clear", "see-through", "low", "skip", "reverse")
    names = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "jack", "queen", "king", "ace")
    for name in names:
        default = getattr(Rules(), name)
        assert OPTIONS[name] == (default, *(v for v in order if v != default)), name
    assert OPTIONS["ten"] == ("anything", "not-on-picture", *(v for v in order if v != "clear"))
    line = "palace two=skip seven=low eight=reverse nine=invisible ten=not-on-picture king=reset"
    rules = Rules.from_line(line)
    assert (rules.two, rules.seven, rules.eight, rules.nine, rules.ten, rules.king) == (
        *("skip", "low", "reverse", "see-through", "not-on-picture", "reset"),
    )
    assert Rules.from_line(rules.line()) == rules
    assert list(OPTIONS)[len(RULES_MD_OPTIONS) :] == [
        *("two", "three", "four", "five", "six", "nine", "jack", "queen", "king", "ace"),
        *("skips", "low_binds_ten", "must_play", "play_drawn", "chance", "burn", "burn_in"),
    ]


RULES_MD_OPTIONS = {
    "packs": (1, 2, 3),
    "jokers": (False, True),
    "face_down": (3, 4, 5),
    "face_up": (3, 4, 5),
    "hand_size": (3, 1, 2, 4, 5),
    "deal": ("swap", "choose"),
    "starter": ("lowest", "dealer-left"),
    "ten": ("anything", "not-on-picture"),
    "seven": ("normal", "low"),
    "eight": ("normal", "reverse", "see-through"),  # RULES.md says "invisible": the old name still reads
    "stuck_face_up": ("add-one", "keep-row"),
    "after_pickup": ("next", "builder"),
    "finish": ("last-loses", "first-out"),
    "scoring": ("podium", "losses", "wins"),
    "next_dealer": ("clockwise", "loser"),
}


def test_presets_are_exactly_as_rules_md():
    assert set(PRESETS) == {"palace", "shithead", "first-out"}
    fo = Rules.preset("first-out")
    assert (fo.deal, fo.starter, fo.finish, fo.scoring, fo.next_dealer) == (
        "choose",
        "dealer-left",
        "first-out",
        "wins",
        "clockwise",
    )
    sh = Rules.preset("shithead")
    assert (sh.deal, sh.starter, sh.finish, sh.scoring, sh.next_dealer) == (
        "swap",
        "lowest",
        "last-loses",
        "losses",
        "clockwise",
    )
    pa = Rules.preset("palace")
    assert (pa.deal, pa.starter, pa.finish, pa.scoring, pa.next_dealer) == (
        "swap",
        "lowest",
        "last-loses",
        "podium",
        "loser",
    )
    for r in (fo, sh, pa):  # the core every preset shares
        assert (r.packs, r.jokers, r.face_down, r.face_up, r.hand_size) == (1, False, 3, 3, 3)
        assert (r.ten, r.seven, r.eight, r.stuck_face_up, r.after_pickup) == (
            "anything",
            "normal",
            "normal",
            "add-one",
            "next",
        )


def test_first_out_variations_are_valid():
    fo = Rules.preset("first-out")
    assert fo.replace(seven="low").seven == "low"
    assert fo.replace(stuck_face_up="keep-row").stuck_face_up == "keep-row"
    assert fo.replace(finish="last-loses").finish == "last-loses"


def test_winner_takes_all_is_first_out_with_wins():
    r = Rules.preset("palace").replace(finish="first-out", scoring="wins", next_dealer="clockwise")
    assert (r.finish, r.scoring) == ("first-out", "wins")


def test_replace_returns_a_new_rules():
    base = Rules.preset("palace")
    new = base.replace(seven="low", jokers=True)
    assert (new.seven, new.jokers) == ("low", True)
    assert (base.seven, base.jokers) == ("normal", False)


NEEDS = {
    ("skips", "each"): {"eight": "skip"},
    ("low_binds_ten", True): {"seven": "low"},
    **{("burn", n): {"packs": 2} for n in (5, 6, 7, 8)},
}


@pytest.mark.parametrize("name,value", [(n, v) for n, vs in OPTIONS.items() for v in vs])
def test_every_option_value_is_accepted(name, value):
    base = Rules.preset("palace") if name != "finish" else Rules.preset("shithead").replace(scoring="wins")
    # The house rules that need a companion get it (docs/house_rules.md: combinations that mean nothing).
    base = base.replace(**NEEDS.get((name, value), {}))
    r = base.replace(**{name: value})
    assert getattr(r, name) == value


def test_unknown_option_names_the_valid_ones():
    with pytest.raises(ValueError) as info:
        Rules.preset("palace").replace(sevens="low")
    msg = str(info.value)
    assert "sevens" in msg and "seven" in msg and "after_pickup" in msg


@pytest.mark.parametrize(
    "name,value,valid",
    [
        ("seven", "high", ["normal", "low", "skip"]),
        ("eight", "wild", ["normal", "reverse", "see-through", "skip"]),
        ("packs", 4, ["1", "2", "3"]),
        ("face_down", 2, ["3", "4", "5"]),
        ("hand_size", 6, ["1", "2", "3", "4", "5"]),
        ("hand_size", 0, ["1", "5"]),
        ("jokers", "yes", ["true", "false"]),
        ("jokers", 1, ["true", "false"]),
        ("packs", True, ["1", "2", "3"]),
        ("packs", "2", ["1", "2", "3"]),
        ("deal", "Swap", ["swap", "choose"]),
    ],
)
def test_unknown_value_names_option_and_valid_values(name, value, valid):
    with pytest.raises(ValueError) as info:
        Rules.preset("palace").replace(**{name: value})
    msg = str(info.value)
    assert name in msg
    for v in valid:
        assert v in msg


def test_unknown_preset():
    with pytest.raises(ValueError) as info:
        Rules.preset("poker")
    assert "poker" in str(info.value) and "palace" in str(info.value)


@pytest.mark.parametrize(
    "changes,words",
    [
        ({"finish": "first-out", "scoring": "podium", "next_dealer": "clockwise"}, ["podium", "first-out"]),
        ({"finish": "first-out", "scoring": "losses", "next_dealer": "clockwise"}, ["losses", "first-out"]),
        ({"finish": "first-out", "scoring": "wins", "next_dealer": "loser"}, ["loser", "first-out"]),
    ],
)
def test_meaningless_combinations_are_refused_saying_why(changes, words):
    with pytest.raises(ValueError) as info:
        Rules.preset("shithead").replace(**changes)
    msg = str(info.value)
    for w in words:
        assert w in msg
    assert "loser" in msg  # the reason: there is no loser then


def test_first_out_with_wins_and_clockwise_is_fine():
    Rules.preset("shithead").replace(finish="first-out", scoring="wins")


# ----------------------------------------------------------------- player counts


def names(n):
    return [f"P{i}" for i in range(n)]


@pytest.mark.parametrize(
    "rules,most",
    [
        (Rules.preset("palace"), 5),  # one pack, 3/3/3
        (Rules.preset("palace").replace(jokers=True), 6),  # six with jokers
        (Rules.preset("palace").replace(face_down=4, face_up=4), 4),  # Finnish rows
        (Rules.preset("palace").replace(face_down=5, face_up=5), 4),  # 13 each from 52
        (Rules.preset("palace").replace(packs=2), 11),
        (Rules.preset("palace").replace(hand_size=1), 7),
        (Rules.preset("palace").replace(packs=2, jokers=True, face_down=4, face_up=4), 9),
    ],
)
def test_player_count_limit(rules, most):
    per = rules.face_down + rules.face_up + rules.hand_size
    deck = rules.packs * (54 if rules.jokers else 52)
    assert most * per <= deck < (most + 1) * per  # the limit is the RULES.md formula
    g = Game.deal(rules, names(most), seed=3)
    assert len(g.seats) == most
    with pytest.raises(ValueError) as info:
        Game.deal(rules, names(most + 1), seed=3)
    msg = str(info.value)
    assert str(most) in msg and str(deck) in msg  # says why: the cards run out


def test_one_player_is_refused():
    with pytest.raises(ValueError) as info:
        Game.deal(Rules.preset("palace"), ["Solo"], seed=1)
    assert "2" in str(info.value)


def test_six_without_jokers_is_refused_but_six_with_jokers_deals_54():
    with pytest.raises(ValueError):
        Game.deal(Rules.preset("palace"), names(6), seed=1)
    g = Game.deal(Rules.preset("palace").replace(jokers=True), names(6), seed=1)
    assert len(g.all_cards()) == 54 and len(g.stock) == 0

"""Issue 36's touch items, in real headless Chromium by taps alone (``palace serve``), on two
phones held upright and a tablet: 390x844, 360x640 and 768x1024.

- the new-table form: filled by taps (a list opened, an option tapped, the seats changed) and
  started; every list, field, ▶ section and button on it measured at least 44 CSS px tall from
  the cells the page paints (the xterm cell's height times its rows); an open list lies inside
  the form, each option a fingertip, the Start row as it was (R-12);
- the burn-in offer's Go on, tapped while every name button is still up;
- the pile's "Take 4 cards?" withdrawn by a tap elsewhere (no Esc on a phone);
- the review stepped by the footer's Back and On keys and by a tap on the chance graph.

The fast tier of the same: tests/tui/test_touch_form.py, test_open_list.py, test_house_moves.py,
test_touch_words.py and test_review_touch.py.
"""

from __future__ import annotations

import re
import time

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")

from palace_tui.ai import make_player
from palace_tui.rules import Rules
from palace_tui.table.session import SeatConfig, Session
from tests.helpers.built_table import table
from tests.helpers.served_page import Box, ServedPage, saved_game, wait_saved
from tests.web.test_touch import FINGER, Ruler, card_box, pile_box, tap_the_pass_box

SIZES = [
    pytest.param(390, 844, True, id="phone-390x844"),
    pytest.param(360, 640, True, id="phone-360x640"),
    pytest.param(768, 1024, False, id="tablet-768x1024"),
]

#: Three seats round a burn-in table: Ann's 7♦ makes three 7s; Ben holds the fourth.
THREE_SEVENS = [
    {"name": "Ann", "hand": "7D 4C 5C", "face_up": "KS", "face_down": "3D"},
    {"name": "Ben", "hand": "7S 6S 8S", "face_up": "QH", "face_down": "8D"},
    {"name": "Cy", "hand": "4D 9H JH", "face_up": "AH", "face_down": "2C"},
]

#: What the form draws where a finger taps: a list's arrow, a ▶ (or open ▼) section.
ARROWS = "▼▲▶"


def save(data_dir, session: Session) -> None:
    """Leave ``session`` saved in ``data_dir``: the served game offers to continue it."""
    from palace_tui.store import Store

    with Store(data_dir) as store:
        store.save_session(session.to_dict())


def alike(one: str, other: str) -> bool:
    """Two cells' backgrounds (xterm's "mode:colour") are one: a greyed list's words row is a
    shade off its padding (a few steps a channel), a field's colour many steps off the form's."""
    if one == other:
        return True
    (mode_a, colour_a), (mode_b, colour_b) = one.split(":"), other.split(":")
    if mode_a != mode_b or not colour_a.isdigit() or not colour_b.isdigit():
        return False
    a, b = int(colour_a), int(colour_b)
    return all(abs((a >> shift & 255) - (b >> shift & 255)) <= 8 for shift in (0, 8, 16))


def target_box(cells: list[tuple[str, list[str]]], row: int, col: int) -> Box:
    """The painted extent of the target drawn at (``row``, ``col``): along its row the cells of
    its background, then the rows above and below painted over the same columns and not past
    them (the field stacked under a list is painted alike, but never over the same columns)."""
    back = cells[row][1][col]

    def same(r: int, c: int) -> bool:
        return 0 <= r < len(cells) and 0 <= c < len(cells[r][1]) and alike(cells[r][1][c], back)

    left, right = col, col
    while same(row, left - 1):
        left -= 1
    while same(row, right + 1):
        right += 1

    def fits(r: int) -> bool:
        return all(same(r, c) for c in range(left, right + 1)) and not same(r, left - 1) and not same(r, right + 1)

    top, bottom = row, row
    while fits(top - 1):
        top -= 1
    while fits(bottom + 1):
        bottom += 1
    return Box(top, left, right - left + 1, bottom - top + 1)


def form_targets(tab: ServedPage, ruler: Ruler) -> int:
    """Measure every list and ▶ section on the form as painted now (above the Start row):
    each must be a fingertip tall. How many were measured."""
    cells = tab.cells()
    lines = [chars for chars, _ in cells]
    start = tab.button("Start", lowest=False).row  # the form's last row is the one above
    measured = 0
    for row, line in enumerate(lines[:start]):
        if "Tap a list" in line or "section for" in line:
            continue  # the help's ▶, not a section
        for col, char in enumerate(line):
            if char in ARROWS:
                box = target_box(cells, row, col)
                if box.row > 1 and box.row + box.height < start:  # whole on screen, not cut
                    ruler.check("a list or a ▶ section", box)
                    measured += 1
    return measured


def list_box(text: str) -> Box:
    """The open list: its frame, drawn inside the form."""
    lines = text.split("\n")
    top = next(r for r, line in enumerate(lines) if "╭" in line and "╮" in line)
    left = lines[top].index("╭")
    bottom = next(r for r in range(top + 1, len(lines)) if lines[r][left : left + 1] == "╰")
    return Box(top, left, lines[top].index("╮") - left + 1, bottom - top + 1)


def tap_option(tab: ServedPage, words: str) -> str:
    """Tap the option ``words`` in the open list; the text before."""
    text = tab.text()
    frame = list_box(text)
    lines = text.split("\n")
    row = next(r for r in range(frame.row + 1, frame.row + frame.height - 1) if words in lines[r])
    col = lines[row].index(words, frame.col)
    return tab.tap_box(Box(row, col, len(words), 1))


@pytest.mark.slow  # three browsers through the form (the fast tier: tests/tui/test_touch_form.py, test_open_list.py)
@pytest.mark.parametrize(("width", "height", "phone"), SIZES)
def test_the_new_table_form_by_taps(start_server, browser, width, height, phone):
    url, data_dir = start_server()
    tab = ServedPage(browser(width, height, phone=phone))
    ruler = Ruler(tab)
    tab.open(url)
    text = tab.wait_for("Start", "Seat 1", "Players")
    cell_height = tab.cell_size()[1]

    # Players: the list opens inside the form, each option a fingertip, the Start row as it was.
    start_row = next(line for line in text.split("\n") if re.search(r"^\s+Start\s+Learn", line))
    before = tab.tap_box(Box(*next_arrow(text, "Players"), 1, 1))
    text = tab.wait_until(lambda t: "╭" in t and "╰" in t, "the open list of players", before)
    frame = list_box(text)
    options = [str(n) for n in range(2, 7)]
    listed = [line[frame.col : frame.col + frame.width].strip("│ ") for line in text.split("\n")]
    assert all(n in listed for n in options), text
    per_option = (frame.height - 2) * cell_height / len(options)
    assert per_option >= FINGER, f"an option is {per_option:.0f} px tall:\n{text}"
    assert start_row in text.split("\n"), f"the Start row is painted over:\n{text}"
    text = tab.wait_until(lambda t: "╭" not in t and "Seat 3" not in t, "two seats", tap_option(tab, "2"))

    # Seat 2 a person: its kind's list, then Human.
    before = tab.tap_box(Box(*next_arrow(text, "Computer"), 1, 1))
    text = tab.wait_until(lambda t: "╭" in t and "╰" in t, "the open list of kinds", before)
    text = tab.wait_until(lambda t: "Computer" not in t, "Ben a person", tap_option(tab, "Human"))
    # The list's "esc Dismiss menu" key goes a refresh later: the keys move along the footer.
    tab.wait_until(lambda t: "Dismiss menu" not in t and "Next field" in t, "the form's keys")

    # Every list and ▶ section a fingertip, the form walked by the footer's Next field.
    seen = form_targets(tab, ruler)
    ruler.check("the Start button", tab.button("Start", lowest=False))
    ruler.keys("Next field")
    for _ in range(40):
        if "Seed" in tab.text():
            break
        tab.wait_until(lambda t: "Dismiss menu" not in t and "Next field" in t, "the form's keys")
        tab.tap_box(tab.button("Next field"))
        time.sleep(0.4)
        seen += form_targets(tab, ruler)
    assert "Seed" in tab.text(), tab.text()
    assert seen >= 8, f"only {seen} lists and sections measured:\n{tab.text()}"

    # Start: Ann and Ben, both people, pass the device.
    text = tab.wait_for("Pass to", before=tab.tap_box(tab.button("Start", lowest=False)))
    saved = wait_saved(data_dir, lambda s: True, tab)
    assert saved.names == ["Ann", "Ben"] and all(seat.human for seat in saved.seats), saved.seats
    print(f"\n{width}x{height}: {ruler.report()}")


def next_arrow(text: str, near: str) -> tuple[int, int]:
    """The cell of the list arrow on the (first) line that holds ``near``."""
    for row, line in enumerate(text.split("\n")):
        if near in line:
            col = line.find("▼", line.index(near))
            if col >= 0:
                return row, col
    raise AssertionError(f"no list by {near!r}:\n{text}")


@pytest.mark.slow  # three browsers through a turn, the offer and a question
@pytest.mark.parametrize(("width", "height", "phone"), SIZES)
def test_go_on_past_the_burn_in_offer_and_a_tap_elsewhere_withdraws_the_piles_question(
    start_server, browser, width, height, phone
):
    url, data_dir = start_server()
    rules = Rules.preset("palace").replace(burn_in=True)
    save(data_dir, table(THREE_SEVENS, pile="5D 7C 7H", stock="2D 3H", humans=3, rules=rules))
    tab = ServedPage(browser(width, height, phone=phone))
    ruler = Ruler(tab)
    tab.open(url)
    tab.wait_state("resume")
    text = tab.wait_for("Pass to Ann", before=tab.tap_box(tab.button("Continue")))
    text = tap_the_pass_box(tab, ruler, text, "Ann")

    # Ann's 7♦ makes three 7s; her turn ends; the table is asked, every name button up.
    tab.tap_box(card_box(text, "7♦"))
    time.sleep(0.3)
    text = tab.wait_until(lambda t: tab.state(t) == "result", "Ann's result", tab.tap_box(tab.button("Play")))
    text = tab.wait_for("Anyone with the fourth 7?", before=tab.tap_box(tab.button("End turn")))
    for name in ("Ben", "Cy", "Go on"):
        ruler.check(f"the offer's {name}", tab.button(name))
    text = tab.wait_for("Pass to Ben", before=tab.tap_box(tab.button("Go on")))
    saved = wait_saved(data_dir, lambda s: s.game.turn == 1, tab)
    assert [c.code for c in saved.game.pile[-3:]] == ["7C", "7H", "7D"], "nobody burned in"

    # Ben taps the pile: it asks; a tap elsewhere (his recap) takes the question back.
    text = tap_the_pass_box(tab, ruler, text, "Ben")
    question = "Take 4 cards?"
    text = tab.wait_for(question, before=tab.tap_box(pile_box(text)))
    elsewhere = "Since your last turn" if "Since your last turn" in text else "Ben"
    text = tab.wait_until(lambda t: question not in t, "the question withdrawn", tab.tap(elsewhere))
    time.sleep(0.5)
    after = saved_game(data_dir)
    assert after.log_total == saved.log_total and len(after.game.seats[1].hand) == 3, "nothing was taken"
    # The next tap on the pile asks again; it does not take.
    tab.wait_for(question, before=tab.tap_box(pile_box(text)))
    time.sleep(0.5)
    assert saved_game(data_dir).log_total == saved.log_total
    print(f"\n{width}x{height}: {ruler.report()}")


def near_the_end() -> Session:
    """Ann and Ben (people) at a dealt game, the mover one card from going out, that card playable
    (the first seed whose random game comes to such a turn)."""
    for seed in range(1, 200):
        session = Session.new([SeatConfig("Ann"), SeatConfig("Ben")], Rules.preset("palace"), seed=seed)
        player = make_player("random", seed)
        while session.game.phase != "over":
            game = session.game
            seat = game.seats[game.turn]
            if (
                game.phase == "play"
                and len(seat.hand) == 1
                and not seat.face_up
                and not seat.face_down
                and any(m.kind == "play" for m in game.legal_moves())
            ):
                return session
            session.apply(player.choose(game))
    raise AssertionError("no game came to a last card")


@pytest.mark.slow  # three browsers through a game's last move and its review
@pytest.mark.parametrize(("width", "height", "phone"), SIZES)
def test_the_review_is_stepped_by_taps(start_server, browser, shots, width, height, phone):
    url, data_dir = start_server()
    session = near_the_end()
    mover = session.names[session.game.turn]
    save(data_dir, session)
    tab = ServedPage(browser(width, height, phone=phone))
    ruler = Ruler(tab)
    tab.open(url)
    tab.wait_state("resume")
    text = tab.wait_for(f"Pass to {mover}", before=tab.tap_box(tab.button("Continue")))
    text = tap_the_pass_box(tab, ruler, text, mover)
    card = str(session.game.seats[session.game.turn].hand[0]).replace("JK", "Jkr")
    tab.tap_box(card_box(text, card))
    time.sleep(0.3)
    before = tab.tap_box(tab.button("Play"))
    text = tab.wait_until(lambda t: "wins!" in t or tab.state(t) == "result", "the last move", before)
    if "wins!" not in text:
        text = tab.wait_for("wins!", before=tab.tap_box(tab.button("End turn")))
    text = tab.wait_for("wins!", "Review")  # the footer fills in a refresh after the screen
    tab.page.screenshot(path=str(shots / f"results-{width}x{height}.png"))
    ruler.keys("Review")
    text = tab.wait_for("Move ", "Back", "On", before=tab.tap_box(tab.button("Review")))

    def at(t: str) -> tuple[int, int]:
        found = re.search(r"Move (\d+) of (\d+)", t)
        assert found, t
        return int(found.group(1)), int(found.group(2))

    ruler.keys("Back", "On")
    first, moves = at(text)
    text = tab.wait_until(lambda t: at(t)[0] == first + 1, "a move on", tab.tap_box(tab.button("On")))
    text = tab.wait_until(lambda t: at(t)[0] == first + 2, "two moves on", tab.tap_box(tab.button("On")))
    text = tab.wait_until(lambda t: at(t)[0] == first + 1, "a move back", tab.tap_box(tab.button("Back")))
    # The graph fills in as the review works: a tap on its last bar goes to the game's last
    # moves (a bar is a few moves where the game is longer than the graph is wide). On a phone
    # it stays over the keys whatever the verdict's length (a finger cannot scroll the page).
    deadline = time.monotonic() + 180
    while at(tab.text())[0] < moves * 0.9:
        assert time.monotonic() < deadline, f"a tap on the graph's last bar went nowhere:\n{tab.text()}"
        lines = tab.wait_for("Chances over the game").split("\n")
        top = next(r for r, line in enumerate(lines) if "Chances over the game" in line)
        row = lines[top + 1]  # the graph's first line: a name and its bars
        assert row.count("│") == 2, f"the graph is cut:\n{tab.text()}"
        tab.tap_box(Box(top + 1, len(row[: row.rindex("│")].rstrip()) - 1, 1, 1))
        time.sleep(1)  # no chances yet: the tap finds no bar; tap again
    print(f"\n{width}x{height}: {ruler.report()}")

"""``palace serve`` for a screen reader, in real headless Chromium: xterm.js's screen-reader mode
(its accessibility tree holds the table's words as text) where asked, and the page ``/plain``,
which plays in lines of text (``palace --plain``) and is read from that tree.
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed: pip install -e '.[web]'")

from palace_tui.lessons import Progress
from palace_tui.web.a11y import HOOK, hooked_textual_js
from palace_tui.words import lines as words
from tests.helpers.served_page import PATIENCE

#: The text of the terminal's accessibility tree (None while there is none: the mode is off).
TREE = "(() => { const t = document.querySelector('.xterm-accessibility-tree'); return t ? t.innerText : null; })()"


def read_tree(page, *needles: str) -> str:
    """Wait until the accessibility tree holds every needle; its text."""
    deadline = time.monotonic() + PATIENCE / 1000
    text = None
    while time.monotonic() < deadline:
        text = page.evaluate(TREE)
        if text is not None and all(needle in " ".join(text.split()) for needle in needles):
            return text
        time.sleep(0.2)
    raise AssertionError(f"the accessibility tree never held {needles}:\n{text}")


def type_line(page, answer: str) -> None:
    """Type an answer and Enter into the terminal, as a person's keys."""
    page.keyboard.type(answer)
    page.keyboard.press("Enter")


def test_the_served_script_hands_its_terminal_to_the_page():
    """textual-serve's script has the one place the hook goes (a new textual-serve fails here first)."""
    from pathlib import Path

    import textual_serve

    static = Path(textual_serve.__file__).parent / "static"
    script = hooked_textual_js(static).decode("utf-8")
    assert script.count(HOOK[1]) == 1


def test_palace_serve_a11y_turns_on_the_screen_reader_mode(start_server, browser):
    """--a11y: the table's words are text in the page; without it, only ?a11y=1 turns it on."""
    url, _ = start_server("--a11y")
    page = browser(1024, 768)
    page.goto(url)
    text = read_tree(page, "Seat 1")  # the new-table form, read as text
    assert "Start" in text
    links = page.eval_on_selector_all(".palace-by-ear a", "links => links.map(a => a.getAttribute('href'))")
    assert links == ["/plain", "/?a11y=1"]
    page.goto(url + "?a11y=0")  # the page can turn it off
    page.wait_for_selector(".xterm-screen")
    time.sleep(1)
    assert page.evaluate(TREE) is None

    plain_url, _ = start_server()
    page = browser(1024, 768)
    page.goto(plain_url)
    page.wait_for_selector(".xterm-screen")
    time.sleep(1)
    assert page.evaluate(TREE) is None  # off unless asked: the control
    page.goto(plain_url + "?a11y=1")
    read_tree(page, "Seat 1")


def closed(page) -> bool:
    """Whether the page says its session ended (its game's socket closed)."""
    return bool(page.evaluate("document.body.classList.contains('-closed')"))


@pytest.mark.slow  # the lessons and a game in a real browser
def test_the_page_plain_plays_the_lessons_and_a_game_in_lines(start_server, browser):
    """/plain: the start menu read from the tree; a lesson by number (its progress is the app's);
    then Ann against two computers, an answer mended with Backspace, save and quit, go on."""
    url, data_dir = start_server()
    page = browser(1024, 768)  # a touch screen: a large font, about 85 columns
    page.add_init_script("window.addEventListener('palace-terminal', e => { window.palaceTerminal = e.detail; });")
    page.goto(url + "plain")
    assert page.title() == "Palace, in lines of text"
    read_tree(page, words.START_QUESTION, "3: the lessons")
    assert page.eval_on_selector_all(".palace-by-ear a", "links => links.map(a => a.getAttribute('href'))") == ["/"]
    page.focus(".xterm-helper-textarea")  # where xterm.js takes keys (a click lands on the tree)
    type_line(page, "3")
    read_tree(page, "Enter: lesson 1")
    type_line(page, "")
    read_tree(page, "Lesson 1 of", "1: play A♠")
    type_line(page, "1")
    read_tree(page, "Well done!")
    assert "palace" in Progress(data_dir).done  # the Learn screen's own progress file
    type_line(page, "q")
    type_line(page, "q")
    read_tree(page, words.LEARN_BYE)
    deadline = time.monotonic() + PATIENCE / 1000
    while not closed(page) and time.monotonic() < deadline:  # the game ended: so did the page's session
        time.sleep(0.2)
    assert closed(page)

    page.goto(url + "plain")
    read_tree(page, words.START_QUESTION)
    page.focus(".xterm-helper-textarea")
    type_line(page, "1")  # Ann against two computers
    text = read_tree(page, "Your choice, Ann")
    assert "Your hand:" in text and "ready" in text
    ready = next(line.split(":")[0].strip() for line in text.splitlines() if line.strip().endswith(": ready"))
    page.keyboard.type("9")
    page.keyboard.press("Backspace")  # the terminal mends the line, as a terminal does
    type_line(page, ready)
    read_tree(page, "Ann, your turn.")
    type_line(page, "q")
    read_tree(page, words.SAVED)

    page.goto(url + "plain")
    read_tree(page, "1: go on with the saved game")
    page.focus(".xterm-helper-textarea")
    type_line(page, "1")
    read_tree(page, "Game 1 goes on: Ann, Ben, Cy.", "Pass to Ann.")  # a resumed game: the hand-over first
    type_line(page, "")
    text = read_tree(page, "Ann, your turn.", "Your hand:")
    columns = page.evaluate("window.palaceTerminal.cols")
    assert columns < 96 and max(len(line.rstrip()) for line in text.splitlines()) < columns  # no word cut in two


async def test_the_new_doors_refuse_foreign_pages_and_forbid_framing(start_server):
    """The page /plain, the hooked script and the line mode's websocket are guarded as / and /ws are;
    a /ws/plain tab sent junk and a huge size plays on and still answers in lines."""
    import aiohttp

    from tests.web.test_served_hostile import NOT_A_PAGE_MESSAGE, forbids_framing

    url, _ = start_server("--a11y")
    here = url.rstrip("/")
    asked = {
        "the page for a screen reader": ("/plain", {}, 200),
        "the hooked script": ("/palace/textual.js", {}, 200),
        "/plain asked by a foreign name": ("/plain", {"Host": "evil.example"}, 403),
        "a foreign page's websocket to the line mode": ("/ws/plain", {"Origin": "https://evil.example"}, 403),
    }
    async with aiohttp.ClientSession() as session:
        for what, (path, headers, status) in asked.items():
            async with session.get(here + path, headers=headers) as response:
                assert response.status == status, what
                assert forbids_framing(response.headers), what
                if path == "/palace/textual.js" and status == 200:
                    assert HOOK[1] in await response.text()
                    assert response.content_type == "application/javascript"
        socket = await session.ws_connect(f"{here}/ws/plain?width=1000000&height=-5", headers={"Origin": here})
        for message in NOT_A_PAGE_MESSAGE:
            await socket.send_str(message)
        await socket.send_str('["stdin", "3\\r"]')  # the lessons
        said = b""
        deadline = time.monotonic() + PATIENCE / 1000
        while b"Lessons: 0 of" not in said and time.monotonic() < deadline:
            message = await socket.receive(timeout=PATIENCE / 1000)
            if message.type == aiohttp.WSMsgType.BINARY:
                said += message.data
        assert words.START_QUESTION.encode() in said and b"Lessons: 0 of" in said
        assert b"\x1b" not in said  # plain text, no escape codes, to the page too
        await socket.close()

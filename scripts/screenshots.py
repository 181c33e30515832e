"""Regenerate every screenshot in screenshots/ from fixed seeds.

    python scripts/screenshots.py            # SVG, and PNG when rsvg-convert is installed
    python scripts/screenshots.py --size 80x24

PNG needs ``rsvg-convert`` (Debian: ``apt-get install -y librsvg2-bin fonts-firacode``).
Nothing here touches the real data folder: the app gets an in-memory store.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palace_tui.ai import make_player  # noqa: E402
from palace_tui.rules import Move, Rules  # noqa: E402
from palace_tui.table.session import MemoryStore, SeatConfig, Session  # noqa: E402
from palace_tui.table.turn_flow import TurnFlow  # noqa: E402
from palace_tui.tui.app import PalaceApp  # noqa: E402
from palace_tui.tui.screens.pass_device import PassScreen  # noqa: E402
from palace_tui.tui.screens.rules import RulesScreen  # noqa: E402
from palace_tui.tui.table import move_highlight  # noqa: E402
from palace_tui.tui.table.screen import TableScreen  # noqa: E402

OUT = ROOT / "screenshots"
#: The last move stays lit until the shot is taken, however long the machine takes to get there.
move_highlight.SECONDS = 3600
FIVE = ["Ann", "Ben", "Cy", "Dee", "Eve"]


def table(humans: int, names=FIVE, preset: str = "palace", seed: int = 7) -> Session:
    """A table whose first ``humans`` seats are people."""
    seats = [SeatConfig(n, human=i < humans, level="normal") for i, n in enumerate(names)]
    return Session.new(seats, Rules.preset(preset), seed=seed)


def step(session: Session) -> None:
    """One move for whoever is to act, humans played by the random player."""
    if session.is_human(session.game.turn):
        session.apply(make_player("random", session.game.moves).choose(session.game))
    else:
        session.computer_move()


def advance_until(session: Session, done, limit: int = 2000) -> Session:
    """Play on until ``done(session)`` holds with a human to act."""
    for _ in range(limit):
        g = session.game
        if g.phase == "over":
            break
        if session.is_human(g.turn) and done(session):
            return session
        step(session)
    raise RuntimeError("no such position within the limit")


def mid_game() -> Session:
    s = advance_until(table(1), lambda s: s.game.phase == "play" and s.game.moves >= 24 and len(s.game.pile) >= 2)
    s.flow = TurnFlow(set(s.humans), shown=0)  # Ann's cards up, as handed over
    return s


def face_down() -> Session:
    def at_face_down(s: Session) -> bool:
        g = s.game
        return g.phase == "play" and g.stage(0) == "face_down" and len(g.seats[0].face_down) == 3

    for seed in range(1, 60):
        try:
            s = advance_until(table(1, seed=seed), at_face_down)
        except RuntimeError:
            continue
        s.flow = TurnFlow(set(s.humans), shown=0)  # Ann's cards up, as handed over
        return s
    raise RuntimeError("no face-down position found")


#: "Our rules": 3s see-through, 8s skip, 7s low (and a 10 must obey them), must play.
OUR_RULES = Rules.preset("palace").replace(
    three="see-through", eight="skip", seven="low", low_binds_ten=True, must_play=True
)


def house_rules() -> Session:
    """Ann with three computers at a house-rules table, just after a computer's see-through 3
    landed on a card: her recap and the pile say what it means."""

    def after_a_three(s: Session) -> bool:
        g = s.game
        return (
            g.phase == "play"
            and g.turn == 0
            and g.stage(0) == "hand"
            and len(g.pile) >= 2
            and g.pile[-1].rank == 3
            and g.pile[-2].rank != 3
        )

    seats = [SeatConfig(n, human=i == 0, level="normal") for i, n in enumerate(FIVE[:4])]
    for seed in range(1, 80):
        try:
            s = advance_until(Session.new(seats, OUR_RULES, seed=seed), after_a_three)
        except RuntimeError:
            continue
        s.flow = TurnFlow(set(s.humans), shown=0)
        return s
    raise RuntimeError("no see-through position found")


def shared_mid_game() -> Session:
    """Ann and Ben (people) with Cy and Dee (computers) between them, some way in: Ann to play,
    a card in the stock to draw and a computer next."""

    def ready(s: Session) -> bool:
        g = s.game
        return (
            g.phase == "play"
            and g.turn == 0
            and g.moves >= 12
            and len(g.stock) >= 2
            and g.stage(0) == "hand"
            and any(m.kind == "play" for m in g.legal_moves())
            and not s.is_human((g.turn + g.direction) % len(g.seats))
        )

    seats = [
        SeatConfig("Ann"),
        SeatConfig("Cy", human=False, level="normal"),
        SeatConfig("Ben"),
        SeatConfig("Dee", human=False, level="normal"),
    ]
    s = advance_until(Session.new(seats, Rules.preset("palace"), seed=7), ready)
    s.flow = TurnFlow(set(s.humans), shown=0)  # Ann's cards up, as handed over
    return s


async def play_a_card(app, pilot) -> None:
    """Ann plays her lowest playable card: the result step shows what it drew."""
    plays = [m for m in app.screen.view().legal if m.kind == "play"]
    app.screen.apply(min(plays, key=lambda m: (m.cards[0], len(m.cards))))
    await pilot.pause()


async def end_the_turn(app, pilot) -> None:
    """Ann plays, then Enter: the computers play on the public table."""
    await play_a_card(app, pilot)
    await pilot.press("enter")


async def to_bens_turn(app, pilot) -> None:
    """Ann plays and ends her turn, the computers play, Ben takes the device: his turn
    starts with what happened since his last one."""
    await end_the_turn(app, pilot)
    for _ in range(200):  # the computers' moves, then the pass screen
        if type(app.screen).__name__ == "PassScreen":
            break
        await pilot.pause(0.05)
    await pilot.press("enter")
    await pilot.pause()


async def narrow_shots() -> list[Path]:
    """The narrow layout (a narrow terminal pane, 40x20): Ben's turn as it comes up; and the
    new-table form on a phone."""
    from palace_tui.device import Device

    app = PalaceApp(shared_mid_game(), ai_delay=0, store=MemoryStore())
    # The new-table form as a phone held upright (390x844: 40x45 cells, a fingertip 3 rows) lays it out.
    phone = PalaceApp(None, ai_delay=0, store=MemoryStore(), device=Device("touch", 5, 3))
    return [await shoot("narrow", app, (40, 20), to_bens_turn), await shoot("phone-new-table", phone, (40, 45))]


def finished(store: MemoryStore) -> Session:
    """Three games played at one table, the last one left at its result."""
    s = table(1, FIVE[:4], seed=3)
    for game in range(3):
        while s.game.phase != "over":
            step(s)
        if game < 2:
            store.record_game(s.record())
            s.play_again()
    return s


async def shoot(name: str, app: PalaceApp, size: tuple[int, int], setup=None) -> Path:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if setup is not None:
            await setup(app, pilot)
        await pilot.pause()
        path = OUT / f"{name}.svg"
        app.save_screenshot(str(path))
    return path


async def main(size: tuple[int, int]) -> list[Path]:
    OUT.mkdir(exist_ok=True)
    paths = []

    def app(session=None, **kw) -> PalaceApp:
        return PalaceApp(session, ai_delay=0, store=kw.pop("store", MemoryStore()), **kw)

    paths.append(await shoot("new-table", app(), size))
    paths.append(await shoot("privacy", app(table(2, FIVE[:3])), size))
    paths.append(await shoot("mid-game", app(mid_game()), size))
    paths.append(await shoot("result", app(shared_mid_game()), size, play_a_card))
    paths.append(
        await shoot("watching", PalaceApp(shared_mid_game(), ai_delay=60, store=MemoryStore()), size, end_the_turn)
    )

    async def choose_face_down(app, pilot):
        await pilot.press("right")

    paths.append(await shoot("face-down", app(face_down()), size, choose_face_down))
    store = MemoryStore()
    paths.append(await shoot("results", app(finished(store), store=store), size))

    async def open_how_to_play(app, pilot):
        await pilot.press("question_mark")
        await pilot.pause()

    paths.append(await shoot("how-to-play", app(mid_game()), size, open_how_to_play))

    async def open_rules(app, pilot):
        app.push_screen(RulesScreen(app.screen.table.table().rules if isinstance(app.screen, TableScreen) else Rules()))
        await pilot.pause()

    paths.append(await shoot("rules", app(mid_game()), size, open_rules))

    async def computers_answer(app, pilot):
        """Ann plays; the computers answer at once: the last one's move stays lit."""
        screen = app.screen
        moves = list(screen.view().legal)
        plays = [m for m in moves if m.kind == "play"]
        screen.apply(min(plays, key=lambda m: (m.cards[0], len(m.cards))) if plays else moves[0])
        await pilot.pause()
        await pilot.pause()

    paths.append(await shoot("last-move", app(mid_game()), size, computers_answer))

    async def ask_coach(app, pilot):
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()

    paths.append(await shoot("coach", app(mid_game()), size, ask_coach))
    paths.append(await shoot("house-rules", app(house_rules()), size))
    shots = paths + await lesson_shots(size) + await review_shots(size) + await narrow_shots()
    return shots + await deck_shots(size) + await seats_shot(size)


async def lesson_shots(size: tuple[int, int]) -> list[Path]:
    """The lesson on the deal and the swap, the 10♦ under the cursor (a throwaway data folder)."""
    import tempfile

    from palace_tui.lessons import BY_ID
    from palace_tui.tui.learn_app import LearnApp
    from palace_tui.tui.screens.lesson import LessonScreen

    async def open_swap(app, pilot):
        app.push_screen(LessonScreen(BY_ID["deal-swap"], app.screen.progress))
        await pilot.pause()
        await pilot.press("right", "right")

    with tempfile.TemporaryDirectory() as folder:
        return [await shoot("lesson", LearnApp(data_dir=folder), size, open_swap)]


def reviewed() -> Session:
    """A four-seat game in which Ann (a person, played here at random) went wrong now and then."""
    s = table(1, FIVE[:4], seed=11)
    while s.game.phase != "over":
        step(s)
    return s


async def review_shots(size: tuple[int, int]) -> list[Path]:
    """The review at a turning point, and its summary."""
    from palace_tui.tui.review_app import ReviewApp

    record = reviewed().game_record()

    async def at_turning_point(app, pilot):
        while app.screen.analysis is None:
            await pilot.pause(0.1)
        await pilot.press("t", "t")

    async def summary(app, pilot):
        await at_turning_point(app, pilot)
        await pilot.press("s")

    return [
        await shoot("review", ReviewApp(record, title="Table 1, game 1", store=MemoryStore()), size, at_turning_point),
        await shoot("review-summary", ReviewApp(record, title="Table 1, game 1", store=MemoryStore()), size, summary),
    ]


async def results_shot(size: tuple[int, int]) -> list[Path]:
    """The results with the table's story under the scoreboard."""
    store = MemoryStore()
    app = PalaceApp(finished(store), ai_delay=0, store=store)
    return [await shoot("results", app, size)]


async def deck_shots(size: tuple[int, int]) -> list[Path]:
    """The same table in the usual deck and the four-colour deck, on the dark and the light theme."""
    paths = []
    for theme in ("textual-dark", "textual-light"):
        for four in (False, True):
            app = PalaceApp(mid_game(), ai_delay=0, store=MemoryStore(), four_colour=four)
            app.theme = theme  # before the table is drawn: the log keeps the colours it was written in
            name = f"deck-{'four' if four else 'two'}-{theme.removeprefix('textual-')}"
            paths.append(await shoot(name, app, size))
    return paths


def lowest(legal: list[Move]) -> Move:
    """The scripted players' move in the host's screenshots: the lowest play, else ready, else the first."""
    plays = [m for m in legal if m.kind == "play"]
    if plays:
        return min(plays, key=lambda m: (m.cards[0], -len(m.cards)))
    return next((m for m in legal if m.kind in ("ready", "choose")), legal[0])


async def local_host():
    """A palace host in this process on 127.0.0.1 (an ephemeral port), no rate limit: (Host, its runner)."""
    from aiohttp import web

    from palace_tui.net.server import Host

    host = Host(rate=(10_000, 10_000))
    runner = web.AppRunner(host.app())
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    return host, runner


async def seats_shot(size: tuple[int, int]) -> list[Path]:
    """A mixed table: the terminal Ann and Ben share (palace join --seat Ann --seat Ben) on the
    public table while Cy plays on her own device; Dee is the host's computer. The host runs in
    this process on 127.0.0.1; Cy's moves are sent from here, Ann's and Ben's through their screen."""
    import tempfile

    from palace_tui.cli.join_seats import connect_seats
    from palace_tui.net.client import Connection
    from palace_tui.net.protocol import JoinRequest, MoveRequest
    from palace_tui.net.room import Room
    from palace_tui.tui.seats_join_app import SeatsJoinApp

    host, runner = await local_host()
    url, code, cy_seat = f"ws://127.0.0.1:{runner.addresses[0][1]}/ws", "KX4P2M", 2
    seats = [SeatConfig("Ann"), SeatConfig("Ben"), SeatConfig("Cy"), SeatConfig("Dee", human=False, level="normal")]
    room = host.add(Room(code, Session.new(seats, Rules.preset("palace"), seed=7), ai_delay=0))
    cy = await Connection.open(url, JoinRequest(code, name="Cy"))
    door = await connect_seats(url, code, ["Ann", "Ben"], Path(tempfile.mkdtemp()))
    assert not isinstance(door, str), door
    app = SeatsJoinApp(door, quiet=True)
    path = OUT / "mixed-table.svg"
    try:
        async with app.run_test(size=size) as pilot:
            cy_moves = 0
            for _ in range(2000):
                await pilot.pause(0.02)
                game, screen = room.session.game, app.screen
                dark = isinstance(screen, TableScreen) and screen.viewer is None
                if room.session.to_act == cy_seat and cy_moves >= 6:
                    if dark and door.now().to_act == cy_seat:
                        await pilot.pause(0.3)
                        app.save_screenshot(str(path))
                        break
                elif room.session.to_act == cy_seat:
                    version = room.version
                    await cy.send(MoveRequest(lowest(list(game.view(cy_seat).legal)).code()))
                    cy_moves += 1
                    while room.version == version:
                        await pilot.pause(0.02)
                    continue
                result = isinstance(screen, TableScreen) and screen.mode() == "result"
                if isinstance(screen, PassScreen) or result:
                    await pilot.press("enter")
                elif isinstance(screen, TableScreen) and screen.mode() not in ("wait", "over"):
                    screen.apply(lowest(list(screen.view().legal)))
            else:
                raise AssertionError("Cy never came to play on a dark table")
    finally:
        await door.close()
        await cy.close()
        await host.close()
        await runner.cleanup()
    return [path]


async def host_shots(size: tuple[int, int]) -> list[Path]:
    """The two other devices of a palace host table: a terminal that joined one seat (palace join,
    Ann's turn) and the host's own terminal as the table's TV (palace host --screen: the public
    table, no hand). The host runs in this process on 127.0.0.1; Ben's moves are sent from here,
    Cy is the host's computer."""
    import tempfile

    from palace_tui.cli.host import qr_matrix
    from palace_tui.cli.seat_connection import connect
    from palace_tui.net.client import Connection
    from palace_tui.net.protocol import JoinRequest, MoveRequest
    from palace_tui.net.remote_table import RemoteTable
    from palace_tui.net.room import Room
    from palace_tui.tui.host_screen_app import HostScreenApp, PublicTableScreen, RoomCard
    from palace_tui.tui.join_app import JoinApp
    from palace_tui.words import remote as remote_words

    host, runner = await local_host()
    port = runner.addresses[0][1]
    url, code, ben_seat = f"ws://127.0.0.1:{port}/ws", "KX4P2M", 1
    seats = [SeatConfig("Ann"), SeatConfig("Ben"), SeatConfig("Cy", human=False, level="normal")]
    room = host.add(Room(code, Session.new(seats, Rules.preset("palace"), seed=7), ai_delay=0))
    ben = await Connection.open(url, JoinRequest(code, name="Ben"))
    joined = OUT / "joined.svg"
    tv = OUT / "host-screen.svg"
    try:
        ann = await connect(url, code, "Ann", Path(tempfile.mkdtemp()))
        assert isinstance(ann, RemoteTable), ann
        app = JoinApp(ann, quiet=True)
        async with app.run_test(size=size) as pilot:
            moves = 0
            for _ in range(2000):
                await pilot.pause(0.02)
                screen = app.screen
                if room.session.to_act == ben_seat:
                    version = room.version
                    await ben.send(MoveRequest(lowest(list(room.session.game.view(ben_seat).legal)).code()))
                    moves += 1
                    while room.version == version:
                        await pilot.pause(0.02)
                    continue
                if not isinstance(screen, TableScreen) or screen.mode() in ("wait", "over"):
                    continue
                if moves >= 8 and screen.mode() == "hand" and ann.now().to_act == 0:
                    await pilot.pause(0.3)
                    app.save_screenshot(str(joined))
                    break
                if screen.mode() == "result":
                    await pilot.press("enter")
                else:
                    screen.apply(lowest(list(screen.view().legal)))
            else:
                raise AssertionError("Ann's turn never came")
        await ann.close()
        watcher = await RemoteTable.join(url, JoinRequest(code, watch=True))
        page = f"http://127.0.0.1:{port}/r/{code}"
        card = RoomCard(code, page, tuple(remote_words.how_to_join(code, page, True)[:4]), qr_matrix(page))
        screen_app = HostScreenApp(watcher, card, close_room=lambda: None)
        async with screen_app.run_test(size=size) as pilot:
            await pilot.pause(0.3)
            await pilot.press("enter")
            for _ in range(200):
                await pilot.pause(0.05)
                if isinstance(screen_app.screen, PublicTableScreen):
                    break
            await pilot.pause(0.5)
            screen_app.save_screenshot(str(tv))
        await watcher.close()
    finally:
        await ben.close()
        await host.close()
        await runner.cleanup()
    return [joined, tv]


#: The width of the clip rectangles of Textual's SVG: the whole terminal's and each line's.
CLIP_RECT = re.compile(r'((?:-clip-terminal|-line-\d+)">\s*<rect x="0" y="[\d.]+" width=")([\d.]+)')


def to_png(svg: Path) -> Path | None:
    tool = shutil.which("rsvg-convert")
    if tool is None:
        return None
    png = svg.with_suffix(".png")
    # rsvg drops the leading no-break space of a text run unless space is preserved.
    text = svg.read_text(encoding="utf-8").replace("<svg ", '<svg xml:space="preserve" ', 1)
    # rsvg draws a run a few pixels wider than Textual's cells, so a letter in the last column
    # was cut in half by the terminal's and the line's clip: widen both by about half a cell.
    text = CLIP_RECT.sub(lambda m: f"{m[1]}{float(m[2]) + 6:g}", text)
    subprocess.run([tool, "-z", "1.5", "-o", str(png)], input=text.encode("utf-8"), check=True)
    return png


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="100x32", help="terminal size, WIDTHxHEIGHT")
    parser.add_argument("--lessons-only", action="store_true", help="only the lesson screenshot")
    parser.add_argument("--review-only", action="store_true", help="only the review's two screenshots")
    parser.add_argument("--results-only", action="store_true", help="only the results screenshot")
    parser.add_argument("--decks-only", action="store_true", help="only the four deck screenshots")
    parser.add_argument("--narrow-only", action="store_true", help="only the narrow (40x20) screenshot")
    parser.add_argument("--seats-only", action="store_true", help="only the mixed table's screenshot")
    parser.add_argument("--host-only", action="store_true", help="only a joined terminal's and the host's TV screen")
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.lower().split("x"))
    OUT.mkdir(exist_ok=True)
    if args.lessons_only:
        shots = lesson_shots((w, h))
    elif args.review_only:
        shots = review_shots((w, h))
    elif args.results_only:
        shots = results_shot((w, h))
    elif args.decks_only:
        shots = deck_shots((w, h))
    elif args.narrow_only:
        shots = narrow_shots()
    elif args.seats_only:
        shots = seats_shot((w, h))
    elif args.host_only:
        shots = host_shots((w, h))
    else:
        shots = main((w, h))
    for svg in asyncio.run(shots):
        png = to_png(svg)
        print(svg.relative_to(ROOT), "and", png.relative_to(ROOT) if png else "(no PNG: install rsvg-convert)")

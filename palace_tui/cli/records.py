"""``palace records``: the standings under each scoring and the recent games, as tables.

Reads the records the app keeps (see :class:`~palace_tui.store.Store`); it never
loads Textual.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from palace_tui.cli.usage import Parser, UsageError, refuse, say
from palace_tui.names import printable, refuse_hidden
from palace_tui.rules import Rules
from palace_tui.store.payloads import GameResult
from palace_tui.store.ranking import SCORINGS
from palace_tui.store.records import MAX_LIMIT, MAX_SQLITE_INT
from palace_tui.store.store import RECORDS_FILE, Store, resolve_data_dir
from palace_tui.store.story import TableStory, table_stories
from palace_tui.table import rule_sets
from palace_tui.table.identity import table_words
from palace_tui.terminal import printable_anywhere
from palace_tui.words.options import short_rules_words
from palace_tui.words.story import CHART_LEGEND, average_words, places_chart, story_title, streak_heading, streak_words

#: How many tables' stories are told, the tables played most lately first.
STORIES = 5

#: Table titles, saying how each scoring ranks players.
TITLES = {
    "wins": "Standings by wins (most wins first)",
    "losses": "Standings by losses (fewest losses first)",
    "podium": "Standings by podium points (3-2-1)",
}


def _parser() -> Parser:
    parser = Parser(prog="palace records", description="Show the standings and the recent games.")
    parser.add_argument(
        "--data-dir", metavar="PATH", help="the data folder (default: $PALACE_DATA_DIR or the user data folder)"
    )
    parser.add_argument(
        "--limit", metavar="N", type=_count, default=10, help="how many recent games to show (default 10)"
    )
    parser.add_argument("--scoring", choices=SCORINGS, help="show the standings of one scoring only")
    parser.add_argument(
        "--export",
        nargs=2,
        metavar=("N", "FILE"),
        help="write recorded game N (the No. column) to FILE, a new file, as a game file for palace review",
    )
    return parser


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"--limit must be a whole number, not {text!r}") from None
    if not 0 <= value <= MAX_LIMIT:
        raise UsageError(f"--limit must be from 0 to {MAX_LIMIT:,}")
    return value


def main(argv: list[str]) -> int:
    """Print the records; 0 on success, 2 on a bad command line."""
    try:
        args = _parser().parse_args(argv)
        if args.data_dir is not None and not args.data_dir.strip():
            raise UsageError("--data-dir needs a value: leave the flag out to use the default")
        export = _export_flags(*args.export) if args.export else None
    except UsageError as err:
        return refuse("palace records", err)
    except SystemExit as done:  # --help
        return int(done.code or 0)
    printable_anywhere()
    console = _console()
    data_dir = resolve_data_dir(args.data_dir)
    where = printable(data_dir)
    if not os.path.lexists(data_dir / RECORDS_FILE):
        # Looking must not create a data folder as a side effect.
        console.print(f"No games recorded yet (no records in {where}).", markup=False)
        return 0
    if export is not None:
        return _export(data_dir, *export)
    with Store(data_dir, claim_saves=False) as store:  # looking never takes the saved game from a player
        named = rule_sets.usable(store.rule_sets())  # a game played under a saved set is called by its name
        same_deals = store.same_deals()
        standings = store.standings(args.scoring)
        stories = table_stories(store.table_games())[:STORIES]
        recent = store.recent_games(args.limit)
        busy = store.records_busy
        for warning in store.warnings:
            say(warning, err=True)
    if busy:
        say(
            f"palace records: the records in {where} cannot be read right now ({busy}); "
            "they are kept as they are: try again in a moment.",
            err=True,
        )
        return 1
    if not standings and not recent:
        console.print(f"No games recorded yet in {where}.", markup=False)
        return 0
    if args.scoring and not standings.get(args.scoring):
        # Say so rather than print nothing above the recent games.
        console.print(f"No games scored by {args.scoring} yet in {where}.", markup=False)
        console.print()
    for scoring, rows in standings.items():
        console.print(standings_table(scoring, rows))
        console.print()
    for told in stories:
        console.print(story_table(told, named))
        console.print()
    if recent:
        console.print(recent_table(recent, named))
    for games in same_deals:
        console.print()
        console.print(same_deal_table(games))
    return 0


def _export_flags(number_text: str, path: str) -> tuple[int, Path]:
    """``--export N FILE`` read: a game number the records can hold, and a file that is not there yet."""
    try:
        number = int(number_text)
    except ValueError:
        raise UsageError(f"--export needs a game number (the No. column), not {number_text!r}") from None
    if not 1 <= number <= MAX_SQLITE_INT:
        raise UsageError(f"there is no recorded game {number_text} (see the No. column of palace records)")
    if not path.strip():
        raise UsageError("--export needs a file name to write the game to")
    try:
        # Written as typed, it would be reported without what the terminal hides: another name.
        refuse_hidden(path, "--export's file name")
    except ValueError as err:
        raise UsageError(str(err)) from None
    return number, Path(path).expanduser()


def _export(data_dir: Path, number: int, path: Path) -> int:
    """Write a recorded game as a game file; 0, or 1 with one sentence saying why not."""
    with Store(data_dir, claim_saves=False) as store:
        game = store.game_text(number)
    if game is None:
        say(f"palace records: there is no recorded game {number} (see the No. column of palace records).", err=True)
        return 1
    if game["text"] is None:
        say(
            f"palace records: game {number} was recorded before palace-tui kept each game's moves, "
            "so it cannot be exported.",
            err=True,
        )
        return 1
    try:
        _write_new(path, game["text"])
    except FileExistsError:
        say(f"palace records: {path} is there already: choose another name (nothing was written).", err=True)
        return 1
    except OSError as err:
        say(f"palace records: {path} could not be written ({err.strerror or err}).", err=True)
        return 1
    say(
        f"Game {number} ({game['table']}, game {game['table_game']}) written to {path}; "
        f"open it with: palace review {path}"
    )
    return 0


def _write_new(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, a file that must not be there yet ("x": never replaces one);
    a write that fails half way leaves nothing behind."""
    with open(path, "x", encoding="utf-8") as handle:
        try:
            handle.write(text)
            handle.flush()
        except OSError:
            path.unlink(missing_ok=True)
            raise


#: The width tables may take when the output is not a terminal: a file or a pipe has no edge to wrap at.
UNWRAPPED_WIDTH = 1000


def _console() -> Console:
    """Where the records are printed: to a terminal, wrapped at its edge as rich does; to a file or a pipe,
    never wrapped, so a sentence holding a long path stays one line and a table keeps its natural width."""
    console = Console(highlight=False)
    if console.is_terminal:
        return console
    return Console(highlight=False, width=UNWRAPPED_WIDTH, soft_wrap=True)


def standings_table(scoring: str, rows: list[dict[str, Any]]) -> Table:
    """A rich table of ranked rows; a shared place is shown as ``2=``."""
    table = Table(title=TITLES[scoring], title_justify="left")
    table.add_column("Place", justify="right")
    table.add_column("Player")
    for column in ("Games", "Wins", "Losses", "Points"):
        key = column.lower()
        ranked_on = {"wins": "wins", "losses": "losses", "podium": "points"}[scoring] == key
        table.add_column(column, justify="right", style="bold" if ranked_on else None)
    places = [row["place"] for row in rows]
    for row in rows:
        shared = places.count(row["place"]) > 1
        table.add_row(
            f"{row['place']}{'=' if shared else ''}",
            Text(row["name"]),
            str(row["games"]),
            str(row["wins"]),
            str(row["losses"]),
            str(row["points"]),
        )
    return table


def story_table(told: TableStory, named: Mapping[str, Rules] | None = None) -> Table:
    """One table's story: each player's games, wins, average place, streak and last games;
    rules that a saved set in ``named`` holds are called by its name."""
    # A table is its people (and its rules): it is listed by them, whatever its old number.
    people = table_words(sorted({player.name for player in told.players}, key=str.casefold))
    title = story_title(
        people or told.table_name or _short(told.table_id), short_rules_words(told.rules, named), told.games
    )
    table = Table(title=title, title_justify="left", caption=CHART_LEGEND, caption_justify="left")
    table.add_column("Player")
    for column in ("Games", "Wins", "Average place", streak_heading(told.streak_not_last)):
        table.add_column(column, justify="right")
    table.add_column("Last games")
    for player in told.players:
        table.add_row(
            Text(player.name),
            str(player.games),
            str(player.wins),
            average_words(player.average_place),
            streak_words(player.current_streak, player.best_streak),
            places_chart(player.recent),
        )
    return table


def recent_table(games: list[GameResult], named: Mapping[str, Rules] | None = None) -> Table:
    """A rich table of recent games, newest first: when, which table and rules (one short cell: a
    saved set in ``named`` by its name), who went out in what order."""
    table = Table(title="Recent games", title_justify="left")
    for column in ("No.", "Ended", "Table", "Game", "Rules", "Order out", "Result"):
        table.add_column(column, justify="right" if column in ("No.", "Game") else "left")
    for game in games:
        names = game.players
        order = Text(", ".join(names[seat] for seat in game.order))
        table.add_row(
            "" if game.number is None else str(game.number),
            _when(game.ended),
            Text(game.table_name or _short(game.table_id)),
            str(game.table_game or ""),
            Text(short_rules_words(game.rules, named)),
            order,
            Text(_result(game)),
        )
    return table


def same_deal_table(games: list[dict[str, Any]]) -> Table:
    """One deal played more than once, side by side: a row per dealt seat, a column per game,
    each cell who held those cards and where they finished."""
    first = games[0]
    table = Table(title=f"Same deal as {first['table']} game {first['table_game']}", title_justify="left")
    table.add_column("Cards of")
    for game in games:
        table.add_column(f"No. {game['number']}")
    for seat in range(len(first["players"])):
        cells = []
        for game in games:
            place = game["places"][seat] if seat < len(game["places"]) else None
            where = {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th") if place else "-"
            cells.append(Text(f"{game['players'][seat]} {where}"))
        table.add_row(f"seat {seat + 1}", *cells)
    return table


def _short(key: str) -> str:
    # Table ids are usually long random hex; eight characters tell tables apart on screen.
    return key[:8] if len(key) > 12 else key


def _when(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def _result(game: GameResult) -> str:
    names = game.players
    if game.scoring.counts_points:
        scored = [(names[seat], game.points[seat]) for seat in game.order if game.points[seat]]
        return ", ".join(f"{name} {points}" for name, points in scored) or "no points"
    if game.scoring.counts_losses:
        return f"{names[game.loser]} lost" if game.loser is not None else "no loser"
    return f"{names[game.winner]} won" if game.winner is not None else "no winner"

"""The engine's insiders are declared: only the modules pyproject.toml names may touch Game's
private slots (ruff SLF001 checks the rest), and each says in its docstring what it touches."""

from __future__ import annotations

import importlib
import tomllib
from pathlib import Path

import pytest

from palace_tui.rules import Game, Move, Rules

ROOT = Path(__file__).parents[2]


def _insiders() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    ignores = config["tool"]["ruff"]["lint"]["per-file-ignores"]
    assert "SLF" in config["tool"]["ruff"]["lint"]["select"]
    return sorted(path for path, rules in ignores.items() if "SLF001" in rules and path.startswith("palace_tui/"))


def test_only_engine_modules_are_insiders_and_each_says_what_it_touches():
    insiders = _insiders()
    assert insiders, "the allowance names the engine's insiders"
    for path in insiders:
        assert path.startswith("palace_tui/rules/") and path.endswith(".py"), path
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        doc = module.__doc__ or ""
        assert "SLF001" in doc, f"{path}'s docstring says what it may touch"
    game_doc = importlib.import_module("palace_tui.rules.game").__doc__ or ""
    for path in insiders:
        name = path.rsplit("/", 1)[1].removesuffix(".py")
        if name not in ("game", "seat"):
            assert f":mod:`.{name}`" in game_doc, f"game.py lists {name} among the insiders"


def test_games_compare_by_state_without_a_save(monkeypatch: pytest.MonkeyPatch):
    import palace_tui.rules.saving as saving

    g = Game.from_position(Rules.preset("palace"), seats=[{"hand": "7D 7S 3C"}, {"hand": "9C 4H"}], pile="5H")
    twin = g.copy()

    def no_save(_game: Game) -> dict[str, object]:
        raise AssertionError("equality must not build a save")

    monkeypatch.setattr(saving, "to_dict", no_save)
    assert g == twin
    assert g != "a game" and g != None  # noqa: E711 (the comparison itself is what is tested)
    twin.play(Move.play("7D"))
    assert g != twin
    g.play(Move.play("7D"))
    assert g == twin
    twin.seats[1].name = "Cy"
    assert g != twin


def test_equality_agrees_with_a_save_on_many_positions():
    import random

    from palace_tui.rules.random_policy import random_turn
    from palace_tui.rules.saving import from_json, to_dict, to_json

    rules = Rules.preset("palace").replace(play_drawn=True, eight="skip", three="see-through")
    for seed in range(12):
        g = Game.deal(rules, ["Ann", "Ben", "Cy"], seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 80)):
            if g.phase == "over":
                break
            if g.phase == "setup":
                g.play(Move.ready())
            else:
                random_turn(g, rng)
        back = from_json(to_json(g))
        assert back == g and to_dict(back) == to_dict(g)
        moved = g.copy()
        if moved.phase != "over":
            moved.play(moved.legal_moves()[-1])
            assert (moved == g) == (to_dict(moved) == to_dict(g))

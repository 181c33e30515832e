"""``palace host``'s command line: every bad flag is one sentence and status 2; what it prints to join."""

from __future__ import annotations

import pytest

from palace_tui.cli import host
from palace_tui.words import remote as words


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["--port", "http"], "--port must be a number from 0 to 65535"),
        (["--rules", "palace", "--preset", "palace"], "--rules and --preset both choose the rules"),
        (["--computers", "9"], "--computers must be between 0 and the number of players"),
        (["--resume", "--players", "Ann,Ben"], "--resume goes back to the saved game"),
        (["--resume"], "There is no saved game to resume"),
        (["--grace", "soon"], "--grace must be a number of seconds from 0 (never) to 86400"),
        (["--grace", "-5"], "--grace must be a number of seconds"),
        (["--screen"], "palace host --screen draws on a terminal and reads its keys, and this has none"),
    ],
)
def test_a_bad_command_line_is_one_sentence_and_status_2(argv, sentence, capsys, tmp_path):
    assert host.main([*argv, "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("palace host: ") and sentence in err and err.count("\n") == 1


def test_a_room_code_is_six_of_the_codes_letters():
    from palace_tui.net.protocol import CODE_LETTERS, room_code

    codes = {host.new_code() for _ in range(50)}
    assert len(codes) == 50 and all(room_code(c) == c and set(c) <= set(CODE_LETTERS) for c in codes)


def test_the_join_lines_say_who_can_reach_the_room():
    lines = words.how_to_join("KX4P2M", "http://10.0.0.5:8765/r/KX4P2M", local_only=False)
    assert "palace join http://10.0.0.5:8765/r/KX4P2M" in lines[2]
    assert "network you trust" in lines[3]
    assert "Only this computer" in words.how_to_join("KX4P2M", "http://127.0.0.1:1/r/KX4P2M", True)[3]

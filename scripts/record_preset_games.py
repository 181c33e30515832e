"""Record seeded games of the random, easy and normal players on the three presets, as move codes.

The house rules (issue 22) must leave the presets playing move for move as before: this
wrote tests/rules/data/preset_games.json from the engine before they were added, and
tests/rules/test_preset_games.py plays the same games again and compares every move.
Run it again only to record a deliberate change of play:
``python scripts/record_preset_games.py > tests/rules/data/preset_games.json``.
"""

from __future__ import annotations

import json
import sys

from tests.helpers.preset_games import record

if __name__ == "__main__":
    json.dump(record(), sys.stdout, indent=0)
    sys.stdout.write("\n")

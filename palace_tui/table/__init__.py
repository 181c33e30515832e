"""The hot-seat model, pure: seats, one history of public events, the computer players, take-back
(one stack of snapshots), the turn flow (whose cards are up), the session that owns them and
saves itself, and its saved shape (codec)."""

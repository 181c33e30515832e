"""The hot-seat model, pure: seats, history, computers, take-back, the turn flow."""

"""The lab: computer-only games, their statistics and report."""

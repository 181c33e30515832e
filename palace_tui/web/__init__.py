"""``palace serve``: the game (or the lessons) in a web page, one table per browser tab."""

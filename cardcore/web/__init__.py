"""``cardcore serve``: the games in a browser, on the same engine, records and texts as the terminal.

Modules: ``app`` (the routes), ``store`` (games kept as the terminal's records), ``tables`` (one
game's seats, bots and texts), ``render`` (the text model's lines and grids as HTML), ``cards``
(cards drawn as SVG), ``compare`` (comparisons run in the background) and ``command`` (the CLI).
"""

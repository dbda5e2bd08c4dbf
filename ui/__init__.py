"""Renardière's screens.

Pure modules (run on CPython too, tested there): ``i18n`` (all text, EN/FR),
``rules`` (rules pages), ``saves`` (save format, checks, quarantine),
``session`` (one game: state, seats, undo, bot seeds), ``links`` (a whole
game in a link: replays, Fendo by link), ``fendo_ui`` (Fendo's
board in SVG and its taps), ``screens`` (HTML of every screen), ``app`` (the
controller).  The PyScript layer is small: ``dom`` (DOM, localStorage, the bot
worker), ``main`` (boot) and ``worker`` (the bot, in its own interpreter).
"""

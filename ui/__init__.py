"""Renardière's screens: a shell that knows no game, and one package per game.

Pure modules (run on CPython too, tested there): ``app`` (the controller) and ``screens``
(the shell's screens), ``screen`` (the interface each game's screen implements),
``registry`` (the screens by game id), ``table`` (the pieces every table shares),
``games/<game>/`` (each game's screen, texts and rules page), ``session`` (one game: state,
seats, views, undo, bot seeds), ``saves`` (save format, checks, quarantine), ``links`` (a
whole game in a link), ``i18n`` (the shell's texts, EN/FR) and ``html``.  The PyScript
layer is small: ``dom`` (DOM, localStorage, the bot worker), ``main`` and ``boot`` (the start) and
``worker`` (the bot, in its own interpreter).  The README draws the map.
"""

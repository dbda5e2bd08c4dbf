"""Renardière's screens: a shell that knows no game, and one package per game.

The folder is the map, one package a layer; each imports only the layers below it
(``make check`` runs import-linter on the contracts in pyproject.toml):

- ``main``, ``worker``: the entry scripts PyScript compiles (the page's, the bot worker's);
- ``web``: the page itself, the only layer that touches the browser (js, pyscript, pyodide);
- ``app``: the router and host of the parts; ``across``: its side of play across devices
  (the channels' events, the STUN server, the camera); ``acts``: which part takes each tap,
  and one drawing per event; ``host``: what a part may ask of it;
- ``parts``: the shell's parts, each owning its state (play, home, replays, ...), and the
  pages they draw;
- ``net``: play across devices (messages, hosting, pairing, invitations, QR codes);
- ``table``: what draws a game's table from a frame (marks, pacing, the seats' log, hints);
- ``store``: what is kept (saves, a game's session, links, the guarded reader of outside data);
- ``kit``: what a game's screen may import (the screen interface, widgets, card words, HTML,
  texts, the registry);
- ``games/<game>/``: each game's screen, texts and rules page, on the kit and its engine alone.
"""

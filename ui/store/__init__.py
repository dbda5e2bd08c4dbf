"""What is kept and read back: ``saves`` (a game is its record: seed, options, actions),
``session`` (one game in play: state, seats, views, undo), ``links`` (a whole game in a link),
``merge``, ``storage`` (what the browser keeps, and how much), ``keys`` (the storage's keys) and
``reader`` (the one guarded reader of everything from outside: saves, links, messages).
May import ``kit``."""

"""What draws a game's table from a frame, knowing no session: ``tabletop`` (a frame, the
others' actions marked since your turn, the pass screen), ``pacing`` (nothing vanishes before
a person could see it), ``seatlog`` (the log as each seat may read it) and ``hints``.
May import ``store`` and ``kit``."""

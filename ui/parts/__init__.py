"""The shell's parts, each owning its own state and answering its own acts: ``play`` (a game at
the table, with ``devices`` and ``sound``, which it alone holds), ``home`` (home screen and new
game form), ``replays``, ``bylink`` (a game played by links), ``files`` (import, export,
recovery) and ``guest`` (a guest's phone at a hosted table); ``pages`` draws the shell's own
pages.  No part imports another.  May import ``net``, ``table``, ``store`` and ``kit``."""

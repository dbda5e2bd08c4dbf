"""What the tests share, in one place: no test module imports another (tests/conftest.py
holds the fixtures several modules take).

  app       the app on CPython: a fake page, the bots called directly, a game started from
            its form (``start``), and the taps and links the modules play it with
  drawn     reading what the fake page drew: its text, the status line, a hand, the marks
  games     games played at random to a point, and saves of them, in a store
  hosting   a host's loop and a guest, around ui/net/hosting.py (the hosting tests, its fuzz)
  devices   a host app and its guests' apps on a fake network (play across devices)
  onexeno   Onexeno tables written out cell by cell, and positions set up on them
  markup    the page's HTML as a tree, and two trees compared (the morph, its browser check)

Importable as ``helpers`` from tests/ and tests/e2e/ (pytest.ini puts tests/ on sys.path).
tests/frozen.py and tests/invariants.py are shared too: the frozen behaviour, the checkers.
"""

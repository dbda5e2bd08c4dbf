"""The store's keys: every key of ours starts with PREFIX (assets/watchdog.js saves them all).

Apart from :mod:`ui.store.saves`, which reads and writes them, so that the page's start can tell a
first visit (nothing stored but the language) without importing the saves' reader and the
rules it checks a save with (ui/web/boot.py)."""

PREFIX = "renardiere."                 # every key of ours in the store starts so
SAVE_PREFIX = PREFIX + "save."
ASIDE_PREFIX = PREFIX + "aside."
LANG_KEY = PREFIX + "lang"             # the language the player chose
SETUP_PREFIX = PREFIX + "setup."       # + a game id: the seats and options last started
GUEST_PREFIX = PREFIX + "guest."       # + save id + "." + seat: a guest's token and log (ui/parts/guest.py)
LESSON_PREFIX = PREFIX + "lesson."     # + a game id: its lesson's step, whether it was finished (ui/parts/lesson.py)

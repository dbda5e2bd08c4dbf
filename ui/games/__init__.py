"""Each game's screen, one package per game; importing this registers them all in
:mod:`ui.kit.registry` (one line per game, in the order of the home screen)."""

from . import fendo  # noqa: F401  (registers itself)
from . import renard_des_bois  # noqa: F401
from . import fennecs  # noqa: F401
from . import fowl_play  # noqa: F401
from . import onexeno  # noqa: F401

"""Each game's screen, one package per game; importing this registers them all in
:mod:`ui.kit.registry` (one line per game, in the order of the home screen)."""

from . import fendo  # registers itself
from . import renard_des_bois
from . import fennecs
from . import fowl_play
from . import onexeno

"""The games announced on the home screen but not playable yet: a card and a short page.

Each leaves this module when its rules and its screen arrive (``ui/games/<game>/``).
"""

from __future__ import annotations

from .. import registry
from ..i18n import t as _t

_SOON_EN = ('<p class="soon-note">Coming soon to Renardière: its rules will be here when it can be '
            'played.</p>')
_SOON_FR = ('<p class="soon-note">Bientôt sur Renardière : ses règles seront ici quand on pourra y '
            'jouer.</p>')

FOWL_PLAY = registry.tease(registry.Teaser(
    "fowl_play", "Fowl Play", "Richard Breese",
    icon=('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#8fb569"/>'
          '<path d="M32 12 L48 21 L48 39 L32 48 L16 39 L16 21 Z" fill="#d9ecc2" stroke="#5d7f3c" stroke-width="2"/>'
          '<circle cx="32" cy="30" r="7" fill="#fff"/><path d="M38 30 L43 31 L38 33 Z" fill="#e0a01f"/></svg>'),
    texts={
        "game.fowl_play.players": _t("2–4 players", "2 à 4 joueurs"),
        "game.fowl_play.tagline": _t("Foxes on the prowl, poultry on the run.",
                                     "Les renards rôdent, les volailles détalent."),
    },
    rules={
        "en": '<h1>Fowl Play</h1><p class="lede">A board game for 2 to 4 players by Richard Breese: foxes '
              'hunt, poultry run for the farmyard.</p>' + _SOON_EN,
        "fr": '<h1>Fowl Play</h1><p class="lede">Un jeu de plateau pour 2 à 4 joueurs de Richard Breese : '
              'les renards chassent, les volailles courent vers la basse-cour.</p>' + _SOON_FR,
    },
))

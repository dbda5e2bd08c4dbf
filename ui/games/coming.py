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

ONEXENO = registry.tease(registry.Teaser(
    "onexeno", "Onexeno", "Raymond Lauzzana",
    icon=('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#4c5d8a"/>'
          + "".join(f'<rect x="{14 + 12 * (i % 3)}" y="{14 + 12 * (i // 3)}" width="11" height="11" fill="{c}"/>'
                    for i, c in enumerate(["#1f2740", "#e9ecf5", "#1f2740", "#e9ecf5", "#e9ecf5", "#1f2740",
                                           "#e9ecf5", "#1f2740", "#1f2740"]))
          + '<text x="32" y="35.5" font-size="9" text-anchor="middle" fill="#1f2740" font-weight="700">5</text></svg>'),
    texts={
        "game.onexeno.players": _t("2–7 players", "2 à 7 joueurs"),
        "game.onexeno.tagline": _t("Match square patterns and complete lines of five.",
                                   "Assemblez des motifs carrés et complétez des lignes de cinq."),
    },
    rules={
        "en": '<h1>Onexeno</h1><p class="lede">A pattern-matching card game for 2 to 7 players by Raymond '
              'Lauzzana: lay square cards edge to edge and complete lines of five.</p>' + _SOON_EN,
        "fr": '<h1>Onexeno</h1><p class="lede">Un jeu de cartes d\'assemblage pour 2 à 7 joueurs de Raymond '
              'Lauzzana : posez des cartes carrées bord à bord et complétez des lignes de cinq.</p>' + _SOON_FR,
    },
))

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

# The rules engine's refusals (game/fowl_play.py), worded for players: ready for the screen.
FOWL_PLAY_ERRORS = {
    "err.fowl_play.syntax": _t("{action} is not a Fowl Play action.",
                               "{action} n'est pas une action de Fowl Play."),
    "err.fowl_play.wrong_phase": _t("Not now: that is not what this part of the round asks.",
                                    "Pas maintenant : ce n'est pas ce que demande ce moment du tour."),
    "err.fowl_play.not_in_hand": _t("Card {card} is not in your hand.",
                                    "La carte {card} n'est pas dans votre main."),
    "err.fowl_play.not_den": _t("A fox starts on a den cell around the central tunnel, not on {cell}.",
                                "Un renard commence sur une case du repaire autour du tunnel central, pas sur {cell}."),
    "err.fowl_play.fox_there": _t("Another fox is on {cell}.", "Un autre renard est sur {cell}."),
    "err.fowl_play.centre_first_round": _t(
        "In the first round, a fox may not end its move on the central tunnel.",
        "Au premier tour, un renard ne peut pas finir son déplacement sur le tunnel central."),
    "err.fowl_play.not_your_fox": _t("Your fox is not on {cell}.", "Votre renard n'est pas sur {cell}."),
    "err.fowl_play.no_bird": _t("There is no bird on {cell}.", "Il n'y a pas de volaille sur {cell}."),
    "err.fowl_play.unlike": _t("That bird shares nothing with the card you played.",
                               "Cette volaille n'a rien en commun avec la carte jouée."),
    "err.fowl_play.tunnel": _t("Birds never enter a tunnel ({cell}).",
                               "Les volailles n'entrent jamais dans un tunnel ({cell})."),
    "err.fowl_play.occupied": _t("{cell} is taken.", "{cell} est occupée."),
    "err.fowl_play.too_close": _t(
        "The bird on {cell} may not come closer to a fox: {to} is {closer} cells from one.",
        "La volaille de {cell} ne peut pas s'approcher d'un renard : {to} est à {closer} cases de l'un d'eux."),
}

FOWL_PLAY = registry.tease(registry.Teaser(
    "fowl_play", "Fowl Play", "Richard Breese",
    icon=('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#8fb569"/>'
          '<path d="M32 12 L48 21 L48 39 L32 48 L16 39 L16 21 Z" fill="#d9ecc2" stroke="#5d7f3c" stroke-width="2"/>'
          '<circle cx="32" cy="30" r="7" fill="#fff"/><path d="M38 30 L43 31 L38 33 Z" fill="#e0a01f"/></svg>'),
    texts={
        "game.fowl_play.players": _t("2–4 players", "2 à 4 joueurs"),
        "game.fowl_play.tagline": _t("Foxes on the prowl, poultry on the run.",
                                     "Les renards rôdent, les volailles détalent."),
        **FOWL_PLAY_ERRORS,
    },
    rules={
        "en": '<h1>Fowl Play</h1><p class="lede">A board game for 2 to 4 players by Richard Breese: foxes '
              'hunt, poultry run for the farmyard.</p>' + _SOON_EN,
        "fr": '<h1>Fowl Play</h1><p class="lede">Un jeu de plateau pour 2 à 4 joueurs de Richard Breese : '
              'les renards chassent, les volailles courent vers la basse-cour.</p>' + _SOON_FR,
    },
))

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

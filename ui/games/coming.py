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
        # The engine's refusals (game/onexeno.py), ready for the screen to come.
        "err.onexeno.syntax": _t("That is not an Onexeno move.", "Ce n'est pas un coup d'Onexeno."),
        "err.onexeno.no_card": _t("You have no card {card}.", "Vous n'avez pas la carte {card}."),
        "err.onexeno.same_turn": _t("{card} looks the same turned so: play {write}.",
                                    "{card} est identique ainsi tournée : jouez {write}."),
        "err.onexeno.occupied": _t("{cell} already holds a card.", "La case {cell} porte déjà une carte."),
        "err.onexeno.middle": _t("The table is empty: the next card goes in the middle.",
                                 "La table est vide : la prochaine carte va au centre."),
        "err.onexeno.not_touching": _t("A card on {cell} would touch no card: it must touch one by an "
                                       "edge or a corner.",
                                       "Une carte en {cell} ne toucherait aucune carte : elle doit en "
                                       "toucher une par un bord ou un coin."),
        "err.onexeno.box": _t("A card on {cell} would spread the table over {span} {axis}: the cards "
                              "must fit in a 5x5 square.",
                              "Une carte en {cell} étalerait la table sur {span} {axis} : les cartes "
                              "doivent tenir dans un carré de 5x5."),
        "err.onexeno.clash": _t("{card} on {cell} does not match the card on {neighbour}: its {cells} "
                                "cells differ.",
                                "{card} en {cell} ne s'accorde pas avec la carte en {neighbour} : ses "
                                "cases {cells} diffèrent."),
        "err.onexeno.illegal": _t("That move is not allowed now.", "Ce coup n'est pas permis maintenant."),
        "name.columns": _t("columns", "colonnes"),
        "name.rows": _t("rows", "rangées"),
    },
    rules={
        "en": '<h1>Onexeno</h1><p class="lede">A pattern-matching card game for 2 to 7 players by Raymond '
              'Lauzzana: lay square cards edge to edge and complete lines of five.</p>' + _SOON_EN,
        "fr": '<h1>Onexeno</h1><p class="lede">Un jeu de cartes d\'assemblage pour 2 à 7 joueurs de Raymond '
              'Lauzzana : posez des cartes carrées bord à bord et complétez des lignes de cinq.</p>' + _SOON_FR,
    },
))

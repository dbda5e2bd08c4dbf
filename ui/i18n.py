"""All the interface's text, in English and French, from one table (pure Python).

``tr(lang, key, **params)`` looks a key up and fills ``{params}`` in.  Every key
has both languages (a test checks it).  Engine errors (``game.IllegalAction``)
are translated by their ``code`` under ``err.<code>`` when the table has it;
otherwise the engine's own (English) sentence is shown.
"""

from __future__ import annotations

LANGS = ("en", "fr")


def pick(saved, browser) -> str:
    """The language to use: the saved choice, else the browser's, else English."""
    if saved in LANGS:
        return saved
    if isinstance(browser, str) and browser.lower().startswith("fr"):
        return "fr"
    return "en"


class _Params(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def tr(lang: str, key: str, /, **params) -> str:
    entry = TABLE.get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry["en"]
    if params:
        text = text.format_map(_Params(params))
    return text


def error_text(lang: str, exc) -> str:
    """An IllegalAction in the player's language."""
    code = getattr(exc, "code", None)
    key = f"err.{code}"
    if code and key in TABLE:
        params = dict(getattr(exc, "params", {}) or {})
        for k, v in params.items():   # engine words (suit names...) under name.<word>
            if isinstance(v, str) and "name." + v in TABLE:
                params[k] = tr(lang, "name." + v)
            elif isinstance(v, list):
                params[k] = " / ".join(str(x) for x in v)
        return tr(lang, key, **params)
    return str(exc)


def _t(en: str, fr: str) -> dict:
    # French typography: a no-break space before ! ? : ; and inside « », so they never wrap alone.
    for a, b in ((" !", "\u00a0!"), (" ?", "\u00a0?"), (" :", "\u00a0:"), (" ;", "\u00a0;"),
                 ("« ", "«\u00a0"), (" »", "\u00a0»")):
        fr = fr.replace(a, b)
    return {"en": en, "fr": fr}


TABLE: dict[str, dict[str, str]] = {
    # header, languages
    "nav.home": _t("Home", "Accueil"),
    "lang.label": _t("Language", "Langue"),
    "lang.en": _t("English", "English"),
    "lang.fr": _t("Français", "Français"),
    # notices
    "notice.close": _t("Close", "Fermer"),
    "notice.save_failed": _t("This game could not be saved on this device ({error}).",
                             "Cette partie n'a pas pu être enregistrée sur cet appareil ({error})."),
    "notice.no_such_game": _t("That game is not saved on this device.",
                              "Cette partie n'est pas enregistrée sur cet appareil."),
    "notice.deleted": _t("The game was deleted.", "La partie a été supprimée."),
    "notice.import_failed": _t("“{file}” is not a game this app can open: {error}.",
                               "« {file} » n'est pas une partie que l'application sait ouvrir : {error}."),
    "notice.imported": _t("Game imported from “{file}”.", "Partie importée depuis « {file} »."),
    # home
    "home.tagline": _t("Five board and card games to play in your browser, alone against bots or passing the device around.",
                       "Cinq jeux de plateau et de cartes à jouer dans votre navigateur, seul contre des robots ou en se passant l'appareil."),
    "home.booting": _t("Getting the games ready…", "Préparation des jeux…"),
    "home.continue": _t("Continue", "Reprendre"),
    "home.games": _t("Games", "Jeux"),
    "home.finished": _t("Finished games", "Parties terminées"),
    "home.soon": _t("Coming soon", "Bientôt"),
    "home.new_game": _t("New game", "Nouvelle partie"),
    "home.rules": _t("Rules", "Règles"),
    "home.resume": _t("Resume", "Reprendre"),
    "home.view": _t("View", "Voir"),
    "home.export": _t("Export", "Exporter"),
    "home.delete": _t("Delete", "Supprimer"),
    "home.delete_confirm": _t("Really delete?", "Vraiment supprimer ?"),
    "home.delete_label": _t("Delete this {game} game", "Supprimer cette partie de {game}"),
    "home.download": _t("Download", "Télécharger"),
    "home.moves": _t("{n} moves played", "{n} coups joués"),
    "home.final": _t("finished, {scores}", "terminée, {scores}"),
    "home.files": _t("Saved games", "Parties enregistrées"),
    "home.files_help": _t("Games are saved on this device after every move. Export one to keep it or play it elsewhere, and import it here.",
                          "Les parties sont enregistrées sur cet appareil après chaque coup. Exportez-en une pour la garder ou la jouer ailleurs, et importez-la ici."),
    "home.import": _t("Import a game…", "Importer une partie…"),
    "home.problems": _t("Some saved games could not be opened. They were kept aside, not deleted:",
                        "Certaines parties enregistrées n'ont pas pu être ouvertes. Elles ont été mises de côté, pas supprimées :"),
    "home.problem_aside": _t("Kept as {key}.", "Gardée sous {key}."),
    "home.aside": _t("Saves set aside", "Parties mises de côté"),
    "home.aside_help": _t("These saves could not be read. Download one to look at it, or delete it.",
                          "Ces parties n'ont pas pu être lues. Téléchargez-en une pour l'examiner, ou supprimez-la."),
    "home.footer": _t("Renardière is free and works offline. Nothing leaves your device. The games belong to their authors and publishers.",
                      "Renardière est gratuit et fonctionne hors ligne. Rien ne quitte votre appareil. Les jeux appartiennent à leurs auteurs et éditeurs."),
    # the games on the home screen
    "game.fendo.by": _t("Dieter Stein", "Dieter Stein"),
    "game.fendo.players": _t("2 players", "2 joueurs"),
    "game.fendo.tagline": _t("Move, build walls, and claim the larger part of the board.",
                             "Déplacez, posez des murs et conquérez la plus grande part du plateau."),
    "game.renard_des_bois.by": _t("Joshua Buergel", "Joshua Buergel"),
    "game.renard_des_bois.players": _t("2 players", "2 joueurs"),
    "game.renard_des_bois.tagline": _t("The Fox in the Forest: a trick-taking duel where winning too much loses.",
                                       "Un duel de plis où trop gagner fait perdre."),
    "game.fennecs.by": _t("Masanofu", "Masanofu"),
    "game.fennecs.players": _t("2–5 players", "2 à 5 joueurs"),
    "game.fennecs.tagline": _t("Collect cards under the desert stars, and keep your own.",
                               "Ramassez des cartes sous les étoiles du désert, et gardez les vôtres."),
    "game.fowl_play.by": _t("Richard Breese", "Richard Breese"),
    "game.fowl_play.players": _t("2–4 players", "2 à 4 joueurs"),
    "game.fowl_play.tagline": _t("Foxes on the prowl, poultry on the run.",
                                 "Les renards rôdent, les volailles détalent."),
    "game.onexeno.by": _t("Raymond Lauzzana", "Raymond Lauzzana"),
    "game.onexeno.players": _t("2–7 players", "2 à 7 joueurs"),
    "game.onexeno.tagline": _t("Match square patterns and complete lines of five.",
                               "Assemblez des motifs carrés et complétez des lignes de cinq."),
    # dates
    "date.format": _t("{month} {day}, {year}, {time}", "{day} {month} {year}, {time}"),
    "month.1": _t("Jan", "janv."), "month.2": _t("Feb", "févr."), "month.3": _t("Mar", "mars"),
    "month.4": _t("Apr", "avr."), "month.5": _t("May", "mai"), "month.6": _t("Jun", "juin"),
    "month.7": _t("Jul", "juil."), "month.8": _t("Aug", "août"), "month.9": _t("Sep", "sept."),
    "month.10": _t("Oct", "oct."), "month.11": _t("Nov", "nov."), "month.12": _t("Dec", "déc."),
    # seats
    "seat.human": _t("Human", "Humain"),
    "seat.bot_kind": _t("Bot · {level}", "Robot · {level}"),
    "seat.bot_name": _t("Bot ({level})", "Robot ({level})"),
    "fendo.seat0": _t("White", "Blanc"),
    "fendo.seat1": _t("Orange", "Orange"),
    # new game
    "new.title": _t("New game", "Nouvelle partie"),
    "new.first": _t("plays first", "commence"),
    "new.who": _t("Played by", "Joué par"),
    "new.human": _t("Human", "Humain"),
    "new.bot": _t("Bot", "Robot"),
    "new.level": _t("Bot level", "Niveau du robot"),
    "new.name": _t("Name", "Nom"),
    "new.options": _t("Options", "Options"),
    "new.start": _t("Start the game", "Commencer la partie"),
    "new.back": _t("Back", "Retour"),
    "level.novice.help": _t("quick, for learning", "rapide, pour apprendre"),
    "level.standard.help": _t("a fair opponent", "un adversaire correct"),
    "level.expert.help": _t("thinks longer, plays harder", "réfléchit plus, joue plus fort"),
    "opt.fendo.size": _t("Board", "Plateau"),
    "opt.fendo.size.7": _t("7×7 (classic)", "7×7 (classique)"),
    "opt.fendo.size.9": _t("9×9", "9×9"),
    "opt.fendo.size.11": _t("11×11", "11×11"),
    "opt.fendo.handicap": _t("Handicap: pawns of the stronger side", "Handicap : pions du camp le plus fort"),
    "opt.fendo.handicap.7": _t("None (7 each)", "Aucun (7 chacun)"),
    "opt.fendo.handicap.6": _t("6 pawns", "6 pions"),
    "opt.fendo.handicap.5": _t("5 pawns", "5 pions"),
    "opt.fendo.stronger": _t("Stronger side", "Camp le plus fort"),
    "opt.fendo.stronger.0": _t("White", "Blanc"),
    "opt.fendo.stronger.1": _t("Orange", "Orange"),
    # rules, about
    "rules.title": _t("{game}: rules", "{game} : règles"),
    "rules.back_game": _t("Back to the game", "Retour à la partie"),
    "about.title": _t("About", "À propos"),
    # play
    "board.label": _t("Fendo board, {size}×{size}.", "Plateau de Fendo, {size}×{size}."),
    "board.cursor_pawn": _t("Cursor on {cell}: {name}'s pawn.", "Curseur en {cell} : pion de {name}."),
    "board.cursor_empty": _t("Cursor on {cell}: empty.", "Curseur en {cell} : vide."),
    "play.moves": _t("Moves ({n})", "Coups ({n})"),
    "play.no_moves": _t("No move yet.", "Aucun coup pour l'instant."),
    "play.thinking": _t("thinking…", "réfléchit…"),
    "play.to_play": _t("to play", "à jouer"),
    "play.winner_tag": _t("winner", "gagnant"),
    "play.cells": _t("cells", "cases"),
    "play.reserve": _t("{n} in reserve", "{n} en réserve"),
    "play.new_pawn": _t("New pawn", "Nouveau pion"),
    "play.last": _t("{name} played {action}.", "{name} a joué {action}."),
    "play.last_pass": _t("{name} had no legal action and passed.", "{name} n'avait aucune action possible et a passé."),
    "play.bot_thinking": _t("{name} is thinking…", "{name} réfléchit…"),
    "play.bot_error": _t("The bot could not play ({error}).", "Le robot n'a pas pu jouer ({error})."),
    "play.retry": _t("Try again", "Réessayer"),
    "play.waiting": _t("{name} to play.", "À {name} de jouer."),
    "play.your_turn": _t("{name} to play: tap one of your pawns in the open area, or take a new pawn from your reserve.",
                         "À {name} de jouer : touchez un de vos pions dans la zone ouverte, ou prenez un nouveau pion dans votre réserve."),
    "play.your_turn_no_reserve": _t("{name} to play: tap one of your pawns in the open area.",
                                    "À {name} de jouer : touchez un de vos pions dans la zone ouverte."),
    "play.choose_dest": _t("Tap where the pawn on {cell} goes (or the pawn itself to stay).",
                           "Touchez la case où va le pion de {cell} (ou le pion lui-même pour rester)."),
    "play.stay": _t("Stay on {cell}", "Rester en {cell}"),
    "play.choose_wall": _t("Now place a wall on a side of {cell}: tap a highlighted side.",
                           "Posez maintenant un mur sur un côté de {cell} : touchez un côté en surbrillance."),
    "play.choose_entry": _t("Tap a highlighted cell to bring in your new pawn.",
                            "Touchez une case en surbrillance pour y faire entrer votre nouveau pion."),
    "play.must_pass": _t("{name} has no legal action and must pass.", "{name} n'a aucune action possible et doit passer."),
    "play.pass": _t("Pass", "Passer"),
    "play.cancel": _t("Cancel", "Annuler"),
    "play.undo": _t("Undo", "Annuler le coup"),
    "side.N": _t("North", "Nord"),
    "side.E": _t("East", "Est"),
    "side.S": _t("South", "Sud"),
    "side.W": _t("West", "Ouest"),
    "undo.nothing": _t("Nothing to undo.", "Rien à annuler."),
    # end of the game
    "end.show": _t("See the result", "Voir le résultat"),
    "end.wins": _t("{name} wins, {a} to {b}.", "{name} gagne, {a} à {b}."),
    "end.draw": _t("Draw, {a} to {b}.", "Partie nulle, {a} à {b}."),
    "end.title_win": _t("{name} wins!", "{name} gagne !"),
    "end.title_draw": _t("A draw!", "Partie nulle !"),
    "end.reason.majority": _t("A player holds more than half of the board ({target} of {total} cells): the result can no longer change.",
                              "Un joueur tient plus de la moitié du plateau ({target} cases sur {total}) : le résultat ne peut plus changer."),
    "end.reason.no_open_area": _t("No open area is left: every area is closed.",
                                  "Il ne reste plus de zone ouverte : toutes les zones sont fermées."),
    "end.reason.passes": _t("Both players passed, one after the other.",
                            "Les deux joueurs ont passé, l'un après l'autre."),
    "end.count": _t("Cells held (of {total})", "Cases contrôlées (sur {total})"),
    "end.areas": _t("areas of {detail} cells", "zones de {detail} cases"),
    "end.again": _t("Play again", "Rejouer"),
    "end.look": _t("Look at the board", "Voir le plateau"),
    # UI messages about taps (msg.<key>)
    "msg.fendo.pick_first": _t("Tap one of your pawns first, or your reserve to bring in a new pawn.",
                               "Touchez d'abord un de vos pions, ou votre réserve pour faire entrer un nouveau pion."),
    "msg.fendo.not_your_pawn": _t("The pawn on {cell} is not yours.", "Le pion en {cell} n'est pas à vous."),
    "msg.fendo.pawn_stuck": _t("The pawn on {cell} cannot play: it is in a closed area, or no wall can go next to it.",
                               "Le pion en {cell} ne peut pas jouer : il est dans une zone fermée, ou aucun mur ne peut être posé à côté."),
    "msg.fendo.no_wall_at": _t("The pawn on {frm} could not put up a wall on {to}: a wall there would break a rule (see the two bans).",
                               "Le pion de {frm} ne pourrait poser aucun mur en {to} : tout mur y enfreindrait une règle (voir les deux interdits)."),
    "msg.fendo.cannot_stay": _t("The pawn on {cell} cannot stay: no wall can go next to it.",
                                "Le pion en {cell} ne peut pas rester : aucun mur ne peut être posé à côté."),
    "msg.fendo.cannot_enter": _t("A new pawn cannot enter on {cell}.", "Un nouveau pion ne peut pas entrer en {cell}."),
    "msg.fendo.no_reserve": _t("You have no pawn left in reserve.", "Vous n'avez plus de pion en réserve."),
    "msg.fendo.no_entry": _t("No cell is open for a new pawn right now.", "Aucune case n'accueille de nouveau pion pour l'instant."),
    "msg.fendo.wall_not_here": _t("No wall may go on that side.", "Aucun mur ne peut aller de ce côté."),
    # Le Renard des Bois
    "renard_des_bois.seat0": _t("Player 1", "Joueur 1"),
    "renard_des_bois.seat1": _t("Player 2", "Joueur 2"),
    "opt.renard_des_bois.target": _t("Game to", "Partie en"),
    "opt.renard_des_bois.target.21": _t("21 points (classic)", "21 points (classique)"),
    "opt.renard_des_bois.target.16": _t("16 points (short)", "16 points (courte)"),
    "opt.renard_des_bois.target.35": _t("35 points (long)", "35 points (longue)"),
    "name.Bells": _t("Bells", "Cloches"),
    "name.Keys": _t("Keys", "Clefs"),
    "name.Moons": _t("Moons", "Lunes"),
    "renard.suit.B": _t("Bells", "Cloches"),
    "renard.suit.K": _t("Keys", "Clefs"),
    "renard.suit.M": _t("Moons", "Lunes"),
    "renard.card": _t("{rank} of {suit}", "{rank} de {suit}"),
    "renard.ability.swan": _t("Swan", "Cygne"),
    "renard.ability.fox": _t("Fox", "Renard"),
    "renard.ability.woodcutter": _t("Woodcutter", "Bûcheron"),
    "renard.ability.treasure": _t("Treasure", "Trésor"),
    "renard.ability.witch": _t("Witch", "Sorcière"),
    "renard.ability.monarch": _t("Monarch", "Monarque"),
    "renard.your_hand": _t("Your hand, {n} cards", "Votre main, {n} cartes"),
    "renard.their_hand": _t("{n} cards in hand", "{n} cartes en main"),
    "renard.pass_title": _t("Pass the device to {name}", "Passez l'appareil à {name}"),
    "renard.pass_help": _t("Only {name} should look at the screen now: the next screen shows their hand.",
                           "Seul·e {name} doit regarder l'écran maintenant : l'écran suivant montre sa main."),
    "renard.pass_ready": _t("I am {name}: show my hand", "Je suis {name} : montrer ma main"),
    "renard.tricks": _t("{n} tricks", "{n} plis"),
    "renard.total": _t("{n} / {target} pts", "{n} / {target} pts"),
    "renard.decree": _t("Decree", "Décret"),
    "renard.trump": _t("Trump: {suit}", "Atout : {suit}"),
    "renard.deck": _t("Deck: {n} cards", "Pioche : {n} cartes"),
    "renard.trick_no": _t("Round {round} · trick {n} of 13", "Manche {round} · pli {n} sur 13"),
    "renard.trick_won": _t("{name} won the trick ({reason}).", "{name} remporte le pli ({reason})."),
    "renard.reason.trump": _t("highest trump", "plus fort atout"),
    "renard.reason.led_suit": _t("highest card of the suit led", "plus forte carte de la couleur demandée"),
    "renard.reason.witch": _t("the lone Witch counts as a trump", "la Sorcière seule compte comme un atout"),
    "renard.reason.witches_cancel": _t("two Witches cancel out", "deux Sorcières s'annulent"),
    "renard.swan_lead": _t("Thanks to the Swan, {name} leads next.", "Grâce au Cygne, {name} entame le pli suivant."),
    "renard.treasure_won": _t("{name} scores {n} Treasure point(s).", "{name} marque {n} point(s) de Trésor."),
    "renard.lead_help": _t("{name}, lead: tap a card of your hand.", "{name}, à vous d'entamer : touchez une carte de votre main."),
    "renard.follow_help": _t("{name}, {suit} were led: follow suit if you can.",
                             "{name}, on a demandé {suit} : fournissez si vous pouvez."),
    "renard.fox_help": _t("{name}, your Fox: tap a card to exchange it with the decree, or keep the decree.",
                          "{name}, votre Renard : touchez une carte à échanger avec le décret, ou gardez le décret."),
    "renard.keep": _t("Keep the decree", "Garder le décret"),
    "renard.wood_help": _t("{name}, your Woodcutter drew {card}: tap a card to put face down under the deck.",
                           "{name}, votre Bûcheron a pioché {card} : touchez une carte à glisser face cachée sous la pioche."),
    "renard.row.tricks": _t("Tricks won", "Plis remportés"),
    "renard.row.band": _t("Band", "Palier"),
    "renard.row.treasure": _t("Treasure", "Trésor"),
    "renard.row.points": _t("Round points", "Points de la manche"),
    "renard.row.total": _t("Total", "Total"),
    "renard.band.humble": _t("Humble", "Humble"),
    "renard.band.defeated": _t("Defeated", "Vaincu"),
    "renard.band.victorious": _t("Victorious", "Victorieux"),
    "renard.band.greedy": _t("Greedy", "Cupide"),
    "renard.band_of": _t("{name}: {band} ({n} tricks)", "{name} : {band} ({n} plis)"),
    "renard.round_n": _t("Round {n}", "Manche {n}"),
    "renard.round_over": _t("End of round {n}", "Fin de la manche {n}"),
    "renard.target_line": _t("The game ends after the round in which someone reaches {target} points.",
                             "La partie s'arrête après la manche où quelqu'un atteint {target} points."),
    "renard.next_round": _t("Next round", "Manche suivante"),
    "renard.last_round": _t("The last round", "La dernière manche"),
    "renard.end_reason": _t("A player reached {target} points.", "Un joueur a atteint {target} points."),
    "undo.renard.trick": _t("A finished trick cannot be taken back: its cards have been seen.",
                            "Un pli terminé ne se reprend pas : ses cartes ont été vues."),
    "undo.renard.woodcutter": _t("A Woodcutter's draw cannot be taken back: the card drawn has been seen.",
                                 "La pioche d'un Bûcheron ne se reprend pas : la carte piochée a été vue."),
    "undo.renard.answered": _t("Only your own card can be taken back, before the other player answers.",
                               "Seule votre propre carte peut être reprise, avant que l'autre joueur réponde."),
    "err.renard.must_follow": _t("You must follow {suit}.", "Vous devez jouer {suit}, la couleur demandée."),
    "err.renard.monarch": _t("A Monarch was led: answer with the 1 or your highest {suit} ({cards}).",
                             "Un Monarque a été joué en premier : répondez avec le 1 ou votre plus forte carte à {suit} ({cards})."),
    "err.renard.not_in_hand": _t("{card} is not in your hand.", "{card} n'est pas dans votre main."),
    "err.renard.fox_pending": _t("Your Fox first: exchange a card with the decree, or keep it.",
                                 "D'abord votre Renard : échangez une carte avec le décret, ou gardez-le."),
    "err.renard.woodcutter_pending": _t("Your Woodcutter first: put a card under the deck.",
                                        "D'abord votre Bûcheron : glissez une carte sous la pioche."),
    "err.renard.no_ability": _t("Play a card.", "Jouez une carte."),
    "err.renard.syntax": _t("That is not a card.", "Ce n'est pas une carte."),
    # engine errors, by IllegalAction.code
    "err.illegal": _t("That move is not allowed.", "Ce coup n'est pas permis."),
    "err.fendo.illegal": _t("{action} is not allowed now.", "{action} n'est pas permis maintenant."),
    "err.fendo.syntax": _t("That is not a Fendo move.", "Ce n'est pas un coup de Fendo."),
    "err.fendo.no_cell": _t("There is no cell {cell} on this board.", "Il n'y a pas de case {cell} sur ce plateau."),
    "err.fendo.must_pass": _t("No action is possible: you must pass.", "Aucune action n'est possible : vous devez passer."),
    "err.fendo.cannot_pass": _t("You may pass only when no other action is possible.",
                                "On ne peut passer que si aucune autre action n'est possible."),
    "err.fendo.no_pawn": _t("There is no pawn on {cell}.", "Il n'y a pas de pion en {cell}."),
    "err.fendo.not_your_pawn": _t("The pawn on {cell} is not yours.", "Le pion en {cell} n'est pas à vous."),
    "err.fendo.closed_pawn": _t("The pawn on {cell} is in a closed area: it can no longer play.",
                                "Le pion en {cell} est dans une zone fermée : il ne peut plus jouer."),
    "err.fendo.occupied": _t("{cell} is taken: a pawn cannot go onto another.",
                             "{cell} est occupée : un pion ne peut pas aller sur un autre."),
    "err.fendo.blocked_path": _t("The pawn on {cell} cannot reach {to}: a move goes straight, turns at most once at a right angle, and never crosses a wall or a pawn.",
                                 "Le pion de {cell} ne peut pas atteindre {to} : un déplacement va tout droit, tourne au plus une fois à angle droit, et ne franchit jamais un mur ni un pion."),
    "err.fendo.board_edge": _t("That side of {cell} is the board's edge: no wall goes there.",
                               "Ce côté de {cell} est le bord du plateau : on n'y pose pas de mur."),
    "err.fendo.wall_exists": _t("There is already a wall on that side of {cell}.", "Il y a déjà un mur de ce côté de {cell}."),
    "err.fendo.empty_area": _t("The wall {wall} would close an area with no pawn in it.",
                               "Le mur {wall} fermerait une zone sans aucun pion."),
    "err.fendo.second_open_area": _t("The wall {wall} would make a second open area (two areas each holding several pawns).",
                                     "Le mur {wall} créerait une deuxième zone ouverte (deux zones contenant chacune plusieurs pions)."),
    "err.fendo.no_reserve": _t("You have no pawn left in reserve.", "Vous n'avez plus de pion en réserve."),
    "err.fendo.bad_entry": _t("A new pawn cannot enter on {cell}: it enters on an empty cell of the open area that one of your pawns there could reach in one move.",
                              "Un nouveau pion ne peut pas entrer en {cell} : il entre sur une case vide de la zone ouverte qu'un de vos pions de cette zone pourrait atteindre en un déplacement."),
    "err.wrong_turn": _t("It is not your turn.", "Ce n'est pas votre tour."),
    "err.game_over": _t("The game is over.", "La partie est terminée."),
    "err.bad_action": _t("That is not a move.", "Ce n'est pas un coup."),
}

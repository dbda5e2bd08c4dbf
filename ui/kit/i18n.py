"""All the interface's text, in English and French, from one table (pure Python).

``tr(lang, key, **params)`` looks a key up and fills ``{params}`` in.  Every key
has both languages (a test checks it).  The shell's texts are here; each game's
screen brings its own (``ui/games/<game>/texts.py``), added by :func:`add` when it
registers.  Engine errors (``game.IllegalAction``)
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
    """The text of ``key``; with a number ``n`` of one (English) or below two (French),
    the singular ``key.one`` when the table has it ("1 trick", "0 pli")."""
    n = params.get("n")
    if type(n) is int and (n == 1 if lang == "en" else -2 < n < 2) and key + ".one" in TABLE:
        key += ".one"
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
                params[k] = " / ".join(tr(lang, "name." + x) if isinstance(x, str) and "name." + x in TABLE
                                       else str(x) for x in v)
        return tr(lang, key, **params)
    return str(exc)


def t(en: str, fr: str) -> dict:
    """One entry of the table, in both languages."""
    # French typography: a no-break space before ! ? : ; and inside « », so they never wrap alone.
    for a, b in ((" !", "\u00a0!"), (" ?", "\u00a0?"), (" :", "\u00a0:"), (" ;", "\u00a0;"),
                 ("« ", "«\u00a0"), (" »", "\u00a0»")):
        fr = fr.replace(a, b)
    return {"en": en, "fr": fr}


_t = t

TABLE: dict[str, dict[str, str]] = {
    # header, languages
    "app.name": _t("Renardière", "Renardière"),
    "nav.home": _t("Home", "Accueil"),
    "lang.label": _t("Language", "Langue"),
    "lang.en": _t("English", "English"),
    "lang.fr": _t("Français", "Français"),
    # notices
    "notice.close": _t("Close", "Fermer"),
    "notice.save_failed": _t("This game could not be saved on this device ({error}).",
                             "Cette partie n'a pas pu être enregistrée sur cet appareil ({error})."),
    "notice.storage_full": _t("This device's storage is full: the game goes on, but your last moves are not saved. "
                              "Delete a finished game or a set-aside save, forget a game you joined on another device "
                              "(all listed on the home page), or export this one, to make room.",
                              "La mémoire de cet appareil est pleine : la partie continue, mais vos derniers coups ne sont pas enregistrés. "
                              "Supprimez une partie terminée ou une partie mise de côté, oubliez une partie rejointe sur un autre appareil "
                              "(toutes sont sur la page d'accueil), ou exportez celle-ci, pour faire de la place."),
    "notice.forgotten": _t("This device has forgotten that game. It is still on the device that started it.",
                           "Cet appareil a oublié cette partie. Elle reste sur l'appareil qui l'a commencée."),
    "notice.stale": _t("This game was played on in another tab or window. Reload it here to go on from there.",
                       "Cette partie a continué dans un autre onglet ou une autre fenêtre. Rechargez-la ici pour reprendre où elle en est."),
    # one game is hosted by one tab (ui/parts/devices.py): the others say where it is played
    "tab.elsewhere": _t("This game is open in another tab or window of this browser, which plays it with the other "
                        "devices. Play it there, or take it over here: the other devices then connect to this tab.",
                        "Cette partie est ouverte dans un autre onglet ou une autre fenêtre de ce navigateur, qui la "
                        "joue avec les autres appareils. Jouez-la là-bas, ou reprenez-la ici : les autres appareils "
                        "se connecteront alors à cet onglet."),
    "tab.taken": _t("This game was taken over by another tab or window of this browser: it is played there now, "
                    "with the other devices.",
                    "Cette partie a été reprise par un autre onglet ou une autre fenêtre de ce navigateur : elle "
                    "s'y joue maintenant, avec les autres appareils."),
    "tab.take_over": _t("Take it over here", "La reprendre ici"),
    "tab.take_back": _t("Take it back here", "La reprendre ici"),
    "notice.reload_game": _t("Reload the game", "Recharger la partie"),
    "notice.deleted_elsewhere": _t("This game was deleted in another tab or window: nothing more of it is saved.",
                                   "Cette partie a été supprimée dans un autre onglet ou une autre fenêtre : "
                                   "plus rien n'en est enregistré."),
    "notice.to_games": _t("Back to my games", "Retour à mes parties"),
    "notice.update": _t("A new version of Renardière is ready. Your games are saved.",
                        "Une nouvelle version de Renardière est prête. Vos parties sont enregistrées."),
    "notice.update_now": _t("Reload to update", "Recharger pour mettre à jour"),
    "notice.import_full": _t("“{file}” could not be imported: this device's storage is full.",
                             "« {file} » n'a pas pu être importée : la mémoire de cet appareil est pleine."),
    "notice.no_such_game": _t("That game is not saved on this device.",
                              "Cette partie n'est pas enregistrée sur cet appareil."),
    "notice.deleted": _t("The game was deleted.", "La partie a été supprimée."),
    # why a save could not be opened (ui/store/saves.py, SaveError.code); the English detail is
    # kept in the line's data-detail attribute, for a bug report
    "saveerr.damaged": _t("the file is damaged or cut short", "le fichier est abîmé ou tronqué"),
    "saveerr.too_big": _t("it is far larger than any saved game", "il est bien plus gros que toute partie enregistrée"),
    "saveerr.format": _t("its format is unknown", "son format est inconnu"),
    "saveerr.newer": _t("a newer version of Renardière wrote it", "une version plus récente de Renardière l'a écrit"),
    "saveerr.game": _t("it is a game this version does not have", "c'est un jeu que cette version n'a pas"),
    "saveerr.details": _t("some of its details are missing or wrong", "certains de ses détails manquent ou sont faux"),
    "saveerr.moves": _t("one of its moves is not legal where it is played", "l'un de ses coups n'est pas légal là où il est joué"),
    "saveerr.rebuild": _t("the game could not be rebuilt from it", "la partie n'a pas pu être reconstruite"),
    "saveerr.missing": _t("it is not on this device", "elle n'est pas sur cet appareil"),
    "saveerr.conflict": _t("another tab changed it", "un autre onglet l'a modifiée"),
    "saveerr.remote": _t("it gives a seat to a friend by link, and this game is not played by link",
                         "il confie une place à un ami par lien, et ce jeu ne se joue pas par lien"),
    "notice.import_failed": _t("“{file}” is not a game this app can open: {error}.",
                               "« {file} » n'est pas une partie que l'application sait ouvrir : {error}."),
    "notice.imported": _t("Game imported from “{file}”.", "Partie importée depuis « {file} »."),
    # home
    "home.tagline": _t("Five board and card games to play in your browser, alone against bots or passing the device around.",
                       "Cinq jeux de plateau et de cartes à jouer dans votre navigateur, seul contre des robots ou en se passant l'appareil."),
    "home.booting": _t("Getting the games ready…", "Préparation des jeux…"),
    "home.booting_join": _t("Loading the game to join; then this device makes its answer…",
                            "Chargement de la partie à rejoindre ; puis cet appareil prépare sa réponse…"),
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
    "home.joined": _t("Games joined from this device", "Parties rejointes depuis cet appareil"),
    "home.joined_help": _t("Seats played here of games started on another device. Forget one to free its room "
                           "here: the game stays on the other device.",
                           "Places jouées ici de parties commencées sur un autre appareil. Oubliez-en une pour "
                           "libérer sa place ici : la partie reste sur l'autre appareil."),
    "home.joined_seat": _t("Player {n} · {kb} kB", "Joueur {n} · {kb} ko"),
    "home.forget": _t("Forget", "Oublier"),
    "home.forget_confirm": _t("Really forget?", "Vraiment oublier ?"),
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
    "home.problem_full": _t("This device is full, so it stays where it was, untouched.",
                            "Cet appareil est plein : elle reste où elle était, intacte."),
    "home.problem_newer": _t("A newer version of Renardière saved it: it is left untouched. Reload the page to update.",
                             "Une version plus récente de Renardière l'a enregistrée : elle reste intacte. Rechargez la page pour mettre à jour."),
    "home.aside": _t("Saves set aside", "Parties mises de côté"),
    "home.aside_help": _t("These saves could not be read. Download one to look at it, or delete it.",
                          "Ces parties n'ont pas pu être lues. Téléchargez-en une pour l'examiner, ou supprimez-la."),
    "home.footer": _t("Renardière is free and works offline. Nothing leaves your device. The games belong to their authors and publishers.",
                      "Renardière est gratuit et fonctionne hors ligne. Rien ne quitte votre appareil. Les jeux appartiennent à leurs auteurs et éditeurs."),
    # whether the browser keeps the saves (ui/store/storage.py)
    "keep.safe": _t("This browser will keep your saved games.", "Ce navigateur gardera vos parties enregistrées."),
    "keep.not_granted": _t("This browser may delete your saved games if the device runs low on space.",
                           "Ce navigateur peut effacer vos parties enregistrées si l'appareil manque de place."),
    "keep.seven_days": _t("This browser deletes your saved games after seven days without a visit.",
                          "Ce navigateur efface vos parties enregistrées après sept jours sans visite."),
    "keep.no_api": _t("This browser does not promise to keep your saved games.",
                      "Ce navigateur ne promet pas de garder vos parties enregistrées."),
    "keep.remedies": _t("To keep them:", "Pour les garder :"),
    "keep.install": _t("Install the app", "Installer l'application"),
    "keep.install_help": _t("An installed app keeps its games.", "Une application installée garde ses parties."),
    "keep.how_ios": _t("Add Renardière to your home screen: tap Share, then “Add to Home Screen”, and play from its icon.",
                       "Ajoutez Renardière à l'écran d'accueil : touchez Partager, puis « Sur l'écran d'accueil », et jouez depuis son icône."),
    "keep.how_mac": _t("Add Renardière to the Dock: in Safari's File menu, choose “Add to Dock”, and play from there.",
                       "Ajoutez Renardière au Dock : dans le menu Fichier de Safari, choisissez « Ajouter au Dock », et jouez depuis là."),
    "keep.how_menu": _t("Install Renardière from the browser's menu (“Install” or “Add to Home screen”), if it offers to.",
                        "Installez Renardière depuis le menu du navigateur (« Installer » ou « Ajouter à l'écran d'accueil »), s'il le propose."),
    "keep.download": _t("Download all games", "Télécharger toutes les parties"),
    "keep.download_help": _t("Do it now and then: “Import a game…” reads the file back.",
                             "De temps en temps : « Importer une partie… » relit le fichier."),
    # dates
    "date.format": _t("{month} {day}, {year}, {time}", "{day} {month} {year}, {time}"),
    "month.1": _t("Jan", "janv."), "month.2": _t("Feb", "févr."), "month.3": _t("Mar", "mars"),
    "month.4": _t("Apr", "avr."), "month.5": _t("May", "mai"), "month.6": _t("Jun", "juin"),
    "month.7": _t("Jul", "juil."), "month.8": _t("Aug", "août"), "month.9": _t("Sep", "sept."),
    "month.10": _t("Oct", "oct."), "month.11": _t("Nov", "nov."), "month.12": _t("Dec", "déc."),
    # seats
    "seat.human": _t("Human", "Humain"),
    "seat.bot_kind": _t("Bot · {level}", "Robot · {level}"),
    # a bot's name, by seat: short, distinct, and no piece or card of any game
    "bot.name0": _t("Hare", "Lièvre"),
    "bot.name1": _t("Owl", "Hibou"),
    "bot.name2": _t("Badger", "Blaireau"),
    "bot.name3": _t("Lynx", "Lynx"),
    "bot.name4": _t("Otter", "Loutre"),
    "bot.name5": _t("Heron", "Héron"),
    "bot.name6": _t("Marten", "Martre"),
    # new game
    "new.title": _t("New game", "Nouvelle partie"),
    "new.who": _t("Played by", "Joué par"),
    "new.human": _t("Human", "Humain"),
    "new.bot": _t("Bot", "Robot"),
    "new.level": _t("Bot level", "Niveau du robot"),
    "new.name": _t("Name", "Nom"),
    "new.options": _t("Options", "Options"),
    "new.start": _t("Start the game", "Commencer la partie"),
    "new.back": _t("Back", "Retour"),
    "level.novice.help": _t("looks one move ahead, for learning", "voit un coup à l'avance, pour apprendre"),
    "level.standard.help": _t("searches a little, a fair opponent", "cherche un peu, un adversaire correct"),
    "level.expert.help": _t("thinks about a second a move, hard to beat", "réfléchit une seconde par coup, difficile à battre"),
    # rules, about
    "rules.title": _t("{game}: rules", "{game} : règles"),
    "rules.back_game": _t("Back to the game", "Retour à la partie"),
    "about.title": _t("About", "À propos"),
    # play
    "play.moves": _t("Moves ({n})", "Coups ({n})"),
    "play.hint_button": _t("Hint", "Indice"),
    "play.hint": _t("Hint: {what}", "Indice : {what}"),
    "play.show_again": _t("Show again", "Revoir"),
    "play.hint_wait": _t("Looking for a good move…", "Recherche d'un bon coup…"),
    "play.release": _t("Tap to play on", "Touchez pour continuer"),
    "play.sound": _t("♪ Sound and vibration", "♪ Son et vibration"),
    "end.hints": _t("{n} hints were used in this game.", "{n} indices ont été demandés dans cette partie."),
    "end.hints.one": _t("{n} hint was used in this game.", "{n} indice a été demandé dans cette partie."),
    "play.since": _t("Since your last turn: {what}", "Depuis votre dernier tour : {what}"),
    "play.since_start": _t("Since the game began: {what}", "Depuis le début de la partie : {what}"),
    # the keys that read the table out (ui.kit.readout)
    "read.title": _t("Keys that read the table", "Touches qui lisent la table"),
    "read.intro": _t("On the table, away from a text field, these keys say what is on the screen, for a screen reader.",
                     "Sur la table, hors d'un champ de texte, ces touches disent ce qui est à l'écran, pour un lecteur d'écran."),
    "read.key.turn": _t("whose turn it is and what to do", "à qui le tour, et quoi faire"),
    "read.key.scores": _t("the scores", "les scores"),
    "read.key.last": _t("the moves since your last turn", "les coups depuis votre dernier tour"),
    "read.key.position": _t("the whole position", "toute la position"),
    "read.key.help": _t("this list of keys", "cette liste de touches"),
    "read.close": _t("Close", "Fermer"),
    "read.scores_line": _t("Scores: {what}.", "Scores : {what}."),
    "read.last_none": _t("Nothing played yet.", "Rien n'a encore été joué."),
    "read.last_since": _t("Since your last turn: {what}", "Depuis votre dernier tour : {what}"),
    "read.last_one": _t("Last move: {what}", "Dernier coup : {what}"),
    "read.nothing": _t("Nothing to read here.", "Rien à lire ici."),
    "log.title": _t("Game log ({n})", "Journal de la partie ({n})"),
    "log.empty": _t("Nothing played yet.", "Rien n'a encore été joué."),
    "log.earlier": _t("Show the {n} earlier actions", "Voir les {n} actions précédentes"),
    "log.earlier.one": _t("Show the earlier action", "Voir l'action précédente"),
    "play.no_moves": _t("No move yet.", "Aucun coup pour l'instant."),
    "play.thinking": _t("thinking…", "réfléchit…"),
    "play.to_play": _t("to play", "à jouer"),
    "play.winner_tag": _t("winner", "gagnant"),
    "play.last_pass": _t("{name} had no legal action and passed.", "{name} n'avait aucune action possible et a passé."),
    "play.bot_thinking": _t("{name} is thinking…", "{name} réfléchit…"),
    "play.bot_error": _t("The bot could not play ({error}).", "Le robot n'a pas pu jouer ({error})."),
    "play.retry": _t("Try again", "Réessayer"),
    "play.waiting": _t("{name} to play.", "À {name} de jouer."),
    "play.cancel": _t("Cancel", "Annuler"),
    "play.undo": _t("Undo", "Annuler le coup"),
    "undo.nothing": _t("Nothing to undo.", "Rien à annuler."),
    "undo.over": _t("The game is over: it stays as it ended.", "La partie est finie : elle reste telle qu'elle s'est terminée."),
    # end of the game
    "end.show": _t("See the result", "Voir le résultat"),
    "end.wins": _t("{name} wins, {a} to {b}.", "{name} gagne, {a} à {b}."),
    "end.draw": _t("Draw, {a} to {b}.", "Partie nulle, {a} à {b}."),
    "end.title_win": _t("{name} wins!", "{name} gagne !"),
    "end.title_draw": _t("A draw!", "Partie nulle !"),
    "end.again": _t("Play again", "Rejouer"),
    "end.look": _t("Look at the board", "Voir le plateau"),
    "end.look_table": _t("Look at the table", "Voir la table"),
    "round.next": _t("Next round", "Manche suivante"),
    # hot-seat with hidden hands
    "pass.title": _t("Pass the device to {name}", "Passez l'appareil à {name}"),
    "pass.help": _t("Only {name} should look at the screen now: the next screen shows their hand.",
                           "Seul·e {name} doit regarder l'écran maintenant : l'écran suivant montre sa main."),
    "pass.ready": _t("I am {name}: show my hand", "Je suis {name} : montrer ma main"),
    "home.moves.one": _t("{n} move played", "{n} coup joué"),
    "new.players": _t("Players", "Joueurs"),
    "new.option_off": _t("Greyed out: not with {n} players.", "En gris : impossible à {n} joueurs."),
    # every move, told to screen readers through the page's live region (say.*)
    "say.undo": _t("Move taken back.", "Coup repris."),
    # engine errors, by IllegalAction.code
    "err.illegal": _t("That move is not allowed.", "Ce coup n'est pas permis."),
    "err.wrong_turn": _t("It is not your turn.", "Ce n'est pas votre tour."),
    "err.game_over": _t("The game is over.", "La partie est terminée."),
    "err.bad_action": _t("That is not a move.", "Ce n'est pas un coup."),
    # replays and games by link (ui/store/links.py)
    "seat.remote": _t("By link, on another device", "Par lien, sur un autre appareil"),
    "new.remote": _t("Friend, by link", "Ami, par lien"),
    "new.remote_help": _t("A friend plays this side on their own device: after each move you send them a link, and they send one back.",
                          "Un ami joue ce camp sur son propre appareil : après chaque coup vous lui envoyez un lien, et il vous en renvoie un."),
    "new.device": _t("On their phone", "Sur son téléphone"),
    "new.device_help": _t("This player plays on their own phone or tablet, on the same Wi-Fi or hotspot as this device: "
                          "once the game starts, tap Invite and let their camera read the code. No internet is needed.",
                          "Ce joueur joue sur son propre téléphone ou sa tablette, sur le même Wi-Fi ou partage de connexion que cet appareil : "
                          "une fois la partie lancée, touchez Inviter et faites lire le code par son appareil photo. Aucun accès à Internet n'est nécessaire."),
    # a browser without WebRTC (ui.web.channels.webrtc_here): the form, the devices bar, a join link
    "new.device_off": _t("“On their phone” is off: this browser cannot play across devices. A current Chrome, Edge, "
                         "Firefox, or Safari on iPhone and iPad can.",
                         "« Sur son téléphone » est désactivé : ce navigateur ne peut pas jouer entre appareils. "
                         "Un Chrome, Edge ou Firefox récent, ou Safari sur iPhone et iPad, le peut."),
    "devices.no_webrtc": _t("This browser cannot play across devices, so it cannot invite them. Open this game in "
                            "a current Chrome, Edge, Firefox, or Safari on iPhone and iPad.",
                            "Ce navigateur ne peut pas jouer entre appareils, il ne peut donc pas les inviter. "
                            "Ouvrez cette partie dans un Chrome, Edge ou Firefox récent, ou Safari sur iPhone et iPad."),
    "guest.no_webrtc": _t("This browser cannot play across devices, so it cannot join this game. Open this link in "
                          "a current Chrome, Edge, Firefox, or Safari on iPhone and iPad. Browsers built into "
                          "another app, or locked down, often cannot.",
                          "Ce navigateur ne peut pas jouer entre appareils, il ne peut donc pas rejoindre cette "
                          "partie. Ouvrez ce lien dans un Chrome, Edge ou Firefox récent, ou Safari sur iPhone et "
                          "iPad. Les navigateurs intégrés à une autre application, ou verrouillés, ne le peuvent "
                          "souvent pas."),
    "devices.title": _t("Players on other devices", "Joueurs sur d'autres appareils"),
    "devices.here": _t("is connected", "est connecté"),
    "devices.away": _t("is away", "est absent"),
    "devices.invited": _t("is invited: waiting for their answer", "est invité : en attente de sa réponse"),
    "devices.connecting": _t("answered: connecting…", "a répondu : connexion…"),
    "devices.lost.closed": _t("is away: their page was closed or reloaded", "est absent : sa page a été fermée ou rechargée"),
    "devices.lost.network": _t("is away: the network between the devices went",
                               "est absent : le réseau entre les appareils a été coupé"),
    "devices.refused.version": _t("was refused: the two devices run different versions; reload both",
                                  "a été refusé : les deux appareils n'ont pas la même version ; rechargez-les"),
    "devices.refused.seat": _t("was refused: that seat is not played from another device",
                               "a été refusé : cette place n'est pas jouée depuis un autre appareil"),
    "devices.refused.token": _t("was refused: an old invitation, or one another device took",
                                "a été refusé : une ancienne invitation, ou une qu'un autre appareil a prise"),
    "devices.refused.taken": _t("was refused: that connection already plays another seat",
                                "a été refusé : cette connexion joue déjà une autre place"),
    "devices.refused.closed": _t("was refused: their device sent what this one could not read, and was closed",
                                 "a été refusé : son appareil a envoyé ce que celui-ci ne pouvait pas lire, et a été fermé"),
    # its heartbeat (ui/net/heartbeat.py): connected, but nothing came for a few seconds
    "devices.quiet": _t(": no answer for a few seconds", "\u00a0: pas de réponse depuis quelques secondes"),
    "devices.quiet_said": _t("{name}: no answer for a few seconds.", "{name}\u00a0: pas de réponse depuis quelques secondes."),
    "devices.back_said": _t("{name} is connected again.", "{name} est de nouveau connecté."),
    "devices.rejoin": _t("This code takes {name} back on the device they played on. On another device?",
                         "Ce code reprend {name} sur l'appareil où il jouait. Sur un autre appareil ?"),
    "devices.new_device": _t("Invite another device", "Inviter un autre appareil"),
    "devices.invite": _t("Invite", "Inviter"),
    "devices.invite_title": _t("Invite {name}", "Inviter {name}"),
    "devices.making": _t("Making the code…", "Préparation du code…"),
    "devices.scan_this": _t("{name} scans this code with their camera, or opens the link below on their device. "
                            "Their phone then shows a code of its own: scan it here, or open its link on this device.",
                            "{name} scanne ce code avec son appareil photo, ou ouvre le lien ci-dessous sur son appareil. "
                            "Son téléphone affiche alors un code à son tour : scannez-le ici, ou ouvrez son lien sur cet appareil."),
    "devices.cam_live": _t("The camera is on. When {name}'s phone shows its code, hold it facing this screen: "
                           "it is read at once.",
                           "L'appareil photo est allumé. Quand le téléphone de {name} affiche son code, tenez-le face à "
                           "cet écran : il est lu aussitôt."),
    "devices.hidden_address": _t(
        "This browser hides this device's address behind a name that some phone hotspots cannot find. "
        "If {name}'s phone cannot connect: join both to a Wi-Fi router rather than a hotspot, or host "
        "the game in Chrome and let it use the camera (it then gives its address), or give a server "
        "under Across networks.",
        "Ce navigateur cache l'adresse de cet appareil derrière un nom que certains partages de connexion "
        "ne trouvent pas. Si le téléphone de {name} ne se connecte pas : reliez les deux au même routeur "
        "Wi-Fi plutôt qu'à un partage de connexion, ou lancez la partie dans Chrome en lui permettant "
        "l'appareil photo (il donne alors son adresse), ou indiquez un serveur sous Entre réseaux."),
    "devices.join_link": _t("Link to join", "Lien pour rejoindre"),
    "devices.answer": _t("Or paste their answer link", "Ou collez son lien de réponse"),
    "devices.pair": _t("Connect", "Connecter"),
    "devices.spent_answer": _t("That answer is to an invitation already used. Ask the other device to scan the new code.",
                               "Cette réponse est pour une invitation déjà utilisée. Demandez à l'autre appareil de scanner le nouveau code."),
    "devices.accept_failed": _t("This answer could not connect. Ask the other device to scan the new code.",
                                "Cette réponse n'a pas pu connecter. Demandez à l'autre appareil de scanner le nouveau code."),
    "devices.offer_failed": _t("This browser could not make the code. Close this invitation and tap Invite again.",
                               "Ce navigateur n'a pas pu créer le code. Fermez cette invitation et touchez Inviter à nouveau."),
    "devices.bad_answer": _t("That is not an answer to this invitation.", "Ce n'est pas une réponse à cette invitation."),
    "devices.qr_label": _t("Code to join as {name}", "Code pour rejoindre en tant que {name}"),
    "devices.scan": _t("Scan their answer", "Scanner sa réponse"),
    "stun.title": _t("Across networks (off)", "Entre réseaux (désactivé)"),
    "stun.help": _t("With no server, the devices must share a Wi-Fi or one phone's hotspot; no internet is needed. "
                    "To play across networks, give a STUN server on both devices: each then contacts that server "
                    "to learn its public address. Nothing of the game goes through it.",
                    "Sans serveur, les appareils doivent partager un Wi-Fi ou le partage de connexion d'un téléphone ; "
                    "aucun accès à Internet n'est nécessaire. Pour jouer entre réseaux, indiquez un serveur STUN sur les "
                    "deux appareils : chacun contacte alors ce serveur pour connaître son adresse publique. "
                    "Rien de la partie ne passe par lui."),
    "stun.label": _t("STUN server", "Serveur STUN"),
    "stun.save": _t("Save", "Enregistrer"),
    "stun.off": _t("Off: this device contacts no server.", "Désactivé : cet appareil ne contacte aucun serveur."),
    "stun.on": _t("On: this device contacts {url} when it makes a code. Empty the field to turn it off.",
                  "Activé : cet appareil contacte {url} quand il crée un code. Videz le champ pour le désactiver."),
    "stun.bad": _t("A STUN server's address starts with stun: or stuns:.", "L'adresse d'un serveur STUN commence par stun: ou stuns:."),
    "scan.title": _t("Scan the answer code", "Scanner le code de réponse"),
    "scan.help": _t("Point the camera at the code on the other device's screen.",
                    "Pointez l'appareil photo vers le code affiché sur l'autre appareil."),
    "scan.close": _t("Close the camera", "Fermer l'appareil photo"),
    "scan.refused": _t("The camera could not be used. Close it, and paste their answer link instead.",
                       "L'appareil photo n'a pas pu être utilisé. Fermez-le, et collez plutôt son lien de réponse."),
    "guest.title": _t("Joining a game", "Rejoindre une partie"),
    "guest.answering": _t("Making this device's answer…", "Préparation de la réponse de cet appareil…"),
    "guest.connected": _t("Connected: the table is on its way.", "Connecté : la table arrive."),
    "guest.lost.closed": _t("Its page was closed or reloaded.", "Sa page a été fermée ou rechargée."),
    "guest.lost.network": _t("The network between the two devices went.", "Le réseau entre les deux appareils a été coupé."),
    "guest.show_host": _t("Show this code to the device that started the game.",
                          "Montrez ce code à l'appareil qui a lancé la partie."),
    "guest.answer_link": _t("Answer link", "Lien de réponse"),
    "guest.answer_help": _t("No camera on that device? Send it this link; opened there, it connects you.",
                            "Pas d'appareil photo sur l'autre appareil ? Envoyez-lui ce lien : ouvert là-bas, il vous connecte."),
    "guest.qr_label": _t("Answer code for the host", "Code de réponse pour l'hôte"),
    "guest.host_away": _t("The connection to the device that holds the game is lost. Scan the new code it shows to go on.",
                          "La connexion avec l'appareil qui tient la partie est perdue. Scannez le nouveau code qu'il affiche pour continuer."),
    "guest.host_quiet": _t("The connection to the other device is lost or slow: nothing came from it for a few "
                           "seconds. Wait a moment; if it does not come back, scan the new code it shows.",
                           "La connexion avec l'autre appareil est perdue ou lente : rien n'en est venu depuis "
                           "quelques secondes. Patientez un instant ; s'il ne revient pas, scannez le nouveau code qu'il affiche."),
    "guest.host_back": _t("The other device answers again.", "L'autre appareil répond de nouveau."),
    "guest.not_sent": _t("Not sent: the other device does not answer. Try again once it is back.",
                         "Non envoyé : l'autre appareil ne répond pas. Réessayez quand il sera revenu."),
    "guest.move_lost": _t("The connection closed before your move was answered: once connected again, the "
                          "table shows whether it was played.",
                          "La connexion s'est fermée avant la réponse à votre coup : une fois reconnecté, la "
                          "table montre s'il a été joué."),
    "guest.spent_offer": _t("The connection is lost: this code was used before the page reloaded. "
                            "Ask the device that started the game for a new code, and scan it.",
                            "La connexion est perdue : ce code a servi avant que la page se recharge. "
                            "Demandez un nouveau code à l'appareil qui a lancé la partie, et scannez-le."),
    "guest.kept_log": _t("The game so far", "La partie jusqu'ici"),
    "guest.bad_link": _t("This link to join a game is broken or incomplete.", "Ce lien pour rejoindre une partie est cassé ou incomplet."),
    "guest.bad_frame": _t("The other device sent a table this page cannot show: the last one stays on screen.",
                          "L'autre appareil a envoyé une table que cette page ne peut pas afficher : la précédente reste à l'écran."),
    "guest.no_rtc": _t("This browser could not connect to the other device. Ask it for a new code, and scan it.",
                       "Ce navigateur n'a pas pu se connecter à l'autre appareil. Demandez-lui un nouveau code, et scannez-le."),
    "guest.denied.token": _t("This seat was taken by another device. Ask for a new invitation.",
                             "Cette place a été prise par un autre appareil. Demandez une nouvelle invitation."),
    "guest.denied.taken": _t("The other device refused: this connection already plays another seat.",
                             "L'autre appareil a refusé : cette connexion joue déjà une autre place."),
    "guest.denied.replaced": _t("This seat is now played on another page: this one is closed.",
                                "Cette place est maintenant jouée sur une autre page : celle-ci est fermée."),
    "guest.denied.refused": _t("The other device closed the connection: it could not read what this one sent. "
                               "Ask it for a new code, and scan it.",
                               "L'autre appareil a fermé la connexion : il ne pouvait pas lire ce que celui-ci envoyait. "
                               "Demandez-lui un nouveau code, et scannez-le."),
    "guest.denied.seat": _t("This seat is already played on another device.", "Cette place est déjà jouée sur un autre appareil."),
    "guest.denied.version": _t("The two devices run different versions of Renardière: reload both.",
                               "Les deux appareils n'ont pas la même version de Renardière : rechargez-les."),
    "guest.bad_answer": _t("This answer link is broken or incomplete: ask for it again on the other device.",
                           "Ce lien de réponse est cassé ou incomplet : redemandez-le sur l'autre appareil."),
    "guest.handed": _t("The answer was handed to your game in another tab. You can close this one.",
                       "La réponse a été transmise à votre partie dans un autre onglet. Vous pouvez fermer celui-ci."),
    "undo.answered": _t("Only your own move can be taken back, before another player acts.",
                        "Seul votre propre coup peut être repris, avant qu'un autre joueur agisse."),
    "undo.blind": _t("A choice made at the same time as another player's cannot be taken back.",
                     "Un choix fait en même temps que celui d'un autre joueur ne peut pas être repris."),
    "undo.remote": _t("Your friend's move cannot be taken back here.", "Le coup de votre ami ne peut pas être annulé ici."),
    # a seat played on another device, connected to this one (ui/net/hosting.py, docs/PROTOCOL.md)
    "seat.device": _t("On another device", "Sur un autre appareil"),
    "undo.device": _t("That player's move was made on another device: it cannot be taken back here.",
                      "Le coup de ce joueur a été joué sur un autre appareil : il ne peut pas être annulé ici."),
    "denied.version": _t("This device and the host's run different versions of Renardière: reload both pages.",
                         "Cet appareil et celui de l'hôte n'ont pas la même version de Renardière : rechargez les deux pages."),
    "denied.seat": _t("That seat is not played from another device in this game.",
                      "Cette place n'est pas jouée depuis un autre appareil dans cette partie."),
    "denied.token": _t("This invitation is no longer valid: ask the host for a new one.",
                       "Cette invitation n'est plus valable : demandez-en une nouvelle à l'hôte."),
    "denied.taken": _t("This connection already plays another seat.",
                       "Cette connexion joue déjà une autre place."),
    "wire.sequence": _t("A move got lost on the way: try again.",
                        "Un coup s'est perdu en route : réessayez."),
    "link.you_play": _t("You play {side}; {friend} plays {other}, on their own device.",
                        "Vous jouez {side} ; {friend} joue {other}, sur son appareil."),
    "link.send_help": _t("It is {friend}'s turn. Send them this link: it carries the whole game, and they send one back after their move.",
                         "C'est à {friend} de jouer. Envoyez-lui ce lien : il contient toute la partie, et il vous en renverra un après son coup."),
    "link.send_end": _t("Your move ended the game. Send {friend} this link so that they see the end too.",
                        "Votre coup a terminé la partie. Envoyez ce lien à {friend} pour qu'il en voie la fin lui aussi."),
    "link.your_turn_help": _t("Your turn. After your move, this page gives you a link to send to {friend}.",
                              "À vous de jouer. Après votre coup, cette page vous donne un lien à envoyer à {friend}."),
    "link.send": _t("Send the link", "Envoyer le lien"),
    "link.url_label": _t("Link to the game", "Lien vers la partie"),
    "link.joined": _t("You joined {friend}'s game by link: you play {side}.",
                      "Vous avez rejoint la partie de {friend} par lien : vous jouez {side}."),
    "link.updated": _t("{friend} played {action}.", "{friend} a joué {action}."),
    "link.updated_many": _t("{n} new moves came with the link.", "{n} nouveaux coups sont arrivés avec le lien."),
    "link.up_to_date": _t("This link brings nothing new: the game on this device is already there.",
                          "Ce lien n'apporte rien de nouveau : la partie en est déjà là sur cet appareil."),
    "link.older": _t("This link is older than the game on this device (it stops at move {n}, this device has {m}): the game is shown as it is here.",
                     "Ce lien est plus ancien que la partie sur cet appareil (il s'arrête au coup {n}, cet appareil en a {m}) : la partie est affichée telle qu'elle est ici."),
    "link.diverged": _t("This link does not follow the game on this device: they differ from move {n} on. The game is shown as it is here.",
                        "Ce lien ne suit pas la partie de cet appareil : ils diffèrent à partir du coup {n}. La partie est affichée telle qu'elle est ici."),
    "link.replaced": _t("{friend}'s link answers a move you had taken back after sending it: the game now follows their link.",
                        "Le lien de {friend} répond à un coup que vous aviez annulé après l'avoir envoyé : la partie suit désormais son lien."),
    "link.other_game": _t("This link is of another game than the one this device keeps under its name.",
                          "Ce lien est celui d'une autre partie que celle que cet appareil garde sous son nom."),
    "link.bad.format": _t("This is not a Renardière game link: it may have been copied wrong.",
                          "Ce n'est pas un lien de partie Renardière : il a peut-être été mal copié."),
    "link.bad.damaged": _t("This game link is damaged or incomplete (cut short when it was copied?): the game cannot be replayed.",
                           "Ce lien de partie est abîmé ou incomplet (coupé lors de la copie ?) : la partie ne peut pas être rejouée."),
    "link.bad.version": _t("This link was made by a newer version of Renardière: reload the page to update the app, then open it again.",
                           "Ce lien vient d'une version plus récente de Renardière : rechargez la page pour mettre l'application à jour, puis rouvrez-le."),
    "link.bad.unfinished": _t("This replay link is of a game that is not finished.",
                              "Ce lien de relecture est celui d'une partie qui n'est pas terminée."),
    "share.shared": _t("Link sent.", "Lien envoyé."),
    "share.copied": _t("Link copied: paste it into a message.", "Lien copié : collez-le dans un message."),
    "share.shown": _t("Copy the link below and send it.", "Copiez le lien ci-dessous et envoyez-le."),
    "share.title": _t("Renardière: {game}", "Renardière : {game}"),
    "share.move_text": _t("Your turn in our game of {game}:", "À toi de jouer dans notre partie de {game} :"),
    "share.replay_text": _t("A game of {game}, to replay:", "Une partie de {game} à revoir :"),
    "replay.title": _t("Replay", "Relecture"),
    "replay.heading": _t("Replay of a game of {game}", "Relecture d'une partie de {game}"),
    "replay.start": _t("Start of the game", "Début de la partie"),
    "replay.step": _t("Move {n} of {total}", "Coup {n} sur {total}"),
    "replay.first": _t("Start", "Début"),
    "replay.prev": _t("Back", "Reculer"),
    "replay.next": _t("Forward", "Avancer"),
    "replay.end": _t("End", "Fin"),
    "replay.keys": _t("The arrow keys step back and forth too.", "Les flèches du clavier avancent et reculent aussi."),
    "replay.hand": _t("Hand shown", "Main montrée"),
    "replay.hands_help": _t("The game is over, so every hand may be seen: choose whose.",
                            "La partie est finie, toutes les mains peuvent donc être vues : choisissez laquelle."),
    "replay.share": _t("Share this replay", "Partager cette relecture"),
    "end.replay": _t("Replay", "Revoir la partie"),
    "home.replay": _t("Replay", "Revoir"),
    "home.your_turn": _t("your turn", "à vous"),
    "home.waiting_for": _t("waiting for {name}", "en attente de {name}"),
    # -- issue 21: nothing wedges the app; a friend's link cannot rewrite your moves ----------
    "saveerr.too_deep": _t("it is nested far deeper than any saved game", "il est imbriqué bien plus profond que toute partie enregistrée"),
    "link.sides": _t("This link does not leave exactly one side to play on this device: it is not opened.",
                     "Ce lien ne laisse pas exactement un camp à jouer sur cet appareil : il n'est pas ouvert."),
    "link.wrong_side": _t("This link was not made for this device (it is the other player's to open): the game is shown as it is here.",
                          "Ce lien n'est pas fait pour cet appareil (c'est à l'autre joueur de l'ouvrir) : la partie est montrée telle qu'elle est ici."),
    "link.not_theirs": _t("This link carries moves for your side, which only you play: it changes nothing here.",
                          "Ce lien apporte des coups pour votre camp, que vous seul jouez : il ne change rien ici."),
    "link.unreadable": _t("The game this link belongs to cannot be read on this device: the link changes nothing (see the home page).",
                          "La partie de ce lien ne peut pas être lue sur cet appareil : le lien ne change rien (voir l'accueil)."),
    "export.hidden": _t("This game is not over: its file holds the seed of the shuffle, so whoever reads it can work out every hand, yours included. Export it anyway?",
                        "Cette partie n'est pas finie : son fichier contient la graine du mélange, donc qui le lit peut retrouver toutes les mains, la vôtre comprise. L'exporter quand même ?"),
    "export.anyway": _t("Export anyway", "Exporter quand même"),
    "recovery.title": _t("Renardière could not start", "Renardière n'a pas pu démarrer"),
    "recovery.help": _t("Something stored on this device stopped the app. Your games are still there: download them all, or set aside what stops the app, then try again.",
                        "Quelque chose d'enregistré sur cet appareil a arrêté l'application. Vos parties sont toujours là : téléchargez-les toutes, ou mettez de côté ce qui bloque, puis réessayez."),
    "recovery.download": _t("Download all", "Tout télécharger"),
    "recovery.retry": _t("Try again", "Réessayer"),
    "recovery.keys": _t("What this device keeps", "Ce que garde cet appareil"),
    "recovery.size": _t("{n} characters", "{n} caractères"),
    "recovery.aside": _t("Set this one aside", "Mettre celle-ci de côté"),
    # -- issue 56: learn by playing ---------------------------------------------------------
    "lesson.learn": _t("Learn by playing", "Apprendre en jouant"),
    "lesson.finished": _t("done", "faite"),
    "lesson.step": _t("Step {n} of {total}", "Étape {n} sur {total}"),
    "lesson.next": _t("Next", "Suivant"),
    "lesson.skip": _t("Skip", "Passer"),
    "lesson.leave": _t("Leave the lesson", "Quitter la leçon"),
    "lesson.rulebook": _t("The rulebook says:", "La règle dit :"),
    "lesson.play": _t("Play a real game", "Jouer une vraie partie"),
    "lesson.play_help": _t("A new game from the start, you against bots of the {level} level.",
                           "Une nouvelle partie depuis le début, vous contre des bots de niveau {level}."),
    "lesson.play_on": _t("Play on from here", "Continuer d'ici"),
    "lesson.play_on_help": _t("Or the game on the table, played on to its end, against bots of the {level} level.",
                              "Ou la partie sur la table, jouée jusqu'à sa fin, contre des bots de niveau {level}."),
    "lesson.do_first": _t("First do what this step asks (the lit places show it), or Skip it.",
                          "Faites d'abord ce que demande cette étape (les endroits allumés le montrent), ou passez-la."),
    "lesson.none": _t("This game has no lesson yet.", "Ce jeu n'a pas encore de leçon."),
    "lesson.offer": _t("New to {game}? A short lesson at the table teaches it while you play.",
                       "Vous découvrez {game} ? Une courte leçon à la table vous l'apprend en jouant."),
    "lesson.offer_take": _t("Take the lesson first", "Suivre d'abord la leçon"),
    "notice.imported_all": _t("“{file}”: {n} games imported, {same} already on this device, {failed} that could not be read.",
                              "« {file} » : {n} parties importées, {same} déjà sur cet appareil, {failed} illisibles."),
    "notice.imported_all.one": _t("“{file}”: {n} game imported, {same} already on this device, {failed} that could not be read.",
                                  "« {file} » : {n} partie importée, {same} déjà sur cet appareil, {failed} illisible(s)."),
}


def add(entries: dict) -> None:
    """Adds a game's texts to the table; a key may not be given two meanings."""
    for key, entry in entries.items():
        if TABLE.get(key, entry) != entry:
            raise ValueError(f"the text {key!r} is defined twice")
    TABLE.update(entries)

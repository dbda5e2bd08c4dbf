"""The screens as HTML strings (pure Python).

Each function takes ``tr`` (the translation function of :mod:`ui.kit.i18n` for
the current language) and plain data, and returns markup.  Interactive
elements carry ``data-act`` (and ``data-*`` arguments) for the one delegated
event handler; navigation uses plain links to ``#...`` fragments.
"""

from __future__ import annotations

import re
import time

from ui.kit import readout, registry
from ui.kit.html import attrs, button, esc, isolated
from ui.store.saves import linkable, replayable


def seat_name(tr, game_id: str, seat: int, cfg: dict, level_names: dict) -> str:
    """A seat's name: the one typed (bidi-isolated), else the game's name for the seat
    ("White", "Player 2") or, for a bot, a short name of its own, one per seat ("Hare",
    "Owl"...: its level is said beside it)."""
    if cfg.get("name"):
        return isolated(cfg["name"])
    if cfg.get("kind") == "bot":
        return tr(f"bot.name{seat}")
    return tr(f"{game_id}.seat{seat}")


# -- frame -------------------------------------------------------------------------

LOGO = '<img class="logo" src="./assets/icons/icon.svg" alt="" width="36" height="36">'


def header(tr, lang: str, screen: str) -> str:
    langs = "".join(
        f'<button type="button" class="lang-btn" data-act="lang" data-lang="{code}" '
        f'lang="{code}" aria-pressed="{"true" if code == lang else "false"}" '
        f'title="{esc(tr("lang." + code))}">{code.upper()}</button>'
        for code in ("en", "fr")
    )
    return (
        f'<header class="top"><a class="brand" href="#" aria-label="{esc(tr("app.name"))} – '
        f'{esc(tr("nav.home"))}">{LOGO}<span>{esc(tr("app.name"))}</span></a>'
        f'<nav class="top-nav"><a href="#"{attrs(aria_current="page" if screen == "home" else None)}>{esc(tr("nav.home"))}</a>'
        f'<div class="langs" role="group" aria-label="{esc(tr("lang.label"))}">{langs}</div></nav></header>'
    )


def notice(tr, n) -> str:
    """A banner: ``(key, params, kind)``, closed by its Close button; or
    ``(key, params, kind, (act, label_key))``, with the button that deals with it
    (no Close: it stays while it holds); ``(..., None)``: no button at all."""
    key, params, kind = n[:3]
    params = {k: isolated(v) if isinstance(v, str) else v for k, v in params.items()}   # a file's name...
    if len(n) == 3:
        act = button(esc(tr("notice.close")), "dismiss", "small ghost")
    else:
        act = button(esc(tr(n[3][1])), n[3][0], "small primary") if n[3] else ""
    return (f'<div class="notice notice-{kind}" role="{"alert" if kind == "error" else "status"}">'
            f'<p>{esc(tr(key, **params))}</p>{act}</div>')


# -- home ------------------------------------------------------------------------------

def lesson_link(tr, gid: str, done: bool = False, cls: str = "button ghost") -> str:
    """The way into a game's lesson (``#lesson/<game>``), marked done once it was finished."""
    mark = f' <span class="lesson-mark">✓ {esc(tr("lesson.finished"))}</span>' if done else ""
    return (f'<a class="{cls}" href="#lesson/{gid}" id="lesson-{gid}"{" data-done" if done else ""}>'
            f'{esc(tr("lesson.learn"))}{mark}</a>')


def _game_card(tr, gid: str, entry, done: bool = False) -> str:
    """A game of the home screen: ``entry`` is its card (``registry.listed``), or a teaser;
    ``done``: its lesson was finished on this device."""
    playable = gid in registry.SCREENS
    title = esc(entry.title)
    badge = "" if playable else f'<span class="badge-soon">{esc(tr("home.soon"))}</span>'
    actions = (
        f'<a class="button primary" href="#new/{gid}" id="new-{gid}">{esc(tr("home.new_game"))}</a>'
        + lesson_link(tr, gid, done) if playable else ""
    ) + f'<a class="button ghost" href="#rules/{gid}">{esc(tr("home.rules"))}</a>'
    return (
        f'<li class="game-card{"" if playable else " soon"}" data-game="{gid}">'
        f'<div class="game-icon">{entry.icon}</div>'
        f'<div class="game-text"><h3>{title}{badge}</h3>'
        f'<p class="by">{esc(entry.author)} · {esc(tr("game." + gid + ".players"))}</p>'
        f'<p>{esc(tr("game." + gid + ".tagline"))}</p>'
        f'<div class="card-actions">{actions}</div></div></li>'
    )


_STAMP = re.compile(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)Z")


def _epoch(stamp: str) -> int:
    """Seconds since 1970 of a UTC stamp, by arithmetic: ``time.strptime`` and ``calendar``
    pull in ``_strptime``, ``locale`` and ``datetime``, about 60 ms of the page's start-up."""
    m = _STAMP.fullmatch(stamp)
    if not m:
        raise ValueError(f"not a UTC stamp: {stamp!r}")
    y, mo, d, h, mi, s = map(int, m.groups())
    if not (1 <= mo <= 12 and 1 <= d <= 31 and h < 24 and mi < 60 and s < 61):
        raise ValueError(f"not a UTC stamp: {stamp!r}")
    y -= mo <= 2  # days from the civil date (H. Hinnant's algorithm), March-based years
    era, yoe = divmod(y, 400)
    doy = (153 * (mo + (-3 if mo > 2 else 9)) + 2) // 5 + d - 1
    days = era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468
    return days * 86400 + h * 3600 + mi * 60 + s


def _when(tr, stamp: str, tz_offset: int = 0) -> str:
    """"2026-11-25T21:40:00Z" -> a short date in local time.

    ``tz_offset`` is JavaScript's ``Date.getTimezoneOffset()``: minutes from local time to UTC.
    """
    try:
        t = time.gmtime(_epoch(stamp) - tz_offset * 60)
    except (ValueError, TypeError, OverflowError):
        return isolated(stamp)      # as stored: anyone may have written it
    return tr("date.format", day=t.tm_mday, month=tr(f"month.{t.tm_mon}"), year=t.tm_year,
              time=f"{t.tm_hour:02d}:{t.tm_min:02d}")


def _saved_game(tr, save: dict, state, level_names: dict, tz_offset: int = 0, confirm: str | None = None) -> str:
    gid = save["record"]["game"]
    names = " – ".join(esc(seat_name(tr, gid, i, s, level_names)) for i, s in enumerate(save["seats"]))
    ply = len(save["record"]["actions"])
    sid = esc(save["id"])
    if state.over:
        sc = state.scores
        status = tr("home.final", scores=" – ".join(str(x) for x in sc))
    else:
        status = tr("home.moves", n=ply)
        if any(s["kind"] == "remote" for s in save["seats"]) and state.to_move:
            seat = state.to_move[0]
            status += " · " + (tr("home.waiting_for", name=seat_name(tr, gid, seat, save["seats"][seat], level_names))
                               if save["seats"][seat]["kind"] == "remote" else tr("home.your_turn"))
    return (
        f'<li class="saved" data-save="{sid}"><div class="saved-text">'
        f'<strong>{esc(registry.title(gid))}</strong> <span class="names">{names}</span>'
        f'<small>{esc(status)} · {esc(_when(tr, save["updated"], tz_offset))}</small></div>'
        f'<div class="saved-actions">'
        f'<a class="button{" primary" if not state.over else ""}" href="#play/{sid}">'
        f'{esc(tr("home.resume" if not state.over else "home.view"))}</a>'
        + (button(esc(tr("home.replay")), "replay", "ghost small", data_id=save["id"])
           if state.over and replayable(state) else "")
        + button(esc(tr("home.export")), "export", "ghost small", data_id=save["id"])
        + (button(esc(tr("home.delete_confirm")), "delete", "small primary danger-fill", data_id=save["id"],
                   id="confirm-delete")
           if confirm == save["id"] else
           button(esc(tr("home.delete")), "delete", "ghost small danger", data_id=save["id"],
                   aria_label=tr("home.delete_label", game=registry.title(gid))))
        + "</div></li>"
    )


def _problem(tr, p: dict) -> str:
    """A save that did not open: where it is kept, or why it was left alone."""
    key = esc(isolated(p["key"]))      # a key, a label: anyone of the origin may have written them
    head = (f'<li><strong>{esc(p["label"]) or "<code>" + key + "</code>"}</strong> (<code>{key}</code>): '
            f'<span data-detail="{esc(p["reason"])}">{esc(tr("saveerr." + p.get("code", "details")))}</span>. ')
    if p.get("newer"):
        return head + f'{esc(tr("home.problem_newer"))}</li>'
    if p["aside"] is None:   # the device is full: it stays under its own key
        return (head + f'{esc(tr("home.problem_full"))} '
                + button(esc(tr("home.download")), "aside-download", "ghost small", data_key=p["key"]) + "</li>")
    return head + f'{tr("home.problem_aside", key="<code>" + esc(isolated(p["aside"])) + "</code>")}</li>'


def home(tr, lang: str, games: list, problems: list, aside: list, level_names: dict, tz_offset: int = 0,
         confirm: str | None = None, keep: tuple = ("", ""), lessons_done: frozenset = frozenset(),
         joined: tuple = ()) -> str:
    """``keep``: whether the device keeps the saves, above the games and in "Saved games"
    (:func:`ui.store.storage.home`); ``lessons_done``: the games whose lesson was finished;
    ``joined``: the games this device joined as a guest (:func:`ui.store.saves.list_guests`),
    each with *Forget*."""
    parts = ['<main class="home" id="main">',
             f'<section class="hero"><h1>{esc(tr("app.name"))}</h1><p>{esc(tr("home.tagline"))}</p></section>']
    if problems:
        items = "".join(_problem(tr, p) for p in problems)
        parts.append(f'<section class="notice notice-error" role="alert"><p>{esc(tr("home.problems"))}</p>'
                     f'<ul>{items}</ul>{button(esc(tr("notice.close")), "dismiss", "small ghost")}</section>')
    ongoing = [(s, st) for s, st in games if not st.over]
    finished = [(s, st) for s, st in games if st.over][:5]
    parts.append(keep[0])
    if ongoing:
        parts.append(f'<section class="continue"><h2>{esc(tr("home.continue"))}</h2><ul class="saved-list">'
                     + "".join(_saved_game(tr, s, st, level_names, tz_offset, confirm) for s, st in ongoing) + "</ul></section>")
    parts.append(f'<section class="games"><h2>{esc(tr("home.games"))}</h2><ul class="game-grid">'
                 + "".join(_game_card(tr, g, entry, g in lessons_done) for g, entry in registry.listed()) + "</ul></section>")
    if finished:
        parts.append(f'<section class="finished"><h2>{esc(tr("home.finished"))}</h2><ul class="saved-list">'
                     + "".join(_saved_game(tr, s, st, level_names, tz_offset, confirm) for s, st in finished) + "</ul></section>")
    if joined:
        parts.append(f'<section class="joined" id="joined"><h2>{esc(tr("home.joined"))}</h2>'
                     f'<p>{esc(tr("home.joined_help"))}</p><ul class="saved-list">'
                     + "".join(_joined(tr, j, confirm) for j in joined) + "</ul></section>")
    parts.append(
        f'<section class="tools"><h2>{esc(tr("home.files"))}</h2><p>{esc(tr("home.files_help"))}</p>'
        f'<input type="file" id="import-file" class="visually-hidden" accept=".json,application/json" data-act="import">'
        f'<label class="button ghost file-button" for="import-file">{esc(tr("home.import"))}</label>{keep[1]}</section>'
    )
    if aside:
        items = "".join(
            f'<li><code>{esc(isolated(a["key"]))}</code> <small data-detail="{esc(a["reason"])}">{esc(tr("saveerr." + a["code"]))}</small> '
            + button(esc(tr("home.download")), "aside-download", "ghost small", data_key=a["key"])
            + (button(esc(tr("home.delete_confirm")), "aside-delete", "small primary danger-fill", data_key=a["key"],
                      id="confirm-delete")
               if confirm == a["key"] else      # as for a game: the first tap asks
               button(esc(tr("home.delete")), "aside-delete", "ghost small danger", data_key=a["key"]))
            + "</li>" for a in aside)
        parts.append(f'<section class="aside"><h2>{esc(tr("home.aside"))}</h2><p>{esc(tr("home.aside_help"))}</p>'
                     f'<ul class="aside-list">{items}</ul></section>')
    parts.append(f'<footer class="foot"><p>{esc(tr("home.footer"))}</p></footer></main>')
    return "".join(parts)


def _joined(tr, j: dict, confirm: str | None) -> str:
    """A game joined as a guest, on home: its game, the seat, what it takes, and *Forget*."""
    try:
        name = registry.title(j["game"])
    except Exception:   # a game this version does not have
        name = j["game"]
    forget = (button(esc(tr("home.forget_confirm")), "guest-forget", "small primary danger-fill",
                     data_key=j["key"], id="confirm-delete")
              if confirm == j["key"] else
              button(esc(tr("home.forget")), "guest-forget", "ghost small danger", data_key=j["key"]))
    return (f'<li class="joined-game"><span>{esc(isolated(name))}</span> '
            f'<small>{esc(tr("home.joined_seat", n=j["seat"] + 1, kb=max(1, round(j["chars"] / 1000))))}</small> '
            f'{forget}</li>')


def recovery(tr, failure: str, keys: list) -> str:
    """The screen of a start that failed: what failed, every key of ours in the store
    (``[(key, size, can_set_aside)]``), "Download all", and "Set aside" for each."""
    items = "".join(
        f'<li><code>{esc(isolated(k))}</code> <small>{esc(tr("recovery.size", n=size))}</small> '
        + (button(esc(tr("recovery.aside")), "recovery-aside", "ghost small", data_key=k) if can else "")
        + "</li>" for k, size, can in keys)
    return (
        f'<main class="home recovery" id="main"><section class="notice notice-error" role="alert">'
        f'<h1>{esc(tr("recovery.title"))}</h1><p>{esc(tr("recovery.help"))}</p>'
        f'<p><code>{esc(isolated(failure))}</code></p>'
        f'<p>{button(esc(tr("recovery.download")), "recovery-download", "primary", id="recovery-download")} '
        f'{button(esc(tr("recovery.retry")), "recovery-retry", "ghost", id="recovery-retry")}</p></section>'
        f'<section class="aside"><h2>{esc(tr("recovery.keys"))}</h2>'
        f'<ul class="aside-list" id="recovery-keys">{items}</ul></section></main>'
    )


# -- new game ------------------------------------------------------------------------

def _radio_group(name: str, legend: str, choices: list, current, disabled: bool = False,
                 off: frozenset = frozenset(), help_text: str = "", described: str = "") -> str:
    """A row of radio buttons; ``disabled``: all of them, ``off``: those values only, said
    in ``help_text`` under the row, or by the element of id ``described``."""
    items = "".join(
        f'<label class="seg-item"><input type="radio" name="{esc(name)}" value="{esc(v)}" data-act="form"'
        f'{" checked" if v == current else ""}{" disabled" if disabled or v in off else ""}>'
        f'<span>{esc(label)}</span></label>'
        for v, label in choices
    )
    ids = " ".join(i for i in (f"{name}-help" if help_text else "", described) if i)
    helped = f' aria-describedby="{esc(ids)}"' if ids else ""
    return (f'<fieldset class="field seg{" disabled" if disabled else ""}"{helped}><legend>{esc(legend)}</legend>'
            f'<div class="seg-items">{items}</div>'
            + (f'<p class="help" id="{esc(name)}-help">{esc(help_text)}</p>' if help_text else "")
            + "</fieldset>")


def choices_off(screen, name: str, choices: tuple, options: dict, players: int) -> frozenset:
    """The choices of option ``name`` that cannot be played with ``players`` players (teams of
    two at an odd count): greyed on the form as the count is chosen, not refused at Start."""
    return frozenset(c for c in choices if screen.options_problem(dict(options, **{name: c}), players))


def new_game(tr, form: dict, levels: list, lang: str, lesson_offer: bool = False,
             devices: bool = True) -> str:
    """The new-game form; ``lesson_offer``: its first opening on this device, which offers
    the game's lesson first; ``devices``: this browser can play across devices, else "On
    their phone" is greyed on every seat, and why is said once above them."""
    gid = form["game"]
    screen = registry.screen(gid)
    info = screen.info
    level_names = {lv["id"]: lv.get("name_" + lang) or lv["name_en"] for lv in levels}
    colours = screen.seat_colours
    seats = []
    for i, s in enumerate(form["seats"]):
        colour = colours[i] if i < len(colours) else ""
        default = seat_name(tr, gid, i, {"kind": s["kind"], "level": s["level"]}, level_names)
        level_opts = "".join(
            f'<option value="{esc(lv["id"])}"{" selected" if lv["id"] == s["level"] else ""}>'
            f'{esc(level_names[lv["id"]])}</option>'
            for lv in levels)
        # the level's description under the list, whole at any width (an option is cut to the select's)
        chosen = s["level"] if any(lv["id"] == s["level"] for lv in levels) else (levels[0]["id"] if levels else "")
        level_help = tr("level." + chosen + ".help") if chosen else ""
        is_bot = s["kind"] == "bot"
        seats.append(
            f'<fieldset class="seat-box seat-{colour}"><legend><span class="chip chip-{colour}"></span>'
            f'{esc(screen.seat_legend(tr, i))}</legend>'
            + _radio_group(f"kind{i}", tr("new.who"), [("human", tr("new.human")), ("bot", tr("new.bot")),
                                                       ("device", tr("new.device"))]
                           + ([("remote", tr("new.remote"))] if linkable(gid) else []), s["kind"],
                           off=frozenset() if devices else frozenset({"device"}),
                           described="" if devices else "device-off")
            + (f'<p class="help">{esc(tr("new.remote_help"))}</p>' if s["kind"] == "remote" else "")
            + (f'<p class="help">{esc(tr("new.device_help"))}</p>' if s["kind"] == "device" else "")
            + (f'<label class="field"><span>{esc(tr("new.level"))}</span>'
               f'<select name="level{i}" id="level{i}" data-act="form" aria-describedby="level{i}-help">{level_opts}</select>'
               f'<small class="level-help" id="level{i}-help">{esc(level_help)}</small></label>' if is_bot else "")
            + f'<label class="field"><span>{esc(tr("new.name"))}</span>'
              f'<input type="text" name="name{i}" id="name{i}" data-act="form" maxlength="40" autocomplete="off" '
              f'value="{esc(s["name"])}" placeholder="{esc(default)}"></label>'
            + "</fieldset>"
        )
    opts = []
    count = ""
    if info.max_players > info.min_players:
        counts = [(str(n), str(n)) for n in range(info.min_players, info.max_players + 1)]
        count = _radio_group("players", tr("new.players"), counts, str(len(form["seats"])))
    for o in info.options:
        disabled = screen.option_disabled(o.name, form["options"])
        choices = [(str(c), tr(f"opt.{gid}.{o.name}.{c}")) for c in o.choices]
        off = choices_off(screen, o.name, o.choices, form["options"], len(form["seats"]))
        opts.append(_radio_group(f"opt-{o.name}", tr(f"opt.{gid}.{o.name}"), choices,
                                 str(form["options"][o.name]), disabled, frozenset(str(c) for c in off),
                                 tr("new.option_off", n=len(form["seats"])) if off else ""))
    return (
        f'<main class="newgame" id="main"><h1>{esc(tr("new.title"))} · {esc(registry.title(gid))}</h1>'
        + (f'<aside class="lesson-offer" id="lesson-offer"><p>{esc(tr("lesson.offer", game=registry.title(gid)))}</p>'
           f'<a class="button primary" href="#lesson/{gid}" id="lesson-offer-take">{esc(tr("lesson.offer_take"))}</a></aside>'
           if lesson_offer else "")
        + f'<form class="newgame-form" id="newgame-form" data-act="start" novalidate>'
        f'{count}'
        + ("" if devices else f'<p class="help device-off" id="device-off">{esc(tr("new.device_off"))}</p>')
        + f'<div class="seats">{"".join(seats)}</div>'
        f'<fieldset class="options-box"><legend>{esc(tr("new.options"))}</legend>{"".join(opts)}</fieldset>'
        f'<div class="form-actions"><button type="submit" class="primary big" id="start">{esc(tr("new.start"))}</button>'
        f'<a class="button ghost" href="#">{esc(tr("new.back"))}</a>'
        f'<a class="button ghost" href="#rules/{gid}">{esc(tr("home.rules"))}</a></div>'
        f'</form></main>'
    )


def _french(text: str, lang: str) -> str:
    """No-break spaces before French high punctuation, as in ui.kit.i18n."""
    if lang == "fr":
        for a, b in ((" !", "\u00a0!"), (" ?", "\u00a0?"), (" :", "\u00a0:"), (" ;", "\u00a0;")):
            text = text.replace(a, b)
    return text


# -- rules and about -------------------------------------------------------------------

def rules_page(tr, lang: str, gid: str, back_to_game: str | None) -> str:
    back = (f'<a class="button primary" href="#play/{esc(back_to_game)}">{esc(tr("rules.back_game"))}</a>'
            if back_to_game else "")
    new = (f'<a class="button" href="#new/{gid}">{esc(tr("home.new_game"))}</a>'
           if gid in registry.SCREENS and not back_to_game else "")
    keys = ""
    if gid in registry.SCREENS:
        new += lesson_link(tr, gid, cls="button")
        keys = readout.rules_section(tr)     # the keys that read the table, the same in every game
    return (
        f'<main class="rules-page" id="main"><article class="rules" lang="{lang}">{_french(registry.page_of(gid).rules_page(lang), lang)}{keys}</article>'
        f'<div class="form-actions">{back}{new}<a class="button ghost" href="#">{esc(tr("nav.home"))}</a></div></main>'
    )


def about_page(tr, lang: str) -> str:
    return f'<main class="rules-page" id="main"><article class="rules">{esc(tr("home.footer"))}</article></main>'


# -- replays and games by link ------------------------------------------------------------

def share_box(tr, url: str, result, label: str, help_text: str = "") -> str:
    """A link to send: the button that offers it (the system's share sheet, else the
    clipboard), what happened, and the link itself, to copy by hand."""
    said = f'<p class="share-result" id="share-result" role="status">{esc(tr("share." + result))}</p>' if result else ""
    return (
        '<div class="share-box">'
        + (f'<p>{esc(help_text)}</p>' if help_text else "")
        + button(esc(label), "share", "primary", id="share")
        + said
        + f'<label class="field share-url"><span>{esc(tr("link.url_label"))}</span>'
          f'<input type="text" id="share-url" readonly value="{esc(url)}" spellcheck="false"></label></div>'
    )


def link_box(tr, game_id: str, *, seat: int, friend: str, waiting: bool, url: str = "", result=None,
             over: bool = False) -> str:
    """A game by link: which side this device plays and, when it is the friend's turn
    (or the game just ended on our move), the link to send them."""
    side, other = tr(f"{game_id}.side{seat}"), tr(f"{game_id}.side{1 - seat}")
    lines = (f'<p class="you-play" data-seat="{seat}">'
             f'{esc(tr("link.you_play", side=side, other=other, friend=friend))}</p>')
    if waiting:
        lines += share_box(tr, url, result, tr("link.send"),
                           tr("link.send_end" if over else "link.send_help", friend=friend))
    else:
        lines += f'<p>{esc(tr("link.your_turn_help", friend=friend))}</p>'
    return f'<section class="link-box{" waiting" if waiting else ""}" id="link-box">{lines}</section>'


def replay_bar(tr, *, gid: str, step: int, total: int, said: str, names: list, hand_seat, url: str,
               share_result=None) -> tuple[str, str]:
    """A replayed game's frame: above it (and kept in sight), where we are, the last move in
    words (``said``: markup, the game's cards drawn in it) and the steps; below it, whose
    hand is shown (a card game), the link to share, and the way home."""
    where = tr("replay.step", n=step, total=total) if step else tr("replay.start")
    last_line = f'<p class="replay-last">{said}</p>' if said else ""
    steps = "".join(
        button(f'<span aria-hidden="true">{icon}</span> {esc(tr("replay." + key))}', "rp-step", "ghost",
                data_to=key, id=f"rp-{key}", disabled=disabled)
        for key, icon, disabled in (("first", "◀◀", step == 0), ("prev", "◀", step == 0),
                                    ("next", "▶", step == total), ("end", "▶▶", step == total)))
    top = (
        f'<section class="replay-bar" id="replay-bar" data-step="{step}" data-total="{total}" '
        f'aria-label="{esc(tr("replay.title"))}">'
        f'<h1>{esc(tr("replay.heading", game=registry.title(gid)))}</h1>'
        f'<div class="replay-now"><p class="replay-where" id="replay-where" aria-live="polite">{esc(where)}</p>'
        f'{last_line}</div>'
        f'<div class="replay-steps" role="group">{steps}</div></section>'
    )
    hands = ""
    if hand_seat is not None:
        hands = (f'<div class="replay-hands" role="group" aria-label="{esc(tr("replay.hand"))}">'
                 f'<span>{esc(tr("replay.hand"))}</span>'
                 + "".join(button(esc(n), "rp-seat", "small" if i == hand_seat else "small ghost",
                                   data_seat=i, id=f"rp-seat{i}", aria_pressed="true" if i == hand_seat else "false")
                           for i, n in enumerate(names))
                 + f'<small>{esc(tr("replay.hands_help"))}</small></div>')
    bottom = (
        f'<section class="replay-more" id="replay-more">{hands}'
        f'<p class="help">{esc(tr("replay.keys"))}</p>'
        f'<details class="replay-share"{" open" if share_result else ""}><summary>{esc(tr("replay.share"))}</summary>'
        + share_box(tr, url, share_result, tr("replay.share"))
        + f'</details><a class="button ghost" href="#" id="replay-home">{esc(tr("nav.home"))}</a></section>'
    )
    return top, bottom

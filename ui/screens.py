"""The screens as HTML strings (pure Python).

Each function takes ``tr`` (the translation function of :mod:`ui.i18n` for
the current language) and plain data, and returns markup.  Interactive
elements carry ``data-act`` (and ``data-*`` arguments) for the one delegated
event handler; navigation uses plain links to ``#...`` fragments.
"""

from __future__ import annotations

import re
import time

import game

from . import fendo_ui, fennecs_ui, renard_ui, rules
from .html import attrs, esc

# The five games, in the order of the home screen.
GAME_IDS = ("fendo", "renard_des_bois", "fennecs", "fowl_play", "onexeno")
PLAYABLE = ("fendo", "renard_des_bois", "fennecs")
# Games a friend may play from another device, by link: perfect information only (a link
# carries the whole game, so it would show a hidden hand to whoever opens it).
LINK_PLAY = ("fendo",)
SEAT_COLOURS = {"fendo": ("white", "orange")}


def game_title(game_id: str) -> str:
    return {
        "fendo": "Fendo",
        "renard_des_bois": "Le Renard des Bois",
        "fennecs": "Fennecs",
        "fowl_play": "Fowl Play",
        "onexeno": "Onexeno",
    }.get(game_id, game_id)


def seat_name(tr, game_id: str, seat: int, cfg: dict, level_names: dict) -> str:
    """A seat's name: the one typed, else "White"/"Orange" or "Bot (Standard)"."""
    if cfg.get("name"):
        return cfg["name"]
    if cfg.get("kind") == "bot":
        return tr("seat.bot_name", level=level_names.get(cfg.get("level"), cfg.get("level") or ""))
    return tr(f"{game_id}.seat{seat}")


def _button(label: str, act: str | None = None, cls: str = "", **kw) -> str:
    return f'<button type="button"{attrs(class_=cls or None, data_act=act, **kw)}>{label}</button>'


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
        '<header class="top"><a class="brand" href="#" aria-label="Renardière – '
        f'{esc(tr("nav.home"))}">{LOGO}<span>Renardière</span></a>'
        f'<nav class="top-nav"><a href="#"{attrs(aria_current="page" if screen == "home" else None)}>{esc(tr("nav.home"))}</a>'
        f'<div class="langs" role="group" aria-label="{esc(tr("lang.label"))}">{langs}</div></nav></header>'
    )


def notice(tr, n) -> str:
    """A banner: ``(key, params, kind)``, closed by its Close button; or
    ``(key, params, kind, (act, label_key))``, with the button that deals with it
    (no Close: it stays while it holds); ``(..., None)``: no button at all."""
    key, params, kind = n[:3]
    if len(n) == 3:
        button = _button(esc(tr("notice.close")), "dismiss", "small ghost")
    else:
        button = _button(esc(tr(n[3][1])), n[3][0], "small primary") if n[3] else ""
    return (f'<div class="notice notice-{kind}" role="{"alert" if kind == "error" else "status"}">'
            f'<p>{esc(tr(key, **params))}</p>{button}</div>')


# -- home ------------------------------------------------------------------------------

GAME_ICONS = {
    "fendo": ('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#e2bd85"/>'
              + "".join(f'<rect x="{8 + 10 * (i % 5)}" y="{8 + 10 * (i // 5)}" width="8" height="8" rx="1.5" fill="#f1dcb2"/>'
                        for i in range(25))
              + '<rect x="16.5" y="6" width="3" height="32" rx="1.5" fill="#1d1a17"/>'
              '<rect x="6" y="37.5" width="32" height="3" rx="1.5" fill="#1d1a17"/>'
              '<circle cx="22" cy="52" r="3.6" fill="#fff" stroke="#8d826f"/><circle cx="42" cy="22" r="3.6" fill="#f08a24" stroke="#a4500f"/></svg>'),
    "renard_des_bois": ('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#2f5d50"/>'
                        '<rect x="14" y="12" width="24" height="36" rx="4" fill="#fbf3e4" transform="rotate(-10 26 30)"/>'
                        '<rect x="26" y="14" width="24" height="36" rx="4" fill="#fbf3e4" stroke="#2f5d50" transform="rotate(8 38 32)"/>'
                        '<path d="M32 24 L36 30 L42 30 L46 24 L45 34 C43 39 41 41 39 41 C37 41 35 39 33 34 Z" fill="#e07a1f"/></svg>'),
    "fennecs": ('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#e8c27a"/>'
                '<path d="M32 14 L36 26 L49 26 L39 34 L43 47 L32 39 L21 47 L25 34 L15 26 L28 26 Z" fill="#fff7d6" stroke="#b67d2b" stroke-width="2"/></svg>'),
    "fowl_play": ('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#8fb569"/>'
                  '<path d="M32 12 L48 21 L48 39 L32 48 L16 39 L16 21 Z" fill="#d9ecc2" stroke="#5d7f3c" stroke-width="2"/>'
                  '<circle cx="32" cy="30" r="7" fill="#fff"/><path d="M38 30 L43 31 L38 33 Z" fill="#e0a01f"/></svg>'),
    "onexeno": ('<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="4" y="4" width="56" height="56" rx="8" fill="#4c5d8a"/>'
                + "".join(f'<rect x="{14 + 12 * (i % 3)}" y="{14 + 12 * (i // 3)}" width="11" height="11" fill="{c}"/>'
                          for i, c in enumerate(["#1f2740", "#e9ecf5", "#1f2740", "#e9ecf5", "#e9ecf5", "#1f2740", "#e9ecf5", "#1f2740", "#1f2740"]))
                + '<text x="32" y="35.5" font-size="9" text-anchor="middle" fill="#1f2740" font-weight="700">5</text></svg>'),
}


def _game_card(tr, gid: str) -> str:
    playable = gid in PLAYABLE
    title = esc(game_title(gid))
    badge = "" if playable else f'<span class="badge-soon">{esc(tr("home.soon"))}</span>'
    actions = (
        f'<a class="button primary" href="#new/{gid}" id="new-{gid}">{esc(tr("home.new_game"))}</a>'
        if playable else ""
    ) + f'<a class="button ghost" href="#rules/{gid}">{esc(tr("home.rules"))}</a>'
    return (
        f'<li class="game-card{"" if playable else " soon"}" data-game="{gid}">'
        f'<div class="game-icon">{GAME_ICONS[gid]}</div>'
        f'<div class="game-text"><h3>{title}{badge}</h3>'
        f'<p class="by">{esc(tr("game." + gid + ".by"))} · {esc(tr("game." + gid + ".players"))}</p>'
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
        return stamp
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
        f'<strong>{esc(game_title(gid))}</strong> <span class="names">{names}</span>'
        f'<small>{esc(status)} · {esc(_when(tr, save["updated"], tz_offset))}</small></div>'
        f'<div class="saved-actions">'
        f'<a class="button{" primary" if not state.over else ""}" href="#play/{sid}">'
        f'{esc(tr("home.resume" if not state.over else "home.view"))}</a>'
        + (_button(esc(tr("home.replay")), "replay", "ghost small", data_id=save["id"]) if state.over else "")
        + _button(esc(tr("home.export")), "export", "ghost small", data_id=save["id"])
        + (_button(esc(tr("home.delete_confirm")), "delete", "small primary danger-fill", data_id=save["id"],
                   id="confirm-delete")
           if confirm == save["id"] else
           _button(esc(tr("home.delete")), "delete", "ghost small danger", data_id=save["id"],
                   aria_label=tr("home.delete_label", game=game_title(gid))))
        + "</div></li>"
    )


def _problem(tr, p: dict) -> str:
    """A save that did not open: where it is kept, or why it was left alone."""
    head = (f'<li><strong>{esc(p["label"]) or "<code>" + esc(p["key"]) + "</code>"}</strong> (<code>{esc(p["key"])}</code>): '
            f'<span data-detail="{esc(p["reason"])}">{esc(tr("saveerr." + p.get("code", "details")))}</span>. ')
    if p.get("newer"):
        return head + f'{esc(tr("home.problem_newer"))}</li>'
    if p["aside"] is None:   # the device is full: it stays under its own key
        return (head + f'{esc(tr("home.problem_full"))} '
                + _button(esc(tr("home.download")), "aside-download", "ghost small", data_key=p["key"]) + "</li>")
    return head + f'{tr("home.problem_aside", key="<code>" + esc(p["aside"]) + "</code>")}</li>'


def home(tr, lang: str, games: list, problems: list, aside: list, level_names: dict, tz_offset: int = 0,
         confirm: str | None = None) -> str:
    parts = ['<main class="home" id="main">',
             f'<section class="hero"><h1>Renardière</h1><p>{esc(tr("home.tagline"))}</p></section>']
    if problems:
        items = "".join(_problem(tr, p) for p in problems)
        parts.append(f'<section class="notice notice-error" role="alert"><p>{esc(tr("home.problems"))}</p>'
                     f'<ul>{items}</ul>{_button(esc(tr("notice.close")), "dismiss", "small ghost")}</section>')
    ongoing = [(s, st) for s, st in games if not st.over]
    finished = [(s, st) for s, st in games if st.over][:5]
    if ongoing:
        parts.append(f'<section class="continue"><h2>{esc(tr("home.continue"))}</h2><ul class="saved-list">'
                     + "".join(_saved_game(tr, s, st, level_names, tz_offset, confirm) for s, st in ongoing) + "</ul></section>")
    parts.append(f'<section class="games"><h2>{esc(tr("home.games"))}</h2><ul class="game-grid">'
                 + "".join(_game_card(tr, g) for g in GAME_IDS) + "</ul></section>")
    if finished:
        parts.append(f'<section class="finished"><h2>{esc(tr("home.finished"))}</h2><ul class="saved-list">'
                     + "".join(_saved_game(tr, s, st, level_names, tz_offset, confirm) for s, st in finished) + "</ul></section>")
    parts.append(
        f'<section class="tools"><h2>{esc(tr("home.files"))}</h2><p>{esc(tr("home.files_help"))}</p>'
        f'<input type="file" id="import-file" class="visually-hidden" accept=".json,application/json" data-act="import">'
        f'<label class="button ghost file-button" for="import-file">{esc(tr("home.import"))}</label></section>'
    )
    if aside:
        items = "".join(
            f'<li><code>{esc(a["key"])}</code> <small data-detail="{esc(a["reason"])}">{esc(tr("saveerr." + a["code"]))}</small> '
            + _button(esc(tr("home.download")), "aside-download", "ghost small", data_key=a["key"])
            + (_button(esc(tr("home.delete_confirm")), "aside-delete", "small primary danger-fill", data_key=a["key"],
                       id="confirm-delete")
               if confirm == a["key"] else      # as for a game: the first tap asks
               _button(esc(tr("home.delete")), "aside-delete", "ghost small danger", data_key=a["key"]))
            + "</li>" for a in aside)
        parts.append(f'<section class="aside"><h2>{esc(tr("home.aside"))}</h2><p>{esc(tr("home.aside_help"))}</p>'
                     f'<ul class="aside-list">{items}</ul></section>')
    parts.append(f'<footer class="foot"><p>{esc(tr("home.footer"))}</p></footer></main>')
    return "".join(parts)


def recovery(tr, failure: str, keys: list) -> str:
    """The screen of a start that failed: what failed, every key of ours in the store
    (``[(key, size, can_set_aside)]``), "Download all", and "Set aside" for each."""
    items = "".join(
        f'<li><code>{esc(k)}</code> <small>{esc(tr("recovery.size", n=size))}</small> '
        + (_button(esc(tr("recovery.aside")), "recovery-aside", "ghost small", data_key=k) if can else "")
        + "</li>" for k, size, can in keys)
    return (
        f'<main class="home recovery" id="main"><section class="notice notice-error" role="alert">'
        f'<h1>{esc(tr("recovery.title"))}</h1><p>{esc(tr("recovery.help"))}</p>'
        f'<p><code>{esc(failure)}</code></p>'
        f'<p>{_button(esc(tr("recovery.download")), "recovery-download", "primary", id="recovery-download")} '
        f'{_button(esc(tr("recovery.retry")), "recovery-retry", "ghost", id="recovery-retry")}</p></section>'
        f'<section class="aside"><h2>{esc(tr("recovery.keys"))}</h2>'
        f'<ul class="aside-list" id="recovery-keys">{items}</ul></section></main>'
    )


# -- new game ------------------------------------------------------------------------

def _radio_group(name: str, legend: str, choices: list, current, disabled: bool = False) -> str:
    items = "".join(
        f'<label class="seg-item"><input type="radio" name="{esc(name)}" value="{esc(v)}" data-act="form"'
        f'{" checked" if v == current else ""}{" disabled" if disabled else ""}>'
        f'<span>{esc(label)}</span></label>'
        for v, label in choices
    )
    return (f'<fieldset class="field seg{" disabled" if disabled else ""}"><legend>{esc(legend)}</legend>'
            f'<div class="seg-items">{items}</div></fieldset>')


def new_game(tr, form: dict, levels: list, lang: str) -> str:
    gid = form["game"]
    info = game.GAMES[gid]
    level_names = {lv["id"]: lv.get("name_" + lang) or lv["name_en"] for lv in levels}
    colours = SEAT_COLOURS.get(gid, ())
    seats = []
    for i, s in enumerate(form["seats"]):
        colour = colours[i] if i < len(colours) else ""
        default = seat_name(tr, gid, i, {"kind": s["kind"], "level": s["level"]}, level_names)
        level_opts = "".join(
            f'<option value="{esc(lv["id"])}"{" selected" if lv["id"] == s["level"] else ""}>'
            f'{esc(level_names[lv["id"]])} – {esc(tr("level." + lv["id"] + ".help"))}</option>'
            for lv in levels)
        is_bot = s["kind"] == "bot"
        seats.append(
            f'<fieldset class="seat-box seat-{colour}"><legend><span class="chip chip-{colour}"></span>'
            f'{esc(tr(f"{gid}.seat{i}"))}{" · " + esc(tr("new.first")) if i == 0 and gid == "fendo" else ""}</legend>'
            + _radio_group(f"kind{i}", tr("new.who"), [("human", tr("new.human")), ("bot", tr("new.bot"))]
                           + ([("remote", tr("new.remote"))] if gid in LINK_PLAY else []), s["kind"])
            + (f'<p class="help">{esc(tr("new.remote_help"))}</p>' if s["kind"] == "remote" else "")
            + (f'<label class="field"><span>{esc(tr("new.level"))}</span>'
               f'<select name="level{i}" id="level{i}" data-act="form">{level_opts}</select></label>' if is_bot else "")
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
        disabled = gid == "fendo" and o.name == "stronger" and form["options"].get("handicap") == 7
        choices = [(str(c), tr(f"opt.{gid}.{o.name}.{c}")) for c in o.choices]
        opts.append(_radio_group(f"opt-{o.name}", tr(f"opt.{gid}.{o.name}"), choices,
                                 str(form["options"][o.name]), disabled))
    return (
        f'<main class="newgame" id="main"><h1>{esc(tr("new.title"))} · {esc(game_title(gid))}</h1>'
        f'<form class="newgame-form" id="newgame-form" data-act="start" novalidate>'
        f'{count}<div class="seats">{"".join(seats)}</div>'
        f'<fieldset class="options-box"><legend>{esc(tr("new.options"))}</legend>{"".join(opts)}</fieldset>'
        f'<div class="form-actions"><button type="submit" class="primary big" id="start">{esc(tr("new.start"))}</button>'
        f'<a class="button ghost" href="#">{esc(tr("new.back"))}</a>'
        f'<a class="button ghost" href="#rules/{gid}">{esc(tr("home.rules"))}</a></div>'
        f'</form></main>'
    )


# -- rules and about -------------------------------------------------------------------

def rules_page(tr, lang: str, gid: str, back_to_game: str | None) -> str:
    back = (f'<a class="button primary" href="#play/{esc(back_to_game)}">{esc(tr("rules.back_game"))}</a>'
            if back_to_game else "")
    new = f'<a class="button" href="#new/{gid}">{esc(tr("home.new_game"))}</a>' if gid in PLAYABLE and not back_to_game else ""
    return (
        f'<main class="rules-page" id="main"><article class="rules" lang="{lang}">{rules.page(gid, lang)}</article>'
        f'<div class="form-actions">{back}{new}<a class="button ghost" href="#">{esc(tr("nav.home"))}</a></div></main>'
    )


def about_page(tr, lang: str) -> str:
    return f'<main class="rules-page" id="main"><article class="rules">{esc(tr("home.footer"))}</article></main>'


# -- play: Fendo ------------------------------------------------------------------------

def _moves_list(tr, view: dict, names: list) -> str:
    hist = view["history"]
    rows = []
    i = 0
    turn = 1
    while i < len(hist):
        seat, a = hist[i]
        cells = ["", ""]
        if seat == 0 and i + 1 < len(hist) and hist[i + 1][0] == 1:
            cells = [hist[i][1], hist[i + 1][1]]
            idx = [i, i + 1]
            i += 2
        else:
            cells[seat if seat in (0, 1) else 0] = a
            idx = [i, i] if seat == 0 else [None, i]
            i += 1
        last = len(hist) - 1
        tds = "".join(
            f'<td class="mv mv-{c}{" mv-last" if idx[k] == last and cells[k] else ""}">{esc(cells[k])}</td>'
            for k, c in enumerate(("white", "orange")))
        rows.append(f"<tr><th scope=\"row\">{turn}.</th>{tds}</tr>")
        turn += 1
    head = (f'<thead><tr><th></th><th scope="col"><span class="chip chip-white"></span>{esc(names[0])}</th>'
            f'<th scope="col"><span class="chip chip-orange"></span>{esc(names[1])}</th></tr></thead>')
    body = "".join(rows) or f'<tr><td colspan="3" class="empty">{esc(tr("play.no_moves"))}</td></tr>'
    return (f'<details class="moves" open><summary>{esc(tr("play.moves", n=len(hist)))}</summary>'
            f'<div class="moves-scroll" id="moves-scroll"><table class="movelist">{head}<tbody>{body}</tbody></table></div></details>')


def _seat_kind(tr, cfg: dict, level_names: dict) -> str:
    """"Human" or "Bot (Standard)": who plays a seat, under its name."""
    if cfg["kind"] == "human":
        return tr("seat.human")
    if cfg["kind"] == "remote":
        return tr("seat.remote")
    return tr("seat.bot_kind", level=level_names.get(cfg.get("level"), ""))


def _turn_tag(tr, seat: int, thinking, to_move: bool, winner: bool) -> str:
    """The tag on a seat's card: thinking (a bot), to play, or the winner."""
    if thinking == seat:
        return f'<span class="turn thinking">{esc(tr("play.thinking"))}</span>'
    if to_move:
        return f'<span class="turn">{esc(tr("play.to_play"))}</span>'
    if winner:
        return f'<span class="turn won">{esc(tr("play.winner_tag"))}</span>'
    return ""


def _player_card(tr, view, seat, name, cfg, level_names, acting, thinking, opts, sel) -> str:
    colour = ("white", "orange")[seat]
    score = view["scores"][seat]
    target = view["target"]
    reserve = view["reserve"][seat]
    to_move = seat in view["to_move"]
    winner = view["over"] and seat in view["winners"]
    colour_name = tr(f"fendo.seat{seat}")
    kind = _seat_kind(tr, cfg, level_names)
    if name != colour_name:
        kind = f"{colour_name} · {kind}"
    state = _turn_tag(tr, seat, thinking, to_move, winner)
    pct = min(100, round(100 * score / target)) if target else 0
    dots = "".join(f'<span class="rdot rdot-{colour}"></span>' for _ in range(reserve))
    tray_label = tr("play.reserve", n=reserve)
    if acting == seat:
        pressed = "true" if sel.get("mode") == "enter" else "false"
        can = reserve > 0 and bool(opts["entries"])
        tray = (f'<button type="button" class="tray tray-btn" id="reserve" data-act="reserve" aria-pressed="{pressed}"'
                f'{"" if can else " disabled"}><span class="tray-dots">{dots}</span>'
                f'<span class="tray-label">{esc(tr("play.new_pawn"))} ({reserve})</span></button>')
    else:
        tray = f'<div class="tray" aria-label="{esc(tray_label)}"><span class="tray-dots">{dots}</span><span class="tray-label">{esc(tray_label)}</span></div>'
    return (
        f'<section class="player player-{colour}{" to-move" if to_move else ""}{" winner" if winner else ""}"'
        f' data-seat="{seat}" aria-label="{esc(name)}">'
        f'<div class="player-head"><span class="chip chip-{colour} big"></span>'
        f'<div class="pname"><strong>{esc(name)}</strong><small>{esc(kind)}</small></div>{state}</div>'
        f'<div class="pscore"><span class="score" data-score="{score}">{score}</span>'
        f'<span class="target">/ {target} {esc(tr("play.cells"))}</span></div>'
        f'<div class="bar" aria-hidden="true"><span style="width:{pct}%"></span></div>'
        f'{tray}</section>'
    )


_ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
_FLIP = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _status_and_controls(tr, view, acting, opts, sel, names, msg, thinking, bot_error, flip) -> tuple[str, str]:
    """(status text, control buttons) for the player to act."""
    controls = []
    lines = []
    last = view.get("last")
    if last and not view["over"]:
        who = names[last[0]]
        lines.append(("last", tr("play.last_pass" if last[1] == "pass" else "play.last", name=who, action=last[1])))
    if view["over"]:
        lines.append(("main", fendo_ui.result_line(tr, view, names)))
        controls.append(_button(esc(tr("end.show")), "show-end", "primary", id="show-end"))
    elif bot_error:
        lines.append(("error", tr("play.bot_error", error=bot_error)))
        controls.append(_button(esc(tr("play.retry")), "retry", "primary", id="retry"))
    elif thinking is not None:
        lines.append(("main", tr("play.bot_thinking", name=names[thinking])))
    elif acting is None:
        seat = view["to_move"][0] if view["to_move"] else None
        if seat is not None:
            lines.append(("main", tr("play.waiting", name=names[seat])))
    else:
        name = names[acting]
        mode = sel.get("mode")
        if opts["pass_only"]:
            lines.append(("main", tr("play.must_pass", name=name)))
            controls.append(_button(esc(tr("play.pass")), "pass", "primary", id="pass"))
        elif mode == "pawn":
            lines.append(("main", tr("play.choose_dest", cell=sel["pawn"])))
            if sel["pawn"] in opts["moves"].get(sel["pawn"], {}):
                controls.append(_button(esc(tr("play.stay", cell=sel["pawn"])), "cell", "", data_cell=sel["pawn"], id="stay"))
        elif mode == "dest":
            lines.append(("main", tr("play.choose_wall", cell=sel["dest"])))
            for side in opts["moves"].get(sel["pawn"], {}).get(sel["dest"], []):
                shown = _FLIP[side] if flip else side
                controls.append(_button(
                    f'<span aria-hidden="true">{_ARROWS[shown]}</span> {esc(tr("side." + side))}',
                    "wall", "wall-btn", data_side=side, id=f"wall-{side}"))
        elif mode == "enter":
            lines.append(("main", tr("play.choose_entry")))
        else:
            if view["reserve"][acting] and opts["entries"]:
                lines.append(("main", tr("play.your_turn", name=name)))
            else:
                lines.append(("main", tr("play.your_turn_no_reserve", name=name)))
        if mode:
            controls.append(_button(esc(tr("play.cancel")), "cancel", "ghost", id="cancel"))
    if msg:
        lines.append(("error", msg))
    status = "".join(f'<p class="st st-{k}">{esc(t)}</p>' for k, t in lines)
    return status, "".join(controls)


def _end_dialog(tr, view, names, extra: str = "") -> str:
    counts = fendo_ui.area_counts(view)
    rows = []
    for seat in range(view["players"]):
        colour = ("white", "orange")[seat]
        sizes = counts[seat]
        detail = " + ".join(str(x) for x in sizes) if len(sizes) > 1 else ""
        star = (f' <span class="star" title="{esc(tr("play.winner_tag"))}">★</span>'
                if seat in view["winners"] and len(view["winners"]) == 1 else "")
        small = f'<small class="detail">{esc(tr("end.areas", detail=detail))}</small>' if detail else ""
        rows.append(
            f'<tr class="count-row{" winner" if seat in view["winners"] else ""}" data-seat="{seat}">'
            f'<th scope="row"><span class="chip chip-{colour}"></span>{esc(names[seat])}{star}{small}</th>'
            f'<td class="total" data-score="{view["scores"][seat]}">{view["scores"][seat]}</td></tr>'
        )
    reason = view.get("end_reason") or "no_open_area"
    total = view["size"] * view["size"]
    w = view["winners"]
    title = tr("end.title_win", name=names[w[0]]) if len(w) == 1 else tr("end.title_draw")
    return (
        f'<div class="end-backdrop"><div class="end-dialog" role="dialog" aria-modal="false" aria-labelledby="end-title" id="end-dialog">'
        f'<h2 id="end-title">{esc(title)}</h2>'
        f'<p class="end-reason" data-reason="{esc(reason)}">{esc(tr("end.reason." + reason, target=view["target"], total=total))}</p>'
        f'<table class="count"><caption>{esc(tr("end.count", total=total))}</caption><tbody>{"".join(rows)}</tbody></table>'
        f'{extra}'
        f'<div class="end-actions">{_button(esc(tr("end.again")), "again", "primary", id="again")}'
        f'{_button(esc(tr("end.replay")), "replay", "", id="replay")}'
        f'<a class="button" href="#" id="end-home">{esc(tr("nav.home"))}</a>'
        f'{_button(esc(tr("end.look")), "hide-end", "ghost", id="hide-end")}</div></div></div>'
    )


def play_fendo(tr, *, view, sel, opts, acting, flip, kbd, names, seats, msg, thinking, bot_error,
               bot_ms=None,
               can_undo, undo_reason, end_hidden, save_id, level_names, link=None, replay=False,
               zoomed=False) -> str:
    """Fendo's table.  ``link``: a game by link (see :func:`link_box`); ``replay``: a step of a
    replay (no controls, no tools, no end dialog: the replay bar has its own).  ``zoomed``:
    the 9x9 and 11x11 boards drawn with cells of 44 px or more, in a strip that scrolls
    sideways, for a phone (the button shows on narrow screens only, see app.css)."""
    label = tr("board.label", size=view["size"])
    cur = sel.get("cursor")
    if kbd and cur:
        if cur in view["pawns"]:
            label += " " + tr("board.cursor_pawn", cell=cur, name=names[view["pawns"][cur]])
        else:
            label += " " + tr("board.cursor_empty", cell=cur)
    board = fendo_ui.render_board(view, sel, opts, acting, flip=flip, show_cursor=kbd, label=label)
    status, controls = _status_and_controls(tr, view, acting, opts, sel, names, msg, thinking, bot_error, flip)
    if replay:
        controls = ""
    order = (1, 0) if flip else (0, 1)
    cards = "".join(_player_card(tr, view, s, names[s], seats[s], level_names, acting, thinking, opts, sel) for s in order)
    undo = _button(esc(tr("play.undo")), "undo", "ghost", id="undo",
                   title=None if can_undo else tr(undo_reason or "undo.nothing"),
                   disabled=not can_undo)
    tools = (
        f'<div class="tools-row">{undo}'
        f'<a class="button ghost" href="#rules/fendo" id="rules-link">{esc(tr("home.rules"))}</a>'
        + _button(esc(tr("home.export")), "export", "ghost", data_id=save_id, id="export")
        + f'<a class="button ghost" href="#" id="home-link">{esc(tr("nav.home"))}</a></div>'
    )
    box = link_box(tr, **link) if link else ""
    end = _end_dialog(tr, view, names, box) if view["over"] and not end_hidden else ""
    if end:
        box = ""                 # the end of a game by link: its link is in the end dialog
    if replay:
        tools, end = "", ""
    state = attrs(data_over="1" if view["over"] else None,
                  data_thinking="1" if thinking is not None else None, data_bot_ms=bot_ms)
    zoom = ""
    if view["size"] > 7:
        zoom = (f'<div class="zoom-row">'
                + _button(esc(tr("board.zoom_out" if zoomed else "board.zoom_in")), "zoom", "ghost small",
                          id="zoom", aria_pressed="true" if zoomed else "false")
                + "</div>")
    return (
        f'<main class="play play-fendo size-{view["size"]}{" zoomed" if zoomed and zoom else ""}" id="main" data-ply="{view["ply"]}"{state}>'
        f'<div class="players">{cards}</div>{zoom}<div class="play-board" data-act="cancel-bg">{board}</div>'
        f'<aside class="play-side"><div class="status" id="status">{status}</div>'
        f'<div class="controls" id="controls">{controls}</div>{box}'
        f'{tools}{_moves_list(tr, view, names)}</aside>{end}</main>'
    )


# -- play: Le Renard des Bois ---------------------------------------------------------

def pass_device(tr, name: str, seat: int) -> str:
    """Hot-seat: nothing of the game, only who takes the device next."""
    return (
        f'<main class="play play-renard pass-screen" id="main" data-pass="{seat}">'
        f'<section class="pass-box"><h1>{esc(tr("renard.pass_title", name=name))}</h1>'
        f'<p>{esc(tr("renard.pass_help", name=name))}</p>'
        + _button(esc(tr("renard.pass_ready", name=name)), "reveal", "primary big", data_seat=seat, id="reveal")
        + '<a class="button ghost" href="#" id="home-link">' + esc(tr("nav.home")) + "</a></section></main>"
    )


def _rplayer(tr, view, seat, name, cfg, level_names, thinking, body, me) -> str:
    to_move = seat in view["to_move"]
    winner = view["over"] and seat in view["winners"]
    kind = _seat_kind(tr, cfg, level_names)
    state = _turn_tag(tr, seat, thinking, to_move, winner)
    tricks = view["tricks"][seat]
    total = view["totals"][seat]
    return (
        f'<section class="rplayer{" me" if me else " opp"}{" to-move" if to_move else ""}{" winner" if winner else ""}"'
        f' data-seat="{seat}" aria-label="{esc(name)}">'
        f'<div class="player-head"><div class="pname"><strong>{esc(name)}</strong><small>{esc(kind)}</small></div>{state}'
        f'<div class="rcount"><span class="tricks" data-tricks="{tricks}">{esc(tr("renard.tricks", n=tricks))}</span>'
        f'<span class="total" data-total="{total}">{esc(tr("renard.total", n=total, target=view["target"]))}</span></div></div>'
        f'{body}</section>'
    )


def _table_card(tr, card: str, caption: str, cls: str = "") -> str:
    return (f'<figure class="tcard {cls}" data-card="{card}"><div class="tcard-face" role="img" '
            f'aria-label="{esc(renard_ui.card_label(tr, card))}">{renard_ui.card_svg(card, tr)}</div>'
            f'<figcaption>{esc(caption)}</figcaption></figure>')


def _round_table(tr, r: dict, names: list, totals=None) -> str:
    head = "".join(f'<th scope="col">{esc(n)}</th>' for n in names)
    rows = [
        (tr("renard.row.tricks"), [str(t) for t in r["tricks"]]),
        (tr("renard.row.band"), [f'{tr("renard.band." + b)} ({p})' for b, p in zip(r["band"], r["band_points"])]),
        (tr("renard.row.treasure"), [str(t) for t in r["treasure"]]),
        (tr("renard.row.points"), [str(p) for p in r["points"]]),
    ]
    if totals is not None:
        rows.append((tr("renard.row.total"), [str(t) for t in totals]))
    body = "".join(f'<tr><th scope="row">{esc(label)}</th>' + "".join(f"<td>{esc(c)}</td>" for c in cells) + "</tr>"
                   for label, cells in rows)
    bands = "".join(
        f'<li class="band band-{b}">{esc(tr("renard.band_of", name=names[i], band=tr("renard.band." + b), n=r["tricks"][i]))}</li>'
        for i, b in enumerate(r["band"]))
    return (f'<table class="count round-table"><thead><tr><th></th>{head}</tr></thead><tbody>{body}</tbody></table>'
            f'<ul class="bands">{bands}</ul>')


def _renard_end(tr, view, names) -> str:
    w = view["winners"]
    title = tr("end.title_win", name=names[w[0]]) if len(w) == 1 else tr("end.title_draw")
    head = "".join(f'<th scope="col">{esc(n)}</th>' for n in names)
    rows = "".join(f'<tr><th scope="row">{esc(tr("renard.round_n", n=r["round"]))}</th>'
                   + "".join(f"<td>{p}</td>" for p in r["points"]) + "</tr>" for r in view["rounds"])
    totals = "".join(f'<td class="total" data-score="{t}">{t}</td>' for t in view["totals"])
    last = view["last_round"]
    return (
        f'<div class="end-backdrop"><div class="end-dialog" role="dialog" aria-modal="false" aria-labelledby="end-title" id="end-dialog">'
        f'<h2 id="end-title">{esc(title)}</h2>'
        f'<p class="end-reason">{esc(tr("renard.end_reason", target=view["target"]))}</p>'
        f'<table class="count"><thead><tr><th></th>{head}</tr></thead><tbody>{rows}'
        f'<tr class="count-row"><th scope="row">{esc(tr("renard.row.total"))}</th>{totals}</tr></tbody></table>'
        + (f'<details><summary>{esc(tr("renard.last_round"))}</summary>{_round_table(tr, last, names)}</details>' if last else "")
        + f'<div class="end-actions">{_button(esc(tr("end.again")), "again", "primary", id="again")}'
        f'{_button(esc(tr("end.replay")), "replay", "", id="replay")}'
        f'<a class="button" href="#" id="end-home">{esc(tr("nav.home"))}</a>'
        f'{_button(esc(tr("end.look")), "hide-end", "ghost", id="hide-end")}</div></div></div>'
    )


def _round_dialog(tr, view, names) -> str:
    r = view["last_round"]
    return (
        f'<div class="end-backdrop"><div class="end-dialog round-dialog" role="dialog" aria-modal="false" '
        f'aria-labelledby="round-title" id="round-dialog" data-round="{r["round"]}">'
        f'<h2 id="round-title">{esc(tr("renard.round_over", n=r["round"]))}</h2>'
        f'{_round_table(tr, r, names, view["totals"])}'
        f'<p class="end-reason">{esc(tr("renard.target_line", target=view["target"]))}</p>'
        f'<div class="end-actions">{_button(esc(tr("renard.next_round")), "round-ok", "primary", id="round-ok")}</div>'
        f'</div></div>'
    )



def _not_your_turn(tr, view, names, acting, thinking, bot_error, lines, controls) -> bool:
    """The status of a card table when no human acts now (a bot failed, thinks, or another
    seat is to move): adds its lines and controls and says True, else False."""
    if bot_error:
        lines.append(("error", tr("play.bot_error", error=bot_error)))
        controls.append(_button(esc(tr("play.retry")), "retry", "primary", id="retry"))
    elif thinking is not None:
        lines.append(("main", tr("play.bot_thinking", name=names[thinking])))
    elif acting is None:
        if view["to_move"]:
            lines.append(("main", tr("play.waiting", name=names[view["to_move"][0]])))
    else:
        return False
    return True


def _card_tools(tr, game_id: str, can_undo: bool, undo_reason, save_id: str) -> str:
    """Undo, rules, export and home, under a card table.

    A refused undo stays a button, greyed and ``aria-disabled`` (not ``disabled``), so that
    a tap still arrives: the app then says why in the status line (``App.act_undo``).
    Its title gives the reason too, for a mouse's hover."""
    undo = _button(esc(tr("play.undo")), "undo", "ghost" if can_undo else "ghost is-disabled", id="undo",
                   title=None if can_undo else tr(undo_reason or "undo.nothing"),
                   aria_disabled=None if can_undo else "true")
    return (
        f'<div class="tools-row">{undo}'
        f'<a class="button ghost" href="#rules/{game_id}" id="rules-link">{esc(tr("home.rules"))}</a>'
        + _button(esc(tr("home.export")), "export", "ghost", data_id=save_id, id="export")
        + f'<a class="button ghost" href="#" id="home-link">{esc(tr("nav.home"))}</a></div>'
    )

def play_renard(tr, *, view, opts, acting, names, seats, msg, thinking, bot_error, bot_ms=None,
                can_undo, undo_reason, end_hidden, save_id, level_names, show_round=False, replay=False) -> str:
    me = view["seat"] if view.get("seat") is not None else 0
    other = 1 - me
    hand = view["hand"]
    mode = renard_ui.mode(view, acting) if acting is not None else None
    usable = renard_ui.marked(opts, mode) if acting is not None else set()
    if hand is not None:
        my_cards = renard_ui.render_hand(tr, hand, usable, acting == me, view.get("drawn"))
    else:
        my_cards = renard_ui.render_backs(tr, view["hand_counts"][me])
    opp = _rplayer(tr, view, other, names[other], seats[other], level_names, thinking,
                   renard_ui.render_backs(tr, view["hand_counts"][other]), False)
    mine = _rplayer(tr, view, me, names[me], seats[me], level_names, thinking, my_cards, True)
    # the table: decree and deck, the trick (or the last one, until the next card)
    trump = tr("renard.suit." + view["trump"])
    fired = renard_ui.ability_events(view)      # a Fox or a Woodcutter in the trick on the table
    swapped = any(e["event"] == "swap" for e in fired)
    decree = (f'<div class="decree{" changed" if swapped else ""}" id="decree">'
              + _table_card(tr, view["decree"], tr("renard.decree"), "decree-card")
              + f'<p class="trump" data-trump="{view["trump"]}">{esc(tr("renard.trump", suit=trump))}</p>'
              f'<p class="deck">{esc(tr("renard.deck", n=view["deck_count"]))}</p></div>')
    trick = view["trick"]["cards"]
    last = view["last_trick"]
    if trick:
        shown = "".join(_table_card(tr, c, names[s], "played") for s, c in trick)
        cls = "trick"
    elif last and not view["over"] and last["round"] == view["round"] or (last and view["over"]):
        shown = "".join(_table_card(tr, c, names[s], "played won" if s == last["winner"] else "played")
                        for s, c in last["cards"])
        cls = "trick last"
    else:
        shown, cls = "", "trick empty"
    trick_html = (f'<div class="{cls}" id="trick" data-n="{len(trick)}"><p class="trick-no">'
                  f'{esc(tr("renard.trick_no", n=view["trick_number"], round=view["round"]))}</p>'
                  f'<div class="trick-cards">{shown}</div></div>')
    # status and controls
    lines, controls = [], []
    for e in fired:
        lines.append(("ability", renard_ui.ability_text(tr, e, names, view.get("seat"))))
    shown_cards = trick or (last["cards"] if last and cls == "trick last" else [])
    if shown_cards and renard_ui.split(shown_cards[0][1])[0] == 11:
        lines.append(("ability", tr("renard.monarch_led", name=names[shown_cards[0][0]],
                                    suit=tr("renard.suit." + renard_ui.split(shown_cards[0][1])[1]))))
    if last and (not trick or view["over"]):
        lines.append(("last", renard_ui.trick_line(tr, last, names)))
    if view["over"]:
        lines.append(("main", renard_ui.result_line(tr, view, names)))
        controls.append(_button(esc(tr("end.show")), "show-end", "primary", id="show-end"))
    elif _not_your_turn(tr, view, names, acting, thinking, bot_error, lines, controls):
        pass
    elif mode == "fox":
        lines.append(("main", tr("renard.fox_help", name=names[acting])))
        controls.append(_button(esc(tr("renard.keep")), "keep", "primary", id="keep"))
    elif mode == "woodcutter":
        lines.append(("main", tr("renard.wood_help", name=names[acting], card=view.get("drawn") or "")))
    elif trick and renard_ui.split(trick[0][1])[0] == 11 and view["trick"]["led"] in {renard_ui.split(c)[1] for c in hand}:
        lines.append(("main", tr("renard.monarch_help", name=names[acting],
                                 suit=tr("renard.suit." + view["trick"]["led"]))))
    elif trick:
        lines.append(("main", tr("renard.follow_help", name=names[acting],
                                 suit=tr("renard.suit." + view["trick"]["led"]))))
    else:
        lines.append(("main", tr("renard.lead_help", name=names[acting])))
    if msg:
        lines.append(("error", msg))
    status = "".join(f'<p class="st st-{k}">{esc(t)}</p>' for k, t in lines)
    tools = _card_tools(tr, "renard_des_bois", can_undo, undo_reason, save_id)
    if view["over"]:
        dialog = "" if end_hidden else _renard_end(tr, view, names)
    else:
        dialog = _round_dialog(tr, view, names) if show_round and view["last_round"] else ""
    if replay:
        tools, dialog, controls = "", "", []
    state = attrs(data_over="1" if view["over"] else None, data_mode=mode,
                  data_thinking="1" if thinking is not None else None, data_bot_ms=bot_ms)
    return (
        f'<main class="play play-renard" id="main" data-ply="{view["ply"]}" data-seat="{me}"{state}>'
        f'{opp}<section class="rtable">{decree}{trick_html}</section>'
        f'<div class="status" id="status">{status}</div>'
        f'<div class="controls" id="controls">{controls and "".join(controls) or ""}</div>'
        f'{mine}{tools}{dialog}</main>'
    )


# -- play: Fennecs --------------------------------------------------------------------

def _stars_text(tr, stars: int, owed: int) -> str:
    return tr("fennecs.stars_owed", n=stars, owed=owed) if owed else tr("fennecs.stars", n=stars)


def _fplayer(tr, view, seat, name, cfg, level_names, thinking, me) -> str:
    to_move = seat in view["to_move"]
    winner = view["over"] and seat in view["winners"]
    kind = _seat_kind(tr, cfg, level_names)
    tags = []
    if thinking == seat:
        tags.append(f'<span class="ftag thinking">{esc(tr("play.thinking"))}</span>')
    elif to_move:
        tags.append(f'<span class="ftag turn-tag">{esc(tr("play.to_play"))}</span>')
    if winner:
        tags.append(f'<span class="ftag won">{esc(tr("play.winner_tag"))}</span>')
    if view["finished"][seat] and not view["over"]:
        tags.append(f'<span class="ftag done">{esc(tr("fennecs.finished"))}</span>')
    stars, owed = view["stars"][seat], view["owed"][seat]
    return (
        f'<li class="fplayer{" me" if me else ""}{" to-move" if to_move else ""}{" finished" if view["finished"][seat] else ""}'
        f'{" winner" if winner else ""}" data-seat="{seat}" data-stars="{stars}" data-owed="{owed}">'
        f'<span class="pname"><strong>{esc(name)}</strong><small>{esc(kind)}</small></span>'
        f'<span class="fstars">★ {esc(_stars_text(tr, stars, owed))}</span>'
        f'<span class="fcount">{esc(tr("fennecs.in_hand", n=view["hand_counts"][seat]))}</span>'
        f'{"".join(tags)}</li>'
    )


def _fcolumn(tr, view, col, lit: bool, takeable: bool, clickable: bool, chosen: bool) -> str:
    name = col["name"]
    if col["collected"]:
        return (f'<div class="fcol collected" data-col="{name}"><div class="fcol-head"><strong>{name}</strong></div>'
                f'<p class="fcol-gone">{esc(tr("fennecs.collected"))}</p></div>')
    cards = []
    for c in col["cards"]:
        if c["down"]:
            label = tr("fennecs.face_down_yours", card=c["card"]) if "card" in c else tr("fennecs.face_down")
            cards.append(f'<span class="fc down{" mine" if "card" in c else ""}" role="img" aria-label="{esc(label)}"'
                         f' data-card="{esc(c.get("card", "?"))}">{fennecs_ui.back_svg(tr, c["stars"], c.get("card"))}</span>')
        else:
            cards.append(f'<span class="fc" role="img" aria-label="{esc(fennecs_ui.card_label(tr, c["card"]))}" '
                         f'data-card="{esc(c["card"])}">{fennecs_ui.card_svg(tr, c["card"])}</span>')
    room = col["room"]
    room_text = tr("fennecs.full") if room == 0 else tr("fennecs.room", n=room)
    take = _button(esc(tr("fennecs.collect")), "ftake", "small ftake", data_col=name, id=f"take-{name}") if takeable else ""
    stack_cls = "fstack" + (" lit" if lit else "") + (" chosen" if chosen else "")
    stack = "".join(cards)
    if clickable:
        stack = (f'<button type="button" class="{stack_cls}" data-act="fcol" data-col="{name}" id="col-{name}" '
                 f'aria-label="{esc(tr("fennecs.column", name=name))}">{stack}</button>')
    else:
        stack = f'<div class="{stack_cls}" id="col-{name}">{stack}</div>'
    return (f'<div class="fcol{" lit" if lit else ""}" data-col="{name}" data-room="{room}" data-n="{len(col["cards"])}">'
            f'<div class="fcol-head"><strong>{name}</strong><small class="room">{esc(room_text)}</small></div>'
            f'{stack}{take}</div>')


def _signed(n: int) -> str:
    return ("+" if n > 0 else "") + str(n).replace("-", "−")


def _mini_cards(tr, cards: list, values=None, flags=None, count: bool = False) -> str:
    """Small faces of ``cards``; ``flags`` marks those that were face down (revealed now);
    with ``count``, each shows the value it counts for and the sum follows: the column's
    value computed before the player's eyes."""
    c = fennecs_ui.counted(cards, values)
    flags = list(flags or []) + [False] * len(cards)
    out = []
    for card, term, down in zip(cards, c["terms"], flags):
        label = fennecs_ui.card_label(tr, card)
        tag = ""
        if down:
            label += " · " + tr("fennecs.was_down_long")
            tag = f'<small class="was-down">{esc(tr("fennecs.was_down"))}</small>'
        value = ""
        if count:
            flipped = c["flip"] and term > 0 and card.startswith("-")     # a 0→+ turned it
            shown = _signed(term) if flipped else str(term).replace("-", "−")
            label += " · " + tr("fennecs.counts", value=shown)
            value = (f'<small class="as{" flip" if flipped else ""}{" wild" if card == "1/5" else ""}">'
                     f'{esc(shown)}</small>')
        elif card == "1/5" and values:
            value = f'<small class="as wild">= {term}</small>'
        out.append(f'<span class="mini{" revealed" if down else ""}" role="img" aria-label="{esc(label)}">'
                   f'{tag}{fennecs_ui.card_svg(tr, card)}{value}</span>')
    markup = f'<div class="minis">{"".join(out)}</div>'
    if count:
        note = ""
        if c["flip"] and any(x.startswith("-") for x in cards):
            note = f'<small class="flip-note">{esc(tr("fennecs.flip_note"))}</small>'
        markup += (f'<p class="fsum" data-total="{c["total"]}">'
                   f'{esc(tr("fennecs.sum", formula=fennecs_ui.formula(c["terms"])))}{note}</p>')
    return markup


def _fcollection(tr, view, c: dict, names: list) -> str:
    """One collection: who, what it was worth and did, the cards revealed and the sum."""
    flags = fennecs_ui.face_down_flags(view, c["round"], c["column"], len(c["cards"]))
    count = not c["supernova"] and not c["full"]
    return (f'<p>{esc(fennecs_ui.collection_line(tr, c, names))}</p>'
            + _mini_cards(tr, c["cards"], c["values"], flags, count))


def _fstars_table(tr, view, names, rounds=()) -> str:
    """Each player's stars, owed stars and total; above them, ``rounds``: (round, gains) rows."""
    head = "".join(f'<th scope="col">{esc(n)}</th>' for n in names)
    body = "".join(
        f'<tr class="round-row" data-round="{r}"><th scope="row">{esc(tr("fennecs.row.round", n=r))}</th>'
        + "".join(f'<td data-gain="{g}">{esc(_signed(g))}</td>' for g in gains) + "</tr>"
        for r, gains in rounds)
    for key, vals in (("fennecs.row.stars", view["stars"]), ("fennecs.row.owed", view["owed"])):
        body += (f'<tr class="{key[12:]}-row"><th scope="row">{esc(tr(key))}</th>'
                 + "".join(f"<td>{v}</td>" for v in vals) + "</tr>")
    totals = "".join(f'<td class="total{" best" if view["over"] and i in view["winners"] else ""}" '
                     f'data-score="{s + o}">{s + o}</td>'
                     for i, (s, o) in enumerate(zip(view["stars"], view["owed"])))
    return (f'<div class="count-wrap"><table class="count ftotals"><thead><tr><th></th>{head}</tr></thead><tbody>'
            f'{body}<tr class="count-row"><th scope="row">{esc(tr("fennecs.row.total"))}</th>{totals}</tr>'
            f'</tbody></table></div>')


def _fround_dialog(tr, view, names, rnd) -> str:
    """The summary of round ``rnd``; when it was the last, its button leads to the end screen."""
    r = fennecs_ui.round_summary(view, rnd)
    items = "".join(f'<li>{_fcollection(tr, view, c, names)}</li>' for c in r["collections"])
    end = r["end"] or {}
    reason = tr("fennecs.round_reason." + end.get("reason", "all_collected"))
    if end.get("returned"):
        reason += " " + tr("fennecs.round_returned", n=end["returned"])
    revealed = "".join(f'<li>{esc(tr("fennecs.column", name=col))}{_mini_cards(tr, cards)}</li>'
                       for col, cards in (end.get("revealed") or {}).items())
    start = game.fennecs.START_STARS[len(names)]
    gains = [(n, g) for n, _, g in fennecs_ui.round_totals(view, start) if n == rnd]
    last = view["over"] and rnd == fennecs_ui.rounds_done(view)
    button = tr("fennecs.see_result") if last else tr("renard.next_round")
    return (
        f'<div class="end-backdrop"><div class="end-dialog round-dialog" role="dialog" aria-modal="false" '
        f'aria-labelledby="round-title" id="round-dialog" data-round="{rnd}"{" data-last=1" if last else ""}>'
        f'<h2 id="round-title">{esc(tr("fennecs.round_over", n=rnd))}</h2>'
        f'<p class="end-reason">{esc(reason)}</p>'
        + (f'<ul class="fcolls">{items}</ul>' if items else "")
        + (f'<details><summary>{esc(tr("fennecs.left_on_table"))}</summary><ul class="fcolls">{revealed}</ul></details>' if revealed else "")
        + _fstars_table(tr, view, names, gains)
        + f'<p class="end-reason">{esc(tr("fennecs.target_line", target=view["threshold"]))}</p>'
        f'<div class="end-actions">{_button(esc(button), "round-ok", "primary", id="round-ok")}</div>'
        f'</div></div>'
    )


def _fennecs_end(tr, view, names) -> str:
    """The end screen: the winner(s), why the game ended, and the score round by round."""
    w = view["winners"]
    title = tr("end.title_win", name=names[w[0]]) if len(w) == 1 else tr("fennecs.shared_win", names=", ".join(names[i] for i in w))
    start = game.fennecs.START_STARS[len(names)]
    rounds = [(n, g) for n, _, g in fennecs_ui.round_totals(view, start)]
    reason = view["end_reason"] or "threshold"
    return (
        f'<div class="end-backdrop"><div class="end-dialog" role="dialog" aria-modal="false" aria-labelledby="end-title" id="end-dialog">'
        f'<h2 id="end-title">{esc(title)}</h2>'
        f'<p class="end-reason" data-reason="{esc(reason)}">{esc(tr("fennecs.end." + reason, target=view["threshold"]))}</p>'
        f'<p class="fstart">{esc(tr("fennecs.start_line", n=start))}</p>'
        + _fstars_table(tr, view, names, rounds)
        + f'<div class="end-actions">{_button(esc(tr("end.again")), "again", "primary", id="again")}'
        f'{_button(esc(tr("end.replay")), "replay", "", id="replay")}'
        f'<a class="button" href="#" id="end-home">{esc(tr("nav.home"))}</a>'
        f'{_button(esc(tr("end.look")), "hide-end", "ghost", id="hide-end")}</div></div></div>'
    )

def play_fennecs(tr, *, view, opts, acting, names, seats, msg, thinking, bot_error, bot_ms=None,
                 can_undo, undo_reason, end_hidden, save_id, level_names, show_round=False, sel=None,
                 round_shown=0, replay=False) -> str:
    sel = sel or fennecs_ui.EMPTY_SEL
    me = view["seat"]
    hand = view["hand"]
    pending = view["pending"]
    choosing = pending is not None and acting is not None and pending["seat"] == acting
    card = sel.get("card") if acting is not None and not choosing else None
    column = sel.get("column") if card else None
    playable = {k for k, _ in opts["up"] | opts["down"]}
    lit = fennecs_ui.columns_for(opts, card) if card else set()
    # players and the Reserve
    players = "".join(_fplayer(tr, view, i, names[i], seats[i], level_names, thinking, i == me)
                      for i in range(len(names)))
    reserve = (f'<p class="reserve" id="reserve" data-reserve="{view["reserve"]}">'
               f'{esc(tr("fennecs.reserve", n=view["reserve"]))} · {esc(tr("fennecs.round_no", n=view["round"]))}'
               f' · {esc(tr("fennecs.goal", target=view["threshold"]))}</p>')
    # the columns
    cols = "".join(
        _fcolumn(tr, view, c, c["name"] in lit, acting is not None and not choosing and c["name"] in opts["take"],
                 card is not None and not c["collected"], c["name"] == column)
        for c in view["columns"])
    table = f'<section class="ftable" id="table" data-keys="1" style="--cols:{len(view["columns"])}">{cols}</section>'
    # the collections of this round: the last one counted out, the earlier ones folded
    last = view["last_collection"]
    last_html = ""
    if last and (last["round"] == view["round"] or view["over"]) and not choosing:
        earlier = fennecs_ui.round_summary(view, last["round"])["collections"][:-1]
        folded = ""
        if earlier:
            folded = (f'<details class="fearlier"><summary>{esc(tr("fennecs.earlier", n=len(earlier)))}</summary>'
                      + "".join(f'<p>{esc(fennecs_ui.collection_line(tr, c, names))}</p>' for c in reversed(earlier))
                      + "</details>")
        last_html = (f'<section class="flast" id="last-collection" data-value="{last["value"]}" '
                     f'data-column="{last["column"]}">{_fcollection(tr, view, last, names)}{folded}</section>')
    # the 1/5 choice
    choice_html = ""
    if choosing:
        chosen = sel.get("choice") if sel.get("choice") in pending["choices"] else fennecs_ui.best_choice(pending)
        items = []
        for ch, val in zip(pending["choices"], pending["values"]):
            g = fennecs_ui.gain(val)
            result = tr("fennecs.gain_win", n=g) if g > 0 else (tr("fennecs.gain_lose", n=-g) if g < 0 else tr("fennecs.gain_zero"))
            text = tr("fennecs.choice", values=ch[3:].replace(",", ", "), value=val) + " · " + result
            items.append(_button(esc(text), "fchoice", "fopt" + (" chosen" if ch == chosen else ""),
                                 data_choice=ch, aria_pressed="true" if ch == chosen else "false"))
        flags = fennecs_ui.face_down_flags(view, view["round"], pending["column"], len(pending["cards"]))
        help_text = tr("fennecs.choose_help", col=pending["column"])
        if pending["stars_taken"]:
            help_text += " " + tr("fennecs.you_took", n=pending["stars_taken"])
        choice_html = (
            f'<section class="fchoice" id="choice"><p>{esc(help_text)}</p>'
            f'{_mini_cards(tr, pending["cards"], [int(v) for v in chosen[3:].split(",")], flags, True)}'
            f'<div class="fopts" role="group" aria-label="{esc(tr("fennecs.choose_legend"))}">{"".join(items)}</div>'
            + _button(esc(tr("fennecs.confirm")), "fconfirm", "primary", data_choice=chosen, id="confirm")
            + "</section>")
    # status and controls
    lines, controls = [], []
    if view["over"]:
        w = view["winners"]
        lines.append(("main", tr("fennecs.over_line", names=", ".join(names[i] for i in w))))
        if not (show_round and fennecs_ui.rounds_done(view)):    # no round summary on screen
            controls.append(_button(esc(tr("end.show")), "show-end", "primary", id="show-end"))
    elif _not_your_turn(tr, view, names, acting, thinking, bot_error, lines, controls):
        pass
    elif choosing:
        lines.append(("main", tr("fennecs.choose_title", name=names[acting])))
    elif column:
        lines.append(("main", tr("fennecs.updown_help", card=fennecs_ui._shown(card), col=column)))
        up_ok = (card, column) in opts["up"]
        down_ok = (card, column) in opts["down"]
        up_why = "" if up_ok else (tr("err.fennecs.supernova_face_up") if card == "*" else "")
        down_why = "" if down_ok else tr("fennecs.no_star_short")
        controls.append(_button(esc(tr("fennecs.face_up")), "fplay", "primary" + ("" if up_ok else " is-disabled"),
                                data_down="0", id="face-up", aria_disabled=None if up_ok else "true",
                                title=up_why or None))
        controls.append(_button(esc(tr("fennecs.face_down_btn")), "fplay", ("" if down_ok else "is-disabled"),
                                data_down="1", id="face-down", aria_disabled=None if down_ok else "true",
                                title=down_why or None))
        controls.append(_button(esc(tr("fennecs.cancel")), "cancel", "ghost", id="cancel"))
        for why in (up_why, down_why):
            if why:
                lines.append(("hint", why))
    elif card:
        lines.append(("main", tr("fennecs.column_help", card=fennecs_ui._shown(card))))
        controls.append(_button(esc(tr("fennecs.cancel")), "cancel", "ghost", id="cancel"))
    else:
        lines.append(("main", tr("fennecs.turn_help", name=names[acting])))
    if msg:
        lines.append(("error", msg))
    status = "".join(f'<p class="st st-{k}">{esc(t)}</p>' for k, t in lines)
    # my hand
    mine = ""
    if hand is not None and me is not None:
        interactive = acting == me and not choosing
        mine = (f'<section class="fmine" aria-label="{esc(names[me])}">'
                + fennecs_ui.render_hand(tr, hand, playable if interactive else set(), interactive, card)
                + "</section>")
    tools = _card_tools(tr, "fennecs", can_undo, undo_reason, save_id)
    done = fennecs_ui.rounds_done(view)
    if show_round and done:          # each round's summary (the last one too), then the end screen
        dialog = _fround_dialog(tr, view, names, min(done, round_shown + 1))
    elif view["over"]:
        dialog = "" if end_hidden else _fennecs_end(tr, view, names)
    else:
        dialog = ""
    if replay:
        tools, dialog, controls = "", "", []
    state = attrs(data_over="1" if view["over"] else None, data_mode=sel.get("mode") if acting is not None else None,
                  data_thinking="1" if thinking is not None else None, data_bot_ms=bot_ms)
    return (
        f'<main class="play play-fennecs" id="main" data-ply="{view["ply"]}" data-seat="{"" if me is None else me}"{state}>'
        f'<ul class="fplayers" id="players">{players}</ul>{reserve}{table}{last_html}{choice_html}'
        f'<div class="status" id="status">{status}</div>'
        f'<div class="controls" id="controls">{"".join(controls)}</div>'
        f'{mine}{tools}{dialog}</main>'
    )


# -- replays and games by link ------------------------------------------------------------

def share_box(tr, url: str, result, button: str, help_text: str = "") -> str:
    """A link to send: the button that offers it (the system's share sheet, else the
    clipboard), what happened, and the link itself, to copy by hand."""
    said = f'<p class="share-result" id="share-result" role="status">{esc(tr("share." + result))}</p>' if result else ""
    return (
        f'<div class="share-box">'
        + (f'<p>{esc(help_text)}</p>' if help_text else "")
        + _button(esc(button), "share", "primary", id="share")
        + said
        + f'<label class="field share-url"><span>{esc(tr("link.url_label"))}</span>'
          f'<input type="text" id="share-url" readonly value="{esc(url)}" spellcheck="false"></label></div>'
    )


def link_box(tr, *, seat: int, friend: str, waiting: bool, url: str = "", result=None, over: bool = False) -> str:
    """A game by link: which colour this device plays and, when it is the friend's turn
    (or the game just ended on our move), the link to send them."""
    lines = f'<p class="you-play" data-seat="{seat}">{esc(tr(f"link.you_play.{seat}", friend=friend))}</p>'
    if waiting:
        lines += share_box(tr, url, result, tr("link.send"),
                           tr("link.send_end" if over else "link.send_help", friend=friend))
    else:
        lines += f'<p>{esc(tr("link.your_turn_help", friend=friend))}</p>'
    return f'<section class="link-box{" waiting" if waiting else ""}" id="link-box">{lines}</section>'


def replay_bar(tr, *, gid: str, step: int, total: int, last, names: list, hand_seat, url: str,
               share_result=None) -> tuple[str, str]:
    """A replayed game's frame: above it (and kept in sight), where we are and the steps;
    below it, whose hand is shown (a card game), the link to share, and the way home."""
    where = tr("replay.step", n=step, total=total) if step else tr("replay.start")
    last_line = (f'<p class="replay-last">{esc(tr("replay.last", name=names[last[0]], action=last[1]))}</p>'
                 if last else "")
    steps = "".join(
        _button(f'<span aria-hidden="true">{icon}</span> {esc(tr("replay." + key))}', "rp-step", "ghost",
                data_to=key, id=f"rp-{key}", disabled=disabled)
        for key, icon, disabled in (("first", "◀◀", step == 0), ("prev", "◀", step == 0),
                                    ("next", "▶", step == total), ("end", "▶▶", step == total)))
    top = (
        f'<section class="replay-bar" id="replay-bar" data-step="{step}" data-total="{total}" '
        f'aria-label="{esc(tr("replay.title"))}">'
        f'<h1>{esc(tr("replay.heading", game=game_title(gid)))}</h1>'
        f'<div class="replay-now"><p class="replay-where" id="replay-where" aria-live="polite">{esc(where)}</p>'
        f'{last_line}</div>'
        f'<div class="replay-steps" role="group">{steps}</div></section>'
    )
    hands = ""
    if hand_seat is not None:
        hands = (f'<div class="replay-hands" role="group" aria-label="{esc(tr("replay.hand"))}">'
                 f'<span>{esc(tr("replay.hand"))}</span>'
                 + "".join(_button(esc(n), "rp-seat", "small" if i == hand_seat else "small ghost",
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

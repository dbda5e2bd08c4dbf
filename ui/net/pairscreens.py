"""The markup of play across devices (pure Python): the host's bar of the seats on other
devices and its invitation, the guest's pairing screen and its banner.

The ids are the tests' and the styles' (assets/app.css): ``#devices``, ``#invite``,
``#join-link``, ``#answer-form``, ``#guest``, ``#answer-link``, ``#guest-state``.
"""

from __future__ import annotations

from ui.kit.html import attrs, button, esc, isolated


def stun_box(tr, current: str) -> str:
    """The setting for play across networks: a STUN server, off by default, saying that this
    device then contacts it.  Each device has its own (both need one across networks)."""
    return (f'<details class="stun" id="stun-box"{" open" if current else ""}>'
            f'<summary>{esc(tr("stun.title"))}</summary><p class="help">{esc(tr("stun.help"))}</p>'
            f'<form class="answer-form" data-act="stun"><label class="field"><span>{esc(tr("stun.label"))}</span>'
            f'<input type="text" name="stun" id="stun" value="{esc(current)}" placeholder="stun:stun.example.org:3478" '
            f'autocomplete="off" spellcheck="false" inputmode="url"></label>'
            f'<button type="submit" id="stun-save">{esc(tr("stun.save"))}</button></form>'
            f'<p class="help" id="stun-state">{esc(tr("stun.on", url=current) if current else tr("stun.off"))}</p>'
            f'</details>')


def devices_panel(tr, names, seats, away, showing, url, qr_svg: str, error, stun: str = "",
                  rejoin: bool = False, able: bool = True, quiet=(), live: str | None = None,
                  hidden: bool = False, pairing=None) -> str:
    """The host's bar: each seat on another device, here, quiet (connected, but nothing heard
    for a few seconds: its heartbeat) or away (then an Invite button); under it, the
    invitation on show: its QR code, its link, and where its answer goes.
    ``able``: this browser can play across devices; else no Invite, and why (``#devices-off``).
    ``live``: the id of the ``<video>`` the camera films in, beside the code, for the answer.
    ``hidden``: the code names this device by mDNS names alone: what to do if the guest cannot connect.
    ``pairing``: an away seat's pairing, ``seat -> (state, i18n key)`` (Devices.pairing)."""
    items = []
    for seat in seats:
        here = seat not in away
        state = "quiet" if here and seat in quiet else "here" if here else "away"
        fine, key = (pairing or {}).get(seat, (state, "devices." + state))
        items.append(
            f'<li{attrs(class_="device " + state, data_seat=seat, data_state=fine)}>'
            f'<span class="device-name">{esc(names[seat])}</span>{"" if state == "quiet" else " "}'
            f'<span class="device-state">{esc(tr(key))}</span>'
            + ("" if here or not able else button(esc(tr("devices.invite")), "invite", "small", data_seat=seat,
                                                  id=f"invite-{seat}"))
            + "</li>")
    out = f'<section class="devices" id="devices" aria-label="{esc(tr("devices.title"))}"><ul>{"".join(items)}</ul>'
    if not able:
        return out + f'<p class="help" id="devices-off">{esc(tr("devices.no_webrtc"))}</p></section>'
    if showing is not None:
        out += _invitation(tr, names[showing], url, qr_svg, error, stun, rejoin, live, hidden)
    return out + "</section>"


def _invitation(tr, name: str, url, qr_svg: str, error, stun: str, rejoin: bool, live=None,
                hidden: bool = False) -> str:
    """``rejoin``: the seat's guest joined before, and its device proves it (its token): a
    person on another device needs "another device" (a new token)."""
    if url is None:
        body = f'<p class="help">{esc(error or tr("devices.making"))}</p>'
    else:
        body = (
            f'<div class="qr">{qr_svg}</div>'
            + (f'<div class="invite-cam"><video id="{esc(live)}" playsinline muted aria-hidden="true"></video>'
               f'<p class="help" id="invite-cam-help">{esc(tr("devices.cam_live", name=name))}</p></div>'
               if live else "")
            + f'<p class="help">{esc(tr("devices.scan_this", name=name))}</p>'
            + (f'<p class="help" id="hidden-address">{esc(tr("devices.hidden_address", name=name))}</p>'
               if hidden else "")
            + f'<p class="pair-link"><a id="join-link" href="{esc(url)}" target="_blank" rel="noopener">'
            f'{esc(tr("devices.join_link"))}</a></p>'
            f'<form class="answer-form" id="answer-form" data-act="pair">'
            f'<label class="field"><span>{esc(tr("devices.answer"))}</span>'
            f'<input type="text" name="answer" id="answer" autocomplete="off" spellcheck="false" '
            f'inputmode="url"></label>'
            f'<button type="submit" class="primary" id="pair">{esc(tr("devices.pair"))}</button></form>'
            + button(esc(tr("devices.scan")), "scan", "", id="scan")
            + (f'<p class="help">{esc(tr("devices.rejoin", name=name))} '
               + button(esc(tr("devices.new_device")), "new-device", "small ghost", id="new-device") + "</p>"
               if rejoin else "")
            + (f'<p class="st-error" role="alert">{esc(error)}</p>' if error else ""))
    return (f'<div class="invite" id="invite" role="dialog" aria-modal="false" aria-labelledby="invite-title">'
            f'<h2 id="invite-title">{esc(tr("devices.invite_title", name=name))}</h2>{body}{stun_box(tr, stun)}'
            f'{button(esc(tr("notice.close")), "invite-close", "ghost", id="invite-close")}</div>')


def guest_pairing(tr, guest, qr_svg: str, stun: str = "") -> str:
    """The guest's screen until the host's first frame: its answer to show the host."""
    state = guest.state
    if state in ("bad", "denied", "lost", "away"):
        body = (f'<p class="st-error" id="guest-state" data-state="{state}" data-why="{esc(guest.why)}">'
                f'{esc(_why(tr, guest))}</p><a class="button" href="#">{esc(tr("nav.home"))}</a>')
    elif guest.answer is None:
        body = f'<p id="guest-state" data-state="{state}">{esc(tr("guest.answering"))}</p>'
    elif state == "open":       # the channel is up: the host's table is on its way
        body = f'<p id="guest-state" data-state="open" role="status">{esc(tr("guest.connected"))}</p>' + _log(tr, guest)
    else:
        url = guest.answer_url()
        body = (f'<p id="guest-state" data-state="{state}">{esc(tr("guest.show_host"))}</p>'
                f'<div class="qr">{qr_svg}</div>'
                f'<p class="pair-link"><a id="answer-link" href="{esc(url)}">{esc(tr("guest.answer_link"))}</a></p>'
                f'<p class="help">{esc(tr("guest.answer_help"))}</p>'
                + stun_box(tr, stun) + _log(tr, guest))
    return (f'<main class="guest" id="main"><h1>{esc(tr("guest.title"))}</h1>'
            f'<div class="guest-pair" id="guest">{body}</div></main>')


def guest_banner(tr, guest) -> str:
    """Above a guest's table while its channel is not open (the host is away), or while the host
    sends nothing (quiet: its heartbeat stopped; the channel may come back)."""
    state = "quiet" if guest.state == "open" else guest.state
    text = tr("guest.host_quiet") if state == "quiet" else _why(tr, guest)
    return (f'<div class="notice error" id="guest-state" data-state="{state}" data-why="{esc(guest.why or "")}" '
            f'role="status"><p>{esc(text)}</p></div>')


def _why(tr, guest) -> str:
    """What went wrong, in words: a lost channel says how it was lost, and what to do."""
    if guest.state == "away":
        return tr("guest.host_away") + (" " + tr(guest.why) if guest.why else "")
    return tr(guest.why)


def _log(tr, guest) -> str:
    """A guest that paired before keeps its seat's log: the game can be read meanwhile."""
    seat = guest.seat
    if seat is None or not seat.log:
        return ""
    items = "".join(f"<li>{esc(isolated(words))}</li>" for _, words in reversed(seat.log[-60:]))
    return (f'<section class="log-box" aria-label="{esc(tr("guest.kept_log"))}">'
            f'<h2>{esc(tr("guest.kept_log"))}</h2><ol reversed class="log-list" tabindex="0">{items}</ol></section>')


def handed(tr, text: str) -> str:
    """A guest's answer link opened on the host's device: handed to the tab with the game
    (``text`` None: the link is broken, and handed to none)."""
    return (f'<main class="guest" id="main"><h1>{esc(tr("guest.title"))}</h1>'
            f'<p id="handed">{esc(tr("guest.handed" if text else "guest.bad_answer"))}</p>'
            f'<a class="button" href="#">{esc(tr("nav.home"))}</a></main>')

"""Files in and out: export, import, "Download all", and the recovery screen (pure Python).

Whatever a file holds goes through the guarded reader (:mod:`ui.store.reader`, :mod:`ui.store.saves`):
the player is told, and nothing stored is changed but by a new game.  The recovery screen
is what a start that failed shows: what failed, every stored key, *Download all*, *Set
this one aside*.
"""

from __future__ import annotations

import json

import bots

from ui.kit import i18n
from ui.store import reader, saves
from ui.parts import pages
from ui.store.session import Session


class Files:
    def __init__(self, host):
        self.host = host
        self.failure = ""           # what made the start fail (the recovery screen says it)
        self._export_asked = None   # the save whose export asked first (hidden hands)

    # -- export --------------------------------------------------------------------------

    def act_export(self, data) -> None:
        """Downloads a save.  An unfinished game with hidden hands asks first: the file holds
        the seed, so whoever reads it can work out every hand (docs/PLAYING.md says why it stays)."""
        host = self.host
        found = host.saved(data.get("id"))
        if found is None:
            return
        save, state = found
        if state.info.hidden and not state.over and data.get("anyway") != save["id"]:
            self._export_asked = save["id"]
            host.tell(("export.hidden", {}, "error", ("export-anyway", "export.anyway")))
            host.changed()
            return
        host.download(saves.export_filename(save), saves.export_text(save))

    def act_export_anyway(self, data) -> None:
        sid, self._export_asked = self._export_asked, None
        if sid:
            self.host.tell(None)
            self.act_export({"id": sid, "anyway": sid})
            self.host.changed()

    def act_aside_download(self, data) -> None:
        store, key = self.host.store, data.get("key", "")
        if key.startswith(saves.SAVE_PREFIX) and store.get(key) is not None:
            # an unreadable save that could not be moved aside (a full device): as it is
            self.host.download(key[len(saves.SAVE_PREFIX):] + ".json", store.get(key))
            return
        for item in saves.list_aside(store):
            if item["key"] == data.get("key"):
                self.host.download(item["key"] + ".json", item["text"])

    # -- import --------------------------------------------------------------------------

    def import_text(self, text: str, filename: str = "") -> None:
        """The text of a file the user picked to import: one game, or the file of "Download
        all" (each game in it).  Read through the guarded reader: whatever the file holds,
        the player is told, and nothing stored is changed but by a new game."""
        host = self.host
        backup = backup_keys(text)
        if backup is not None:
            self._import_backup(backup, filename)
            return
        try:
            save, state = saves.import_text(host.store, text, host.now(), host.new_id,
                                            host.level_ids, bots.DEFAULT_LEVEL)
        except Exception as e:  # SaveError, StorageFull, or anything else
            if isinstance(e, saves.StorageFull):
                host.tell(("notice.import_full", {"file": filename}, "error"))
            else:
                code = e.code if isinstance(e, saves.SaveError) else "details"
                host.tell(("notice.import_failed", {"file": filename, "error": host.tr("saveerr." + code)}, "error"))
            host.load_all()
            host.show("home")
            return
        host.open_game(Session(save, state))
        host.tell(("notice.imported", {"file": filename}, "info"), carry=True)
        host.go("#play/" + save["id"])

    def _import_backup(self, keys: dict, filename: str) -> None:
        """Each game of a "Download all" file, imported as a file of its own would be; a game
        already here as it is in the file is left alone (a second import adds nothing)."""
        host = self.host
        store, levels = host.store, host.level_ids
        added = same = failed = 0
        for k in sorted(k for k in keys if type(k) is str and k.startswith(saves.SAVE_PREFIX)):
            try:
                text = keys[k]
                sid = k[len(saves.SAVE_PREFIX):]
                if isinstance(text, str) and store.get(saves.key_of(sid)) is not None:
                    mine, _ = saves.load(store, sid, levels, bots.DEFAULT_LEVEL)
                    theirs, _ = saves.check(saves.parse(text), levels, bots.DEFAULT_LEVEL)
                    if mine["record"] == theirs["record"]:
                        same += 1
                        continue
                saves.import_text(store, text, host.now(), host.new_id, levels, bots.DEFAULT_LEVEL)
                added += 1
            except Exception:  # that one is not imported; the others are
                failed += 1
        host.tell(("notice.imported_all", {"file": filename, "n": added, "same": same, "failed": failed},
                   "error" if failed else "info"), carry=True)
        host.go("#")

    # -- recovery: a start that failed ------------------------------------------------

    def recover(self, error) -> None:
        """What failed, said on the recovery screen."""
        self.failure = f"{type(error).__name__}: {error}"[:500]

    def stored_keys(self) -> list:
        try:
            return sorted(k for k in self.host.store.keys() if str(k).startswith(saves.PREFIX))
        except Exception:
            return []

    def page(self) -> tuple[str, str]:
        """The title and the recovery screen (the plainest page, if even that fails)."""
        store, keys = self.host.store, []
        for k in self.stored_keys():
            try:
                size = len(store.get(k) or "")
            except Exception:
                size = 0
            keys.append((k, size, not k.startswith((saves.ASIDE_PREFIX, saves.LANG_KEY))))
        try:
            body = pages.recovery(self.host.tr, self.failure, keys)
        except Exception:  # the plainest page still offers the download
            body = ('<main id="main"><p>The games could not start.</p>'
                    '<button type="button" data-act="recovery-download">Download all</button></main>')
        return i18n.TABLE["app.name"]["en"], body

    def backup_text(self) -> str:
        """Every key of ours in the store, as one JSON file (what "Download all" saves;
        assets/watchdog.js writes the same from JavaScript), without the tokens, as an export."""
        data = {}
        for k in self.stored_keys():
            try:
                v = self.host.store.get(k)
            except Exception:
                v = None
            if isinstance(v, str):
                data[k] = saves.tokenless_text(v)
        return json.dumps({saves.BACKUP_MARK: 1, "saved": saves.iso(self.host.now()), "keys": data},
                          ensure_ascii=False, indent=1) + "\n"

    def act_recovery_download(self, data) -> None:
        self.host.download(f"{saves.PREFIX[:-1]}-all-{saves.iso(self.host.now())[:10]}.json", self.backup_text())

    def act_recovery_aside(self, data) -> None:
        """Moves one stored key's text aside (never deleted), then shows the list again."""
        store, key = self.host.store, data.get("key", "")
        if self.host.screen != "recovery" or key not in self.stored_keys() or key.startswith(saves.ASIDE_PREFIX):
            return
        try:
            saves.set_aside(store, key, store.get(key) or "", "set aside after a failed start", "rebuild")
        except Exception:
            pass
        self.host.changed()

    def act_recovery_retry(self, data) -> None:
        self.host.retry()


def backup_keys(text):
    """The keys of a "Download all" file (:meth:`Files.backup_text`, assets/watchdog.js), or None."""
    if not isinstance(text, str) or not text.lstrip().startswith("{") or f'"{saves.BACKUP_MARK}"' not in text[:100]:
        return None
    try:
        obj = reader.read_json(text, 10_000_000, 3)
    except reader.Refused:
        return None
    keys = obj.get("keys") if type(obj) is dict and obj.get(saves.BACKUP_MARK) == 1 else None
    return keys if type(keys) is dict else None

// The start's watchdog: if Python has not come up (body[data-ready="1"]) 30 s after the page
// loaded, or it said it failed (window.renardiereFailed, ui/main.py), or an error went
// uncaught before it came up (a fatal error of Pyodide), this offers the player every saved
// game as one file, from JavaScript alone: a start that fails never holds the games hostage.
// Only when there is something to save (a first visit on a slow network shows nothing).
// The file is the one the app's recovery screen downloads (Files.backup_text, ui/parts/files.py): every
// "renardiere.*" key of localStorage, without its tokens. A file, not an inline script: the CSP forbids those.
// A start restored from the interpreter's memory snapshot that fails (memory damaged, yet with
// the hash that the snapshot's check compares: tools/build.py, SNAPSHOT_WRAPPER) drops the
// snapshot and loads the page again, a plain start, once: the next start has none to restore.
(() => {
  const WAIT = window.renardiereWatchdogMs || 30000;
  const start = Date.now();
  const ready = () => document.body && document.body.dataset.ready === "1";
  // A token never leaves the device: its values blanked at any depth, as the app's own
  // Download all does (ui/store/saves.py, tokenless_text), in a set-aside save's text too.
  const tokenless = (text) => text.replace(/("token\\?"\s*:\s*\\?")[A-Za-z0-9_-]+/g, "$1");
  const ours = () => {
    const keys = {};
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k && k.startsWith("renardiere.")) keys[k] = tokenless(localStorage.getItem(k));
      }
    } catch (e) { /* storage disabled: nothing to save */ }
    return keys;
  };
  const download = () => {
    const now = new Date().toISOString().slice(0, 19) + "Z";
    const text = JSON.stringify({ renardiere_backup: 1, saved: now, keys: ours() }, null, 1) + "\n";
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    a.download = "renardiere-all-" + now.slice(0, 10) + ".json";
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  const show = () => {
    if (ready() || document.getElementById("watchdog") || !document.body) return;
    if (!Object.keys(ours()).some((k) => /^renardiere\.(save|aside)\./.test(k))) return;
    const fr = document.documentElement.lang === "fr";
    const box = document.createElement("section");
    box.id = "watchdog";
    box.className = "notice notice-error";
    box.setAttribute("role", "alert");
    const p = document.createElement("p");
    p.textContent = fr
      ? "Renardière ne démarre pas. Vos parties sont toujours sur cet appareil : téléchargez-les dans un fichier."
      : "Renardière is not starting. Your games are still on this device: download them as one file.";
    const b = document.createElement("button");
    b.type = "button";
    b.id = "watchdog-download";
    b.className = "primary";
    b.textContent = fr ? "Télécharger toutes les parties" : "Download all games";
    b.addEventListener("click", download);
    box.append(p, b);
    document.body.insertBefore(box, document.body.firstChild);
  };
  const again = () => {
    const s = window.renardiereSnapshot;
    if (!s || s.state !== "restored" || !window.caches) return false;
    s.state = "failed";
    caches.open(s.cache).then((c) => c.delete(s.url)).catch(() => {}).then(() => location.reload());
    return true;
  };
  const check = () => {
    if (ready()) {
      clearInterval(timer);
      const box = document.getElementById("watchdog");
      if (box) box.remove();
    } else if (window.renardiereFailed || Date.now() - start > WAIT) {
      if (!again()) show();
    }
  };
  const timer = setInterval(check, 1000);
  addEventListener("error", () => setTimeout(() => ready() || show(), 500));
  addEventListener("unhandledrejection", () => setTimeout(() => ready() || show(), 500));
})();

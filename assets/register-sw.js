// Registers ../sw.js, which lets Renardière load and play offline after one visit and makes a first
// visit download each file once, and announces a new version: "reload to update".
// Include it with: <script src="./assets/register-sw.js"></script> in the head, before PyScript's
// core.js: it runs as soon as the parser reaches it, so the registration starts with the page
// (the service worker's gate below opens sooner: with service workers blocked it opened only
// after the whole body was parsed), and the gate exists before core.js can import pyodide.mjs.
//
// First visit: registered at once. Its first install downloads nothing and takes control of the
// page; until then window.renardiereRuntimeGate holds Pyodide back (tools/build.py makes
// pyodide.mjs await it, on the page only), so that the runtime goes through the service worker
// and into its cache, and the bot's worker and the precache take it from there. The gate opens
// when the page is controlled, at once when it already is or when there is no service worker,
// and when no control is coming (the install failed, an update that waits, a Shift+reload). No
// timeout: a phone slow to start its service worker (a 10 s one let it pass, and the runtime went
// twice: tests/e2e/test_first_visit.py) waits for it. Once the app is up (body[data-ready="1"],
// or 10 s after load) the page sends "fill": the service worker fetches what no one asked for
// yet (icons, say).
//
// Updates: a new sw.js (a new precache list) installs beside the running one and waits, so the
// page never mixes files of two versions. Once it is installed, this script sets
// window.renardiereUpdateWaiting and fires a "renardiere-update" event; the app (ui/web/dom.py) then
// shows "reload to update", whose button calls window.renardiereApplyUpdate(): the waiting worker
// takes over, deletes the old caches, and the page reloads into the new version. Every action is
// already saved, so the game on screen comes back as it was.
(() => {
  let open;
  window.renardiereRuntimeGate = new Promise((resolve) => {
    open = () => {
      if (!performance.getEntriesByName("renardiere:gate-open").length) performance.mark("renardiere:gate-open");
      resolve();
    };
  });
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return open();
  const sw = new URL("../sw.js", document.currentScript.src);
  const container = navigator.serviceWorker;
  if (container.controller) open();
  let reloading = false;

  const announce = (reg) => {
    if (!reg.waiting || !container.controller) return; // a first install: no update
    window.renardiereUpdateWaiting = true;
    window.renardiereApplyUpdate = () => {
      if (!reg.waiting) return location.reload();
      reg.waiting.postMessage("skip-waiting");
    };
    window.dispatchEvent(new Event("renardiere-update"));
  };

  const watch = (reg) => {
    announce(reg);
    reg.addEventListener("updatefound", () => {
      const incoming = reg.installing;
      if (!incoming) return;
      incoming.addEventListener("statechange", () => {
        if (incoming.state === "installed") announce(reg);
      });
    });
    // A first install takes control at once (controllerchange below). If none is coming (a
    // reload past the service worker, Shift+reload; an update, which waits beside the active
    // worker) or it failed, Pyodide goes ahead.
    const coming = container.controller ? null : reg.installing || reg.waiting || reg.active;
    const none = () => ["redundant", "activated"].includes(coming.state) || (coming.state === "installed" && reg.active);
    if (!coming || none()) return open();
    coming.addEventListener("statechange", () => none() && open());
  };

  container.addEventListener("controllerchange", () => {
    open();
    // The page was controlled already: this is an update the player asked for.
    if (reloading || !window.renardiereUpdateWaiting) return;
    reloading = true;
    location.reload();
  });

  // "none": the browser checks sw.js and its precache list on every visit, past HTTP caches.
  const registered = container.register(sw, { updateViaCache: "none" }).then((reg) => {
    if (!reg) throw new Error("no registration"); // a browser that blocks service workers
    watch(reg);
    return reg;
  });
  registered.catch((err) => {
    open();
    console.warn("Renardière will not work offline:", err);
  });

  let filled = false;
  const fill = () => {
    if (filled) return;
    filled = true;
    observer.disconnect();
    registered.then((reg) => {
      const worker = container.controller || reg.active || reg.waiting || reg.installing;
      if (worker) worker.postMessage("fill");
    }, () => {});
  };
  const ready = () => document.body.dataset.ready === "1";
  const observer = new MutationObserver(() => ready() && fill());
  const watchBody = () => {
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
    if (ready()) fill();
  };
  // Run in the head, before the body is parsed (see the top).
  if (document.body) watchBody();
  else addEventListener("DOMContentLoaded", watchBody, { once: true });
  addEventListener("load", () => setTimeout(fill, 10000));
})();

// Install: the browser's own install prompt (Chromium's beforeinstallprompt) is kept for the home
// page's "Install the app" (ui/web/dom.py Dom.install; an installed app keeps its saves), and an install
// is told to the app, which then asks again to keep the saves. Both may come before Python is up.
addEventListener("beforeinstallprompt", (e) => {
  e.preventDefault();
  window.renardiereInstallPrompt = e;
  dispatchEvent(new Event("renardiere-install"));
});
addEventListener("appinstalled", () => {
  window.renardiereInstallPrompt = null;
  dispatchEvent(new Event("renardiere-installed"));
});

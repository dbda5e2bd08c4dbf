// Registers ../sw.js, which lets Renardière load and play offline after one visit, and
// announces a new version: "reload to update".
// Include it with: <script src="./assets/register-sw.js" defer></script>
// Registration waits until the app is up (body[data-ready="1"], or 10 s after load), so that
// precaching never competes with the first load for the network.
//
// Updates: a new sw.js (a new precache list) installs beside the running one and waits, so the
// page never mixes files of two versions. Once it is installed, this script sets
// window.renardiereUpdateWaiting and fires a "renardiere-update" event; the app (ui/dom.py) then
// shows "reload to update", whose button calls window.renardiereApplyUpdate(): the waiting worker
// takes over, deletes the old caches, and the page reloads into the new version. Every action is
// already saved, so the game on screen comes back as it was.
(() => {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const sw = new URL("../sw.js", document.currentScript.src);
  let done = false;
  let reloading = false;

  const announce = (reg) => {
    if (!reg.waiting || !navigator.serviceWorker.controller) return; // a first install: no update
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
  };

  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The page was controlled already: this is an update the player asked for.
    if (reloading || !window.renardiereUpdateWaiting) return;
    reloading = true;
    location.reload();
  });

  const register = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    navigator.serviceWorker
      // "none": the browser checks sw.js and its precache list on every visit, past HTTP caches.
      .register(sw, { updateViaCache: "none" })
      .then(watch)
      .catch((err) => console.warn("Renardière will not work offline:", err));
  };
  const ready = () => document.body.dataset.ready === "1";
  const observer = new MutationObserver(() => ready() && register());
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  addEventListener("load", () => setTimeout(register, 10000));
  if (ready()) register();
})();

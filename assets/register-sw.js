// Registers ../sw.js, which lets Renardière load and play offline after one visit.
// Include it with: <script src="./assets/register-sw.js" defer></script>
// Registration waits until the app is up (body[data-ready="1"], or 10 s after load), so that
// precaching never competes with the first load for the network.
(() => {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const sw = new URL("../sw.js", document.currentScript.src);
  let done = false;
  const register = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    navigator.serviceWorker
      // "none": the browser checks sw.js and its precache list on every visit, past HTTP caches.
      .register(sw, { updateViaCache: "none" })
      .catch((err) => console.warn("Renardière will not work offline:", err));
  };
  const ready = () => document.body.dataset.ready === "1";
  const observer = new MutationObserver(() => ready() && register());
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  addEventListener("load", () => setTimeout(register, 10000));
  if (ready()) register();
})();

// The page's language before the first paint: the saved choice, else the browser's.
// A file, not an inline script, so that the Content Security Policy allows no inline script.
(function () {
  var l = null;
  try { l = localStorage.getItem("renardiere.lang"); } catch (e) {}
  if (l !== "en" && l !== "fr") l = /^fr/i.test(navigator.language || "") ? "fr" : "en";
  document.documentElement.lang = l;
  // a join link: the static page says it loads the game to join (.booting.joining), not the home's
  if (/^#join\//.test(location.hash)) document.documentElement.classList.add("joining");
})();

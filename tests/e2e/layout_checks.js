// What tests/e2e/test_layouts.py checks on each screen, in the page (one function, returns a report).
// - hscroll: the page is wider than the screen (null: it is not)
// - small: tap targets under 44 px in their smaller dimension (a card of a fan counts by the part
//   left visible by its neighbours, against its share of the one-row hand, see below; a board
//   cell by its whole pitch)
// - tiny: text under 12 px (HTML text only: the labels drawn inside the SVG board and cards
//   scale with them, see the module's docstring)
// - unreachable: controls that no tap can reach: scrolled into view, no point of them is on top
// While a dialog is open, only its controls count (the table behind it waits).
() => {
  const MIN = 44 - 0.5, MIN_FONT = 12 - 0.05;
  const TARGETS = 'button, a[href], select, input[type=text], summary, label.button, .seg-item, #board [data-act="cell"]';
  const de = document.documentElement;
  const report = { hscroll: de.scrollWidth > window.innerWidth ? de.scrollWidth : null, small: [], tiny: [], unreachable: [] };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden" || e.classList.contains("visually-hidden")) return false;
    }
    return true;
  };
  const name = (el) => {
    const id = el.id ? "#" + el.id : "";
    const cls = el.getAttribute("class") ? "." + el.getAttribute("class").trim().split(/\s+/).join(".") : "";
    const extra = el.dataset && (el.dataset.cell || el.dataset.card || el.dataset.col) || "";
    const text = (el.textContent || "").trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${id}${cls}${extra ? "[" + extra + "]" : ""}${text ? " \u201c" + text + "\u201d" : ""}`;
  };
  const dialog = document.querySelector(".end-backdrop .end-dialog");
  const scope = dialog || document.getElementById("app");
  const targets = [...scope.querySelectorAll(TARGETS)].filter(visible);

  // sizes
  for (const el of targets) {
    let box = el.getBoundingClientRect();
    if (el.matches("#board [data-act=cell]")) box = (el.querySelector(".cell-hit") || el).getBoundingClientRect();
    let w = box.width, h = box.height;
    if (el.classList.contains("hcard")) {
      for (const other of el.parentElement.querySelectorAll(".hcard")) {
        if (other === el || !visible(other)) continue;
        const o = other.getBoundingClientRect();
        const sameRow = Math.abs(o.top - box.top) < 20;
        const below = o.top > box.top + 20 && o.left < box.right && o.right > box.left;
        if (sameRow && o.left > box.left && other.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) w = Math.min(w, o.left - box.left);
        if (below) h = Math.min(h, o.top - box.top);
      }
    }
    let min = MIN;
    const fan = el.classList.contains("hcard") && el.closest(".hand.fan");
    if (fan) {
      // A hand is one row (issue 16). A card that cannot be played now (greyed, aria-disabled:
      // a tap only says why) is not counted; a playable one gets 44 px, or its equal share of
      // the row when more are playable than fit at 44 px each, and never under 24 px (WCAG 2.5.8).
      if (el.getAttribute("aria-disabled") === "true") continue;
      const share = (fan.clientWidth - box.width) / Math.max(1, fan.querySelectorAll(".hcard").length - 1);
      min = Math.max(24 - 0.5, Math.min(MIN, share - 0.5));
    }
    if (Math.min(w, h) < min) report.small.push(`${name(el)}: ${w.toFixed(1)}x${h.toFixed(1)}`);
  }

  // text sizes
  const walker = document.createTreeWalker(document.getElementById("app"), NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!n.nodeValue.trim() || !p || seen.has(p) || p.closest("svg")) continue;
    seen.add(p);
    if (!visible(p)) continue;
    const size = parseFloat(getComputedStyle(p).fontSize);
    if (size < MIN_FONT) report.tiny.push(`${name(p)}: ${size.toFixed(1)} px`);
  }

  // reachable: scrolled into view, some point of it is the topmost element there
  for (const el of targets) {
    el.scrollIntoView({ block: "center", inline: "center" });
    const r = el.getBoundingClientRect();
    const x0 = Math.max(r.left, 0), x1 = Math.min(r.right, window.innerWidth);
    const y0 = Math.max(r.top, 0), y1 = Math.min(r.bottom, window.innerHeight);
    let hit = false;
    for (let i = 1; i <= 5 && !hit && x1 > x0 && y1 > y0; i++) {
      for (let j = 1; j <= 5 && !hit; j++) {
        const t = document.elementFromPoint(x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * j / 6);
        hit = !!t && (t === el || el.contains(t));
      }
    }
    if (!hit) report.unreachable.push(name(el));
  }
  window.scrollTo(0, 0);
  if (dialog) dialog.scrollTop = 0;
  return report;
}

// Lighthouse over the served site, as a user flow (run by tools/audit.py, `make audit`):
//   node tools/audit.mjs http://127.0.0.1:PORT/ out.json GAME_ID,GAME_ID,...
// A cold navigation to the home page, then snapshots of the screens reached from it by
// their URL fragment or a tap: the first game's rules page and new-game form, and each
// game's table after a new game against a bot (the games: tools/audit.py passes every
// playable game of the catalogue) (a snapshot audits the page as it stands, which
// the app's screens, all drawn by Python on one page, need). Writes, per step, the
// accessibility and best-practices scores and the audits that failed.

import fs from "node:fs";
import puppeteer from "puppeteer-core";
import { startFlow } from "lighthouse";

const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"];
const CATEGORIES = ["accessibility", "best-practices"];
const [base, out, games] = process.argv.slice(2);
const GAMES = games.split(",");
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  headless: true, args: FLAGS,
});
try {
  const page = await browser.newPage();
  const config = { extends: "lighthouse:default", settings: { onlyCategories: CATEGORIES } };
  const flow = await startFlow(page, { config, name: "Renardière" });
  const ready = () => page.waitForSelector('body[data-ready="1"]', { timeout: 120_000 });
  const go = async (hash, selector) => {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForSelector(selector, { timeout: 60_000 });
  };

  await flow.navigate(base, { name: "home" });
  await ready();
  await go(`#rules/${GAMES[0]}`, "main.rules-page");
  await flow.snapshot({ name: `rules (${GAMES[0]})` });
  for (const game of GAMES) {
    await go(`#new/${game}`, "#newgame-form");
    if (game === GAMES[0]) await flow.snapshot({ name: `new game (${game})` });
    await page.click("#start");
    await page.waitForSelector("main.play:not([data-thinking])", { timeout: 120_000 });
    await flow.snapshot({ name: `table (${game})` });
  }

  const result = await flow.createFlowResult();
  const steps = result.steps.map((step) => {
    const lhr = step.lhr;
    const scores = {};
    const failed = [];
    for (const id of CATEGORIES) {
      const cat = lhr.categories[id];
      if (!cat) continue;
      scores[id] = cat.score;
      for (const ref of cat.auditRefs) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 1) {
          const items = (a.details && a.details.items) || [];
          failed.push({ category: id, id: ref.id, title: a.title, score: a.score,
            items: items.slice(0, 6).map((it) => [it.node && (it.node.snippet || it.node.selector),
              typeof it.value === "string" ? it.value : null, it.description, it.source?.url]
              .filter(Boolean).join(" · ") || JSON.stringify(it).slice(0, 200)) });
        }
      }
    }
    return { name: step.name, url: lhr.finalDisplayedUrl, mode: lhr.gatherMode, scores, failed };
  });
  fs.writeFileSync(out, JSON.stringify({ lighthouse: result.steps[0].lhr.lighthouseVersion, steps }, null, 2));
} finally {
  await browser.close();
}

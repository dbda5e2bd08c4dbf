// Firefox for the tests (tools/engines.py): Debian's firefox-esr, headless, driven over
// WebDriver BiDi by puppeteer-core (no browser download, no geckodriver). A line-per-command
// server on stdin/stdout, so that the Python tests drive it as they drive WebKit:
//   in:  {"id": 1, "op": "goto", "url": "..."}          out: {"id": 1, "value": ...}
//   ops: goto(url), reload(), evaluate(fn, args) (a function's source, awaited), click(x, y),
//        viewport(width, height), preload(source) (a script run in each new document before its
//        own), close()                                   or: {"id": 1, "error": "..."}
// Usage: node tools/firefox_driver.mjs [firefox binary] [preferences, a JSON object]
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.argv[2] || "/usr/bin/firefox-esr",
  headless: true,
  // a profile of its own: no first-run pages, service workers on (they are by default)
  extraPrefsFirefox: { "browser.shell.checkDefaultBrowser": false, "dom.serviceWorkers.enabled": true,
                       ...JSON.parse(process.argv[3] || "{}") },
});
const page = (await browser.pages())[0] || (await browser.newPage());
await page.setViewport({ width: 1280, height: 800 });

const ops = {
  goto: async ({ url }) => { await page.goto(url, { waitUntil: "load", timeout: 120000 }); return page.url(); },
  reload: async () => { await page.reload({ waitUntil: "load", timeout: 120000 }); return page.url(); },
  evaluate: async ({ fn, args }) =>
    page.evaluate(`(${fn})(...${JSON.stringify(args || [])})`),
  click: async ({ x, y }) => { await page.mouse.click(x, y); return null; },
  viewport: async ({ width, height }) => { await page.setViewport({ width, height }); return null; },
  preload: async ({ source }) => { await page.evaluateOnNewDocument(source); return null; },
  close: async () => { await browser.close(); return null; },
};

const send = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
send({ id: 0, value: await browser.version() });
const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const cmd = JSON.parse(line);
  try {
    const value = await ops[cmd.op](cmd);
    send({ id: cmd.id, value: value === undefined ? null : value });
  } catch (e) {
    send({ id: cmd.id, error: String((e && e.stack) || e) });
  }
  if (cmd.op === "close") break;
}
process.exit(0);

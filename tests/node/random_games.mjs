// Runs tools/random_play.py in Pyodide under Node, on the repository's game/ package.
//   node tests/node/random_games.mjs ROOT N OUT.json [GAME...]
// Writes the JSON results to OUT.json; Python's own output goes to stderr.
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [root, n, out, ...games] = process.argv.slice(2);
if (!root || !n || !out) {
  console.error("usage: random_games.mjs ROOT N OUT.json [GAME...]");
  process.exit(2);
}
const t0 = performance.now();
const pyodide = await loadPyodide({
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
const loaded = performance.now();

const DEST = "/home/pyodide/renardiere";
function copyTree(src, dst) {
  pyodide.FS.mkdirTree(dst);
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__" && !entry.name.startsWith(".")) copyTree(join(src, entry.name), `${dst}/${entry.name}`);
    } else if (entry.name.endsWith(".py") || entry.name.endsWith(".json")) {
      pyodide.FS.writeFile(`${dst}/${entry.name}`, readFileSync(join(src, entry.name)));
    }
  }
}
copyTree(join(root, "game"), `${DEST}/game`);
pyodide.FS.writeFile(`${DEST}/random_play.py`, readFileSync(join(root, "tools", "random_play.py")));

pyodide.globals.set("N", Number(n));
pyodide.globals.set("GAMES", games.length ? pyodide.toPy(games) : null);
const result = pyodide.runPython(`
import sys
sys.path.insert(0, "${DEST}")
import random_play
random_play.dumps(random_play.run_all(N, GAMES))
`);
writeFileSync(out, result);
const version = pyodide.runPython("import sys; sys.version.split()[0]");
console.error(
  `pyodide ${pyodide.version} (Python ${version}): loaded in ${((loaded - t0) / 1000).toFixed(1)} s, ` +
  `played in ${((performance.now() - loaded) / 1000).toFixed(1)} s`
);

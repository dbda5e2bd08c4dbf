// Runs a Python script in Pyodide under Node, with the repository's packages, as the browser would.
//   node tools/pyodide_run.mjs ROOT SCRIPT.py [ARGS...]
// The script runs as __main__ with sys.argv = [SCRIPT.py, ARGS...]; its stdout and its
// sys.exit code are ours, and the timings of the runtime go to stderr.  Used by
// tests/test_pyodide_node.py and the benchmarks.
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync } from "node:fs";
import { basename, join, relative } from "node:path";

const [root, script, ...args] = process.argv.slice(2);
if (!root || !script) {
  console.error("usage: pyodide_run.mjs ROOT SCRIPT.py [ARGS...]");
  process.exit(2);
}
const t0 = performance.now();
const pyodide = await loadPyodide({
  stdout: (line) => process.stdout.write(line + "\n"),
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
for (const dir of ["game", "bots", "ui", "tools", "bench"]) copyTree(join(root, dir), `${DEST}/${dir}`);

pyodide.globals.set("ARGV", pyodide.toPy([`${DEST}/${relative(root, script)}`, ...args]));
// A script's sys.exit(code) is the process's exit code, as on CPython.
const code = pyodide.runPython(`
import os, runpy, sys
os.chdir("${DEST}")
sys.path[:0] = ["${DEST}"]     # the root, as python -m from it puts it: the packages import so
sys.argv = list(ARGV)
code = 0
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as exit:
    if exit.code is None or isinstance(exit.code, int):
        code = exit.code or 0
    else:  # sys.exit("message"): printed, and 1, as on CPython
        print(exit.code, file=sys.stderr)
        code = 1
code
`);
process.exitCode = code;
const version = pyodide.runPython("import sys; sys.version.split()[0]");
console.error(
  `pyodide ${pyodide.version} (Python ${version}): loaded in ${((loaded - t0) / 1000).toFixed(1)} s, ` +
  `${basename(script)} ran in ${((performance.now() - loaded) / 1000).toFixed(1)} s`
);

// Makes the interpreter's memory snapshot, in a module worker of its own, once the page is up
// (ui/boot.py, make_snapshot): a Pyodide started for this alone (the page's own cannot make one:
// PyScript has handed it JavaScript objects), its memory put in Cache Storage, where the next
// start of the page restores it rather than starting Python again (tools/build.py,
// SNAPSHOT_WRAPPER, which also names the cache and the key). Older snapshots in that cache, of
// another runtime, go. Answers the page with {made: bytes} or {error: text}, then ends.
import { loadPyodide, snapshot } from "./runtime/pyodide/pyodide.mjs";

try {
  const py = await loadPyodide({
    _makeSnapshot: true,
    indexURL: new URL("./runtime/pyodide/", import.meta.url).href,
  });
  const memory = py.makeMemorySnapshot();
  const cache = await caches.open(snapshot.cache);
  for (const old of await cache.keys()) if (old.url !== snapshot.url) await cache.delete(old);
  await cache.put(snapshot.url, new Response(memory, { headers: { "content-type": "application/octet-stream" } }));
  postMessage({ made: memory.length });
} catch (err) {
  postMessage({ error: String(err && err.stack || err) });
}
close();

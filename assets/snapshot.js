// Makes the interpreter's memory snapshot, in a module worker of its own, once the page is up
// (ui/web/boot.py, make_snapshot): a Pyodide started for this alone (the page's own cannot make one:
// PyScript has handed it JavaScript objects), its memory put in Cache Storage, where the next
// start of the page restores it rather than starting Python again (tools/build.py,
// SNAPSHOT_WRAPPER, which also names the cache and the key), once the SHA-256 of its memory,
// kept beside it in a header, says it is the memory made here. Older snapshots in that cache, of
// another runtime, go. A browser that could not make it or keep it (its storage full, say) is
// not asked again for this runtime: a marker says so. Answers the page with {made: bytes} or
// {error: text}, then ends.
import { loadPyodide, snapshot } from "./runtime/pyodide/pyodide.mjs";

const UNMADE = snapshot.url + "-unmade";
let cache = null;
try {
  cache = await caches.open(snapshot.cache);
  if (await cache.match(UNMADE)) throw new Error("not made before, for this runtime");
  const py = await loadPyodide({
    _makeSnapshot: true,
    indexURL: new URL("./runtime/pyodide/", import.meta.url).href,
  });
  const memory = py.makeMemorySnapshot();
  const headers = { "content-type": "application/octet-stream", [snapshot.header]: await snapshot.sha256(memory) };
  await cache.put(snapshot.url, new Response(memory, { headers }));
  for (const old of await cache.keys()) if (old.url !== snapshot.url) await cache.delete(old);
  postMessage({ made: memory.length });
} catch (err) {
  try { if (cache) await cache.put(UNMADE, new Response("")); } catch (_) { /* storage full */ }
  postMessage({ error: String((err && err.stack) || err) });
}
close();

/* Renardière's service worker: after one visit, the app loads and plays with no network, and
 * every file of the site crosses the network once.
 *
 * - The list: assets/runtime/precache.js (written by `make runtime`/`make site`, see
 *   tools/build.py) names every file of the app and of the runtime with its hash.
 * - A first install (no older version running) downloads nothing, and the worker takes control
 *   of the page at once (skipWaiting, then clients.claim). The page waits for that before
 *   Pyodide asks for the runtime (assets/register-sw.js; build.py's gate in pyodide.mjs), so
 *   that the runtime comes through here: each listed file the page, or the bot's worker, asks
 *   for is served from the cache, or fetched once and kept ("cache-through"). Once the page is
 *   ready it sends "fill", and the files no one asked for yet are fetched then, after the
 *   page's load, from the HTTP cache when it has them (a preload, say): the cache is complete
 *   when its manifest is written, last.
 * - An update (a new precache version, while an older worker runs) fills its cache during
 *   install, copying the files whose hash did not change from the previous cache: only the
 *   changed files cross the network. It then waits: the pages keep the files of their own
 *   version until the player taps "reload to update", which sends "skip-waiting"
 *   (assets/register-sw.js).
 * - Every file kept is checked against its hash first; one that does not match (a deploy
 *   in between, a stale HTTP-cached copy) is fetched again past the HTTP cache, or not kept.
 * - activate: deletes this site's older caches and takes control of open pages.
 * - fetch: same-origin GETs under this folder are served from the cache first (query
 *   string ignored, "dir/" means "dir/index.html"), then from the network. Requests to
 *   other origins are never touched.
 */
"use strict";

importScripts("./assets/runtime/precache.js");

const { version: VERSION, files: FILES } = self.PRECACHE;
const BASE = new URL("./", self.location).href;
// Several sites may share one origin (user.github.io/a/, user.github.io/b/): the scope is in the name.
const PREFIX = `renardiere:${new URL(BASE).pathname}:`;
const CACHE = PREFIX + VERSION;
const MANIFEST_URL = new URL("./__precache_manifest__", BASE).href;
// url -> digest, for the requests that may be kept as they pass
const LISTED = new Map(Object.entries(FILES).map(([path, digest]) => [new URL(path, BASE).href, digest]));
// url -> the promise of its copy being kept (cache-through or fill): a second request waits for it
const PENDING = new Map();

const hex = (buffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

async function cachedManifests() {
  // Older caches of this site, each with the list of files it holds and their hashes.
  const out = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const listed = await cache.match(MANIFEST_URL);
    if (listed) out.push({ cache, files: await listed.json() });
  }
  return out;
}

// The body, as kept: a fresh Response, never "redirected" (which a navigation would refuse), and
// with only the type of the body (its Content-Length or Content-Encoding described the wire).
async function checked(response, digest) {
  const body = await response.arrayBuffer();
  const got = hex(await crypto.subtle.digest("SHA-256", body)).slice(0, digest.length);
  if (got !== digest) return null;
  const headers = { "Content-Type": response.headers.get("Content-Type") || "application/octet-stream" };
  return new Response(body, { status: 200, statusText: "OK", headers });
}

async function download(url, digest) {
  // A page's address is fetched as the browser navigated to it ("./", not "./index.html"), so
  // that the HTTP cache has it.
  const from = url.endsWith("/index.html") ? url.slice(0, -"index.html".length) : url;
  // "default" takes a fresh copy from the HTTP cache (the page's preloads, its HTML): no second
  // download. If the body does not match (a stale copy, or a 304 from a server with one-second
  // Last-Modified), once more with "reload", past the HTTP cache.
  for (const mode of ["default", "reload"]) {
    const response = await fetch(from, { cache: mode });
    if (!response.ok) throw new Error(`precache: ${from}: HTTP ${response.status}`);
    const kept = await checked(response, digest);
    if (kept) return kept;
  }
  throw new Error(`precache: ${url} does not match its hash ${digest}: changed while installing?`);
}

function pending(url, work) {
  const p = work.finally(() => PENDING.delete(url));
  PENDING.set(url, p);
  return p;
}

// What `look` finds for url once no one is fetching it for the cache any more (undefined: not
// there). Nothing is awaited between its answer and the caller's pending(): a request that
// finds nothing starts the only fetch of that file, whoever asks at the same time.
async function settled(url, look) {
  for (;;) {
    if (PENDING.has(url)) await PENDING.get(url).catch(() => {});
    const hit = await look(url);
    if (hit || !PENDING.has(url)) return hit;
  }
}

// Every listed file in this version's cache: kept already, copied from an older cache with the same
// hash, or downloaded. Then the manifest, last: a cache with its manifest is complete.
async function doFill() {
  const cache = await caches.open(CACHE);
  if (await cache.match(MANIFEST_URL)) return;
  const older = await cachedManifests();
  await Promise.all(
    Object.entries(FILES).map(async ([path, digest]) => {
      const url = new URL(path, BASE).href;
      if (await settled(url, (u) => cache.match(u))) return;
      for (const old of older) {
        if (old.files[path] !== digest) continue;
        const hit = await old.cache.match(url);
        if (hit) return cache.put(url, hit);
      }
      if (await settled(url, (u) => cache.match(u))) return; // kept meanwhile
      return pending(url, download(url, digest).then((r) => cache.put(url, r)));
    })
  );
  await cache.put(MANIFEST_URL, new Response(JSON.stringify(FILES), {
    headers: { "Content-Type": "application/json" },
  }));
}

let filling = null;
function fill() {
  filling = filling || doFill().finally(() => { filling = null; });
  return filling;
}

self.addEventListener("install", (event) => {
  if (!self.registration.active) {
    // A first install: nothing to keep the page from, nothing downloaded here (see above).
    event.waitUntil(caches.open(CACHE).then(() => self.skipWaiting()));
    return;
  }
  event.waitUntil(fill());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  else if (event.data === "fill") event.waitUntil(fill());
  else if (event.data === "version" && event.source) {
    event.source.postMessage({ type: "renardiere-sw", version: VERSION });
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })()
  );
});

// This version's cache first; then any other (a request that an outgoing worker still handles
// after the new one deleted its cache). caches.match never creates a cache, caches.open would.
async function cached(key) {
  return (
    (await caches.match(key, { cacheName: CACHE, ignoreVary: true })) ||
    (await caches.match(key, { ignoreVary: true }))
  );
}

async function respond(event, request, url) {
  let key = url.origin + url.pathname; // no query string, no fragment
  if (key.endsWith("/")) key += "index.html";
  // Being fetched for the cache already (the page's copy when the bot's worker asks, the fill's
  // when the page does): wait for it.
  const hit = await settled(key, cached);
  if (hit) return hit;
  // A listed file: this request's copy is the one kept, and it is pending from now, before its
  // answer comes, so that no one fetches the file again meanwhile.
  const digest = LISTED.get(key);
  let keep = () => {};
  if (digest) event.waitUntil(pending(key, new Promise((resolve) => { keep = resolve; })).catch(() => {}));
  try {
    const response = await fetch(request);
    if (digest && response.ok && !response.redirected && response.type === "basic") {
      // keep a copy as it passes, if it is this version's
      const copy = response.clone();
      keep((async () => {
        const kept = await checked(copy, digest);
        if (kept) await (await caches.open(CACHE)).put(key, kept);
      })());
    } else keep();
    return response;
  } catch (err) {
    keep();
    if (request.mode === "navigate") {
      const index = await cached(new URL("./index.html", BASE).href);
      if (index) return index;
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(BASE)) return;
  if (url.href === MANIFEST_URL) return;
  event.respondWith(respond(event, request, url));
});

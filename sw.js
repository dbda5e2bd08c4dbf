/* Renardière's service worker: after one visit, the app loads and plays with no network.
 *
 * - install: precaches every file of the app and of the runtime, as listed with their
 *   hashes by assets/runtime/precache.js (written by `make runtime`/`make site`, see
 *   tools/build.py). Files whose hash did not change are copied from the previous cache
 *   rather than downloaded again; every download is checked against its hash.
 * - an update (a new precache version) installs beside the running one and waits: the pages
 *   keep the files of their own version until the player taps "reload to update", which
 *   sends "skip-waiting" (assets/register-sw.js). A first install does not wait.
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

async function download(path, digest) {
  const url = new URL(path, BASE).href;
  // "no-cache" revalidates with the server, so that a stale HTTP-cached copy is never kept;
  // if the body still does not match (a 304 from a server with one-second Last-Modified, say),
  // once more with "reload", past the HTTP cache.
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(url, { cache: mode });
    if (!response.ok) throw new Error(`precache: ${url}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    const got = hex(await crypto.subtle.digest("SHA-256", body)).slice(0, digest.length);
    if (got !== digest) continue;
    // A fresh Response: never "redirected" (which a navigation would refuse), and with only the
    // type of the body (its Content-Length or Content-Encoding described the bytes on the wire).
    const headers = { "Content-Type": response.headers.get("Content-Type") || "application/octet-stream" };
    return new Response(body, { status: 200, statusText: "OK", headers });
  }
  throw new Error(`precache: ${url} does not match its hash ${digest}: changed while installing?`);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const older = await cachedManifests();
      await Promise.all(
        Object.entries(FILES).map(async ([path, digest]) => {
          const url = new URL(path, BASE).href;
          for (const old of older) {
            if (old.files[path] !== digest) continue;
            const hit = await old.cache.match(url);
            if (hit) return cache.put(url, hit);
          }
          return cache.put(url, await download(path, digest));
        })
      );
      // Written last: a cache with its manifest is complete.
      await cache.put(MANIFEST_URL, new Response(JSON.stringify(FILES), {
        headers: { "Content-Type": "application/json" },
      }));
    })()
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
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

async function respond(request, url) {
  let key = url.origin + url.pathname; // no query string, no fragment
  if (key.endsWith("/")) key += "index.html";
  const hit = await cached(key);
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (err) {
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
  event.respondWith(respond(request, url));
});

self.addEventListener("message", (event) => {
  if (event.data === "version" && event.source) {
    event.source.postMessage({ type: "renardiere-sw", version: VERSION });
  }
});

// Forge kitchen display service worker (docs/kitchen-display.md, "Outages").
// Keeps the display loadable, and its last answers readable, while the server
// restarts or the Wi-Fi drops. Registered only where the browser allows one:
// a secure context (https://, or http://localhost); never over plain-http LAN.
//
// - The shell (/kitchen and its files) and the saved answers (the week, the
//   recipes, the cook state) are fetched from the network first; each good
//   answer replaces the saved copy, stamped `X-Forge-Saved-At` (the tablet's
//   ms when it arrived, so the page can turn the state's server `now` into a
//   clock offset and count timers down from their server deadlines).
// - When the network fails, or gives nothing within 4 s, the saved copy is
//   answered with `X-Forge-Offline: 1`; the page says it shows a saved copy.
// - A 401 (the display was revoked) deletes the saved answers.
// - Everything else (the live feed /api/events, pairing, writes) goes
//   straight to the network, untouched.
'use strict';
const CACHE = 'forge-kitchen-v5';   // bumped whenever the shell's files change
const SHELL = ['/kitchen', '/kitchen/assets/kitchen.css', '/kitchen/assets/kitchen.js', '/kitchen/assets/chime.js',
  '/kitchen/assets/step-fit.js', '/kitchen/assets/plate.js', '/kitchen/assets/icon.svg'];
const SAVED = [/^\/api\/kitchen\/week$/, /^\/api\/kitchen\/recipes\/[^/]+$/, /^\/api\/cook\/state$/];
const NETWORK_WAIT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('forge-kitchen-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.search) return;
  const saved = SAVED.some((pattern) => pattern.test(url.pathname));
  if (!saved && !SHELL.includes(url.pathname)) return;
  event.respondWith(networkFirst(request, url.pathname, saved));
});

/** The network's answer (saved when good), else the saved copy marked offline. */
async function networkFirst(request, key, saved) {
  const cache = await caches.open(CACHE);
  const network = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(key, await stamp(response.clone()));
    else if (response.status === 401 && saved) await forgetSaved(cache);
    return response;
  });
  network.catch(() => {});   // a late failure after the saved copy was answered is expected
  try {
    return await Promise.race([network, new Promise((_, reject) => setTimeout(() => reject(new Error('slow')), NETWORK_WAIT_MS))]);
  } catch (error) {
    const copy = await cache.match(key);
    if (copy) return offline(copy);
    return network;   // nothing saved: wait for the network after all (or fail as it fails)
  }
}

/** A copy of `response` with `X-Forge-Saved-At` set to now (tablet ms). */
async function stamp(response) {
  const headers = new Headers(response.headers);
  headers.set('X-Forge-Saved-At', String(Date.now()));
  return new Response(await response.arrayBuffer(), { status: response.status, statusText: response.statusText, headers });
}

/** The saved copy, marked `X-Forge-Offline: 1`. */
async function offline(copy) {
  const headers = new Headers(copy.headers);
  headers.set('X-Forge-Offline', '1');
  return new Response(await copy.arrayBuffer(), { status: copy.status, statusText: copy.statusText, headers });
}

async function forgetSaved(cache) {
  for (const request of await cache.keys()) {
    if (SAVED.some((pattern) => pattern.test(new URL(request.url).pathname))) await cache.delete(request);
  }
}

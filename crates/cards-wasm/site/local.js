// The page with no server (`cargo xtask site`): loaded before app.js, it answers the page's
// JSON API in the browser. The API (the same code as `cards web`'s server, crate cards-web)
// runs in WebAssembly in a Web Worker (worker.js), so the page stays responsive while a
// computer thinks. app.js calls `window.cardsFetch` as it would call `fetch`; nothing leaves the
// browser but the requests for the site's own files.

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
const waiting = new Map();
let next = 0;

// For tests and the console, as `window.cardsPage`: every call and its answer, as a `cards-api`
// event on window (the browser tests see them as the server's requests and responses).
const tell = (detail) => window.dispatchEvent(new CustomEvent('cards-api', { detail }));

worker.addEventListener('message', (e) => {
  const { id, status, body } = e.data;
  const w = waiting.get(id);
  if (!w) return;
  waiting.delete(id);
  tell({ phase: 'response', ...w.call, status });
  w.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
});

// The worker's script or module failed to load: every waiting call fails (the page says so).
worker.addEventListener('error', (e) => {
  const why = new Error(`the game engine did not start (${e.message || 'worker.js failed to load'})`);
  for (const w of waiting.values()) w.reject(why);
  waiting.clear();
});

/** `fetch(path, init)` for the API's paths, answered by the worker. */
window.cardsFetch = (path, init = {}) => new Promise((resolve, reject) => {
  const id = next;
  next += 1;
  const call = {
    method: init.method || 'GET',
    // the API's own paths (`/api/games`), whatever path the site is served under
    path: String(path),
    body: typeof init.body === 'string' ? init.body : '',
  };
  waiting.set(id, { resolve, reject, call });
  tell({ phase: 'request', ...call });
  worker.postMessage({ id, ...call });
});

// The page with no server's Web Worker: loads the engines (cards_wasm_bg.wasm) and answers the
// page's API requests from local.js, one at a time, with the same code as `cards web`'s server.
import init, { PageApi } from './cards_wasm.js';

const ready = init({ module_or_path: new URL('./cards_wasm_bg.wasm', import.meta.url) })
  .then(() => new PageApi());

const error = (message) => JSON.stringify({ error: message });

self.addEventListener('message', async (e) => {
  const { id, method, path, body } = e.data;
  let api;
  try {
    api = await ready;
  } catch (err) {
    self.postMessage({ id, status: 500, body: error(`the game engine did not load: ${err}`) });
    return;
  }
  try {
    const reply = api.handle(method, path, body);
    self.postMessage({ id, status: reply.status, body: reply.body });
    reply.free();
  } catch (err) {
    self.postMessage({ id, status: 500, body: error(`the game engine failed: ${err}`) });
  }
});

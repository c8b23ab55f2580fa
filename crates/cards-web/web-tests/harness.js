// Shared helpers of the browser tests: start `cards web --port 0`, launch Debian's Chromium
// through playwright-core (no browser download), save screenshots under target/web-screenshots/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (crates/cards-web/web-tests/../../..). */
export const repoRoot = path.resolve(here, '..', '..', '..');
/** Where screenshots go: target/web-screenshots/ under the repository root. */
export const screenshotDir = path.join(repoRoot, 'target', 'web-screenshots');

/** The server binary: $CARDS_BIN (relative paths from web-tests/), else target/debug/cards under the repository root. */
export function cardsBin() {
  const bin = process.env.CARDS_BIN || path.join(repoRoot, 'target', 'debug', 'cards');
  return path.resolve(here, bin);
}

/**
 * The page with no server under test: $CARDS_SITE (a folder `cargo xtask site` wrote, relative
 * paths from web-tests/), served by Python's static file server; `null` when unset (the tests
 * run against `cards web`).
 */
export function siteDir() {
  return process.env.CARDS_SITE ? path.resolve(here, process.env.CARDS_SITE) : null;
}

/**
 * Spawns a server (`name` in messages) and resolves with `{url, stop, site}` once its stdout
 * matched `pattern` (`toUrl` turns the match into the page's address).
 */
function spawnServer({ name, command, args, pattern, toUrl, site = false, hint = '' }, timeoutMs) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not print its address within ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${command}: ${e.message}${hint}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited early with ${code}; stderr: ${stderr}`));
    });
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(pattern);
      if (m) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({
          url: toUrl(m),
          site,
          stop: () => new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 3000).unref();
          }),
        });
      }
    });
  });
}

/**
 * Starts `cards web --port 0` (with `--assets $CARDS_ASSETS` when set, to test edited page files
 * without rebuilding) and resolves with `{url, stop}` once it printed `listening on URL`. With
 * $CARDS_SITE, starts `python3 -m http.server` on 127.0.0.1 (a free port) serving that folder
 * instead (`site` is then true). `args`: more arguments of `cards web` (e.g. `--agent`).
 */
export function startServer({ timeoutMs = 20000, args: extra = [] } = {}) {
  const dir = siteDir();
  if (dir) {
    return spawnServer({
      name: 'python3 -m http.server',
      command: 'python3',
      args: ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
      pattern: /port (\d+)/,
      toUrl: (m) => `http://127.0.0.1:${m[1]}/`,
      site: true,
    }, timeoutMs);
  }
  const args = ['web', '--port', '0', ...extra];
  if (process.env.CARDS_ASSETS) args.push('--assets', path.resolve(here, process.env.CARDS_ASSETS));
  return spawnServer({
    name: 'cards web',
    command: cardsBin(),
    args,
    pattern: /listening on (http:\/\/\S+)/,
    toUrl: (m) => (m[1].endsWith('/') ? m[1] : `${m[1]}/`),
    hint: ' (set CARDS_BIN)',
  }, timeoutMs);
}

/** The Chromium flags the issue asks for (Playwright adds --headless itself; we pass it too). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Launches Chromium ($CHROMIUM, default /usr/bin/chromium) with a fresh --user-data-dir and
 * resolves with `{context, page, close}`. Console errors and page errors are collected in
 * `page.errors` (tests assert it stays empty).
 */
export async function launch({ viewport = { width: 1200, height: 900 } } = {}) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-web-tests-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
    viewport,
    acceptDownloads: true,
    timeout: 60000,
  });
  const page = context.pages()[0] || await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(`console: ${m.text()}`); });
  if (siteDir()) await watchSite(context, page, siteDir());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The page with no server: the API calls its local.js answers in the browser reach the tests as
 * the page's `request` and `response` events (as `cards web`'s would), and a request for anything
 * but the site's own files is a page error (the page makes no other).
 */
async function watchSite(context, page, dir) {
  const files = new Set(fs.readdirSync(dir));
  page.on('request', (r) => {
    if (r.isApiCall) return;
    const url = new URL(r.url());
    if (url.protocol === 'blob:' || url.protocol === 'data:') return;
    const own = url.hostname === '127.0.0.1' && files.has(url.pathname === '/' ? 'index.html' : url.pathname.slice(1));
    if (!own) page.errors.push(`a request for what is not the site's own file: ${r.method()} ${r.url()}`);
  });
  const calls = [];
  await context.exposeBinding('cardsApiSeen', ({ frame }, d) => {
    const url = new URL(d.path, frame.url()).href;
    if (d.phase === 'request') {
      const request = { isApiCall: true, url: () => url, method: () => d.method, postData: () => d.body || null };
      calls.push(request);
      page.emit('request', request);
    } else {
      const i = calls.findIndex((c) => c.url() === url && c.method() === d.method);
      const request = i >= 0 ? calls.splice(i, 1)[0] : { isApiCall: true, url: () => url, method: () => d.method, postData: () => null };
      page.emit('response', { url: () => url, status: () => d.status, request: () => request });
    }
  });
  await context.addInitScript(() => window.addEventListener('cards-api', (e) => window.cardsApiSeen(e.detail)));
}

/** Saves a full-page screenshot to target/web-screenshots/<name>.png and returns its path. */
export async function screenshot(page, name) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Waits until the page is idle: not animating computers (body[data-busy] not "true"). */
export async function waitIdle(page, timeout = 30000) {
  await page.waitForFunction(() => document.body.dataset.busy !== 'true' && window.cardsPage && window.cardsPage.view, null, { timeout });
}

/** Opens the page with `?speed=0&game=...` and starts a game through the setup form. */
export async function newGame(page, url, { game, rules, policy, seed } = {}) {
  const q = new URLSearchParams({ speed: '0' });
  if (game) q.set('game', game);
  if (rules) q.set('rules', rules);
  if (policy) q.set('policy', policy);
  // the seed is typed, not put in the address: a link with `game` and `seed` deals at once
  await page.goto(`${url}?${q}`);
  await page.waitForSelector('body[data-ready="true"]');
  if (game) await page.selectOption('[data-testid="game-select"]', game);
  if (rules) await page.selectOption('[data-testid="rules-select"]', rules);
  if (policy) await page.selectOption('[data-testid="policy-select"]', policy);
  if (seed !== undefined) await page.fill('[data-testid="seed-input"]', String(seed));
  await page.click('[data-testid="new-game"]');
  await page.waitForFunction((g) => window.cardsPage && window.cardsPage.view && window.cardsPage.view.game === g, game);
  await waitIdle(page);
}

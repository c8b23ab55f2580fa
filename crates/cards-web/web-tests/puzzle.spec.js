// The Puzzle tab: an open-hand Dou Dizhu endgame typed in, solved exactly by the server (or the
// page's own WebAssembly with no server), the verdict, the winning first plays and a line of play
// to the end shown step by step; a bad hand is an error on the page, not a blank.
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { launch, screenshot, startServer } from './harness.js';

let server;
let browser;
let bad = [];

before(async () => {
  server = await startServer();
  browser = await launch();
  browser.page.on('response', (r) => {
    if (r.status() >= 400) bad.push(`${r.request().method()} ${new URL(r.url()).pathname} -> ${r.status()}`);
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

beforeEach(() => {
  bad = [];
  if (browser) browser.page.errors.length = 0;
});

const $ = (id) => `[data-testid="${id}"]`;

async function openPuzzle(page) {
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click($('tab-puzzle'));
  await page.waitForSelector($('puzzle-solve'));
}

async function solve(page) {
  await page.click($('puzzle-solve'));
  await page.waitForSelector(`${$('puzzle-verdict')}, ${$('puzzle-error')}`);
}

test('the example puzzle: the first wins, its winning plays, a line to the end', async () => {
  const { page } = browser;
  await openPuzzle(page);
  assert.equal(await page.isVisible($('puzzle-panel')), true);
  assert.equal(await page.isVisible($('play-panel')), false);
  await solve(page);
  assert.match(await page.textContent($('puzzle-verdict')), /^The first wins with best play\. First to move wins\./);
  assert.ok(await page.locator(`${$('puzzle-winning')} .card`).count() > 0, 'the winning first plays as cards');
  const steps = page.locator($('puzzle-step'));
  const n = await steps.count();
  assert.ok(n >= 2, `a line of ${n} steps`);
  assert.match(await steps.nth(0).textContent(), /^1\.First/);
  // the line ends when the first has played out all six cards
  assert.match(await steps.nth(n - 1).textContent(), /cards left: First 0 · Second [1-6]$/);
  await screenshot(page, 'puzzle-example');
  assert.deepEqual(bad, []);
  assert.deepEqual(browser.page.errors, []);
});

test('a ban changes the question; a bad hand is an error on the page', async () => {
  const { page } = browser;
  await openPuzzle(page);
  await page.fill($('puzzle-first'), '333 4 55');
  await page.fill($('puzzle-second'), '2 2');
  await solve(page);
  const free = await page.textContent($('puzzle-verdict'));
  await page.check($('puzzle-ban-trio_solo'));
  await solve(page);
  assert.ok(await page.textContent($('puzzle-verdict')), 'a verdict with the ban too');
  assert.match(free, /wins with best play/);
  await page.fill($('puzzle-first'), '3X');
  await solve(page);
  assert.match(await page.textContent($('puzzle-error')), /first hand "3X"/);
  assert.equal(await page.locator($('puzzle-step')).count(), 0, 'no line left from before');
  assert.deepEqual(bad, ['POST /api/doudizhu/solve -> 400']);
});

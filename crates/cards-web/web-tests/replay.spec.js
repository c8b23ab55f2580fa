// Replays in the browser: records written by the CLI (`cards daifugo play --json`, `cards doudizhu
// play --json`) loaded by the file input, and a Kabu round played on the page and replayed with
// "Replay this game". Each is stepped forward to the end and back to the start, by keys and
// buttons, checking the step counter, the action shown and that the hands change and come back.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { cardsBin, launch, newGame, screenshot, startServer } from './harness.js';
import { firstPlay, isOver, legalActions, playThroughUi, yourTurn } from './play-helpers.js';

let server;
let browser;
let bad = [];
let dir;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-replay-'));
  server = await startServer();
  browser = await launch();
  browser.page.on('response', (r) => {
    if (r.status() >= 400) bad.push(`${r.request().method()} ${new URL(r.url()).pathname} -> ${r.status()}`);
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  bad = [];
  if (browser) browser.page.errors.length = 0;
});

const $ = (id) => `[data-testid="${id}"]`;
const errors = (page) => page.errors.filter((e) => !e.includes('Failed to load resource'));

/** Runs the `cards` binary under test and returns its stdout. */
function cards(...args) {
  return execFileSync(cardsBin(), args, { encoding: 'utf8', timeout: 30000 });
}

async function openReplayTab(page) {
  await page.goto(`${server.url}?speed=0`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click($('tab-replay'));
  await page.waitForSelector($('replay-file'));
}

async function loadFile(page, file) {
  await page.setInputFiles($('replay-file'), file);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="replay-step"]').dataset.total) > 0);
}

/** The step counter as numbers, checked against its text. */
async function step(page) {
  const s = page.locator($('replay-step'));
  const at = Number(await s.getAttribute('data-step'));
  const total = Number(await s.getAttribute('data-total'));
  assert.equal(await s.textContent(), `step ${at} / ${total}`);
  return { at, total };
}

/** Every seat's shown hand, as the cards drawn: [[data-card, ...], ...] by seat. */
function hands(page, seats) {
  return page.evaluate((n) => Array.from({ length: n }, (_, s) => {
    const row = document.querySelector(`[data-testid="replay-hand-${s}"]`);
    return row ? [...row.querySelectorAll('.card')].map((c) => c.dataset.card) : null;
  }), seats);
}

/**
 * Steps forward to the end (→ key, and the forward button every 5th step), then back to the
 * start (← key, the back button every 5th step), checking the counter at every step, that the
 * hands change on the way and are the same at each step on the way back, and the end buttons.
 * Saves the screenshot at step `screenshotAt` (on the way back; the last step on the way out).
 * Returns the hands per step.
 */
async function walk(page, seats, { screenshotName, screenshotAt }) {
  const start = await step(page);
  assert.equal(start.at, 0);
  const total = start.total;
  assert.equal(await page.isDisabled($('replay-prev')), true);
  assert.equal(await page.isDisabled($('replay-first')), true);
  assert.match(await page.textContent($('replay-action')), /deal|start/);
  const seen = [await hands(page, seats)];
  assert.ok(seen[0].every((h) => h !== null && h.length > 0), 'every hand is shown at the start');
  for (let i = 1; i <= total; i += 1) {
    if (i % 5 === 0) await page.click($('replay-next'));
    else await page.keyboard.press('ArrowRight');
    assert.equal((await step(page)).at, i);
    seen.push(await hands(page, seats));
    if (i === screenshotAt) await screenshot(page, screenshotName);
    const acting = await page.getAttribute($('replay-action'), 'data-seat');
    assert.ok(acting !== null, `step ${i} names who acted`);
  }
  assert.equal(await page.isDisabled($('replay-next')), true, 'no step after the last');
  assert.equal(await page.isDisabled($('replay-end')), true);
  await page.keyboard.press('ArrowRight');
  assert.equal((await step(page)).at, total, '→ at the end stays at the end');
  assert.notDeepEqual(seen[total], seen[0], 'the hands at the end differ from the deal');
  const changes = seen.slice(1).filter((h, i) => JSON.stringify(h) !== JSON.stringify(seen[i])).length;
  assert.ok(changes >= total / 3, `the hands change through the game (${changes} of ${total} steps)`);
  assert.ok(await page.isVisible($('replay-result')), 'the result is shown at the end');

  for (let i = total - 1; i >= 0; i -= 1) {
    if (i % 5 === 0) await page.click($('replay-prev'));
    else await page.keyboard.press('ArrowLeft');
    assert.equal((await step(page)).at, i);
    assert.deepEqual(await hands(page, seats), seen[i], `step ${i} shows the same hands going back`);
    if (i === screenshotAt) await screenshot(page, screenshotName);
  }
  assert.deepEqual(await hands(page, seats), seen[0], 'back at the start: the hands as dealt');
  await page.keyboard.press('End');
  assert.equal((await step(page)).at, total);
  await page.click($('replay-first'));
  assert.equal((await step(page)).at, 0);
  return seen;
}

test('replay a Daifugo record from `cards daifugo play --json`, forward and back', async () => {
  const { page } = browser;
  // The CLI writes one record a line, then the standings: the page takes the record lines.
  const out = cards('daifugo', 'play', '--seed', '7', '--games', '2', '--json');
  const file = path.join(dir, 'daifugo.jsonl');
  fs.writeFileSync(file, out);
  const first = JSON.parse(out.split('\n')[0]);
  await openReplayTab(page);
  await loadFile(page, file);
  assert.equal(await page.textContent($('replay-game')), 'daifugo');
  assert.equal(await page.isVisible($('replay-pick')), true, 'two games in the file: a chooser');
  const { total } = await step(page);
  assert.equal(total, first.actions.length, 'one frame per action');
  // The deal shows the record's hands, every one of them.
  const dealt = await hands(page, 5);
  first.hands.forEach((h, p) => assert.deepEqual(dealt[p], h.split(' '), `player ${p}'s hand as dealt`));
  // The first action is highlighted with its seat.
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute($('replay-action'), 'data-seat'), String(first.actions[0].player));
  assert.match(await page.getAttribute($(`replay-seat-${first.actions[0].player}`), 'class'), /to-act/);
  await page.keyboard.press('Home');
  await walk(page, 5, { screenshotName: 'replay-daifugo', screenshotAt: Math.floor(total / 2) });
  // The second game of the file: it has an exchange, so different hands.
  const loads = await page.getAttribute($('replay-root'), 'data-loads');
  await page.selectOption($('replay-pick'), '1');
  await page.waitForFunction((n) => document.querySelector('[data-testid="replay-root"]').dataset.loads !== n, loads);
  assert.equal((await step(page)).at, 0);
  const second = JSON.parse(out.split('\n')[1]);
  assert.equal((await step(page)).total, second.actions.length);
  // Game 2 starts after the card exchange: the gifts the record lists are shown at step 0.
  const gifts = await page.$$eval(`${$('replay-exchange')} .card`, (cs) => cs.map((c) => c.dataset.card));
  assert.deepEqual(gifts, second.exchange.filter(Boolean).join(' ').split(' '));
  assert.equal(await page.isVisible($('replay-exchange')), true);
  assert.notDeepEqual(await hands(page, 5), dealt);
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
});

test('replay a Dou Dizhu record from `cards doudizhu play --json`, forward and back', async () => {
  const { page } = browser;
  const out = cards('doudizhu', 'play', '--seed', '7', '--json');
  const file = path.join(dir, 'doudizhu.json');
  fs.writeFileSync(file, out);
  const { record } = JSON.parse(out);
  await openReplayTab(page);
  await loadFile(page, file);
  assert.equal(await page.textContent($('replay-game')), 'doudizhu');
  const { total } = await step(page);
  assert.equal(total, record.actions.length);
  const dealt = await hands(page, 3);
  record.hands.forEach((h, s) => assert.deepEqual(dealt[s], Array.from(h), `seat ${s}'s hand as dealt`));
  const seen = await walk(page, 3, { screenshotName: 'replay-doudizhu', screenshotAt: Math.floor(total / 2) });
  // Play runs forward on its own to the end, then offers to play again; a key stops it.
  await page.click($('replay-play'));
  assert.equal(await page.getAttribute($('replay-play'), 'aria-pressed'), 'true');
  await page.waitForFunction((t) => document.querySelector('[data-testid="replay-step"]').dataset.step === String(t), total);
  await page.waitForFunction(() => document.querySelector('[data-testid="replay-play"]').getAttribute('aria-pressed') === 'false');
  assert.deepEqual(await hands(page, 3), seen[total]);
  await page.click($('replay-play')); // from the end: starts over from the deal
  await page.keyboard.press('Home'); // a key stops it
  assert.equal(await page.getAttribute($('replay-play'), 'aria-pressed'), 'false');
  assert.equal((await step(page)).at, 0);
  await page.waitForTimeout(200);
  assert.equal((await step(page)).at, 0, 'stopped: no more steps');
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
});

test('replay the Kabu round just played with "Replay this game"', async () => {
  const { page } = browser;
  await newGame(page, server.url, { game: 'kabu', seed: 3 });
  await page.fill($('kabu-stake-1'), '1');
  await page.fill($('kabu-stake-2'), '1');
  await page.fill($('kabu-stake-3'), '1');
  await page.fill($('kabu-stake-4'), '1');
  await page.click($('kabu-bet'));
  for (let guard = 0; guard < 10; guard += 1) {
    await page.waitForFunction(() => document.body.dataset.busy !== 'true' && window.cardsPage.view
      && (window.cardsPage.view.over || window.cardsPage.view.your_turn) && window.cardsPage.view.observation.phase !== 'bets');
    const v = await page.evaluate(() => window.cardsPage.view);
    if (v.over) break;
    await page.click(v.legal.some((l) => l.action === 'stand') ? $('kabu-stand') : $('kabu-draw'));
  }
  const played = await page.evaluate(() => window.cardsPage.view);
  assert.equal(played.over, true);
  // Keep the record: the download is the crate's Record JSON of this round.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click($('download-record'))]);
  assert.equal(download.suggestedFilename(), 'cards-kabu-3.json');
  const saved = path.join(dir, 'kabu.json');
  await download.saveAs(saved);
  const record = JSON.parse(fs.readFileSync(saved, 'utf8'));
  assert.equal(record.seed, 3);
  assert.deepEqual(record.stakes, { 1: 1, 2: 1, 3: 1, 4: 1 });
  await page.click($('replay-this'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="replay-step"]')?.dataset.total) > 0);
  assert.equal(await page.isVisible($('replay-panel')), true);
  assert.equal(await page.textContent($('replay-game')), 'kabu');
  await page.keyboard.press('End');
  // The last frame shows the table as the round ended: every seat's cards as played.
  const end = await hands(page, 5);
  played.observation.seats.forEach((s, i) => assert.deepEqual(end[i], s.cards.filter((c) => c !== null)));
  assert.match(await page.textContent($('replay-result')), new RegExp(`Net for the player: ${played.observation.net > 0 ? '\\+' : ''}${played.observation.net}`));
  await page.keyboard.press('Home');
  const seen = await walk(page, 5, { screenshotName: 'replay-kabu', screenshotAt: (await step(page)).total });
  assert.deepEqual(seen[0].map((h) => h.length), [1, 1, 1, 1, 1], 'frame 0: the first cards only');
  assert.deepEqual(seen[1].map((h) => h.length), [2, 2, 2, 2, 2], 'after the bet: the second cards');
  // The downloaded file replays the same frames.
  const loads = await page.getAttribute($('replay-root'), 'data-loads');
  await page.setInputFiles($('replay-file'), saved);
  await page.waitForFunction((n) => document.querySelector('[data-testid="replay-root"]').dataset.loads !== n, loads);
  const again = [await hands(page, 5)];
  for (let i = 1; i < seen.length; i += 1) {
    await page.keyboard.press('ArrowRight');
    again.push(await hands(page, 5));
  }
  assert.deepEqual(again, seen);
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
});

test('replay the Daifugo game just played on the page with "Replay this game"', async () => {
  const { page } = browser;
  await newGame(page, server.url, { game: 'daifugo', seed: 5 });
  const start = await page.evaluate(() => window.cardsPage.view);
  assert.equal(start.game_number, 1);
  let mine = 0;
  for (let guard = 0; !(await isOver(page)); guard += 1) {
    assert.ok(guard < 200, 'the game ends');
    assert.ok(await yourTurn(page));
    await playThroughUi(page, firstPlay(await legalActions(page)));
    mine += 1;
  }
  const end = await page.evaluate(() => window.cardsPage.view);
  await page.click($('replay-this'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="replay-step"]')?.dataset.total) > 0);
  assert.equal(await page.textContent($('replay-game')), 'daifugo');
  const { total } = await step(page);
  assert.ok(total >= mine, 'every action of the game is a step');
  // Step 0: the person's hand as the game began (before their first click), and the other
  // four hands, all face up: the whole deck (52 cards and a joker under uecda).
  const dealt = await hands(page, 5);
  assert.deepEqual(dealt[0], start.observation.hand.split(' '));
  assert.equal(new Set(dealt.flat()).size, 53);
  // The end: the places the game ended with.
  await page.keyboard.press('End');
  const places = await page.$$eval(`${$('replay-result')} tr td:nth-child(2)`, (tds) => tds.map((t) => Number(t.textContent)));
  assert.deepEqual(places, end.result.places);
  await page.keyboard.press('Home');
  assert.deepEqual(await hands(page, 5), dealt);
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
});

test('a file that is not a record is refused with a message; the viewer stays usable and keeps its step across tabs', async () => {
  const { page } = browser;
  const junk = path.join(dir, 'junk.json');
  fs.writeFileSync(junk, '{"hello": "world"}');
  const broken = path.join(dir, 'broken.json');
  // A Dou Dizhu record whose first play is not in the hand: the engine refuses it (HTTP 400).
  const rec = JSON.parse(cards('doudizhu', 'play', '--seed', '7', '--json')).record;
  rec.hands[0] = rec.hands[1];
  fs.writeFileSync(broken, JSON.stringify(rec));
  await openReplayTab(page);
  assert.equal(await page.isVisible($('replay-nav')), false, 'no step buttons before a record');
  await page.setInputFiles($('replay-file'), junk);
  await page.waitForFunction(() => /no game record/.test(document.querySelector('[data-testid="replay-status"]').textContent));
  await page.setInputFiles($('replay-file'), broken);
  await page.waitForFunction(() => /does not replay/.test(document.querySelector('[data-testid="replay-status"]').textContent));
  assert.match(await page.getAttribute($('replay-status'), 'class'), /replay-error/);
  assert.deepEqual(bad, ['POST /api/replay -> 400']);
  bad = [];
  const good = path.join(dir, 'good.json');
  fs.writeFileSync(good, cards('doudizhu', 'play', '--seed', '8', '--json'));
  await loadFile(page, good);
  assert.equal((await step(page)).at, 0);
  await page.keyboard.press('ArrowRight');
  assert.equal((await step(page)).at, 1);
  // The arrow keys belong to the replay only while its tab is shown; coming back keeps the step.
  await page.click($('tab-play'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('End');
  await page.click($('tab-replay'));
  assert.equal((await step(page)).at, 1);
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
  // A bad file after a good one: the error, and no longer the previous game's board under it.
  assert.ok(await page.locator(`${$('replay-view')} .felt`).count() > 0, 'the good record is on screen');
  for (const [file, words] of [[broken, /does not replay/], [junk, /no game record/]]) {
    await page.setInputFiles($('replay-file'), good);
    await page.waitForFunction(() => document.querySelector('[data-testid="replay-view"] .felt'));
    await page.setInputFiles($('replay-file'), file);
    await page.waitForFunction((w) => new RegExp(w).test(document.querySelector('[data-testid="replay-status"]').textContent), words.source);
    assert.equal(await page.locator(`${$('replay-view')} *`).count(), 0, `${path.basename(file)}: the old board is gone`);
    assert.equal(await page.isVisible($('replay-nav')), false, `${path.basename(file)}: no step buttons`);
    await screenshot(page, `replay-bad-file-after-good-${path.basename(file, '.json')}`);
  }
  bad = [];
});

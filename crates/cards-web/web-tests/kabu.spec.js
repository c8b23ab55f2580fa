// A whole Kabu round played by clicking: stake on the fields, decide every draw the rule leaves to
// the person, watch the computer seats, and check the table and the settlement the page shows.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, beforeEach, test } from 'node:test';
import { launch, newGame, screenshot, startServer } from './harness.js';

let server;
let browser;

let bad = [];

before(async () => {
  server = await startServer();
  browser = await launch();
  // Every failed request (API or file) is a test failure here: the Kabu page must not cause one.
  browser.page.on('response', (r) => {
    if (r.status() >= 400) bad.push(`${r.request().method()} ${new URL(r.url()).pathname} -> ${r.status()}`);
  });
});

beforeEach(() => {
  bad = [];
  if (browser) browser.page.errors.length = 0;
});

/** Page errors other than the console's "Failed to load resource" lines (`bad` lists those). */
const errors = (page) => page.errors.filter((e) => !e.includes('Failed to load resource'));

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

const $ = (id) => `[data-testid="${id}"]`;

/** The page's latest view (what it draws). */
const view = (page) => page.evaluate(() => window.cardsPage.view);

/** After a click: waits until the page drew a different view and stopped animating at a decision or the end. */
async function settled(page, before) {
  await page.waitForFunction((prev) => {
    const v = window.cardsPage.view;
    return v && document.body.dataset.busy !== 'true' && JSON.stringify(v) !== prev && (v.over || v.your_turn);
  }, JSON.stringify(before), { timeout: 30000 });
  return view(page);
}

/** Decides every choice left to the person (`prefer` when legal, else the other) until the round is over. */
async function playOut(page, v, prefer) {
  const other = prefer === 'draw' ? 'stand' : 'draw';
  let now = v;
  for (let guard = 0; !now.over; guard += 1) {
    assert.ok(guard < 10, 'the round ends within a few decisions');
    const choice = now.legal.some((l) => l.action === prefer) ? prefer : other;
    await page.click($(`kabu-${choice}`));
    now = await settled(page, now);
  }
  return now;
}

/** Every seat's shown cards: [[text or "?" face down], ...] for fields 1..4 and the dealer. */
function shownCards(page) {
  return page.evaluate(() => [0, 1, 2, 3, 4].map((i) => [...document.querySelectorAll(`[data-testid="kabu-cards-${i}"] .card`)]
    .map((c) => (c.dataset.hidden === 'true' ? '?' : c.dataset.card))));
}

test('a whole Kabu round by clicking: stakes, draw decisions, settlement', async () => {
  const { page } = browser;
  await newGame(page, server.url, { game: 'kabu', seed: 7 });

  // The bet phase: one face-up card per seat, nothing else dealt, Bet disabled until a stake.
  let v = await view(page);
  assert.equal(v.observation.phase, 'bets');
  assert.equal(await page.getAttribute($('kabu-status'), 'data-phase'), 'bets');
  const first = await shownCards(page);
  assert.deepEqual(first.map((c) => c.length), [1, 1, 1, 1, 1]);
  assert.deepEqual(first.map((c) => c[0]), v.observation.seats.map((s) => s.cards[0]));
  assert.equal(await page.isDisabled($('kabu-bet')), true, 'no stake yet: Bet is disabled');
  assert.equal(await page.isVisible($('kabu-draw')), false, 'no draw buttons while betting');

  // Stakes: type 1 on field 1, two chips on field 3, one chip on field 4.
  await page.fill($('kabu-stake-1'), '1');
  await page.click($('kabu-chip-3'));
  await page.click($('kabu-chip-3'));
  await page.click($('kabu-chip-4'));
  assert.equal(await page.inputValue($('kabu-stake-3')), '2');
  assert.match(await page.textContent($('kabu-stake-total')), /total stake 4/);
  assert.equal(await page.isEnabled($('kabu-bet')), true);
  await page.click($('kabu-bet'));
  v = await settled(page, v);
  assert.deepEqual(v.observation.stakes, [1, 0, 2, 1]);
  for (const [i, s] of [[0, 1], [2, 2], [3, 1]]) {
    assert.equal(await page.textContent($(`kabu-stake-shown-${i}`)), `stake ${s}`);
  }

  // Decisions until the round is over: the buttons offer exactly the legal actions.
  let decisions = 0;
  for (let guard = 0; !v.over; guard += 1) {
    assert.ok(guard < 10, 'the round ends within a few decisions');
    assert.equal(v.your_turn, true);
    const legal = v.legal.map((l) => l.action).sort();
    assert.equal(await page.isEnabled($('kabu-draw')), legal.includes('draw'));
    assert.equal(await page.isEnabled($('kabu-stand')), legal.includes('stand'));
    const acting = Number(/\d/.exec(v.to_act)[0]) - 1;
    assert.ok(v.observation.stakes[acting] > 0, 'the person decides only for staked fields');
    assert.match(await page.getAttribute($(`kabu-seat-${acting}`), 'class'), /to-act/);
    assert.match(await page.textContent($('kabu-status')), new RegExp(`field ${acting + 1}`));
    // Alternate: draw on the first choice, stand on the next, and so on.
    const choice = legal.includes('draw') && (decisions % 2 === 0 || !legal.includes('stand')) ? 'draw' : 'stand';
    const cardsBefore = (await shownCards(page))[acting].length;
    await page.click($(`kabu-${choice}`));
    v = await settled(page, v);
    decisions += 1;
    const seat = v.observation.seats[acting];
    assert.equal(seat.drew, choice === 'draw', `field ${acting + 1} ${choice}`);
    assert.equal((await shownCards(page))[acting].length, cardsBefore + (choice === 'draw' ? 1 : 0));
    assert.equal(await page.textContent($(`kabu-drew-${acting}`)), choice === 'draw' ? 'drew a third card' : 'stood');
  }
  assert.ok(decisions >= 1, 'seed 7 with these stakes leaves the person at least one choice');

  // The end: every card face up, points shown, one settlement row per staked field, the net.
  assert.equal(await page.getAttribute($('kabu-status'), 'data-phase'), 'over');
  const end = await shownCards(page);
  for (const [i, seat] of v.observation.seats.entries()) {
    assert.deepEqual(end[i], seat.cards.filter((c) => c !== null), `seat ${i} shows its cards`);
    assert.ok(!end[i].includes('?'), `seat ${i}: nothing face down at the end`);
    if (seat.yaku === 'none' || seat.yaku.endsWith('_reach')) {
      assert.equal(await page.textContent($(`kabu-points-${i}`)), seat.points === 1 ? '1 point' : `${seat.points} points`);
    } else {
      assert.equal(await page.locator($(`kabu-points-${i}`)).count(), 0, 'a final yaku shows instead of points');
    }
    if (seat.yaku !== 'none') assert.ok((await page.textContent($(`kabu-yaku-${i}`))).length > 0);
    assert.equal(await page.getAttribute($(`kabu-seat-${i}`), 'data-drew'), String(seat.drew));
  }
  const rows = await page.locator(`${$('kabu-settlement')} tbody tr`).count();
  assert.equal(rows, 3);
  const net = v.observation.net;
  assert.equal(net, v.observation.settlement.reduce((a, s) => a + s.net, 0));
  assert.equal(await page.textContent($('kabu-net')), net > 0 ? `+${net}` : String(net));
  assert.equal(await page.isVisible($('download-record')), true);
  assert.equal(await page.isVisible($('replay-this')), true);
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
  await screenshot(page, 'kabu');
});

test('Kabu: Bet stays disabled with no stake and negative stakes count as none', async () => {
  const { page } = browser;
  await newGame(page, server.url, { game: 'kabu', seed: 11 });
  await page.fill($('kabu-stake-2'), '-3');
  assert.equal(await page.isDisabled($('kabu-bet')), true);
  await page.fill($('kabu-stake-2'), '0');
  assert.equal(await page.isDisabled($('kabu-bet')), true);
  await page.fill($('kabu-stake-2'), '5');
  assert.equal(await page.isEnabled($('kabu-bet')), true);
  const v = await view(page);
  await page.click($('kabu-bet'));
  const after = await settled(page, v);
  assert.deepEqual(after.observation.stakes, [0, 5, 0, 0]);
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
});

test('Kabu with the vb6 preset and the odds policy: the choices reach the server, the round ends', async () => {
  const { page } = browser;
  await newGame(page, server.url, { game: 'kabu', rules: 'vb6', policy: 'odds', seed: 21 });
  let v = await view(page);
  assert.equal(v.rules, 'vb6');
  assert.equal(v.policy, 'odds');
  await page.click($('kabu-chip-2'));
  await page.click($('kabu-bet'));
  v = await playOut(page, await settled(page, v), 'stand');
  assert.equal(await page.locator(`${$('kabu-settlement')} tbody tr`).count(), 1);
  assert.match(await page.textContent($('kabu-status')), /Round over: you (won|lost|broke even)/);
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
});

test('Kabu against the search dealer from the Computers menu: a round to its end, the dealer thinking on the server', async () => {
  const { page } = browser;
  await newGame(page, server.url, { game: 'kabu', policy: 'search', seed: 22 });
  let v = await view(page);
  assert.equal(v.policy, 'search');
  await page.click($('kabu-chip-1'));
  await page.click($('kabu-chip-3'));
  await page.click($('kabu-bet'));
  v = await playOut(page, await settled(page, v), 'draw');
  assert.equal(await page.locator(`${$('kabu-settlement')} tbody tr`).count(), 2);
  assert.match(await page.textContent($('kabu-status')), /Round over: you (won|lost|broke even)/);
  assert.equal(typeof v.observation.seats[4].drew, 'boolean', 'the dealer decided');
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
});

test('Kabu: a dealer クッピン is shown as the yaku and takes every stake', async () => {
  const { page } = browser;
  // Seed 27: the dealer's two cards are an A and a 9.
  await newGame(page, server.url, { game: 'kabu', seed: 27 });
  let v = await view(page);
  for (const i of [1, 2, 3, 4]) await page.fill($(`kabu-stake-${i}`), '1');
  await page.click($('kabu-bet'));
  v = await playOut(page, await settled(page, v), 'draw');
  assert.equal(v.observation.seats[4].yaku, 'kuppin');
  assert.match(await page.textContent($('kabu-yaku-4')), /クッピン/);
  assert.equal(await page.locator($('kabu-points-4')).count(), 0);
  for (const i of [0, 1, 2, 3]) assert.match(await page.textContent($(`kabu-field-net-${i}`)), /dealer クッピン: -1/);
  assert.equal(await page.textContent($('kabu-net')), '-4');
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
});

test('a seed past 2^53 round-trips: shown whole, downloaded, typed back, and a link deals it again', async () => {
  const { page } = browser;
  const SEED = '14139169353587959645'; // a JavaScript number rounds it to 14139169353587960000
  /** A round at the current page: stake 1 on field 1, stand whenever asked; the final view. */
  const play = async () => {
    let v = await view(page);
    await page.fill($('kabu-stake-1'), '1');
    await page.click($('kabu-bet'));
    v = await settled(page, v);
    return playOut(page, v, 'stand');
  };
  await newGame(page, server.url, { game: 'kabu', seed: SEED });
  const dealt = (await view(page)).observation;
  // the typed seed stays on show while the round is played (the server keeps it hidden)
  assert.equal(await page.getAttribute($('status-seed'), 'data-seed'), SEED);
  assert.match(await page.textContent($('status-seed')), new RegExp(SEED));
  const end = await play();
  assert.equal(end.seed, SEED, 'the view carries the seed whole, as a string');
  assert.equal(await page.getAttribute($('status-seed'), 'data-seed'), SEED);
  await screenshot(page, 'kabu-big-seed');
  // the download: its name and its record carry the seed whole
  const [download] = await Promise.all([page.waitForEvent('download'), page.click($('download-record'))]);
  assert.equal(download.suggestedFilename(), `cards-kabu-${SEED}.json`);
  const text = fs.readFileSync(await download.path(), 'utf8');
  assert.match(text, new RegExp(`"seed": ${SEED}\\b`));
  // "Replay this game" sends the record back: it replays (a rounded seed would not)
  await page.click($('replay-this'));
  await page.waitForFunction(() => document.querySelector('[data-testid="replay-root"]')?.dataset.loads === '1'
    || document.querySelector('[data-loads]')?.dataset.loads === '1', null, { timeout: 30000 });
  assert.match(await page.textContent($('replay-status')), new RegExp(`seed ${SEED}`));
  // typed back: the same deal, the same round
  const shown = await page.getAttribute($('status-seed'), 'data-seed');
  await newGame(page, server.url, { game: 'kabu', seed: shown });
  assert.deepEqual((await view(page)).observation, dealt);
  assert.deepEqual((await play()).observation, end.observation);
  // the seed chip's link opens the page and deals the same round
  const href = await page.getAttribute($('seed-link'), 'href');
  assert.match(href, new RegExp(`[?&]game=kabu&.*seed=${SEED}`));
  await page.goto(new URL(href, server.url).href);
  await page.waitForFunction(() => window.cardsPage && window.cardsPage.view && document.body.dataset.busy !== 'true', null, { timeout: 30000 });
  assert.deepEqual((await view(page)).observation, dealt);
  assert.equal(await page.inputValue($('seed-input')), SEED);
  assert.deepEqual(errors(page), []);
  assert.deepEqual(bad, []);
});

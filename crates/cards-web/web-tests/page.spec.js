// The page's smaller items (issue 33): passing for the person when pass is all they can do, the
// texts (bids said once, "1 card", Kabu's payouts in chips, ten written 10), the joker's face,
// and the person's hand in view on a phone's screen.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launch, newGame, screenshot, screenshotDir, startServer, waitIdle } from './harness.js';
import { firstPlay, legalActions, playThroughUi } from './play-helpers.js';

let server;

before(async () => {
  server = await startServer();
});

after(async () => {
  if (server) await server.stop();
});

const $ = (id) => `[data-testid="${id}"]`;
const view = (page) => page.evaluate(() => window.cardsPage.view);
const onlyPass = (v) => v.your_turn && v.legal.length === 1 && v.legal[0].action === 'pass';

/**
 * Plays a Daifugo game to its end, the person playing its first legal non-pass action; returns
 * how many times the page stopped for the person with pass the only legal action, and how many
 * passes the page sent by itself.
 */
async function daifugoGame(page, autoPass) {
  let sent = 0;
  const count = (r) => {
    if (r.url().endsWith('/action') && /"pass"/.test(r.postData() || '')) sent += 1;
  };
  page.on('request', count);
  await newGame(page, server.url, { game: 'daifugo', policy: 'random', seed: 3 });
  if (autoPass) {
    // ticked after the first view: a first turn with pass only is the person's to take
    await page.check($('auto-pass'));
  }
  let stops = 0;
  let own = 0;
  let ones = 0;
  for (let guard = 0; guard < 300; guard += 1) {
    await waitIdle(page);
    const v = await view(page);
    if (v.over) break;
    if (!v.your_turn) continue;
    const n = v.observation.counts[0];
    assert.equal(await page.textContent($('count-0')), `${n} ${n === 1 ? 'card' : 'cards'}`);
    ones += n === 1 ? 1 : 0;
    if (onlyPass(v)) stops += 1;
    const action = firstPlay(await legalActions(page));
    if (action.action === 'pass') own += 1;
    await playThroughUi(page, action);
  }
  assert.equal((await view(page)).over, true, 'the game ends');
  page.off('request', count);
  return { stops, auto: sent - own, ones };
}

test('Daifugo: "Pass for me" passes when pass is the only legal action; unticked, the page waits', { timeout: 240000 }, async () => {
  const { page, close } = await launch();
  try {
    const manual = await daifugoGame(page, false);
    assert.ok(manual.stops > 0, 'seed 3 leaves the person with nothing but pass at least once');
    assert.equal(manual.auto, 0, 'nothing passed for the person unasked');
    assert.ok(manual.ones > 0, 'the person was down to 1 card (shown as "1 card")');
    const auto = await daifugoGame(page, true);
    assert.ok(auto.stops <= 1, `with the box ticked the page stopped ${auto.stops} times on a pass-only turn`);
    assert.ok(auto.auto >= manual.stops - 1, `the page passed ${auto.auto} times for the person`);
    await screenshot(page, 'daifugo-auto-pass');
    assert.deepEqual(page.errors, []);
  } finally {
    await close();
  }
});

test('texts: a bid said once, "1 card", Kabu payouts in chips, ten as 10, the joker inside its card', { timeout: 120000 }, async () => {
  const { page, close } = await launch();
  try {
    // Dou Dizhu: bid, then read what the page says of the bids
    // seed 28: the person bids first, and the kitty is 4 5 T
    await newGame(page, server.url, { game: 'doudizhu', rules: 'standard', policy: 'random', seed: 28 });
    let v = await view(page);
    if (v.your_turn && v.legal.some((l) => /3$/.test(l.action))) {
      const bid = v.legal.find((l) => /3$/.test(l.action)).action;
      await page.click($(`bid-${bid}`));
      await page.waitForFunction(() => window.cardsPage.view.observation.landlord !== null && document.body.dataset.busy !== 'true', null, { timeout: 30000 });
      v = await view(page);
    }
    const text = await page.textContent('main');
    assert.doesNotMatch(text, /bid bid/, 'a bid is said once');
    assert.doesNotMatch(text, /\b1 cards\b/);
    assert.match(await page.textContent($('bids')), /bid [123]/);
    assert.equal(v.observation.landlord, 0, 'the person bid 3 and is the landlord');
    const kittyLeft = await page.textContent($('kitty-left'));
    assert.match(kittyLeft, /\b10\b/, 'ten is written 10');
    assert.doesNotMatch(kittyLeft, /T/);
    await screenshot(page, 'doudizhu-bids-text');
    // Kabu: a field's payout says what comes back and what is won
    // seed 16, a stake on every field, standing when allowed: field 2 has シッピン (3x), field 3 wins
    await newGame(page, server.url, { game: 'kabu', seed: 16 });
    for (const i of [1, 2, 3, 4]) await page.fill($(`kabu-stake-${i}`), '1');
    await page.click($('kabu-bet'));
    for (let guard = 0; guard < 10; guard += 1) {
      await waitIdle(page);
      v = await view(page);
      if (v.over) break;
      const choice = v.legal.some((l) => l.action === 'stand') ? 'stand' : 'draw';
      await page.click($(`kabu-${choice}`));
      await page.waitForFunction((prev) => JSON.stringify(window.cardsPage.view) !== prev, JSON.stringify(v));
    }
    v = await view(page);
    assert.equal(v.over, true);
    const settlement = v.result.settlement || v.observation.settlement || [];
    assert.ok(settlement.some((s) => s.case === 'shippin' && s.net === 2), JSON.stringify(settlement));
    for (const s of settlement) {
      const i = Number(/\d/.exec(s.seat)[0]) - 1;
      const shown = await page.textContent($(`kabu-field-net-${i}`));
      if (s.net > 0) assert.match(shown, new RegExp(`\\+${s.net} \\(${s.stake + s.net} back for a stake of ${s.stake}: the stake and ${s.net} won\\)`));
      else if (s.net === 0) assert.match(shown, /stake of 1 back/);
      else assert.match(shown, /lost/);
    }
    assert.match(await page.textContent($('kabu-settlement')), /back for a stake of|lost/);
    await screenshot(page, 'kabu-payout-text');
    // the joker: its letters stay inside its face, at every size
    const overflow = await page.evaluate(async () => {
      const { cardEl } = await import('./app.js');
      const box = document.createElement('div');
      box.dataset.testid = 'joker-sample';
      box.style.cssText = 'display:flex;gap:8px;padding:8px;background:#1e5a3c';
      box.append(cardEl('JK'), cardEl('RJ'), cardEl('JK=S5'), cardEl('JK', { small: true }), cardEl('JK=H10', { small: true }));
      document.querySelector('main').prepend(box);
      const out = [];
      for (const card of box.children) {
        const c = card.getBoundingClientRect();
        for (const part of card.querySelectorAll('*')) {
          const r = part.getBoundingClientRect();
          if (r.width === 0) continue;
          if (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5 || r.left < c.left - 0.5 || r.right > c.right + 0.5) out.push(`${card.dataset.card} ${part.className}`);
        }
      }
      return out;
    });
    await page.locator($('joker-sample')).screenshot({ path: `${screenshotDir}/joker-cards.png` });
    assert.deepEqual(overflow, [], 'every part of a joker inside its card');
    assert.deepEqual(page.errors, []);
  } finally {
    await close();
  }
});

test('phone width 390x844: the hand is in view on Daifugo\'s first turn', { timeout: 120000 }, async () => {
  const { page, close } = await launch({ viewport: { width: 390, height: 844 } });
  try {
    await newGame(page, server.url, { game: 'daifugo', policy: 'random', seed: 1 });
    const v = await view(page);
    assert.equal(v.your_turn, true);
    const hand = await page.locator($('hand')).boundingBox();
    const scroll = await page.evaluate(() => window.scrollY);
    // the bounding box is relative to the viewport: the hand's top row is on screen
    assert.ok(hand.y >= 0 && hand.y < 844 - 40, `the hand starts at ${hand.y} px (scrolled ${scroll})`);
    await page.screenshot({ path: `${screenshotDir}/daifugo-phone-first-turn.png` });
    assert.deepEqual(page.errors, []);
  } finally {
    await close();
  }
});

// Daifugo in the browser: a whole game against four computers by clicking legal moves, the
// record download, then the second game of the match with the card exchange.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import { newGame, screenshot, waitIdle } from './harness.js';
import {
  T, assertClean, firstPlay, isOver, legalActions, playOffered, playThroughUi, selectCards, suiteSetup, yourTurn,
} from './play-helpers.js';

// Seed 1: the first game ends with the person 1st (大富豪) when it always plays its first legal
// action, so the second game starts with the person giving two cards through the page. The test
// also handles any other outcome (it then checks the exchange the computers made).
const SEED = 1;

/** Checks that the table shows the view's observation: counts, passes, places, classes, the meld, the flags, the hand. */
async function checkShown(page) {
  const v = await page.evaluate(() => window.cardsPage.view);
  const o = v.observation;
  const passed = Array.isArray(o.passed) ? o.passed : [0, 1, 2, 3, 4].map((p) => Boolean(o.passed & (1 << p)));
  for (const p of [0, 1, 2, 3, 4]) {
    const count = await page.textContent(T(`count-${p}`));
    assert.equal(Number(count.match(/\d+/)[0]), o.counts[p], `player ${p}'s count`);
    assert.equal(await page.locator(T(`passed-${p}`)).count(), passed[p] ? 1 : 0, `player ${p} passed: ${passed[p]}`);
    assert.equal(await page.locator(T(`place-${p}`)).count(), o.places[p] ? 1 : 0, `player ${p}'s place`);
    assert.equal(await page.locator(T(`class-${p}`)).count(), o.classes ? 1 : 0, `player ${p}'s class`);
  }
  assert.equal(await page.getAttribute(T('table-meld'), 'data-meld'), o.state.table || '');
  assert.equal(await page.getAttribute(T('flag-revolution'), 'data-on'), String(o.state.revolution));
  assert.equal(await page.getAttribute(T('flag-lock'), 'data-on'), String(o.state.lock));
  assert.equal(await page.getAttribute(T('flag-eleven-back'), 'data-on'), String(o.state.eleven_back));
  const hand = await page.$$eval(`${T('hand')} .card`, (cs) => cs.map((c) => c.dataset.card));
  assert.deepEqual(hand, o.hand ? o.hand.split(' ') : [], 'the hand as dealt');
  // The computers sit in play order from the person, named Seat 1 to Seat 4 (as Dou Dizhu's
  // seats are), each with the player number the records use.
  const shownSeats = await page.$$eval(`${T('opponents')} .seat`,
    (ss) => ss.map((s) => [Number(s.dataset.player), s.querySelector('.name').textContent]));
  const i0 = o.seats.indexOf(0);
  assert.deepEqual(shownSeats.map(([p]) => p), [1, 2, 3, 4].map((k) => o.seats[(i0 + k) % 5]), `seats ${o.seats}`);
  shownSeats.forEach(([p, name], k) => assert.match(name, new RegExp(`^Seat ${k + 1}computer, player ${p}`), name));
  return o;
}

describe('Daifugo', () => {
  const env = suiteSetup();

  test('a whole game by clicking legal moves, then the next game with the exchange', { timeout: 240000 }, async () => {
    const { page, server } = env;
    await newGame(page, server.url, { game: 'daifugo', seed: SEED });
    // The seed deals every hand: the server keeps it until the end; the seed the person typed stays on show (the server sends it only at the end)
    assert.match(await page.textContent(T('status-seed')), new RegExp(`^seed ${SEED} `));
    assert.equal(await page.evaluate(() => window.cardsPage.view.seed), null);
    // Every player's count is on the table from the start.
    for (const p of [1, 2, 3, 4]) {
      assert.match(await page.textContent(T(`count-${p}`)), /^\d+$/);
    }
    for (const f of ['flag-revolution', 'flag-lock', 'flag-eleven-back']) {
      assert.ok(await page.locator(T(f)).isVisible(), `${f} is shown`);
    }

    let turns = 0;
    let checkedIllegal = false;
    let midShot = false;
    let sawRevolution = false;
    while (!(await isOver(page))) {
      assert.ok(await yourTurn(page) || await isOver(page), 'the page stops for the person or at the end');
      if (await isOver(page)) break;
      turns += 1;
      assert.ok(turns < 200, 'the game ends');
      const legal = await legalActions(page);
      assert.ok(legal.length > 0, 'the person always has a legal action');
      const shown = await checkShown(page);
      if (shown.state.revolution) sawRevolution = true;
      const handBefore = Number(await page.getAttribute(T('you'), 'data-count'));

      // A selection that is no legal action leaves Play disabled.
      if (!checkedIllegal) {
        const hand = (await page.getAttribute(T('hand'), 'data-cards')).split(' ');
        const singles = new Set(legal.filter((a) => a.cards.length === 1).map((a) => a.cards[0]));
        const illegalCard = hand.find((c) => !singles.has(c));
        if (illegalCard) {
          await selectCards(page, [illegalCard]);
          assert.equal(await playOffered(page), false, `Play stays disabled for ${illegalCard}`);
          assert.match(await page.textContent(T('selection-note')), /Not a legal play/);
          await page.click(T('clear-selection'));
          checkedIllegal = true;
        }
      }
      if (!midShot && (await page.getAttribute(T('table-meld'), 'data-meld'))) {
        await screenshot(page, 'daifugo-table');
        midShot = true;
      }

      const action = firstPlay(legal);
      await playThroughUi(page, action);
      if (action.cards.length) {
        const handAfter = Number(await page.getAttribute(T('you'), 'data-count'));
        assert.ok(handAfter <= handBefore - action.cards.length, `playing ${action.action} took its cards from the hand`);
      }
    }
    assert.ok(checkedIllegal, 'an illegal selection was tried');
    console.log(`# ${turns} turns of the person; a revolution seen: ${sawRevolution}`);
    assert.ok(turns > 0, 'the person played');

    // The end: places of all five, points, the download, the next game.
    await waitIdle(page);
    assert.ok(await page.locator(T('result')).isVisible());
    const places = [];
    for (const p of [0, 1, 2, 3, 4]) {
      places.push(Number(await page.textContent(T(`result-place-${p}`))));
    }
    assert.deepEqual([...places].sort(), [1, 2, 3, 4, 5], `places ${places}`);
    await screenshot(page, 'daifugo-over');
    assert.match(await page.textContent(T('status-seed')), new RegExp(`^seed ${SEED} `));
    assert.equal(await page.getAttribute(T('status-seed'), 'data-seed'), String(SEED));

    // Download and Replay sit in the result box, beside the result; the rules are a click away
    assert.equal(await page.locator(`${T('result')} ${T('download-record')}`).count(), 1);
    assert.equal(await page.locator(`${T('result')} ${T('replay-this')}`).count(), 1);
    assert.match(await page.textContent(T('how-to-play')), /How Daifugo is played.*♦3 leads/s);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(T('download-record'))]);
    assert.equal(download.suggestedFilename(), `cards-daifugo-${SEED}.json`);
    const record = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    assert.equal(typeof record, 'object');
    assert.ok(JSON.stringify(record).length > 100, 'the record has the game');

    // Game 2: classes from game 1's places, then the exchange.
    await page.click(T('next-game'));
    await page.waitForFunction(() => window.cardsPage.view && window.cardsPage.view.game_number === 2);
    await waitIdle(page);
    assert.match(await page.textContent(T('game-number')), /game 2/);
    for (const p of [0, 1, 2, 3, 4]) {
      assert.ok(await page.locator(T(`class-${p}`)).isVisible(), `player ${p}'s class is shown`);
    }
    const myPlace = places[0];
    if (myPlace <= 2) {
      // The person gives cards: 大富豪 two, 富豪 one, chosen in the hand.
      assert.equal(await page.getAttribute(T('flag-exchanging'), 'data-on'), 'true');
      const gives = await legalActions(page);
      assert.ok(gives.length > 0 && gives.every((a) => a.action.startsWith('give ')), 'only gives are legal');
      assert.equal(gives[0].cards.length, myPlace === 1 ? 2 : 1);
      assert.equal(await page.locator(T('pass')).count(), 0, 'no pass in the exchange');
      await screenshot(page, 'daifugo-exchange');
      await playThroughUi(page, gives[0]);
      assert.deepEqual(
        (await page.getAttribute(T('hand'), 'data-cards')).split(' ').filter((c) => gives[0].cards.includes(c)),
        [],
        'the given cards left the hand',
      );
      assert.ok(await page.locator(T('returned')).isVisible(), 'the page shows what the person gave');
    } else if (myPlace >= 4) {
      // 貧民 or 大貧民: the tribute left on its own; the page shows it and what came back
      const seen = await page.textContent(T('exchange-seen'));
      const o = await page.evaluate(() => window.cardsPage.view.observation);
      assert.ok(o.given, 'the view carries the tribute');
      assert.match(seen, /Your tribute in the exchange: /, seen);
      if (o.received) assert.match(seen, /you received: /, seen);
    }
    // Play on a few turns into game 2.
    for (let i = 0; i < 3 && !(await isOver(page)); i += 1) {
      assert.ok(await yourTurn(page));
      await playThroughUi(page, firstPlay(await legalActions(page)));
    }
    await screenshot(page, 'daifugo-game2');

    assertClean(env);
  });

  test('a joker standing in for different cards: the person picks which', { timeout: 60000 }, async () => {
    const { page, server } = env;
    // Seed 2: at the person's first turn C5 with the joker is a pair three ways (JK as ♦5, ♥5, ♠5).
    await newGame(page, server.url, { game: 'daifugo', seed: 2 });
    assert.ok(await yourTurn(page));
    const legal = await legalActions(page);
    const ways = legal.filter((a) => [...a.cards].sort().join(' ') === 'C5 JK');
    assert.ok(ways.length >= 2, `C5 JK is legal several ways: ${ways.map((a) => a.action)}`);
    // Picking an entry of the list of legal actions selects its cards; the list stays open.
    await page.click(`${T('legal-list')} summary`);
    await page.click(`${T('legal-list')} button[data-action="${ways[0].action}"]`);
    assert.match(await page.textContent(T('selection-note')), new RegExp(`Legal in ${ways.length} ways`));
    assert.equal(await page.getAttribute(T('legal-list'), 'open'), '', 'the list stays open');
    await page.click(T('clear-selection'));
    assert.equal(await page.locator(`${T('hand')} [aria-pressed="true"]`).count(), 0, 'Clear empties the selection');
    await selectCards(page, ['C5', 'JK']);
    assert.match(await page.textContent(T('selection-note')), new RegExp(`Legal in ${ways.length} ways`));
    assert.equal(await page.locator(T('play')).count(), 0, 'no single Play button when the cards are ambiguous');
    const offered = await page.$$eval('[data-testid^="choice-"]', (bs) => bs.map((b) => b.dataset.action));
    assert.deepEqual(offered, ways.map((a) => a.action), 'one button per way, exactly the legal ones');
    await screenshot(page, 'daifugo-joker-choice');
    const pick = ways[ways.length - 1].action;
    await page.click(`[data-testid^="choice-"][data-action="${pick}"]`);
    await waitIdle(page);
    assert.equal(await page.locator(`${T('log')} li[data-player="0"][data-action="${pick}"]`).count(), 1, `the log has the person's ${pick}`);
    assertClean(env);
  });

  test('preset tutorial with random computers: a whole game by clicking legal moves', { timeout: 120000 }, async () => {
    const { page, server } = env;
    await newGame(page, server.url, { game: 'daifugo', rules: 'tutorial', policy: 'random', seed: 4 });
    assert.match(await page.textContent(T('status')), /rules tutorial/);
    assert.match(await page.textContent(T('status')), /computers random/);
    let turns = 0;
    while (!(await isOver(page))) {
      assert.ok(await yourTurn(page));
      turns += 1;
      assert.ok(turns < 200, 'the game ends');
      await checkShown(page);
      await playThroughUi(page, firstPlay(await legalActions(page)));
    }
    const places = [];
    for (const p of [0, 1, 2, 3, 4]) places.push(Number(await page.textContent(T(`result-place-${p}`))));
    assert.deepEqual([...places].sort(), [1, 2, 3, 4, 5], `places ${places}`);
    assertClean(env);
  });

  test('a revolution and a lock are shown while they hold', { timeout: 120000 }, async () => {
    // Seed 5 (uecda, seed computers): a revolution and a lock both come up at the person's turns.
    const { page, server } = env;
    await newGame(page, server.url, { game: 'daifugo', seed: 5 });
    let sawRevolution = false;
    let sawLock = false;
    let turns = 0;
    while (!(await isOver(page))) {
      assert.ok(await yourTurn(page));
      turns += 1;
      assert.ok(turns < 200, 'the game ends');
      const o = await checkShown(page);
      if (o.state.revolution && !sawRevolution) await screenshot(page, 'daifugo-revolution');
      sawRevolution ||= o.state.revolution;
      sawLock ||= o.state.lock;
      await playThroughUi(page, firstPlay(await legalActions(page)));
    }
    assert.ok(sawRevolution, 'a revolution was on the table at one of the person\'s turns');
    assert.ok(sawLock, 'a lock was on the table at one of the person\'s turns');
    assertClean(env);
  });
});

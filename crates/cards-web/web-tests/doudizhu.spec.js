// Dou Dizhu in the browser: the auction with the bid buttons, then a whole game against two
// computers by clicking legal moves, the record download.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import { newGame, screenshot, waitIdle } from './harness.js';
import {
  T, assertClean, firstPlay, isOver, legalActions, playOffered, playThroughUi, selectCards, suiteSetup, yourTurn,
} from './play-helpers.js';

const SEED = 3;

describe('Dou Dizhu', () => {
  const env = suiteSetup();

  test('the auction, then a whole game by clicking legal moves', { timeout: 240000 }, async () => {
    const { page, server } = env;
    await newGame(page, server.url, { game: 'doudizhu', rules: 'standard', seed: SEED });
    const table = T('doudizhu-table');
    assert.equal(await page.getAttribute(table, 'data-phase'), 'auction');
    for (const s of [1, 2]) assert.equal(await page.textContent(T(`count-${s}`)), '17');
    assert.equal(await page.getAttribute(T('kitty'), 'data-cards'), '', 'the kitty is face down during the auction');

    // The auction: the bid buttons are exactly the legal bids; the person bids the highest.
    let bids = 0;
    while (!(await isOver(page)) && (await page.getAttribute(table, 'data-phase')) === 'auction') {
      assert.ok(await yourTurn(page));
      const buttons = await page.$$eval(`${T('actions')} button[data-action]`, (bs) => bs.map((b) => b.dataset.action));
      assert.ok(buttons.includes('pass'), `pass is offered in the auction: ${buttons}`);
      assert.equal(await page.locator(T('play')).count(), 0, 'no Play button in the auction');
      const best = buttons.filter((b) => b !== 'pass').at(-1) || 'pass';
      if (bids === 0) await screenshot(page, 'doudizhu-auction');
      await page.click(T(`bid-${best}`));
      await waitIdle(page);
      bids += 1;
      assert.ok(bids < 10);
    }
    assert.ok(bids > 0, 'the person bid');
    assert.notEqual(await page.getAttribute(T('landlord'), 'data-value'), '', 'a landlord is shown');
    assert.equal((await page.getAttribute(T('kitty'), 'data-cards')).length, 3, 'the kitty is shown face up');
    assert.match(await page.textContent(T('multiplier')), /\d/);

    let turns = 0;
    let checkedIllegal = false;
    let midShot = false;
    while (!(await isOver(page))) {
      assert.ok(await yourTurn(page));
      turns += 1;
      assert.ok(turns < 100, 'the game ends');
      const legal = await legalActions(page, { ranks: true });
      assert.ok(legal.length > 0);
      if (!checkedIllegal) {
        // The weakest and the strongest card together are no play (unless a rocket, or a pair).
        const hand = Array.from(await page.getAttribute(T('hand'), 'data-cards'));
        const pick = [hand[0], hand[hand.length - 1]];
        const isLegal = legal.some((a) => a.cards.length === 2 && [...a.cards].sort().join('') === [...pick].sort().join(''));
        if (!isLegal && hand.length >= 2) {
          await selectCards(page, pick);
          assert.equal(await playOffered(page), false, `Play stays disabled for ${pick.join('')}`);
          assert.match(await page.textContent(T('selection-note')), /Not a legal play/);
          await page.click(T('clear-selection'));
          checkedIllegal = true;
        }
      }
      if (!midShot && (await page.getAttribute(T('trick'), 'data-cards'))) {
        await screenshot(page, 'doudizhu-table');
        midShot = true;
      }
      const before = Number(await page.getAttribute(T('you'), 'data-count'));
      const action = firstPlay(legal);
      await playThroughUi(page, action);
      if (action.cards.length) {
        assert.equal(Number(await page.getAttribute(T('you'), 'data-count')), before - action.cards.length);
      }
    }
    assert.ok(checkedIllegal, 'an illegal selection was tried');

    await waitIdle(page);
    assert.ok(await page.locator(T('result')).isVisible());
    let sum = 0;
    for (const s of [0, 1, 2]) {
      const row = await page.textContent(T(`result-row-${s}`));
      sum += Number(row.match(/[+-]?\d+$/)[0]);
    }
    assert.equal(sum, 0, 'the returns sum to zero');
    await screenshot(page, 'doudizhu-over');
    // The log tells the auction's bids from plays of the same text (`3` is a bid, then a solo three).
    const o = await page.evaluate(() => window.cardsPage.view.observation);
    const log = (await page.$$eval(`${T('log')} li`, (lis) => lis.map((li) => li.textContent))).reverse();
    assert.equal(log.length, o.history.length, 'the log has every action');
    o.history.forEach((h, i) => {
      const isBid = i < o.bids.length;
      assert.equal(/ bid | in the auction/.test(log[i]), isBid, `entry ${i} (${h.action}): ${log[i]}`);
    });

    assert.equal(await page.locator(`${T('result')} ${T('download-record')}`).count(), 1, 'Download beside the result');
    assert.match(await page.textContent(T('how-to-play')), /How Dou Dizhu is played.*landlord/s);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(T('download-record'))]);
    assert.equal(download.suggestedFilename(), `cards-doudizhu-${SEED}.json`);
    const record = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    assert.ok(JSON.stringify(record).length > 100);

    assertClean(env);
  });

  for (const rules of ['strict', 'openspiel', 'douzero', 'rlcard']) {
    test(`preset ${rules}: a whole game by clicking legal moves`, { timeout: 120000 }, async () => {
    const { page, server } = env;
      await newGame(page, server.url, { game: 'doudizhu', rules, seed: 11 });
      assert.match(await page.textContent(T('status')), new RegExp(`rules ${rules}`));
      let turns = 0;
      while (!(await isOver(page))) {
        assert.ok(await yourTurn(page));
        turns += 1;
        assert.ok(turns < 100, 'the game ends');
        if ((await page.getAttribute(T('doudizhu-table'), 'data-phase')) === 'auction') {
          const buttons = await page.$$eval(`${T('actions')} button[data-action]`, (bs) => bs.map((b) => b.dataset.action));
          assert.ok(buttons.length > 0, 'bid buttons are offered');
          await page.click(T(`bid-${buttons.filter((b) => b !== 'pass').at(-1) || 'pass'}`));
          await waitIdle(page);
          continue;
        }
        await playThroughUi(page, firstPlay(await legalActions(page, { ranks: true })));
      }
      assert.ok(await page.locator(T('result')).isVisible());
      assert.notEqual(await page.getAttribute(T('landlord'), 'data-value'), '', 'a landlord is shown');
      assertClean(env);
    });
  }

  test('everyone passes in the auction: the page deals again by itself and says so', { timeout: 60000 }, async () => {
    // Seed 60 (standard): when the person passes, both computers pass too; deal 2 is seed 61's.
    const { page, server } = env;
    await newGame(page, server.url, { game: 'doudizhu', rules: 'standard', seed: 60 });
    const before = await page.evaluate(() => window.cardsPage.view.id);
    assert.equal(await page.locator(T('redeal-note')).count(), 0);
    for (let i = 0; i < 3 && (await page.evaluate(() => window.cardsPage.view.deal)) === 1; i += 1) {
      assert.ok(!(await isOver(page)));
      if (await yourTurn(page)) await page.click(T('bid-pass'));
      await waitIdle(page);
    }
    await waitIdle(page);
    const view = await page.evaluate(() => window.cardsPage.view);
    assert.equal(view.deal, 2);
    assert.equal(view.id, before, 'the same game, dealt again');
    assert.ok(!(await isOver(page)));
    assert.equal(await page.getAttribute(T('doudizhu-table'), 'data-phase'), 'auction');
    assert.match(await page.textContent(T('redeal-note')), /Everyone passed: dealing again \(deal 2\)/);
    assert.equal(await page.getAttribute(T('deal'), 'data-value'), '2');
    assert.equal(await page.locator(T('result')).count(), 0);
    await screenshot(page, 'doudizhu-redeal');
    assertClean(env);
  });
});

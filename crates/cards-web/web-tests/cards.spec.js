// The page's setup form (games, presets, computers, pace) and its card drawing: every card of
// the deck in each text form the games send, drawn by app.js's cardEl (CSS only), read back by its
// accessible label; a screenshot of all faces.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { screenshot, startServer } from './harness.js';
import { assertClean, suiteSetup } from './play-helpers.js';

const SUITS = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const RANKS = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2'];

describe('the shell and the card drawing', () => {
  const env = suiteSetup();

  test('every card text is drawn with its rank, suit and colour', { timeout: 60000 }, async () => {
    const { page, server } = env;
    await page.goto(`${server.url}?speed=0`);
    await page.waitForSelector('body[data-ready="true"]');
    const texts = [];
    for (const s of Object.keys(SUITS)) for (const r of RANKS) texts.push(`${s}${r}`);
    texts.push('HT', '♠5', 'JK', 'BJ', 'RJ', 'JK=S5', 'JK=H<3', ...'3456789TJQKA2BR', null);
    const drawn = await page.evaluate(async (list) => {
      const app = await import('/app.js');
      const root = document.getElementById('table-root');
      root.replaceChildren(app.el('div', { class: 'felt', testid: 'all-cards' }, app.cardsRow(list)));
      return [...root.querySelectorAll('.card')].map((c) => ({
        label: c.getAttribute('aria-label'),
        red: c.classList.contains('red'),
        back: c.classList.contains('back'),
        text: c.textContent,
      }));
    }, texts);
    assert.equal(drawn.length, texts.length);
    for (let i = 0; i < 52; i += 1) {
      const suit = SUITS[texts[i][0]];
      const rank = texts[i].slice(1);
      assert.equal(drawn[i].label, `${rank} of ${suit}`, texts[i]);
      assert.equal(drawn[i].red, suit === 'hearts' || suit === 'diamonds', `${texts[i]} colour`);
      assert.ok(drawn[i].text.includes(rank), `${texts[i]} shows its rank`);
    }
    const label = (t) => drawn[texts.indexOf(t)].label;
    assert.equal(label('HT'), '10 of hearts');
    assert.equal(label('♠5'), '5 of spades');
    assert.equal(label('JK'), 'black joker');
    assert.equal(label('BJ'), 'black joker');
    assert.equal(label('RJ'), 'red joker');
    assert.equal(label('JK=S5'), 'black joker as ♠5');
    assert.equal(label('JK=H<3'), 'black joker as ♥ below 3');
    assert.equal(drawn[texts.indexOf('T')].label, '10');
    assert.equal(drawn[texts.indexOf('B')].label, 'black joker');
    assert.equal(drawn[texts.indexOf('R')].label, 'red joker');
    assert.ok(drawn[drawn.length - 1].back, 'null is a face-down card');
    await screenshot(page, 'cards');
    assertClean(env);
  });

  test('the setup: games, presets and computers from /api/info, their defaults, the pace from ?speed', { timeout: 60000 }, async () => {
    const { page, server } = env;
    await page.goto(`${server.url}?speed=75`);
    await page.waitForSelector('body[data-ready="true"]');
    // as the page reads it (from `cards web`, or answered in the browser by the page with no server)
    const info = await page.evaluate(async () => (await import('/app.js')).api('/api/info'));
    assert.equal(await page.inputValue('[data-testid="pace-select"]'), '75');
    const games = await page.$$eval('[data-testid="game-select"] option', (os) => os.map((o) => o.value));
    for (const g of ['daifugo', 'doudizhu']) assert.ok(games.includes(g), `${g} can be chosen`);
    for (const g of ['daifugo', 'doudizhu']) {
      await page.selectOption('[data-testid="game-select"]', g);
      const presets = await page.$$eval('[data-testid="rules-select"] option', (os) => os.map((o) => o.value));
      const policies = await page.$$eval('[data-testid="policy-select"] option', (os) => os.map((o) => o.value));
      assert.deepEqual(presets, info.games[g].presets);
      assert.deepEqual(policies, info.games[g].policies);
      assert.equal(await page.inputValue('[data-testid="rules-select"]'), info.games[g].default_rules ?? presets[0]);
      assert.equal(await page.inputValue('[data-testid="policy-select"]'), info.games[g].default_policy ?? policies[0]);
    }
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.inputValue('[data-testid="pace-select"]'), '600', 'a readable pace by default');
    // the first screen says what each game is, and names every preset and computer player
    for (const g of Object.keys(info.games)) {
      const intro = await page.textContent(`[data-testid="intro-${g}"]`);
      for (const name of [...info.games[g].presets, ...info.games[g].policies]) {
        assert.ok(intro.includes(name), `${g}: the intro names ${name}: ${intro}`);
        assert.ok(intro.includes(`${name} — `), `${g}: the intro says what ${name} is: ${intro}`);
      }
      assert.ok(intro.length > 200, `${g}: the intro says what the game is: ${intro}`);
    }
    assertClean(env);
  });

  test('errors are shown: a bad seed, then the server gone while the computers play', { timeout: 60000 }, async () => {
    const { page } = env;
    const own = await startServer();
    try {
      await page.goto(`${own.url}?speed=1200&game=daifugo`);
      await page.waitForSelector('body[data-ready="true"]');
      await page.fill('[data-testid="seed-input"]', '12x');
      await page.click('[data-testid="new-game"]');
      assert.match(await page.textContent('[data-testid="error-message"]'), /seed is a whole number/);
      // the whole box reads as the message alone (no button, and no stray "null" after it)
      const box = await page.textContent('[data-testid="error"]');
      assert.equal(box, await page.textContent('[data-testid="error-message"]'));
      assert.doesNotMatch(box, /null|undefined/);
      assert.equal(await page.evaluate(() => window.cardsPage.view), null, 'no game was asked for');
      // Seed 7: the computers move first; stop the server while the page waits between their moves.
      // (The page with no server has none to lose: once loaded it plays with the server gone.)
      if (own.site) {
        await own.stop();
        await page.fill('[data-testid="seed-input"]', '7');
        await page.click('[data-testid="new-game"]');
        await page.waitForFunction(() => window.cardsPage.view !== null && window.cardsPage.view.your_turn);
        assert.equal(await page.isHidden('[data-testid="error"]'), true, 'no error with the file server gone');
      } else {
        await page.fill('[data-testid="seed-input"]', '7');
        await page.click('[data-testid="new-game"]');
        await page.waitForFunction(() => window.cardsPage.view !== null);
        assert.equal(await page.getAttribute('body', 'data-busy'), 'true');
        await own.stop();
        await page.waitForSelector('[data-testid="error-retry"]', { timeout: 10000 });
        assert.match(await page.textContent('[data-testid="error-message"]'), /server did not answer/);
        assert.equal(await page.textContent('[data-testid="error"]'),
          `${await page.textContent('[data-testid="error-message"]')}Try again`, 'the message, then the button');
        assert.equal(await page.getAttribute('body', 'data-busy'), 'false');
      }
    } finally {
      await own.stop();
    }
    env.bad.length = 0; // the refused requests above were on purpose
    env.page.errors.length = 0;
  });

  test('every failure reads as words, whatever was thrown (never "null" or "undefined")', async () => {
    const { page, server } = env;
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]');
    const texts = await page.evaluate(async () => {
      const { errorText, ApiError } = await import('/app.js');
      return [null, undefined, '', '  ', {}, { message: null }, new Error(''), 'the game is over',
        new ApiError(409, 'it is your turn')].map(errorText);
    });
    for (const t of texts.slice(0, 7)) assert.equal(t, 'something went wrong, and no message came with it');
    assert.deepEqual(texts.slice(7), ['the game is over', 'it is your turn']);
    // an answer without a message names its status
    const msg = await page.evaluate(async () => {
      const { api } = await import('/app.js');
      try { await api('/api/nothing/at/all'); } catch (e) { return e.message; }
      return 'no error';
    });
    assert.match(msg, /^no route/);
    assert.deepEqual(env.bad, ['GET /api/nothing/at/all -> 404']);
    env.bad.length = 0; // the refused request above was on purpose
    env.page.errors.length = 0;
  });
});

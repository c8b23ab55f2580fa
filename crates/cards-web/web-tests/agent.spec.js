// Your own program among the computers (`cards web --agent`): the setup form offers the agents
// the server was started with, by name, for their games only, and a whole Dou Dizhu game is
// played against one picked in the computer selector; the program (the `cards` command's test
// agent, crates/cards-web/tests/agent/agent.py) is asked at the computers' seats. Skipped for the
// page with no server (CARDS_SITE): a browser runs no programs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { newGame, repoRoot, screenshot, siteDir } from './harness.js';
import {
  T, assertClean, firstPlay, isOver, legalActions, playThroughUi, suiteSetup, yourTurn,
} from './play-helpers.js';

const script = path.join(repoRoot, 'crates', 'cards-web', 'tests', 'agent', 'agent.py');
const log = path.join(os.tmpdir(), `cards-web-agent-spec-${process.pid}.jsonl`);

describe('your own agent', { skip: siteDir() ? 'the page with no server runs no programs' : false }, () => {
  fs.rmSync(log, { force: true });
  const env = suiteSetup({
    serverArgs: [
      '--agent', `doudizhu:mybot=exec:python3 ${script} last ${log}`,
      '--agent', `anybot=exec:python3 ${script} first`,
      '--agent-ms', '5000',
    ],
  });

  test('offered by name for its games, picked in the selector, it plays a whole game', { timeout: 240000 }, async () => {
    const { page, server } = env;
    await page.goto(`${server.url}?speed=0`);
    await page.waitForSelector('body[data-ready="true"]');
    const options = async (game) => {
      await page.selectOption(T('game-select'), game);
      return page.$$eval(`${T('policy-select')} option`, (os) => os.map((o) => [o.value, o.textContent]));
    };
    // after the built-in players, the agents offered for the game, marked as the person's program
    const kabu = await options('kabu');
    assert.deepEqual(kabu.slice(-1), [['anybot', 'anybot (your program)']]);
    assert.ok(!kabu.some(([v]) => v === 'mybot'), 'mybot is for Dou Dizhu only');
    const ddz = await options('doudizhu');
    assert.deepEqual(ddz.slice(-2), [['mybot', 'mybot (your program)'], ['anybot', 'anybot (your program)']]);
    assert.ok(ddz.some(([v]) => v === 'greedy'), 'the built-in players stay');
    // the first screen says what an agent is
    const intro = await page.textContent(T('intro-doudizhu'));
    assert.match(intro, /mybot — your own program, started by this server/);

    // the selector, opened as a list for the screenshot
    await page.selectOption(T('policy-select'), 'mybot');
    await page.$eval(T('policy-select'), (s) => { s.size = s.options.length; });
    await screenshot(page, 'agent-selector');
    await page.$eval(T('policy-select'), (s) => { s.removeAttribute('size'); });

    await newGame(page, server.url, { game: 'doudizhu', rules: 'standard', policy: 'mybot', seed: 5 });
    assert.equal(await page.evaluate(() => window.cardsPage.view.policy), 'mybot');
    let turns = 0;
    while (!(await isOver(page))) {
      assert.ok(await yourTurn(page));
      turns += 1;
      assert.ok(turns < 100, 'the game ends');
      if ((await page.getAttribute(T('doudizhu-table'), 'data-phase')) === 'auction') {
        // the highest bid: the agent bids its last legal action too, so the deal is played
        const bids = await page.$$eval(`${T('actions')} button[data-action]`, (bs) => bs.map((b) => b.dataset.action));
        await page.click(T(`bid-${bids.filter((b) => b !== 'pass').at(-1) || 'pass'}`));
        await page.waitForFunction(() => document.body.dataset.busy !== 'true');
        continue;
      }
      if (turns === 3) await screenshot(page, 'agent-table');
      await playThroughUi(page, firstPlay(await legalActions(page, { ranks: true })));
    }
    assert.notEqual(await page.getAttribute(T('table'), 'data-over'), null);
    await screenshot(page, 'agent-over');
    // the program was asked at the computers' seats, with their own observation
    const questions = fs.readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.ok(questions.length > 3, `${questions.length} questions`);
    for (const q of questions) {
      assert.equal(q.game, 'doudizhu');
      assert.ok(q.seat === 1 || q.seat === 2, `seat ${q.seat}`);
      assert.equal(q.observation.seat, q.seat);
      assert.ok(q.legal.length >= 2);
    }
    assertClean(env);
    fs.rmSync(log, { force: true });
  });
});

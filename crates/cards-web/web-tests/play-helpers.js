// Clicking through a game like a person: read the legal actions the page lists, select their
// cards in the hand, check the page's verdict, press the button. Shared by the Daifugo and Dou
// Dizhu specs.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { launch, startServer, waitIdle } from './harness.js';

const T = (id) => `[data-testid="${id}"]`;
export { T };

/** Records every API answer >= 400 and every static 404 except page2's optional modules. */
export function watchResponses(page) {
  const bad = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.status() < 400) return;
    if (r.status() === 404 && /^\/(kabu|replay)\.js$/.test(url.pathname)) return;
    bad.push(`${r.request().method()} ${url.pathname} -> ${r.status()}`);
  });
  return bad;
}

/** Page errors, without the console's "Failed to load resource" lines (watchResponses judges those). */
export function pageErrors(page) {
  return page.errors.filter((e) => !e.includes('Failed to load resource'));
}

/** The legal actions the page lists: [{action, cards: [...]}] (empty when it is not the person's turn). */
export async function legalActions(page, { ranks = false } = {}) {
  return page.$$eval(`${T('legal-list')} button[data-action]`, (bs, r) => bs.map((b) => ({
    action: b.dataset.action,
    cards: b.dataset.cards ? (r ? Array.from(b.dataset.cards) : b.dataset.cards.split(' ')) : [],
  })), ranks);
}

/** Clicks the hand's cards `cards` (each text once: duplicate ranks pick the next unselected card). */
export async function selectCards(page, cards) {
  for (const c of cards) {
    const card = page.locator(`${T('hand')} [data-card="${c}"][aria-pressed="false"]`).first();
    assert.ok(await card.count(), `card ${c} is in the hand`);
    await card.click();
  }
}

/** Whether the page's Play button (or one of the reading choices) is offered for the selection. */
export async function playOffered(page) {
  if (await page.locator(`${T('choice-0')}`).count()) return true;
  return page.locator(T('play')).isEnabled();
}

/**
 * Plays `action` (one of legalActions) through the UI: select its cards and press Play (or the
 * choice naming it), or press Pass. Asserts the page judged the selection legal.
 */
export async function playThroughUi(page, action) {
  if (!action.cards.length) {
    assert.equal(action.action, 'pass');
    assert.ok(await page.locator(T('pass')).isEnabled(), 'Pass is enabled when pass is legal');
    await page.click(T('pass'));
  } else {
    await selectCards(page, action.cards);
    const note = await page.textContent(T('selection-note'));
    assert.match(note, /^(Legal|Give)/, `the page calls ${action.action} legal: "${note}"`);
    const choice = page.locator(`[data-testid^="choice-"][data-action="${action.action}"]`);
    if (await choice.count()) {
      await choice.first().click();
    } else {
      const play = page.locator(T('play'));
      assert.ok(await play.isEnabled(), 'Play is enabled for a legal selection');
      assert.equal(await play.getAttribute('data-action'), action.action);
      await play.click();
    }
  }
  await waitIdle(page);
}

/** The first legal action that is not a pass, else pass (the tests' choice: deterministic, and the game moves on). */
export function firstPlay(legal) {
  return legal.find((a) => a.action !== 'pass') || legal.find((a) => a.action === 'pass');
}

/** Whether the table shows the person's turn (and the page is idle). */
export async function yourTurn(page) {
  await waitIdle(page);
  return (await page.getAttribute(T('table'), 'data-your-turn')) === 'true';
}

export async function isOver(page) {
  return (await page.getAttribute(T('table'), 'data-over')) === 'true';
}

/**
 * Inside a describe(): starts a server and a browser before the suite and stops them after it.
 * Returns `env` whose `server`, `page` and `bad` (failed requests) are set once the suite runs.
 */
export function suiteSetup({ serverArgs = [] } = {}) {
  const env = {};
  before(async () => {
    env.server = await startServer({ args: serverArgs });
    env.browser = await launch();
    env.page = env.browser.page;
    env.bad = watchResponses(env.page);
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (env.server) await env.server.stop();
  });
  return env;
}

/** Asserts that no request failed and the page logged no error so far. */
export function assertClean(env) {
  assert.deepEqual(env.bad, [], 'no request failed');
  assert.deepEqual(pageErrors(env.page), [], 'no page errors');
}

// The npm package under Node.js: whole games of all three games through `Table` (ids, text,
// observations, the built-in players), errors thrown as Errors, and the page's API (`PageApi`)
// playing a game to its record and replay. Run by .ci/run after `cargo xtask wasm`:
//   node --test crates/cards-wasm/tests/node/
// The package folder is $CARDS_WASM_PKG, else target/cards-wasm/pkg at the repository root.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(process.env.CARDS_WASM_PKG || path.join(here, '..', '..', '..', '..', 'target', 'cards-wasm', 'pkg'));
const { initSync, Table, PageApi, info } = await import(pathToFileURL(path.join(pkg, 'cards_wasm.js')).href);
initSync({ module: readFileSync(path.join(pkg, 'cards_wasm_bg.wasm')) });

const manifest = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));

test('the package folder is npm-ready: its manifest names files that exist, with the TypeScript declarations', () => {
  assert.equal(manifest.name, 'cards-wasm');
  for (const f of manifest.files) assert.ok(readFileSync(path.join(pkg, f)).length > 0, f);
  const dts = readFileSync(path.join(pkg, manifest.types), 'utf8');
  for (const name of ['class Table', 'applyId(id: number): void', 'legalTexts(): string[]', 'class PageApi', 'export function info(): string']) {
    assert.ok(dts.includes(name), `${name} in ${manifest.types}`);
  }
});

test('info lists the three games with their presets and built-in players', () => {
  const games = JSON.parse(info());
  assert.deepEqual(Object.keys(games).sort(), ['daifugo', 'doudizhu', 'kabu']);
  assert.equal(games.doudizhu.players, 3);
  assert.ok(games.kabu.presets.includes('vb6'));
  assert.ok(games.daifugo.policies.includes('search'));
});

for (const [game, policy] of [['daifugo', 'tutorial'], ['doudizhu', 'greedy'], ['kabu', 'house']]) {
  test(`a whole ${game} game, the built-in ${policy} player choosing by id for every seat`, () => {
    const t = new Table(game, null, 7n);
    assert.equal(t.game, game);
    let moves = 0;
    while (!t.isOver()) {
      const p = t.currentPlayer();
      const obs = JSON.parse(t.observation(p));
      assert.equal(typeof obs, 'object');
      const ids = t.legalIds();
      const texts = t.legalTexts();
      assert.equal(ids.length, texts.length);
      const id = t.choose(policy, BigInt(moves));
      assert.ok(ids.includes(id), `${id} is legal`);
      assert.ok(id < t.numActions);
      t.applyId(id);
      moves += 1;
      assert.ok(moves < 5000, 'the game ends');
    }
    assert.equal(t.currentPlayer(), undefined);
    const returns = t.returns();
    assert.equal(returns.length, t.numPlayers);
    const record = JSON.parse(t.record());
    assert.equal(typeof record, 'object');
    assert.throws(() => t.applyId(0), /over/);
    t.free();
  });
}

test('the same seed deals the same game; text actions; a search player on a playout budget', () => {
  const a = new Table('doudizhu', 'douzero', 11n);
  const b = new Table('doudizhu', 'douzero', 11n);
  assert.equal(a.observation(0), b.observation(0));
  assert.equal(a.rules, 'douzero');
  while (!a.isOver()) {
    const id = a.choose('search', 3n, 50n);
    assert.equal(a.applyText(a.actionText(id)), id);
  }
  assert.ok(a.isOver());
});

test('a search player on a think-time budget reads the clock (std\'s panics in WebAssembly)', () => {
  for (const game of ['daifugo', 'doudizhu', 'kabu']) {
    const t = new Table(game, null, 5n);
    const start = performance.now();
    const id = t.choose('search', 1n, undefined, 30n);
    assert.ok(t.legalIds().includes(id), game);
    assert.ok(performance.now() - start < 5000, `${game}: the 30 ms budget ends the search`);
  }
});

test('a record replays to the same game; a clone plays on alone', () => {
  for (const game of ['daifugo', 'doudizhu', 'kabu']) {
    const t = new Table(game, null, 11n);
    for (let n = 0; !t.isOver(); n += 1) t.applyId(t.choose('random', BigInt(n)));
    const again = Table.fromRecord(game, t.record());
    assert.equal(again.isOver(), true, game);
    assert.deepEqual([...again.returns()], [...t.returns()], game);
    assert.equal(again.record(), t.record(), game);
    assert.equal(again.rules, t.rules, game);
    const fresh = new Table(game, null, 11n);
    const copy = fresh.clone();
    copy.applyId(copy.legalIds()[0]);
    assert.equal(fresh.observation(0), new Table(game, null, 11n).observation(0), game);
  }
});

test('bad input throws an Error with the reason, and the game is unchanged', () => {
  assert.throws(() => new Table('poker', null, 0n), /unknown game "poker"/);
  assert.throws(() => new Table('kabu', 'nonsense', 0n), /rules/);
  const t = new Table('kabu', 'vb6', 3n);
  const before = t.observation(0);
  assert.throws(() => t.applyText('fold'), /"fold" is no action of kabu/);
  assert.throws(() => t.applyId(1e9), /out of range/);
  assert.throws(() => Table.fromRecord('kabu', '{"rules": 1, "rules": 2}'), /given twice/);
  assert.throws(() => t.observation(2), /players 0 to 1/);
  assert.throws(() => t.choose('clever', 0n), /clever/);
  assert.throws(() => t.choose('search', 0n, 0n), /at least 1/);
  assert.equal(t.observation(0), before);
});

test('the page API answers in WebAssembly as the server does: a Kabu round to its record and replay', () => {
  const api = new PageApi();
  const call = (method, p, body = '') => {
    const r = api.handle(method, p, body);
    return { status: r.status, json: JSON.parse(r.body) };
  };
  assert.equal(call('GET', '/api/info').json.games.kabu.default_policy, 'house');
  let { status, json: view } = call('POST', '/api/games', JSON.stringify({ game: 'kabu', seed: '5' }));
  assert.equal(status, 201);
  const id = view.id;
  view = call('POST', `/api/games/${id}/action`, JSON.stringify({ action: 'bet', stakes: [1, 1, 1, 1] })).json;
  while (!view.over) {
    view = view.your_turn
      ? call('POST', `/api/games/${id}/action`, JSON.stringify({ action: view.legal[0].action })).json
      : call('POST', `/api/games/${id}/advance`, '{}').json;
  }
  assert.equal(view.seed, '5');
  const record = call('GET', `/api/games/${id}/record`);
  assert.equal(record.status, 200);
  const replay = call('POST', '/api/replay', JSON.stringify(record.json));
  assert.equal(replay.json.game, 'kabu');
  assert.ok(replay.json.frames.length > 1);
  assert.equal(call('GET', '/api/games/nope').status, 404);
  assert.equal(call('POST', '/api/games', 'not json').status, 400);
});

test('a drawn seed differs from one page load to the next (std has no entropy there: Math.random is mixed in)', () => {
  // each process is a fresh module instance, as each page load is
  const script = `
    import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
    const m = await import(${JSON.stringify(pathToFileURL(path.join(pkg, 'cards_wasm.js')).href)});
    m.initSync({ module: readFileSync(${JSON.stringify(path.join(pkg, 'cards_wasm_bg.wasm'))}) });
    const view = JSON.parse(new m.PageApi().handle('POST', '/api/games', '{"game": "daifugo"}').body);
    console.log(JSON.stringify(view.observation.hand));`;
  const hands = new Set();
  for (let i = 0; i < 3; i += 1) {
    hands.add(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
  }
  assert.equal(hands.size, 3, [...hands].join(''));
});

// The shell of the `cards web` page: setup (game, rules, computer policy, seed), the HTTP
// helpers, card drawing, the loop that animates the computers' turns, the record download and
// the hook into the replay viewer. Each game draws its table in its own module (daifugo.js,
// doudizhu.js, kabu.js), which registers itself with `registerGame`; replay.js sets
// `window.cardsReplay`. Plain ES modules, no build step: the server embeds these files.

/** An HTTP answer that was not 2xx: `status` and the server's `error` message. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/**
 * The words of a failure for the person: an error's message, or the text given; never "null",
 * "undefined" or an empty box, whatever was thrown.
 */
export function errorText(e) {
  if (typeof e === 'string' && e.trim()) return e;
  if (e && typeof e.message === 'string' && e.message.trim()) return e.message;
  return 'something went wrong, and no message came with it';
}

/** The largest seed, 2^64-1: seeds are decimal strings on the page (a number rounds past 2^53). */
export const MAX_SEED = 18446744073709551615n;

/**
 * `JSON.parse`, except that an integer past `Number.MAX_SAFE_INTEGER` (a seed goes up to
 * 2^64-1) is kept as its decimal string instead of a rounded number.
 */
export function parseJson(text) {
  const kept = String(text).replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g,
    (t) => (/^-?\d+$/.test(t) && !Number.isSafeInteger(Number(t)) ? `"${t}"` : t));
  return JSON.parse(kept);
}

/**
 * JSON text indented two spaces a level, every token kept as written (so a seed past 2^53 stays
 * exact, which `JSON.stringify(JSON.parse(text))` would round).
 */
export function indentJson(text) {
  let depth = 0;
  let out = '';
  const pad = () => `\n${'  '.repeat(depth)}`;
  for (const [t] of String(text).matchAll(/"(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s"{}[\],:]+/g)) {
    if (t === '{' || t === '[') {
      depth += 1;
      out += t + pad();
    } else if (t === '}' || t === ']') {
      depth -= 1;
      out += pad() + t;
    } else if (t === ',') out += `,${pad()}`;
    else if (t === ':') out += ': ';
    else out += t;
  }
  return out.replace(/([{[])\n\s*([}\]])/g, '$1$2');
}

/**
 * Calls the JSON API: GET when `body` is undefined, else POST with `body` as JSON.
 * Resolves with the parsed answer (integers past 2^53 as strings, see `parseJson`); rejects
 * with an ApiError on any non-2xx status. `raw`: resolve with the answer's text instead.
 * The page with no server (`cargo xtask site`) sets `window.cardsFetch` (its local.js): the
 * same API answering in WebAssembly in a Web Worker, called as `fetch` is.
 */
export async function api(path, body, { raw = false } = {}) {
  const init = body === undefined
    ? { method: 'GET' }
    : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  let res;
  try {
    res = await (window.cardsFetch || fetch)(path, init);
  } catch (e) {
    throw new ApiError(0, `the server did not answer (${errorText(e)})`);
  }
  const text = await res.text();
  let json = null;
  try {
    json = text ? parseJson(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const msg = json && typeof json.error === 'string' && json.error.trim()
      ? json.error
      : `the server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    throw new ApiError(res.status, msg);
  }
  return raw ? text : json;
}

/**
 * Builds an element. attrs: `class`, `testid` (→ data-testid), `on:<event>` handlers,
 * `dataset` (object), booleans (set when true), anything else as an attribute.
 * children: strings, nodes, arrays of them, null/undefined/false (skipped).
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on:')) node.addEventListener(k.slice(3), v);
    else if (k === 'testid') node.dataset.testid = v;
    else if (k === 'class') node.className = v;
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else if (v === true) node.setAttribute(k, '');
    else node.setAttribute(k, String(v));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(node, c);
    else node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

// ---------------------------------------------------------------- cards

const SUITS = {
  S: { symbol: '♠', name: 'spades', red: false },
  H: { symbol: '♥', name: 'hearts', red: true },
  D: { symbol: '♦', name: 'diamonds', red: true },
  C: { symbol: '♣', name: 'clubs', red: false },
};
const SUIT_OF_SYMBOL = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C' };
const RANK_NAMES = { T: '10', '10': '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };

/**
 * Reads a card's text: Daifugo/Kabu ASCII (`S3`, `H10`, `HT`, `♠5`, `JK`, `BJ`, `RJ`,
 * `JK=S5` a joker standing in for ♠5), Dou Dizhu rank characters (`3`..`9`, `T`, `J`, `Q`,
 * `K`, `A`, `2`, `B` black joker, `R` red joker), or null/`?` for a face-down card.
 * Returns `{kind: 'back'|'joker'|'card', suit, rank, red, standIn, text}`.
 */
export function parseCard(text) {
  if (text === null || text === undefined || text === '?' || text === '') {
    return { kind: 'back', text: '?' };
  }
  const t = String(text).trim();
  const eq = t.indexOf('=');
  if (eq >= 0) {
    const base = parseCard(t.slice(0, eq));
    return { ...base, standIn: standInLabel(t.slice(eq + 1)), text: t };
  }
  const up = t.toUpperCase();
  if (up === 'JK' || up === 'JO' || up === 'BJ' || up === 'B' || up === 'X') {
    return { kind: 'joker', red: false, text: t };
  }
  if (up === 'RJ' || up === 'R') return { kind: 'joker', red: true, text: t };
  if (/^(10|[2-9TJQKA])$/.test(up)) {
    return { kind: 'card', suit: null, rank: RANK_NAMES[up] || up, red: false, text: t };
  }
  let suit = SUIT_OF_SYMBOL[t[0]] || (SUITS[up[0]] ? up[0] : null);
  let rank = up.slice(1);
  if (!suit && SUITS[up[up.length - 1]]) {
    // `5s`, `10h`
    suit = up[up.length - 1];
    rank = up.slice(0, -1);
  }
  if (suit && /^(10|[2-9TJQKA])$/.test(rank)) {
    return { kind: 'card', suit, rank: RANK_NAMES[rank] || rank, red: SUITS[suit].red, text: t };
  }
  return { kind: 'unknown', text: t };
}

function standInLabel(s) {
  const u = s.trim().toUpperCase();
  const suit = SUIT_OF_SYMBOL[s.trim()[0]] || u[0];
  const rest = u.slice(1);
  const sym = SUITS[suit] ? SUITS[suit].symbol : suit;
  if (rest === '<3') return `${sym} below 3`;
  if (rest === '>2') return `${sym} above 2`;
  return `${sym}${RANK_NAMES[rest] || rest}`;
}

/**
 * An action or card text with suit symbols for people: `C5 JK=D5` → `♣5 JK=♦5`,
 * `give S3 H10` → `give ♠3 ♥10`. Words (`pass`, `give`) and Dou Dizhu ranks stay as they are.
 */
export function pretty(text) {
  return String(text ?? '').replace(/(^|[\s=])([SHDC])(10|[2-9TJQKA]|<3|>2)(?=$|[\s=])/g,
    (_, pre, suit, rank) => `${pre}${SUITS[suit].symbol}${rank === 'T' ? '10' : rank}`);
}

/** A canonical key of a card text, so `HT` and `H10` (or `♥10`) compare equal. */
export function cardKey(text) {
  const c = parseCard(text);
  if (c.kind === 'joker') return c.red ? 'RJ' : 'JK';
  if (c.kind === 'card') return (c.suit || '') + c.rank;
  return c.text;
}

/**
 * A drawn card (CSS only). opts: `small`, `selected`, `onClick(event)`, `testid`, `title`.
 * The element carries `data-card` (the text it was drawn from).
 */
export function cardEl(text, opts = {}) {
  const c = parseCard(text);
  const classes = ['card'];
  if (opts.small) classes.push('small');
  if (opts.selected) classes.push('selected');
  if (opts.onClick) classes.push('clickable');
  let body;
  let label;
  if (c.kind === 'back') {
    classes.push('back');
    body = [el('span', { class: 'back-pattern' })];
    label = 'face-down card';
  } else if (c.kind === 'joker') {
    classes.push('joker', c.red ? 'red' : 'black');
    body = [
      el('span', { class: 'corner' }, el('span', { class: 'rank joker-letters' }, 'JOKER')),
      el('span', { class: 'pip' }, '★'),
      c.standIn ? el('span', { class: 'stand-in' }, '= ', c.standIn) : null,
    ];
    label = `${c.red ? 'red' : 'black'} joker${c.standIn ? ` as ${c.standIn}` : ''}`;
  } else if (c.kind === 'card') {
    const suit = c.suit ? SUITS[c.suit] : null;
    if (suit) classes.push(suit.red ? 'red' : 'black', suit.name);
    else classes.push('suitless');
    body = [
      el('span', { class: 'corner' },
        el('span', { class: 'rank' }, c.rank),
        suit ? el('span', { class: 'suit' }, suit.symbol) : null),
      el('span', { class: 'pip' }, suit ? suit.symbol : c.rank),
      el('span', { class: 'corner bottom' },
        el('span', { class: 'rank' }, c.rank),
        suit ? el('span', { class: 'suit' }, suit.symbol) : null),
    ];
    label = suit ? `${c.rank} of ${suit.name}` : c.rank;
  } else {
    classes.push('unknown');
    body = [el('span', { class: 'pip' }, c.text)];
    label = c.text;
  }
  const node = el(opts.onClick ? 'button' : 'span', {
    class: classes.join(' '),
    type: opts.onClick ? 'button' : null,
    testid: opts.testid,
    title: opts.title || label,
    'aria-label': label,
    'aria-pressed': opts.onClick ? String(Boolean(opts.selected)) : null,
    dataset: { card: c.text },
  }, body);
  if (opts.onClick) node.addEventListener('click', opts.onClick);
  return node;
}

/**
 * Dou Dizhu's Counts text (`3445TTB`) or a move's notation (`333444-56`) as an array of rank
 * characters; separators and spaces are dropped.
 */
export function ddzRanks(s) {
  if (!s) return [];
  return Array.from(String(s).toUpperCase().replace(/10/g, 'T')).filter((ch) => '3456789TJQKA2BR'.includes(ch));
}

/** A row of cards: `texts` an array or a space-separated string; opts as cardEl, plus `testid` of the row. */
export function cardsRow(texts, opts = {}) {
  const list = Array.isArray(texts) ? texts : String(texts || '').split(/\s+/).filter(Boolean);
  const { testid, empty, ...cardOpts } = opts;
  return el('div', { class: `cards${opts.small ? ' small' : ''}`, testid },
    list.length ? list.map((t) => cardEl(t, cardOpts)) : (empty ? el('span', { class: 'empty' }, empty) : null));
}

// ---------------------------------------------------------------- registry

const games = new Map();

/**
 * Registers a game's table: `module = { label, render(view, ctx) }` (see status notes).
 * `render` draws `view` into `ctx.root`; `ctx.act(body)` sends the person's action.
 */
export function registerGame(name, module) {
  games.set(name, module);
  if (shell.ready) shell.refreshGames();
}

/** Milliseconds between computer moves: the page's pace menu, set from `?speed=N` in the URL, default 600. */
export function speed() {
  const pace = document.getElementById('pace');
  const n = Number(pace ? pace.value : NaN);
  return Number.isFinite(n) && n >= 0 ? n : 600;
}

/** Sets the pace menu from `?speed=N` (adding an option for a value it does not list). */
function initPace(params) {
  const v = params.get('speed');
  const n = v === null ? NaN : Number(v);
  if (!Number.isFinite(n) || n < 0) return;
  const pace = document.getElementById('pace');
  if (![...pace.options].some((o) => Number(o.value) === n)) pace.append(el('option', { value: n }, `${n} ms`));
  pace.value = [...pace.options].find((o) => Number(o.value) === n).value;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- the shell

const shell = {
  ready: false,
  info: null,
  view: null, // the current game's latest view
  module: null,
  busy: false,
  generation: 0, // bumped by every new game: a running animation loop of an old game stops
  refreshGames: () => {},
};

// For tests and the console: the latest view (what the page is drawing).
window.cardsPage = {
  get view() { return shell.view; },
  get busy() { return shell.busy; },
};

const $ = (id) => document.getElementById(id);

/** Shows `msg` in the error box (hides it when empty); `retry`: a function offered as a "Try again" button. */
function showError(msg, retry) {
  const box = $('error');
  if (!msg) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  // replaceChildren writes a null argument as the text "null": leave the button out instead
  const parts = [el('span', { testid: 'error-message' }, msg)];
  if (retry) parts.push(el('button', { type: 'button', class: 'retry', testid: 'error-retry', 'on:click': () => { showError(null); retry(); } }, 'Try again'));
  box.replaceChildren(...parts);
}

/** A link that deals this game again: `?game=…&rules=…&policy=…&seed=…` (the page starts it). */
export function gameLink(view, seed) {
  const q = new URLSearchParams({ game: view.game });
  if (typeof view.rules === 'string') q.set('rules', view.rules);
  if (view.policy) q.set('policy', view.policy);
  q.set('seed', String(seed));
  return `${location.pathname}?${q}`;
}

/**
 * The seed chip: the seed once the game is over (with a link that deals the game again), the
 * seed the person typed while it is played, else "seed shown at the end".
 */
function seedChip(view) {
  const seed = view.seed ?? (shell.chosenSeed && shell.chosenSeed.id === view.id ? shell.chosenSeed.seed : null);
  if (seed === null || seed === undefined) {
    return el('span', { class: 'chip', testid: 'status-seed', title: 'the seed deals every hand: it is shown when the game is over' }, 'seed shown at the end');
  }
  return el('span', { class: 'chip', testid: 'status-seed', dataset: { seed: String(seed) } }, 'seed ', el('b', null, String(seed)),
    ' ', el('a', { href: gameLink(view, seed), testid: 'seed-link', title: 'a link that deals this game again' }, 'link to this game'));
}

function setStatus(view) {
  const status = $('status');
  status.replaceChildren();
  if (!view) return;
  const mod = games.get(view.game);
  const parts = [
    el('span', { class: 'chip', testid: 'status-game' }, mod ? mod.label : view.game),
    el('span', { class: 'chip' }, 'rules ', el('b', null, view.rules)),
    el('span', { class: 'chip' }, 'computers ', el('b', null, view.policy)),
    seedChip(view),
  ];
  if (view.game_number) parts.push(el('span', { class: 'chip', testid: 'game-number' }, 'game ', el('b', null, view.game_number)));
  let turn;
  if (view.over) turn = el('span', { class: 'chip turn over', testid: 'turn' }, 'Game over');
  else if (view.your_turn) turn = el('span', { class: 'chip turn yours', testid: 'turn' }, 'Your turn');
  else turn = el('span', { class: 'chip turn', testid: 'turn' }, 'Computers are playing…');
  parts.push(turn);
  status.append(...parts);
}

function render(view) {
  const prev = shell.view;
  shell.view = view;
  setStatus(view);
  // Download and Replay: back below the table before the game redraws it (the result box that
  // held them goes), then into the new result box, beside the result, when there is one.
  const bar = shell.overBar || (shell.overBar = $('over-bar'));
  $('table-root').after(bar);
  bar.hidden = !view.over;
  $('replay-this').hidden = typeof window.cardsReplay !== 'function';
  const mod = games.get(view.game);
  const root = $('table-root');
  root.dataset.game = view.game;
  root.dataset.over = String(Boolean(view.over));
  root.dataset.yourTurn = String(Boolean(view.your_turn));
  if (!mod) {
    root.replaceChildren(el('p', { class: 'error' }, `The page for ${view.game} did not load.`));
    return;
  }
  try {
    mod.render(view, ctx);
  } catch (e) {
    console.error(e);
    showError(`drawing the table failed: ${errorText(e)}`);
  }
  const box = view.over ? root.querySelector('.result') : null;
  if (box) box.append(bar);
  showHand(prev, view);
}

function setBusy(on) {
  shell.busy = on;
  document.body.dataset.busy = String(on);
}

/**
 * Lets the computers move, one /advance every `speed()` ms, until it is the person's turn or the
 * game is over; then clears `busy` and draws the view once more with the person's controls.
 */
async function animate(gen) {
  setBusy(true);
  try {
    while (gen === shell.generation && shell.view && !shell.view.over && (!shell.view.your_turn || onlyPass(shell.view))) {
      await sleep(speed());
      if (gen !== shell.generation) return;
      // the person's turn with pass the only legal action, and "Pass for me" ticked: pass
      const view = shell.view.your_turn
        ? await api(`/api/games/${shell.view.id}/action`, { action: 'pass' })
        : await api(`/api/games/${shell.view.id}/advance`, {});
      if (gen !== shell.generation) return;
      render(view);
    }
  } catch (e) {
    // The computers' turns stopped (the server is gone, the game expired…): offer to go on.
    if (gen === shell.generation) showError(errorText(e), () => animate(gen));
  } finally {
    if (gen === shell.generation) {
      setBusy(false);
      if (shell.view) render(shell.view);
    }
  }
}

/** Whether the page passes for the person in `view`: "Pass for me" ticked, pass the only legal action. */
function onlyPass(view) {
  const box = $('auto-pass');
  return Boolean(box && box.checked && view.your_turn && view.legal && view.legal.length === 1 && view.legal[0].action === 'pass');
}

/**
 * On a narrow screen, when the person's turn begins, scrolls their hand (and its buttons) into
 * view: below the other seats it starts under the fold on a phone.
 */
function showHand(prev, view) {
  if (!view.your_turn || (prev && prev.id === view.id && prev.your_turn)) return;
  if (window.innerWidth > 700) return;
  const mine = document.querySelector('[data-testid="table"] [data-testid="you"]') || document.querySelector('[data-testid="table"] [data-testid="hand"]');
  if (!mine) return;
  const box = mine.getBoundingClientRect();
  if (box.bottom > window.innerHeight || box.top < 0) mine.scrollIntoView({ block: 'end' });
}

const ctx = {
  get root() { return $('table-root'); },
  get busy() { return shell.busy; },
  get speed() { return speed(); },
  showError,
  /** Sends the person's action (a string, or an object such as Kabu's bet), then animates the computers. */
  async act(body) {
    if (!shell.view || shell.busy) return;
    const payload = typeof body === 'string' ? { action: body } : body;
    const gen = shell.generation;
    showError(null);
    setBusy(true);
    try {
      const view = await api(`/api/games/${shell.view.id}/action`, payload);
      if (gen !== shell.generation) return;
      render(view);
    } catch (e) {
      if (gen === shell.generation) showError(errorText(e));
    }
    if (gen === shell.generation) await animate(gen);
  },
  /** Daifugo: the next game of the match. */
  async next() {
    if (!shell.view || shell.busy) return;
    const gen = shell.generation;
    showError(null);
    setBusy(true);
    try {
      const view = await api(`/api/games/${shell.view.id}/next`, {});
      if (gen !== shell.generation) return;
      render(view);
    } catch (e) {
      if (gen === shell.generation) showError(errorText(e));
    }
    if (gen === shell.generation) await animate(gen);
  },
};

async function newGame() {
  const game = $('game').value;
  const body = { game };
  if ($('rules').value) body.rules = $('rules').value;
  if ($('policy').value) body.policy = $('policy').value;
  const seedText = $('seed').value.trim();
  if (seedText !== '') {
    if (!/^\d+$/.test(seedText) || BigInt(seedText) > MAX_SEED) {
      showError(`The seed is a whole number from 0 to ${MAX_SEED} (or empty for a random one).`);
      return;
    }
    // a string: a JavaScript number would round a seed past 2^53
    body.seed = BigInt(seedText).toString();
  }
  showError(null);
  const gen = ++shell.generation;
  setBusy(true);
  try {
    const view = await api('/api/games', body);
    if (gen !== shell.generation) return;
    shell.chosenSeed = body.seed === undefined ? null : { id: view.id, seed: body.seed };
    render(view);
  } catch (e) {
    if (gen === shell.generation) {
      showError(errorText(e));
      setBusy(false);
    }
    return;
  }
  await animate(gen);
}

async function downloadRecord() {
  const view = shell.view;
  if (!view) return;
  try {
    // the server's text, indented: parsing and writing it again would round a seed past 2^53
    const record = await api(`/api/games/${view.id}/record`, undefined, { raw: true });
    const blob = new Blob([`${indentJson(record)}\n`], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const suffix = view.game_number && view.game_number > 1 ? `-${view.game_number}` : '';
    const a = el('a', { href: url, download: `cards-${view.game}-${view.seed}${suffix}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) {
    showError(errorText(e));
  }
}

function showTab(name) {
  for (const b of document.querySelectorAll('[data-tab]')) {
    b.setAttribute('aria-selected', String(b.dataset.tab === name));
  }
  $('play').hidden = name !== 'play';
  $('replay').hidden = name !== 'replay';
  $('puzzle').hidden = name !== 'puzzle';
}

function openPuzzle() {
  showTab('puzzle');
  const root = $('puzzle-root');
  if (typeof window.cardsPuzzle !== 'function') {
    root.replaceChildren(el('p', { class: 'error' }, 'The puzzle solver (puzzle.js) did not load.'));
    return;
  }
  window.cardsPuzzle(root);
}

function openReplay(record) {
  showTab('replay');
  const root = $('replay-root');
  if (typeof window.cardsReplay !== 'function') {
    root.replaceChildren(el('p', { class: 'error' }, 'The replay viewer (replay.js) did not load.'));
    return;
  }
  try {
    window.cardsReplay(root, record);
  } catch (e) {
    console.error(e);
    root.replaceChildren(el('p', { class: 'error' }, `The replay failed: ${errorText(e)}`));
  }
}

async function replayThis() {
  const view = shell.view;
  if (!view) return;
  try {
    const record = await api(`/api/games/${view.id}/record`);
    openReplay({ ...record, game: view.game });
  } catch (e) {
    showError(errorText(e));
  }
}

/** What each game, preset and computer player is: the first screen's words. */
const ABOUT = {
  daifugo: {
    what: 'Daifugo (大富豪, also Daihinmin or President): five players; be the first to play all your cards. '
      + 'Beat the table with a stronger single, pair, triple or run of the same size, or pass. From the second game on, '
      + 'the poorest players give their best cards to the richest, who give back any cards.',
    presets: {
      uecda: 'the rules of the UEC computer Daihinmin contest: a joker, revolution, 8-cut, suit lock, ♠3 over the joker, the card exchange',
      tutorial: 'the tutorial series’ simpler rules: no joker, only the revolution by four of a kind',
    },
    policies: {
      tutorial: 'plays its hand split into melds, weakest first (a fair opponent)',
      learned: 'plays at once the move a learned scoring of moves rates best (trained on the search’s results)',
      pattern: 'plays at once the move a richer learned scoring of moves rates best (thousands of hand, table and move patterns, trained on the search’s choices)',
      search: 'thinks: plays thousands of games from what it can see before each move (the strongest)',
      'search-v3': 'the thinking player as it was before its latest changes, kept to measure them against',
      random: 'plays any legal move at random',
    },
  },
  doudizhu: {
    what: 'Dou Dizhu (斗地主, “fight the landlord”): three players bid to be the landlord, who plays alone against the other two. '
      + 'Beat the table with a higher combination of the same type (pairs, runs, planes…); bombs and the rocket beat anything.',
    presets: {
      standard: 'RLCard’s rules, the common research set',
      strict: 'the rule books’ reading: every kicker distinct',
      openspiel: 'OpenSpiel’s dou_dizhu, its auction and scoring',
      douzero: 'DouZero’s move generator and deal',
      rlcard: 'RLCard’s whole game, its deal for the same seed',
    },
    policies: {
      greedy: 'leads what sheds the most cards, beats an opponent as cheaply as it can, keeps its bombs for the end',
      expert: 'plans its hand: plays what leaves the fewest plays, keeps 2s, jokers and bombs, stops an opponent about to go out, lets its partner’s trick stand; bids by what such hands won in self-play',
      'expert-fixed': 'the same player bidding by the older fixed rule (2s, jokers and bombs counted), to compare with',
      search: 'thinks: plays thousands of games from what it can see before each move (the strongest)',
      random: 'plays any legal action at random',
    },
  },
  kabu: {
    what: 'Kabu (カブ): forty cards, A to 10. Stake on fields against the dealer; a hand scores the sum of its cards mod 10, '
      + 'closest to 9 wins, and three of a kind or a run in one suit beat points.',
    presets: {
      default: 'the original program’s stated rules',
      vb6: 'the VB6 program exactly, its card-order quirk included',
    },
    policies: {
      house: 'the table’s usual rule: draw below 4, and at 4 to 6 on a reach',
      odds: 'draws at 4 to 6 when a third card improves the hand at least half the time',
      always: 'draws whenever allowed',
      never: 'stands whenever allowed',
      optimal: 'the exact best draw from all it can see, the face-up cards included',
      equilibrium: 'the exact equilibrium of the round: no way of drawing does better against it',
      search: 'thinks: plays out a couple of thousand rounds from what the dealer can see before each draw',
      random: 'draws or stands at random where the rule leaves the choice',
    },
  },
};

/** What the first screen says of an agent the server was started with. */
const AGENT_WORDS = 'your own program, started by this server (cards web --agent); it plays every computer seat';

/** The first screen: what to do, and a word on each game, its presets and computer players. */
function intro(info) {
  const names = Object.keys((info && info.games) || {}).filter((n) => games.has(n));
  const list = (words, values) => el('ul', null, (values || []).map((v) => el('li', null, el('b', null, v), words && words[v] ? ` — ${words[v]}` : '')));
  return el('div', { class: 'intro', testid: 'intro' },
    el('p', { class: 'hint' },
      'Choose a game, its rules and the computer players, then press “New game”. You sit at the bottom of the table; '
      + 'the computers play at the pace you choose. Finished games can be downloaded and replayed card by card.'),
    names.map((n) => {
      const g = info.games[n];
      const about = ABOUT[n] || {};
      return el('section', { class: 'intro-game', testid: `intro-${n}` },
        el('h3', null, games.get(n).label || n),
        about.what ? el('p', null, about.what) : null,
        el('div', { class: 'intro-lists' },
          el('div', null, el('h4', null, 'Rules'), list(about.presets, g.presets)),
          el('div', null, el('h4', null, 'Computer players'),
            list({ ...about.policies, ...Object.fromEntries((g.agents || []).map((a) => [a, AGENT_WORDS])) },
              computers(g).values))));
    }));
}

function fillSelect(select, values, preferred, labels) {
  select.replaceChildren(...values.map((v) => el('option', { value: v }, (labels && labels[v]) || v)));
  if (preferred && values.includes(preferred)) select.value = preferred;
}

/** The computers a game offers: its built-in players, then the server's own agents (`cards web --agent`). */
function computers(g) {
  const agents = g.agents || [];
  const labels = Object.fromEntries(agents.map((a) => [a, `${a} (your program)`]));
  return { values: [...(g.policies || []), ...agents], labels };
}

async function init() {
  const params = new URLSearchParams(location.search);
  try {
    shell.info = await api('/api/info');
  } catch (e) {
    showError(`Cannot reach the server: ${errorText(e)}`);
    return;
  }
  // The game modules register themselves; a missing or broken one only drops that game.
  for (const file of ['./daifugo.js', './doudizhu.js', './kabu.js', './replay.js', './puzzle.js']) {
    try {
      await import(file);
    } catch (e) {
      console.warn(`${file} did not load:`, e);
    }
  }
  const gameSel = $('game');
  const fillRulesAndPolicies = (rules, policy) => {
    const g = shell.info.games[gameSel.value] || { presets: [], policies: [] };
    fillSelect($('rules'), g.presets || [], rules || g.default_rules);
    const c = computers(g);
    fillSelect($('policy'), c.values, policy || g.default_policy, c.labels);
  };
  shell.refreshGames = () => {
    const current = gameSel.value || params.get('game');
    const names = Object.keys(shell.info.games || {}).filter((n) => games.has(n));
    gameSel.replaceChildren(...names.map((n) => el('option', { value: n }, games.get(n).label || n)));
    if (current && names.includes(current)) gameSel.value = current;
    fillRulesAndPolicies($('rules').dataset.chosen ? $('rules').value : params.get('rules'),
      $('policy').dataset.chosen ? $('policy').value : params.get('policy'));
    $('new-game').disabled = names.length === 0;
  };
  gameSel.addEventListener('change', () => {
    delete $('rules').dataset.chosen;
    delete $('policy').dataset.chosen;
    fillRulesAndPolicies();
  });
  $('rules').addEventListener('change', () => { $('rules').dataset.chosen = 'true'; });
  $('policy').addEventListener('change', () => { $('policy').dataset.chosen = 'true'; });
  shell.ready = true;
  shell.refreshGames();
  if (params.get('seed')) $('seed').value = params.get('seed');
  initPace(params);

  $('setup').addEventListener('submit', (e) => {
    e.preventDefault();
    showTab('play');
    newGame();
  });
  $('download').addEventListener('click', downloadRecord);
  $('replay-this').addEventListener('click', replayThis);
  for (const b of document.querySelectorAll('[data-tab]')) {
    b.addEventListener('click', () => {
      if (b.dataset.tab === 'replay') openReplay(null);
      else if (b.dataset.tab === 'puzzle') openPuzzle();
      else showTab('play');
    });
  }
  $('table-root').replaceChildren(intro(shell.info));
  document.body.dataset.ready = 'true';
  // `?autostart=1`, or a link to one game (`?game=…&seed=…`, as the seed chip gives): deal it
  const linked = params.get('seed') && params.get('game') && params.get('autostart') !== '0';
  if (params.get('autostart') === '1' || linked) newGame();
}

init();

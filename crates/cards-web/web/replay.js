// Replay: a record (from a file, or the game just played) goes to POST /api/replay, which answers
// one frame per action, every hand shown. The person steps forward and back (buttons, arrow keys,
// Home/End) and sees each seat's hand, the table, and the action of the frame highlighted.
//
// The shell calls `window.cardsReplay(root, record | null)`.

import { api, cardsRow, ddzRanks, el, errorText, parseJson, speed } from './app.js';
import { injectStyle, renderTable as kabuTable, seatName as kabuSeatName } from './kabu.js';

const STYLE_ID = 'replay-style';
const CSS = `
.replay-loader { margin: .3rem 0 .5rem; display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; }
.replay-nav { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; margin: .4rem 0 .6rem; }
.replay-nav button { padding: .3rem .8rem; border-radius: 4px; border: 1px solid #23313d; background: #fff; }
.replay-nav input[type=range] { flex: 1 1 12rem; }
.replay-step { font-weight: 700; margin: 0 .5rem; font-variant-numeric: tabular-nums; min-width: 7.5rem; text-align: center; }
.replay-action { margin: 0 auto .6rem; padding: .35rem .7rem; border-radius: 8px; background: rgba(242,193,78,.2);
  border: 2px solid var(--accent); min-height: 2.4rem; display: flex; gap: .6rem; align-items: center; justify-content: center;
  flex-wrap: wrap; max-width: 44rem; font-weight: 600; }
.replay-seats { display: grid; grid-template-columns: repeat(auto-fit, minmax(19rem, 1fr)); gap: .6rem; }
.replay-seats .seat { min-width: 0; }
.replay-seats .seat .cards .card { margin-left: -12px; }
.replay-seats .seat .cards .card:first-child { margin-left: 0; }
.replay-seat.replay-out { opacity: .75; }
.replay-centre { display: flex; flex-direction: column; align-items: center; gap: .35rem; margin: 0 0 .7rem; }
.replay-result { margin: .7rem auto 0; }
.replay-error { background: #fde8e8; border: 1px solid var(--red); color: #7a0b1c; padding: .2rem .6rem; border-radius: 4px; }
.replay-hint { color: var(--muted); font-size: .9rem; }
.replay-exchange { display: flex; flex-wrap: wrap; gap: .3rem .8rem; align-items: center; justify-content: center; font-weight: 400; flex-basis: 100%; }
.felt .replay-hint { color: #cfe0d5; }
.replay-centre .chip { color: var(--ink); border-radius: 8px; min-height: 1.8rem; }
.replay-centre .chip.off { color: var(--muted); }
.replay-centre .chip .cards { display: inline-flex; margin-left: .3rem; }
`;

const CLASS_NAMES = ['大富豪', '富豪', '平民', '貧民', '大貧民'];

/** Pick the record out of what a file holds: a record, a CLI wrapper `{record, ...}`, or JSON lines. */
export function recordsFromText(text) {
  const found = [];
  const take = (v) => {
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) { v.forEach(take); return; }
    if (v.record && typeof v.record === 'object' && !Array.isArray(v.record)) {
      const r = { ...v.record };
      if (v.game && !r.game) r.game = v.game;
      found.push(r);
      return;
    }
    if (v.hands || v.deal) found.push(v);
  };
  try {
    take(parseJson(text));
  } catch {
    for (const line of text.split('\n')) {
      const l = line.trim();
      if (!l) continue;
      try { take(parseJson(l)); } catch { /* not a JSON line */ }
    }
  }
  return found.map((r) => (r.game ? r : { ...r, game: guessGame(r) }));
}

/** Which game a record is, from its keys (the server also tries every form when `game` is absent). */
export function guessGame(r) {
  if (r.deal !== undefined && r.draws !== undefined) return 'kabu';
  if (r.kitty !== undefined || r.first_bidder !== undefined) return 'doudizhu';
  if (Array.isArray(r.hands) && r.actions !== undefined) return 'daifugo';
  return undefined;
}

const state = {
  root: null, game: null, frames: [], i: 0, records: [], loads: 0, record: null,
};

function cards(texts, testid) {
  const row = cardsRow(texts);
  if (testid) row.dataset.testid = testid;
  return row;
}

function handCards(game, hand, testid) {
  const h = hand || '';
  const list = game === 'doudizhu' ? ddzRanks(h) : h.split(/\s+/).filter(Boolean);
  const row = cards(list, testid);
  row.dataset.cards = h;
  row.dataset.count = String(list.length);
  if (list.length === 0) row.append(el('span', { class: 'replay-hint' }, '(no cards)'));
  return row;
}

function actionCards(game, text) {
  const t = String(text ?? '').trim();
  if (!t || /^(pass|give)\b/i.test(t)) return null;
  if (game === 'doudizhu') {
    if (!/^[3-9TJQKA2BR]+$/.test(t)) return null;
    return cardsRow(ddzRanks(t), { small: true });
  }
  if (game === 'daifugo') {
    const parts = t.split(/\s+/);
    if (!parts.every((p) => /^([SHDC](10|[2-9TJQKA])|JK|BJ|RJ)(=\S+)?$/.test(p))) return null;
    return cardsRow(parts, { small: true });
  }
  return null;
}

function cardCount(n) {
  if (n === undefined || n === null) return '';
  return n === 1 ? '1 card' : `${n} cards`;
}

/** Daifugo: who gave what in the record's card exchange (the record lists the upper classes' gifts). */
function exchangeNote(record) {
  const ex = record && Array.isArray(record.exchange) ? record.exchange : null;
  if (!ex || !ex.some((g) => g)) return null;
  const gifts = ex.map((g, p) => (g ? el('span', {}, `player ${p}${record.classes ? ` (${CLASS_NAMES[record.classes[p]] || ''})` : ''} gave `,
    cardsRow(g, { small: true })) : null)).filter(Boolean);
  return el('div', { class: 'replay-exchange', testid: 'replay-exchange' },
    'The card exchange before play: ', gifts, el('span', { class: 'replay-hint' }, ' (and the 貧民 and 大貧民 gave their strongest cards)'));
}

function actionLine(frame, game, prev) {
  const a = frame.action;
  const box = (...kids) => el('div', { class: 'replay-action', testid: 'replay-action', 'data-seat': a ? String(a.seat) : null }, ...kids);
  if (!a) {
    if (game === 'daifugo') return box('The start of play: every hand as dealt', state.record && state.record.exchange ? ' and exchanged.' : '.', exchangeNote(state.record));
    return box('The deal: every hand before the first action.');
  }
  let text = String(a.action);
  if (game === 'kabu') {
    if (text === 'bet') {
      const stakes = ((frame.table || {}).stakes || []).map((n, k) => (n ? `場${k + 1}: ${n}` : null)).filter(Boolean);
      return box(`The player stakes ${stakes.join(', ')}.`);
    }
    return box(`${kabuSeatName(a.seat)}: ${text === 'draw' ? 'draws a third card' : text === 'stand' ? 'stands' : text}`);
  }
  const who = game === 'doudizhu' ? `seat ${a.seat}` : `player ${a.seat}`;
  if (game === 'daifugo' && /^give\b/.test(text)) {
    return box(`${who} gives `, cardsRow(text.replace(/^give\s*/, ''), { small: true }));
  }
  if (game === 'doudizhu') {
    const before = prev && prev.observations && prev.observations[0];
    if (before && before.phase === 'auction') return box(`${who} bids: ${text}`);
  }
  if (/^pass$/i.test(text)) return box(`${who} passes`);
  const shown = actionCards(game, text);
  return box(`${who} plays `, shown || el('strong', {}, text));
}

function flag(name, on) {
  return el('span', { class: `chip ${on ? 'on' : 'off'}` }, name);
}

function seatBox(idx, acting, title, count, hand, badges, extraClass = '') {
  return el('div', {
    class: `seat replay-seat${idx === acting ? ' to-act' : ''}${extraClass}`, testid: `replay-seat-${idx}`,
  },
  el('div', { class: 'name' }, title, el('span', { class: 'count' }, count)),
  hand,
  el('div', { class: 'meta' }, badges));
}

function daifugoFrame(frame) {
  const obs = frame.observations || [];
  const acting = frame.action ? Number(frame.action.seat) : -1;
  const o0 = obs[0] || {};
  const st = o0.state || {};
  // Players in seating order (the record's `seats`), when it is a permutation of the players.
  let order = obs.map((_, p) => p);
  if (Array.isArray(o0.seats) && o0.seats.length === obs.length
    && [...o0.seats].sort((x, y) => x - y).every((v, k) => v === k)) order = o0.seats;
  const seats = order.map((p) => {
    const o = obs[p] || {};
    const cls = o0.classes ? o0.classes[p] : null;
    const place = o0.places ? o0.places[p] : 0;
    const badges = [];
    if (cls !== null && cls !== undefined) badges.push(el('span', { class: `badge class-${cls}` }, CLASS_NAMES[cls] || `class ${cls}`));
    if (place) badges.push(el('span', { class: 'badge place' }, `place ${place}`));
    if (o0.passed && o0.passed[p]) badges.push(el('span', { class: 'badge passed' }, 'passed'));
    if (o0.turn === p) badges.push(el('span', { class: 'badge' }, 'to play'));
    if (o0.last_player === p && st.table) badges.push(el('span', { class: 'badge' }, 'owns the table'));
    return seatBox(p, acting, `player ${p}`, cardCount((o0.counts || [])[p]),
      handCards('daifugo', o.hand, `replay-hand-${p}`), badges, place ? ' replay-out' : '');
  });
  const centre = el('div', { class: 'replay-centre', testid: 'replay-centre' },
    el('div', { class: 'meld-area' }, st.table ? cardsRow(st.table) : el('span', { class: 'replay-hint' }, 'empty table: a new trick')),
    el('div', { class: 'flags' },
      flag('revolution', st.revolution), flag('lock', st.lock), flag('11 back', st.eleven_back),
      o0.exchanging ? flag('card exchange', true) : null,
      o0.direction_reversed ? flag('direction reversed', true) : null));
  let result = null;
  if (frame.result) {
    const r = frame.result;
    result = el('div', { class: 'result replay-result', testid: 'replay-result' },
      el('h3', {}, 'Result'),
      el('table', {},
        el('tr', {}, el('th', {}, 'player'), el('th', {}, 'place'), el('th', {}, 'points')),
        (r.places || []).map((x, p) => el('tr', {}, el('td', {}, `player ${p}`), el('td', {}, String(x)), el('td', {}, String((r.points || [])[p] ?? ''))))));
  }
  return [centre, el('div', { class: 'replay-seats' }, seats), result];
}

function doudizhuFrame(frame) {
  const obs = frame.observations || [];
  const acting = frame.action ? Number(frame.action.seat) : -1;
  const o0 = obs[0] || {};
  const seats = obs.map((o, s) => {
    const badges = [];
    if (o0.landlord !== null && o0.landlord !== undefined) {
      badges.push(o0.landlord === s ? el('span', { class: 'badge landlord' }, '地主 landlord') : el('span', { class: 'badge peasant' }, '农民 peasant'));
    }
    if (o0.current_player === s) badges.push(el('span', { class: 'badge' }, o0.phase === 'auction' ? 'to bid' : 'to play'));
    if (o0.first_bidder === s && o0.phase === 'auction') badges.push(el('span', { class: 'badge' }, 'first bidder'));
    return seatBox(s, acting, `seat ${s}`, cardCount((o0.cards_left || [])[s]),
      handCards('doudizhu', o.hand, `replay-hand-${s}`), badges);
  });
  let trick;
  if (o0.phase === 'auction') trick = el('span', { class: 'replay-hint' }, `the auction: bids ${(o0.bids || []).join(', ') || 'none yet'}`);
  else if (o0.trick) trick = el('span', {}, `seat ${o0.trick.seat}: `, actionCards('doudizhu', o0.trick.action) || o0.trick.action);
  else trick = el('span', { class: 'replay-hint' }, 'nothing to beat: a lead');
  const centre = el('div', { class: 'replay-centre', testid: 'replay-centre' },
    el('div', { class: 'meld-area' }, trick),
    el('div', { class: 'flags' },
      el('span', { class: 'chip' }, `bids: ${(o0.bids || []).join(', ') || '—'}`),
      el('span', { class: 'chip' }, 'kitty ', o0.kitty ? cardsRow(ddzRanks(o0.kitty), { small: true }) : '(not yet shown)'),
      el('span', { class: 'chip' }, `×${o0.multiplier ?? 1}`),
      el('span', { class: `chip ${o0.bombs ? 'on' : 'off'}` }, `bombs ${o0.bombs ?? 0}`),
      o0.spring ? flag('spring', true) : null));
  let result = null;
  if (frame.result) {
    const r = frame.result;
    result = el('div', { class: 'result replay-result', testid: 'replay-result' },
      el('h3', {}, r.redeal ? 'Every seat passed: a redeal' : `${r.landlord_won ? 'The landlord wins' : 'The peasants win'}${r.spring ? ' (spring)' : ''}`),
      el('div', {}, `returns ${(r.returns || []).map((x, k) => `seat ${k}: ${x > 0 ? '+' : ''}${x}`).join(', ')} · multiplier ×${r.multiplier ?? '?'}`));
  }
  return [centre, el('div', { class: 'replay-seats' }, seats), result];
}

function kabuFrame(frame) {
  const t = frame.table || {};
  const acting = frame.action ? frame.action.seat : null;
  const shown = { ...t, to_act: acting === 'player' ? null : acting };
  const table = kabuTable(shown, { prefix: 'replay-kabu', replay: true });
  // The hands under the test ids every game shares: replay-hand-<seat> (0..3 fields, 4 the dealer).
  (t.seats || []).forEach((s, i) => {
    const row = table.querySelector(`[data-testid="replay-kabu-cards-${i}"]`);
    if (row) {
      row.dataset.testid = `replay-hand-${i}`;
      row.dataset.cards = (s.cards || []).filter(Boolean).join(' ');
    }
  });
  const out = [...table.childNodes];
  const r = frame.result;
  if (r) {
    out.push(el('div', { class: 'result replay-result', testid: 'replay-result' },
      el('h3', {}, `Net for the player: ${r.net > 0 ? '+' : ''}${r.net}`),
      el('div', {}, (r.settlement || []).map((x) => `${kabuSeatName(x.seat)} (stake ${x.stake}): ${x.net > 0 ? '+' : ''}${x.net}`).join(' · '))));
  }
  return out;
}

function show() {
  const { root, frames } = state;
  const view = root.querySelector('[data-testid="replay-view"]');
  if (!view) return;
  if (!frames.length) { view.replaceChildren(); return; }
  state.i = Math.max(0, Math.min(state.i, frames.length - 1));
  const frame = frames[state.i];
  const last = frames.length - 1;
  const step = root.querySelector('[data-testid="replay-step"]');
  step.textContent = `step ${state.i} / ${last}`;
  step.dataset.step = String(state.i);
  step.dataset.total = String(last);
  root.querySelector('[data-testid="replay-first"]').disabled = state.i === 0;
  root.querySelector('[data-testid="replay-prev"]').disabled = state.i === 0;
  root.querySelector('[data-testid="replay-next"]').disabled = state.i === last;
  root.querySelector('[data-testid="replay-end"]').disabled = state.i === last;
  const slider = root.querySelector('[data-testid="replay-slider"]');
  slider.max = String(last);
  slider.value = String(state.i);
  let body;
  if (state.game === 'daifugo') body = daifugoFrame(frame);
  else if (state.game === 'doudizhu') body = doudizhuFrame(frame);
  else if (state.game === 'kabu') body = kabuFrame(frame);
  else body = [el('pre', {}, JSON.stringify(frame, null, 1))];
  view.replaceChildren(el('div', { class: 'felt' }, actionLine(frame, state.game, frames[state.i - 1]), ...body));
}

function go(i, playing = false) {
  if (!playing) stopPlay();
  if (!state.frames.length) return;
  state.i = i;
  show();
}

// Autoplay: one step every speed() ms (the page's pace, `?speed=N`), until the last frame.
let timer = null;

function playButton() {
  const b = state.root && state.root.querySelector('[data-testid="replay-play"]');
  if (b) {
    b.textContent = timer ? '❚❚ pause' : '▶ play';
    b.setAttribute('aria-pressed', String(Boolean(timer)));
  }
}

function stopPlay() {
  if (timer) clearTimeout(timer);
  timer = null;
  playButton();
}

function togglePlay() {
  if (timer) { stopPlay(); return; }
  if (!state.frames.length) return;
  if (state.i >= state.frames.length - 1) go(0);
  const tick = () => {
    if (!state.root || !state.root.isConnected || state.i >= state.frames.length - 1) { stopPlay(); return; }
    go(state.i + 1, true);
    if (state.i >= state.frames.length - 1) { stopPlay(); return; }
    timer = setTimeout(tick, Math.max(speed(), 40));
  };
  timer = setTimeout(tick, Math.max(speed(), 40));
  playButton();
}

/** Takes the previous record's board off the screen (a file that does not replay shows none). */
function clearBoard() {
  stopPlay();
  state.frames = [];
  state.game = null;
  state.record = null;
  state.i = 0;
  if (!state.root) return;
  const view = state.root.querySelector('[data-testid="replay-view"]');
  if (view) view.replaceChildren();
  const nav = state.root.querySelector('[data-testid="replay-nav"]');
  if (nav) nav.hidden = true;
  delete state.root.dataset.game;
}

function setStatus(msg, error = false) {
  const s = state.root && state.root.querySelector('[data-testid="replay-status"]');
  if (s) {
    s.className = error ? 'replay-error' : 'replay-hint';
    s.textContent = msg;
  }
}

async function load(record) {
  stopPlay();
  const body = { ...record };
  if (!body.game) {
    const g = guessGame(body);
    if (g) body.game = g;
  }
  setStatus('Replaying the record…');
  let answer;
  try {
    answer = await api('/api/replay', body);
  } catch (e) {
    clearBoard();
    setStatus(`The record does not replay: ${errorText(e)}`, true);
    return;
  }
  state.game = answer.game;
  state.frames = answer.frames || [];
  state.record = body;
  state.i = 0;
  const seed = record.seed !== undefined && record.seed !== null ? `, seed ${record.seed}` : '';
  const rules = typeof record.rules === 'string' ? `, rules ${record.rules}` : '';
  setStatus(`${answer.game}${rules}${seed}: ${state.frames.length - 1} actions. Use ← → (Home, End; space plays) or the buttons.`);
  state.root.querySelector('[data-testid="replay-game"]').textContent = answer.game;
  state.root.dataset.game = answer.game;
  state.root.querySelector('[data-testid="replay-nav"]').hidden = false;
  state.loads += 1;
  state.root.dataset.loads = String(state.loads); // for tests: which load is shown
  show();
}

function onKey(e) {
  const root = state.root;
  if (!root || !root.isConnected || !state.frames.length) return;
  if (root.offsetParent === null && root.getClientRects().length === 0) return; // the tab is hidden
  const tag = (e.target && e.target.tagName) || '';
  if (tag === 'INPUT' && e.target.type !== 'range') return;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return;
  const last = state.frames.length - 1;
  let to = null;
  if (e.key === 'ArrowRight') to = state.i + 1;
  else if (e.key === 'ArrowLeft') to = state.i - 1;
  else if (e.key === 'Home') to = 0;
  else if (e.key === 'End') to = last;
  else if (e.key === ' ' && tag !== 'BUTTON') { e.preventDefault(); togglePlay(); return; }
  if (to === null) return;
  e.preventDefault();
  go(Math.max(0, Math.min(last, to)));
}

function build(root) {
  injectStyle(STYLE_ID, CSS);
  state.root = root;
  const file = el('input', { type: 'file', accept: '.json,.jsonl,application/json', testid: 'replay-file' });
  const pick = el('select', { testid: 'replay-pick', hidden: true });
  file.addEventListener('change', async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    const recs = recordsFromText(await f.text());
    if (!recs.length) {
      clearBoard();
      pick.hidden = true;
      setStatus(`${f.name}: no game record found in this file.`, true);
      return;
    }
    state.records = recs;
    pick.hidden = recs.length < 2;
    pick.replaceChildren(...recs.map((r, k) => el('option', { value: String(k) }, `game ${k + 1}${r.game ? ` (${r.game})` : ''}`)));
    load(recs[0]);
  });
  pick.addEventListener('change', () => load(state.records[Number(pick.value)]));
  const btn = (id, label, title, fn) => el('button', { type: 'button', testid: id, title, 'on:click': fn, disabled: true }, label);
  const slider = el('input', { type: 'range', min: '0', max: '0', value: '0', testid: 'replay-slider', 'aria-label': 'step' });
  slider.addEventListener('input', () => go(Number(slider.value)));
  root.replaceChildren(
    el('div', { class: 'replay-loader' },
      el('label', {}, 'Load a record (JSON, as downloaded or written by `cards … play --json`): ', file), ' ', pick,
      el('div', { testid: 'replay-status', class: 'replay-hint' }, 'Or finish a game and press “Replay this game”.')),
    el('div', { class: 'replay-nav', testid: 'replay-nav', hidden: true },
      el('strong', { testid: 'replay-game' }, ''),
      btn('replay-first', '|◀ first', 'first frame (Home)', () => go(0)),
      btn('replay-prev', '◀ back', 'back one action (←)', () => go(state.i - 1)),
      el('span', { class: 'replay-step', testid: 'replay-step', 'data-step': '0', 'data-total': '0' }, 'no record'),
      btn('replay-next', 'forward ▶', 'forward one action (→)', () => go(state.i + 1)),
      btn('replay-end', 'last ▶|', 'last frame (End)', () => go(state.frames.length - 1)),
      el('button', { type: 'button', testid: 'replay-play', title: 'play the game forward (space)', 'aria-pressed': 'false', 'on:click': togglePlay }, '▶ play'),
      slider),
    el('div', { testid: 'replay-view' }));
}

let keysBound = false;

/** The shell's entry: show the loader, and replay `record` at once when given. */
export function cardsReplay(root, record) {
  if (state.root !== root || !root.querySelector('[data-testid="replay-view"]')) build(root);
  if (!keysBound) {
    document.addEventListener('keydown', onKey);
    keysBound = true;
  }
  if (record) return load(record);
  if (state.frames.length) show();
  return Promise.resolve();
}

window.cardsReplay = cardsReplay;

// Replay: a record (from a file, or the game just played) goes to POST /api/replay, which answers
// one frame per action, every hand shown. The person steps forward and back (buttons, arrow keys,
// Home/End) and sees each seat's hand, the table, and the action of the frame highlighted.
//
// The shell calls `window.cardsReplay(root, record | null)`.

import { api, cardsRow, ddzRanks, el } from './app.js';
import { injectStyle, renderTable as kabuTable, seatName as kabuSeatName } from './kabu.js';

const STYLE_ID = 'replay-style';
const CSS = `
.replay-loader { margin: .5rem 0; padding: .5rem .75rem; border-radius: .5rem; background: rgba(0,0,0,.2); }
.replay-nav { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; margin: .6rem 0; }
.replay-nav button { min-width: 3rem; }
.replay-step { font-weight: bold; margin: 0 .6rem; font-variant-numeric: tabular-nums; }
.replay-action { margin: .4rem 0; padding: .4rem .6rem; border-radius: .4rem; background: rgba(255,213,74,.18);
  border: 1px solid #ffd54a; min-height: 2rem; display: flex; gap: .6rem; align-items: center; flex-wrap: wrap; }
.replay-seats { display: grid; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); gap: .6rem; }
.replay-seat { border: 2px solid rgba(255,255,255,.25); border-radius: .5rem; padding: .4rem .5rem; background: rgba(0,0,0,.15); }
.replay-seat.replay-acting { border-color: #ffd54a; box-shadow: 0 0 0 3px rgba(255,213,74,.45); }
.replay-seat.replay-out { opacity: .7; }
.replay-seat h3 { margin: 0 0 .3rem; font-size: 1rem; display: flex; justify-content: space-between; gap: .5rem; }
.replay-seat .replay-meta { font-size: .85rem; opacity: .9; margin-top: .25rem; }
.replay-centre { margin: .6rem 0; padding: .5rem .75rem; border-radius: .5rem; background: rgba(255,255,255,.07); }
.replay-centre .replay-flags span { margin-right: .8rem; }
.replay-flag-on { color: #ffd54a; font-weight: bold; }
.replay-result { margin-top: .5rem; font-weight: bold; }
.replay-hint { font-size: .85rem; opacity: .8; }
.replay-error { color: #ff8a80; font-weight: bold; }
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
    take(JSON.parse(text));
  } catch {
    for (const line of text.split('\n')) {
      const l = line.trim();
      if (!l) continue;
      try { take(JSON.parse(l)); } catch { /* not a JSON line */ }
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
  root: null, game: null, frames: [], i: 0, records: [], label: '',
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
  if (!t || /^(pass|bid|call|rob|no|give)\b/i.test(t) || /^[0-3]$/.test(t)) return null;
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

function actionLine(frame, game) {
  const a = frame.action;
  if (!a) return el('div', { class: 'replay-action', testid: 'replay-action' }, 'The deal: every hand before the first action.');
  const who = game === 'kabu' ? kabuSeatName(a.seat) : game === 'doudizhu' ? `seat ${a.seat}` : `player ${a.seat}`;
  let text = String(a.action);
  if (game === 'daifugo' && /^give\b/.test(text)) {
    const given = text.replace(/^give\s*/, '');
    return el('div', { class: 'replay-action', testid: 'replay-action' }, `${who} gives `, cardsRow(given.split(/\s+/).filter(Boolean), { small: true }));
  }
  if (game === 'kabu' && a.action && typeof a.action === 'object') text = JSON.stringify(a.action);
  const shown = actionCards(game, text);
  return el('div', { class: 'replay-action', testid: 'replay-action', 'data-seat': String(a.seat) },
    el('span', {}, `${who}: `), shown || el('strong', {}, text), shown ? el('span', { class: 'replay-hint' }, text) : null);
}

function flag(name, on) {
  return el('span', { class: on ? 'replay-flag-on' : '' }, `${name}: ${on ? 'yes' : 'no'}`);
}

function daifugoFrame(frame) {
  const obs = frame.observations || [];
  const acting = frame.action ? Number(frame.action.seat) : -1;
  const o0 = obs[0] || {};
  const st = o0.state || {};
  const seats = obs.map((o, p) => {
    const cls = o.classes ? o.classes[p] : null;
    const place = o.places ? o.places[p] : 0;
    const passed = o.passed ? o.passed[p] : false;
    const meta = [];
    if (cls !== null && cls !== undefined) meta.push(CLASS_NAMES[cls] || `class ${cls}`);
    if (place) meta.push(`place ${place}`);
    if (passed) meta.push('passed');
    if (o0.turn === p) meta.push('to play');
    if (o0.last_player === p) meta.push('played last');
    return el('div', {
      class: `replay-seat${p === acting ? ' replay-acting' : ''}${place ? ' replay-out' : ''}`, testid: `replay-seat-${p}`,
    },
    el('h3', {}, el('span', {}, `player ${p}`), el('span', {}, `${(o0.counts || [])[p] ?? '?'} cards`)),
    handCards('daifugo', o.hand, `replay-hand-${p}`),
    el('div', { class: 'replay-meta' }, meta.join(' · ')));
  });
  const table = st.table ? cardsRow(st.table.split(/\s+/)) : el('span', { class: 'replay-hint' }, 'empty: a new trick');
  const centre = el('div', { class: 'replay-centre', testid: 'replay-centre' },
    el('div', {}, 'Table: ', table),
    el('div', { class: 'replay-flags' },
      flag('revolution', st.revolution), flag('lock', st.lock), flag('11 back', st.eleven_back),
      o0.exchanging ? el('span', { class: 'replay-flag-on' }, 'card exchange') : null,
      o0.direction_reversed ? el('span', { class: 'replay-flag-on' }, 'direction reversed') : null));
  let result = null;
  if (frame.result) {
    const r = frame.result;
    result = el('div', { class: 'replay-result', testid: 'replay-result' },
      `Places: ${(r.places || []).map((x, p) => `player ${p}: ${x}`).join(', ')}`,
      r.points ? ` · points ${r.points.join(', ')}` : '');
  }
  return [centre, el('div', { class: 'replay-seats' }, seats), result];
}

function doudizhuFrame(frame) {
  const obs = frame.observations || [];
  const acting = frame.action ? Number(frame.action.seat) : -1;
  const o0 = obs[0] || {};
  const seats = obs.map((o, s) => {
    const role = o0.landlord === null || o0.landlord === undefined ? '' : (o0.landlord === s ? '地主 landlord' : '农民 peasant');
    const meta = [];
    if (o0.bids && o0.bids.length && o0.phase === 'auction') meta.push(`bids so far: ${o0.bids.join(', ')}`);
    if (o0.played && o0.played[s]) meta.push(`played ${o0.played[s]}`);
    if (o0.current_player === s) meta.push('to act');
    return el('div', { class: `replay-seat${s === acting ? ' replay-acting' : ''}`, testid: `replay-seat-${s}` },
      el('h3', {}, el('span', {}, `seat ${s}${role ? ` · ${role}` : ''}`), el('span', {}, `${(o0.cards_left || [])[s] ?? '?'} cards`)),
      handCards('doudizhu', o.hand, `replay-hand-${s}`),
      el('div', { class: 'replay-meta' }, meta.join(' · ')));
  });
  const trick = o0.trick ? el('span', {}, `seat ${o0.trick.seat}: `, actionCards('doudizhu', o0.trick.action) || o0.trick.action)
    : el('span', { class: 'replay-hint' }, o0.phase === 'auction' ? 'the auction' : 'nothing to beat: a lead');
  const centre = el('div', { class: 'replay-centre', testid: 'replay-centre' },
    el('div', {}, `Phase: ${o0.phase ?? '?'} · `, 'to beat: ', trick),
    el('div', { class: 'replay-flags' },
      el('span', {}, `bids: ${(o0.bids || []).join(', ') || '—'}`),
      el('span', {}, 'kitty: ', o0.kitty ? cardsRow(ddzRanks(o0.kitty), { small: true }) : '(hidden until the auction ends)'),
      el('span', {}, `multiplier ×${o0.multiplier ?? 1}`),
      el('span', {}, `bombs ${o0.bombs ?? 0}`),
      o0.spring ? el('span', { class: 'replay-flag-on' }, 'spring') : null));
  let result = null;
  if (frame.result) {
    const r = frame.result;
    result = el('div', { class: 'replay-result', testid: 'replay-result' },
      `${r.landlord_won ? 'The landlord wins' : 'The peasants win'}${r.spring ? ' (spring)' : ''}; returns ${(r.returns || []).join(', ')}; multiplier ×${r.multiplier ?? '?'}`);
  }
  return [centre, el('div', { class: 'replay-seats' }, seats), result];
}

function kabuFrame(frame) {
  const t = frame.table || {};
  const acting = frame.action ? frame.action.seat : null;
  const shown = { ...t, to_act: acting ?? t.to_act };
  const out = [kabuTable(shown, { prefix: 'replay-kabu' })];
  // Hands for the test ids every game shares: replay-hand-<seat> (0..3 fields, 4 dealer).
  (t.seats || []).forEach((s, i) => {
    const row = out[0].querySelector(`[data-testid="replay-kabu-cards-${i}"]`);
    if (row) {
      row.dataset.testid = `replay-hand-${i}`;
      row.dataset.cards = (s.cards || []).filter(Boolean).join(' ');
    }
  });
  if (frame.result || t.settlement) {
    const net = t.net ?? (frame.result && frame.result.net);
    out.push(el('div', { class: 'replay-result', testid: 'replay-result' }, `Net for the player: ${net > 0 ? '+' : ''}${net}`));
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
  view.replaceChildren(actionLine(frame, state.game), ...body);
}

function go(i) {
  if (!state.frames.length) return;
  state.i = i;
  show();
}

function setStatus(msg, error = false) {
  const s = state.root && state.root.querySelector('[data-testid="replay-status"]');
  if (s) {
    s.className = error ? 'replay-error' : 'replay-hint';
    s.textContent = msg;
  }
}

async function load(record) {
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
    setStatus(`The record does not replay: ${e && e.message ? e.message : e}`, true);
    return;
  }
  state.game = answer.game;
  state.frames = answer.frames || [];
  state.i = 0;
  const seed = record.seed !== undefined && record.seed !== null ? `, seed ${record.seed}` : '';
  const rules = typeof record.rules === 'string' ? `, rules ${record.rules}` : '';
  setStatus(`${answer.game}${rules}${seed}: ${state.frames.length - 1} actions. Use ← → (Home, End) or the buttons.`);
  state.root.querySelector('[data-testid="replay-game"]').textContent = answer.game;
  state.root.dataset.game = answer.game;
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
    if (!recs.length) { setStatus(`${f.name}: no game record found in this file.`, true); return; }
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
    el('div', { class: 'replay-nav' },
      el('strong', { testid: 'replay-game' }, ''),
      btn('replay-first', '⏮ first', 'first frame (Home)', () => go(0)),
      btn('replay-prev', '◀ back', 'back one action (←)', () => go(state.i - 1)),
      el('span', { class: 'replay-step', testid: 'replay-step', 'data-step': '0', 'data-total': '0' }, 'no record'),
      btn('replay-next', 'forward ▶', 'forward one action (→)', () => go(state.i + 1)),
      btn('replay-end', 'last ⏭', 'last frame (End)', () => go(state.frames.length - 1)),
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

// Kabu: one round against the dealer. The person stakes on fields 1..4 after the first cards,
// decides draw or stand for the staked fields where the draw rule leaves the choice, and watches
// the computer seats act (one /advance call per step, at the shell's pace).
//
// Registers the game with the shell (app.js owns the game loop: create, /action, /advance) and
// exports `renderTable(table, opts)`, which replay.js reuses for Kabu frames.

import { cardEl, registerGame } from './app.js';

const STYLE_ID = 'kabu-style';
const CSS = `
.kabu-table { display: grid; grid-template-columns: repeat(4, minmax(9rem, 1fr)); gap: .75rem; }
.kabu-seat { border: 2px solid rgba(255,255,255,.25); border-radius: .5rem; padding: .5rem;
  background: rgba(0,0,0,.15); min-height: 9rem; }
.kabu-seat.kabu-dealer { grid-column: 1 / -1; justify-self: center; min-width: 16rem; }
.kabu-seat.kabu-acting { border-color: #ffd54a; box-shadow: 0 0 0 3px rgba(255,213,74,.45); }
.kabu-seat.kabu-staked { background: rgba(255,255,255,.08); }
.kabu-seat h3 { margin: 0 0 .3rem; font-size: 1rem; display: flex; justify-content: space-between; gap: .5rem; }
.kabu-cards { display: flex; gap: .25rem; min-height: 4.5rem; align-items: flex-start; flex-wrap: wrap; }
.kabu-info { font-size: .9rem; margin-top: .3rem; min-height: 2.6em; }
.kabu-stake { font-weight: bold; color: #ffd54a; }
.kabu-net-pos { color: #7dff8a; font-weight: bold; }
.kabu-net-neg { color: #ff8a80; font-weight: bold; }
.kabu-panel { margin: .75rem 0; padding: .5rem .75rem; border-radius: .5rem; background: rgba(0,0,0,.2); }
.kabu-panel label { margin-right: .75rem; white-space: nowrap; }
.kabu-panel input[type=number] { width: 4rem; }
.kabu-panel button { margin: .2rem .3rem .2rem 0; }
.kabu-settlement { border-collapse: collapse; margin-top: .4rem; }
.kabu-settlement td, .kabu-settlement th { padding: .15rem .6rem; border-bottom: 1px solid rgba(255,255,255,.2); text-align: left; }
.kabu-status { font-weight: bold; margin: .4rem 0; min-height: 1.4em; }
.kabu-error { color: #ff8a80; }
`;

/** Inject this module's CSS once. */
export function injectStyle(id, css) {
  if (document.getElementById(id)) return;
  const s = document.createElement('style');
  s.id = id;
  s.textContent = css;
  document.head.appendChild(s);
}

const YAKU = {
  kuppin: 'クッピン (kuppin)',
  shippin: 'シッピン (shippin)',
  arashi10: '嵐10倍 (arashi ×10)',
  arashi5: '嵐5倍 (arashi ×5)',
  junko: '順子 (junko)',
  arashi10_reach: '嵐10倍リーチ (reach)',
  arashi5_reach: '嵐5倍リーチ (reach)',
  junko_reach: '順子リーチ (reach)',
  none: '',
};

const CASES = {
  dealer_kuppin: 'dealer クッピン',
  shippin: 'シッピン pays 3×',
  field_wins: 'field wins',
  tie_to_dealer: 'tie: dealer takes it',
  push: 'tie: stake returned',
  dealer_wins: 'dealer wins',
};

/** A readable name of a seat key: "field 2" -> "場2 (field 2)", "dealer" -> "親 (dealer)". */
export function seatName(seat) {
  const s = String(seat);
  const m = /(\d)/.exec(s);
  if (s.includes('dealer')) return '親 dealer';
  return m ? `場${m[1]} field ${m[1]}` : s;
}

/** The index 0..4 of a seat key ("field 1".."field 4", "dealer", or 1..4). */
export function seatIndex(seat) {
  if (seat === null || seat === undefined) return -1;
  const s = String(seat);
  if (s.includes('dealer')) return 4;
  const m = /(\d)/.exec(s);
  return m ? Number(m[1]) - 1 : -1;
}

function yakuText(y) {
  if (!y) return '';
  return y in YAKU ? YAKU[y] : String(y);
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'testid') e.dataset.testid = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

function netSpan(n, testid) {
  const cls = n > 0 ? 'kabu-net-pos' : n < 0 ? 'kabu-net-neg' : '';
  return el('span', { class: cls, testid }, n > 0 ? `+${n}` : String(n));
}

/**
 * The table: the four fields and the dealer, with cards (null = face down), points, yaku,
 * whether each seat drew, the stakes, and the settlement when the round is over.
 * `opts.prefix` namespaces the test ids (kabu play: "kabu", replay: "replay-kabu").
 */
export function renderTable(table, opts = {}) {
  injectStyle(STYLE_ID, CSS);
  const prefix = opts.prefix || 'kabu';
  const stakes = table.stakes || [0, 0, 0, 0];
  const acting = seatIndex(table.to_act);
  const settlement = {};
  for (const s of table.settlement || []) settlement[seatIndex(s.seat)] = s;
  const wrap = el('div', { class: 'kabu-table', testid: `${prefix}-table` });
  const seats = table.seats || [];
  seats.forEach((seat, i) => {
    const idx = seatIndex(seat.seat) >= 0 ? seatIndex(seat.seat) : i;
    const isDealer = idx === 4;
    const cards = el('div', { class: 'kabu-cards', testid: `${prefix}-cards-${idx}` });
    for (const c of seat.cards || []) {
      if (c === undefined) continue;
      const node = cardEl(c);
      if (c === null) node.dataset.hidden = 'true';
      cards.append(node);
    }
    const info = [];
    if (seat.points !== null && seat.points !== undefined) {
      info.push(el('span', { testid: `${prefix}-points-${idx}` }, `${seat.points} points`));
    }
    const yk = yakuText(seat.yaku);
    if (yk) info.push(' · ', el('span', { testid: `${prefix}-yaku-${idx}` }, yk));
    let drew = '';
    if (seat.drew === true) drew = 'drew a third card';
    else if (seat.drew === false) drew = 'stood';
    else if (idx === acting) drew = 'to act…';
    const stake = idx < 4 ? stakes[idx] || 0 : 0;
    const st = settlement[idx];
    const head = el('h3', {},
      el('span', {}, seatName(seat.seat ?? (isDealer ? 'dealer' : `field ${idx + 1}`))),
      idx < 4 && stake > 0 ? el('span', { class: 'kabu-stake', testid: `${prefix}-stake-shown-${idx}` }, `stake ${stake}`) : null);
    const box = el('div', {
      class: ['kabu-seat', isDealer ? 'kabu-dealer' : '', idx === acting ? 'kabu-acting' : '',
        stake > 0 ? 'kabu-staked' : ''].join(' ').trim(),
      testid: `${prefix}-seat-${idx}`,
    },
    head,
    cards,
    el('div', { class: 'kabu-info' },
      el('div', {}, ...info),
      el('div', { testid: `${prefix}-drew-${idx}` }, drew),
      st ? el('div', { testid: `${prefix}-field-net-${idx}` }, `${CASES[st.case] || st.case}: `, netSpan(st.net)) : null));
    wrap.append(box);
  });
  return wrap;
}

function settlementTable(table, prefix) {
  const rows = (table.settlement || []).map((s) => el('tr', {},
    el('td', {}, seatName(s.seat)),
    el('td', {}, String(s.stake)),
    el('td', {}, CASES[s.case] || s.case),
    el('td', {}, netSpan(s.net))));
  return el('div', { testid: `${prefix}-settlement` },
    el('table', { class: 'kabu-settlement' },
      el('thead', {}, el('tr', {}, el('th', {}, 'field'), el('th', {}, 'stake'), el('th', {}, 'result'), el('th', {}, 'net'))),
      el('tbody', {}, rows)),
    el('p', {}, 'Net for the round: ', netSpan(table.net ?? 0, `${prefix}-net`)));
}

const HELP = 'Forty cards: A (1) to 10 of four suits. A hand scores the sum of its cards mod 10. '
  + 'Each field and the dealer get one card face up; you stake on one or more fields, then the second cards come. '
  + 'With two cards, 3 points or less must draw, 7 or more must stand, 4 to 6 is your choice. '
  + 'Yaku beat points: 嵐 (three of one number) pays 10× (A, 3, 5, 10) or 5×, 順子 (a run in one suit) 5×; '
  + 'a field\'s two-card A+4 (シッピン) pays 3×, the dealer\'s two-card A+9 (クッピン) wins everything. '
  + 'A field beating the dealer pays 2× its stake; ties go to the dealer.';

function describe(v) {
  const t = v.observation;
  if (v.over || t.phase === 'over') {
    const n = t.net ?? (v.result && v.result.net) ?? 0;
    if (n === 0) return 'Round over: you broke even.';
    return `Round over: you ${n > 0 ? 'won' : 'lost'} ${Math.abs(n)}.`;
  }
  if (t.phase === 'bets') return 'Stake on one or more fields (their first cards are face up), then press Bet.';
  if (v.your_turn) {
    const who = seatName(t.to_act);
    if (t.allowed === 'choice') return `${who} (your stake): your choice — draw a third card or stand.`;
    if (t.allowed === 'draw') return `${who} (your stake): 3 points or less must draw.`;
    if (t.allowed === 'stand') return `${who} (your stake): 7 or more, or a yaku, must stand.`;
    return `${who}: your decision.`;
  }
  return t.to_act ? `${seatName(t.to_act)} is deciding…` : '…';
}

// The stakes typed so far, kept across re-renders of the same game's bet phase.
let draft = { id: null, stakes: [0, 0, 0, 0] };

function betPanel(view, ctx) {
  if (draft.id !== view.id) draft = { id: view.id, stakes: [0, 0, 0, 0] };
  const inputs = [0, 1, 2, 3].map((i) => el('input', {
    type: 'number', min: '0', max: '1000', step: '1', value: String(draft.stakes[i]),
    testid: `kabu-stake-${i + 1}`, 'aria-label': `stake on field ${i + 1}`,
  }));
  const betBtn = el('button', { type: 'button', testid: 'kabu-bet' }, 'Bet');
  const total = el('span', { testid: 'kabu-stake-total' });
  const stakes = () => inputs.map((x) => Math.max(0, Math.floor(Number(x.value) || 0)));
  const update = () => {
    draft.stakes = stakes();
    const sum = draft.stakes.reduce((a, b) => a + b, 0);
    total.textContent = sum > 0 ? `total stake ${sum}` : 'stake at least 1 on some field';
    betBtn.disabled = Boolean(ctx.busy) || sum <= 0;
  };
  inputs.forEach((x) => x.addEventListener('input', update));
  const fields = inputs.map((x, i) => el('span', { class: 'kabu-field-bet' },
    el('label', {}, `場${i + 1} `, x),
    el('button', {
      type: 'button', testid: `kabu-chip-${i + 1}`, title: `add 1 to the stake on field ${i + 1}`,
      onclick: () => { x.value = String((Number(x.value) || 0) + 1); update(); },
    }, '+1')));
  betBtn.addEventListener('click', () => {
    if (betBtn.disabled) return;
    betBtn.disabled = true;
    Promise.resolve(ctx.act({ action: 'bet', stakes: stakes() })).catch((e) => ctx.showError(String(e && e.message || e)));
  });
  update();
  return [el('div', {}, 'Stakes: ', ...fields), el('div', {}, betBtn, ' ', total)];
}

function drawPanel(view, ctx) {
  const t = view.observation;
  const legal = new Set((view.legal || []).map((l) => l.action));
  const mine = Boolean(view.your_turn) && !ctx.busy;
  const allows = (a) => (legal.size > 0 ? legal.has(a) : (t.allowed === a || t.allowed === 'choice'));
  const send = (a) => () => {
    Promise.resolve(ctx.act({ action: a })).catch((e) => ctx.showError(String(e && e.message || e)));
  };
  return [el('div', {},
    el('button', { type: 'button', testid: 'kabu-draw', disabled: !(mine && allows('draw')), onclick: send('draw') }, 'Draw'),
    el('button', { type: 'button', testid: 'kabu-stand', disabled: !(mine && allows('stand')), onclick: send('stand') }, 'Stand'),
    view.your_turn ? '' : el('span', {}, ' The computer draws for the fields without a stake and for the dealer.'))];
}

function render(view, ctx) {
  injectStyle(STYLE_ID, CSS);
  const t = view.observation;
  const over = view.over || t.phase === 'over';
  const status = el('div', { class: 'kabu-status', testid: 'kabu-status', 'data-phase': over ? 'over' : t.phase, 'aria-live': 'polite' }, describe(view));
  let panel;
  if (over) panel = [settlementTable(t, 'kabu')];
  else if (t.phase === 'bets') panel = betPanel(view, ctx);
  else panel = drawPanel(view, ctx);
  ctx.root.replaceChildren(
    status,
    renderTable(t, { prefix: 'kabu' }),
    el('div', { class: 'kabu-panel', testid: 'kabu-panel' }, ...panel),
    el('details', { class: 'kabu-help' }, el('summary', {}, 'How Kabu is played'), el('p', {}, HELP)));
}

registerGame('kabu', { label: 'Kabu', render });

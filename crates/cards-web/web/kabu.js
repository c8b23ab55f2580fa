// Kabu: one round against the dealer. The person stakes on fields 1..4 after the first cards,
// decides draw or stand for the staked fields where the draw rule leaves the choice, and watches
// the computer seats act (one /advance call per step, at the shell's pace).
//
// Registers the game with the shell (app.js owns the game loop: create, /action, /advance) and
// exports `renderTable(table, opts)`, which replay.js reuses for Kabu frames.

import { cardEl, el, errorText, registerGame } from './app.js';

const STYLE_ID = 'kabu-style';
const CSS = `
.kabu-grid { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: .6rem; }
.kabu-grid .seat { min-width: 0; min-height: 9.5rem; justify-content: flex-start; }
.kabu-grid .seat.kabu-dealer { grid-column: 2 / 4; }
.kabu-grid .seat.kabu-staked { background: rgba(255,255,255,.14); }
.kabu-grid .seat.kabu-unstaked .name { opacity: .8; }
.kabu-cards { min-height: calc(var(--card-h) + 4px); }
.kabu-stake-badge { background: var(--accent); font-weight: 700; }
.kabu-drew { font-size: .82rem; min-height: 1.1em; color: #e2e2dc; }
.kabu-field-net { font-size: .85rem; font-weight: 700; padding: 0 .4rem; border-radius: 4px; background: rgba(255,255,255,.9); color: var(--ink); }
.kabu-net-pos { color: #0a7a32; font-weight: 700; }
.kabu-net-neg { color: var(--red); font-weight: 700; }
.kabu-status { text-align: center; font-weight: 600; margin: .7rem 0 .3rem; min-height: 1.3em; }
.kabu-bets { display: flex; flex-wrap: wrap; gap: .5rem 1rem; justify-content: center; align-items: center; }
.kabu-bets label { color: #fff; font-weight: 600; }
.kabu-bets input[type=number] { width: 4.2rem; font: inherit; padding: .1rem .3rem; }
.kabu-bets .kabu-chip { border-radius: 999px; border: 2px dashed #a77d12; background: var(--accent); padding: .05rem .55rem; margin-left: .2rem; font-weight: 700; }
.kabu-total { font-size: .9rem; color: #e2e2dc; }
.kabu-help { margin-top: .6rem; font-size: .9rem; }
.kabu-help p { max-width: 60rem; }
.result.kabu-result table td:last-child, .result.kabu-result table th:last-child { text-align: right; }
@media (max-width: 720px) { .kabu-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); } .kabu-grid .seat.kabu-dealer { grid-column: 1 / -1; } }
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
  shippin: 'シッピン pays 3× the stake',
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

/**
 * What a field's settlement means in chips: what comes back, of it the stake returned and what
 * is won (`3 back for a stake of 1: the stake and 2 won`), or what is lost.
 */
export function payText(stake, net) {
  if (net > 0) return `${stake + net} back for a stake of ${stake}: the stake and ${net} won`;
  if (net === 0) return `the stake of ${stake} back`;
  return -net === stake ? `the stake of ${stake} lost` : `${-net} lost on a stake of ${stake}`;
}

function netSpan(n, testid) {
  const cls = n > 0 ? 'kabu-net-pos' : n < 0 ? 'kabu-net-neg' : '';
  return el('span', { class: cls, testid }, n > 0 ? `+${n}` : String(n));
}

/**
 * The table: the four fields and the dealer, with cards (null = face down), points, yaku,
 * whether each seat drew, the stakes, and each field's result when the round is over.
 * `opts.prefix` namespaces the test ids (play: "kabu", replay: "replay-kabu"); `opts.extra`
 * nodes go under the seats, inside the felt.
 */
export function renderTable(table, opts = {}) {
  injectStyle(STYLE_ID, CSS);
  const prefix = opts.prefix || 'kabu';
  const stakes = table.stakes || [0, 0, 0, 0];
  const acting = seatIndex(table.to_act);
  const settlement = {};
  for (const s of table.settlement || []) settlement[seatIndex(s.seat)] = s;
  const grid = el('div', { class: 'kabu-grid' });
  (table.seats || []).forEach((seat, i) => {
    const idx = seatIndex(seat.seat) >= 0 ? seatIndex(seat.seat) : i;
    const isDealer = idx === 4;
    const cards = el('div', { class: 'cards kabu-cards', testid: `${prefix}-cards-${idx}` });
    // The API sends three slots; null is a card not visible *or* not dealt: only the first card
    // exists while betting, the second afterwards, the third when the seat drew.
    (seat.cards || []).forEach((c, k) => {
      const dealt = (c !== null && c !== undefined)
        || (k === 1 && table.phase !== 'bets')
        || (k === 2 && seat.drew === true);
      if (!dealt) return;
      const node = cardEl(c ?? null);
      if (c === null || c === undefined) node.dataset.hidden = 'true';
      cards.append(node);
    });
    const stake = idx < 4 ? stakes[idx] || 0 : 0;
    const badges = [];
    // Points, unless a final yaku (クッピン, シッピン, 嵐, 順子) decides the hand instead.
    const finalYaku = seat.yaku && seat.yaku !== 'none' && !String(seat.yaku).endsWith('_reach');
    if (seat.points !== null && seat.points !== undefined && !finalYaku) {
      badges.push(el('span', { class: 'badge', testid: `${prefix}-points-${idx}` }, seat.points === 1 ? '1 point' : `${seat.points} points`));
    }
    const yk = yakuText(seat.yaku);
    if (yk) badges.push(el('span', { class: 'badge', testid: `${prefix}-yaku-${idx}` }, yk));
    let drew = '';
    if (seat.drew === true) drew = 'drew a third card';
    else if (seat.drew === false) drew = 'stood';
    else if (idx === acting) drew = 'to act…';
    const st = settlement[idx];
    let role = '';
    if (opts.replay) role = isDealer || stake === 0 ? '' : 'staked';
    else if (!isDealer) role = stake > 0 ? 'your stake' : 'no stake: the computer draws';
    else role = 'the computer draws';
    grid.append(el('div', {
      class: ['seat', 'kabu-seat', isDealer ? 'kabu-dealer' : '', idx === acting ? 'to-act' : '',
        !isDealer && stake > 0 ? 'kabu-staked' : '', !isDealer && stake === 0 ? 'kabu-unstaked' : ''].join(' ').replace(/\s+/g, ' ').trim(),
      testid: `${prefix}-seat-${idx}`,
      'data-drew': seat.drew === null || seat.drew === undefined ? null : String(seat.drew),
    },
    el('div', { class: 'name' }, seatName(seat.seat ?? (isDealer ? 'dealer' : `field ${idx + 1}`)),
      stake > 0 ? el('span', { class: 'badge kabu-stake-badge', testid: `${prefix}-stake-shown-${idx}` }, `stake ${stake}`) : null),
    cards,
    el('div', { class: 'meta' }, badges),
    el('div', { class: 'kabu-drew', testid: `${prefix}-drew-${idx}` }, drew || role),
    st ? el('div', { class: 'kabu-field-net', testid: `${prefix}-field-net-${idx}` }, `${CASES[st.case] || st.case}: `, netSpan(st.net), ` (${payText(stakes[idx] || 0, st.net)})`) : null));
  });
  return el('div', { class: 'felt kabu-felt', testid: `${prefix}-table` }, grid, opts.extra || null);
}

function settlementTable(table, prefix) {
  const rows = (table.settlement || []).map((s) => el('tr', {},
    el('td', {}, seatName(s.seat)),
    el('td', {}, String(s.stake)),
    el('td', {}, s.field && s.dealer ? `${s.field.label} vs ${s.dealer.label}` : ''),
    el('td', {}, `${CASES[s.case] || s.case} — ${payText(s.stake, s.net)}`),
    el('td', {}, netSpan(s.net))));
  return el('div', { class: 'result kabu-result', testid: `${prefix}-settlement` },
    el('h3', {}, 'Settlement'),
    el('table', {},
      el('thead', {}, el('tr', {}, el('th', {}, 'field'), el('th', {}, 'stake'), el('th', {}, 'field vs dealer'), el('th', {}, 'result'), el('th', {}, 'net'))),
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
  const total = el('span', { class: 'kabu-total', testid: 'kabu-stake-total' });
  const stakes = () => inputs.map((x) => Math.max(0, Math.floor(Number(x.value) || 0)));
  const update = () => {
    draft.stakes = stakes();
    const sum = draft.stakes.reduce((a, b) => a + b, 0);
    total.textContent = sum > 0 ? `total stake ${sum}` : 'stake at least 1 on some field';
    betBtn.disabled = Boolean(ctx.busy) || sum <= 0;
  };
  inputs.forEach((x) => x.addEventListener('input', update));
  const fields = inputs.map((x, i) => el('span', {},
    el('label', {}, `場${i + 1} `, x),
    el('button', {
      type: 'button', class: 'kabu-chip', testid: `kabu-chip-${i + 1}`, title: `add 1 to the stake on field ${i + 1}`,
      'on:click': () => { x.value = String((Number(x.value) || 0) + 1); update(); },
    }, '+1')));
  betBtn.addEventListener('click', () => {
    if (betBtn.disabled) return;
    betBtn.disabled = true;
    Promise.resolve(ctx.act({ action: 'bet', stakes: stakes() })).catch((e) => ctx.showError(errorText(e)));
  });
  update();
  betBtn.className = 'primary';
  return [el('div', { class: 'kabu-bets' }, ...fields), el('div', { class: 'actions' }, betBtn, total)];
}

function drawPanel(view, ctx) {
  const t = view.observation;
  const legal = new Set((view.legal || []).map((l) => l.action));
  const mine = Boolean(view.your_turn) && !ctx.busy;
  const allows = (a) => (legal.size > 0 ? legal.has(a) : (t.allowed === a || t.allowed === 'choice'));
  const buttons = [];
  const send = (a) => () => {
    if (!mine) return;
    buttons.forEach((b) => { b.disabled = true; }); // one decision per view
    Promise.resolve(ctx.act({ action: a })).catch((e) => ctx.showError(errorText(e)));
  };
  buttons.push(
    el('button', { type: 'button', class: 'primary', testid: 'kabu-draw', disabled: !(mine && allows('draw')), 'on:click': send('draw') }, 'Draw a third card'),
    el('button', { type: 'button', testid: 'kabu-stand', disabled: !(mine && allows('stand')), 'on:click': send('stand') }, 'Stand'));
  return [el('div', { class: 'actions' }, ...buttons)];
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
  const extra = [status, el('div', { class: 'kabu-panel', testid: 'kabu-panel' }, ...panel)];
  ctx.root.replaceChildren(
    renderTable(t, { prefix: 'kabu', extra }),
    el('details', { class: 'kabu-help' }, el('summary', {}, 'How Kabu is played'), el('p', {}, HELP)));
}

registerGame('kabu', { label: 'Kabu', render });

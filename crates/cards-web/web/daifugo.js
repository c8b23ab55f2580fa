// Daifugo (大富豪): the person is player 0 against four computers, a match of games with the
// card exchange from the second game on. Only the legal actions the server lists can be sent:
// the person selects cards, the page says whether they are one of `legal[].cards` (and which
// action; several actions may take the same cards, e.g. a joker standing in for different
// cards, then the person picks), and the Play button is enabled only then.
import { el, cardEl, cardsRow, cardKey, pretty, registerGame } from './app.js';

const CLASS_NAMES = [
  ['大富豪', 'Daifugō'],
  ['富豪', 'Fugō'],
  ['平民', 'Heimin'],
  ['貧民', 'Hinmin'],
  ['大貧民', 'Daihinmin'],
];

// The person's selection: card keys, kept while the hand is the same.
let selected = new Set();
let selectedHand = null;
// Whether the person opened the list of legal actions (kept across redraws).
let legalOpen = false;

function splitCards(text) {
  return String(text || '').split(/\s+/).filter(Boolean);
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = a.map(cardKey).sort();
  const y = b.map(cardKey).sort();
  return x.every((k, i) => k === y[i]);
}

function passedList(passed) {
  if (Array.isArray(passed)) return passed.map(Boolean);
  const bits = Number(passed) || 0;
  return [0, 1, 2, 3, 4].map((p) => Boolean(bits & (1 << p)));
}

function className(c) {
  if (typeof c === 'number' && CLASS_NAMES[c]) return CLASS_NAMES[c];
  return [String(c), ''];
}

function classBadge(classes, p) {
  if (!classes) return null;
  const c = classes[p];
  const [jp, romaji] = className(c);
  return el('span', { class: `badge class-${c}`, testid: `class-${p}`, title: romaji }, jp, romaji ? ` ${romaji}` : '');
}

// The players in play order from the person (player 0), as the match seats them: the page
// names a computer by where it sits ("Seat 1" plays right after you, as in Dou Dizhu), and
// shows its player number, which records and transcripts use, beside it.
let playOrder = [0, 1, 2, 3, 4];

function playOrderOf(observation) {
  const seats = observation.seats && observation.seats.length === 5 ? observation.seats : [0, 1, 2, 3, 4];
  const i0 = seats.indexOf(0);
  return [0, 1, 2, 3, 4].map((k) => seats[(i0 + k) % 5]);
}

function playerName(p) {
  return p === 0 ? 'You' : `Seat ${playOrder.indexOf(p)}`;
}

function describeAction(entry) {
  if (!entry) return '';
  const who = playerName(entry.player ?? entry.seat);
  if (entry.action === 'pass') return `${who} passed`;
  if (entry.action === 'give' || entry.action.startsWith('give')) return `${who} gave ${pretty(entry.action.slice(5)) || 'cards'}`;
  if (entry.accepted === false) return `${who}: ${pretty(entry.action)} (refused, counts as a pass)`;
  return `${who} played ${pretty(entry.action)}`;
}

function seatView(view, p) {
  const o = view.observation;
  const passed = passedList(o.passed)[p];
  const place = o.places[p];
  const toAct = !view.over && o.turn === p;
  // The meld on the table belongs to `last_player`; the others' passes in this trick are badges.
  const owns = Boolean(o.state.table) && o.last_player === p;
  const lastNode = owns
    ? el('div', { class: 'owner', testid: `owner-${p}` }, cardsRow(actionCards(o.state.table), { small: true }))
    : null;
  return el('div', {
    class: `seat${toAct ? ' to-act' : ''}${place ? ' finished' : ''}`,
    testid: `seat-${p}`,
    dataset: { player: p, count: o.counts[p], passed: String(passed), place, toAct: String(toAct) },
  },
  el('div', { class: 'name' }, playerName(p),
    p === 0 ? null : el('span', { class: 'badge', title: 'the player number in records' }, `computer, player ${p}`),
    classBadge(o.classes, p)),
  el('div', { class: 'stack' },
    o.counts[p] > 0 ? cardEl(null, { small: true }) : null,
    el('span', { class: 'count', testid: `count-${p}` }, o.counts[p]),
    el('span', null, o.counts[p] === 1 ? 'card' : 'cards')),
  el('div', { class: 'meta' },
    passed ? el('span', { class: 'badge passed', testid: `passed-${p}` }, 'passed') : null,
    place ? el('span', { class: 'badge place', testid: `place-${p}` }, `place ${place}`) : null,
    owns ? el('span', { class: 'badge' }, 'on the table') : null,
    toAct ? el('span', { class: 'badge' }, o.exchanging ? 'giving…' : 'to play') : null),
  el('div', { class: 'last-move' }, lastNode));
}

/** The cards of an action text (`S3 S4 JK=S5`), each token drawn as a card. */
function actionCards(action) {
  return splitCards(action).filter((t) => t !== 'give');
}

function flag(testid, label, on, title) {
  return el('span', { class: `chip ${on ? 'on' : 'off'}`, testid, dataset: { on: String(Boolean(on)) }, title }, label, on ? ' on' : ' off');
}

function resultView(view, ctx) {
  const r = view.result || {};
  const places = r.places || view.observation.places;
  const rows = playOrder.map((p) => el('tr', { testid: `result-row-${p}` },
    el('td', null, playerName(p)),
    el('td', { testid: `result-place-${p}` }, places ? places[p] : ''),
    el('td', null, className(Math.max(0, (places ? places[p] : 1) - 1)).join(' ')),
    el('td', null, r.points ? r.points[p] : ''),
    el('td', null, r.match_points ? r.match_points[p] : '')));
  const you = places ? places[0] : null;
  return el('div', { class: 'result', testid: 'result' },
    el('h3', null, `Game ${view.game_number || 1} over${you ? ` — you finished ${ordinal(you)}` : ''}`),
    r.cut_off ? el('p', null, 'The game was cut off (the remaining places were decided by the rules).') : null,
    el('table', null,
      el('thead', null, el('tr', null, el('th', null, 'player'), el('th', null, 'place'), el('th', null, 'next class'),
        el('th', null, 'points'), el('th', null, 'match total'))),
      el('tbody', null, rows)),
    el('div', { class: 'actions' },
      el('button', { type: 'button', class: 'primary', testid: 'next-game', 'on:click': () => ctx.next() },
        'Next game (with the card exchange)')));
}

function ordinal(n) {
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}

function render(view, ctx) {
  const o = view.observation;
  const handCards = splitCards(o.hand);
  if (selectedHand !== o.hand) {
    selected = new Set();
    selectedHand = o.hand;
  }
  // Keep only selected cards still in the hand.
  const handKeys = new Set(handCards.map(cardKey));
  for (const k of [...selected]) if (!handKeys.has(k)) selected.delete(k);

  const legal = view.your_turn && !ctx.busy ? view.legal : [];
  const selection = handCards.filter((c) => selected.has(cardKey(c)));
  const matches = selection.length ? legal.filter((a) => a.cards.length && sameCards(a.cards, selection)) : [];
  const passAction = legal.find((a) => a.action === 'pass');
  const giving = o.exchanging;

  // Seats in play order, starting after the person; the person sits at the bottom.
  playOrder = playOrderOf(o);
  const order = playOrder.slice(1);

  const toggle = (card) => () => {
    const k = cardKey(card);
    if (selected.has(k)) selected.delete(k);
    else selected.add(k);
    render(view, ctx);
  };

  let note;
  let noteClass = 'selection-note';
  if (view.over) note = '';
  else if (!view.your_turn) note = o.exchanging ? 'The exchange: the others give their cards…' : `Waiting for ${playerName(o.turn)}…`;
  else if (giving) note = selection.length ? (matches.length ? `Give ${pretty(selection.join(' '))}` : 'Not a gift the rules allow: choose the number of cards your class gives.') : 'The exchange: choose the cards you give, then press Give.';
  else if (!selection.length) {
    if (!o.state.table) note = 'You lead: select cards to play.';
    else if (o.last_player === 0) note = 'Everyone else passed: play again on your own meld, or pass to clear the table and lead.';
    else if (legal.length === 1 && passAction) note = 'No card of yours can beat the table: pass.';
    else note = 'Select cards that beat the table, or pass.';
  }
  else if (matches.length === 1) note = `Legal: ${pretty(matches[0].action)}`;
  else if (matches.length > 1) note = `Legal in ${matches.length} ways: choose one.`;
  else note = 'Not a legal play.';
  if (view.your_turn && selection.length) noteClass += matches.length ? ' legal' : ' illegal';

  const playLabel = giving ? 'Give' : 'Play';
  const buttons = [];
  if (matches.length > 1) {
    matches.forEach((a, i) => buttons.push(el('button', {
      type: 'button', class: 'primary', testid: `choice-${i}`, dataset: { action: a.action },
      'on:click': () => ctx.act(a.action),
    }, `${playLabel} ${pretty(a.action)}`)));
  } else {
    buttons.push(el('button', {
      type: 'button', class: 'primary', testid: 'play', disabled: matches.length !== 1,
      dataset: { action: matches.length === 1 ? matches[0].action : '' },
      'on:click': () => matches.length === 1 && ctx.act(matches[0].action),
    }, playLabel));
  }
  if (!giving) {
    buttons.push(el('button', { type: 'button', testid: 'pass', disabled: !passAction, 'on:click': () => passAction && ctx.act('pass') }, 'Pass'));
  }
  buttons.push(el('button', {
    type: 'button', testid: 'clear-selection', disabled: !selection.length,
    'on:click': () => { selected.clear(); render(view, ctx); },
  }, 'Clear'));

  const legalList = view.your_turn && legal.length
    ? el('details', {
      class: 'legal-list', testid: 'legal-list', dataset: { count: legal.length }, open: legalOpen,
      'on:toggle': (e) => { legalOpen = e.target.open; },
    },
      el('summary', null, `${legal.length} legal action${legal.length === 1 ? '' : 's'} (click one to select its cards)`),
      el('ul', null, legal.map((a, i) => el('li', null, el('button', {
        type: 'button', testid: `legal-${i}`, dataset: { action: a.action, cards: a.cards.join(' ') },
        'on:click': () => {
          selected = new Set(a.cards.map(cardKey));
          if (!a.cards.length) ctx.act(a.action);
          else render(view, ctx);
        },
      }, pretty(a.action))))))
    : null;

  const table = o.state.table;
  const lastAction = view.last ? describeAction(view.last) : (o.history && o.history.length ? describeAction(o.history[o.history.length - 1]) : '');
  const history = (o.history || []).slice().reverse();

  ctx.root.replaceChildren(
    el('div', { class: 'felt daifugo', testid: 'daifugo-table' },
      el('div', { class: 'opponents', testid: 'opponents' }, order.map((p) => seatView(view, p))),
      el('div', { class: 'center' },
        el('div', { class: 'label' }, o.exchanging ? 'card exchange' : 'table'),
        el('div', { class: 'meld-area', testid: 'table-meld', dataset: { meld: table || '' } },
          table ? cardsRow(actionCards(table)) : el('span', { class: 'empty' }, o.exchanging ? 'the exchange comes first' : 'empty: the next player leads')),
        el('div', { class: 'flags', testid: 'flags' },
          flag('flag-revolution', '革命 revolution', o.state.revolution, 'card strength reversed'),
          flag('flag-lock', '縛り lock', o.state.lock, 'plays must follow the suits on the table'),
          flag('flag-eleven-back', '11 back', o.state.eleven_back, 'a jack reversed the strength until the table clears'),
          o.direction_reversed ? flag('flag-direction', 'direction reversed', true) : null,
          o.exchanging ? flag('flag-exchanging', 'exchange', true) : null),
        el('div', { class: 'last-move', testid: 'last-action' }, lastAction)),
      view.over ? resultView(view, ctx) : null,
      el('div', { class: `you${view.your_turn ? ' to-act' : ''}`, testid: 'you', dataset: { count: o.counts[0], place: o.places[0] } },
        el('div', { class: 'name' }, 'You (player 0)', classBadge(o.classes, 0),
          o.places[0] ? el('span', { class: 'badge place', testid: 'place-0' }, `place ${o.places[0]}`) : null,
          passedList(o.passed)[0] ? el('span', { class: 'badge passed', testid: 'passed-0' }, 'passed') : null,
          el('span', { class: 'badge', testid: 'count-0' }, `${o.counts[0]} ${o.counts[0] === 1 ? 'card' : 'cards'}`)),
        o.returned ? el('div', { class: 'meta', testid: 'returned' }, 'You gave in the exchange: ', cardsRow(splitCards(o.returned), { small: true })) : null,
        // the poorer classes' side of the exchange: the tribute they gave and what came back
        !o.returned && (o.given || o.received) ? el('div', { class: 'meta', testid: 'exchange-seen' },
          o.given ? ['Your tribute in the exchange: ', cardsRow(splitCards(o.given), { small: true })] : null,
          o.received ? [o.given ? '; you received: ' : 'You received in the exchange: ', cardsRow(splitCards(o.received), { small: true })] : null) : null,
        el('div', { class: `hand${handCards.length > 18 ? ' crowded' : ''}`, testid: 'hand', dataset: { cards: o.hand } },
          handCards.map((c) => cardEl(c, { selected: selected.has(cardKey(c)), onClick: toggle(c) }))),
        el('div', { class: noteClass, testid: 'selection-note' }, note),
        view.over ? null : el('div', { class: 'actions', testid: 'actions' }, buttons),
        legalList)),
    el('div', { class: 'log', testid: 'log' },
      el('ol', { reversed: true, start: (o.history || []).length },
        history.map((h) => el('li', { dataset: { player: h.player, action: h.action } }, describeAction(h))))),
    el('details', { class: 'how-to-play', testid: 'how-to-play' }, el('summary', {}, 'How Daifugo is played'), el('p', {}, HOW_TO_PLAY)),
  );
}

const HOW_TO_PLAY = 'Five players; be the first to play all your cards. Ranks go 3 (weakest) to 10, J, Q, K, A, 2 (strongest); '
  + 'the joker (JK) alone beats any single and can stand in for any card of a meld. The holder of ♦3 leads. '
  + 'Each player in turn plays a stronger meld of the same kind and size as the one on the table (a single, '
  + '2 to 5 cards of one rank, or a run of 3 or more in one suit), or passes and sits out the rest of the trick; '
  + 'when all the others have passed, the table clears and the last to play leads anything. '
  + 'Four of a kind or a run of five is a revolution (革命): the order reverses. A meld with an 8 clears the table (8-cut); '
  + 'a meld in the same suits as the table locks them (縛り); a lone ♠3 beats a lone joker. '
  + 'Places give 5 to 1 points and the next game’s classes: from the second game on the 大貧民 (last) gives its two best '
  + 'cards to the 大富豪 (first) and the 貧民 (fourth) its best to the 富豪 (second), who give back any two and any one.';

registerGame('daifugo', { label: 'Daifugo 大富豪', render });

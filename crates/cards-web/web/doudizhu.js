// Dou Dizhu (斗地主): the person is seat 0 against two computers, the auction first (bid
// buttons: exactly the legal bids), then the play. Cards are ranks only (suits do not matter in
// Dou Dizhu): `3`..`9`, `T`, `J`, `Q`, `K`, `A`, `2`, `B` black joker, `R` red joker. The person
// selects cards; the page says whether they are one of `legal[].cards` (several readings of the
// same cards, e.g. 4444+55+66 as four with two pairs or as an airplane, let the person pick).
import { el, cardEl, cardsRow, ddzRanks, registerGame } from './app.js';

const ORDER = '3456789TJQKA2BR';
// The person's selection: indices into the hand, kept while the hand is the same.
let selected = new Set();
let selectedHand = null;
// Whether the person opened the list of legal actions (kept across redraws).
let legalOpen = false;

function seatName(s) {
  return s === 0 ? 'You' : `Seat ${s}`;
}

function rankSort(list) {
  return [...list].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
}

function sameRanks(a, b) {
  return a.length === b.length && rankSort(a).join('') === rankSort(b).join('');
}

/** A history entry in words; `inAuction`: whether it is one of the auction's actions (`3` is a bid there, a solo three after). */
function describe(entry, inAuction) {
  if (!entry) return '';
  const who = seatName(entry.seat);
  const a = entry.action;
  if (a === 'pass') return inAuction ? `${who} passed in the auction` : `${who} passed`;
  const bid = /^(?:bid\s*)?([123])$/.exec(a);
  if (inAuction && bid) return `${who} bid ${bid[1]}`;
  if (a === 'call') return `${who} called the landlord (叫地主)`;
  if (a === 'rob') return `${who} robbed the landlord (抢地主)`;
  return `${who} played ${a}`;
}

/** Ranks as people write them, ten as 10: `3TTJ` -> `3 10 10 J`. */
function rankWords(text) {
  return ddzRanks(text).map((r) => (r === 'T' ? '10' : r)).join(' ');
}

/** `1 card`, `5 cards`. */
function cardCount(n) {
  return `${n} ${n === 1 ? 'card' : 'cards'}`;
}

function bidText(a) {
  if (a === 'pass') return 'pass';
  if (a === 'call') return 'call 叫地主';
  if (a === 'rob') return 'rob 抢地主';
  // the engine writes a bid `bid 3`: say it once
  return /^bid\b/.test(a) ? a : `bid ${a}`;
}

/** The bids by seat: the auction's actions in order from the first bidder. */
function bidsBySeat(o) {
  const out = [[], [], []];
  const first = o.first_bidder ?? 0;
  (o.bids || []).forEach((b, i) => out[(first + i) % 3].push(b));
  return out;
}

/**
 * The actions of the current trick: the play to beat and the passes after it (the history after
 * the trick's play). Leading, nothing: the last trick is over.
 */
function trickActions(o) {
  const out = new Map();
  const history = o.history || [];
  if (!o.trick) return out;
  let i = history.length - 1;
  while (i >= 0 && !(history[i].seat === o.trick.seat && history[i].action === o.trick.action)) i -= 1;
  for (const h of history.slice(Math.max(i, 0))) out.set(h.seat, h);
  return out;
}

function roleBadge(o, s) {
  if (o.landlord === null || o.landlord === undefined) return null;
  return o.landlord === s
    ? el('span', { class: 'badge landlord', testid: `role-${s}` }, '地主 landlord')
    : el('span', { class: 'badge peasant', testid: `role-${s}` }, '农民 peasant');
}

function seatView(view, s, bids, recent) {
  const o = view.observation;
  const toAct = !view.over && o.current_player === s;
  const last = o.phase === 'auction' ? null : recent.get(s);
  return el('div', {
    class: `seat${toAct ? ' to-act' : ''}`,
    testid: `seat-${s}`,
    dataset: { seat: s, count: o.cards_left[s], toAct: String(toAct), landlord: String(o.landlord === s) },
  },
  el('div', { class: 'name' }, seatName(s), el('span', { class: 'badge' }, 'computer'), roleBadge(o, s)),
  el('div', { class: 'stack' },
    o.cards_left[s] > 0 ? cardEl(null, { small: true }) : null,
    el('span', { class: 'count', testid: `count-${s}` }, o.cards_left[s]),
    el('span', null, o.cards_left[s] === 1 ? 'card left' : 'cards left')),
  el('div', { class: 'meta', testid: `bids-${s}` },
    bids[s].length ? ['bids: ', bids[s].map(bidText).join(', ')] : null,
    toAct ? el('span', { class: 'badge' }, o.phase === 'auction' ? 'bidding…' : 'to play') : null),
  el('div', { class: 'last-move' },
    last ? (last.action === 'pass' ? el('span', null, 'pass') : cardsRow(ddzRanks(last.action), { small: true })) : null),
  el('div', { class: 'played meta', testid: `played-${s}` },
    o.played && o.played[s] ? ['played: ', cardsRow(ddzRanks(o.played[s]), { small: true })] : null));
}

function info(testid, label, value) {
  return el('span', { class: 'chip', testid, dataset: { value: value === null || value === undefined ? '' : String(value) } }, label, ' ', el('b', null, value ?? '—'));
}

function resultView(view) {
  const r = view.result || {};
  const o = view.observation;
  const returns = r.returns || o.returns || [0, 0, 0];
  const landlordWon = r.landlord_won ?? o.landlord_won;
  const youLandlord = o.landlord === 0;
  let headline;
  if (r.redeal) headline = 'Everyone passed in the auction: no game (start a new one).';
  else if (landlordWon === null || landlordWon === undefined) headline = 'Game over.';
  else headline = `${landlordWon ? 'The landlord' : 'The peasants'} won — ${(landlordWon === youLandlord) ? 'you win' : 'you lose'}.`;
  return el('div', { class: 'result', testid: 'result', dataset: { landlordWon: String(landlordWon) } },
    el('h3', null, headline),
    el('p', null, `multiplier ×${r.multiplier ?? o.multiplier}${r.spring || o.spring ? ', spring (春天)' : ''}`),
    el('table', null,
      el('thead', null, el('tr', null, el('th', null, 'seat'), el('th', null, 'role'), el('th', null, 'return'))),
      el('tbody', null, [0, 1, 2].map((s) => el('tr', { testid: `result-row-${s}` },
        el('td', null, seatName(s)),
        el('td', null, o.landlord === s ? '地主 landlord' : (o.landlord === null || o.landlord === undefined ? '' : '农民 peasant')),
        el('td', null, returns[s] > 0 ? `+${returns[s]}` : String(returns[s])))))),
    el('div', { class: 'actions' },
      el('button', { type: 'button', class: 'primary', testid: 'play-again', 'on:click': () => document.getElementById('new-game').click() }, 'New game')));
}

function render(view, ctx) {
  const o = view.observation;
  const hand = ddzRanks(o.hand);
  if (selectedHand !== o.hand) {
    selected = new Set();
    selectedHand = o.hand;
  }
  const legal = view.your_turn && !ctx.busy ? view.legal : [];
  const auction = o.phase === 'auction';
  const selection = [...selected].sort((a, b) => a - b).map((i) => hand[i]).filter(Boolean);
  const matches = !auction && selection.length ? legal.filter((a) => a.cards.length && sameRanks(a.cards, selection)) : [];
  const passAction = legal.find((a) => a.action === 'pass');
  const bids = bidsBySeat(o);
  const recent = trickActions(o);

  const toggle = (i) => () => {
    if (selected.has(i)) selected.delete(i);
    else selected.add(i);
    render(view, ctx);
  };
  const selectRanks = (ranks) => {
    selected = new Set();
    const used = new Set();
    for (const r of ranks) {
      const i = hand.findIndex((h, j) => h === r && !used.has(j));
      if (i >= 0) used.add(i);
    }
    selected = used;
  };

  let note = '';
  let noteClass = 'selection-note';
  if (view.over) note = '';
  else if (!view.your_turn) note = `Waiting for ${seatName(o.current_player)}…`;
  else if (auction) note = 'The auction: bid for the landlord (the landlord takes the kitty and plays against both others), or pass.';
  else if (!selection.length) note = o.trick ? `Beat ${seatName(o.trick.seat)}'s ${o.trick.action}, or pass.` : 'You lead: select cards to play.';
  else if (matches.length === 1) note = `Legal: ${matches[0].action}`;
  else if (matches.length > 1) note = `Legal as ${matches.length} different plays: choose one.`;
  else note = 'Not a legal play.';
  if (view.your_turn && !auction && selection.length) noteClass += matches.length ? ' legal' : ' illegal';

  const buttons = [];
  if (!view.over && auction) {
    for (const a of legal) {
      buttons.push(el('button', {
        type: 'button', class: a.action === 'pass' ? '' : 'primary', testid: `bid-${a.action}`,
        dataset: { action: a.action }, 'on:click': () => ctx.act(a.action),
      }, bidText(a.action)));
    }
  } else if (!view.over) {
    if (matches.length > 1) {
      matches.forEach((a, i) => buttons.push(el('button', {
        type: 'button', class: 'primary', testid: `choice-${i}`, dataset: { action: a.action },
        'on:click': () => ctx.act(a.action),
      }, `Play ${a.action}`)));
    } else {
      buttons.push(el('button', {
        type: 'button', class: 'primary', testid: 'play', disabled: matches.length !== 1,
        dataset: { action: matches.length === 1 ? matches[0].action : '' },
        'on:click': () => matches.length === 1 && ctx.act(matches[0].action),
      }, 'Play'));
    }
    buttons.push(el('button', { type: 'button', testid: 'pass', disabled: !passAction, 'on:click': () => passAction && ctx.act('pass') }, 'Pass'));
    buttons.push(el('button', {
      type: 'button', testid: 'clear-selection', disabled: !selection.length,
      'on:click': () => { selected.clear(); render(view, ctx); },
    }, 'Clear'));
  }

  const legalList = view.your_turn && !auction && legal.length
    ? el('details', {
      class: 'legal-list', testid: 'legal-list', dataset: { count: legal.length }, open: legalOpen,
      'on:toggle': (e) => { legalOpen = e.target.open; },
    },
      el('summary', null, `${legal.length} legal action${legal.length === 1 ? '' : 's'} (click one to select its cards)`),
      el('ul', null, legal.map((a, i) => el('li', null, el('button', {
        type: 'button', testid: `legal-${i}`, dataset: { action: a.action, cards: a.cards.join('') },
        'on:click': () => {
          if (!a.cards.length) {
            ctx.act(a.action);
            return;
          }
          selectRanks(a.cards);
          render(view, ctx);
        },
      }, a.action)))))
    : null;

  const kittyKnown = o.kitty !== null && o.kitty !== undefined;
  // The auction's actions are the first `bids.length` entries of the history.
  const all = o.history || [];
  const nBids = (o.bids || []).length;
  const lastText = describe(all[all.length - 1], all.length - 1 < nBids);
  const history = all.map((h, i) => [h, i]).reverse();

  ctx.root.replaceChildren(
    el('div', { class: 'felt doudizhu', testid: 'doudizhu-table', dataset: { phase: o.phase } },
      el('div', { class: 'ddz-top' },
        seatView(view, 2, bids, recent),
        el('div', { class: 'center' },
          el('div', { class: 'flags', testid: 'flags' },
            info('phase', 'phase', o.phase),
            info('landlord', 'landlord', o.landlord === null || o.landlord === undefined ? null : seatName(o.landlord)),
            info('multiplier', 'multiplier ×', o.multiplier),
            info('bombs', 'bombs', o.bombs),
            o.spring ? info('spring', 'spring', '春天') : null,
            view.deal > 1 ? info('deal', 'deal', view.deal) : null),
          // the server deals again by itself when every seat passed (from the next seed)
          view.deal > 1 && auction ? el('div', { class: 'meta', testid: 'redeal-note' }, `Everyone passed: dealing again (deal ${view.deal})`) : null,
          el('div', { class: 'label' }, 'kitty (底牌)'),
          el('div', { testid: 'kitty', dataset: { cards: o.kitty || '' } },
            kittyKnown ? cardsRow(ddzRanks(o.kitty), { small: true }) : cardsRow([null, null, null], { small: true })),
          o.kitty_left && kittyKnown ? el('div', { class: 'meta', testid: 'kitty-left' }, 'kitty cards still in the landlord’s hand: ', rankWords(o.kitty_left) || 'none') : null,
          el('div', { class: 'meta', testid: 'bids' }, 'bids: ',
            (o.bids && o.bids.length) ? o.bids.map((b, i) => `${seatName(((o.first_bidder ?? 0) + i) % 3)} ${bidText(b)}`).join(' · ') : 'none yet')),
        seatView(view, 1, bids, recent)),
      el('div', { class: 'center' },
        el('div', { class: 'label' }, o.phase === 'auction' ? 'auction' : (o.trick ? `to beat: ${seatName(o.trick.seat)}` : (o.current_player === 0 ? 'you lead' : (o.current_player === null || o.current_player === undefined ? 'the last trick' : `${seatName(o.current_player)} leads`)))),
        el('div', { class: 'meld-area', testid: 'trick', dataset: { cards: o.trick ? o.trick.action : '', seat: o.trick ? o.trick.seat : '' } },
          o.trick ? cardsRow(ddzRanks(o.trick.action)) : el('span', { class: 'empty' }, o.phase === 'auction' ? 'bidding for the landlord' : 'empty')),
        el('div', { class: 'last-move', testid: 'last-action' }, lastText)),
      view.over ? resultView(view) : null,
      el('div', { class: `you${view.your_turn ? ' to-act' : ''}`, testid: 'you', dataset: { count: o.cards_left[0] } },
        el('div', { class: 'name' }, 'You (seat 0)', roleBadge(o, 0),
          el('span', { class: 'badge', testid: 'count-0' }, cardCount(o.cards_left[0])),
          bids[0].length ? el('span', { class: 'badge', testid: 'bids-0' }, `your bids: ${bids[0].map(bidText).join(', ')}`) : null),
        el('div', { class: `hand${hand.length > 18 ? ' crowded' : ''}`, testid: 'hand', dataset: { cards: o.hand } },
          hand.map((c, i) => cardEl(c, { selected: selected.has(i), onClick: auction ? null : toggle(i) }))),
        el('div', { class: noteClass, testid: 'selection-note' }, note),
        view.over ? null : el('div', { class: 'actions', testid: 'actions' }, buttons),
        legalList,
        o.played && o.played[0] ? el('div', { class: 'played meta', testid: 'played-0' }, 'you played: ', cardsRow(ddzRanks(o.played[0]), { small: true })) : null)),
    el('div', { class: 'log', testid: 'log' },
      el('ol', { reversed: true, start: all.length },
        history.map(([h, i]) => el('li', { dataset: { seat: h.seat, action: h.action } }, describe(h, i < nBids))))),
    el('details', { class: 'how-to-play', testid: 'how-to-play' }, el('summary', {}, 'How Dou Dizhu is played'), el('p', {}, HOW_TO_PLAY)),
  );
}

const HOW_TO_PLAY = 'Three players, 54 cards: 3 (weakest) to 10, J, Q, K, A, 2, then the black (B) and the red (R) joker; '
  + 'suits never matter. Each gets 17 cards; three stay face down (the kitty, 底牌). In the auction each bids 1, 2 or 3 or '
  + 'passes, each bid above the last; the highest bidder is the landlord (地主), takes the kitty and leads. '
  + 'In turn each player passes or beats the table with the same type and length, higher: singles, pairs, trios '
  + '(with a single or a pair), runs of 5+, runs of 3+ pairs, planes (2+ trios in a row, with wings), four with two. '
  + 'A bomb (four of a kind) beats anything but a higher bomb and the rocket (both jokers). When both others pass, '
  + 'the last to play leads again. The first to empty the hand wins for their side: the landlord alone, or the two '
  + 'peasants together; every bomb and a spring (a side that never played) double the stake.';

registerGame('doudizhu', { label: 'Dou Dizhu 斗地主', render });

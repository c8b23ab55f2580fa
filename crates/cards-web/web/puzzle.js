// Puzzle: an open-hand Dou Dizhu endgame (明牌残局). The person types two hands (the first
// leads) or three (the landlord's first), bans the kinds the puzzle bans, and asks; POST
// /api/doudizhu/solve answers exactly who wins, every winning first play, and a line of play to
// the end, which is shown step by step with the hands left after each play.
//
// The shell calls `window.cardsPuzzle(root)` when the Puzzle tab opens.

import { api, cardsRow, ddzRanks, el, errorText } from './app.js';

const STYLE_ID = 'puzzle-style';
const CSS = `
.puzzle-form { display: grid; grid-template-columns: max-content minmax(10rem, 24rem); gap: .4rem .8rem; align-items: center; margin: .3rem 0 .6rem; }
.puzzle-form input[type=text] { font: inherit; padding: .25rem .4rem; }
.puzzle-bans { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: .3rem 1rem; }
.puzzle-form button { grid-column: 1 / -1; justify-self: start; }
.puzzle-verdict { font-weight: 700; font-size: 1.1rem; margin: .4rem 0; }
.puzzle-line { list-style: none; padding: 0; margin: .4rem 0; display: grid; gap: .35rem; }
.puzzle-line li { display: grid; grid-template-columns: 2.2rem 6.5rem minmax(0, 1fr) max-content; gap: .5rem; align-items: center; }
.puzzle-line .who { font-weight: 600; }
.puzzle-line .cards { justify-content: flex-start; }
.puzzle-line .left { color: var(--muted); font-size: .9rem; }
.puzzle-winning { display: flex; flex-wrap: wrap; gap: .4rem .9rem; align-items: center; }
.puzzle-hint { color: var(--muted); font-size: .9rem; }
`;

const BANS = [
  ['trio_solo', 'trio with a solo'],
  ['trio_pair', 'trio with a pair'],
  ['four_two_solo', 'four with two solos'],
  ['four_two_pair', 'four with two pairs'],
];

// One of the open-hand puzzles people trade: who wins, and with what first play?
const EXAMPLE = ['3455KK', '345522'];

function injectStyle() {
  if (document.getElementById(STYLE_ID)) return;
  document.head.append(el('style', { id: STYLE_ID }, CSS));
}

/** The ranks of a hand or play as card faces (`T` shown as 10). */
function ranks(text) {
  return ddzRanks(text).map((r) => (r === 'T' ? '10' : r));
}

/** `hand` (rank characters) without the ranks of `play`, one each. */
function without(hand, play) {
  const left = [...hand];
  for (const r of ddzRanks(play)) {
    const i = left.indexOf(r);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

function seatNames(players) {
  return players === 2 ? ['First', 'Second'] : ['Landlord', 'Peasant 1', 'Peasant 2'];
}

function verdict(report, players) {
  const side = {
    first: 'The first wins',
    second: 'The second wins',
    landlord: 'The landlord wins',
    peasants: 'The peasants win',
  }[report.winner] || report.winner;
  const mover = seatNames(players)[report.to_move] || `Seat ${report.to_move}`;
  return `${side} with best play. ${mover} to move ${report.lost ? 'has lost whatever it plays' : 'wins'}.`;
}

function showReport(out, report, hands) {
  const names = seatNames(hands.length);
  const left = hands.map((h) => ddzRanks(h));
  const steps = report.line.map((step, i) => {
    if (step.action !== 'pass') left[step.seat] = without(left[step.seat], step.action);
    const counts = left.map((h, s) => `${names[s]} ${h.length}`).join(' · ');
    return el('li', { testid: 'puzzle-step' },
      el('span', null, `${i + 1}.`),
      el('span', { class: 'who' }, names[step.seat]),
      step.action === 'pass' ? el('span', null, 'pass') : cardsRow(ranks(step.action), { small: true }),
      el('span', { class: 'left' }, `cards left: ${counts}`));
  });
  out.replaceChildren(
    el('p', { class: 'puzzle-verdict', testid: 'puzzle-verdict' }, verdict(report, hands.length)),
    report.lost ? null : el('div', { class: 'puzzle-winning', testid: 'puzzle-winning' },
      el('span', null, 'Winning first plays:'),
      report.winning.map((w) => (w === 'pass' ? el('span', null, 'pass') : cardsRow(ranks(w), { small: true })))),
    el('p', { class: 'puzzle-hint' },
      `A line of play: the winner plays its first winning move each turn, the loser its biggest play (${report.nodes.toLocaleString('en')} positions searched).`),
    el('ol', { class: 'puzzle-line', testid: 'puzzle-line' }, steps),
  );
}

window.cardsPuzzle = (root) => {
  if (root.dataset.built) return;
  root.dataset.built = 'true';
  injectStyle();
  const input = (testid, value, label) => el('input', {
    type: 'text', testid, value, 'aria-label': label, autocomplete: 'off', spellcheck: 'false',
  });
  const first = input('puzzle-first', EXAMPLE[0], 'the first hand');
  const second = input('puzzle-second', EXAMPLE[1], 'the second hand');
  const third = input('puzzle-third', '', 'a third hand (optional)');
  const bans = BANS.map(([name, label]) => el('input', { type: 'checkbox', value: name, testid: `puzzle-ban-${name}`, 'aria-label': label }));
  const out = el('div', { class: 'puzzle-result', testid: 'puzzle-result', 'aria-live': 'polite' });
  const button = el('button', { type: 'submit', testid: 'puzzle-solve' }, 'Solve');
  const form = el('form', { class: 'puzzle-form', testid: 'puzzle-form' },
    el('label', { for: 'puzzle-first' }, 'First hand (leads)'), first,
    el('label', null, 'Second hand'), second,
    el('label', null, 'Third hand (optional: the first is then the landlord)'), third,
    el('div', { class: 'puzzle-bans' }, 'Banned:', BANS.map(([, label], i) => el('label', { class: 'check' }, bans[i], ` ${label}`))),
    button);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const hands = [first.value, second.value, third.value].map((h) => h.trim()).filter(Boolean);
    button.disabled = true;
    out.replaceChildren(el('p', { class: 'puzzle-hint' }, 'Solving…'));
    try {
      const report = await api('/api/doudizhu/solve', {
        hands,
        bans: bans.filter((b) => b.checked).map((b) => b.value),
      });
      showReport(out, report, hands);
    } catch (err) {
      out.replaceChildren(el('p', { class: 'error', testid: 'puzzle-error', role: 'alert' }, errorText(err)));
    } finally {
      button.disabled = false;
    }
  });
  root.replaceChildren(
    el('p', { class: 'puzzle-hint' },
      'Dou Dizhu with every card face up: type the hands as ranks (3…9, 10 or T, J, Q, K, A, 2, B and R for the jokers) and ask who wins and how.'),
    form, out);
};

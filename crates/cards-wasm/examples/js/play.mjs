// Plays a whole game of each game with the built-in players through the npm package, and prints
// each game's returns. From the repository root, after `cargo xtask wasm`:
//   node crates/cards-wasm/examples/js/play.mjs
// In a project of your own: `import { initSync, Table, info } from 'cards-wasm'`.
import { readFileSync } from 'node:fs';

const pkg = process.env.CARDS_WASM_PKG
  ? new URL(`file://${process.env.CARDS_WASM_PKG.replace(/\/?$/, '/')}`)
  : new URL('../../../../target/cards-wasm/pkg/', import.meta.url);
const { initSync, Table, info } = await import(new URL('cards_wasm.js', pkg));
initSync({ module: readFileSync(new URL('cards_wasm_bg.wasm', pkg)) });

const players = { daifugo: 'tutorial', doudizhu: 'greedy', kabu: 'search' };
for (const [game, about] of Object.entries(JSON.parse(info()))) {
  const table = new Table(game, null, 42n); // the default preset, seed 42
  let moves = 0;
  while (!table.isOver()) {
    const player = table.currentPlayer();
    const seen = JSON.parse(table.observation(player)); // what that player sees, as JSON
    if (moves === 0) console.log(`${game}: player ${player} acts first and sees ${Object.keys(seen).length} fields`);
    const id = table.choose(players[game], BigInt(moves)); // the built-in player's choice
    table.applyId(id);
    moves += 1;
  }
  const record = JSON.parse(table.record());
  console.log(`${game} (${about.players} players, rules ${table.rules}): ${moves} moves, returns [${table.returns().join(', ')}], the record has ${Object.keys(record).length} keys`);
  table.free();
}

// The real rules, asked offline: `chesslantis referee` (one JSON action a
// line in, every seat's view out; docs/protocol.md), for the tests that check
// the rules pages' positions and moves against the game itself.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A referee of `variant` from `fen` (dice only as sent: `--forced-rolls`).
 * `act(seat, action)` answers the referee's JSON; `look()` the views now.
 * Throws when the referee refuses the position.
 */
export async function startReferee(binary, variant, fen) {
  const child = spawn(binary, ['referee', '--variant', variant, '--fen', fen, '--forced-rolls'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const errors = [];
  child.stderr.on('data', d => errors.push(String(d)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ask = async request => {
    child.stdin.write(`${JSON.stringify(request)}\n`);
    const { value, done } = await lines.next();
    if (done) throw new Error(`the referee refused ${variant} ${fen}: ${errors.join('')}`);
    return JSON.parse(value);
  };
  const first = await ask({});
  return {
    start: first,
    act: (seat, action) => ask({ seat, action }),
    close: () => {
      child.stdin.end();
      return new Promise(r => (child.exitCode !== null ? r() : child.on('exit', r)));
    },
  };
}

/**
 * The true placement and side to move, put together from what each seat
 * sees (a player's FEN writes `*` for a board it may not see): the
 * placement field, boards separated by `|`, and the side, `w` or `b`.
 */
export function truePosition(views) {
  const fens = ['white', 'black', 'spectator'].map(s => views[s].fen.split(/\s+/));
  const boards = fens[0][0].split('|').map((_, i) => fens.map(f => f[0].split('|')[i]).find(b => b && b !== '*') ?? '*');
  const side = fens.map(f => f[1]).find(s => s === 'w' || s === 'b');
  return `${boards.join('|')} ${side}`;
}

/** A FEN's placement and side to move, as `truePosition` writes them. */
export const placementAndSide = fen => fen.trim().split(/\s+/).slice(0, 2).join(' ');

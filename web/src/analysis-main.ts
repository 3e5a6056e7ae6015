// The analysis board, served at /analysis: `?variant=&fen=` (or the form)
// for a position of one's own, `?game=ID` for a finished game, whose
// computer analysis can be asked for and is shown with its graph. A game
// still being played is not opened (fair play: GET /api/games/{id}/export
// refuses it with `not_over`).

import 'chessgroundx/assets/chessground.base.css';
import '../styles/app.css';
import '../styles/analysis.css';
import { api, ApiError, gameUrl } from './api';
import { analysisApi } from './analysis-api';
import { AnalysisBoard } from './analysis-board';
import { ComputerAnalysis } from './analysis-report';
import { SetupForm } from './analysis-setup';
import { el, link } from './dom';
import { installPieceStyles } from './pieces';

const params = new URLSearchParams(location.search);
const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
const socketUrl = `${scheme}//${location.host}/ws/analysis`;

const app = document.getElementById('app')!;
app.classList.add('analysis-page');
const nav = el('nav', 'analysis-nav');
nav.append(link('/', 'Lobby'));
const notice = el('p', 'analysis-notice');
notice.setAttribute('role', 'alert');
notice.hidden = true;
const boardRoot = el('div');
app.append(nav, notice, boardRoot);
installPieceStyles();

/** A position of the user's own: the variant and FEN of the address (or of the form, which the address then keeps). */
function freeBoard(): void {
  const board = new AnalysisBoard(boardRoot, socketUrl);
  const setup = new SetupForm(params.get('variant') ?? 'chess', params.get('fen'), (variant, fen) => {
    const query = new URLSearchParams({ variant });
    if (fen) query.set('fen', fen);
    history.replaceState(null, '', `/analysis?${query}`);
    board.load({ variant, fen, actions: [], seats: [] });
  });
  app.insertBefore(setup.element, boardRoot);
  board.load({ variant: params.get('variant') ?? 'chess', fen: params.get('fen'), actions: [], seats: [] });
}

/** A finished game: its actions on the board (at its end), and its computer analysis beside them. */
async function finishedGame(id: string): Promise<void> {
  nav.append(link(gameUrl(id), 'Back to the game'));
  let record;
  try {
    record = await analysisApi.record(id);
  } catch (e) {
    notice.hidden = false;
    notice.textContent =
      e instanceof ApiError && e.code === 'not_over'
        ? 'This game is still being played: analysis opens when it ends.'
        : e instanceof ApiError && e.code === 'not_found'
          ? 'There is no such game on this server: check the link.'
          : e instanceof Error ? e.message : String(e);
    return;
  }
  const me = await api.me().catch(() => null);
  const board = new AnalysisBoard(boardRoot, socketUrl);
  const report = new ComputerAnalysis(id, !!me?.signed_in, (judgements, sans) => board.judge(judgements, sans), count => board.goto(count));
  board.load({ variant: record.variant, fen: record.setup, actions: record.actions.map(a => a.action), seats: record.actions.map(a => a.seat) });
  board.followGame(report);
  board.page.chatSlot.append(report.element);
  await report.load();
}

const game = params.get('game');
if (game) void finishedGame(game);
else freeBoard();

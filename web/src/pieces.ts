// Which image a piece gets. chessgroundx names a piece's CSS class after a
// one-letter role ("k-piece"); these letters are the UI's own, one per
// image (styles/pieces.css), whatever letter a variant uses in its FEN.

import type { Role as CgRole } from 'chessgroundx/types';
import { variantUi } from './variants';

const imageLetters: Record<string, string> = {
  pawn: 'p',
  knight: 'n',
  bishop: 'b',
  rook: 'r',
  queen: 'q',
  king: 'k',
  ship: 's',
  bede: 'e',
  chancellor: 'c',
  jester: 'j',
  zebra: 'z',
  squire: 'o',
  'bede-pawn': 'y',
};

/** The image name of a role in a variant ("bede-pawn" for a Bede pawn). */
export function imageOf(variant: string, role: string): string {
  const name = role.toLowerCase().replace(/[ _]/g, '-');
  return variantUi(variant).pieceImages?.[name] ?? name;
}

/** The chessgroundx role for a piece; an unknown role gets the generic '_' image. */
export function cgRoleOf(variant: string, role: string): CgRole {
  const letter = imageLetters[imageOf(variant, role)] ?? '_';
  return `${letter}-piece` as CgRole;
}

/** The promotion roles, in the order a chooser shows them. */
export const promotionOrder = ['queen', 'rook', 'bishop', 'knight', 'ship', 'bede', 'chancellor', 'zebra', 'jester', 'squire'];

/** The URL of a piece image (web/public/pieces, served at /pieces/ whatever the page's path). */
export function imageUrl(color: string, image: string): string {
  return `${import.meta.env.BASE_URL}pieces/${color}-${image}.svg`;
}

/** Adds the CSS that gives each chessground piece class its image. */
export function installPieceStyles(): void {
  if (document.getElementById('piece-images')) return;
  const rules: string[] = [];
  for (const [image, letter] of Object.entries(imageLetters)) {
    for (const color of ['white', 'black']) {
      rules.push(`.cg-wrap piece.${letter}-piece.${color} { background-image: url("${imageUrl(color, image)}"); }`);
    }
  }
  // A role the UI has no image for: a plain disc, so the piece is still seen (its name is on the square).
  rules.push('.cg-wrap piece._-piece { border-radius: 50%; box-shadow: inset 0 0 0 3px #000; transform-origin: center; }');
  rules.push('.cg-wrap piece._-piece.white { background: #fff; } .cg-wrap piece._-piece.black { background: #333; }');
  const style = document.createElement('style');
  style.id = 'piece-images';
  style.textContent = rules.join('\n');
  document.head.append(style);
}

// Draws the piece images that chess sets lack (Ship, Bede, Chancellor,
// Jester, Zebra, Squire, Bede pawn) into public/pieces/, white and black.
// Each has a silhouette of its own, so a player tells them apart at a glance.
// Run with `node art/draw-pieces.mjs` after changing a drawing; the SVG files
// are committed. Licence: GPL-3.0-or-later, as the rest of Chesslantis.
import { writeFileSync } from 'node:fs';

const colors = {
  white: { body: '#fff', line: '#000', detail: '#000' },
  black: { body: '#000', line: '#000', detail: '#fff' },
};

// B = body (filled, outlined), D = detail lines on the body, F = detail fill.
const drawings = {
  // A sailing ship: hull, mast, two sails and a pennant.
  ship: `
    <path class="B" d="M7 29 H38 L33 37 H12 Z"/>
    <path class="B" d="M22.5 6 V29"/>
    <path class="B" d="M24.5 9 L36 26 H24.5 Z"/>
    <path class="B" d="M20.5 12 L11 26 H20.5 Z"/>
    <path class="B" d="M22.5 6 L28 8 L22.5 10"/>
    <path class="D" d="M14 33 H31"/>`,
  // A monk's hood (the Venerable Bede) over an open book.
  bede: `
    <path class="B" d="M22.5 5 C13 5 10 15 10.5 24 L8.5 38 H36.5 L34.5 24 C35 15 32 5 22.5 5 Z"/>
    <ellipse class="F" cx="22.5" cy="18" rx="5" ry="6"/>
    <path class="B" d="M13 29 L22.5 31 L32 29 V35 L22.5 37 L13 35 Z"/>
    <path class="D" d="M22.5 31 V37"/>`,
  // A tower with a pointed roof, a horseshoe on its wall: rook and knight.
  chancellor: `
    <path class="B" d="M9 39 H36 V36 H9 Z"/>
    <path class="B" d="M12 36 V15 H33 V36 Z"/>
    <path class="B" d="M10 15 L22.5 4 L35 15 Z"/>
    <path class="D" d="M17.5 32 V25 A5 5 0 0 1 27.5 25 V32" stroke-width="2.5"/>
    <path class="D" d="M15.5 32 H19.5 M25.5 32 H29.5"/>`,
  // A jester's cap: three points with bells, a chequered band.
  jester: `
    <path class="B" d="M11 31 C9 22 7 18 4 15 C12 14 18 20 20 31 Z"/>
    <path class="B" d="M34 31 C36 22 38 18 41 15 C33 14 27 20 25 31 Z"/>
    <path class="B" d="M16.5 31 C16.5 20 19.5 11 22.5 7 C25.5 11 28.5 20 28.5 31 Z"/>
    <circle class="B" cx="4.5" cy="14" r="2.5"/>
    <circle class="B" cx="40.5" cy="14" r="2.5"/>
    <circle class="B" cx="22.5" cy="5.5" r="2.5"/>
    <path class="B" d="M10 31 H35 V38 H10 Z"/>
    <path class="F" d="M10 31 H16 V38 H10 Z M22 31 H28 V38 H22 Z"/>`,
  // A striped horse's head with an upright mane.
  zebra: `
    <path class="B" d="M13 39 L15.5 27 C11 25 8.5 21 10.5 16 L17 9 L18 4 L21.5 8 C29 8 34 15 34 23 L35 39 Z"/>
    <path class="D" d="M13 18 L20 13 M12.5 23 L23 16.5 M16 28 L28 20 M16 33.5 L32 25 M15 38.5 L33.5 31" stroke-width="2.2"/>
    <circle class="F" cx="17" cy="15" r="1.3"/>`,
  // A squire's shield with a chevron.
  squire: `
    <path class="B" d="M10 7 H35 V21 C35 30 29 35.5 22.5 39 C16 35.5 10 30 10 21 Z"/>
    <path class="D" d="M14 27 L22.5 17 L31 27" stroke-width="3"/>
    <path class="D" d="M22.5 10 V14"/>`,
  // A pawn with a diamond head and a diagonal cross: it steps diagonally.
  'bede-pawn': `
    <path class="B" d="M22.5 6 L28 12.5 L22.5 19 L17 12.5 Z"/>
    <path class="B" d="M18 21 H27 L25.5 25 C29 27 33 31 33 38 H12 C12 31 16 27 19.5 25 Z"/>
    <path class="D" d="M17 28.5 L28 36 M28 28.5 L17 36"/>`,
};

for (const [name, body] of Object.entries(drawings)) {
  for (const [color, c] of Object.entries(colors)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="45" height="45" viewBox="0 0 45 45">
<style>.B{fill:${c.body};stroke:${c.line};stroke-width:1.5;stroke-linejoin:round;stroke-linecap:round}.D{fill:none;stroke:${c.detail};stroke-width:1.5;stroke-linecap:round}.F{fill:${c.detail};stroke:none}</style>${body}
</svg>
`;
    writeFileSync(new URL(`../public/pieces/${color}-${name}.svg`, import.meta.url), svg);
  }
}

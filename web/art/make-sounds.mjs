// Synthesises the game page's sounds into public/sounds/ as small WAV files
// (mono, 16-bit, 22 050 Hz): a move's wooden knock, a capture's double
// knock, check's two rising notes, low time's three short beeps, and the
// start's and end's chords. Made from sine waves and noise here, so they are
// ours (GPL-3.0-or-later, as the rest of Chesslantis). Run with
// `node art/make-sounds.mjs` after changing one; the WAV files are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22_050;
const out = join(dirname(dirname(fileURLToPath(import.meta.url))), 'public', 'sounds');

/** A tone: frequency (Hz), start and length (s), loudness 0-1, decay rate (1/s). */
const tone = (freq, at, length, loud = 0.5, decay = 12) => ({ freq, at, length, loud, decay });

/** A knock: a short burst of low, quickly decaying noise mixed with a low tone (a piece set down on wood). */
const knock = (at, loud = 0.8) => ({ knock: true, at, length: 0.09, loud });

const sounds = {
  move: [knock(0)],
  capture: [knock(0, 0.9), knock(0.07, 0.7)],
  check: [tone(880, 0, 0.12, 0.35, 14), tone(1175, 0.11, 0.16, 0.35, 12)],
  'low-time': [tone(1320, 0, 0.06, 0.3, 20), tone(1320, 0.12, 0.06, 0.3, 20), tone(1320, 0.24, 0.06, 0.3, 20)],
  start: [tone(523, 0, 0.35, 0.25, 5), tone(659, 0.08, 0.3, 0.25, 5), tone(784, 0.16, 0.3, 0.25, 5)],
  end: [tone(784, 0, 0.3, 0.25, 5), tone(659, 0.12, 0.3, 0.25, 5), tone(523, 0.24, 0.45, 0.25, 4)],
};

/** A fixed pseudo-random sequence, so the files come out the same each run. */
function noise(seed) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return x / 0x3fffffff - 1;
  };
}

function render(parts) {
  const end = Math.max(...parts.map(p => p.at + p.length));
  const samples = new Float64Array(Math.ceil(end * RATE));
  const rand = noise(7);
  for (const p of parts) {
    const from = Math.floor(p.at * RATE);
    const n = Math.floor(p.length * RATE);
    let smooth = 0;
    for (let i = 0; i < n && from + i < samples.length; i++) {
      const t = i / RATE;
      let v;
      if (p.knock) {
        smooth = smooth * 0.75 + rand() * 0.25; // low-passed noise: a thud, not a hiss
        v = (smooth * 2.2 + Math.sin(2 * Math.PI * 180 * t) * 0.6) * Math.exp(-t * 55);
      } else {
        const attack = Math.min(1, t / 0.005);
        v = Math.sin(2 * Math.PI * p.freq * t) * attack * Math.exp(-t * p.decay);
      }
      samples[from + i] += v * p.loud;
    }
  }
  return samples;
}

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2));
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16); // fmt chunk size
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(RATE, 24);
  head.writeUInt32LE(RATE * 2, 28); // bytes per second
  head.writeUInt16LE(2, 32); // bytes per sample
  head.writeUInt16LE(16, 34); // bits per sample
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

mkdirSync(out, { recursive: true });
for (const [name, parts] of Object.entries(sounds)) writeFileSync(join(out, `${name}.wav`), wav(render(parts)));

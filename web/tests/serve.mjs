// A server for the browser tests on a free port of 127.0.0.1: web/dist at /,
// web/fixtures at /fixtures/, the variants' descriptors at /api/variants (fixtures/api/variants.json, the
// real server's answer, which server.test.mjs checks against it), game.html for /game/{id}, profile.html for /@/{name}, tournaments.html for /tournaments and /tournament/{id}, analysis.html for /analysis, rules/X.html for
// /rules/X (as `chesslantis serve` does), and a minimal WebSocket endpoint /ws/games/{id} (RFC 6455
// text frames, no dependency) that sends the frames a test gives it and
// records what the page sends.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.wav': 'audio/wav' };

/** One text frame from the server (unmasked). */
function encodeFrame(text) {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head = n < 126 ? Buffer.from([0x81, n]) : n < 65536 ? Buffer.from([0x81, 126, n >> 8, n & 255]) : Buffer.concat([Buffer.from([0x81, 127]), (() => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(n)); return b; })()]);
  return Buffer.concat([head, payload]);
}

/** Complete client frames at the start of `buf` (masked, as clients send): [{opcode, text}], and the bytes left. */
function decodeFrames(buf) {
  const frames = [];
  for (;;) {
    if (buf.length < 2) break;
    const opcode = buf[0] & 15;
    let len = buf[1] & 127;
    let at = 2;
    if (len === 126) { if (buf.length < 4) break; len = buf.readUInt16BE(2); at = 4; }
    else if (len === 127) { if (buf.length < 10) break; len = Number(buf.readBigUInt64BE(2)); at = 10; }
    if (buf.length < at + 4 + len) break;
    const mask = buf.subarray(at, at + 4);
    const data = Buffer.from(buf.subarray(at + 4, at + 4 + len));
    for (let i = 0; i < data.length; i++) data[i] ^= mask[i % 4];
    frames.push({ opcode, text: data.toString() });
    buf = buf.subarray(at + 4 + len);
  }
  return { frames, rest: buf };
}

// Game ids the test server knows nothing of: the socket and /api/games/{id} answer 404, as the real server does.
const MISSING = /^missing/;
// Game ids whose socket always fails while /api/games/{id} says the game exists (a server in trouble).
const FLAKY = /^flaky/;

export async function serve(webDir) {
  const sockets = { frames: [], received: [], attempts: [] };
  const server = createServer(async (req, res) => {
    const api = /^\/api\/games\/([^/]+)$/.exec(new URL(req.url, 'http://x').pathname);
    if (api && MISSING.test(api[1])) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'not_found', message: `there is no game '${api[1]}'; check the link` }));
      return;
    }
    if (api && FLAKY.test(api[1])) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: api[1] }));
      return;
    }
    let path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (path === '/api/variants') path = '/fixtures/api/variants.json';
    else if (path === '/') path = '/index.html';
    else if (/^\/game\/[^/]+$/.test(path)) path = '/game.html';
    else if (/^\/@\/[^/]+$/.test(path)) path = '/profile.html';
    else if (path === '/tournaments' || /^\/tournament\/[^/]+$/.test(path)) path = '/tournaments.html';
    else if (path === '/analysis') path = '/analysis.html';
    else if (path === '/arenas' || /^\/arena\/[^/]+$/.test(path)) path = '/arenas.html';
    else if (/^\/rules\/[a-z0-9-]+$/.test(path)) path = `${path}.html`;
    else if (path === '/rules/') path = '/rules/index.html';
    const file = path.startsWith('/fixtures/') ? join(webDir, path) : join(webDir, 'dist', path);
    if (!file.startsWith(webDir)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  server.on('upgrade', (req, socket) => {
    const game = /^\/ws\/games\/([^/]+)$/.exec(new URL(req.url, 'http://x').pathname)?.[1];
    if (!game) { socket.destroy(); return; }
    sockets.attempts.push(game);
    if (MISSING.test(game)) { socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n'); return; }
    if (FLAKY.test(game)) { socket.end('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n'); return; }
    const accept = createHash('sha1').update(req.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    let pending = Buffer.alloc(0);
    socket.on('data', chunk => {
      const { frames, rest } = decodeFrames(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const f of frames) {
        if (f.opcode === 1) sockets.received.push(f.text);
        if (f.opcode === 8) socket.end();
      }
    });
    socket.on('error', () => {});
    for (const frame of sockets.frames) socket.write(encodeFrame(JSON.stringify(frame)));
  });
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    /** Frames each new game socket receives first; what the pages sent; the game of every socket opened, in order. */
    sockets,
    close: () => new Promise(r => { server.closeAllConnections?.(); server.close(r); }),
  };
}

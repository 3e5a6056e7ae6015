// The real server for the browser tests: `chesslantis serve` on a free port
// of 127.0.0.1 with a fresh SQLite file. When the binary does not serve the
// built UI itself (a server from before it embedded web/dist), a small front
// on another port serves web/dist by the contract's routes (/ the lobby,
// /game/{id}, /rules/{variant}, files by path) and passes /api/ and /ws/ to
// the server unchanged, so the same tests run against either
// (CHESSLANTIS_WEB_FRONT=1 uses the front whatever the binary embeds).
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { connect, createServer as createTcpServer } from 'node:net';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve as serveDist } from './serve.mjs';

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createTcpServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitUntilUp(url, child, log) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`chesslantis serve exited (${child.exitCode}): ${log.join('')}`);
    try {
      const r = await fetch(`${url}/api/variants`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise(r => setTimeout(r, 100));
  }
  throw new Error(`chesslantis serve did not answer at ${url}: ${log.join('')}`);
}

/** A front serving web/dist and passing /api/ and /ws/ on to the server at `backendPort`. */
async function front(webDir, backendPort) {
  const dist = await serveDist(webDir); // web/dist by the contract's routes
  const distPort = Number(new URL(dist.url).port);
  const server = createServer((req, res) => {
    const port = req.url.startsWith('/api/') ? backendPort : distPort;
    const upstream = request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, r => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end('the server is gone'));
    req.pipe(upstream);
  });
  // A WebSocket is passed on as raw bytes: the upgrade request, then both directions.
  server.on('upgrade', (req, socket, head) => {
    const upstream = connect(backendPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head?.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise(r => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: async () => {
      server.closeAllConnections?.();
      await new Promise(r => server.close(r));
      await dist.close();
    },
  };
}

/** Starts `chesslantis serve`; `url` is where the pages are (the server itself, or the front). */
export async function startServer(binary, webDir) {
  if (!existsSync(binary)) throw new Error(`no chesslantis binary at ${binary}: run \`cargo build -p chesslantis\` (scripts/test-web does)`);
  const dir = mkdtempSync(join(tmpdir(), 'chesslantis-web-'));
  const port = await freePort();
  const log = [];
  const child = spawn(binary, ['serve', '--addr', `127.0.0.1:${port}`, '--database', join(dir, 'games.db')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', d => log.push(String(d)));
  child.stderr.on('data', d => log.push(String(d)));
  const backend = `http://127.0.0.1:${port}`;
  await waitUntilUp(backend, child, log);
  const lobby = await (await fetch(`${backend}/`)).text();
  const embedsUi = /\/assets\/index-[\w-]+\.js/.test(lobby);
  // CHESSLANTIS_WEB_FRONT=1: this web/dist, not the binary's (a server built from another checkout).
  const fronted = embedsUi && !process.env.CHESSLANTIS_WEB_FRONT ? null : await front(webDir, port);
  return {
    url: fronted?.url ?? backend,
    api: backend,
    embedsUi,
    log,
    async close() {
      await fronted?.close();
      child.kill('SIGTERM');
      await new Promise(r => (child.exitCode !== null ? r() : child.on('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The UI is built into web/dist: the game page (index.html) and the fixture
// harness (harness.html) that the browser tests load. Asset paths are
// absolute (/assets/, /pieces/): the server serves dist/ at its root and the
// game page at /game/{id}.
import { defineConfig } from 'vite';
import { resolve } from 'node:path';

export default defineConfig({
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        harness: resolve(import.meta.dirname, 'harness.html'),
      },
    },
  },
});

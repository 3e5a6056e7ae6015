// The UI is built into web/dist (committed, embedded by the server):
// index.html the lobby (served at /), game.html the game page (/game/{id}),
// profile.html a user's profile (/@/{name}), tournaments.html the club
// events (/tournaments and /tournament/{id}), arenas.html the arenas
// (/arenas and /arena/{id}),
// rules/<variant>.html made from rules/*.md, the players' rules, in the
// shell rules.html (/rules/<variant>; build/rules-pages.mjs), and
// harness.html, the fixture harness the browser tests load, and
// analysis.html the analysis board (/analysis). Asset paths are
// absolute (/assets/, /pieces/): the server serves dist/ at its root.
import { defineConfig } from 'vite';
import { resolve } from 'node:path';
import { rulesPagesPlugin, rulesVariants } from './build/rules-pages.mjs';

const rulesDir = resolve(import.meta.dirname, 'rules');

export default defineConfig({
  base: '/',
  define: {
    // The variants with a rules page, for the lobby's and the game page's links.
    __RULES_PAGES__: JSON.stringify(rulesVariants(rulesDir)),
  },
  plugins: [rulesPagesPlugin(rulesDir)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        game: resolve(import.meta.dirname, 'game.html'),
        profile: resolve(import.meta.dirname, 'profile.html'),
        tournaments: resolve(import.meta.dirname, 'tournaments.html'),
        arenas: resolve(import.meta.dirname, 'arenas.html'),
        harness: resolve(import.meta.dirname, 'harness.html'),
        rules: resolve(import.meta.dirname, 'rules.html'),
        analysis: resolve(import.meta.dirname, 'analysis.html'),
      },
    },
  },
});

/** The variants with a rules page at /rules/<variant> (vite.config.ts, from rules/*.md). */
declare const __RULES_PAGES__: string[];

// The README's pictures: four screenshots of the real-server browser tests
// (target/web-screenshots/server-*.png, made by scripts/test-web), halved
// and saved as docs/img/*.png. Run after the tests: node web/art/readme-images.mjs
import { chromium } from 'playwright-core';
import { readFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const names = ['lobby', 'beirut-spectator', 'bermuda-angle', 'bermuda-two-board'];
mkdirSync(join(repo, 'docs', 'img'), { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 640, height: 450 } });
for (const name of names) {
  const png = readFileSync(join(repo, 'target', 'web-screenshots', `server-${name}.png`)).toString('base64');
  await page.setContent(`<body style="margin:0"><img style="display:block;width:640px" src="data:image/png;base64,${png}"></body>`);
  await page.locator('img').screenshot({ path: join(repo, 'docs', 'img', `${name}.png`) });
}
await browser.close();

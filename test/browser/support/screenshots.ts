import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), "../../../docs/screenshots");

/** A PNG of the view for the docs (docs/screenshots/), as wide as the page's viewport and at most 2.5 viewports tall. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // The mouse off any chart: no tooltip in the picture.
  await page.mouse.move(0, 0);
  await page.screenshot({
    path: join(SCREENSHOTS, `${name}.png`),
    fullPage: true,
    clip: { x: 0, y: 0, width: viewport.width, height: Math.min(height, Math.round(viewport.height * 2.5)) },
  });
}

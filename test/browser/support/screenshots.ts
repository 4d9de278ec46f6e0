import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), "../../../docs/screenshots");

/** A 1280-px-wide PNG of the view for the README (docs/screenshots/), at most 2000 px tall. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // The mouse off any chart: no tooltip in the picture.
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, clip: { x: 0, y: 0, width: 1280, height: Math.min(height, 2000) } });
}

import { existsSync } from 'node:fs';

/**
 * The Chromium to drive: an explicit CHROMIUM_PATH, else a system Chromium (Debian's `chromium`, which
 * CI installs because Playwright cannot download its own browser offline), else undefined so Playwright
 * uses its own downloaded browser on a developer's machine.
 */
export function findChromium(): string | undefined {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} does not exist`);
    return explicit;
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'].find((p) => existsSync(p));
}

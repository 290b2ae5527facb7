/**
 * Debian's Chromium as the browser tests and the bench launch it (or CHROMIUM_PATH): headless, no
 * sandbox or GPU, and none of the background traffic of a first run.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
}

// How every script here starts headless Chromium: the flags toolchain.md
// asks for — no sandbox (the suite runs as root), software GL, and no
// background networking (this machine cannot reach the hosts Chromium would
// call). Plain data, so the web bench can import it without this folder's
// node_modules.

export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

export const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--enable-unsafe-swiftshader",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** The options of `chromium.launch` for a headless run of `executablePath`. */
export const launchOptions = (executablePath = CHROMIUM) => ({ executablePath, headless: true, args: FLAGS });

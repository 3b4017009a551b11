// The dashboard's one HTML page: a shell that loads the stylesheet and the script, both from this
// origin. Every screen is drawn by the script from the JSON API (docs/dashboard.md), so the page
// holds no data, no keys and no inline script or style: the Content-Security-Policy below forbids them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ASSETS_PATH = '/dashboard/assets';

/** No inline code, nothing from another origin, no framing, forms only to this origin. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface Asset {
  type: string;
  body: Buffer;
}

/** The assets, read once at start-up: a fixed set, so a request can name nothing else on disk. */
/**
 * Beside this module (src/dashboard/assets, or dist/dashboard/assets in the image, which copies
 * them); a build compiled in place in the repository (`tsc -p tsconfig.build.json`, as the benches
 * run it) has no copy, and reads them from src.
 */
function assetsDir(): string {
  const beside = fileURLToPath(new URL('./assets/', import.meta.url));
  return existsSync(beside) ? beside : fileURLToPath(new URL('../../src/dashboard/assets/', import.meta.url));
}

export function loadAssets(): Map<string, Asset> {
  const dir = assetsDir();
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(dir)) {
    const type = TYPES[extname(name)];
    if (type) assets.set(name, { type, body: readFileSync(join(dir, name)) });
  }
  return assets;
}

/** The shell; with single sign-on configured, a meta tag tells the sign-in screen to offer it. */
export const shell = ({ ssoPath }: { ssoPath: string | null }) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preflight</title>${ssoPath ? `\n<meta name="preflight-sso" content="${ssoPath}">` : ''}
<link rel="stylesheet" href="${ASSETS_PATH}/app.css">
<script type="module" src="${ASSETS_PATH}/main.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header id="top"></header>
<main id="main" tabindex="-1"><p class="muted">Loading…</p></main>
<noscript><p>The Preflight dashboard needs JavaScript. The API is documented at <a href="/docs">/docs</a>.</p></noscript>
</body>
</html>
`;

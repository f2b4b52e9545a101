import { QUEUE_BOARD_PATHS, QUEUE_BOARD_SIGN_IN_PATH, QUEUE_BOARD_SIGN_OUT_PATH } from './queue-board-auth.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const formatDuration = (ms: number) => (ms >= 3_600_000 ? `${Math.round(ms / 360_000) / 10} hours` : `${Math.max(1, Math.round(ms / 60_000))} minutes`);

/**
 * The queue boards' sign-in page: one form for either admin token, and a sign-out button. No
 * script and no style, so its Content-Security-Policy can allow nothing but posting the form
 * to this site.
 */
export function signInPage(options: { message?: string; readOnlyBoard: boolean; signedOut?: boolean; cookieTtlMs: number }): string {
  const notice = options.message ?? (options.signedOut ? 'Signed out.' : undefined);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in: verification queues</title>
</head>
<body>
<main>
<h1>Verification queues</h1>
${notice === undefined ? '' : `<p role="alert" id="notice">${escapeHtml(notice)}</p>\n`}<form method="post" action="${QUEUE_BOARD_SIGN_IN_PATH}">
<p><label for="token">Admin token</label><br>
<input id="token" name="token" type="password" autocomplete="current-password" required size="48" autofocus></p>
<p><button type="submit">Sign in</button></p>
</form>
<p>The admin token (<code>BV_ADMIN_TOKEN</code>) opens the queue board at <a href="${QUEUE_BOARD_PATHS.full}">${QUEUE_BOARD_PATHS.full}</a>${
    options.readOnlyBoard
      ? `; the read-only token (<code>BV_ADMIN_READONLY_TOKEN</code>) opens the read-only board at <a href="${QUEUE_BOARD_PATHS['read-only']}">${QUEUE_BOARD_PATHS['read-only']}</a>`
      : ''
  }. Signing in sets a cookie for ${formatDuration(options.cookieTtlMs)}.</p>
<form method="post" action="${QUEUE_BOARD_SIGN_OUT_PATH}">
<p><button type="submit">Sign out</button></p>
</form>
</main>
</body>
</html>
`;
}

/**
 * The sandbox's own login, consent and logout pages: plain accessible forms, no scripts, so the app's
 * end-to-end tests can drive them by role and name in a real browser.
 */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Wallet Desk sandbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;padding:.5rem;margin-top:.25rem;box-sizing:border-box}
button{margin-top:1.25rem;margin-right:.5rem;padding:.5rem 1.25rem}
[role=alert]{color:#a4001d;border:1px solid #a4001d;padding:.5rem;margin-top:1rem}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export function loginPage(
  action: string,
  options: { error?: string | undefined; username?: string | undefined; clientName: string },
): string {
  const alert = options.error ? `<p role="alert">${escapeHtml(options.error)}</p>` : '';
  return layout(
    'Sign in',
    `<p>Sign in to continue to ${escapeHtml(options.clientName)}.</p>
${alert}
<form method="post" action="${escapeHtml(action)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(options.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function consentPage(
  action: string,
  options: { clientName: string; username: string; scopes: readonly string[] },
): string {
  const items = options.scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  return layout(
    'Allow access',
    `<p>${escapeHtml(options.clientName)} asks to act for <strong>${escapeHtml(options.username)}</strong> with these permissions:</p>
<ul>${items}</ul>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>`,
  );
}

/** RP-initiated logout confirmation; `form` is oidc-provider's hidden form carrying the xsrf token. */
export function logoutPage(form: string): string {
  return layout(
    'Sign out',
    `${form}
<p>Sign out of the Wallet Desk sandbox?</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<p>${escapeHtml(message)}</p>`);
}

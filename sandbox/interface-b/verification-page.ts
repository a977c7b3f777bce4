import type { PendingVerification } from './verification';

/** A pending verification as the page lists it: with the merchant's name when the sandbox knows it. */
export interface ListedVerification extends PendingVerification {
  readonly merchantName: string | null;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function row(entry: ListedVerification): string {
  const cells = [
    entry.merchantName ?? entry.merchantPublicKey,
    entry.referenceId,
    `${entry.symbol} (network ${entry.networkId})`,
    entry.address,
    `${entry.amount} ${entry.symbol}`,
    String(entry.wrongAttempts),
  ];
  return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`;
}

/**
 * The sandbox's control page (GET /__sandbox/): what a tester would otherwise look up on a test network's
 * explorer, the small amount each address verification sent, to be typed into the app to confirm it. The
 * app never shows that amount (typing it back is the proof), so without this page it is only in the
 * sandbox's log. No scripts; it reads the state afresh on every load.
 */
export function verificationPage(entries: readonly ListedVerification[]): string {
  const body =
    entries.length === 0
      ? '<p>No address verification is waiting for its amount. Start one in Wallet Desk (Merchant, Verified addresses), then reload this page.</p>'
      : `<p>Type the amount sent into Wallet Desk to confirm the address. Reload this page after starting another verification.</p>
<table>
<caption>Verification amounts sent</caption>
<thead><tr><th scope="col">Merchant</th><th scope="col">Reference</th><th scope="col">Asset</th><th scope="col">Address</th><th scope="col">Amount sent</th><th scope="col">Wrong amounts so far</th></tr></thead>
<tbody>
${entries.map(row).join('\n')}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wallet Desk sandbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#1b1f24}
table{border-collapse:collapse}
th,td{border:1px solid #c4c9d0;padding:.35rem .6rem;text-align:left}
td:nth-child(4),td:nth-child(5){font-family:ui-monospace,monospace;word-break:break-all}
</style>
</head>
<body>
<main>
<h1>Wallet Desk sandbox</h1>
<h2>Address verifications</h2>
${body}
<p>The same list as JSON: <a href="/__sandbox/verifications">/__sandbox/verifications</a>.</p>
</main>
</body>
</html>`;
}

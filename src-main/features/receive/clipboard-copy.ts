import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';

/** The system clipboard as the shell provides it (Electron's clipboard, or an in-memory one in tests). */
export interface ClipboardAccess {
  readonly write: (text: string) => void | Promise<void>;
  readonly read: () => string | Promise<string>;
}

/**
 * Writes an address to the clipboard and reads it straight back. Clipboard hijackers swap a copied
 * address for their own; reading back proves what the user will paste is exactly what was shown.
 */
export async function copyAndVerify(
  clipboard: ClipboardAccess | undefined,
  text: string,
): Promise<{ verified: boolean }> {
  if (!clipboard) throw new AppError('not_configured', t('mainFeatures.noClipboard'));
  await clipboard.write(text);
  const back = await clipboard.read();
  // Windows hands multi-line text (a PEM key) back with CRLF line ends: the same text, not a swap.
  return { verified: back.replace(/\r\n/g, '\n') === text };
}

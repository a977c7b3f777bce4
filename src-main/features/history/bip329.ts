import { z } from 'zod';
import { USER_LABEL_MAX } from '../../../src-preload/contract/history';
import { AddressBookName } from '../../../src-preload/contract/address-book';
import { UserText } from '../../../src-preload/contract/text';
import { t } from '../../i18n/main-text';
import { zodIssueInWords } from '../../i18n/input-issue-words';

/**
 * BIP-329 "Wallet Labels Export Format": JSON Lines, one object per label, `type` ("tx" names a transaction
 * by its hash, "addr" an address), `ref` and `label`. The app keeps transaction labels (History's "My
 * label") and address names (the address book); other types in a file are counted and left alone.
 */
export type LabelKind = 'tx' | 'addr';

export interface Bip329Label {
  readonly type: LabelKind;
  readonly ref: string;
  readonly label: string;
}

/** One JSON line per label, each ending in LF as JSON Lines asks. */
export function toBip329(labels: readonly Bip329Label[]): string {
  return labels
    .map((entry) => `${JSON.stringify({ type: entry.type, ref: entry.ref, label: entry.label })}\n`)
    .join('');
}

const Line = z.object({ type: z.string(), ref: z.string(), label: z.string().optional() });
const Ref = z.string().trim().min(1).max(200);
const labelRules: Readonly<Record<LabelKind, z.ZodType<string>>> = {
  tx: UserText(USER_LABEL_MAX).pipe(z.string().min(1)),
  addr: AddressBookName,
};

export interface ParsedBip329 {
  readonly labels: readonly Bip329Label[];
  /** Lines of a type the app does not keep (pubkey, input, output, xpub…). */
  readonly otherTypes: number;
  /** Lines that could not be read, each in a sentence naming its line. */
  readonly problems: readonly string[];
}

/**
 * Reads a BIP-329 file. A line that is not a label the app can keep is reported by its number and changes
 * nothing; the rest still count. The label text passes the same rule as one typed in (security.md 34).
 * A ref labelled twice keeps its last label, as the format says later lines win.
 */
export function parseBip329(text: string): ParsedBip329 {
  const byRef = new Map<string, Bip329Label>();
  const problems: string[] = [];
  let otherTypes = 0;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const number = index + 1;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      problems.push(t('mainHistory.bip329.notJson', { line: number }));
      return;
    }
    const parsed = Line.safeParse(json);
    if (!parsed.success) {
      problems.push(t('mainHistory.bip329.notLabel', { line: number }));
      return;
    }
    const { type } = parsed.data;
    if (type !== 'tx' && type !== 'addr') {
      otherTypes += 1;
      return;
    }
    const ref = Ref.safeParse(parsed.data.ref);
    const label = labelRules[type].safeParse(parsed.data.label ?? '');
    if (!ref.success) {
      problems.push(t('mainHistory.bip329.noRef', { line: number }));
      return;
    }
    if (!label.success) {
      const first = label.error.issues[0];
      const reason = first === undefined ? undefined : zodIssueInWords(first);
      problems.push(
        t('mainHistory.bip329.unusable', {
          line: number,
          // The contract's refusals are whole sentences; one without its full stop gets it here.
          reason:
            reason === undefined ? t('mainHistory.bip329.cannotUse') : reason.endsWith('.') ? reason : `${reason}.`,
        }),
      );
      return;
    }
    byRef.set(`${type}\u0000${ref.data}`, { type, ref: ref.data, label: label.data });
  });
  return { labels: [...byRef.values()], otherTypes, problems };
}

/** One label an import would add or change. */
export interface LabelChange {
  readonly type: LabelKind;
  readonly ref: string;
  /** '' when there is none yet. */
  readonly from: string;
  readonly to: string;
}

export interface LabelPlan {
  readonly add: readonly LabelChange[];
  /** Labels that differ from the user's own: changed only when the user says so. */
  readonly replace: readonly LabelChange[];
  readonly unchanged: number;
  /** Refs this account does not know (a transaction not in its history, an address not in its book). */
  readonly notFound: number;
}

/**
 * What an import would do, before it does anything: `current` gives the label a ref has now ('' for none),
 * or null when the ref is not this account's to label.
 */
export function planLabelImport(
  incoming: readonly Bip329Label[],
  current: (label: Bip329Label) => string | null,
): LabelPlan {
  const add: LabelChange[] = [];
  const replace: LabelChange[] = [];
  let unchanged = 0;
  let notFound = 0;
  for (const entry of incoming) {
    const now = current(entry);
    if (now === null) notFound += 1;
    else if (now === entry.label) unchanged += 1;
    else if (now === '') add.push({ type: entry.type, ref: entry.ref, from: '', to: entry.label });
    else replace.push({ type: entry.type, ref: entry.ref, from: now, to: entry.label });
  }
  return { add, replace, unchanged, notFound };
}

// Plain data, no zod: Home's first screen (the deposits vs withdrawals picture) imports these, and the
// renderer's start-up must not build the history validators it does not use there.

/** Largest page the app asks for; the service's own maximum is not in the spec (8), the sandbox serves 500. */
export const MAX_RECORDS_PER_PAGE = 500;
export const PAGE_SIZES = [25, 50, 100, 250] as const;

/**
 * withdrawType values as the service uses them (the spec does not name them): 0 is a deposit, the rest are
 * kinds of outgoing movement. Unknown values are shown as their number.
 */
export const withdrawTypeLabels: Readonly<Record<number, string>> = {
  0: 'Deposit',
  1: 'Send',
  2: 'Swap',
  3: 'Merchant API withdrawal',
};

/** Local labels are short: they name a payment, they are not notes. */
export const USER_LABEL_MAX = 80;
/** Labels kept per user and account; past this the user is asked to remove some. */
export const MAX_USER_LABELS = 5000;

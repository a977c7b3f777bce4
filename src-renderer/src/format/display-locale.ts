/**
 * The locale the app shows numbers and dates in: the page's (the OS language in Electron). Amounts are read
 * back in the same locale, so what the app displays is what a user can type or paste.
 */
export const displayLocale: string = navigator.language || 'en-US';

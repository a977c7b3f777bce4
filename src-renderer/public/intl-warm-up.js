// A dedicated worker started by launch-requests.js, before the bundle runs. The page's first Intl call
// (the formatter's set-up, then the launch paint's amounts and dates) otherwise spends some 15-30 ms on the
// page's thread loading ICU's locale data and building the lists of locales each Intl service supports.
// Both are kept by the renderer process, not by one thread: made here, on the other core, while the page's
// thread evaluates the bundle, the page's own calls find them ready. It formats nothing the page sees and
// holds no data: it only makes the same kinds of formatter, in the same locale, and closes itself.
(function () {
  'use strict';
  try {
    var locale = self.navigator.language || 'en-US';
    Intl.getCanonicalLocales(locale);
    Intl.NumberFormat.supportedLocalesOf(locale);
    Intl.DateTimeFormat.supportedLocalesOf(locale);
    new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(1234.5);
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1234.5);
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
    new Intl.PluralRules(locale).select(1);
  } catch (error) {
    // Only a head start: the page makes its formatters itself either way.
  }
  self.close();
})();

// Plain data, no zod: every amount field reads typed text with it, and main checks what leaves with it.

/**
 * The largest whole amount the app accepts (2^53 - 1). Both interfaces carry amounts as JSON numbers
 * (docs/service-interface.md, "8. Limits": bounds of amounts are not shown), and every whole number up
 * to this one is a JSON number the service reads exactly; past it some are not, so a typed amount could
 * silently become another one.
 */
export const LARGEST_WHOLE_AMOUNT = '9007199254740991';

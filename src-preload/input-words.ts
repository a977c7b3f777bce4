import type { z } from 'zod';

/**
 * Words for the issues zod reports without a message of the contract's own (a schema's own message,
 * such as "Enter a reference id", always wins over this map). Users read these; the operation name and
 * the path of the field go to the log only. Most of these mean the app itself sent
 * something malformed, so they ask for a retry rather than blame the user.
 */
export const inputIssueWords: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'Something needed here is missing. Please fill it in and try again.'
        : 'Please check what you entered.';
    case 'too_big':
      if (issue.origin === 'string') return `Please keep this to ${String(issue.maximum)} characters or fewer.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Please choose at most ${String(issue.maximum)}.`;
      return issue.inclusive === false
        ? `Please enter less than ${String(issue.maximum)}.`
        : `Please enter at most ${String(issue.maximum)}.`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'Please fill this in.'
          : `Please enter at least ${String(issue.minimum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Please choose at least ${String(issue.minimum)}.`;
      return issue.inclusive === false
        ? `Please enter more than ${String(issue.minimum)}.`
        : `Please enter at least ${String(issue.minimum)}.`;
    case 'invalid_format':
      return 'That is not in the expected format.';
    case 'not_multiple_of':
      return 'Please enter a value in the allowed steps.';
    case 'invalid_value':
    case 'invalid_union':
      return 'Please choose one of the offered options.';
    case 'unrecognized_keys':
    case 'invalid_key':
    case 'invalid_element':
      return 'The app sent something it should not have. Please try again.';
    // A refinement without a message of its own, or a code a later zod adds.
    case 'custom':
    default:
      return 'Please check what you entered.';
  }
};

/** "path: message; …" of up to five issues, for the log (never for users). */
export function describeIssuesForLog(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** The first issue in words, with the top-level field it belongs to so a form can show it in place. */
export function firstIssueInWords(error: z.ZodError): { message: string; field?: string } {
  const first = error.issues[0];
  const message = first?.message.trim() || 'Please check what you entered.';
  const top = first?.path[0];
  return typeof top === 'string' ? { message, field: top } : { message };
}

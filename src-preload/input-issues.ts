import type { z } from 'zod';
import type { MessageId } from '../resources/locales/catalogues';

/**
 * The contract states what is wrong with an input as a message id of the catalogues' inputIssues area and
 * the values it takes (a limit, a count), never as English: main and the renderer put it in the user's
 * language. Only the type of the ids comes from the catalogues, so the preload and the contract carry no
 * catalogue text (README.md "Languages").
 */
export type InputIssueId = Extract<MessageId, `inputIssues.${string}`>;

/** The numbers a message says: the limit a text or a number was held to. */
export type InputIssueValues = Readonly<{ max?: number; min?: number }>;

export interface InputIssue {
  readonly id: InputIssueId;
  readonly values: InputIssueValues;
}

/** A message of the contract's own, checked against the English catalogue when the code is compiled. */
export function issueId(id: InputIssueId): InputIssueId {
  return id;
}

/**
 * Ids for the issues zod reports without a message of the contract's own (a schema's own message, such as
 * inputIssues.enterReferenceId, always wins over this map). Most of these mean the app itself sent something
 * malformed, so they ask for a retry rather than blame the user.
 */
export const inputIssueIds: z.core.$ZodErrorMap = (issue) =>
  defaultIssueId(issue, issue.code === 'invalid_type' && issue.input === undefined);

/** `missing`: the input had nothing where a value was needed (only the error map still sees the input). */
function defaultIssueId(issue: z.core.$ZodRawIssue | z.core.$ZodIssue, missing: boolean): InputIssueId {
  switch (issue.code) {
    case 'invalid_type':
      return missing ? 'inputIssues.missing' : 'inputIssues.check';
    case 'too_big':
      if (issue.origin === 'string') return 'inputIssues.textTooLong';
      if (issue.origin === 'array' || issue.origin === 'set') return 'inputIssues.tooManyChosen';
      return issue.inclusive === false ? 'inputIssues.lessThan' : 'inputIssues.atMost';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'inputIssues.fillIn' : 'inputIssues.textTooShort';
      if (issue.origin === 'array' || issue.origin === 'set') return 'inputIssues.tooFewChosen';
      return issue.inclusive === false ? 'inputIssues.moreThan' : 'inputIssues.atLeast';
    case 'invalid_format':
      return 'inputIssues.format';
    case 'not_multiple_of':
      return 'inputIssues.steps';
    case 'invalid_value':
    case 'invalid_union':
      return 'inputIssues.chooseOffered';
    case 'unrecognized_keys':
    case 'invalid_key':
    case 'invalid_element':
      return 'inputIssues.appSentWrong';
    // A refinement without a message of its own, or a code a later zod adds.
    case 'custom':
    default:
      return 'inputIssues.check';
  }
}

function isInputIssueId(message: string): message is InputIssueId {
  return message.startsWith('inputIssues.');
}

function valuesOf(issue: z.core.$ZodIssue): InputIssueValues {
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  return {};
}

/**
 * One issue as a message id and its values. An issue parsed without `inputIssueIds` (zod's own English) is
 * named by its kind alone, so no English of zod's reaches a user.
 */
export function inputIssueOf(issue: z.core.$ZodIssue): InputIssue {
  const id = isInputIssueId(issue.message) ? issue.message : defaultIssueId(issue, false);
  return { id, values: valuesOf(issue) };
}

/** "path: message id; …" of up to five issues, for the log (never for users). */
export function describeIssuesForLog(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** The first issue, with the top-level field it belongs to so a form can show it in place. */
export function firstInputIssue(error: z.ZodError): { issue: InputIssue; field?: string } {
  const first = error.issues[0];
  const issue = first ? inputIssueOf(first) : { id: 'inputIssues.check' as const, values: {} };
  const top = first?.path[0];
  return typeof top === 'string' ? { issue, field: top } : { issue };
}

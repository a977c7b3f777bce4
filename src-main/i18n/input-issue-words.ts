import type { z } from 'zod';
import { firstInputIssue, inputIssueOf, type InputIssue } from '../../src-preload/input-issues';
import { t } from './main-text';

/** An input issue of the contract in the user's language. */
export function inputIssueInWords(issue: InputIssue): string {
  return t(issue.id, issue.values);
}

/** One zod issue in the user's language, whether the contract named its message or zod's kind of issue does. */
export function zodIssueInWords(issue: z.core.$ZodIssue): string {
  return inputIssueInWords(inputIssueOf(issue));
}

/** The first issue in words, with the top-level field it belongs to so a form can show it in place. */
export function firstIssueInWords(error: z.ZodError): { message: string; field?: string } {
  const { issue, field } = firstInputIssue(error);
  const message = inputIssueInWords(issue);
  return field === undefined ? { message } : { message, field };
}

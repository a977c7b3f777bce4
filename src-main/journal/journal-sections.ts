import type { UnresolvedSection } from '../settings/unresolved-intents';

/** The journal's sections, one per kind of move, in the order a file lists them. */
export const sectionNames = ['send', 'swap', 'withdraw'] as const satisfies readonly UnresolvedSection[];

/** An entry of a section that does not fit its schema: which section, and its reference if it still shows one. */
export interface RejectedEntry {
  readonly section: UnresolvedSection;
  readonly referenceId: string | null;
}

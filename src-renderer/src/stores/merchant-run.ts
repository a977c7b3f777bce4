import type { BridgeError, Result } from '../../../src-preload/result';
import { type MessageId, type MessageValues, t } from '../i18n/text';

/**
 * A success message: main's words as it wrote them, or a catalogue id with its values, kept as such so the
 * screen says it in the language chosen when it is read, not when it was stored.
 */
export type FeedbackMessage = string | { readonly id: MessageId; readonly values?: MessageValues };

/** A feedback message in the window's language now. */
export function messageText(message: FeedbackMessage): string {
  return typeof message === 'string' ? message : t(message.id, message.values);
}

/** What one section of the merchant screen last reported: an error, or a plain-language success message. */
export interface Feedback {
  readonly error: BridgeError | null;
  readonly message: FeedbackMessage | null;
}

export const none: Feedback = { error: null, message: null };

/** The part every merchant store shares: feedback per section, and the operations in flight. */
export interface RunState<Section extends string> {
  /** Feedback per section, so an error shows where it happened. */
  readonly feedback: Record<Section, Feedback>;
  /** Operations in flight, so their buttons are disabled (no double submit). */
  readonly busy: ReadonlySet<string>;
}

/**
 * Runs one bridge call with its busy flag and puts its error or message under its section. An answer that
 * arrives after the store's generation moved on (a lock, a sign-out, another environment) is dropped.
 */
export function createRun<Section extends string, State extends RunState<Section>>(
  set: (change: (state: State) => Partial<State>) => void,
  get: () => State,
  generation: () => number,
  /** What else a call in this section clears when it starts (after its own feedback is cleared). */
  onStart: (section: Section, state: State) => Partial<State> = () => ({}),
) {
  return async function run<T>(
    key: string,
    section: Section,
    call: () => Promise<Result<T>>,
    onValue: (value: T) => Partial<State> & { message?: FeedbackMessage },
  ): Promise<boolean> {
    if (get().busy.has(key)) return false;
    const mine = generation();
    set(
      (state) =>
        ({
          busy: new Set(state.busy).add(key),
          feedback: { ...state.feedback, [section]: none },
          ...onStart(section, state),
        }) as Partial<State>,
    );
    const result = await call();
    if (mine !== generation()) return false;
    set((state) => {
      const busy = new Set(state.busy);
      busy.delete(key);
      const feedback = (value: Feedback): Partial<RunState<Section>> => ({
        busy,
        feedback: { ...state.feedback, [section]: value },
      });
      if (!result.ok) return feedback({ error: result.error, message: null }) as Partial<State>;
      const { message, ...changes } = onValue(result.value);
      return { ...changes, ...feedback({ error: null, message: message ?? null }) } as Partial<State>;
    });
    return result.ok;
  };
}

/** The user changed the input a section's error was about, so the error no longer applies. */
export function withoutError<Section extends string, State extends RunState<Section>>(
  state: State,
  section: Section,
): Partial<State> {
  return state.feedback[section].error ? ({ feedback: { ...state.feedback, [section]: none } } as Partial<State>) : {};
}

import { Fragment, type ReactNode, useSyncExternalStore } from 'react';
import { type MessageId, onTextChange, t, textVersion, tParts } from './text';

/**
 * The message look-up for a component: the same `t` as text.ts, and the component redraws when the language
 * changes. Call it in every component that shows catalogue text or amounts, so a switch reaches it.
 */
export function useText(): typeof t {
  useSyncExternalStore(onTextChange, textVersion, textVersion);
  return t;
}

/**
 * A message whose tags become React elements: `<RichText id="home.lastKnown.status" values={{ time: …, time:
 * (chunks) => <time>{chunks}</time> }} />`.
 */
export function RichText({ id, values }: { id: MessageId; values: Readonly<Record<string, unknown>> }): ReactNode {
  useSyncExternalStore(onTextChange, textVersion, textVersion);
  return tParts<ReactNode>(id, values).map((part, index) => <Fragment key={index}>{part}</Fragment>);
}

import { describe, expect, it } from 'vitest';
import type { SessionAccount, SessionView } from '../../../../../src-preload/contract/session';
import { AppError } from '../../../../../src-main/app-error';
import { createConfirmBook, type BookedStep } from '../../../../../src-main/features/money/confirm-book';

const words = {
  missing: 'This check is no longer valid.',
  otherAccount: 'This was prepared for another account.',
  expired: 'This has expired.',
  changed: 'The choices changed after confirming.',
};

function account(guid: string): SessionAccount {
  return { guid, name: guid, role: 'Owner', isPersonalAccount: true, canMoveMoney: true };
}

/** A session whose active account and status the test moves, telling the book as the real one does. */
function fakeSession(activeGuid: string) {
  let active = activeGuid;
  const listeners: ((view: SessionView) => void)[] = [];
  const tell = (status: SessionView['status']) => {
    const view: SessionView = {
      status,
      user: null,
      accounts: [account('a'), account('b')],
      activeAccountGuid: status === 'signed-in' ? active : null,
      keychain: 'available',
    };
    for (const listener of listeners) listener(view);
  };
  return {
    activeAccount: () => account(active),
    onChange(listener: (view: SessionView) => void) {
      listeners.push(listener);
      return () => undefined;
    },
    switchTo(guid: string) {
      active = guid;
      tell('signed-in');
    },
    lock() {
      tell('locked');
    },
  };
}

function setUp(activeGuid = 'a') {
  let clock = 1_000;
  const session = fakeSession(activeGuid);
  const book = createConfirmBook<BookedStep & { readonly label: string }, { readonly intentId: string }>({
    session,
    now: () => clock,
    words,
  });
  return { book, session, advance: (ms: number) => (clock += ms) };
}

const rejection = (message: string) => expect.objectContaining({ code: 'stale_precheck', message });

describe('the book of steps before confirmation', () => {
  it('confirms a step once: a second call with the same choices gets the same review, others are refused', async () => {
    const { book } = setUp();
    book.add('p1', { accountGuid: 'a', expiresAtMs: 5_000, label: 'one' });
    let runs = 0;
    const run = async () => ({ intentId: `intent-${++runs}` });
    await expect(book.confirm('p1', 'k', run)).resolves.toEqual({ intentId: 'intent-1' });
    await expect(book.confirm('p1', 'k', run)).resolves.toEqual({ intentId: 'intent-1' });
    await expect(book.confirm('p1', 'other', run)).rejects.toEqual(rejection(words.changed));
    expect(runs).toBe(1);
  });

  it('lets one confirmation run at a time: a second click joins it instead of racing it', async () => {
    const { book } = setUp();
    book.add('p1', { accountGuid: 'a', expiresAtMs: 5_000, label: 'one' });
    let release: (review: { intentId: string }) => void = () => undefined;
    let runs = 0;
    const run = () => {
      runs += 1;
      return new Promise<{ intentId: string }>((resolve) => (release = resolve));
    };
    const first = book.confirm('p1', 'k', run);
    const second = book.confirm('p1', 'k', run);
    const changed = book.confirm('p1', 'other', run);
    release({ intentId: 'only' });
    await expect(first).resolves.toEqual({ intentId: 'only' });
    await expect(second).resolves.toEqual({ intentId: 'only' });
    await expect(changed).rejects.toEqual(rejection(words.changed));
    expect(runs).toBe(1);
  });

  it('lets a failed confirmation be tried again while the step is live', async () => {
    const { book } = setUp();
    book.add('p1', { accountGuid: 'a', expiresAtMs: 5_000, label: 'one' });
    await expect(
      book.confirm('p1', 'k', () => Promise.reject(new AppError('insufficient_balance', 'Not enough.'))),
    ).rejects.toEqual(expect.objectContaining({ code: 'insufficient_balance' }));
    await expect(book.confirm('p1', 'k', async () => ({ intentId: 'second' }))).resolves.toEqual({
      intentId: 'second',
    });
  });

  it('refuses an expired step and drops it once a confirmation failed for it', async () => {
    const { book, advance } = setUp();
    book.add('p1', { accountGuid: 'a', expiresAtMs: 5_000, label: 'one' });
    expect(() => book.requireLive({ accountGuid: 'a', expiresAtMs: 5_000 })).not.toThrow();
    advance(4_001);
    const run = (step: BookedStep) => {
      book.requireLive(step);
      return Promise.resolve({ intentId: 'never' });
    };
    await expect(book.confirm('p1', 'k', run)).rejects.toEqual(rejection(words.expired));
    expect(book.size()).toBe(0);
    await expect(book.confirm('p1', 'k', run)).rejects.toEqual(rejection(words.missing));
  });

  it('binds a step to its account: confirmed only while that account is active', async () => {
    const { book } = setUp('b');
    book.add('p1', { accountGuid: 'a', expiresAtMs: 5_000, label: 'one' });
    let runs = 0;
    await expect(book.confirm('p1', 'k', async () => ({ intentId: `i${++runs}` }))).rejects.toEqual(
      rejection(words.otherAccount),
    );
    expect(runs).toBe(0);
    expect(() => book.requireSameAccount('a')).toThrow(AppError);
    expect(() => book.requireSameAccount('b')).not.toThrow();
  });

  it('drops the steps of other accounts on a switch, and every step on a lock', async () => {
    const { book, session } = setUp();
    book.add('of-a', { accountGuid: 'a', expiresAtMs: 5_000, label: 'a' });
    book.add('of-b', { accountGuid: 'b', expiresAtMs: 5_000, label: 'b' });
    session.switchTo('a');
    expect(book.size()).toBe(1);
    await expect(book.confirm('of-b', 'k', async () => ({ intentId: 'x' }))).rejects.toEqual(rejection(words.missing));
    session.lock();
    expect(book.size()).toBe(0);
    session.switchTo('a');
    await expect(book.confirm('of-a', 'k', async () => ({ intentId: 'x' }))).rejects.toEqual(rejection(words.missing));
  });

  it('drops a confirmed step whose review the caller names (a cancelled intent)', async () => {
    const { book } = setUp();
    book.add('p1', { accountGuid: 'a', expiresAtMs: 5_000, label: 'one' });
    book.add('p2', { accountGuid: 'a', expiresAtMs: 5_000, label: 'two' });
    await book.confirm('p1', 'k', async () => ({ intentId: 'cancel-me' }));
    book.dropConfirmed((review) => review.intentId === 'cancel-me');
    expect(book.size()).toBe(1);
    await expect(book.confirm('p1', 'k', async () => ({ intentId: 'again' }))).rejects.toEqual(
      rejection(words.missing),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { deferredHandlers, deferredPart } from '../../../../src-main/core/deferred-part';

describe('a part built on first use', () => {
  it('is built once for concurrent first uses, and not before', async () => {
    let builds = 0;
    const part = deferredPart(async () => {
      builds += 1;
      return { value: builds };
    });
    expect(await part.ifStarted()).toBeUndefined();
    expect(builds).toBe(0);
    const [a, b] = await Promise.all([part.get(), part.get()]);
    expect(a).toBe(b);
    expect(builds).toBe(1);
    expect(await part.ifStarted()).toBe(a);
  });

  it('is built again at the next use after a build failed', async () => {
    let attempts = 0;
    const part = deferredPart(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed to load');
      return 'built';
    });
    await expect(part.get()).rejects.toThrow('chunk failed to load');
    expect(await part.ifStarted()).toBeUndefined();
    expect(await part.get()).toBe('built');
    expect(attempts).toBe(2);
  });

  it("answers its operations by name, each through the built part's handler", async () => {
    let built = false;
    const handlers = deferredHandlers(['addressBook.list', 'alarms.list'], async () => {
      built = true;
      return {
        'addressBook.list': () => [],
        'alarms.list': () => [],
      };
    });
    expect(Object.keys(handlers).sort()).toEqual(['addressBook.list', 'alarms.list']);
    expect(built).toBe(false);
    expect(await handlers['addressBook.list'](undefined)).toEqual([]);
    expect(built).toBe(true);
  });
});

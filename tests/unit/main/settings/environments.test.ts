import { describe, expect, it } from 'vitest';
import { requireApiUrl } from '../../../../src-main/features/merchant/merchant-key-changes';
import { isAllowedServiceUrl } from '../../../../src-main/settings/environments';

describe('the one rule for an address the app talks to (settings/environments.ts)', () => {
  it.each([
    ['https://api.example.com/v1', true],
    ['http://127.0.0.1:8080/v1', true],
    ['http://[::1]:8080/v1', true],
    ['http://localhost:8080/v1', false],
    ['http://api.example.com/v1', false],
    ['ftp://api.example.com/v1', false],
  ])('%s is allowed: %s', (address, allowed) => {
    expect(isAllowedServiceUrl(new URL(address))).toBe(allowed);
  });

  it('refuses even loopback http where the caller says so, and still takes https', () => {
    expect(isAllowedServiceUrl(new URL('http://127.0.0.1:8080/v1'), { plainLoopback: false })).toBe(false);
    expect(isAllowedServiceUrl(new URL('https://127.0.0.1:8443/v1'), { plainLoopback: false })).toBe(true);
  });

  it('lets a merchant API be plain http on loopback for the custom environment only', () => {
    expect(requireApiUrl('custom', 'http://127.0.0.1:9000/api/')).toBe('http://127.0.0.1:9000/api');
    expect(() => requireApiUrl('production', 'http://127.0.0.1:9000/api')).toThrow(
      expect.objectContaining({ code: 'bad_input', field: 'apiUrl' }),
    );
    expect(() => requireApiUrl('custom', 'http://api.example.com/api')).toThrow(
      expect.objectContaining({ code: 'bad_input', field: 'apiUrl' }),
    );
    expect(requireApiUrl('production', 'https://api.example.com/api')).toBe('https://api.example.com/api');
  });
});

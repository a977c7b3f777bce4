import { describe, expect, it } from 'vitest';
import type { PaymentRequestView } from '../../../../../src-preload/contract/payment-requests';
import { visibleRequests } from '../../../../../src-renderer/src/screens/payment-requests/payment-request-words';

const request = (id: string, label: string): PaymentRequestView =>
  ({
    id,
    referenceId: `ref-${id}`,
    label,
    address: 'bc1qexample',
    code: 'BTC',
    network: 'Bitcoin',
    createdBy: 'Ayşe',
  }) as unknown as PaymentRequestView;

const found = (labels: readonly string[], search: string): string[] =>
  visibleRequests(
    labels.map((label, at) => request(String(at), label)),
    {},
    search,
    'all',
  ).map((item) => item.label);

describe('searching payment requests ignores case in Turkish too', () => {
  it.each([
    ['istanbul', 'İSTANBUL ŞUBESİ'],
    ['şubesi', 'İSTANBUL ŞUBESİ'],
    ['ısparta', 'ISPARTA'],
    ['isparta', 'ISPARTA'],
    ['IRMAK', 'Irmak'],
    ['Irmak', 'ırmak'],
    ['ÇİĞDEM', 'Çiğdem'],
    ['müller', 'MÜLLER GMBH'],
  ] as const)('%j finds %j', (search, label) => {
    expect(found([label, 'Other'], search)).toEqual([label]);
  });

  it('still tells different words apart', () => {
    expect(found(['Ankara', 'İzmir'], 'izmir')).toEqual(['İzmir']);
    expect(found(['Ankara', 'İzmir'], 'bursa')).toEqual([]);
  });
});

import Decimal from 'decimal.js';
import { ScureBase32Plugin } from 'otplib';
import { BALANCE_FIELDS, type BalanceField } from './assets';
import { Prng } from '../data/prng';

export interface Merchant {
  name: string;
  publicKey: string;
  secretKey: string;
  email: string;
  /** Base32 RFC 6238 secret for the withdraw TfaCode. */
  totpSecret: string;
  balances: Record<BalanceField, Decimal>;
}

const PROFILES = [
  { name: 'Northwind Traders', email: 'treasury@northwind.example' },
  { name: 'Contoso Payments', email: 'finance@contoso.example' },
  { name: 'Fabrikam Games', email: 'payouts@fabrikam.example' },
] as const;

/** Decimal places used for seeded balances: exact in a JSON double too. */
const SEED_PLACES: Record<BalanceField, number> = {
  btcBalance: 8,
  ltcBalance: 8,
  ethBalance: 8,
  bnbBalance: 8,
  trxBalance: 6,
  usdtBalance: 6,
  bscusdBalance: 6,
  trxusdBalance: 6,
  optusdBalance: 6,
  optethBalance: 8,
  ethusdcBalance: 6,
  bscusdcBalance: 6,
};

/** Whole-unit ceiling of seeded balances, roughly a few hundred thousand USD per field. */
const SEED_MAX_UNITS: Record<BalanceField, number> = {
  btcBalance: 5,
  ltcBalance: 4000,
  ethBalance: 90,
  bnbBalance: 500,
  trxBalance: 900_000,
  usdtBalance: 250_000,
  bscusdBalance: 250_000,
  trxusdBalance: 250_000,
  optusdBalance: 250_000,
  optethBalance: 90,
  ethusdcBalance: 250_000,
  bscusdcBalance: 250_000,
};

const base32 = new ScureBase32Plugin();

function seededBalance(prng: Prng, field: BalanceField): Decimal {
  const scale = 10 ** SEED_PLACES[field];
  // At least one whole unit, so every field can fund a withdrawal in tests.
  return new Decimal(prng.int(scale, SEED_MAX_UNITS[field] * scale)).div(scale);
}

export function seedMerchants(seed: number): Merchant[] {
  return PROFILES.map((profile, index) => {
    // One forked stream per merchant: adding merchants or fields leaves the others' values unchanged.
    const prng = new Prng(seed).fork(`interface-b:merchant:${index}`);
    const publicKey = `pk_sbx_${prng.hex(16)}`;
    const secretKey = `sk_sbx_${prng.hex(24)}`;
    const totpSecret = base32.encode(prng.bytes(20));
    const balances = {} as Record<BalanceField, Decimal>;
    for (const field of BALANCE_FIELDS) balances[field] = seededBalance(prng, field);
    return { name: profile.name, email: profile.email, publicKey, secretKey, totpSecret, balances };
  });
}

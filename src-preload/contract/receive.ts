import { z } from 'zod';
import { ServiceSymbol } from './assets';
import { operation } from './define';
import { AmountInput, DecimalString } from './money';
import { PlainText, UserText } from './text';
import { issueId } from '../input-issues';

/**
 * Receiving money: the wallet's own address, deposit addresses with a QR payment request, and copying
 * either (or a merchant's public key) to the clipboard with a read-back.
 */

/** The wallet's own receiving address (spec 4.1 #3). */
export const WalletAddressView = z.object({
  code: z.string(),
  symbolName: z.string(),
  displayName: z.string(),
  network: z.string(),
  address: z.string(),
  /** False on a network the app does not know: the address is shown as the service sent it, unchecked. */
  addressChecked: z.boolean(),
});
export type WalletAddressView = z.infer<typeof WalletAddressView>;

/** Fiat codes the service prices in (spec 2.2 `prices`); the expected amount itself is in the asset's units. */
export const fiatCurrencies = ['USD', 'EUR', 'GBP', 'TRY', 'JPY'] as const;
export const FiatCurrency = z.enum(fiatCurrencies);
export type FiatCurrency = z.infer<typeof FiatCurrency>;

export const CreateDepositAddressInput = z
  .object({
    /** Any wallet the service lists; main refuses one the active account has not. */
    symbol: ServiceSymbol,
    label: UserText(100, issueId('inputIssues.receive.labelTooLong')).pipe(
      z.string().min(1, issueId('inputIssues.enterLabel')),
    ),
    /** Omitted: main generates one. Must not repeat one used in this session. */
    referenceId: z
      .string()
      .trim()
      .min(1, issueId('inputIssues.enterReferenceId'))
      .max(100, issueId('inputIssues.receive.referenceIdTooLong'))
      .regex(/^[A-Za-z0-9._:-]+$/, issueId('inputIssues.receive.referenceIdCharacters'))
      .optional(),
    /** Checked in main as an absolute http(s) URL before any call; kept loose here so the error is in words. */
    callbackUrl: PlainText().max(2048),
    /** Expected deposit in the asset's units. */
    amount: AmountInput.optional(),
    currency: FiatCurrency.optional(),
  })
  .strict();
export type CreateDepositAddressInput = z.input<typeof CreateDepositAddressInput>;

/**
 * bip21: bitcoin:/litecoin: URI with amount; eip681-native / eip681-token: ethereum: URI (EIP-681) with the
 * value or token transfer; address: the plain address (no amount asked, or no standard URI for it).
 */
export const PaymentUriKind = z.enum(['bip21', 'eip681-native', 'eip681-token', 'solana-pay', 'address']);
export type PaymentUriKind = z.infer<typeof PaymentUriKind>;

/**
 * Why a deposit QR code holds only the address: no amount was asked, the app knows no payment-link scheme
 * for that asset (TRON has none wallets agree on), or the network is one the app does not know at all.
 */
export const PlainQrReason = z.enum(['no-amount', 'no-scheme', 'unknown-network']);
export type PlainQrReason = z.infer<typeof PlainQrReason>;

export const CreatedDepositAddressView = z.object({
  address: z.string(),
  /** The network-specific symbol. */
  symbol: z.string(),
  network: z.string(),
  label: z.string(),
  referenceId: z.string(),
  requestId: z.string(),
  amount: DecimalString.optional(),
  currency: FiatCurrency.optional(),
  /** What the QR code carries: a payment URI with the amount where the network has a standard one, else the address. */
  paymentUri: z.string(),
  paymentUriKind: PaymentUriKind,
  /** Null when the QR code carries a payment link. */
  plainQrReason: PlainQrReason.nullable(),
  /** False on a network the app does not know: the address is shown as the service sent it, unchecked. */
  addressChecked: z.boolean(),
  createdAt: z.string(),
});
export type CreatedDepositAddressView = z.infer<typeof CreatedDepositAddressView>;

export const receiveOperations = {
  /** GET /wallets/{symbol}/address. */
  'receive.address': operation(z.object({ code: ServiceSymbol }).strict(), WalletAddressView),
  /** A fresh reference id for the deposit address form (unique among this session's). */
  'receive.newReferenceId': operation(z.void(), z.object({ referenceId: z.string() })),
  /** POST /deposit/address/create, after the callback URL and reference id are checked in main. */
  'receive.createDepositAddress': operation(CreateDepositAddressInput, CreatedDepositAddressView),
  /** Deposit addresses created in this session for the active account, newest first. */
  'receive.createdAddresses': operation(z.void(), z.object({ items: z.array(CreatedDepositAddressView) })),
  /** Main writes the text to the clipboard and reads it back: verified means it holds exactly the text. */
  'clipboard.copy': operation(
    z
      .object({
        text: z
          .string()
          .min(1)
          .max(2048)
          // Line feeds for PEM public keys (merchant request signing); no other control character.
          .regex(/^[\x20-\x7E\n]+$/, issueId('inputIssues.receive.copyOnly')),
      })
      .strict(),
    z.object({ verified: z.boolean() }),
  ),
} as const;

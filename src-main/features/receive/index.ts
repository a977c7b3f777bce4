export { createReceiveHandlers } from './receive-handlers';
export { createDepositAddresses, type DepositAddresses, type DepositAddressRequest } from './deposit-addresses';
export { copyAndVerify, type ClipboardAccess } from './clipboard-copy';
export { paymentUriFor, type PaymentUri } from './payment-uri';
export { requireCallbackUrl } from './callback-url';

export { createPaymentRequests, type Maker, type PaymentRequests } from './payment-requests-feature';
export {
  createPaymentRequestStore,
  memoryPaymentRequestStore,
  type PaymentRequestStore,
  type RequestOwner,
} from './payment-request-store';
export { depositsOf, paymentStatus, type RequestTerms } from './payment-status';

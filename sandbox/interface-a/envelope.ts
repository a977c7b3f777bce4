/** Spec 2.1/7.1: every Interface A answer is this envelope; on error data is false. */
export const API_VERSION = '1.0.0.0';

export interface Envelope {
  apiVersion: string;
  data: unknown;
  code: number;
  message: string;
}

export function okEnvelope(data: unknown): Envelope {
  return { apiVersion: API_VERSION, data, code: 200, message: 'OK' };
}

export function errorEnvelope(code: number, message: string): Envelope {
  return { apiVersion: API_VERSION, data: false, code, message };
}

/**
 * An Interface A error. The HTTP status always equals `code` (README), so clients may rely on either.
 * Messages of spec 7.1 are reused verbatim; the rest are the sandbox's own choices, listed in README.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const errors = {
  unauthorized: () => new ApiError(401, 'Unauthorized'),
  accountDenied: () => new ApiError(403, 'Access denied to this account'),
  sendRole: () => new ApiError(403, 'Insufficient permissions for send operation'),
  swapRole: () => new ApiError(403, 'Insufficient permissions for swap operation'),
  accountHeader: () => new ApiError(400, 'X-Account-Guid header is required'),
  invalidSymbol: () => new ApiError(400, 'Invalid symbol'),
  insufficientBalance: () => new ApiError(400, 'Insufficient balance'),
  rateLimited: () => new ApiError(429, 'Rate limit exceeded'),
  // Sandbox choices where the spec is silent:
  insufficientScope: () => new ApiError(403, 'Insufficient scope'),
  invalidRequest: (detail?: string) => new ApiError(400, detail ? `Invalid request: ${detail}` : 'Invalid request'),
  invalidAddress: () => new ApiError(400, 'Invalid address'),
  invalidAmount: () => new ApiError(400, 'Invalid amount'),
  tfaRequired: () => new ApiError(400, 'Two-factor code is required'),
  tfaInvalid: () => new ApiError(400, 'Invalid two-factor code'),
  duplicateReference: () => new ApiError(409, 'Reference id already used with a different request'),
  internal: () => new ApiError(500, 'Internal server error'),
} as const;

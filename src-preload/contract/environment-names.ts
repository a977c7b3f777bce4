// Plain data, no zod: the renderer imports it, and the renderer must not build validators it does not use.
import type { MessageId } from '../../resources/locales/catalogues';
import type { EnvironmentId } from './app';

/**
 * Each environment's name in the catalogues. Answers carry only the id, so the screens and main's refusals
 * name the environment in the user's language rather than passing English through.
 */
export const environmentNames = {
  'local-sandbox': 'environments.name.localSandbox',
  'service-sandbox': 'environments.name.serviceSandbox',
  production: 'environments.name.production',
  custom: 'environments.name.custom',
} as const satisfies Record<EnvironmentId, MessageId>;

import type { EnvironmentId } from '../../../src-preload/contract/app';
import { environmentNames } from '../../../src-preload/contract/environment-names';
import type { EnvironmentsView } from '../../../src-preload/contract/environments';
import { AppError } from '../../app-error';
import type { Handlers } from '../../dispatch';
import type { Logger } from '../../logging/logger';
import { builtInEndpoints } from '../../settings/environments';
import type { SettingsStore } from '../../settings/settings-store';
import { checkMerchantApiUrl } from './merchant-api-check';
import { checkSignInEndpoints } from './sign-in-check';
import { savingSettings } from '../../settings/storage-failure';
import { t } from '../../i18n/main-text';

const order: readonly EnvironmentId[] = ['local-sandbox', 'service-sandbox', 'production', 'custom'];

export interface EnvironmentHandlersDeps {
  readonly settings: SettingsStore;
  readonly logger: Logger;
  readonly localSandboxPort?: number;
  /** The session, to sign out before the sign-in environment changes under it. */
  readonly session: { view(): { status: string }; signOut(): Promise<unknown> };
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

type EnvironmentHandlers = Pick<
  Handlers,
  | 'environments.get'
  | 'environments.check'
  | 'environments.save'
  | 'environments.select'
  | 'environments.checkMerchantApi'
>;

/**
 * Settings › Environments: sign-in environments are checked (OIDC discovery) before they are saved, and
 * switching the one in use while signed in signs out first, only after the user confirmed it, so tokens of
 * one environment never meet the addresses of another.
 */
export function createEnvironmentHandlers(deps: EnvironmentHandlersDeps): EnvironmentHandlers {
  const checkOptions = {
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.timeoutMs === undefined ? {} : { timeoutMs: deps.timeoutMs }),
  };

  function view(): EnvironmentsView {
    const settings = deps.settings.get();
    return {
      active: settings.environment,
      environments: order.map((id) => {
        const endpoints = settings.environments[id] ?? builtInEndpoints(id, deps.localSandboxPort);
        return {
          id,
          issuer: endpoints?.issuer ?? null,
          clientId: endpoints?.clientId ?? null,
          baseUrl: endpoints?.baseUrl ?? null,
          editable: id !== 'local-sandbox',
        };
      }),
    };
  }

  return {
    'environments.get': () => view(),
    'environments.check': async ({ id, ...input }) => {
      const checked = await checkSignInEndpoints(input, checkOptions);
      return {
        message: t('mainMerchant.env.checked', {
          environment: t(environmentNames[id]),
          issuer: checked.issuer,
          baseUrl: checked.baseUrl,
        }),
      };
    },
    'environments.save': async ({ id, ...input }) => {
      if (id === 'local-sandbox') {
        throw new AppError('bad_input', t('mainMerchant.env.sandboxBuiltIn'), { field: 'issuer' });
      }
      const checked = await checkSignInEndpoints(input, checkOptions);
      const active = deps.settings.get().environment === id && deps.session.view().status !== 'signed-out';
      if (active) {
        throw new AppError('bad_input', t('mainMerchant.env.signedInHere'), { field: 'issuer' });
      }
      await savingSettings('sign-in-environment', () =>
        deps.settings.update((current) => ({
          ...current,
          environments: {
            ...current.environments,
            [id]: { ...current.environments[id], ...checked },
          },
        })),
      );
      deps.logger.info('sign-in environment saved', { environment: id });
      return view();
    },
    'environments.select': async ({ id, signOutFirst }) => {
      const current = deps.settings.get();
      if (current.environment === id) return view();
      if (!(current.environments[id] ?? builtInEndpoints(id, deps.localSandboxPort))) {
        throw new AppError(
          'not_configured',
          t('mainMerchant.env.noAddresses', { environment: t(environmentNames[id]) }),
          { field: 'environment' },
        );
      }
      if (deps.session.view().status !== 'signed-out') {
        if (!signOutFirst) {
          throw new AppError(
            'forbidden',
            t('mainMerchant.env.switchSignsOut', {
              environment: t(environmentNames[id]),
              current: t(environmentNames[current.environment]),
            }),
            { field: 'environment' },
          );
        }
        await deps.session.signOut();
      }
      await savingSettings('sign-in-environment', () =>
        deps.settings.update((settings) => ({ ...settings, environment: id })),
      );
      deps.logger.info('sign-in environment changed', { environment: id });
      return view();
    },
    'environments.checkMerchantApi': async ({ environment, apiUrl }) =>
      checkMerchantApiUrl(environment, apiUrl, checkOptions).then(({ message }) => ({ message })),
  };
}

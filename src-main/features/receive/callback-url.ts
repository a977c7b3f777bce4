import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';

/**
 * The service will POST deposit notifications to this URL (spec 6), so it must be an absolute http(s)
 * URL with a host. Credentials in the URL are refused: they would travel to the service in clear and
 * be stored there.
 */
export function requireCallbackUrl(input: string): string {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('bad_input', t('mainFeatures.callbackUrlNotUrl'), { field: 'callbackUrl' });
  }
  // The URL parser forgives "https:shop.example"; what is sent must be written out in full.
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !/^https?:\/\//i.test(text)) {
    throw new AppError('bad_input', t('mainFeatures.callbackUrlScheme'), { field: 'callbackUrl' });
  }
  if (url.hostname === '') {
    throw new AppError('bad_input', t('mainFeatures.callbackUrlNoHost'), { field: 'callbackUrl' });
  }
  if (url.username !== '' || url.password !== '') {
    throw new AppError('bad_input', t('mainFeatures.callbackUrlCredentials'), {
      field: 'callbackUrl',
    });
  }
  return url.href;
}

export { createEnvironmentHandlers, type EnvironmentHandlersDeps } from './environment-handlers';
export { checkSignInEndpoints, type SignInEndpoints } from './sign-in-check';
export { checkMerchantApiUrl } from './merchant-api-check';

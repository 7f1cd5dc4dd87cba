export {
  authorizationUrl,
  exchangeCode,
  fetchProfile,
  type OAuthEnv,
  OAuthError,
  type OAuthProfile,
  oauthSettings,
} from "./oauth-providers.ts";

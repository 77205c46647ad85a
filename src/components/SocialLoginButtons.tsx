import { useHydrated } from './useHydrated';
import { CAPABILITIES, SOCIAL_LOGIN_CAPABILITIES, hasCapability } from '../../contract/capabilities';
import { t } from '../../rules/i18n';
import { SOCIAL_SWITCH, socialLoginUrl, type SocialProvider } from '../../rules/login-methods';
import { gatedBy } from '../lib/switchGate';

/** Props: the providers the site offers in this mode (rules/login-methods.ts socialProviders). */
export interface SocialLoginButtonsProps {
  providers: readonly SocialProvider[];
}

/**
 * Facebook and Google login (accounts §2 "Social login buttons"): each button carries its switch (FACEBOOKLOGIN3,
 * GOOGLELOGIN3) so the stylesheet hides it while that switch is off (src/lib/switchGate.ts); each navigates the whole page to the worker's
 * start URL, which redirects to the provider; the provider's answer comes back as /m/home#session=<code>
 * (SessionExchange) or /m/login#oauthError=<code> (LoginForm). A deployment without the `oauth` capability
 * (upstream mode) shows no buttons; a provider the site has not configured (no `oauth-<provider>` capability
 * from the edge) shows none either: before hydration the stylesheet hides it by its `data-capability`, after
 * hydration it is not rendered.
 */
export default function SocialLoginButtons({ providers: offered }: SocialLoginButtonsProps) {
  const hydrated = useHydrated();
  const providers = hydrated ? offered.filter((p) => hasCapability(SOCIAL_LOGIN_CAPABILITIES[p])) : offered;
  if (providers.length === 0 || (hydrated && !hasCapability(CAPABILITIES.oauth))) return null;
  return (
    <div className="social-login" role="group" aria-label={t('social.loginWith')}>
      <p className="social-login-title" aria-hidden="true">{t('social.loginWith')}</p>
      <div className="social-login-buttons">
        {providers.map((provider) => (
          <a key={provider} className={`btn social-btn social-${provider}`} href={socialLoginUrl(provider)} {...gatedBy(SOCIAL_SWITCH[provider])}
            data-capability={SOCIAL_LOGIN_CAPABILITIES[provider]}>
            <span className="social-mark" aria-hidden="true">{provider === 'google' ? 'G' : 'f'}</span>
            {t(provider === 'google' ? 'social.google' : 'social.facebook')}
          </a>
        ))}
      </div>
    </div>
  );
}

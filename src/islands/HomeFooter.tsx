import { useStore } from '@nanostores/react';
import { socialLinks } from '../../rules/download';
import { t, type MessageKey } from '../../rules/i18n';
import { vendorDisplayName } from '../stores/concepts/menu';
import { $vendorGameTypes } from '../stores/concepts/catalogue';
import { $status } from '../stores/concepts/settings';

/**
 * The live part of the home footer (player-shell §1): vendor logos (as name badges, one per vendor of the site's
 * vendor mapping) and the social links the server provides (Facebook, Instagram, YouTube, Telegram, Discord,
 * LinkedIn).
 */
export default function HomeFooter() {
  // Both stores may already hold browser-side data when this island hydrates (cached status, a catalogue another
  // island loaded): the hydration render uses their initial values, as the pre-rendered HTML did.
  const mapping = useStore($vendorGameTypes, { ssr: 'initial' });
  const status = useStore($status, { ssr: 'initial' });
  const vendors = new Map<string, string>();
  for (const entry of mapping ?? []) for (const v of entry.vendors) if (!vendors.has(v.vassalage)) vendors.set(v.vassalage, vendorDisplayName(v));
  const social = socialLinks(status?.info.resources ?? []);
  return (
    <div className="footer-live">
      <h3 className="footer-heading">{t('footer.vendors')}</h3>
      <ul className="vendor-badges" aria-busy={mapping === null}>
        {[...vendors].map(([code, name]) => <li key={code} dir="auto">{name}</li>)}
      </ul>
      {social.length > 0 && (
        <>
          <h3 className="footer-heading">{t('footer.follow')}</h3>
          <ul className="social-links">
            {social.map((s) => (
              <li key={s.type}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {t(`social.${s.type}` as MessageKey)}
                  <span className="visually-hidden"> ({t('common.newTab')})</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

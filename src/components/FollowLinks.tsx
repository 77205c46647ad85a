import { useStore } from '@nanostores/react';
import { useHydrated } from './useHydrated';
import { socialLinks } from '../../rules/download';
import { t, type MessageKey } from '../../rules/i18n';
import { $status } from '../stores/concepts/settings';

/**
 * Follow-us links of the login and registration screens (accounts §2 "Follow-us links, one per resource type the
 * server provides (Facebook, Instagram, YouTube, Telegram, Discord, LinkedIn)"), from the status resources.
 */
export default function FollowLinks() {
  const hydrated = useHydrated();
  const status = useStore($status);
  // Read after hydration only (another island may have loaded the status already): the pre-rendered HTML has none.
  const links = hydrated ? socialLinks(status?.info.resources ?? []) : [];
  if (links.length === 0) return null;
  return (
    <nav className="follow-us" aria-label={t('footer.follow')}>
      <h3 className="follow-title">{t('footer.follow')}</h3>
      <ul>
        {links.map((link) => (
          <li key={link.type}>
            <a href={link.url} target="_blank" rel="noopener noreferrer">
              {t(`social.${link.type}` as MessageKey)}
              <span className="visually-hidden"> ({t('common.newTab')})</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

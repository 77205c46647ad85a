import { t, type MessageKey } from '../../rules/i18n';
import type { socialLinks } from '../../rules/download';

/** One follow-us link (rules/download.ts socialLinks). */
export type FollowLink = ReturnType<typeof socialLinks>[number];

/**
 * Follow-us links of the login and registration screens (accounts §2 "Follow-us links, one per resource type the
 * server provides"): nothing when there are none. FollowLinks.tsx gives it the status resources' links.
 */
export default function FollowLinksView({ links }: { links: readonly FollowLink[] }) {
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

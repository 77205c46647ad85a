import { useHydrated } from '../components/useHydrated';
import { HELP_SECTIONS, helpDetailHref, helpSelection } from '../lib/help';
import { t } from '../lib/i18n';

/**
 * Help item detail (accounts §2 /m/helpDetail): the section `p` (or `tag`) and, with `c`, its child item; without a
 * valid query, the list of help items to choose from.
 */
export default function HelpDetail() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const { section, child } = helpSelection(HELP_SECTIONS, window.location.search);
  if (section === null) {
    return (
      <nav aria-label={t('help.topics')}>
        <ul className="link-list">
          {HELP_SECTIONS.map((s, i) => <li key={s.tag}><a href={helpDetailHref(i)}>{t(s.title)}</a></li>)}
        </ul>
      </nav>
    );
  }
  const entry = HELP_SECTIONS[section]!;
  const item = child === null ? entry : entry.children[child]!;
  return (
    <article className="card help-article" aria-labelledby="help-item">
      {child !== null && <p className="promo-label">{t(entry.title)}</p>}
      <h2 id="help-item">{t(item.title)}</h2>
      <p>{t(item.content)}</p>
      {child === null && entry.children.length > 0 && (
        <ul className="link-list">
          {entry.children.map((c, i) => <li key={c.title}><a href={helpDetailHref(section, i)}>{t(c.title)}</a></li>)}
        </ul>
      )}
      <p><a href={`/m/help?p=${section}`}>{t('help.backToCentre')}</a></p>
    </article>
  );
}

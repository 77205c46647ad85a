import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { t, type MessageKey } from '../../rules/i18n';
import { usePage } from '../hooks/usePage';
import { responsibleGamblingPage } from '../stores/pages/responsibleGambling';

const INTERVALS = [0, 15, 30, 60] as const;

/**
 * The responsible-gambling page's live parts (docs/player-protection.md "Responsible gambling page"): reality checks
 * explained with the player's interval (logged-in players; "off" only where the site allows it) and the site's help
 * organisations (operator content, opened in a new tab). The tools' explanations are the page's own HTML.
 */
export default function ResponsibleGambling() {
  const hydrated = useHydrated();
  const page = usePage(responsibleGamblingPage);
  const state = useStore(page.$page);
  useEffect(() => {
    void page.open();
  }, [page]);
  const reality = state.reality;
  return (
    <>
      <section className="card" aria-labelledby="rg-reality">
        <h2 id="rg-reality">{t('rg.reality.title')}</h2>
        <p>{t('rg.reality.text')}</p>
      {hydrated && reality && (
        <fieldset className="reality-choice" disabled={state.busy}>
          <legend>{t('rg.reality.interval')}</legend>
          {INTERVALS.filter((m) => m !== 0 || reality.offAllowed).map((minutes) => (
            <label key={minutes} className="radio">
              <input type="radio" name="reality-interval" checked={reality.intervalMinutes === minutes}
                onChange={() => void page.chooseInterval(minutes)} />
              {minutes === 0 ? t('rg.reality.off') : t('rg.reality.minutes', { minutes })}
            </label>
          ))}
          {state.saved && <p className="form-ok" role="status">{t('rg.reality.saved')}</p>}
          {state.error && <p className="form-error" role="alert">{t(state.error as MessageKey)}</p>}
        </fieldset>
      )}
      </section>
      <section className="card" aria-labelledby="rg-help">
        <h2 id="rg-help">{t('rg.help.title')}</h2>
        {state.links.length > 0 ? (
          <ul>
            {state.links.map((link) => (
              <li key={link.url}><a href={link.url} target="_blank" rel="noopener noreferrer">{link.name}</a></li>
            ))}
          </ul>
        ) : <p className="muted">{t('rg.help.none')}</p>}
      </section>
    </>
  );
}

import { useId, useState } from 'react';
import Dialog from './Dialog';
import { activeLanguage, t } from '../../rules/i18n';
import { LANGUAGE_LIST } from '../../rules/languages';
import { chooseLanguage } from '../stores/concepts/language';

/**
 * Language picker (accounts §2 "A language picker"): a row showing the current language that opens a list of the
 * 27 interface languages by their own names; choosing one stores it, sets the language cookie, sends the
 * `playdeck:language` event and reloads into that language's pre-rendered page.
 */
export default function LanguagePicker() {
  // The page's language: the render's own during the build, the page's data block in the browser (choosing another
  // reloads into that language's page, so it never changes while the page is open).
  const current = activeLanguage();
  const [open, setOpen] = useState(false);
  const id = useId();
  const currentInfo = LANGUAGE_LIST.find((l) => l.code === current) ?? LANGUAGE_LIST[1]!;
  return (
    <>
      <button type="button" className="setting-row" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span className="setting-label">{t('language.label')}</span>
        <span className="setting-value" lang={currentInfo.tag}>{currentInfo.nativeName}</span>
      </button>
      <Dialog open={open} labelledBy={`${id}-title`} onDismiss={() => setOpen(false)} className="language-dialog">
        <h2 id={`${id}-title`} className="dialog-title">{t('language.choose')}</h2>
        <ul className="language-list">
          {LANGUAGE_LIST.map((language) => (
            <li key={language.code}>
              <button
                type="button"
                lang={language.tag}
                dir={language.dir}
                aria-current={language.code === current ? 'true' : undefined}
                onClick={() => {
                  setOpen(false);
                  if (language.code !== current) chooseLanguage(language.code);
                }}
              >
                {language.nativeName}
              </button>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => setOpen(false)}>{t('common.close')}</button>
        </div>
      </Dialog>
    </>
  );
}

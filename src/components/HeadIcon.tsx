import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../rules/i18n';
import { usePage } from '../hooks/usePage';
import { headIconPage } from '../stores/pages/headIcon';

/** Props of the head icon. */
export interface HeadIconProps {
  /** The member's display name: its first letter stands in until a picture is set. */
  name: string;
}

/**
 * The member's head icon in the member centre (issue 13, Member centre; PROFPIC3): the picture, or the name's
 * initial, with a control to choose a new png or jpg picture and the outcome of the upload.
 */
export default function HeadIcon({ name }: HeadIconProps) {
  const page = usePage(headIconPage);
  const state = useStore(page.$headIcon);
  useEffect(() => {
    void page.load();
  }, [page]);
  return (
    <div className="head-icon">
      {state.url
        ? <img className="avatar avatar-img" src={state.url} alt="" width={56} height={56} />
        : <span className="avatar" aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>}
      <label className="head-icon-change">
        {state.busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('member.changePhoto')}
        <input type="file" accept="image/png,image/jpeg" className="visually-hidden" disabled={state.busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void page.upload(file);
          }} />
      </label>
      <p className={state.error ? 'form-error' : 'form-ok'} role="status">{state.error ? t(state.error) : state.saved ? t('member.photoSaved') : ''}</p>
    </div>
  );
}

import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { updateEmail, updateNickname, updatePayeeName } from '../../api/profile';
import { FIELD_FORMATS } from '../../../contract/fieldFormats';
import type { MessageKey } from '../../../rules/i18n';
import { refreshMember } from '../concepts/member';
import type { Visit } from '../kit/page';

/** The profile fields the member centre edits through the member-info sub-paths. */
export type ProfileField = 'nickname' | 'email' | 'payeeName';

/** The profile edit form (issue 13, Member centre: nickname, e-mail, payee name). */
export interface ProfileState {
  values: Record<ProfileField, string>;
  saving: ProfileField | null;
  /** The field last saved, or the field the error belongs to. */
  field: ProfileField | null;
  error: MessageKey | null;
  saved: boolean;
}

const FORMAT_KEY: Record<ProfileField, MessageKey> = {
  nickname: 'validation.nickname', email: 'validation.email', payeeName: 'validation.payeeName',
};
const SAVE: Record<ProfileField, (value: string) => Promise<void>> = { nickname: updateNickname, email: updateEmail, payeeName: updatePayeeName };

/**
 * The profile edit form of a visit of the security page (issue 13, Member centre: nickname, e-mail, payee name
 * through the member-info sub-paths), built by that page (./security.ts `securityPage`) on its `visit`:
 * - `$profile`: the values typed, the field being saved, the field last saved or in error, the error, saved.
 * - `setField(field, value)`: changes one field as typed.
 * - `save(field)`: checked with the registration formats first (nothing is sent when it fails), then sent; after a
 *   nickname change the member info reloads (the header and the profile card show it), after an e-mail change
 *   `reloadSecurity` runs (the security page's data shows the new address).
 * Answers that arrive after the visit exits are dropped (the member info still reloads after a saved nickname).
 */
export function profileForm(visit: Visit, reloadSecurity: () => Promise<void>) {
  const $profile = atom<ProfileState>({ values: { nickname: '', email: '', payeeName: '' }, saving: null, field: null, error: null, saved: false });

  function setField(field: ProfileField, value: string): void {
    const state = $profile.get();
    $profile.set({ ...state, values: { ...state.values, [field]: value }, error: null, saved: false, field });
  }

  async function save(field: ProfileField): Promise<void> {
    const state = $profile.get();
    if (state.saving) return;
    const value = state.values[field].trim();
    if (!FIELD_FORMATS[field](value)) {
      $profile.set({ ...state, field, error: FORMAT_KEY[field], saved: false });
      return;
    }
    $profile.set({ ...state, saving: field, field, error: null, saved: false });
    try {
      await SAVE[field](value);
      if (field === 'nickname') void refreshMember();
      if (visit.exited) return;
      $profile.set({ ...$profile.get(), saving: null, saved: true, values: { ...$profile.get().values, [field]: '' } });
      if (field === 'email') void reloadSecurity();
    } catch (error) {
      if (visit.exited) return;
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      const key: MessageKey = code === 'payee_locked' ? 'wallet.payeeLocked' : code === 'request_param_err' ? FORMAT_KEY[field]
        : code === 'network' ? 'error.network' : code === 'free_reject' ? 'free_reject' : 'wallet.failed';
      $profile.set({ ...$profile.get(), saving: null, error: key });
    }
  }

  return { $profile, setField, save };
}

/** The profile form of one visit of the security page. */
export type ProfileForm = ReturnType<typeof profileForm>;

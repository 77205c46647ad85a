import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { updateEmail, updateNickname, updatePayeeName } from '../../api/profile';
import { FIELD_FORMATS } from '../../../contract/fieldFormats';
import type { MessageKey } from '../../../rules/i18n';
import { refreshMember } from '../concepts/member';
import { loadSecurity } from './security';

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

/** The profile form's state. */
export const $profile = atom<ProfileState>({ values: { nickname: '', email: '', payeeName: '' }, saving: null, field: null, error: null, saved: false });

const FORMAT_KEY: Record<ProfileField, MessageKey> = {
  nickname: 'validation.nickname', email: 'validation.email', payeeName: 'validation.payeeName',
};
const SAVE: Record<ProfileField, (value: string) => Promise<void>> = { nickname: updateNickname, email: updateEmail, payeeName: updatePayeeName };

/** Changes one field as typed. */
export function setProfileField(field: ProfileField, value: string): void {
  const state = $profile.get();
  $profile.set({ ...state, values: { ...state.values, [field]: value }, error: null, saved: false, field });
}

/**
 * Saves one field: checked with the registration formats first (nothing is sent when it fails), then sent; after
 * a nickname change the member info reloads (the header and the profile card show it), after an e-mail change the
 * security page's data does.
 */
export async function saveProfileField(field: ProfileField): Promise<void> {
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
    $profile.set({ ...$profile.get(), saving: null, saved: true, values: { ...$profile.get().values, [field]: '' } });
    if (field === 'nickname') void refreshMember();
    if (field === 'email') void loadSecurity();
  } catch (error) {
    const code = error instanceof ApiRequestError ? error.errorCode : 'network';
    const key: MessageKey = code === 'payee_locked' ? 'wallet.payeeLocked' : code === 'request_param_err' ? FORMAT_KEY[field]
      : code === 'network' ? 'error.network' : code === 'free_reject' ? 'free_reject' : 'wallet.failed';
    $profile.set({ ...$profile.get(), saving: null, error: key });
  }
}

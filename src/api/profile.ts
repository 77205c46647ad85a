import { callApi } from './client';
import { profileCalls } from '../../contract/calls/profile';

/** POST /wps/member/info/nickname. */
export async function updateNickname(nickname: string): Promise<void> {
  await callApi(profileCalls.updateNickname, { body: { nickname } });
}

/** POST /wps/member/info/email. */
export async function updateEmail(email: string): Promise<void> {
  await callApi(profileCalls.updateEmail, { body: { email } });
}

/** POST /wps/member/info/payeename (set once). */
export async function updatePayeeName(payeeName: string): Promise<void> {
  await callApi(profileCalls.updatePayeeName, { body: { payeeName } });
}

/** GET /wps/member/info/icon → the head icon's URL, or null. */
export async function getHeadIcon(): Promise<string | null> {
  return (await callApi(profileCalls.headIcon)).url;
}

/** POST /wps/member/info/icon (form-encoded data URL of a png or jpg) → the stored icon's URL. */
export async function setHeadIcon(icon: string): Promise<string> {
  return (await callApi(profileCalls.setHeadIcon, { body: { icon } })).url;
}

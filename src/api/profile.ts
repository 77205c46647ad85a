import { callApi } from './client';
import { profileCalls } from '../contract/calls/profile';

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

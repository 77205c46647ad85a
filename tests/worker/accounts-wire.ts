import type { ValueOf } from '../../contract/call';
import type { accountsCalls } from '../../contract/calls/accounts';

/** The accounts answers as they travel (decimal money), from the contract's schemas, for the worker tests. */
export interface AccountsWire {
  SessionValue: ValueOf<typeof accountsCalls.login>;
  MemberInfo: ValueOf<typeof accountsCalls.memberInfo>;
  WalletValue: ValueOf<typeof accountsCalls.wallet>;
  RegisterSettingsValue: ValueOf<typeof accountsCalls.registerSettings>;
}

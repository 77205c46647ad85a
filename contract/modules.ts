/**
 * Module ids of the platform (platform-contract.md §1.3). They travel in the `ModuleId` header, never in the
 * query or the body; the platform switches features per site by these ids.
 */
export const MODULE_IDS = [
  'COMM3', 'VERIFICATION3', 'REG3', 'MOBILENUMREG3', 'REGMOBVERF3', 'PASS3', 'CHNGPASSVERIF3', 'PWRESETSMS3',
  'LOGINIPVERF3', 'AFFMAN3', 'FREEPLAY3', 'CAPTCHA3', 'GEETEST3', 'PROFPIC3', 'FUNDTRANS3', 'GAMELO3',
  'GAMELOHOT3', 'GAMELOFAV3', 'GAMELOREC3', 'INBOX3', 'CBS3', 'FEEDBACK3', 'AGEANNOUNCE3', 'SIGNCONDIV3',
  'DAILYSALCONT3', 'HOURSAL3', 'RTSALARY3', 'REWCEN3', 'PTSYS3', 'MEMTRANS3',
] as const;

/** One module id. */
export type ModuleId = (typeof MODULE_IDS)[number];

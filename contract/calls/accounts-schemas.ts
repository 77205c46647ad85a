import { z } from 'zod';

/**
 * Account schemas other areas reuse (platform-contract.md §3): apart from the account calls, so the system status
 * (whose `info.register` holds these rules) does not pull every account call into the pages that read the status.
 */

/** One field rule of the registration settings (§3): "*" = any pattern; the message is `reg_pattern_<patternId>`. */
export const registerFieldRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  patternId: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  type: z.string(),
});

/** One registration field's rule. */
export type RegisterFieldRule = z.output<typeof registerFieldRule>;

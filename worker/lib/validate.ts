import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { ApiError } from './envelope';

/**
 * Schema validation for a request part that fails with 400 `invalid_input` and the list of issues
 * (`value.issues: { path, message }[]`) instead of Hono's default plain response.
 */
export function valid<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
      throw new ApiError(400, 'request_param_err', `Invalid ${target}`, { issues });
    }
  });
}

import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Router for /wps/captcha (placeholder until implemented). */
export const captchaRouter = new Hono<AppEnv>();

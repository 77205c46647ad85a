import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Router for /wps/session (placeholder until implemented). */
export const sessionRouter = new Hono<AppEnv>();

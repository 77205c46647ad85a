import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Router for /wps/system (placeholder until implemented). */
export const systemRouter = new Hono<AppEnv>();

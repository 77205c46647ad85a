import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Router for /wps/icons (placeholder until implemented). */
export const iconRouter = new Hono<AppEnv>();

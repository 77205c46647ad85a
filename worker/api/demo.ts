import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Router for /wps/demo (placeholder until implemented). */
export const demoRouter = new Hono<AppEnv>();

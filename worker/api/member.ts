import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Router for /wps/member (placeholder until implemented). */
export const memberRouter = new Hono<AppEnv>();

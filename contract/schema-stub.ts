/**
 * The browser's stand-in for zod (astro.config.mjs resolves `zod` to this module in the client build only).
 *
 * The contract's schemas (src/contract) are the one source of the API's shapes: the worker validates every request
 * and answer with them, and TypeScript derives the browser's types from them. The browser itself never needs the
 * schemas at run time: its typed client reads the answers of its own origin's API as the contract types them
 * (src/api/client.ts), and the two places that check stored or streamed data by a schema (the cached status, the
 * chat frames) check the shape they rely on by hand as well. So the browser build gets this module instead of zod's
 * ~45 KB (gzip): every schema builder returns the same inert schema, whose `parse` and `safeParse` pass data through
 * unchanged. The browser build also leaves the calls' schemas out of their definitions and treats schema builders
 * as free of side effects (astro.config.mjs), so only the schemas browser code reads itself are built at module
 * load (`z.object({...}).refine(...)`, `.extend`, …), and nothing else of them is used.
 */
type Inert = ((...args: unknown[]) => Inert) & { [key: string | symbol]: unknown };

const inert: Inert = new Proxy(function inertSchema() {} as unknown as Inert, {
  get(_target, property) {
    if (property === 'parse') return (data: unknown) => data;
    if (property === 'safeParse') return (data: unknown) => ({ success: true, data });
    // Not a promise, not a primitive: awaiting or printing a schema behaves like an ordinary object.
    if (property === 'then' || property === Symbol.toPrimitive || property === Symbol.iterator) return undefined;
    return inert;
  },
  apply() {
    return inert;
  },
});

export const z = inert;
export default inert;

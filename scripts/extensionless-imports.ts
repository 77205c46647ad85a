/**
 * Lets a script running under Node import the contract modules, which import each other without file extensions
 * (as bundlers resolve them): a relative specifier that does not resolve is tried again with `.ts`. Imported for
 * its effect, before the script's dynamic imports of contract modules (scripts/openapi.ts, scripts/money-fields.ts).
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith('.')) throw error;
      return nextResolve(`${specifier}.ts`, context);
    }
  },
});

/** Type of the `client:interaction` directive (src/directives/interaction.ts) on Astro components. */
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean | string;
  }
}
export {};

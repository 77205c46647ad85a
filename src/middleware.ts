import { defineMiddleware } from 'astro:middleware';
import { pageLanguageOf, renderInLanguage } from './pages/_locale';

/**
 * Renders every page in its own language (accounts §9): the `lang` prop its `getStaticPaths` gave it
 * (`pagePaths`, src/pages/_locale.ts) opens that language's scope around the whole render, so the view, the
 * frame and the islands' server render all read it, and no page's language can leak into another's. Runs at
 * build time only: every page is pre-rendered, and the worker serves the files.
 */
export const onRequest = defineMiddleware((context, next) => renderInLanguage(pageLanguageOf(context.props), next));

import { imageTypeOf, type SiteBrand } from '../../model/branding';
import type { WebManifest } from '../../../contract/calls/system';

/**
 * The site's web app manifest (platform-contract.md §3: "a per-merchant PWA manifest
 * (`/wps/system/manifest.json?merchantCode`)"): the app name, the site name as short name, the home route as
 * start URL, standalone display, the brand colour as theme colour (the theme's dark surface when the brand has
 * none) and the favicon as the icon at every size (SVG scales; a raster favicon is declared as it is). The brand
 * itself (its shape, defaults and parsing) is a pure rule the queries need: worker/model/branding.ts.
 */
export function manifestFor(brand: SiteBrand, theme: 'dark' | 'light'): WebManifest {
  const surface = theme === 'light' ? '#f4f6fb' : '#0f1320';
  return {
    name: brand.appName,
    short_name: brand.siteName,
    start_url: '/m/home',
    scope: '/',
    display: 'standalone',
    background_color: surface,
    theme_color: brand.primaryColor ?? (theme === 'light' ? '#ffffff' : '#181e30'),
    icons: [{ src: brand.favicon, sizes: 'any', type: imageTypeOf(brand.favicon), purpose: 'any' }],
  };
}

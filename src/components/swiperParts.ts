/**
 * Swiper and the modules the home carousels use, with their styles: imported only through a dynamic import
 * (src/components/homeCarousels.ts), so Swiper is its own chunk that home loads after it has settled.
 */
import Swiper from 'swiper';
import { Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';

export { Swiper, Pagination };

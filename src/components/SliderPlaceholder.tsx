import { PLACEHOLDER_TILES, sliderGroups } from '../../rules/tiles';
import TilePlaceholder from './TilePlaceholder';
import { usePlaceholderVariants } from './usePlaceholderVariants';

/**
 * The loading state of a home row (player-shell §9 "4 placeholder tiles"): the placeholders laid out as the row
 * will be, in slider groups of 3, so the page does not move when the games arrive.
 */
export default function SliderPlaceholder() {
  const variants = usePlaceholderVariants();
  return (
    <ul className="slider" aria-busy="true">
      {sliderGroups(variants.slice(0, PLACEHOLDER_TILES)).map((group, g) => (
        <li key={g} className="slide">
          <ul className="slide-grid">
            {group.map((variant, i) => (
              <li key={i}><TilePlaceholder variant={variant} /></li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

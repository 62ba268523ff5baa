import { lazyNamed } from '../../lazyNamed';
import { useProfile } from '../../hooks/useProfile';

// The form and its list of countries load only for the few accounts it shows to. It suspends until
// then: the dashboard holds the card back with it, so the prompt never pushes the card down.
const CountryForm = lazyNamed(() => import('./CountryForm'), 'CountryForm');

/**
 * For an account that has no country yet (made before countries): until one is chosen its services
 * count in every country, so the dashboard asks, preset from the browser
 * (docs/product-decisions.md, "Country and where to watch").
 */
export function CountryPrompt({ onSaved }: { onSaved: () => void }) {
  const profile = useProfile();
  if (!profile.data || profile.data.country !== null) return null;
  return <CountryForm profile={profile} onSaved={onSaved} />;
}

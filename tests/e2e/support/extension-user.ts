// The user an extension journey starts with: signed up, onboarded (Drama and Thriller in English,
// Netflix subscribed), and an extension token to hand to the extension (the sign-in hand-off has
// its own journey).
import { signUp, type TestClient, type TestServer } from '../../../server/test/support/test-server.js';

export async function onboardedWithToken(
  server: TestServer,
  fullName: string,
  device: { nonce: string; browser_name: string },
): Promise<{ user: TestClient & { email: string }; token: string }> {
  const user = await signUp(server, { fullName });
  const { movies } = await user.api.onboarding.filteredMovies({ genres: ['Drama', 'Thriller'], languages: ['English'] });
  await user.api.onboarding.savePreferences({ selected_genres: ['Drama', 'Thriller'], preferred_languages: ['English'], initial_movies: movies.slice(0, 3).map((m) => m.title), ott_subscriptions: ['Netflix'] });
  const { token } = await user.api.extension.createToken(device);
  return { user, token };
}

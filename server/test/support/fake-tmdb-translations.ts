// TMDB's `translations` for the hand-written titles, in the shape of developer.themoviedb.org's
// reference for GET /movie/{id}/translations and /tv/{id}/translations (what the details call
// appends with append_to_response=translations): one entry per language and region, iso_3166_1,
// iso_639_1, the language's own and English names, and `data` with `title` for a movie or `name`
// for a series, `overview`, `homepage` and (movies) `tagline`, an empty string where TMDB has no
// text in that language. Written from the documentation; the texts are this test suite's own.
import type { Json } from './fake-tmdb-fixtures.js';

const movie = (iso_3166_1: string, iso_639_1: string, name: string, english_name: string, title: string, overview: string): Json => ({
  iso_3166_1,
  iso_639_1,
  name,
  english_name,
  data: { homepage: '', overview, runtime: 0, tagline: '', title },
});

const series = (iso_3166_1: string, iso_639_1: string, name: string, english_name: string, title: string, overview: string): Json => ({
  iso_3166_1,
  iso_639_1,
  name,
  english_name,
  data: { name: title, overview, homepage: '', tagline: '' },
});

/** Spanish of Spain and of Mexico (Spain's is ours), Japanese, French with an empty title, Portuguese of Portugal only; no Hindi, no Arabic. */
export function inceptionTranslations(): Json[] {
  return [
    movie('MX', 'es', 'Español', 'Spanish', 'El origen', 'Cobb, un ladrón experto en el arte de la extracción, recibe una última oportunidad de recuperar su vida.'),
    movie('ES', 'es', 'Español', 'Spanish', 'Origen', 'Cobb, un ladrón que roba secretos del subconsciente mientras sus víctimas sueñan, recibe la oportunidad de recuperar su antigua vida.'),
    movie('JP', 'ja', '日本語', 'Japanese', 'インセプション', '他人の夢の中に入り込み、潜在意識からアイデアを盗み出す産業スパイのコブに、元の人生を取り戻す機会が訪れる。'),
    movie('FR', 'fr', 'Français', 'French', '', 'Cobb, un voleur expérimenté qui dérobe les secrets enfouis dans le subconscient, se voit offrir une seconde chance.'),
    movie('PT', 'pt', 'Português', 'Portuguese', 'A Origem', 'Cobb, um ladrão habilidoso que rouba segredos do subconsciente, recebe a chance de recuperar a sua vida.'),
    movie('US', 'en', 'English', 'English', 'Inception', 'Cobb, a skilled thief who commits corporate espionage by infiltrating the subconscious of his targets, is offered a chance to regain his old life.'),
  ];
}

/** Korean with an empty title (TMDB often leaves the original language's name out), Spanish, Japanese. */
export function parasiteTranslations(): Json[] {
  return [
    movie('KR', 'ko', '한국어/조선말', 'Korean', '', '전원 백수인 기택네 가족은 부잣집 박 사장네와 얽히며 예상치 못한 사건에 휘말린다.'),
    movie('ES', 'es', 'Español', 'Spanish', 'Parásitos', 'Toda la familia de Ki-taek está en paro y se interesa por el peculiar tren de vida de la adinerada familia Park.'),
    movie('JP', 'ja', '日本語', 'Japanese', 'パラサイト 半地下の家族', '全員失業中のキム一家は、裕福なパク一家の暮らしに強い関心を抱くようになる。'),
  ];
}

/** A series: `data.name`, not `data.title`. */
export function breakingBadTranslations(): Json[] {
  return [
    series('ES', 'es', 'Español', 'Spanish', 'Breaking Bad', 'Un profesor de química con cáncer terminal se asocia con un antiguo alumno para fabricar y vender metanfetamina.'),
    series('JP', 'ja', '日本語', 'Japanese', 'ブレイキング・バッド', '末期がんと診断された化学教師が、元教え子と組んで覚醒剤の製造と販売に手を染めていく。'),
    series('SA', 'ar', 'العربية', 'Arabic', 'بريكنج باد', ''),
  ];
}

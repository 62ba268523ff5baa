// What a pick says plainly beside its reason (issue 35): one wording for the web card and the
// extension's popup (docs/product-decisions.md, "Honest moods and reasons").
import { MOODS, type MoodValue } from './constants.js';
import type { PickNotice } from './schemas/recommendations.js';

function moodLabel(mood: MoodValue): string {
  return MOODS.find((m) => m.value === mood)?.label ?? mood;
}

/** "Nothing on your services fits “Thrilling” tonight, so this pick is not a thrilling one. “Dark” has titles there." */
export function pickNoticeText(notice: PickNotice): string {
  if (notice.code === 'low_fit') return 'Little on your services fits your taste tonight: this is the best of what is there.';
  const asked = notice.mood ? `“${moodLabel(notice.mood)}”` : 'that mood';
  const text = `Nothing on your services fits ${asked} tonight, so this pick is not ${notice.mood ? `a ${notice.mood} one` : 'one for it'}.`;
  return notice.nearest_mood ? `${text} “${moodLabel(notice.nearest_mood)}” has titles there.` : text;
}

/** The button that asks for the nearest mood instead: "Try “Dark”". */
export function nearestMoodLabel(mood: MoodValue): string {
  return `Try “${moodLabel(mood)}”`;
}

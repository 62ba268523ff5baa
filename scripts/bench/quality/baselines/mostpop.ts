// MostPopular: every user gets the items ranked by how many users in the history have them.
import { itemCounts, type History, type Scorer } from '../model.js';

export function mostPopular(history: History): Scorer {
  const counts = itemCounts(history);
  return { score: (_q, out) => out.set(counts) };
}

/**
 * What a field's entry looks like before the start (golf leaderboard rows, race cards): the
 * rolling calendar puts a copied edition's entries back to this, and the flow tests build their
 * fields from it, so both start from the same blank card.
 */
import type { Sport } from "../sports/types.js";

export const FIELD_RESET: Partial<Record<Sport, Record<string, unknown>>> = {
  golf: {
    position: null,
    position_text: null,
    score_to_par: null,
    total_strokes: null,
    thru: null,
    rounds: [],
    status: "active",
  },
  "horse-racing": { position: null, margin: null, sp: null, status: "declared" },
};

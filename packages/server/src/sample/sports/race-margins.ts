/**
 * Finishing distances in lengths, as a race result states them: each runner's margin to the
 * horse in front ("nse", "sht-hd", "hd", "nk", "1/2", "1 3/4", "4 1/2", "12") and its distance
 * behind the winner, the sum of the margins in front of it (the stated margins, so the two always
 * agree). Performances turn into lengths superlinearly: close finishes stay close, while the
 * back of a big field is strung out, a 12-runner race typically covering 15–50 lengths.
 */

/** Lengths behind = LINEAR × gap + SQUARE × gap², gap in the race's performance units. */
const LINEAR = 1.1;
const SQUARE = 0.7;

/** The short distances by name, with the lengths each stands for, and the gap each covers. */
const SHORT = [
  { text: "nse", lengths: 0.05, below: 0.075 },
  { text: "sht-hd", lengths: 0.1, below: 0.15 },
  { text: "hd", lengths: 0.2, below: 0.25 },
  { text: "nk", lengths: 0.3, below: 0.375 },
] as const;

/** Lengths behind the winner for a performance `gap` behind the winner's. */
function lengthsBehind(gap: number): number {
  const g = Math.max(0, gap);
  return LINEAR * g + SQUARE * g * g;
}

/** A margin as a result states it: quarters up to 3 lengths, halves up to 10, whole beyond. */
function marginText(lengths: number): string {
  for (const short of SHORT) if (lengths < short.below) return short.text;
  if (lengths >= 10) return String(Math.round(lengths));
  const step = lengths < 3 ? 4 : 2;
  const parts = Math.max(2, Math.round(lengths * step));
  const whole = Math.floor(parts / step);
  const fraction = fractionText(parts % step, step);
  return [whole > 0 ? String(whole) : "", fraction].filter(Boolean).join(" ");
}

function fractionText(parts: number, step: number): string {
  if (parts === 0) return "";
  if (step === 2) return "1/2";
  return ["", "1/4", "1/2", "3/4"][parts] ?? "";
}

/** The lengths a stated margin stands for: "nk" → 0.3, "1 3/4" → 1.75, "12" → 12. */
export function marginLengths(text: string): number {
  const short = SHORT.find((s) => s.text === text);
  if (short !== undefined) return short.lengths;
  return text.split(" ").reduce((sum, part) => {
    const [num, den] = part.split("/").map(Number);
    return sum + (den === undefined ? (num ?? 0) : (num ?? 0) / den);
  }, 0);
}

/** Margins to the horse in front and cumulative distances behind the winner, winner first. */
export function finishingDistances(performances: readonly number[]): Array<{
  margin: string | null;
  beaten: number;
}> {
  const best = performances[0] ?? 0;
  let beaten = 0;
  let stated = 0;
  return performances.map((perf, i) => {
    if (i === 0) return { margin: null, beaten: 0 };
    const behind = lengthsBehind(best - perf);
    const margin = marginText(Math.max(0, behind - stated));
    // Each runner is the stated margins behind the winner, so a result's sums add up.
    stated += marginLengths(margin);
    beaten = Math.round(stated * 100) / 100;
    return { margin, beaten };
  });
}

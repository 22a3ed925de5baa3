/**
 * A local date and wall-clock time at a venue → UTC ISO (`YYYY-MM-DDTHH:MM:SSZ`).
 */
import { isoSeconds } from "../../lib/time.js";
import { minutesOf, wallClockToUtc } from "../../lib/time-zones.js";

/** `2019-05-12` at `19:30` in `Asia/Kolkata` → `2019-05-12T14:00:00Z`. */
export function localToUtc(date: string, time: string, zone: string): string {
  return isoSeconds(wallClockToUtc(date, minutesOf(time), zone));
}

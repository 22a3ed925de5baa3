export type { EventType, ScorelineEvent } from "./events.js";

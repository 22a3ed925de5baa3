/** The webhook subscription form, for creating and for editing. */
import { EVENT_TYPES } from "../../events/domain-event.js";
import { SPORTS } from "../../sports/types.js";
import { type Html, html } from "../html.js";
import { csrfField } from "./layout.js";

export interface WebhookFormValues {
  url: string;
  description: string;
  events: string[];
  sport: string;
  leagues: string;
  matches: string;
  /** Percent, as typed. */
  threshold: string;
}

export const EMPTY_WEBHOOK_FORM: WebhookFormValues = {
  url: "",
  description: "",
  events: ["match.goal"],
  sport: "",
  leagues: "",
  matches: "",
  threshold: "5",
};

export function webhookForm(
  action: string,
  csrf: string,
  v: WebhookFormValues,
  submit: string,
): Html {
  return html`<form class="stack" method="post" action="${action}">
  ${csrfField(csrf)}
  <label for="wh-url">Endpoint URL</label>
  <input id="wh-url" name="url" type="url" required value="${v.url}" placeholder="https://example.com/hooks/scoreline">
  <label for="wh-description">Description (optional)</label>
  <input id="wh-description" name="description" type="text" maxlength="500" value="${v.description}">
  <fieldset><legend>Events</legend>
    ${EVENT_TYPES.map(
      (e) =>
        html`<label><input type="checkbox" name="events" value="${e}"${v.events.includes(e) ? html` checked` : ""}> ${e}</label>`,
    )}
  </fieldset>
  <label for="wh-sport">Sport</label>
  <select id="wh-sport" name="sport">
    <option value="">every sport</option>
    ${SPORTS.map((s) => html`<option value="${s}"${s === v.sport ? html` selected` : ""}>${s}</option>`)}
  </select>
  <label for="wh-leagues">Leagues (optional)</label>
  <input id="wh-leagues" name="leagues" type="text" value="${v.leagues}" aria-describedby="wh-leagues-hint">
  <p class="hint" id="wh-leagues-hint">Competition ids or slugs, separated by commas. Empty: every league.</p>
  <label for="wh-matches">Matches (optional)</label>
  <input id="wh-matches" name="matches" type="text" value="${v.matches}" aria-describedby="wh-matches-hint">
  <p class="hint" id="wh-matches-hint">Fixture ids, separated by commas. Empty: every match.</p>
  <label for="wh-threshold">Odds threshold (%)</label>
  <input id="wh-threshold" name="threshold" type="number" min="0.1" max="100" step="0.1" value="${v.threshold}" aria-describedby="wh-threshold-hint">
  <p class="hint" id="wh-threshold-hint">odds.moved fires when a price moves by at least this much.</p>
  <div class="actions"><button type="submit">${submit}</button></div>
</form>`;
}

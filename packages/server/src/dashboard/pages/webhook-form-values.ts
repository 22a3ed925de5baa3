/**
 * The subscription form's values: as posted (to show a refused form again), from a subscription
 * (to edit it), and the verb's input from a form its schema accepted.
 */
import type { SubscriptionInput } from "../../webhooks/subscriptions.js";
import { list, postedText, postedTexts } from "../forms.js";
import { checked } from "../schemas/form-fields.js";
import type { WebhookFields } from "../schemas/webhook-forms.js";
import type { WebhookFormValues } from "../views/webhook-form.js";
import type { SubscriptionView } from "../views/webhooks-view.js";

/** The odds threshold when the field is left empty, in percent. */
const DEFAULT_THRESHOLD = 5;

/** The form as it was posted, to show it again. */
export function postedValues(body: unknown): WebhookFormValues {
  return {
    url: postedText(body, "url"),
    description: postedText(body, "description"),
    events: postedTexts(body, "events"),
    sport: postedText(body, "sport"),
    leagues: postedText(body, "leagues"),
    matches: postedText(body, "matches"),
    threshold: postedText(body, "threshold"),
  };
}

export function valuesOf(s: SubscriptionView): WebhookFormValues {
  return {
    url: s.url,
    description: s.description ?? "",
    events: s.events,
    sport: s.sport ?? "",
    leagues: s.leagues.join(", "),
    matches: s.matches.join(", "),
    threshold: String(Math.round(s.odds_threshold * 1000) / 10),
  };
}

export function inputOf(form: WebhookFields): SubscriptionInput {
  const percent =
    form.threshold === undefined || form.threshold === "" ? DEFAULT_THRESHOLD : form.threshold;
  return {
    url: form.url,
    description: form.description || null,
    events: checked(form.events),
    sport: form.sport || null,
    leagues: list(form.leagues ?? ""),
    matches: list(form.matches ?? ""),
    odds_threshold: percent / 100,
  };
}

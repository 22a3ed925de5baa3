/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
import type { Migration } from "kysely";
import * as coreResources from "./001-core-resources.js";
import * as changeNotifications from "./002-change-notifications.js";
import * as accountsAndKeys from "./003-accounts-and-keys.js";
import * as liveEventLog from "./004-live-event-log.js";
import * as webhooks from "./005-webhooks.js";
import * as usageLedger from "./006-usage-ledger.js";
import * as dashboardSignIn from "./007-dashboard-sign-in.js";
import * as standingsRows from "./008-standings-rows.js";
import * as changeScopes from "./009-change-scopes.js";
import * as teamGroups from "./010-team-groups.js";
import * as feedMessageAge from "./011-feed-message-age.js";
import * as competitionLastKickoff from "./012-competition-last-kickoff.js";

export const MIGRATIONS: Record<string, Migration> = {
  "001-core-resources": coreResources,
  "002-change-notifications": changeNotifications,
  "003-accounts-and-keys": accountsAndKeys,
  "004-live-event-log": liveEventLog,
  "005-webhooks": webhooks,
  "006-usage-ledger": usageLedger,
  "007-dashboard-sign-in": dashboardSignIn,
  "008-standings-rows": standingsRows,
  "009-change-scopes": changeScopes,
  "010-team-groups": teamGroups,
  "011-feed-message-age": feedMessageAge,
  "012-competition-last-kickoff": competitionLastKickoff,
};

/**
 * A Cricsheet 0.9 XML file → `SourceMatch`, strictly: every field this importer uses must be
 * there and well-formed, or an `ImportError` names the file, the line of the element and what was
 * expected. Nothing is guessed.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { ImportError } from "../shared/import-format.js";
import type {
  SourceDelivery,
  SourceExtras,
  SourceInnings,
  SourceMatch,
  SourceOutcome,
  SourceWicket,
} from "./source-shape.js";
import { readXml, type XmlDocument, type XmlNode, type XmlValue } from "./xml-document.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COUNT = /^\d+$/;

/** Field readers that fail with the element's line. */
class Reader {
  constructor(private readonly doc: XmlDocument) {}

  lineOf(node: XmlValue): number | null {
    return this.doc.lineOf(node);
  }

  fail(node: XmlValue | undefined, reason: string): never {
    throw new ImportError(this.doc.path, this.doc.lineOf(node), reason);
  }

  node(parent: XmlNode, tag: string, where: string): XmlNode {
    const value = parent[tag];
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      this.fail(parent, `missing <${tag}> element in <${where}>`);
    }
    return value;
  }

  optionalNode(parent: XmlNode, tag: string, where: string): XmlNode | null {
    return parent[tag] === undefined ? null : this.node(parent, tag, where);
  }

  list(parent: XmlNode, tag: string, where: string): XmlValue[] {
    const value = parent[tag];
    if (!Array.isArray(value)) this.fail(parent, `missing <${tag}> elements in <${where}>`);
    return value;
  }

  text(parent: XmlNode, tag: string, where: string): string {
    const value = parent[tag];
    if (typeof value !== "string" || value === "") {
      this.fail(parent, `<${where}> needs a non-empty <${tag}>`);
    }
    return value;
  }

  optionalText(parent: XmlNode, tag: string, where: string): string | null {
    return parent[tag] === undefined ? null : this.text(parent, tag, where);
  }

  texts(parent: XmlNode, tag: string, where: string): string[] {
    return this.list(parent, tag, where).map((value) => {
      if (typeof value !== "string" || value === "")
        this.fail(parent, `empty <${tag}> in <${where}>`);
      return value;
    });
  }

  count(parent: XmlNode, tag: string, where: string, fallback?: number): number {
    const value = parent[tag];
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== "string" || !COUNT.test(value)) {
      this.fail(
        parent,
        `<${where}> needs <${tag}> as a whole number, got ${JSON.stringify(value ?? null)}`,
      );
    }
    return Number(value);
  }
}

export async function parseMatchFile(path: string): Promise<SourceMatch> {
  return parseMatch(path, await readFile(path, "utf8"));
}

function parseMatch(path: string, text: string): SourceMatch {
  const doc = readXml(path, text);
  const read = new Reader(doc);
  const root = read.node(doc.root, "cricsheet", "document");
  const meta = read.node(root, "meta", "cricsheet");
  const version = read.text(meta, "data_version", "meta");
  if (!/^0\.\d+$/.test(version)) {
    read.fail(meta, `unsupported <data_version> ${version}: this importer reads Cricsheet XML 0.x`);
  }
  const info = read.node(root, "info", "cricsheet");
  const teams = read.texts(read.node(info, "teams", "info"), "team", "teams");
  const [team1, team2] = teams;
  if (teams.length !== 2 || team1 === undefined || team2 === undefined || team1 === team2) {
    return read.fail(info.teams, "<teams> must name two different teams");
  }
  const dates = read.texts(read.node(info, "dates", "info"), "date", "dates");
  for (const date of dates)
    if (!DATE.test(date)) read.fail(info.dates, `bad <date> "${date}": expected YYYY-MM-DD`);
  const tossNode = read.node(info, "toss", "info");
  const tossWinner = read.text(tossNode, "winner", "toss");
  const decision = read.text(tossNode, "decision", "toss");
  if (decision !== "bat" && decision !== "field") {
    return read.fail(tossNode, `<toss> <decision> must be bat or field, got "${decision}"`);
  }
  if (!teams.includes(tossWinner))
    read.fail(tossNode, `toss winner "${tossWinner}" is not one of the teams`);
  const pom = read.optionalNode(info, "player_of_match", "info");
  const umpires = read.optionalNode(info, "umpires", "info");
  const inningsNode = read.node(root, "innings", "cricsheet");
  const innings = read
    .list(inningsNode, "inning", "innings")
    .map((node) => readInnings(read, node, teams));
  return {
    path,
    matchId: basename(path).replace(/\.xml$/i, ""),
    competition: read.text(info, "competition", "info"),
    dates,
    venue: read.text(info, "venue", "info"),
    city: read.optionalText(info, "city", "info"),
    teams: [team1, team2],
    toss: { winner: tossWinner, decision },
    outcome: readOutcome(read, read.node(info, "outcome", "info"), teams),
    overs: read.count(info, "overs", "info"),
    playerOfMatch: pom === null ? [] : read.texts(pom, "player_of_match", "player_of_match"),
    umpires: umpires === null ? [] : read.texts(umpires, "umpire", "umpires"),
    innings,
  };
}

function readOutcome(read: Reader, node: XmlNode, teams: readonly string[]): SourceOutcome {
  const result = read.optionalText(node, "result", "outcome");
  const team = (name: string | null) => {
    if (name !== null && !teams.includes(name))
      read.fail(node, `"${name}" is not one of the teams`);
    return name;
  };
  if (result === "no result") return { kind: "no_result" };
  if (result === "tie")
    return { kind: "tie", winner: team(read.optionalText(node, "eliminator", "outcome")) };
  if (result !== null) read.fail(node, `unknown <result> "${result}": expected tie or no result`);
  const winner = team(read.text(node, "winner", "outcome")) as string;
  const by = read.node(node, "by", "outcome");
  const method = read.optionalText(node, "method", "outcome");
  if (by.runs !== undefined)
    return { kind: "won", winner, by: "runs", margin: read.count(by, "runs", "by"), method };
  if (by.wickets !== undefined) {
    return { kind: "won", winner, by: "wickets", margin: read.count(by, "wickets", "by"), method };
  }
  return read.fail(by, "<by> needs <runs> or <wickets>");
}

function readInnings(read: Reader, value: XmlValue, teams: readonly string[]): SourceInnings {
  if (typeof value !== "object" || Array.isArray(value))
    return read.fail(value, "<inning> must be an element");
  const team = read.text(value, "team", "inning");
  if (!teams.includes(team)) read.fail(value, `innings team "${team}" is not one of the teams`);
  const penalty = read.optionalNode(value, "penalty_runs", "inning");
  const deliveries = read.list(read.node(value, "deliveries", "inning"), "delivery", "deliveries");
  return {
    number: read.count(value, "inningsNumber", "inning"),
    team,
    penaltyRunsPre: penalty === null ? 0 : read.count(penalty, "pre", "penalty_runs", 0),
    penaltyRunsPost: penalty === null ? 0 : read.count(penalty, "post", "penalty_runs", 0),
    deliveries: deliveries.map((node) => readDelivery(read, node)),
  };
}

function readDelivery(read: Reader, value: XmlValue): SourceDelivery {
  if (typeof value !== "object" || Array.isArray(value))
    return read.fail(value, "<delivery> must be an element");
  const runs = read.node(value, "runs", "delivery");
  const extrasNode = read.optionalNode(value, "extras", "delivery");
  const extra = (tag: string) =>
    extrasNode === null ? 0 : read.count(extrasNode, tag, "extras", 0);
  const extras: SourceExtras = {
    wides: extra("wides"),
    noballs: extra("noballs"),
    byes: extra("byes"),
    legbyes: extra("legbyes"),
    penalty: extra("penalty"),
  };
  const delivery: SourceDelivery = {
    line: read.lineOf(value),
    over: read.count(value, "over", "delivery"),
    ball: read.count(value, "ball", "delivery"),
    batter: read.text(value, "batsman", "delivery"),
    nonStriker: read.text(value, "non_striker", "delivery"),
    bowler: read.text(value, "bowler", "delivery"),
    batterRuns: read.count(runs, "batsman", "runs"),
    extrasRuns: read.count(runs, "extras", "runs"),
    totalRuns: read.count(runs, "total", "runs"),
    extras,
    nonBoundary: runs.non_boundary === "true" || runs.non_boundary === "1",
    wickets: [],
  };
  const wickets = read.optionalNode(value, "wickets", "delivery");
  if (wickets !== null) {
    delivery.wickets = read.list(wickets, "wicket", "wickets").map((w) => readWicket(read, w));
  }
  const extrasSum = Object.values(extras).reduce((sum, n) => sum + n, 0);
  if (delivery.extrasRuns !== extrasSum) {
    read.fail(
      value,
      `<runs> <extras> is ${delivery.extrasRuns} but the <extras> kinds add up to ${extrasSum}`,
    );
  }
  if (delivery.totalRuns !== delivery.batterRuns + delivery.extrasRuns) {
    read.fail(value, `<runs> <total> ${delivery.totalRuns} is not <batsman> + <extras>`);
  }
  return delivery;
}

function readWicket(read: Reader, value: XmlValue): SourceWicket {
  if (typeof value !== "object" || Array.isArray(value))
    return read.fail(value, "<wicket> must be an element");
  const fielders = read.optionalNode(value, "fielders", "wicket");
  return {
    kind: read.text(value, "kind", "wicket"),
    playerOut: read.text(value, "player_out", "wicket"),
    fielders: fielders === null ? [] : read.texts(fielders, "fielder", "fielders"),
  };
}

/**
 * Countries the openfootball files name: the league code prefix of a file (`en` in `en.1.json`)
 * and the FIFA-style suffix of club names in international cups (`Aston Villa FC (ENG)`).
 * Codes are ISO 3166 alpha-2, the UK's home nations as ISO 3166-2 (`GB-ENG`), or a region.
 */

export interface Country {
  code: string;
  name: string;
}

const c = (code: string, name: string): Country => ({ code, name });

/** By file code prefix (`en`, `de`, `sco`, `uefa`, …). */
export const COUNTRY_BY_PREFIX: Readonly<Record<string, Country>> = {
  ar: c("AR", "Argentina"),
  at: c("AT", "Austria"),
  au: c("AU", "Australia"),
  be: c("BE", "Belgium"),
  br: c("BR", "Brazil"),
  ch: c("CH", "Switzerland"),
  cn: c("CN", "China"),
  co: c("CO", "Colombia"),
  copa: c("SAM", "South America"),
  cz: c("CZ", "Czech Republic"),
  de: c("DE", "Germany"),
  dk: c("DK", "Denmark"),
  dz: c("DZ", "Algeria"),
  eg: c("EG", "Egypt"),
  en: c("GB-ENG", "England"),
  es: c("ES", "Spain"),
  fr: c("FR", "France"),
  gr: c("GR", "Greece"),
  hu: c("HU", "Hungary"),
  it: c("IT", "Italy"),
  jp: c("JP", "Japan"),
  ma: c("MA", "Morocco"),
  mls: c("US", "United States"),
  mx: c("MX", "Mexico"),
  nl: c("NL", "Netherlands"),
  pl: c("PL", "Poland"),
  pt: c("PT", "Portugal"),
  ru: c("RU", "Russia"),
  sco: c("GB-SCT", "Scotland"),
  se: c("SE", "Sweden"),
  tr: c("TR", "Turkey"),
  uefa: c("EU", "Europe"),
  us: c("US", "United States"),
  worldcup: c("INT", "International"),
  euro: c("EU", "Europe"),
};

export const INTERNATIONAL: Country = c("INT", "International");

/** By the three-letter suffix of a club name in an international cup. */
export const COUNTRY_BY_FIFA_CODE: Readonly<Record<string, Country>> = {
  ARG: c("AR", "Argentina"),
  AUT: c("AT", "Austria"),
  AZE: c("AZ", "Azerbaijan"),
  BEL: c("BE", "Belgium"),
  BLR: c("BY", "Belarus"),
  BOL: c("BO", "Bolivia"),
  BRA: c("BR", "Brazil"),
  BUL: c("BG", "Bulgaria"),
  CHI: c("CL", "Chile"),
  COL: c("CO", "Colombia"),
  CRO: c("HR", "Croatia"),
  CYP: c("CY", "Cyprus"),
  CZE: c("CZ", "Czech Republic"),
  DEN: c("DK", "Denmark"),
  ECU: c("EC", "Ecuador"),
  ENG: c("GB-ENG", "England"),
  ESP: c("ES", "Spain"),
  FIN: c("FI", "Finland"),
  FRA: c("FR", "France"),
  GER: c("DE", "Germany"),
  GRE: c("GR", "Greece"),
  HUN: c("HU", "Hungary"),
  IRL: c("IE", "Ireland"),
  ISR: c("IL", "Israel"),
  ITA: c("IT", "Italy"),
  KAZ: c("KZ", "Kazakhstan"),
  MCO: c("MC", "Monaco"),
  NED: c("NL", "Netherlands"),
  NIR: c("GB-NIR", "Northern Ireland"),
  NOR: c("NO", "Norway"),
  PAR: c("PY", "Paraguay"),
  PER: c("PE", "Peru"),
  POL: c("PL", "Poland"),
  POR: c("PT", "Portugal"),
  ROU: c("RO", "Romania"),
  RUS: c("RU", "Russia"),
  SCO: c("GB-SCT", "Scotland"),
  SRB: c("RS", "Serbia"),
  SUI: c("CH", "Switzerland"),
  SVK: c("SK", "Slovakia"),
  SVN: c("SI", "Slovenia"),
  SWE: c("SE", "Sweden"),
  TUR: c("TR", "Turkey"),
  UKR: c("UA", "Ukraine"),
  URU: c("UY", "Uruguay"),
  VEN: c("VE", "Venezuela"),
  WAL: c("GB-WLS", "Wales"),
};

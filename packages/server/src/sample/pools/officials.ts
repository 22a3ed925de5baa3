/** Official roles per sport and invented broadcasters per country. */

export const OFFICIAL_ROLES: Readonly<Record<string, readonly string[]>> = {
  football: ["referee", "assistant_referee_1", "assistant_referee_2", "fourth_official", "var"],
  basketball: ["crew_chief", "referee", "umpire"],
  "american-football": ["referee", "umpire", "down_judge", "line_judge"],
  cricket: ["on_field_umpire_1", "on_field_umpire_2", "third_umpire", "match_referee"],
  tennis: ["chair_umpire"],
  baseball: ["home_plate_umpire", "first_base_umpire", "second_base_umpire", "third_base_umpire"],
  esports: ["admin"],
  golf: [],
  "horse-racing": ["chief_steward"],
  "combat-sports": ["referee", "judge_1", "judge_2", "judge_3"],
};

/** Keyed by country code; "INT" is the fallback for international events. */
export const BROADCASTERS: Readonly<Record<string, readonly string[]>> = {
  "GB-ENG": ["Albion Sports Network", "Channel Pitch", "Northline Sport"],
  "GB-SCT": ["Caledonia Sport", "Thistle TV", "Forth Sports Channel"],
  ES: ["Canal Deportes", "Tele Gol Plus", "Deportes Ibérica"],
  DE: ["Sportkanal Eins", "Rheinsport TV", "Anstoß Live"],
  IT: ["Rete Sport", "Tele Tribuna", "Calcio Diretta TV"],
  FR: ["Tribune TV", "Sport Hexagone", "Canal Gradins"],
  NL: ["Kanaal Sport", "Polder Sport TV", "Tribune Live"],
  PT: ["Canal Bancada", "Desporto Vivo", "Tejo Sport"],
  BR: ["Canal Arquibancada", "TV Torcida", "Rede Placar"],
  AR: ["Tele Cancha", "Señal Deportiva", "Canal Tribuna Sur"],
  US: ["Coast to Coast Sports", "Metro Sports Channel", "Heartland Sports Network"],
  AU: ["Wattle Sport", "Coral Sea Sports", "Southern Ground TV"],
  IN: ["Crease TV", "Maidan Sports", "Sixer Sports Network"],
  JP: ["Sakura Sports", "Kaze Sports Channel", "Tsubame TV Sport"],
  SE: ["Sportkanalen Nord", "Norrsken Sport", "Kanal Läktaren"],
  NG: ["Naija Sports Channel", "Savannah Sport", "Niger Delta Sports TV"],
  RS: ["Kanal Sport 2", "Dunav Sport", "Tribina TV"],
  TR: ["Tribün TV", "Boğaz Spor", "Anadolu Spor Kanalı"],
  ZA: ["Karoo Sport", "Ubuntu Sports Channel", "Highveld Sport TV"],
  IE: ["Emerald Sports TV", "Liffey Sport", "Atlantic Sports Channel"],
  NZ: ["Aotearoa Sports Network", "Southern Alps Sport", "Harbour Sport TV"],
  INT: ["Global Sports Feed", "WorldPitch TV", "Orbit Sports International", "Crossbar Live"],
};

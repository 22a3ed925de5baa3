/** Feed messages for the benchmarks' smallest live world: one league, two teams, fixture `fx-1` kicked off. */
export function oneLiveFixture(): unknown[] {
  return [
    {
      type: "competition",
      sport: "football",
      data: {
        id: "lg",
        name: "Bench League",
        country_code: "ZZ",
        country_name: "Benchland",
        season: { id: "s", name: "2026", start_date: "2026-01-01", end_date: "2026-12-31" },
      },
    },
    {
      type: "team",
      sport: "football",
      data: { id: "t1", name: "Bench One", competition_id: "lg" },
    },
    {
      type: "team",
      sport: "football",
      data: { id: "t2", name: "Bench Two", competition_id: "lg" },
    },
    {
      type: "fixture",
      sport: "football",
      data: {
        id: "fx-1",
        competition_id: "lg",
        kickoff: "2026-11-21T15:00:00Z",
        home_team_id: "t1",
        away_team_id: "t2",
      },
    },
    { type: "status", sport: "football", data: { fixture_id: "fx-1", status: "live" } },
  ];
}

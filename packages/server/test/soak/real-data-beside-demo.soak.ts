/**
 * Soak: every open dataset imported beside the live demo, then two and a half simulated days of
 * play (150 s at 1440×). `npm run test:soak`; the test tier runs the quick size (ADR-0048).
 */
import { ALL_IMPORTS, describeRealDataBesideDemo } from "../e2e/real-data-beside-demo.js";

describeRealDataBesideDemo({ imports: ALL_IMPORTS, playOn: { ms: 150_000 } });

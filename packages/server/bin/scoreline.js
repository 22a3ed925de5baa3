#!/usr/bin/env node
// The `scoreline` program. TypeScript is compiled on load by tsx (esbuild); no build step.
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");

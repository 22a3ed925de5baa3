/**
 * The entry point of stream-fanout's child processes: the parent (bench/stream-fanout.ts) forks
 * this file with BENCH_STREAM_ROLE=server | bare | client and drives it over IPC.
 */
import { tmpdir } from "node:os";
import { bareRole } from "./bare-role.js";
import { clientRole } from "./client-role.js";
import { serverRole } from "./server-role.js";

const role = process.env.BENCH_STREAM_ROLE;
if (role === "server") await serverRole(process.env.BENCH_STREAM_DIR ?? tmpdir());
else if (role === "bare") await bareRole();
else if (role === "client") clientRole();
else throw new Error(`BENCH_STREAM_ROLE must be server, bare or client; got ${role}`);

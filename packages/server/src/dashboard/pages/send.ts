/** Sends a rendered page as HTML. */
import type { FastifyReply } from "fastify";
import type { Html } from "../html.js";

export function send(reply: FastifyReply, body: Html) {
  return reply.type("text/html; charset=utf-8").send(body.text);
}

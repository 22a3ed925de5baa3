/** The dashboard's error page (HTML, not the API's JSON envelope). */
import { type Html, html } from "../html.js";
import { page } from "./layout.js";

const TITLES: Record<number, string> = {
  400: "That did not work",
  403: "Not allowed",
  404: "Not found",
  413: "Too large",
  415: "Not a form",
  429: "Too many attempts",
  500: "Something went wrong",
  503: "Unavailable",
};

export function errorPage(status: number, message: string): Html {
  return page({
    title: TITLES[status] ?? "That did not work",
    narrow: true,
    body: html`<section class="card"><p>${message}</p>
<p><a href="/dashboard">Back to the dashboard</a></p></section>`,
  });
}

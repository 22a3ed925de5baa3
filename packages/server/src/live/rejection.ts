/** Why a feed message was refused: the field at fault and a reason a producer can act on. */
export class FeedRejection extends Error {
  constructor(
    /** Dotted path inside the message, e.g. `data.status` (empty for the message as a whole). */
    readonly field: string,
    message: string,
    readonly code:
      | "invalid_message"
      | "not_found"
      | "invalid_transition"
      /** A sample-world producer reaching outside the sample world (producer-scope.ts). */
      | "out_of_scope" = "invalid_message",
  ) {
    super(message);
    this.name = "FeedRejection";
  }
}

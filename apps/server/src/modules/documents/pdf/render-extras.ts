// What a render adds to a document once it is signed: the made signatures and the completion certificate.

export interface RenderExtras {
  /** Made signatures, by signer id (DocumentView.signers[i]._id). */
  signatures?: ReadonlyArray<{
    signerId: string;
    signedAt: string;
    mark: { kind: 'typed'; text: string } | { kind: 'image'; png: Buffer };
  }>;
  /** The completion certificate: appended as the last page(s). */
  certificate?: {
    /** SHA-256 of the unsigned document's PDF. */
    unsignedSha256: string;
    /** ISO time. */
    completedAt: string;
    events: ReadonlyArray<{
      type: string;
      at: string;
      actor: string | null;
      ip: string | null;
      userAgent: string | null;
    }>;
  };
  /**
   * What a split sheet calls the people on it, when they are not writers: a recording's master split lists
   * master owners (the catalog's sealed sheets). Used for the people table's heading and their signature label.
   */
  writersAs?: { heading: string; role: string };
}

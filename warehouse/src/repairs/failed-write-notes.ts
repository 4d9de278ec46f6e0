import type { Warehouse } from "../client";
import type { FactBatch } from "../sink/fact-tables";
import { mergeScopes, viewRepairScopes, type ViewRepairScope } from "./repair-scope";
import { recordViewRepairs } from "./view-repairs-table";

/**
 * The hours of writes that failed, kept in the writing process until they can be recorded as
 * view repairs. A failed INSERT may have stored its fact part without its views' parts (a
 * replica killed in between), and no retry can feed those views again: on a cluster the retry's
 * identical block is dropped by the twin replica's block deduplication, which on 18.16 skips the
 * views too; elsewhere the sink's lookup finds the rows stored and skips them. The notes are
 * recorded by the next write before it runs, once the warehouse answers again, and kept if
 * recording fails.
 */
export class FailedWriteNotes {
  private scopes: ViewRepairScope[] = [];

  noteFailedWrite(batch: Pick<FactBatch, "responses" | "toolCalls">): void {
    this.scopes = mergeScopes([...this.scopes, ...viewRepairScopes(batch)]);
  }

  /** Tenants with a failed write not recorded yet. */
  get size(): number {
    return this.scopes.length;
  }

  /** Records every note as a pending view repair; on failure the notes stay for the next call. */
  async record(w: Warehouse): Promise<void> {
    if (this.scopes.length === 0) return;
    const scopes = this.scopes;
    this.scopes = [];
    try {
      await recordViewRepairs(w, scopes);
    } catch (error) {
      this.scopes = mergeScopes([...scopes, ...this.scopes]);
      throw error;
    }
  }
}

import type { SeededRandom } from "../../random/seeded-random";

/**
 * Chooses exactly `selected` of `total` positions, each subset equally likely, deciding position
 * by position (selection sampling, Knuth's Algorithm S). Exact rather than a coin per message, so
 * `--malformed 0.01` on 20,000 events sends 200 malformed ones, not "about 200".
 */
export class ExactSharePicker {
  private remainingPositions: number;
  private remainingSelected: number;

  constructor(
    total: number,
    selected: number,
    private readonly random: SeededRandom,
  ) {
    this.remainingPositions = total;
    this.remainingSelected = Math.min(selected, total);
  }

  /** Whether the next position is one of the chosen. */
  next(): boolean {
    if (this.remainingPositions <= 0) return false;
    const chosen = this.random.next() * this.remainingPositions < this.remainingSelected;
    this.remainingPositions--;
    if (chosen) this.remainingSelected--;
    return chosen;
  }
}

import type { OutcomeLabel } from "@/lib/metrics-catalog";

/** An outcome label, coloured by how good it is, with the rule that produced it on hover. */
export function LabelBadge({ label, reason }: { label: OutcomeLabel; reason?: string | null }) {
  return (
    <span
      className={`badge label-${label}`}
      title={reason ? `rule: ${reason}` : "not evaluated yet"}
      data-label={label}
    >
      {label}
    </span>
  );
}

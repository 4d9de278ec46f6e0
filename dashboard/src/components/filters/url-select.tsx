"use client";

import { ChoiceSelect } from "./choice-select";
import { useViewNavigation } from "./use-view-navigation";

type SelectableField =
  "slice" | "bucket" | "samples" | "reason" | "metric" | "dimension" | "a" | "b" | "rejectedReason";

/**
 * A select bound to one field of the URL state (the grouping of a table, a chart's bucket, ...).
 * Choosing a value navigates (an arrow step does not: ChoiceSelect); paging starts again because the rows changed.
 */
export function UrlSelect({
  field,
  label,
  options,
  value,
  emptyLabel,
}: {
  field: SelectableField;
  label: string;
  options: { value: string; label: string }[];
  value: string | null;
  emptyLabel?: string;
}) {
  const { state, navigate, isPending } = useViewNavigation();
  return (
    <label className="inline-control">
      <span>{label}</span>
      <ChoiceSelect
        name={field}
        value={value ?? ""}
        aria-busy={isPending}
        onChoose={(chosen) => navigate({ ...state, [field]: chosen || null, cursor: null })}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </ChoiceSelect>
    </label>
  );
}

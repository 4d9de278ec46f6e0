"use client";

import Link from "next/link";
import { useState } from "react";
import { LogoutNoticeBanner } from "@/components/session/logout-notice";
import { DIMENSION_LABELS, DIMENSIONS, type Dimension } from "@/lib/dimensions";
import { formatCount } from "@/lib/format";
import { RANGE_PRESETS, isRangePreset, isValidCustomRange } from "@/lib/time-range";
import { onTenant } from "@/lib/tenant-switch";
import { filterCount, viewHref, withFilter } from "@/lib/url-state";
import { ChoiceSelect } from "./choice-select";
import { useDimensionValues } from "./dimension-values";
import { useViewNavigation } from "./use-view-navigation";

/** `2026-11-30T08:00:00.000Z` ⇄ the value of a datetime-local input, read as UTC. */
const toInputValue = (iso: string) => iso.slice(0, 16);
const fromInputValue = (value: string) => (value ? `${value}:00.000Z` : "");

interface Props {
  tenants: string[];
  /** The concrete range the page resolved (for custom inputs, dimension values and pinned links). */
  from: string;
  to: string;
  showDimensions?: boolean;
}

/**
 * The one filter bar: tenant, time range (presets or custom, UTC) and dimension filters, all kept in
 * the URL. Its selects act on a choice, never on an arrow step (ChoiceSelect); logging in to another
 * tenant is a link of its own, not an option of the tenant select.
 */
export function FilterBar({ tenants, from, to, showDimensions = true }: Props) {
  const { state, navigate, isPending, pathname } = useViewNavigation();
  const [customFrom, setCustomFrom] = useState(toInputValue(state.range.kind === "custom" ? state.range.from : from));
  const [customTo, setCustomTo] = useState(toInputValue(state.range.kind === "custom" ? state.range.to : to));
  const [showCustom, setShowCustom] = useState(state.range.kind === "custom");
  const [newDimension, setNewDimension] = useState<Dimension | "">("");
  const values = useDimensionValues({ tenant: state.tenant, dimension: newDimension || null, from, to });

  const rangeValue = state.range.kind === "custom" || showCustom ? "custom" : state.range.preset;
  const customValid = isValidCustomRange(fromInputValue(customFrom), fromInputValue(customTo));
  const here = viewHref(pathname, state);

  return (
    <form
      className="filter-bar"
      aria-label="Filters"
      aria-busy={isPending}
      data-pending={isPending ? "true" : "false"}
      onSubmit={(event) => event.preventDefault()}
    >
      <LogoutNoticeBanner tenant={state.tenant} />
      <label className="inline-control">
        <span>Tenant</span>
        {/* Another tenant has other dimension values: keep time and the view's choices, drop filters (onTenant). */}
        <ChoiceSelect name="tenant" value={state.tenant ?? ""} onChoose={(tenant) => navigate(onTenant(state, tenant))}>
          {tenants.map((tenant) => (
            <option key={tenant} value={tenant}>
              {tenant}
            </option>
          ))}
        </ChoiceSelect>
      </label>
      <Link
        className="button-link"
        href={`/login?${new URLSearchParams({ next: here }).toString()}`}
        data-role="login-another"
      >
        Log in to another tenant…
      </Link>

      <label className="inline-control">
        <span>Time</span>
        <ChoiceSelect
          name="range"
          value={rangeValue}
          onChoose={(value) => {
            if (value === "custom") {
              setShowCustom(true);
              return;
            }
            setShowCustom(false);
            if (isRangePreset(value)) navigate({ ...state, range: { kind: "preset", preset: value }, cursor: null });
          }}
        >
          {Object.entries(RANGE_PRESETS).map(([preset, { label }]) => (
            <option key={preset} value={preset}>
              {label}
            </option>
          ))}
          <option value="custom">Custom range (UTC)…</option>
        </ChoiceSelect>
      </label>

      {rangeValue === "custom" ? (
        <span className="custom-range">
          <label className="inline-control">
            <span>From (UTC)</span>
            <input
              type="datetime-local"
              name="from"
              value={customFrom}
              onChange={(event) => setCustomFrom(event.target.value)}
            />
          </label>
          <label className="inline-control">
            <span>To (UTC)</span>
            <input
              type="datetime-local"
              name="to"
              value={customTo}
              onChange={(event) => setCustomTo(event.target.value)}
            />
          </label>
          <button
            type="button"
            className="button-small"
            disabled={!customValid}
            onClick={() =>
              navigate({
                ...state,
                range: { kind: "custom", from: fromInputValue(customFrom), to: fromInputValue(customTo) },
                cursor: null,
              })
            }
          >
            Apply
          </button>
        </span>
      ) : null}

      {showDimensions ? (
        <span className="dimension-filters">
          {DIMENSIONS.flatMap((dimension) =>
            (state.filters[dimension] ?? []).map((value) => (
              <span className="chip" key={`${dimension}=${value}`} data-filter={`${dimension}=${value}`}>
                {DIMENSION_LABELS[dimension]}: <strong>{value}</strong>
                <button
                  type="button"
                  aria-label={`Remove filter ${dimension} = ${value}`}
                  onClick={() =>
                    navigate(
                      withFilter(
                        state,
                        dimension,
                        (state.filters[dimension] ?? []).filter((item) => item !== value),
                      ),
                    )
                  }
                >
                  ×
                </button>
              </span>
            )),
          )}
          <label className="inline-control">
            <span>Filter</span>
            <select
              name="filter-dimension"
              value={newDimension}
              onChange={(event) => setNewDimension(event.target.value as Dimension | "")}
            >
              <option value="">dimension…</option>
              {DIMENSIONS.map((dimension) => (
                <option key={dimension} value={dimension}>
                  {DIMENSION_LABELS[dimension]}
                </option>
              ))}
            </select>
          </label>
          {newDimension ? (
            <ChoiceSelect
              key={newDimension}
              name="filter-value"
              aria-label="Filter value"
              value=""
              disabled={values.status !== "ready"}
              onChoose={(value) => {
                if (!value) return;
                navigate(withFilter(state, newDimension, [...(state.filters[newDimension] ?? []), value]));
                setNewDimension("");
              }}
            >
              <option value="">
                {values.status === "loading"
                  ? "loading values…"
                  : values.status === "error"
                    ? `values unavailable: ${values.message}`
                    : values.status === "ready" && values.values.length === 0
                      ? "no values in range"
                      : "value…"}
              </option>
              {values.status === "ready"
                ? values.values.map((item) => (
                    <option
                      key={item.value}
                      value={item.value}
                      disabled={(state.filters[newDimension] ?? []).includes(item.value)}
                    >
                      {item.value} ({formatCount(item.responses)})
                    </option>
                  ))
                : null}
            </ChoiceSelect>
          ) : null}
          {filterCount(state.filters) > 0 ? (
            <button
              type="button"
              className="button-link"
              onClick={() => navigate({ ...state, filters: {}, cursor: null })}
            >
              Clear filters
            </button>
          ) : null}
        </span>
      ) : null}

      <span className="filter-bar-end">
        {isPending ? (
          <span className="muted" role="status">
            Updating…
          </span>
        ) : null}
        {state.range.kind === "preset" ? (
          <button
            type="button"
            className="button-link"
            title="Replace the relative time range by its current start and end, so the link shows the same figures later"
            onClick={() => navigate({ ...state, range: { kind: "custom", from, to } })}
          >
            Pin time range
          </button>
        ) : null}
      </span>
    </form>
  );
}

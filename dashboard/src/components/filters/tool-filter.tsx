"use client";

import { ChoiceSelect } from "./choice-select";
import { useViewNavigation } from "./use-view-navigation";

/** Narrows the tool figures to chosen tools (kept in the URL as repeated `tool`). */
export function ToolFilter({ tools }: { tools: string[] }) {
  const { state, navigate } = useViewNavigation();
  return (
    <span className="inline-control">
      {state.tools.map((tool) => (
        <span className="chip" key={tool} data-filter={`tool=${tool}`}>
          {tool}
          <button
            type="button"
            aria-label={`Remove tool ${tool}`}
            onClick={() => navigate({ ...state, tools: state.tools.filter((item) => item !== tool) })}
          >
            ×
          </button>
        </span>
      ))}
      {/* Keyed by the chosen tools: once a choice is applied the select starts again from "add tool…". */}
      <ChoiceSelect
        key={state.tools.join("\n")}
        name="tool"
        aria-label="Only tool"
        value=""
        onChoose={(tool) => {
          if (tool) navigate({ ...state, tools: [...state.tools, tool] });
        }}
      >
        <option value="">{state.tools.length ? "add tool…" : "all tools"}</option>
        {tools
          .filter((tool) => !state.tools.includes(tool))
          .map((tool) => (
            <option key={tool} value={tool}>
              {tool}
            </option>
          ))}
      </ChoiceSelect>
    </span>
  );
}

"use client";

import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type SelectHTMLAttributes } from "react";

type Props = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "value" | "defaultValue" | "onChange" | "onKeyDown" | "onBlur"
> & {
  /** The value the page shows now. */
  value: string;
  /** Called once per choice, never per arrow step. */
  onChoose: (value: string) => void;
  children: ReactNode;
};

/** Keys that move a closed select's value (besides typed letters, which jump to an option). */
const STEP_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);
const stepsValue = (event: KeyboardEvent<HTMLSelectElement>) =>
  !event.altKey &&
  !event.ctrlKey &&
  !event.metaKey &&
  (STEP_KEYS.has(event.key) || (event.key.length === 1 && event.key !== " "));

/**
 * A native select that acts only on a choice: a value picked from its open list (pointer, or Enter
 * in the list), Enter on the closed select, or focus leaving it with another value shown. On a
 * closed select an arrow key, Home/End or a typed letter changes the value at once and fires
 * `change` in Chromium and Firefox on Windows and Linux, so a select that navigated on `change`
 * reloaded the page once per step (and jumped to whatever an option led to). WCAG 2.2 SC 3.2.2 (On
 * Input) asks that changing a control's setting not change the context by itself, and the ARIA
 * practices' select-only combobox moves through options without committing until Enter; this keeps
 * the native control (its semantics and every assistive technology's handling of it) and applies
 * keyboard steps only on Enter or on leaving it. Escape puts back the applied value.
 */
export function ChoiceSelect({ value, onChoose, children, ...rest }: Props) {
  // A draft belongs to the applied value it started from: once the page shows another value, it is gone.
  const [draft, setDraft] = useState<{ from: string; value: string } | null>(null);
  const shown = draft && draft.from === value ? draft.value : value;
  // Set from a stepping key's keydown to the end of its task: the `change` its default action fires is a step, not a choice.
  const stepping = useRef(false);
  const asked = useRef<string | null>(null);
  const hintId = useId();

  const choose = (next: string) => {
    if (next === value || next === asked.current) return;
    asked.current = next;
    onChoose(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      choose(shown);
    } else if (event.key === "Escape") {
      setDraft(null);
    } else if (stepsValue(event)) {
      stepping.current = true;
      setTimeout(() => {
        stepping.current = false;
      });
    }
  };
  // Shown but not applied yet (once chosen, the page is on its way to it: no hint).
  const pending = shown !== value && shown !== asked.current;
  return (
    <>
      <select
        {...rest}
        value={shown}
        aria-describedby={pending ? hintId : undefined}
        data-choice-pending={pending ? "true" : undefined}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          const next = event.target.value;
          asked.current = null;
          setDraft({ from: value, value: next });
          if (!stepping.current) choose(next);
        }}
        onBlur={() => choose(shown)}
      >
        {children}
      </select>
      {pending ? (
        <span className="choice-hint" id={hintId}>
          Enter to apply
        </span>
      ) : null}
    </>
  );
}

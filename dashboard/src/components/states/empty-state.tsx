import type { ReactNode } from "react";

/** The warehouse was read and holds nothing for this question: a fact, said as one. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="state state-empty" data-state="empty">
      {children}
    </div>
  );
}

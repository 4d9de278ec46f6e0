import type { ReactNode } from "react";

/** A titled card that holds one chart, table or set of figures. */
export function Panel({
  title,
  subtitle,
  actions,
  children,
  id,
  wide,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
  wide?: boolean;
}) {
  return (
    <section className={wide ? "panel panel-wide" : "panel"} id={id} data-panel={id} aria-label={title}>
      <header className="panel-header">
        <div>
          <h2>{title}</h2>
          {subtitle ? <p className="panel-subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div className="panel-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

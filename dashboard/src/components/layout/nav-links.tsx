"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { VIEWS } from "@/lib/routes";
import { parseViewState, sharedPart, viewHref } from "@/lib/url-state";

const LIST_ID = "view-nav-links";

/**
 * Links between views that keep tenant, time and filters: moving between views never loses the question.
 * On a narrow screen a "Views" button folds them away (globals.css); the button exists only once the
 * script runs, so without it the links stay visible and nothing is out of reach.
 */
export function NavLinks() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const shared = sharedPart(parseViewState(new URLSearchParams(search)));
  const [scripted, setScripted] = useState(false);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => setScripted(true), []);
  // A followed link closes the list: the new view is what the reader asked for.
  useEffect(() => setOpen(false), [pathname, search]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className="site-nav" data-scripted={scripted} data-open={open} onKeyDown={closeOnEscape}>
      <button
        ref={toggle}
        type="button"
        className="nav-toggle"
        hidden={!scripted}
        aria-expanded={open}
        aria-controls={LIST_ID}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true" className="nav-toggle-icon">
          ☰
        </span>
        Views
      </button>
      <nav className="nav" id={LIST_ID} aria-label="Views">
        {Object.values(VIEWS).map((view) => (
          <Link
            key={view.path}
            href={viewHref(view.path, shared)}
            className={pathname.startsWith(view.path) ? "nav-link active" : "nav-link"}
            aria-current={pathname.startsWith(view.path) ? "page" : undefined}
          >
            {view.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { NavLinks } from "@/components/layout/nav-links";
import { MAIN_ID } from "@/components/layout/skip-link";
import { HOME_PATH } from "@/lib/routes";

/** The frame every view shares: the product's name, the links between views, and the content the skip link lands on. */
export default function ViewsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <header className="app-header">
        <Link href={HOME_PATH} className="brand">
          Answerscope
        </Link>
        <Suspense fallback={<nav className="nav" aria-label="Views" />}>
          <NavLinks />
        </Suspense>
      </header>
      {/* tabIndex -1: the skip link's jump moves the keyboard focus here, not only the scroll position. */}
      <main className="app-main" id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

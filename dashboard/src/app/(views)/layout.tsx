import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { NavLinks } from "@/components/layout/nav-links";
import { HOME_PATH } from "@/lib/routes";

/** The frame every view shares: the product's name and the links between views. */
export default function ViewsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <header className="app-header">
        <Link href={HOME_PATH} className="brand">
          Answerscope
        </Link>
        <Suspense fallback={<nav className="nav" />}>
          <NavLinks />
        </Suspense>
      </header>
      <main className="app-main">{children}</main>
    </div>
  );
}

import Link from "next/link";
import { MAIN_ID } from "@/components/layout/skip-link";
import { HOME_PATH } from "@/lib/routes";

export default function NotFound() {
  return (
    <main className="login-page" id={MAIN_ID} tabIndex={-1}>
      <h1>Not found</h1>
      <p>There is no page at this address.</p>
      <Link href={HOME_PATH}>Go to the effect dashboard</Link>
    </main>
  );
}

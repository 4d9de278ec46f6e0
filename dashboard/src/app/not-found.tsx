import Link from "next/link";

export default function NotFound() {
  return (
    <main className="login-page">
      <h1>Not found</h1>
      <p>There is no page at this address.</p>
      <Link href="/effect">Go to the effect dashboard</Link>
    </main>
  );
}

"use client";

import { useActionState } from "react";
import { logIn, type LoginState } from "../session-actions";

export function LoginForm({ tenant, next }: { tenant: string; next: string }) {
  const [state, action, pending] = useActionState<LoginState, FormData>(logIn, { message: null, tenant });
  return (
    <form action={action} className="login-form" aria-label="Log in with a read key">
      <input type="hidden" name="next" value={next} />
      <label>
        <span>Tenant</span>
        <input name="tenant" defaultValue={state.tenant} required autoComplete="username" placeholder="e.g. demo" />
      </label>
      <label>
        <span>Read key</span>
        <input name="key" type="password" required autoComplete="current-password" />
      </label>
      <button type="submit" disabled={pending}>
        {pending ? "Checking…" : "Log in"}
      </button>
      {state.message ? (
        <p className="form-error" role="alert" data-state="login-error">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}

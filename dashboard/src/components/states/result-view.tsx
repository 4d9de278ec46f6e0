import type { ReactNode } from "react";
import type { ApiResult } from "@/lib/api-client";
import { EmptyState } from "./empty-state";
import { ErrorState } from "./error-state";

/**
 * The three endings of a read, kept apart: an error (the read failed), empty (the read succeeded
 * and found nothing) and the data itself.
 */
export function ResultView<T>({
  result,
  isEmpty,
  empty,
  loginHref,
  children,
}: {
  result: ApiResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loginHref?: string;
  children: (data: T) => ReactNode;
}) {
  if (!result.ok) return <ErrorState failure={result.failure} loginHref={loginHref} />;
  if (isEmpty?.(result.data)) return <EmptyState>{empty ?? "No data in this range for these filters."}</EmptyState>;
  return <>{children(result.data)}</>;
}

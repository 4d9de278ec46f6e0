import type { LinkNotice } from "@/lib/url-state";

/** One notice of the view header: a status line per thing said, each marked with the parameter it is about. */
export function NoticeList({ name, lead, notices }: { name: string; lead?: string; notices: LinkNotice[] }) {
  return (
    <div className="notice url-notice" role="status" data-role={name}>
      {lead ? <strong>{lead}</strong> : null}
      <ul>
        {notices.map((notice) => (
          <li key={`${notice.param}:${notice.text}`} data-param={notice.param}>
            {notice.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A catalog text (Markdown with `code` spans, as docs/metrics.md shows it) as inline HTML. */
export function CatalogText({ text }: { text: string }) {
  return <>{text.split("`").map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>;
}

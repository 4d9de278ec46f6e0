// Reference docs (docs/*.md) mix prose written by hand with lists generated from the schemas. A
// generated list sits between two HTML comments, invisible when the Markdown is rendered:
//
//   <!-- generated:events.response_completed (npm run docs) -->
//   ...replaced on every run...
//   <!-- /generated:events.response_completed -->
//
// Only the text between the markers is ever rewritten, so the prose around it stays the author's.

const START = /<!-- generated:([^\s>]+)(?: [^>]*)? -->\n/g;

const endMarker = (name: string): string => `<!-- /generated:${name} -->`;

/** The names of the generated sections a document holds, in order. */
export function markedSectionNames(doc: string): string[] {
  return [...doc.matchAll(START)].map((match) => match[1] as string);
}

/**
 * `doc` with the body of each named section replaced. Every section given must be marked in the
 * document, and every marked section must be given: a list nobody generates any more would
 * otherwise go stale unnoticed.
 */
export function replaceMarkedSections(doc: string, sections: Readonly<Record<string, string>>): string {
  const marked = markedSectionNames(doc);
  const missing = Object.keys(sections).filter((name) => !marked.includes(name));
  const unknown = marked.filter((name) => !Object.hasOwn(sections, name));
  if (missing.length > 0) throw new Error(`no markers for section(s) ${missing.join(", ")}`);
  if (unknown.length > 0) throw new Error(`nothing generates the marked section(s) ${unknown.join(", ")}`);
  let out = "";
  let cursor = 0;
  for (const match of doc.matchAll(START)) {
    const name = match[1] as string;
    const bodyStart = (match.index ?? 0) + match[0].length;
    const end = doc.indexOf(endMarker(name), bodyStart);
    if (end < 0) throw new Error(`section ${name} has no end marker ${endMarker(name)}`);
    out += doc.slice(cursor, bodyStart) + `${(sections[name] as string).trimEnd()}\n`;
    cursor = end;
  }
  return out + doc.slice(cursor);
}

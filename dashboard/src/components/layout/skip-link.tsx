/** The id of each page's main content: the skip link's target, and what it focuses. */
export const MAIN_ID = "main";

/**
 * The first focusable element of every page: keyboard readers jump over the header and navigation
 * to the content. Hidden until focused (globals.css `.skip-link`), so it costs sighted mouse users nothing.
 */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      Skip to content
    </a>
  );
}

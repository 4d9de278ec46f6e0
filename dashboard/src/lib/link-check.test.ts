import { describe, expect, it } from "vitest";
import { checkLink } from "./link-check";
import { COMPARABLE_METRICS } from "./metrics-catalog";
import { VIEWS } from "./routes";
import { viewHref } from "./url-state";

const NOW = Date.parse("2026-11-30T10:02:31Z");
const check = (path: string, query: string) => checkLink(path, new URLSearchParams(query), NOW);
/** The notices' texts and the address the page rewrites itself to. */
const outcome = (path: string, query: string) => {
  const { state, notices } = check(path, query);
  return { texts: notices.map((notice) => notice.text), href: viewHref(path, state) };
};

describe("a link's parameters checked against what the view can show", () => {
  it("a current link says nothing and keeps its meaning", () => {
    const link =
      "tenant=demo&from=2026-11-30T08:00:00.000Z&to=2026-11-30T09:00:00.000Z&model=gpt-4o&slice=channel&bucket=5m";
    expect(outcome(VIEWS.effect.path, link)).toEqual({
      texts: [],
      href: `${VIEWS.effect.path}?${new URLSearchParams(link).toString()}`,
    });
  });

  it("from after to: the default range, said", () => {
    expect(outcome(VIEWS.effect.path, "tenant=demo&from=2026-11-30T10:00:00Z&to=2026-11-30T09:00:00Z")).toEqual({
      texts: ["from was after to; showing the last 24 hours"],
      href: "/effect?tenant=demo&range=24h",
    });
  });

  it("from equal to to is an empty range, said", () => {
    expect(outcome(VIEWS.effect.path, "tenant=demo&from=2026-11-30T10:00:00Z&to=2026-11-30T10:00:00Z").texts).toEqual([
      "from was the same time as to; showing the last 24 hours",
    ]);
  });

  it("an unparsable end: the range the link also names, or the default", () => {
    expect(outcome(VIEWS.diagnostics.path, "tenant=demo&from=garbage&to=2026-11-30T09:00:00Z&range=1h")).toEqual({
      texts: ["from “garbage” is not a date and time (such as 2026-11-30T08:00Z); showing the last hour"],
      href: "/diagnostics?tenant=demo&range=1h",
    });
    expect(outcome(VIEWS.diagnostics.path, "tenant=demo&from=2026-11-30T08:00:00Z&to=tomorrow").texts).toEqual([
      "to “tomorrow” is not a date and time (such as 2026-11-30T08:00Z); showing the last 24 hours",
    ]);
    // Date.parse would take these: a year, an impossible day, a time in the server's own zone.
    for (const from of ["1", "2026-02-30", "2026-11-30T08:00"])
      expect(outcome(VIEWS.effect.path, `tenant=demo&from=${from}&to=2026-12-01T00:00:00Z`).href).toBe(
        "/effect?tenant=demo&range=24h",
      );
  });

  it("one end without the other", () => {
    expect(outcome(VIEWS.effect.path, "tenant=demo&from=2026-11-30T08:00:00Z&range=7d")).toEqual({
      texts: ["from was given without to; showing the last 7 days"],
      href: "/effect?tenant=demo&range=7d",
    });
    expect(outcome(VIEWS.effect.path, "tenant=demo&to=2026-11-30T08:00:00Z").texts).toEqual([
      "to was given without from; showing the last 24 hours",
    ]);
  });

  it("an unknown range preset", () => {
    expect(outcome(VIEWS.feedback.path, "tenant=demo&range=3y")).toEqual({
      texts: ["range “3y” is not one of 1h, 6h, 24h, 7d, 30d; showing the last 24 hours"],
      href: "/feedback?tenant=demo&range=24h",
    });
  });

  it("a preset beside a valid from and to: the ends win, and the preset is said to be ignored", () => {
    expect(
      outcome(VIEWS.effect.path, "tenant=demo&range=7d&from=2026-11-30T08:00:00Z&to=2026-11-30T09:00:00Z"),
    ).toEqual({
      texts: ["range “7d” ignored: from and to say which time"],
      href: "/effect?tenant=demo&from=2026-11-30T08%3A00%3A00.000Z&to=2026-11-30T09%3A00%3A00.000Z",
    });
    // An unknown preset beside them is ignored for the same reason: the time shown is the ends'.
    expect(
      outcome(VIEWS.effect.path, "tenant=demo&range=3y&from=2026-11-30T08:00:00Z&to=2026-11-30T09:00:00Z").texts,
    ).toEqual(["range “3y” ignored: from and to say which time"]);
  });

  it("an unknown bucket, slice, metric, dimension, sample kind, reason and matrix cell label", () => {
    expect(outcome(VIEWS.effect.path, "tenant=demo&range=6h&bucket=week&slice=user_id").texts).toEqual([
      "slice “user_id” is not one of model, provider, channel, chat_type, session_type, language, user_segment, query_category, prompt_version, bot_version, tool_used; ignored",
      "bucket “week” is not one of 5m, hour, day; choosing one from the range",
    ]);
    expect(outcome(VIEWS.compare.path, "tenant=demo&range=6h&metric=drop_table&dimension=colour&a=v1&b=v2")).toEqual({
      texts: [
        `metric “drop_table” is not one of ${COMPARABLE_METRICS.join(", ")}; ignored`,
        "dimension “colour” is not one of model, provider, channel, chat_type, session_type, language, user_segment, query_category, prompt_version, bot_version, tool_used; ignored",
      ],
      href: "/compare?tenant=demo&range=6h&a=v1&b=v2",
    });
    expect(outcome(VIEWS.feedback.path, "tenant=demo&range=6h&samples=all").texts).toEqual([
      "samples “all” is not one of down, bad, failed; showing down-rated samples",
    ]);
    expect(outcome(VIEWS.feedback.path, "tenant=demo&range=6h&reason=wrong").texts).toEqual([
      "reason “wrong” is not one of irrelevant, incorrect, incomplete, too_slow, tool_failed, too_verbose, not_actionable, bad_format, not_grounded, unsafe, other, none; showing samples of any reason",
    ]);
    expect(outcome(VIEWS.feedback.path, "tenant=demo&range=6h&reason=none&reason=").texts).toEqual([]);
    expect(outcome(VIEWS.agreement.path, "tenant=demo&range=6h&cell_label=great&cell_external=reasked")).toEqual({
      texts: ["cell_label “great” is not one of excellent, good, neutral, bad, failed, pending; ignored"],
      href: "/agreement?tenant=demo&range=6h&cell_external=reasked",
    });
  });

  it("a tenant that is not a tenant name", () => {
    const { state, notices } = check(VIEWS.effect.path, "tenant=../etc&range=6h");
    expect(state.tenant).toBeNull();
    expect(notices.map((notice) => notice.text)).toEqual([
      "tenant “../etc” is not a tenant name; showing the first tenant you are logged in to",
    ]);
  });

  it("a parameter the view does not read, and one no view reads (a typo of a filter)", () => {
    expect(outcome(VIEWS.feedback.path, "tenant=demo&range=6h&slice=channel&modle=gpt-4o&model=claude")).toEqual({
      texts: [
        "slice does not apply to this view; ignored",
        "“modle” is not a filter or setting of the dashboard; ignored",
      ],
      href: "/feedback?tenant=demo&range=6h&model=claude",
    });
    // What the view does not read is not read at all: neither kept in its state nor judged by its value.
    const { state, notices } = check(VIEWS.feedback.path, "tenant=demo&range=6h&slice=user_id&bucket=5m");
    expect({ slice: state.slice, bucket: state.bucket }).toEqual({ slice: null, bucket: null });
    expect(notices.map((notice) => notice.text)).toEqual([
      "slice does not apply to this view; ignored",
      "bucket does not apply to this view; ignored",
    ]);
    // The rejected-events view has no dimension filters: a model filter there would claim what it does not do.
    expect(outcome(VIEWS.rejected.path, "tenant=demo&range=6h&model=gpt-4o")).toEqual({
      texts: ["model does not apply to this view; ignored"],
      href: "/rejected?tenant=demo&range=6h",
    });
  });

  it("the response detail reads every view's parameters (it links back with them)", () => {
    expect(
      outcome("/responses/r-1", "tenant=demo&range=6h&cell_label=bad&cell_external=reasked&samples=bad").texts,
    ).toEqual([]);
  });

  it("a value given twice with different values: the first, said; the same value twice: nothing to say", () => {
    expect(outcome(VIEWS.effect.path, "tenant=demo&range=7d&range=1h")).toEqual({
      texts: ["range was given 2 different values; using the first, “7d”"],
      href: "/effect?tenant=demo&range=7d",
    });
    expect(outcome(VIEWS.effect.path, "tenant=demo&range=7d&range=7d&model=a&model=a").texts).toEqual([]);
  });

  it("empty values ask for nothing and go without a word", () => {
    expect(outcome(VIEWS.feedback.path, "tenant=demo&range=6h&reason=&model=&colour=")).toEqual({
      texts: [],
      href: "/feedback?tenant=demo&range=6h",
    });
  });

  it("a value too long to be one, and more filter values than are used", () => {
    expect(outcome(VIEWS.effect.path, `tenant=demo&range=6h&model=${"x".repeat(257)}&model=gpt-4o`)).toEqual({
      texts: ["model: a value longer than 256 characters ignored"],
      href: "/effect?tenant=demo&range=6h&model=gpt-4o",
    });
    const many = Array.from({ length: 101 }, (_, index) => `channel=c${index}`).join("&");
    const { state, notices } = check(VIEWS.effect.path, `tenant=demo&range=6h&${many}`);
    expect(notices.map((notice) => notice.text)).toEqual(["channel was given 101 values; only the first 100 are used"]);
    expect(state.filters.channel).toHaveLength(100);
  });

  it("caps the bucket to at most 200 points: the smallest bucket that fits, said with the counts", () => {
    expect(outcome(VIEWS.effect.path, "tenant=demo&range=30d&bucket=5m")).toEqual({
      texts: [
        "bucket “5m” gives 8,640 points over this range, more than the 200 a chart shows readably; showing one point per day (30 points)",
      ],
      href: "/effect?tenant=demo&range=30d&bucket=day",
    });
    // 24 hours: 288 five-minute points, 24 hourly ones.
    expect(outcome(VIEWS.diagnostics.path, "tenant=demo&range=24h&bucket=5m")).toEqual({
      texts: [
        "bucket “5m” gives 288 points over this range, more than the 200 a chart shows readably; showing one point per hour (24 points)",
      ],
      href: "/diagnostics?tenant=demo&range=24h&bucket=hour",
    });
    // A custom range of 16 hours 40 minutes is exactly 200 five-minute points: allowed; 5 minutes more is not.
    expect(
      outcome(VIEWS.effect.path, "tenant=demo&from=2026-11-30T00:00:00Z&to=2026-11-30T16:40:00Z&bucket=5m").texts,
    ).toEqual([]);
    expect(
      outcome(VIEWS.effect.path, "tenant=demo&from=2026-11-30T00:00:00Z&to=2026-11-30T16:45:00Z&bucket=5m").href,
    ).toContain("bucket=hour");
    // A week by the hour is 168 points: kept.
    expect(outcome(VIEWS.effect.path, "tenant=demo&range=7d&bucket=hour").texts).toEqual([]);
  });

  it("leaves old names to legacy-links.ts: resolve-view upgrades them silently before the check, which alone would call them unknown", () => {
    expect(outcome(VIEWS.diagnostics.path, "tenant=demo&range=6h&tool_name=web_search").texts).toEqual([
      "“tool_name” is not a filter or setting of the dashboard; ignored",
    ]);
  });
});

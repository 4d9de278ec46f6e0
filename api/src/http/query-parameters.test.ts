import { HttpError } from "@answerscope/runtime";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  commaListParameter,
  dimensionFilterParameters,
  filtersOf,
  limitParameter,
  rangeParameters,
} from "./common-parameters";
import { parameterNameOf, parseParameters, readQueryParameters } from "./query-parameters";

const schema = z.object({
  ...rangeParameters,
  ...dimensionFilterParameters,
  group_by: commaListParameter(["model", "channel"]).optional(),
  limit: limitParameter(50, 200),
});
const url = (query: string) => new URL(`http://localhost/x?${query}`);
const RANGE = "from=2026-11-29T00:00:00Z&to=2026-11-30T00:00:00%2B08:00";

function httpError(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("expected an HttpError");
}

describe("readQueryParameters", () => {
  it("collects repeatable names as lists and others as single values", () => {
    expect(readQueryParameters(url(`${RANGE}&model=a&model=b%27c&limit=5`), schema)).toEqual({
      from: "2026-11-29T00:00:00Z",
      to: "2026-11-30T00:00:00+08:00",
      model: ["a", "b'c"],
      limit: "5",
    });
  });

  it("names an unknown parameter", () => {
    const error = httpError(() => readQueryParameters(url(`${RANGE}&user_id=u-1`), schema));
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain('"user_id"');
  });

  it("refuses a single-valued parameter given twice", () => {
    expect(httpError(() => readQueryParameters(url(`${RANGE}&limit=1&limit=2`), schema)).message).toContain("limit");
  });
});

describe("parseParameters", () => {
  it("parses comma lists, numbers and filters", () => {
    const parsed = parseParameters(
      schema,
      readQueryParameters(url(`${RANGE}&group_by=model,channel&channel=web`), schema),
    );
    expect(parsed.group_by).toEqual(["model", "channel"]);
    expect(parsed.limit).toBe(50);
    expect(filtersOf(parsed)).toEqual({ channel: ["web"] });
  });

  it("names every malformed field", () => {
    const error = httpError(() =>
      parseParameters(schema, {
        from: "yesterday",
        to: "2026-11-30T00:00:00Z",
        group_by: "model,user_id",
        limit: "0",
        model: [""],
      }),
    );
    expect(error.code).toBe("invalid_request");
    for (const field of ["from", "group_by", "limit", "model"]) expect(error.message).toContain(field);
  });
});

describe("parameterNameOf", () => {
  it("maps query-input paths to parameter names", () => {
    expect(parameterNameOf(["filters", "model", 0])).toBe("model");
    expect(parameterNameOf(["groupBy"])).toBe("group_by");
    expect(parameterNameOf(["to"])).toBe("to");
    expect(parameterNameOf([])).toBe("request");
  });
});

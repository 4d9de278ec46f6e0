/**
 * The layering of the workspaces, checked in CI (scripts/test.sh: `npm run layers`):
 * contracts <- warehouse <- runtime and the services; the dashboard reads data only through the
 * API; nothing imports another package's files by relative path.
 */
/** The workspaces, as the root package.json declares them. */
const { workspaces: WORKSPACES } = require("./package.json");
const SERVICES = ["evaluator", "ingest", "api", "alerts"];
/** A path in one of these workspaces. */
const inAny = (names) => `^(${names.join("|")})/`;
const except = (...names) => WORKSPACES.filter((name) => !names.includes(name));

module.exports = {
  forbidden: [
    {
      name: "contracts-import-no-workspace",
      comment: "contracts is the bottom layer: the event and API shapes every other package builds on.",
      severity: "error",
      from: { path: "^contracts/" },
      to: { path: inAny(except("contracts")) },
    },
    {
      name: "warehouse-imports-contracts-only",
      comment: "The warehouse is SQL over the contracts; processes, HTTP and keys live above it (runtime, services).",
      severity: "error",
      from: { path: "^warehouse/" },
      to: { path: inAny(except("contracts", "warehouse")) },
    },
    {
      name: "runtime-imports-contracts-only",
      comment: "What every service shares knows no service and no SQL.",
      severity: "error",
      from: { path: "^runtime/" },
      to: { path: inAny(except("contracts", "runtime")) },
    },
    {
      name: "services-do-not-import-each-other",
      comment:
        "A service depends on contracts, warehouse and runtime; only server (answerscope serve) composes services.",
      severity: "error",
      from: { path: inAny(SERVICES) },
      to: {
        path: inAny(["server", "test", "test-kit", "bench", "importer", "demo", "sdk", ...SERVICES]),
        pathNot: "^$1/",
      },
    },
    {
      name: "services-use-only-the-dashboards-url-scheme",
      comment:
        "The dashboard's published entry points (its views and URL state, for alert links) and nothing else of it.",
      severity: "error",
      from: { path: inAny(except("dashboard", "test", "bench")) },
      to: { path: "^dashboard/", pathNot: "^dashboard/src/lib/(routes|url-state)\\.ts$" },
    },
    {
      name: "dashboard-reads-through-the-api",
      comment:
        "The dashboard imports contracts only; its data comes from the query API over HTTP. Type-only imports " +
        "of the API's answer types (dashboard/src/lib/api-types.ts) reach no bundle and stay until those " +
        "schemas move from the warehouse to contracts.",
      severity: "error",
      from: { path: "^dashboard/" },
      to: { path: inAny(except("contracts", "dashboard")), dependencyTypesNot: ["type-only"] },
    },
    // Another package is imported by its name (@answerscope/x), never by a relative path into its files.
    // scripts/ is the root package's own tooling (build, test and bench launchers), not a workspace.
    {
      name: "no-relative-import-across-packages",
      severity: "error",
      from: { path: inAny(except("test", "bench")) },
      to: { dependencyTypes: ["local"], pathNot: ["^$1/", "^scripts/", "node_modules"] },
    },
    // test/ and bench/ read the SDK's source; every other package they reach by its name.
    ...["test", "bench"].map((name) => ({
      name: "no-relative-import-across-packages",
      comment:
        "The SDK's package exports its build (dist/, what npm publishes); its tests and bench read the " +
        "source it is built from, and the fetch-only test bundles it with the build's own options.",
      severity: "error",
      from: { path: `^${name}/` },
      to: { dependencyTypes: ["local"], pathNot: [`^${name}/`, "^scripts/", "^sdk/(src|scripts)/", "node_modules"] },
    })),
    {
      name: "nothing-imports-the-suites",
      comment: "The harnesses the suites and the bench share live in test-kit/; test/ holds only the suites' own code.",
      severity: "error",
      from: { pathNot: "^test/" },
      to: { path: "^test/" },
    },
    {
      name: "only-the-suites-import-the-bench",
      comment: "The bench's smoke tests (test/integration/*bench-smoke*) run its functions at a tiny scale.",
      severity: "error",
      from: { pathNot: "^(bench|test)/" },
      to: { path: "^bench/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|\\.next|\\.turbo|test-results)/" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};

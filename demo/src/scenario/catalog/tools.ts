// Tools the agents call, with what a call looks like: arguments on `started`, a result summary on
// `completed`, an error category and message on `failed`. Some error messages and arguments carry
// credentials (all fake) on purpose: the contract redacts them, and the demo should show that.

export type ToolFailure = { readonly category: string; readonly messages: readonly string[] };

export type ToolProfile = {
  readonly name: string;
  readonly durationMedianMs: number;
  readonly arguments: readonly Record<string, unknown>[];
  readonly results: readonly string[];
  readonly failures: readonly ToolFailure[];
};

// Shapes the redactor knows (Bearer tokens, sk- keys, password=, AKID ids). Every value is fake.
const LEAKY_UPSTREAM: ToolFailure = {
  category: "upstream",
  messages: [
    'upstream 401: request with "Authorization: Bearer abc123def456ghi789" was rejected',
    "provider error: Incorrect API key provided: sk-demo-4f9a8b7c6d5e4f3a2b1c",
    "upstream 502 Bad Gateway from https://api.example.com/v2",
  ],
};
const TIMEOUT: ToolFailure = {
  category: "timeout",
  messages: ["deadline exceeded after 30000 ms", "context deadline exceeded", "请求超时（30s）"],
};
const NOT_FOUND: ToolFailure = {
  category: "not_found",
  messages: ["ENOENT: no such file or directory", "404 Not Found", "资源不存在"],
};
const PERMISSION: ToolFailure = {
  category: "permission",
  messages: [
    "403 Forbidden: token lacks scope write:tickets",
    "permission denied",
    "Tencent Cloud: SecretId AKIDdemo1234567890abcdefghij is not authorized",
  ],
};
const INVALID_ARGS: ToolFailure = {
  category: "invalid_args",
  messages: ['missing required argument "query"', "SyntaxError: unexpected token at line 3"],
};

export const CHAT_TOOLS: readonly ToolProfile[] = [
  {
    name: "web_search",
    durationMedianMs: 900,
    arguments: [
      { query: "latest release notes", top_k: 5 },
      { query: "天气 预报", top_k: 3 },
    ],
    results: ["5 results from 4 domains", "3 results", "8 results, 2 from news sites"],
    failures: [TIMEOUT, LEAKY_UPSTREAM],
  },
  {
    name: "knowledge_base_search",
    durationMedianMs: 350,
    arguments: [
      { query: "onboarding guide", collection: "handbook" },
      { query: "pricing faq", collection: "support" },
    ],
    results: ["4 passages from 2 documents", "1 passage", "no passages above threshold"],
    failures: [TIMEOUT, INVALID_ARGS],
  },
  {
    name: "code_interpreter",
    durationMedianMs: 1800,
    arguments: [
      { language: "python", code: "print(sorted({3, 1, 2}))" },
      { language: "javascript", code: "console.log([1,2,3].map((x) => x * 2))" },
    ],
    results: ["exit 0, 1 line of output", "exit 0, produced a chart", "exit 1, traceback shown to the model"],
    failures: [TIMEOUT, INVALID_ARGS],
  },
  {
    name: "shell_exec",
    durationMedianMs: 1200,
    arguments: [
      { command: "du -sh /var/* | sort -h | tail -5" },
      { command: "kubectl rollout restart deploy/api", env: { KUBE_TOKEN: "kube-demo-token-123" } },
    ],
    results: ["exit 0", "exit 0, 5 lines", "exit 1: command not found"],
    failures: [TIMEOUT, PERMISSION],
  },
  {
    name: "read_file",
    durationMedianMs: 200,
    arguments: [{ path: "reports/q3.pdf" }, { path: "exports/orders.csv", max_bytes: 1048576 }],
    results: ["read 12 pages", "read 2048 rows", "read 34 KB"],
    failures: [NOT_FOUND, PERMISSION],
  },
  {
    name: "convert_document",
    durationMedianMs: 2500,
    arguments: [
      { from: "xlsx", to: "markdown" },
      { from: "docx", to: "pdf" },
    ],
    results: ["converted 3 sheets", "converted 1 document"],
    failures: [TIMEOUT, INVALID_ARGS],
  },
  {
    name: "create_ticket",
    durationMedianMs: 700,
    arguments: [
      { project: "OPS", title: "Follow up customer issue", api_key: "jira-demo-key-0000" },
      { project: "SUP", title: "Login problem at Acme" },
    ],
    results: ["created OPS-1234", "created SUP-88"],
    failures: [PERMISSION, LEAKY_UPSTREAM],
  },
  {
    name: "calendar",
    durationMedianMs: 500,
    arguments: [
      { action: "create", title: "Review", start: "2026-12-04T15:00:00+08:00" },
      { action: "remind", at: "tomorrow 09:00" },
    ],
    results: ["event created", "reminder set"],
    failures: [INVALID_ARGS, LEAKY_UPSTREAM],
  },
  {
    name: "memory_store",
    durationMedianMs: 80,
    arguments: [
      { key: "answer_style", value: "bullets" },
      { key: "nickname", value: "Sam" },
    ],
    results: ["stored", "updated"],
    failures: [TIMEOUT],
  },
];

/** The evidence-gathering steps of an AIOps diagnosis (tool calls under a diagnostic_task_id). */
export const DIAGNOSTIC_TOOLS: readonly ToolProfile[] = [
  {
    name: "query_metrics",
    durationMedianMs: 600,
    arguments: [
      { promql: 'rate(http_requests_total{code=~"5.."}[5m])' },
      { promql: "histogram_quantile(0.99, rate(latency_bucket[5m]))" },
    ],
    results: ["5xx rate rose from 0.1% to 7.8% at 09:42", "p99 latency 4.2 s, baseline 0.8 s"],
    failures: [TIMEOUT, { category: "upstream", messages: ["prometheus 503: query queue full"] }],
  },
  {
    name: "search_logs",
    durationMedianMs: 1400,
    arguments: [
      { service: "checkout", query: "level:error", since: "30m" },
      { service: "gateway", query: "timeout", since: "1h" },
    ],
    results: ["312 errors, top: connection pool exhausted", "41 timeouts to payments-db"],
    failures: [
      TIMEOUT,
      { category: "permission", messages: ["log index denied: Bearer eyJhbGciOiJIUzI1NiJ9.demo.sig expired"] },
    ],
  },
  {
    name: "get_k8s_events",
    durationMedianMs: 450,
    arguments: [{ namespace: "checkout" }, { namespace: "payments" }],
    results: ["3 OOMKilled events in the last hour", "no warnings"],
    failures: [PERMISSION, NOT_FOUND],
  },
  {
    name: "describe_pod",
    durationMedianMs: 380,
    arguments: [{ pod: "checkout-7d9f-xk2p" }, { pod: "payments-api-0" }],
    results: ["restarts: 14, last state OOMKilled", "ready, 0 restarts"],
    failures: [NOT_FOUND],
  },
  {
    name: "check_db_connections",
    durationMedianMs: 900,
    arguments: [{ dsn: "mysql://app@payments-db:3306", password: "Demo-Pass-123" }],
    results: ["198/200 connections in use", "42/200 connections in use"],
    failures: [{ category: "permission", messages: ["access denied for user app (password=Demo-Pass-123)"] }, TIMEOUT],
  },
  {
    name: "query_traces",
    durationMedianMs: 1100,
    arguments: [{ service: "checkout", min_duration_ms: 2000 }],
    results: ["slow spans concentrated in payments-db.query", "no slow traces"],
    failures: [TIMEOUT, LEAKY_UPSTREAM],
  },
];

const byName = new Map([...CHAT_TOOLS, ...DIAGNOSTIC_TOOLS].map((tool) => [tool.name, tool]));

export function toolProfile(name: string): ToolProfile {
  const tool = byName.get(name);
  if (!tool) throw new Error(`no tool profile named ${name}`);
  return tool;
}

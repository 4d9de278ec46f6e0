// The seed taxonomy for `query_category` when a producer sends none. Rules are keyword tables,
// not a model: cheap, deterministic, and easy to review. The first rule that matches wins, so
// the order below is the priority (a question about failing code is `bug_diagnosis`, not
// `code_explanation`; "remember I use Python" is `memory_or_profile`, not code).

export const QUERY_CATEGORIES = [
  "general_qa",
  "code_explanation",
  "bug_diagnosis",
  "file_operation",
  "shell_execution",
  "web_search",
  "workflow_task",
  "memory_or_profile",
  "unknown",
] as const;
export type QueryCategory = (typeof QUERY_CATEGORIES)[number];

export type QueryCategoryRule = {
  readonly category: QueryCategory;
  /** Words or phrases matched as whole words, ignoring case; plural, -ed and -ing forms match too. */
  readonly english: readonly string[];
  /** Substrings: Chinese has no spaces that mark words. */
  readonly chinese: readonly string[];
  /** Shapes words cannot express (an exception class name, a shell prompt, a code fence). */
  readonly patterns?: readonly RegExp[];
};

export const QUERY_CATEGORY_RULES: readonly QueryCategoryRule[] = [
  {
    category: "bug_diagnosis",
    english: [
      "error",
      "exception",
      "traceback",
      "stack trace",
      "stacktrace",
      "bug",
      "crash",
      "throw",
      "threw",
      "fail",
      "broken",
      "not working",
      "doesn't work",
      "does not work",
      "won't start",
      "segfault",
      "segmentation fault",
      "debug",
      "fix",
      "regression",
      "timeout",
      "timed out",
    ],
    chinese: [
      "报错",
      "错误",
      "异常",
      "崩溃",
      "闪退",
      "修复",
      "调试",
      "排查",
      "失败",
      "出错",
      "不工作",
      "跑不起来",
      "运行不了",
      "故障",
      "超时",
    ],
    patterns: [/\b[A-Za-z]+(?:Error|Exception)\b/],
  },
  {
    category: "memory_or_profile",
    english: [
      "remember that",
      "remember my",
      "remember me",
      "do you remember",
      "forget that",
      "forget my",
      "my name",
      "call me",
      "about me",
      "my preference",
      "my profile",
    ],
    chinese: ["记住", "记得我", "忘掉", "忘记我", "我的名字", "我叫", "叫我", "我的偏好", "关于我", "我的资料"],
  },
  {
    category: "shell_execution",
    english: [
      "terminal",
      "shell",
      "bash",
      "zsh",
      "powershell",
      "command line",
      "run the command",
      "run this command",
      "run command",
      "execute",
      "sudo",
      "npm install",
      "pip install",
      "kubectl",
      "docker",
      "ssh",
      "chmod",
    ],
    chinese: ["终端", "命令行", "执行命令", "运行命令", "执行一下", "跑一下", "敲命令"],
    patterns: [/(?:^|\n)\s*\$ \S/, /`(?:sudo|npm|pip|git|docker|kubectl|ls|cd|curl|cat|grep) [^`]*`/],
  },
  {
    category: "file_operation",
    english: [
      "file",
      "folder",
      "directory",
      "directories",
      "rename",
      "upload",
      "download",
      "attachment",
      "spreadsheet",
      "csv",
      "pdf",
    ],
    chinese: ["文件", "文件夹", "目录", "上传", "下载", "附件", "重命名", "表格"],
    patterns: [/\b[\w-]+\.(?:txt|csv|pdf|docx?|xlsx?|pptx?|log|zip)\b/i],
  },
  {
    category: "code_explanation",
    english: [
      "code",
      "function",
      "class",
      "method",
      "variable",
      "regex",
      "regular expression",
      "algorithm",
      "snippet",
      "syntax",
      "python",
      "javascript",
      "typescript",
      "java",
      "golang",
      "sql",
      "react",
      "compile",
    ],
    chinese: ["代码", "函数", "变量", "正则", "算法", "语法", "编程", "源码"],
    patterns: [/```/, /\b\w+\(\)/],
  },
  {
    category: "web_search",
    english: [
      "search the web",
      "search online",
      "search for",
      "google",
      "look up",
      "latest",
      "news",
      "weather",
      "stock price",
      "exchange rate",
      "who won",
    ],
    chinese: ["搜索", "搜一下", "查一下", "最新", "新闻", "天气", "股价", "汇率", "网上", "百度", "谷歌"],
  },
  {
    category: "workflow_task",
    english: [
      "remind me",
      "reminder",
      "schedule",
      "meeting",
      "calendar",
      "email",
      "ticket",
      "jira",
      "approve",
      "approval",
      "workflow",
      "automate",
      "deploy",
      "book a",
      "notify",
      "todo",
      "to-do",
    ],
    chinese: [
      "提醒我",
      "提醒",
      "安排",
      "日程",
      "会议",
      "发邮件",
      "邮件",
      "工单",
      "审批",
      "流程",
      "自动化",
      "预订",
      "预约",
      "部署",
      "通知",
    ],
  },
];

type CompiledRule = { readonly category: QueryCategory; readonly matches: (text: string) => boolean };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `stack trace` -> /(?<![a-z0-9_])stack\s+trace(?:s|es|ed|d|ing)?(?![a-z0-9_])/i, `don't` also with ’. */
function englishTermPattern(terms: readonly string[]): RegExp | null {
  if (terms.length === 0) return null;
  const alternatives = terms.map((term) => escapeRegExp(term).replace(/\s+/g, "\\s+").replace(/'/g, "['\u2019]"));
  return new RegExp(`(?<![a-z0-9_])(?:${alternatives.join("|")})(?:s|es|ed|d|ing)?(?![a-z0-9_])`, "i");
}

function compile(rule: QueryCategoryRule): CompiledRule {
  const english = englishTermPattern(rule.english);
  const patterns = rule.patterns ?? [];
  return {
    category: rule.category,
    matches: (text) =>
      (english !== null && english.test(text)) ||
      rule.chinese.some((word) => text.includes(word)) ||
      patterns.some((pattern) => pattern.test(text)),
  };
}

const COMPILED_RULES = QUERY_CATEGORY_RULES.map(compile);

/**
 * The category of a user query by the first matching rule. No text (absent, empty, blank) is
 * `unknown`: there is nothing to classify. Text that matches no rule is `general_qa`: it is a real
 * question without signs of tooling, and keeping `unknown` for "no data" lets a dashboard tell a
 * producer that sends no `query_text` apart from ordinary questions.
 */
export function classifyQuery(text: string | null | undefined): QueryCategory {
  if (text == null || text.trim() === "") return "unknown";
  return COMPILED_RULES.find((rule) => rule.matches(text))?.category ?? "general_qa";
}

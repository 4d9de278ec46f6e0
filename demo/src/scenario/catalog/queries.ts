import type { QueryCategory } from "@answerscope/contracts";

// User questions by topic and language. Each text is written so the contract's keyword rules
// classify it as its topic (queries.test.ts checks this), because about half of the responses
// carry no query_category and the pipeline must derive it from query_text.

export type Language = "en" | "zh";

export type Topic = {
  readonly category: Exclude<QueryCategory, "unknown">;
  /** Relative share of first turns on this topic. */
  readonly share: number;
  /** Added to answer quality: agents do well on lookups, worse on diagnoses. */
  readonly qualityAdjust: number;
  /** Tools an answer on this topic may call, most likely first. */
  readonly tools: readonly string[];
  readonly queries: Readonly<Record<Language, readonly string[]>>;
};

export const TOPICS: readonly Topic[] = [
  {
    category: "code_explanation",
    share: 20,
    qualityAdjust: 0.03,
    tools: ["code_interpreter", "knowledge_base_search"],
    queries: {
      en: [
        "What does this Python function do: def f(xs): return sorted(set(xs))?",
        "Explain the difference between an abstract class and an interface in Java",
        "How does useEffect cleanup work in React?",
        "Write a regex that matches an IPv4 address",
        "Can you explain this SQL window over orders grouped by customer?",
        "What is the time complexity of this algorithm for merging k sorted lists?",
      ],
      zh: [
        "这段代码是什么意思？for i in range(10): print(i)",
        "解释一下 Python 的装饰器函数",
        "帮我写一个匹配手机号的正则",
        "快速排序算法的原理是什么？",
        "TypeScript 泛型的语法怎么理解？",
      ],
    },
  },
  {
    category: "bug_diagnosis",
    share: 18,
    qualityAdjust: -0.08,
    tools: ["search_logs", "code_interpreter", "read_file"],
    queries: {
      en: [
        "Why do I get TypeError: Cannot read properties of undefined in my handler?",
        "My Node service crashes on startup with ECONNREFUSED, how do I debug it?",
        "The build fails after upgrading webpack, here is the stack trace",
        "Requests to the payment API hit a timeout since yesterday",
        "Our cron job is broken after the migration, can you help fix it?",
      ],
      zh: [
        "服务启动就报错 NullPointerException，怎么排查？",
        "接口调用一直超时，帮我看看是什么原因",
        "升级依赖之后编译失败了",
        "线上 Pod 频繁崩溃重启，如何修复？",
        "这个脚本运行不了，提示权限错误",
      ],
    },
  },
  {
    category: "shell_execution",
    share: 10,
    qualityAdjust: 0,
    tools: ["shell_exec"],
    queries: {
      en: [
        "Run the command to list the largest directories under /var",
        "How do I use kubectl to restart a deployment?",
        "Give me a bash one-liner to count lines in all .ts sources",
        "Execute `git log --oneline -5` in the repo",
        "How do I ssh into the staging box through the bastion?",
      ],
      zh: [
        "在终端里怎么查看端口占用？",
        "帮我执行命令 df -h 看看磁盘",
        "用命令行怎么批量重命名图片？",
        "帮我跑一下 docker ps 看看容器",
      ],
    },
  },
  {
    category: "web_search",
    share: 16,
    qualityAdjust: 0.05,
    tools: ["web_search"],
    queries: {
      en: [
        "What are the latest news on the EU AI Act?",
        "What's the weather in Berlin tomorrow?",
        "Search the web for Node 22 release highlights",
        "What is the USD to EUR exchange rate today?",
        "Who won the Champions League final?",
      ],
      zh: [
        "搜索一下最新的 Kubernetes 版本",
        "今天北京天气怎么样？",
        "查一下美元兑人民币汇率",
        "最近有什么 AI 相关的新闻？",
        "帮我在网上找找杭州的咖啡馆推荐",
      ],
    },
  },
  {
    category: "file_operation",
    share: 8,
    qualityAdjust: 0.02,
    tools: ["read_file", "convert_document"],
    queries: {
      en: [
        "Summarize the attached report.pdf",
        "Merge these two csv exports into one",
        "Rename every file in the folder to lower case",
        "Convert the spreadsheet into a table I can paste in a doc",
      ],
      zh: [
        "帮我总结一下上传的文件",
        "把这两个表格合并成一个",
        "这个文件夹里的文件太多了，帮我整理一下",
        "把附件转换成 PDF",
      ],
    },
  },
  {
    category: "workflow_task",
    share: 8,
    qualityAdjust: 0,
    tools: ["create_ticket", "calendar"],
    queries: {
      en: [
        "Schedule a meeting with the SRE team on Friday at 3pm",
        "Open a Jira ticket for the login issue reported by Acme",
        "Remind me to review the release notes tomorrow",
        "Send an email to the on-call channel about the maintenance window",
      ],
      zh: ["帮我安排明天下午的评审会议", "提醒我周五提交周报", "创建一个工单跟进客户问题", "给团队发邮件通知维护窗口"],
    },
  },
  {
    category: "memory_or_profile",
    share: 4,
    qualityAdjust: 0.08,
    tools: ["memory_store"],
    queries: {
      en: [
        "Remember that I prefer answers in bullet points",
        "Call me Sam from now on",
        "Do you remember my preferred stack?",
      ],
      zh: ["记住我更喜欢简短的回答", "以后叫我小王", "我的偏好是先给结论"],
    },
  },
  {
    category: "general_qa",
    share: 16,
    qualityAdjust: 0.04,
    tools: ["knowledge_base_search"],
    queries: {
      en: [
        "How does photosynthesis turn light into sugar?",
        "What is the difference between renting and buying a home?",
        "Give me three ideas for a team offsite",
        "Explain inflation to a ten year old",
        "What should I consider when choosing a laptop for travel?",
      ],
      zh: [
        "光合作用是怎么回事？",
        "推荐几本关于历史的书",
        "如何准备一次产品演讲？",
        "给我讲讲通货膨胀是什么",
        "周末去哪里玩比较好？",
      ],
    },
  },
];

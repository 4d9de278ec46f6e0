import { describe, expect, it } from "vitest";
import { QUERY_CATEGORIES, QUERY_CATEGORY_RULES, classifyQuery } from "./classify-query";

describe("classifyQuery", () => {
  it.each([
    // bug_diagnosis wins over code_explanation, file and shell words
    ["Why does this code throw a TypeError?", "bug_diagnosis"],
    ["my python function crashes on empty input", "bug_diagnosis"],
    ["NullPointerException in UserService", "bug_diagnosis"],
    ["the build is broken after the upgrade", "bug_diagnosis"],
    ["这段代码为什么报错", "bug_diagnosis"],
    ["服务启动失败了，帮我排查一下", "bug_diagnosis"],
    // memory_or_profile wins over code words
    ["Remember that my name is Ada", "memory_or_profile"],
    ["记住我喜欢用 Python", "memory_or_profile"],
    ["以后叫我小王", "memory_or_profile"],
    // shell_execution
    ["Run `ls -la` in the terminal", "shell_execution"],
    ["how do I use kubectl to list pods", "shell_execution"],
    ["帮我在终端执行命令", "shell_execution"],
    // file_operation
    ["Rename all files in the reports folder", "file_operation"],
    ["summarize report_2026.pdf", "file_operation"],
    ["把这个文件夹里的文件重命名", "file_operation"],
    // code_explanation
    ["Explain what this function does", "code_explanation"],
    ["what does foo() return", "code_explanation"],
    ["解释一下这段代码", "code_explanation"],
    ["How do JavaScript classes work?", "code_explanation"],
    // web_search
    ["Search the web for the latest Node release", "web_search"],
    ["今天北京天气怎么样", "web_search"],
    ["What are the news about the election?", "web_search"],
    // workflow_task
    ["Remind me to review the PR tomorrow at 9", "workflow_task"],
    ["Schedule a meeting with the SRE team", "workflow_task"],
    ["帮我创建一个工单", "workflow_task"],
    // no rule matches: an ordinary question
    ["What is the capital of France?", "general_qa"],
    ["给我讲个笑话", "general_qa"],
  ] as const)("%j -> %s", (text, category) => {
    expect(classifyQuery(text)).toBe(category);
  });

  it.each([undefined, null, "", "   \n "])("%j (no text) -> unknown", (text) => {
    expect(classifyQuery(text)).toBe("unknown");
  });

  it("matches English words whole, with their inflections", () => {
    expect(classifyQuery("the job failed twice")).toBe("bug_diagnosis");
    expect(classifyQuery("errors everywhere")).toBe("bug_diagnosis");
    // "prefix" is not "fix", "profile" is not "file", "codex" is not "code"
    expect(classifyQuery("what is a prefix in linguistics")).toBe("general_qa");
    expect(classifyQuery("describe a typical codex manuscript")).toBe("general_qa");
  });
});

describe("QUERY_CATEGORY_RULES", () => {
  it("uses only known categories and never general_qa or unknown (those are the fallbacks)", () => {
    for (const rule of QUERY_CATEGORY_RULES) {
      expect(QUERY_CATEGORIES).toContain(rule.category);
      expect(["general_qa", "unknown"]).not.toContain(rule.category);
    }
  });

  it("has one rule per category, bug_diagnosis first", () => {
    const categories = QUERY_CATEGORY_RULES.map((rule) => rule.category);
    expect(new Set(categories).size).toBe(categories.length);
    expect(categories[0]).toBe("bug_diagnosis");
  });
});

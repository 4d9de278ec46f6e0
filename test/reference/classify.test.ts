import { describe, expect, it } from "vitest";
import { classifyQuery } from "./classify";
import { TEXT_EN, TEXT_ZH, textWithTailAt } from "./dataset-texts";

describe("classifyQuery (the reference own rules)", () => {
  it.each([
    ["the python script crashed with a traceback", "bug_diagnosis"], // before code_explanation; crash + ed
    ["it throws a TypeError on start", "bug_diagnosis"], // an exception class name
    ["the importer doesn\u2019t work after the upgrade", "bug_diagnosis"], // typographic apostrophe
    ["部署为什么失败了", "bug_diagnosis"], // 失败
    ["remember that my team writes python", "memory_or_profile"], // before code_explanation
    ["记住我喜欢用 Python", "memory_or_profile"],
    ["run kubectl get pods in the terminal", "shell_execution"],
    ["rename the files in the reports folder", "file_operation"], // plural
    ["explain what this function returns", "code_explanation"],
    ["search the web for the latest release notes", "web_search"],
    ["今天北京天气怎么样", "web_search"],
    ["schedule a meeting with the on-call team", "workflow_task"], // "on-call team" is not "call me"
    ["what is a prefix in this codex", "general_qa"], // whole words: prefix is not fix, codex is not code
    ["how do I reset my password", "general_qa"],
    ["Try Again", "general_qa"],
  ])("%j -> %s", (text, category) => {
    expect(classifyQuery(text)).toBe(category);
  });
  it("no text or a blank one is unknown", () => {
    expect(classifyQuery(undefined)).toBe("unknown");
    expect(classifyQuery("")).toBe("unknown");
    expect(classifyQuery("  \n ")).toBe("unknown");
  });
  it("reads only the first 4000 characters, counted as code points", () => {
    expect(classifyQuery(textWithTailAt(3993, "kubectl crash"))).toBe("shell_execution");
    expect(classifyQuery(textWithTailAt(3994, "kubectl"))).toBe("general_qa");
  });
  it("the data set texts cover every category", () => {
    const categories = new Set([...TEXT_EN, ...TEXT_ZH].map((text) => classifyQuery(text)));
    expect([...categories].sort()).toEqual([
      "bug_diagnosis",
      "code_explanation",
      "file_operation",
      "general_qa",
      "memory_or_profile",
      "shell_execution",
      "web_search",
      "workflow_task",
    ]);
  });
});

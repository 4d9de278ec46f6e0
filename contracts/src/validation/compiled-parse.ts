import type { z } from "zod";

/**
 * The answer of a compiled parse that did not accept the value: zod itself must parse it (and
 * name what is wrong). Never an answer of its own.
 */
export const UNDECIDED: unique symbol = Symbol("undecided");

export type CompiledParse<S extends z.ZodType> = (value: unknown) => z.output<S> | typeof UNDECIDED;

type Node = z.core.$ZodType;
type Check = z.core.$ZodCheck;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;
/** What zod hands its checks and transforms: the value and the issues found so far. */
interface Payload {
  value: unknown;
  issues: unknown[];
}

const SYNC: z.core.ParseContextInternal = { async: false };

/** zod's own parse of a node the generated code does not spell out (unions, records, unknown, ...). */
const byZod = (node: Node) => (value: unknown) => {
  const result = node._zod.run({ value, issues: [] }, SYNC);
  return result instanceof Promise || result.issues.length > 0 ? UNDECIDED : result.value;
};

/** One check run as zod runs it; the value it leaves (an overwrite check may change it) or UNDECIDED. */
function runCheck(check: Check, value: unknown): unknown {
  const payload: Payload = { value, issues: [] };
  const when = check._zod.def.when;
  if (when && !when(payload as z.core.ParsePayload)) return value;
  const result = check._zod.check(payload as z.core.ParsePayload<never>);
  return result instanceof Promise || payload.issues.length > 0 ? UNDECIDED : payload.value;
}

/** The context a transform receives: it may push issues or call addIssue; either makes the value UNDECIDED. */
class TransformContext implements Payload {
  issues: unknown[] = [];
  constructor(public value: unknown) {}
  addIssue(issue: unknown): void {
    this.issues.push(issue);
  }
}

function runTransform(transform: (value: unknown, context: TransformContext) => unknown, value: unknown): unknown {
  const context = new TransformContext(value);
  const output = transform(value, context);
  return output instanceof Promise || context.issues.length > 0 ? UNDECIDED : output;
}

/**
 * A parse of `schema` that accepts what zod accepts along the paths valid events take and
 * returns the same output, generated once from the schema's definition, so the contract keeps
 * one source. It exists for speed: zod runs every field through its wrappers (optional,
 * nullable, pipe, transform), each allocating a payload, scanning issues and calling the next,
 * which made validation the largest part of the ingest worker's CPU per event (--cpu-prof). The
 * generated code reads each field once and tests it inline; transforms, refinements and any check
 * or node it does not spell out are zod's own functions, called as zod calls them.
 *
 * It never rejects: a value that fails anything is UNDECIDED, and zod parses it again to accept
 * or reject it and name the field (so a schema's transforms may run twice on a rejected value and
 * must be pure, as the contract's are). compiled-parse.test.ts holds it to zod's answer on valid,
 * mutated and malformed events.
 */
export function compileParse<S extends z.ZodType>(schema: S): CompiledParse<S> {
  const generator = new Generator();
  const result = generator.node(schema, "input");
  const body = `${generator.lines.join("\n")}\nreturn ${result};`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code is built from the schema's definition only, never from input
  const factory = new Function(
    "refs",
    "U",
    "runCheck",
    "runTransform",
    `return function compiledParse(input) {\n${body}\n};`,
  ) as (...args: unknown[]) => unknown;
  return factory(generator.refs, UNDECIDED, runCheck, runTransform) as CompiledParse<S>;
}

class Generator {
  readonly lines: string[] = [];
  readonly refs: unknown[] = [];
  private names = 0;

  /** Emits code that parses `input` (an expression) with `node`; returns the variable holding the output. */
  node(node: Node, input: string): string {
    const def = node._zod.def as Def;
    const out = this.variable(input);
    const spelled = !def.coerce && !node._zod.traits.has("$ZodCodec") && this.type(node, def, out);
    if (!spelled) {
      // zod's run of the node runs its checks as well.
      this.lines.push(`${out} = refs[${this.ref(byZod(node))}](${out}); if (${out} === U) return U;`);
      return out;
    }
    this.checks(node, def, out);
    return out;
  }

  private variable(initial: string): string {
    const name = `v${this.names++}`;
    this.lines.push(`let ${name} = ${initial};`);
    return name;
  }

  private ref(value: unknown): number {
    this.refs.push(value);
    return this.refs.length - 1;
  }

  /** Emits the node's own parse of `v` in place; false for a node left to zod. */
  private type(node: Node, def: Def, v: string): boolean {
    switch (def.type) {
      case "string":
        this.lines.push(`if (typeof ${v} !== 'string') return U;`);
        return true;
      case "number":
        this.lines.push(`if (typeof ${v} !== 'number' || !Number.isFinite(${v})) return U;`);
        return true;
      case "boolean":
        this.lines.push(`if (typeof ${v} !== 'boolean') return U;`);
        return true;
      case "literal":
      case "enum":
        this.lines.push(`if (!refs[${this.ref(node._zod.values)}].has(${v})) return U;`);
        return true;
      case "optional": {
        const inner = (def as unknown as z.core.$ZodOptionalDef).innerType;
        // A defaulted inner type fills in absence itself: zod's business.
        if (inner._zod.optin === "defaulted") return false;
        this.block(`if (${v} !== undefined) {`, () => this.lines.push(`${v} = ${this.node(inner, v)};`));
        return true;
      }
      case "nullable": {
        const inner = (def as unknown as z.core.$ZodNullableDef).innerType;
        this.block(`if (${v} !== null) {`, () => this.lines.push(`${v} = ${this.node(inner, v)};`));
        return true;
      }
      case "pipe": {
        const { in: first, out: second } = def as unknown as z.core.$ZodPipeDef;
        this.lines.push(`${v} = ${this.node(second, this.node(first, v))};`);
        return true;
      }
      case "transform":
        this.lines.push(
          `${v} = runTransform(refs[${this.ref((def as unknown as z.core.$ZodTransformDef).transform)}], ${v}); if (${v} === U) return U;`,
        );
        return true;
      case "array": {
        const element = (def as unknown as z.core.$ZodArrayDef).element;
        const [items, i] = [`${v}_items`, `${v}_i`];
        this.lines.push(`if (!Array.isArray(${v})) return U;`, `const ${items} = new Array(${v}.length);`);
        this.block(`for (let ${i} = 0; ${i} < ${v}.length; ${i}++) {`, () =>
          this.lines.push(`${items}[${i}] = ${this.node(element, `${v}[${i}]`)};`),
        );
        this.lines.push(`${v} = ${items};`);
        return true;
      }
      case "object":
        return this.object(def as unknown as z.core.$ZodObjectDef, v);
      default:
        return false;
    }
  }

  /**
   * zod's object without a catchall (unknown keys stripped): fields in shape order, each set in
   * the output as zod's handlePropertyResult decides from its optin/optout and the key's presence.
   */
  private object(def: z.core.$ZodObjectDef, v: string): boolean {
    if (def.catchall) return false;
    const fields = Object.entries(def.shape).filter(([key]) => key !== "__proto__");
    // Field kinds whose absence rules are not spelled out below (defaulted values) go to zod whole.
    if (fields.some(([, field]) => field._zod.optin === "defaulted")) return false;
    const out = `${v}_out`;
    this.lines.push(
      `if (typeof ${v} !== 'object' || ${v} === null || Array.isArray(${v})) return U;`,
      `const ${out} = {};`,
    );
    for (const [key, field] of fields) {
      const k = JSON.stringify(key);
      const { optin, optout } = field._zod;
      if (optin === undefined) {
        // Required: absence is an issue; present, the output is set even when undefined.
        this.lines.push(`if (!(${k} in ${v})) return U;`);
        this.lines.push(`${out}[${k}] = ${this.node(field, `${v}[${k}]`)};`);
      } else if (optout === "optional") {
        // Absent in and out: zod leaves the key out whatever the field makes of undefined.
        this.block(`if (${k} in ${v}) {`, () => this.lines.push(`${out}[${k}] = ${this.node(field, `${v}[${k}]`)};`));
      } else {
        // Absent in, present out (a transform fills it): set unless it stays undefined for an absent key.
        const value = this.node(field, `${v}[${k}]`);
        this.lines.push(`if (${value} !== undefined || ${k} in ${v}) ${out}[${k}] = ${value};`);
      }
    }
    this.lines.push(`${v} = ${out};`);
    return true;
  }

  /** The node's checks in zod's order (a string format's own check first); lengths of strings and arrays inline. */
  private checks(node: Node, def: Def, v: string): void {
    const checks: Check[] = [
      ...(node._zod.traits.has("$ZodCheck") ? [node as unknown as Check] : []),
      ...((def.checks ?? []) as Check[]),
    ];
    const hasLength = def.type === "string" || def.type === "array";
    for (const check of checks) {
      const checkDef = check._zod.def as unknown as Record<string, unknown>;
      const call = `(${v} = runCheck(refs[${this.ref(check)}], ${v})) === U`;
      // zod counts a string's length in code points, so the UTF-16 length only decides the clear cases.
      if (hasLength && checkDef.check === "max_length") {
        this.lines.push(`if (${v}.length > ${Number(checkDef.maximum)} && ${call}) return U;`);
      } else if (hasLength && checkDef.check === "min_length") {
        this.lines.push(`if (${v}.length < ${2 * Number(checkDef.minimum)} && ${call}) return U;`);
      } else {
        this.lines.push(`if (${call}) return U;`);
      }
    }
  }

  private block(open: string, body: () => void): void {
    this.lines.push(open);
    body();
    this.lines.push("}");
  }
}

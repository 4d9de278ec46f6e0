import { cpus, totalmem } from "node:os";
import { queryRows, type Warehouse } from "@answerscope/warehouse";

export interface MachineDescription {
  nproc: number;
  cpu_model: string;
  memory_gb: number;
  node_version: string;
  clickhouse_version: string;
  measured_at: string;
}

/** What the figures were measured on: absolute numbers only mean something next to this. */
export async function describeMachine(warehouse: Warehouse): Promise<MachineDescription> {
  const version = await queryRows<{ v: string }>(warehouse, "SELECT version() AS v");
  return {
    nproc: cpus().length,
    cpu_model: cpus()[0]?.model ?? "unknown",
    memory_gb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node_version: process.version,
    clickhouse_version: version[0]?.v ?? "unknown",
    measured_at: new Date().toISOString(),
  };
}

import { describe, expect, it } from "vitest";
import { oneReplicaCluster, type ClusterReplicaRow } from "./alter-cluster";

const replica = (cluster: string, shard_num: number, port: number): ClusterReplicaRow => ({
  cluster,
  shard_num,
  host_address: "127.0.0.1",
  port,
});
const MAIN = [replica("main", 1, 9001), replica("main", 1, 9002), replica("main", 2, 9003), replica("main", 2, 9004)];

describe("the cluster that ALTERs of replicated tables run on", () => {
  it("is a cluster naming exactly one replica of each shard", () => {
    expect(oneReplicaCluster([...MAIN, replica("main_one", 1, 9002), replica("main_one", 2, 9003)], "main")).toBe(
      "main_one",
    );
  });

  it("is the main cluster when no other cluster fits", () => {
    expect(oneReplicaCluster(MAIN, "main")).toBe("main");
    // Both replicas of one shard, none of the other.
    expect(oneReplicaCluster([...MAIN, replica("half", 1, 9001), replica("half", 2, 9002)], "main")).toBe("main");
    // One shard only.
    expect(oneReplicaCluster([...MAIN, replica("first", 1, 9001)], "main")).toBe("main");
    // A replica that is not the main cluster's.
    expect(oneReplicaCluster([...MAIN, replica("other", 1, 9001), replica("other", 2, 9999)], "main")).toBe("main");
    // Two replicas in one shard of the candidate.
    expect(
      oneReplicaCluster(
        [...MAIN, replica("wide", 1, 9001), replica("wide", 2, 9003), replica("wide", 2, 9004)],
        "main",
      ),
    ).toBe("main");
  });

  it("is the main cluster when the server does not list it", () => {
    expect(oneReplicaCluster([replica("other", 1, 9001)], "main")).toBe("main");
  });
});

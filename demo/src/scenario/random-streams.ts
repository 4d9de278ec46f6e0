// Names of the independent random streams of a scenario (see SeededRandom.derive). Each part
// draws from its own stream, so changing one (say, the malformed share) never reshuffles another.
export const RANDOM_STREAMS = {
  unit: 1,
  schedule: 2,
  malformedPositions: 3,
  malformedDefects: 4,
  vikingbotSessions: 5,
} as const;
